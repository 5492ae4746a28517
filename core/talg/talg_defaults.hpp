// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <algorithm>

// The papers' problem sizes and a valid starting tiling for each dimension: what the explorer
// switches to when the stencil's dimension changes (before it searches the optimal tiles).
namespace cdx::talg {

inline Problem defaultProblem(int dim) {
    switch (dim) {
    case 1:
        return {1, {1048576, 1, 1}, 4096}; // thesis App. A 1D sizes
    case 3:
        return {3, {512, 512, 512}, 512}; // PPoPP'17 3D sizes
    default:
        return {2, {8192, 8192, 1}, 8192}; // PPoPP'17 Table 4
    }
}

inline Tiles defaultTiles(int dim) {
    Tiles t{{8, 1, 1}, 4};
    t.space[static_cast<std::size_t>(std::max(0, innermostIndex(dim)))] = dim == 1 ? 64 : 32;
    if (dim == 3) {
        t.space[1] = 4;
    }
    return t;
}

} // namespace cdx::talg
