// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <cstdint>
#include <vector>

// Geometry of the hexagonal tiling of the (S1, t) iteration space, for drawing
// PPoPP'17 Fig. 1 (spec §4.7): hexagons of base tS and height tT (even).
namespace cdx::talg {

// One row of a hexagon: time offset r in [0, tT), first point and width in S1.
struct HexagonRow {
    std::int64_t t;
    std::int64_t first;
    std::int64_t width;
};

// Rows of the hexagon anchored at (s0, t0): width tS + 2 min(r, tT-1-r), left edge at
// s0 - min(r, tT-1-r).
std::vector<HexagonRow> hexagonRows(std::int64_t tS, std::int64_t tT, std::int64_t s0 = 0,
                                    std::int64_t t0 = 0);

// Number of iteration points of one hexagon: tT (2 tS + tT - 2) / 2.
std::int64_t hexagonPoints(std::int64_t tS, std::int64_t tT);

struct PlacedHexagon {
    std::int64_t s0;        // left edge of the bottom row
    std::int64_t t0;        // bottom row
    int colour;             // 0 = green (even wavefront), 1 = yellow (odd wavefront)
    std::int64_t wavefront; // 1-based wavefront (kernel call) index
};

// Hexagons covering [0, sWidth) x [0, tHeight): one colour every pitch points along S1, the
// other shifted by (tS + tT/2 - 1, tT/2). The pitch is the variant's (geometric: 2tS+tT-2
// tiles the plane exactly; paper: 2tS+tT leaves 2-point gaps, erratum I1).
std::vector<PlacedHexagon> hexagonalTiling(std::int64_t tS, std::int64_t tT, Pitch pitch,
                                           std::int64_t sWidth, std::int64_t tHeight);

// Input (read) and output (write) points of one tile, eq. 7: the base row and the two
// oblique lower facets are read (tS + 2 tT points), the top row and upper facets written.
struct TileFootprint {
    std::vector<std::pair<std::int64_t, std::int64_t>> reads;  // (s, t) just below the tile
    std::vector<std::pair<std::int64_t, std::int64_t>> writes; // (s, t) on the upper boundary
};
TileFootprint tileFootprint(std::int64_t tS, std::int64_t tT, std::int64_t s0, std::int64_t t0);

} // namespace cdx::talg
