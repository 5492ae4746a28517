// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx chain`: off-chip data movement of a matrix chain over its minimum-op-count tree, with
// and without fusion (thesis App. D), the extensions, and the Table D.1 experiment.
std::vector<Command> chainCommands();

} // namespace cdx::cli
