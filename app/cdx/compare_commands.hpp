// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx compare A.cdx.json B.cdx.json`: two saved sessions side by side, family by family
// (core/compare), with A as the baseline.
std::vector<Command> compareCommands();

} // namespace cdx::cli
