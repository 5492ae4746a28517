// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx runs import|list|stats|calibrate`: the measured-run database.
std::vector<Command> runsCommands();

} // namespace cdx::cli
