// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx occupancy`: resident blocks, warps and occupancy of a kernel on one SM by the CUDA
// Occupancy Calculator's rules (core/occupancy).
std::vector<Command> occupancyCommands();

} // namespace cdx::cli
