// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx reproduce`: every published value of profiles/published/ recomputed by its cdx command,
// with the difference and a verdict (issue 19).
std::vector<Command> reproduceCommands();

} // namespace cdx::cli
