// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/hexagon_geometry.hpp"

#include <algorithm>

namespace cdx::talg {

std::vector<HexagonRow> hexagonRows(std::int64_t tS, std::int64_t tT, std::int64_t s0,
                                    std::int64_t t0) {
    std::vector<HexagonRow> rows;
    rows.reserve(static_cast<std::size_t>(tT));
    for (std::int64_t r = 0; r < tT; ++r) {
        const std::int64_t grow = std::min(r, tT - 1 - r);
        rows.push_back({t0 + r, s0 - grow, tS + 2 * grow});
    }
    return rows;
}

std::int64_t hexagonPoints(std::int64_t tS, std::int64_t tT) {
    return tT * (2 * tS + tT - 2) / 2;
}

std::vector<PlacedHexagon> hexagonalTiling(std::int64_t tS, std::int64_t tT, Pitch pitch,
                                           std::int64_t sWidth, std::int64_t tHeight) {
    const std::int64_t period = 2 * tS + tT - (pitch == Pitch::Geometric ? 2 : 0);
    const std::int64_t shiftS = tS + tT / 2 - 1;
    const std::int64_t half = tT / 2;
    std::vector<PlacedHexagon> out;
    // Rows of hexagons every tT/2 time steps, alternating colour; start below 0 so the
    // partial tiles at the bottom and the left are drawn too.
    std::int64_t index = 0;
    for (std::int64_t t0 = -half; t0 < tHeight; t0 += half, ++index) {
        // Wavefront 1 (the partial bottom row) is yellow: odd = yellow, even = green (P §4.1).
        const std::int64_t wavefront = index + 1;
        const int colour = wavefront % 2 == 1 ? 1 : 0;
        const std::int64_t offset = index % 2 == 0 ? 0 : shiftS;
        for (std::int64_t s0 = offset - period; s0 < sWidth + tT; s0 += period) {
            out.push_back({s0, t0, colour, wavefront});
        }
    }
    return out;
}

TileFootprint tileFootprint(std::int64_t tS, std::int64_t tT, std::int64_t s0, std::int64_t t0) {
    TileFootprint f;
    const auto rows = hexagonRows(tS, tT, s0, t0);
    const std::int64_t half = tT / 2;
    // Reads: the row below the base (tS points) and, for each of the tT/2 lower rows, the two
    // points just outside its ends: tS + 2 tT points in total (m_i of eq. 7).
    for (std::int64_t s = s0; s < s0 + tS; ++s) {
        f.reads.emplace_back(s, t0 - 1);
    }
    for (std::int64_t r = 0; r < half; ++r) {
        const auto& row = rows[static_cast<std::size_t>(r)];
        f.reads.emplace_back(row.first - 1, row.t - 1);
        f.reads.emplace_back(row.first + row.width, row.t - 1);
        f.reads.emplace_back(row.first - 2, row.t - 1);
        f.reads.emplace_back(row.first + row.width + 1, row.t - 1);
    }
    // Writes: the top row and the outermost points of the upper rows (what later tiles read).
    const auto& top = rows.back();
    for (std::int64_t s = top.first; s < top.first + top.width; ++s) {
        f.writes.emplace_back(s, top.t);
    }
    for (std::int64_t r = half; r + 1 < tT; ++r) {
        const auto& row = rows[static_cast<std::size_t>(r)];
        f.writes.emplace_back(row.first, row.t);
        f.writes.emplace_back(row.first + 1, row.t);
        f.writes.emplace_back(row.first + row.width - 1, row.t);
        f.writes.emplace_back(row.first + row.width - 2, row.t);
    }
    std::sort(f.reads.begin(), f.reads.end());
    f.reads.erase(std::unique(f.reads.begin(), f.reads.end()), f.reads.end());
    std::sort(f.writes.begin(), f.writes.end());
    f.writes.erase(std::unique(f.writes.begin(), f.writes.end()), f.writes.end());
    return f;
}

} // namespace cdx::talg
