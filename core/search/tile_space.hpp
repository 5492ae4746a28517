// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/tile_search.hpp"
#include "talg/talg.hpp"

#include <cstdint>
#include <vector>

// The tile-space map (PPoPP'17 Fig. 4): T_alg over (tT x innermost tile size) with the
// other tile sizes fixed. Every cell carries its result or the constraint excluding it.
namespace cdx::search {

struct TileSpaceCell {
    talg::Tiles tiles;
    bool feasible = false;
    talg::Constraint excludedBy = talg::Constraint::None;
    double tAlg = 0; // NaN when infeasible
    std::int64_t k = 0;
};

struct TileSpaceGrid {
    std::vector<std::int64_t> tT;     // x axis values (even)
    std::vector<std::int64_t> inner;  // y axis values (multiples of 32; tS1 in 1D)
    int innerIndex = 1;               // which tile size the y axis varies
    std::vector<TileSpaceCell> cells; // row-major: cells[iy * tT.size() + ix]
    bool hasMinimum = false;
    std::size_t minimumCell = 0; // the best cell of the grid (tie-break order)
    double minimum = 0;          // its T_alg
    // The exact minimum of the slice (issue 55): every tT and inner size, not only the cells'
    // (a coarse map's best cell can miss it), as `cdx optimize --fix-tile` finds it. Set
    // whenever hasMinimum is; onGrid when it is one of the cells.
    bool hasExact = false;
    TilePoint exact;
    bool exactOnGrid = false;
    const TileSpaceCell& at(std::size_t ix, std::size_t iy) const {
        return cells[iy * tT.size() + ix];
    }
};

// Axis extents that show the whole feasible region of the slice plus a margin of
// infeasible cells: tT up to 1.25 x its largest feasible value, inner likewise; capped by
// the problem (tT <= T, inner <= its extent) and by maxCells per axis (coarser steps).
struct TileSpaceAxes {
    std::int64_t tTFirst = 2, tTLast = 2, tTStep = 2;
    std::int64_t innerFirst = 32, innerLast = 32, innerStep = 32;
};
TileSpaceAxes tileSpaceAxes(const Stencil& st, const talg::Problem& p, const Gpu& g,
                            const talg::TalgVariant& v, const talg::Tiles& base,
                            std::int64_t maxCellsPerAxis = 160);

// Evaluates every cell; `base` gives the fixed sizes (tS1, and tS2 in 3D). Validates once.
// Also finds the slice's exact minimum (searchTiles with the outer sizes pinned).
TileSpaceGrid tileSpaceGrid(const Stencil& st, const talg::Problem& p, const Gpu& g,
                            const talg::TalgVariant& v, const talg::Tiles& base,
                            const TileSpaceAxes& axes);

// The largest value of one tile size (index 0..2 = tS1..tS3, 3 = tT) for which some feasible
// tiling exists: the other sizes at their smallest valid values (M_tile grows in every size,
// so no tiling with a larger value is feasible). 0 when even the smallest tiling is
// infeasible. What a slider over that size should cover.
std::int64_t largestFeasibleTileSize(const Stencil& st, const talg::Problem& p, const Gpu& g,
                                     const talg::TalgVariant& v, int index);
// The step of one tile size: 2 for tT, 32 for the innermost size (tS2 in 2D, tS3 in 3D), 1
// otherwise (eq. 31).
std::int64_t tileSizeStep(int dim, int index);

// The y-axis tile size of the map: the innermost (tS2 in 2D, tS3 in 3D), tS1 in 1D.
inline int mapInnerIndex(int dim) {
    return dim == 1 ? 0 : dim - 1;
}

} // namespace cdx::search
