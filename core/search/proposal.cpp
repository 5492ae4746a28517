// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/proposal.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdx::search {

namespace {

// The tiling as a point of log2 sizes: tS1..tS_dim, tT and the threads.
std::vector<double> features(const talg::Tiles& t, int dim) {
    std::vector<double> f;
    for (int i = 0; i < dim; ++i) {
        f.push_back(std::log2(static_cast<double>(t.space[static_cast<std::size_t>(i)])));
    }
    f.push_back(std::log2(static_cast<double>(t.time)));
    f.push_back(std::log2(static_cast<double>(std::max<std::int64_t>(t.threads, 1))));
    return f;
}

double distance2(const std::vector<double>& a, const std::vector<double>& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        d += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return d;
}

} // namespace

Proposal proposeTilings(const Stencil& st, const talg::Problem& p, const Gpu& g,
                        const talg::TalgVariant& v, const ProposalOptions& o) {
    if (o.count < 1) {
        throw InputError("--count", std::to_string(o.count), "expected at least 1 tiling");
    }
    if (!std::isfinite(o.within) || o.within < 0) {
        throw InputError("--within", std::to_string(o.within), "expected a fraction >= 0");
    }
    SearchOptions so = withinOptions(o.within);
    so.maxWithin = std::max<std::size_t>(o.pool, o.count);
    const SearchResult r = searchTiles(st, p, g, v, so);
    Proposal out;
    if (!r.found) {
        return out;
    }
    out.best = r.best;
    const talg::PreparedTalg model(st, p, g, v);
    const std::int64_t maxThreads = talg::maxThreadsPerBlock(g);
    const double limit = (1 + o.within) * r.best.tAlg;
    std::vector<ProposedTiling> pool;
    for (const TilePoint& point : r.within) {
        const std::int64_t base = talg::defaultThreads(p.dim, point.tiles, maxThreads);
        std::vector<std::int64_t> blocks{base};
        if (v.hiding == talg::Hiding::Occupancy) { // threads count: vary the block too
            if (base / 2 >= talg::kWarp) {
                blocks.push_back(base / 2 / talg::kWarp * talg::kWarp);
            }
            if (base * 2 <= maxThreads) {
                blocks.push_back(base * 2);
            }
        }
        for (const std::int64_t threads : blocks) {
            talg::Tiles t = point.tiles;
            t.threads = threads;
            const talg::TalgResult e = model.evaluate(t);
            if (e.feasible && e.tAlg <= limit) {
                pool.push_back({t, e.tAlg, e.tAlg / r.best.tAlg - 1});
            }
        }
    }
    out.candidates = pool.size();
    std::stable_sort(
        pool.begin(), pool.end(),
        [](const ProposedTiling& a, const ProposedTiling& b) { return a.tAlg < b.tAlg; });
    if (pool.empty()) {
        return out;
    }
    std::vector<std::vector<double>> f;
    f.reserve(pool.size());
    for (const auto& c : pool) {
        f.push_back(features(c.tiles, p.dim));
    }
    // Farthest-point selection: each candidate's distance to the nearest chosen one.
    std::vector<double> nearest(pool.size(), std::numeric_limits<double>::infinity());
    std::vector<bool> chosen(pool.size(), false);
    std::size_t next = 0; // the predicted best
    while (out.tilings.size() < std::min(o.count, pool.size())) {
        chosen[next] = true;
        out.tilings.push_back(pool[next]);
        std::size_t far = pool.size();
        for (std::size_t i = 0; i < pool.size(); ++i) {
            if (chosen[i]) {
                continue;
            }
            nearest[i] = std::min(nearest[i], distance2(f[i], f[next]));
            if (far == pool.size() || nearest[i] > nearest[far]) { // ties: the faster (earlier)
                far = i;
            }
        }
        if (far == pool.size()) {
            break;
        }
        next = far;
    }
    std::stable_sort(
        out.tilings.begin(), out.tilings.end(),
        [](const ProposedTiling& a, const ProposedTiling& b) { return a.tAlg < b.tAlg; });
    return out;
}

CIterCheck checkCIter(const Stencil& st, const talg::Problem& p, const Gpu& g,
                      const talg::TalgVariant& v, const talg::Tiles& best, const SearchOptions& o) {
    SearchOptions quiet = o;
    quiet.progress = {};
    quiet.maxWithin = 1;
    CIterCheck out;
    for (const double factor : {0.5, 2.0}) {
        Stencil scaled = st;
        scaled.cIterSeconds *= factor;
        const SearchResult other = searchTiles(scaled, p, g, v, quiet);
        if (other.found) {
            out.optima.emplace_back(factor, other.best);
            out.dependsOnIt = out.dependsOnIt || !(other.best.tiles == best);
        }
    }
    return out;
}

} // namespace cdx::search
