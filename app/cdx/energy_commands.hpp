// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx energy`: the energy of one tiled stencil run (thesis Appendix B) with every
// intermediate value; T_alg given (--t-alg) or from the Talg model (--gpu).
std::vector<Command> energyCommands();

} // namespace cdx::cli
