// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx eatss`: energy-aware tile-size selection for an affine program (CGO'24): the exact
// optimum by enumeration, or the artifact's Z3 procedure; --tiles evaluates one tile vector.
std::vector<Command> eatssCommands();

} // namespace cdx::cli
