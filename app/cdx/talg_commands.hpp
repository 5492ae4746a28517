// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx talg` (T_alg of one tiling) and `cdx optimize` (exact tile search).
std::vector<Command> talgCommands();

} // namespace cdx::cli
