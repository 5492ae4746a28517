// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx lineup`: 2 to 12 GPUs or saved sessions of one family side by side, each at its own
// optimum where the family searches (core/lineup).
std::vector<Command> lineupCommands();

} // namespace cdx::cli
