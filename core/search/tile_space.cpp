// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/tile_space.hpp"

#include "search/tile_search.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::search {

namespace {
// Smallest step (a multiple of `unit`) that keeps (last - first)/step + 1 <= maxCells.
std::int64_t stepFor(std::int64_t first, std::int64_t last, std::int64_t unit,
                     std::int64_t maxCells) {
    const std::int64_t span = std::max<std::int64_t>(0, last - first);
    std::int64_t step = unit;
    while (span / step + 1 > maxCells) {
        step += unit;
    }
    return step;
}
} // namespace

TileSpaceAxes tileSpaceAxes(const Stencil& st, const talg::Problem& p, const Gpu& g,
                            const talg::TalgVariant& v, const talg::Tiles& base,
                            std::int64_t maxCellsPerAxis) {
    const int in = mapInnerIndex(p.dim);
    const std::int64_t unit = p.dim == 1 ? 1 : talg::kWarp;
    const talg::PreparedTalg model(st, p, g, v);
    const std::int64_t innerExtent = std::max(unit, p.space[in] - p.space[in] % unit);
    const std::int64_t tTExtent = std::max<std::int64_t>(2, p.time - p.time % 2);
    // Largest feasible tT at the smallest inner size, and largest inner at tT = 2:
    // M_tile grows in both, so these bound the feasible region of the slice.
    talg::Tiles t = base;
    t.space[in] = unit;
    std::int64_t maxTT = 2;
    for (t.time = 2; t.time <= tTExtent; t.time += 2) {
        if (model.excludingConstraint(t) != talg::Constraint::None) {
            break;
        }
        maxTT = t.time;
    }
    t.time = 2;
    std::int64_t maxInner = unit;
    for (t.space[in] = unit; t.space[in] <= innerExtent; t.space[in] += unit) {
        if (model.excludingConstraint(t) != talg::Constraint::None) {
            break;
        }
        maxInner = t.space[in];
    }
    TileSpaceAxes a;
    a.tTFirst = 2;
    a.tTLast = std::min(tTExtent, std::max<std::int64_t>(4, (maxTT * 5 / 4 + 1) / 2 * 2));
    a.tTStep = stepFor(a.tTFirst, a.tTLast, 2, maxCellsPerAxis);
    a.innerFirst = unit;
    a.innerLast = std::min(innerExtent, std::max(2 * unit, (maxInner * 5 / 4) / unit * unit));
    a.innerStep = stepFor(a.innerFirst, a.innerLast, unit, maxCellsPerAxis);
    return a;
}

std::int64_t tileSizeStep(int dim, int index) {
    if (index == 3) {
        return 2;
    }
    return index == talg::innermostIndex(dim) ? talg::kWarp : 1;
}

std::int64_t largestFeasibleTileSize(const Stencil& st, const talg::Problem& p, const Gpu& g,
                                     const talg::TalgVariant& v, int index) {
    const talg::PreparedTalg model(st, p, g, v);
    talg::Tiles t;
    for (int i = 0; i < p.dim; ++i) {
        t.space[static_cast<std::size_t>(i)] = tileSizeStep(p.dim, i);
    }
    t.time = 2;
    const std::int64_t step = tileSizeStep(p.dim, index);
    std::int64_t& size = index == 3 ? t.time : t.space[static_cast<std::size_t>(index)];
    const std::int64_t extent = index == 3 ? p.time : p.space[static_cast<std::size_t>(index)];
    const auto feasible = [&](std::int64_t n) {
        size = n * step;
        return model.excludingConstraint(t) == talg::Constraint::None;
    };
    // Largest multiple n of the step with a feasible tiling: binary search over n, since
    // feasibility only gets lost as the size grows.
    std::int64_t lo = 0, hi = extent / step;
    if (hi < 1 || !feasible(1)) {
        return 0;
    }
    lo = 1;
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (feasible(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo * step;
}

TileSpaceGrid tileSpaceGrid(const Stencil& st, const talg::Problem& p, const Gpu& g,
                            const talg::TalgVariant& v, const talg::Tiles& base,
                            const TileSpaceAxes& axes) {
    TileSpaceGrid grid;
    const int in = mapInnerIndex(p.dim);
    grid.innerIndex = in;
    for (std::int64_t x = axes.tTFirst; x <= axes.tTLast; x += axes.tTStep) {
        grid.tT.push_back(x);
    }
    for (std::int64_t y = axes.innerFirst; y <= axes.innerLast; y += axes.innerStep) {
        grid.inner.push_back(y);
    }
    talg::Tiles probe = base;
    probe.time = grid.tT.empty() ? 2 : grid.tT.front();
    probe.space[in] = grid.inner.empty() ? 32 : grid.inner.front();
    talg::validate(st, p, probe, g, v);
    const talg::PreparedTalg model(st, p, g, v);
    grid.cells.reserve(grid.tT.size() * grid.inner.size());
    for (std::int64_t y : grid.inner) {
        for (std::int64_t x : grid.tT) {
            TileSpaceCell c;
            c.tiles = base;
            c.tiles.time = x;
            c.tiles.space[in] = y;
            const talg::TalgResult r = model.evaluate(c.tiles);
            c.feasible = r.feasible;
            c.excludedBy = r.excludedBy;
            c.tAlg = r.tAlg;
            c.k = r.breakdown.k;
            grid.cells.push_back(c);
        }
    }
    // Exact minimum in tie-break order (tT, then tile sizes).
    for (std::size_t i = 0; i < grid.cells.size(); ++i) {
        const auto& c = grid.cells[i];
        if (!c.feasible) {
            continue;
        }
        const auto& best = grid.cells[grid.minimumCell];
        if (!grid.hasMinimum || c.tAlg < grid.minimum ||
            (c.tAlg == grid.minimum && tieBreakLess(c.tiles, best.tiles))) {
            grid.hasMinimum = true;
            grid.minimumCell = i;
            grid.minimum = c.tAlg;
        }
    }
    // The slice's exact minimum: the search of `cdx optimize --fix-tile` over every tT and
    // inner size, the outer sizes pinned. The grid's best cell bounds it from above.
    if (grid.hasMinimum) {
        SearchOptions o;
        o.within = 0;
        o.maxWithin = 1;
        o.threads = 1;
        for (int i = 0; i < p.dim; ++i) {
            if (i != in) {
                o.fixedSpace[static_cast<std::size_t>(i)] = base.space[static_cast<std::size_t>(i)];
            }
        }
        const SearchResult r = searchTiles(st, p, g, v, o);
        if (r.found) {
            grid.hasExact = true;
            grid.exact = r.best;
            const auto& t = r.best.tiles;
            grid.exactOnGrid = t.time >= axes.tTFirst && t.time <= axes.tTLast &&
                               (t.time - axes.tTFirst) % axes.tTStep == 0 &&
                               t.space[in] >= axes.innerFirst && t.space[in] <= axes.innerLast &&
                               (t.space[in] - axes.innerFirst) % axes.innerStep == 0;
        }
    }
    return grid;
}

} // namespace cdx::search
