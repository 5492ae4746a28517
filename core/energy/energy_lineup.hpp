// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::energy {

// The line-up's optimum of the Energy family (issue 46): the session's time source set to the
// Talg model on its GPU (a given time would make every GPU alike) and its tiles to the optimum
// of its objective (energy, time, EDP or weighted; `cdx energy-optimize`). The choice in
// words: "tiles 16×64, tT 8 (energy-optimal; T_alg from the Talg model)". InputError when no
// tiling is feasible or the model cannot time the stencil.
std::string optimiseEnergyTiles(SessionState& s);

// What the GPU sides of an energy line-up share: the stencil and problem, "jacobi2d 512×512, T
// 64" ("sw 4096, T 1024" in 1-D).
std::string sharedProblem(const SessionState& s);

} // namespace cdx::energy
