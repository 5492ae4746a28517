// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::search {

// The line-up's optimum of the Talg family (issue 46): the session's tiles set to the exact
// optimum of its GPU, stencil, problem and variant (the search of `cdx optimize`), and the
// choice in words: "tiles 128×32, tT 2 (exact optimum)". InputError when no tiling is
// feasible, naming the constraints.
std::string optimiseTiles(SessionState& s);

// What the GPU sides of a T_alg line-up share: the stencil and problem, "Heat 2D 4096×4096, T
// 1024".
std::string sharedProblem(const SessionState& s);

} // namespace cdx::search
