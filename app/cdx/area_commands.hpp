// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx area` (die-area breakdown of one GPU) and `cdx codesign` (exact codesign search).
std::vector<Command> areaCommands();

} // namespace cdx::cli
