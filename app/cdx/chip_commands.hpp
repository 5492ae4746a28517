// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/arguments.hpp"
#include "cdx/command.hpp"

#include <ostream>
#include <vector>

namespace cdx::cli {

// `cdx chip-power` (issue 59): the board power of a chip at a clock, static + dynamic +
// memory, and the published board powers the model is checked against (--checks).
std::vector<Command> chipCommands();

// `cdx area --gpu ID --whole-die`: every block of the full die (area/whole_die.hpp).
int runWholeDie(const Arguments& a, std::ostream& out);

} // namespace cdx::cli
