// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign.hpp"

#include "occupancy/occupancy.hpp"
#include "params/input_error.hpp"
#include "params/units.hpp"
#include "search/physical_limits.hpp"
#include "talg/talg_formulas.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

namespace cdx::search {

namespace f = talg::formula;

HardwareGrid thesisGrid() {
    HardwareGrid g;
    for (std::int64_t n = 2; n <= 32; n += 2) {
        g.nSm.push_back(n);
    }
    for (std::int64_t n = 32; n <= 2048; n += 32) {
        g.nV.push_back(n);
    }
    g.mSmKb = {12, 24, 36};
    for (int m = 48; m <= 480; m += 48) {
        g.mSmKb.push_back(m);
    }
    return g;
}

void validate(const HardwareGrid& g) {
    if (g.nSm.empty() || g.nV.empty() || g.mSmKb.empty()) {
        throw InputError("grid", {}, "every axis (n_sm, n_v, m_sm_kb) needs at least one value");
    }
    for (std::int64_t v : g.nSm) {
        if (v < 1 || v > 1048576) {
            throw InputError("n_sm", std::to_string(v), "must be an integer in [1, 1048576]");
        }
    }
    for (std::int64_t v : g.nV) {
        if (v < 1 || v > 1048576) {
            throw InputError("n_v", std::to_string(v), "must be an integer in [1, 1048576]");
        }
    }
    for (double v : g.mSmKb) {
        if (!std::isfinite(v) || v <= 0 || v > 1048576) {
            throw InputError("m_sm_kb", formatNumber(v), "must be a size in (0, 1048576] KB");
        }
    }
    if (!std::isfinite(g.rVuKb) || g.rVuKb <= 0) {
        throw InputError("r_vu_kb", formatNumber(g.rVuKb), "must be a size > 0 KB");
    }
}

// Not in an anonymous namespace: PreparedTilings (declared in the header) holds groups.
namespace codesign_detail {

// One tiling of a problem group with everything that does not depend on the hardware.
struct TileRec {
    std::int32_t tS[3];
    std::int32_t tT;
    std::int32_t tTi; // tT / 2 - 1
    std::int64_t w;
    std::int64_t nSub;
    std::int64_t inner;
    std::int64_t mTile;
    double mPrime;
    std::int64_t mIo;     // m_i + m_o [words] (issue 57's extensions recompute m')
    std::int64_t threads; // PPCG's default block: one thread per point of the innermost tile
};

// Workload items that share a stencil and space extents: their optima differ only through
// N_w(T, tT), a positive factor per tT, so one pass over the tilings serves all of them.
struct Group {
    Stencil stencil;
    talg::Problem shape; // time = the largest T of the group
    std::vector<std::size_t> items;
    std::vector<TileRec> tiles;
    std::int32_t timeTiles = 0; // tT = 2, 4, ..., 2 * timeTiles
};

bool sameGroup(const WorkloadItem& a, const WorkloadItem& b) {
    return a.stencil.id == b.stencil.id && a.stencil.dim == b.stencil.dim &&
           a.stencil.cIterSeconds == b.stencil.cIterSeconds &&
           a.stencil.bytesPerWord == b.stencil.bytesPerWord && a.problem.space == b.problem.space;
}

std::vector<Group> makeGroups(const Workload& w) {
    std::vector<Group> groups;
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const WorkloadItem& it = w.items[i];
        auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
            return sameGroup(w.items[x.items.front()], it);
        });
        if (g == groups.end()) {
            groups.push_back(Group{it.stencil, it.problem, {}, {}, 0});
            g = groups.end() - 1;
        }
        g->items.push_back(i);
        g->shape.time = std::max(g->shape.time, it.problem.time);
    }
    return groups;
}

// Every tiling of the box (tT even <= T, tS_i <= S_i, innermost a multiple of 32) whose
// M_tile fits `capWords`, in (tT, tS1, tS2, tS3) order; M_tile grows along every axis,
// so the first size that does not fit ends its axis (as in searchTiles).
void enumerateTiles(Group& g, const talg::TalgVariant& v, double lWord, double tau,
                    std::int64_t capWords, std::int64_t maxThreads) {
    const talg::Problem& p = g.shape;
    const int dim = p.dim;
    const int in = talg::innermostIndex(dim);
    talg::Tiles t;
    const auto fits = [&]() { return talg::sharedMemoryPerTile(dim, t, v.smem) <= capWords; };
    const auto minimal = [&](int from) {
        for (int d = from; d < dim; ++d) {
            t.space[d] = d == in ? talg::kWarp : 1;
        }
    };
    const auto emit = [&]() {
        const f::Geometry geo = f::geometry(p, t, v);
        const std::int64_t mI = f::inputWords(geo.inner, t.space[0], t.time);
        g.tiles.push_back(
            TileRec{{static_cast<std::int32_t>(t.space[0]), static_cast<std::int32_t>(t.space[1]),
                     static_cast<std::int32_t>(t.space[2])},
                    static_cast<std::int32_t>(t.time),
                    static_cast<std::int32_t>(t.time / 2 - 1),
                    geo.w,
                    geo.nSub,
                    geo.inner,
                    talg::sharedMemoryPerTile(dim, t, v.smem),
                    f::transferTime(2 * mI, lWord, tau),
                    2 * mI,
                    talg::defaultThreads(dim, t, maxThreads)});
    };
    // Recursive walk over the space axes at a fixed tT.
    const auto walk = [&](auto&& self, int d) -> void {
        if (d == dim) {
            emit();
            return;
        }
        const std::int64_t step = d == in ? talg::kWarp : 1;
        for (std::int64_t x = step; x <= p.space[d]; x += step) {
            t.space[d] = x;
            minimal(d + 1);
            if (!fits()) {
                break;
            }
            self(self, d + 1);
        }
        t.space[d] = d == in ? talg::kWarp : 1;
    };
    for (std::int64_t tT = 2; tT <= p.time; tT += 2) {
        t.time = tT;
        minimal(0);
        if (!fits()) {
            break;
        }
        g.timeTiles = static_cast<std::int32_t>(tT / 2);
        walk(walk, 0);
    }
}

// The groups of a workload with their tilings for a base GPU's L, tau_sync and M_TB and the
// largest M_SM of a grid (the per-block cap min(M_TB, M_SM)).
std::vector<Group> enumerateGroups(const Workload& w, const Gpu& base, const talg::TalgVariant& v,
                                   double maxMSmKb) {
    std::vector<Group> groups = makeGroups(w);
    for (Group& g : groups) {
        const double lWord =
            units::secondsPerWord(base.lSecondsPerGb, g.stencil.bytesPerWord, v.gigabyte);
        enumerateTiles(g, v, lWord, base.tauSyncSeconds,
                       units::kibToWords(std::min(base.mTbKb, maxMSmKb), g.stencil.bytesPerWord),
                       talg::maxThreadsPerBlock(base));
    }
    return groups;
}

} // namespace codesign_detail

using namespace codesign_detail;

struct PreparedTilings {
    std::vector<Group> groups;
    talg::TalgVariant variant;
    double lSecondsPerGb = 0, tauSyncSeconds = 0, mTbKb = 0, maxMSmKb = 0;
    std::int64_t maxThreads = 0; // the base GPU's threads per block (PPCG's default blocks)

    // The same groups (stencil, extents, largest T), variant and constants, and a cap at least
    // the search's: a superset of its tilings in the same order (the kernel skips those that do
    // not fit a design), so the optima are those of the search's own enumeration.
    bool serves(const Workload& w, const Gpu& base, const talg::TalgVariant& v, double maxM) const {
        if (!(v == variant) || base.lSecondsPerGb != lSecondsPerGb ||
            talg::maxThreadsPerBlock(base) != maxThreads || base.tauSyncSeconds != tauSyncSeconds ||
            std::min(base.mTbKb, maxM) > std::min(mTbKb, maxMSmKb)) {
            return false;
        }
        const std::vector<Group> now = makeGroups(w);
        if (now.size() != groups.size()) {
            return false;
        }
        for (std::size_t i = 0; i < now.size(); ++i) {
            const Group& a = now[i];
            const Group& b = groups[i];
            if (a.items != b.items || a.shape.time != b.shape.time ||
                a.shape.space != b.shape.space || a.shape.dim != b.shape.dim ||
                !sameGroup(w.items[a.items.front()], groupItems[i])) {
                return false;
            }
        }
        return true;
    }
    std::vector<WorkloadItem> groupItems; // each group's first item as prepared
};

std::shared_ptr<const PreparedTilings> prepareTilings(const Workload& w, const Gpu& base,
                                                      const talg::TalgVariant& v, double maxMSmKb) {
    validate(w);
    auto p = std::make_shared<PreparedTilings>();
    p->groups = enumerateGroups(w, base, v, maxMSmKb);
    for (const Group& g : p->groups) {
        p->groupItems.push_back(w.items[g.items.front()]);
    }
    p->variant = v;
    p->lSecondsPerGb = base.lSecondsPerGb;
    p->tauSyncSeconds = base.tauSyncSeconds;
    p->mTbKb = base.mTbKb;
    p->maxMSmKb = maxMSmKb;
    p->maxThreads = talg::maxThreadsPerBlock(base);
    return p;
}

bool preparedServes(const PreparedTilings& p, const Workload& w, const Gpu& base,
                    const talg::TalgVariant& v, double maxMSmKb) {
    return p.serves(w, base, v, maxMSmKb);
}

namespace {

struct Best {
    double b = std::numeric_limits<double>::infinity(); // rounds T_unit + T_sync
    std::int32_t tile = -1;
    std::int32_t k = 0;
};

struct Solver {
    const Workload& w;
    const Gpu& base;
    const talg::TalgVariant& v;
    const HardwareGrid& grid;
    const std::vector<char>& active; // per design (grid order): evaluate it?
    std::vector<DesignPoint>& out;   // per design (grid order)
    const std::vector<Group>& groups;

    std::size_t index(std::size_t s, std::size_t vi, std::size_t m) const {
        return (s * grid.nV.size() + vi) * grid.mSmKb.size() + m;
    }

    // One group at one n_V: every tiling against every (M_SM, n_SM) of the grid.
    std::uint64_t task(const Group& g, std::size_t vi) {
        if (!talg::papersModel(v)) {
            return taskExtended(g, vi);
        }
        const std::size_t nM = grid.mSmKb.size();
        const std::size_t nS = grid.nSm.size();
        std::vector<char> mUsed(nM, 0);
        bool any = false;
        for (std::size_t m = 0; m < nM; ++m) {
            for (std::size_t s = 0; s < nS; ++s) {
                if (active[index(s, vi, m)]) {
                    mUsed[m] = 1;
                    any = true;
                }
            }
        }
        if (!any) {
            return 0;
        }
        const int dim = g.shape.dim;
        const int bpw = g.stencil.bytesPerWord;
        std::vector<std::int64_t> mSmWords(nM);
        std::vector<std::int64_t> mTbWords(nM);
        for (std::size_t m = 0; m < nM; ++m) {
            mSmWords[m] = units::kibToWords(grid.mSmKb[m], bpw);
            mTbWords[m] = units::kibToWords(std::min(base.mTbKb, grid.mSmKb[m]), bpw);
        }
        const std::int64_t nV = grid.nV[vi];
        const double cIter = g.stencil.cIterSeconds;
        const double tau = base.tauSyncSeconds;
        const double tSync = base.tSyncSeconds;
        const std::size_t nT = static_cast<std::size_t>(g.timeTiles);
        std::vector<Best> best(nM * nS * nT);
        std::uint64_t count = 0;
        for (std::size_t ti = 0; ti < g.tiles.size(); ++ti) {
            const TileRec& r = g.tiles[ti];
            const std::int64_t sum = talg::computeSum(r.tS[0], r.tT / 2, r.inner, nV);
            const double c = f::computeTime(cIter, sum, r.tT, tau);
            const double zeta = std::max(r.mPrime, c);
            for (std::size_t m = 0; m < nM; ++m) {
                if (!mUsed[m] || r.mTile > mTbWords[m]) {
                    continue;
                }
                const std::int64_t kMax =
                    f::maxResidentBlocks(r.mTile, mSmWords[m], base.mtbSm, base.rSm, v);
                if (kMax < 1) {
                    continue;
                }
                Best* row = &best[(m * nS) * nT + static_cast<std::size_t>(r.tTi)];
                const double unitMax = f::unitTime(dim, r.mPrime, c, zeta, r.nSub, kMax);
                const double throughput = static_cast<double>(r.w) * zeta *
                                          (dim == 1 ? 1.0 : static_cast<double>(r.nSub));
                for (std::size_t s = 0; s < nS; ++s, row += nT) {
                    const std::int64_t nSm = grid.nSm[s];
                    std::int64_t k = kMax;
                    double b = 0;
                    switch (v.k) {
                    case talg::KRule::Max:
                        b = static_cast<double>(f::rounds(r.w, k, nSm)) * unitMax + tSync;
                        break;
                    case talg::KRule::Effective:
                        k = std::min(kMax, f::ceilDiv(r.w, nSm));
                        b = static_cast<double>(f::rounds(r.w, k, nSm)) *
                                f::unitTime(dim, r.mPrime, c, zeta, r.nSub, k) +
                            tSync;
                        break;
                    case talg::KRule::Optimize: {
                        // Exact with two cuts (docs/performance.md, "k = optimize"). For every
                        // k, rounds(k) >= w / (k n_SM) and T_unit(k) >= k zeta N_sub (N_sub = 1
                        // in 1D), so b(k) >= w zeta N_sub / n_SM + T_sync: a tiling whose bound
                        // (less a 1e-9 relative margin for rounding) is not below this design's
                        // best so far cannot replace it (only a strictly smaller b does).
                        // T_unit(k) is non-decreasing in k and rounds(k) >= rounds(k_max), so
                        // rounds(k_max) T_unit(k) + T_sync bounds every k' >= k (rounding is
                        // monotone): once it reaches the best b so far, the loop ends.
                        if (throughput / static_cast<double>(nSm) * (1.0 - 1e-9) + tSync >=
                            row->b) {
                            b = row->b;
                            break;
                        }
                        const double rMin = static_cast<double>(f::rounds(r.w, kMax, nSm));
                        const double u1 = f::unitTime(dim, r.mPrime, c, zeta, r.nSub, 1);
                        k = 1;
                        b = static_cast<double>(f::rounds(r.w, 1, nSm)) * u1 + tSync;
                        for (std::int64_t kk = 2; kk <= kMax; ++kk) {
                            const double uk = f::unitTime(dim, r.mPrime, c, zeta, r.nSub, kk);
                            if (rMin * uk + tSync >= b) {
                                break;
                            }
                            const double bk =
                                static_cast<double>(f::rounds(r.w, kk, nSm)) * uk + tSync;
                            if (bk < b) {
                                b = bk;
                                k = kk;
                            }
                        }
                        break;
                    }
                    }
                    ++count;
                    if (b < row->b) {
                        *row = Best{b, static_cast<std::int32_t>(ti), static_cast<std::int32_t>(k)};
                    }
                }
            }
        }
        collect(g, vi, best);
        return count;
    }
    // Per design and problem: the best tT <= T of N_w(T, tT) (rounds T_unit + T_sync),
    // which is T_alg exactly as evaluate() computes it; ties keep the smallest tT.
    void collect(const Group& g, std::size_t vi, const std::vector<Best>& best) {
        const std::size_t nM = grid.mSmKb.size();
        const std::size_t nS = grid.nSm.size();
        const std::size_t nT = static_cast<std::size_t>(g.timeTiles);
        for (std::size_t m = 0; m < nM; ++m) {
            for (std::size_t s = 0; s < nS; ++s) {
                DesignPoint& d = out[index(s, vi, m)];
                if (!active[index(s, vi, m)]) {
                    continue;
                }
                const Best* row = &best[(m * nS + s) * nT];
                for (std::size_t item : g.items) {
                    const std::int64_t T = w.items[item].problem.time;
                    ItemOptimum& o = d.items[item];
                    o = ItemOptimum{};
                    for (std::size_t ti = 0; ti < nT && static_cast<std::int64_t>(2 * ti + 2) <= T;
                         ++ti) {
                        if (row[ti].tile < 0) {
                            continue;
                        }
                        const std::int64_t nW =
                            f::wavefronts(T, static_cast<std::int64_t>(2 * ti + 2), v.nw).nW;
                        const double t = static_cast<double>(nW) * row[ti].b;
                        if (!o.feasible || t < o.tAlg) {
                            const TileRec& r = g.tiles[static_cast<std::size_t>(row[ti].tile)];
                            o.feasible = true;
                            o.tAlg = t;
                            std::copy(std::begin(r.tS), std::end(r.tS), o.tS);
                            o.tT = r.tT;
                            o.k = row[ti].k;
                        }
                    }
                }
            }
        }
    }

    // Issue 57's extensions (shared footprint, hiding by occupancy, a shared memory system):
    // the same tilings and designs, each k's transfer and compute from the formulas PreparedTalg
    // evaluates (talg_formulas.hpp), so the optima are evaluate()'s. No cut of the k = optimize
    // loop: with hiding T_unit(k) need not grow with k.
    std::uint64_t taskExtended(const Group& g, std::size_t vi) {
        const std::size_t nM = grid.mSmKb.size();
        const std::size_t nS = grid.nSm.size();
        std::vector<char> mUsed(nM, 0);
        bool any = false;
        for (std::size_t m = 0; m < nM; ++m) {
            for (std::size_t s = 0; s < nS; ++s) {
                if (active[index(s, vi, m)]) {
                    mUsed[m] = 1;
                    any = true;
                }
            }
        }
        if (!any) {
            return 0;
        }
        const int dim = g.shape.dim;
        const int bpw = g.stencil.bytesPerWord;
        const double lWord = units::secondsPerWord(base.lSecondsPerGb, bpw, v.gigabyte);
        const bool hiding = v.hiding == talg::Hiding::Occupancy;
        std::vector<std::int64_t> mSmWords(nM);
        std::vector<std::int64_t> mTbWords(nM);
        std::vector<occupancy::Limits> limits;
        for (std::size_t m = 0; m < nM; ++m) {
            mSmWords[m] = units::kibToWords(grid.mSmKb[m], bpw);
            mTbWords[m] = units::kibToWords(std::min(base.mTbKb, grid.mSmKb[m]), bpw);
            if (hiding) { // the base's compute capability with this design's resources
                occupancy::Limits l =
                    occupancy::limitsOf(occupancy::capabilityName(*base.computeCapability));
                l.sharedPerSmBytes = static_cast<int>(std::lround(grid.mSmKb[m] * 1024));
                l.maxSharedPerBlockBytes =
                    static_cast<int>(std::lround(std::min(base.mTbKb, grid.mSmKb[m]) * 1024));
                l.registersPerSm = static_cast<int>(base.rSm);
                l.maxBlocksPerSm = static_cast<int>(base.mtbSm);
                l.carveoutsKb.clear();
                limits.push_back(std::move(l));
            }
        }
        const double memLd = base.memLdCycles.value_or(1);
        const double mwpWithoutBw = memLd / base.departureCoalCycles.value_or(1);
        std::vector<double> peak(nS, 0.0); // MWP_peak_BW per n_SM (0: no hiding)
        if (hiding) {
            for (std::size_t s = 0; s < nS; ++s) {
                peak[s] = f::mwpPeakBw(lWord, base.clockMhz.value_or(1), memLd, grid.nSm[s]);
            }
        }
        const std::int64_t nV = grid.nV[vi];
        const double cIter = g.stencil.cIterSeconds;
        const double tau = base.tauSyncSeconds;
        const double tSync = base.tSyncSeconds;
        const std::size_t nT = static_cast<std::size_t>(g.timeTiles);
        std::vector<Best> best(nM * nS * nT);
        std::uint64_t count = 0;
        for (std::size_t ti = 0; ti < g.tiles.size(); ++ti) {
            const TileRec& r = g.tiles[ti];
            const std::int64_t sum = talg::computeSum(r.tS[0], r.tT / 2, r.inner, nV);
            const std::int64_t lanes = hiding ? std::min(nV, r.threads) : nV;
            const std::int64_t threadSum =
                lanes < nV ? talg::computeSum(r.tS[0], r.tT / 2, r.inner, lanes) : 0;
            const std::int64_t warps = f::ceilDiv(r.threads, talg::kWarp);
            for (std::size_t m = 0; m < nM; ++m) {
                if (!mUsed[m] || r.mTile > mTbWords[m]) {
                    continue;
                }
                std::int64_t kMax =
                    f::maxResidentBlocks(r.mTile, mSmWords[m], base.mtbSm, base.rSm, v);
                if (hiding && kMax >= 1) {
                    kMax = std::min(
                        kMax, occupancy::evaluate(
                                  limits[m],
                                  {std::min<std::int64_t>(r.threads, limits[m].maxThreadsPerBlock),
                                   v.registersPerThread.value_or(0),
                                   std::min<std::int64_t>(r.mTile * bpw,
                                                          limits[m].maxSharedPerBlockBytes),
                                   std::nullopt})
                                  .blocksPerSm);
                }
                if (kMax < 1) {
                    continue;
                }
                Best* row = &best[(m * nS) * nT + static_cast<std::size_t>(r.tTi)];
                for (std::size_t s = 0; s < nS; ++s, row += nT) {
                    const std::int64_t nSm = grid.nSm[s];
                    // One wavefront's time at k resident blocks, as evaluate() totals it.
                    const auto wavefront = [&](std::int64_t k) {
                        const f::Phase ph = f::phase(r.mIo, lWord, tau, cIter, r.tT, sum, threadSum,
                                                     k, warps, mwpWithoutBw, peak[s]);
                        const double unit = f::unitTime(dim, ph.mPrime, ph.c, ph.zeta, r.nSub, k);
                        const double memory =
                            v.bandwidth == talg::Bandwidth::Shared
                                ? f::wavefrontMemory(r.w, r.nSub, r.mIo, lWord, ph.efficiency)
                                : 0.0;
                        return std::max(static_cast<double>(f::rounds(r.w, k, nSm)) * unit,
                                        memory) +
                               tSync;
                    };
                    std::int64_t k = kMax;
                    double b = 0;
                    switch (v.k) {
                    case talg::KRule::Max:
                        b = wavefront(kMax);
                        break;
                    case talg::KRule::Effective:
                        k = std::min(kMax, f::ceilDiv(r.w, nSm));
                        b = wavefront(k);
                        break;
                    case talg::KRule::Optimize:
                        k = 1;
                        b = wavefront(1);
                        for (std::int64_t kk = 2; kk <= kMax; ++kk) {
                            const double bk = wavefront(kk);
                            if (bk < b) {
                                b = bk;
                                k = kk;
                            }
                        }
                        break;
                    }
                    ++count;
                    if (b < row->b) {
                        *row = Best{b, static_cast<std::int32_t>(ti), static_cast<std::int32_t>(k)};
                    }
                }
            }
        }
        collect(g, vi, best);
        return count;
    }
};

void checkVariant(const Workload& w, const Gpu& base, const talg::TalgVariant& v,
                  const HardwareGrid& grid) {
    // Validates the time-model constants, the variant and every problem once, with the
    // smallest tiling and the first design of the grid.
    Gpu g = base;
    g.nSm = grid.nSm.front();
    g.nV = grid.nV.front();
    g.mSmKb = grid.mSmKb.front();
    for (const WorkloadItem& it : w.items) {
        talg::Tiles t;
        for (int d = 0; d < it.problem.dim; ++d) {
            t.space[d] = d == talg::innermostIndex(it.problem.dim) ? talg::kWarp : 1;
        }
        talg::validate(it.stencil, it.problem, t, g, v);
    }
}

void aggregate(const Workload& w, DesignPoint& d) {
    d.feasible = std::all_of(d.items.begin(), d.items.end(),
                             [](const ItemOptimum& o) { return o.feasible; });
    if (!d.feasible) {
        d.weightedTime = std::numeric_limits<double>::quiet_NaN();
        return;
    }
    double time = 0;
    double points = 0;
    double flops = 0;
    bool flopsKnown = true;
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const WorkloadItem& it = w.items[i];
        double cells = static_cast<double>(it.problem.time);
        for (int k = 0; k < it.problem.dim; ++k) {
            cells *= static_cast<double>(it.problem.space[k]);
        }
        time += it.weight * d.items[i].tAlg;
        points += it.weight * cells;
        if (it.stencil.flopsPerPoint) {
            flops += it.weight * cells * *it.stencil.flopsPerPoint;
        } else {
            flopsKnown = false;
        }
    }
    d.weightedTime = time;
    d.gpointsPerSecond = points / time / 1e9;
    if (flopsKnown) {
        d.gflops = flops / time / 1e9;
    }
}

std::vector<DesignPoint> solve(const Workload& w, const Gpu& base, const talg::TalgVariant& v,
                               const HardwareGrid& grid, const std::vector<char>& active,
                               const PreparedTilings* prepared, unsigned threads,
                               const std::function<void(const CodesignProgress&)>& progress,
                               const std::atomic<bool>* cancel, bool& cancelled,
                               std::uint64_t& innerEvaluations, std::uint64_t& tilings) {
    std::vector<DesignPoint> out(grid.nSm.size() * grid.nV.size() * grid.mSmKb.size());
    for (std::size_t s = 0; s < grid.nSm.size(); ++s) {
        for (std::size_t vi = 0; vi < grid.nV.size(); ++vi) {
            for (std::size_t m = 0; m < grid.mSmKb.size(); ++m) {
                DesignPoint& d = out[(s * grid.nV.size() + vi) * grid.mSmKb.size() + m];
                d.nSm = grid.nSm[s];
                d.nV = grid.nV[vi];
                d.mSmKb = grid.mSmKb[m];
                if (active[(s * grid.nV.size() + vi) * grid.mSmKb.size() + m]) {
                    d.items.resize(w.items.size());
                }
            }
        }
    }
    const double maxM = *std::max_element(grid.mSmKb.begin(), grid.mSmKb.end());
    std::vector<Group> own;
    const std::vector<Group>* groups = nullptr;
    if (prepared && prepared->serves(w, base, v, maxM)) {
        groups = &prepared->groups;
    } else {
        own = enumerateGroups(w, base, v, maxM);
        groups = &own;
    }
    tilings = 0;
    for (const Group& g : *groups) {
        tilings += g.tiles.size();
    }
    Solver solver{w, base, v, grid, active, out, *groups};
    // Tasks: (group, n_V), heaviest groups first for a balanced tail.
    std::vector<std::pair<std::size_t, std::size_t>> tasks;
    std::vector<std::size_t> order(solver.groups.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return solver.groups[a].tiles.size() > solver.groups[b].tiles.size();
    });
    for (std::size_t g : order) {
        for (std::size_t vi = 0; vi < grid.nV.size(); ++vi) {
            tasks.emplace_back(g, vi);
        }
    }
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> inner{0};
    std::atomic<bool> stopped{false};
    std::mutex progressMutex;
    std::size_t done = 0;
    const auto worker = [&]() {
        for (;;) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                return;
            }
            const std::size_t i = next.fetch_add(1);
            if (i >= tasks.size()) {
                return;
            }
            inner += solver.task(solver.groups[tasks[i].first], tasks[i].second);
            if (progress) {
                const std::lock_guard lock(progressMutex);
                progress(CodesignProgress{++done, tasks.size()});
            }
        }
    };
    const unsigned n =
        std::max(1u, std::min<unsigned>(threads ? threads : std::thread::hardware_concurrency(),
                                        static_cast<unsigned>(tasks.size())));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t) {
        pool.emplace_back(worker);
    }
    worker();
    for (auto& t : pool) {
        t.join();
    }
    cancelled = stopped.load();
    innerEvaluations = inner.load();
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (active[i]) {
            aggregate(w, out[i]);
        }
    }
    return out;
}

} // namespace

std::vector<std::size_t> paretoFront(const std::vector<DesignPoint>& designs) {
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        if (designs[i].feasible && designs[i].allowed) {
            idx.push_back(i);
        }
    }
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        const DesignPoint& x = designs[a];
        const DesignPoint& y = designs[b];
        return x.area != y.area ? x.area < y.area : x.weightedTime < y.weightedTime;
    });
    std::vector<std::size_t> front;
    double bestTime = std::numeric_limits<double>::infinity();
    for (std::size_t i : idx) {
        if (designs[i].weightedTime < bestTime) {
            bestTime = designs[i].weightedTime;
            front.push_back(i);
        }
    }
    return front;
}

std::vector<StencilShare> timeByStencil(const Workload& w, const DesignPoint& d) {
    std::vector<StencilShare> out;
    if (!d.feasible || d.items.size() != w.items.size()) {
        return out;
    }
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const std::string& id = w.items[i].stencil.id;
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const StencilShare& s) { return s.stencil == id; });
        if (it == out.end()) {
            out.push_back(StencilShare{id, 0, 0, 0});
            it = out.end() - 1;
        }
        ++it->problems;
        it->weightedTime += w.items[i].weight * d.items[i].tAlg;
    }
    for (auto& s : out) {
        s.fraction = s.weightedTime / d.weightedTime;
    }
    return out;
}

DesignPoint optimizeDesign(const Workload& w, const Gpu& design, const talg::TalgVariant& v,
                           double referenceTime) {
    validate(w);
    HardwareGrid grid{{design.nSm}, {design.nV}, {design.mSmKb}, 2, {}, {}, {}};
    validate(grid);
    checkVariant(w, design, v, grid);
    bool cancelled = false;
    std::uint64_t inner = 0;
    std::uint64_t tilings = 0;
    std::vector<DesignPoint> out = solve(w, design, v, grid, std::vector<char>{1}, nullptr, 1, {},
                                         nullptr, cancelled, inner, tilings);
    DesignPoint d = std::move(out.front());
    if (referenceTime > 0 && d.feasible) {
        d.speedup = referenceTime / d.weightedTime;
    }
    return d;
}

std::string limitsSentence(const PhysicalLimits& l, bool chipModel) {
    std::string out = l.reticle ? "within the " + formatNumber(l.reticleMm2) + " mm2 reticle" +
                                      (chipModel ? std::string(" (area as plotted)")
                                                 : std::string(" (cache-less area, as plotted)"))
                                : "reticle not limited";
    if (!l.power) {
        return out + "; power not limited";
    }
    return out + "; power within " + formatNumber(l.powerW) + " W" +
           (chipModel ? std::string(" (the chip model at each design's clock)")
                      : " (estimate at " + formatNumber(l.clockGHz * 1000) + " MHz)");
}

double phyBaseBandwidth(const CodesignOptions& o) {
    return 1.0 / (o.reference ? o.reference->lSecondsPerGb : o.base.lSecondsPerGb);
}

std::string_view name(Objective o) {
    switch (o) {
    case Objective::Time:
        return "time";
    case Objective::Energy:
        return "energy";
    case Objective::PerfPerWatt:
        return "perf-per-watt";
    }
    return "time";
}

Objective parseObjective(std::string_view s, const std::string& field) {
    for (Objective o : {Objective::Time, Objective::Energy, Objective::PerfPerWatt}) {
        if (s == name(o)) {
            return o;
        }
    }
    throw InputError(field, std::string(s), "expected time, energy or perf-per-watt");
}

namespace {

// One pass of the kernel: a clock and a memory (L enters every tiling's transfer time, the
// clock every C_iter and tau_sync).
struct Pass {
    double clockMhz = 0;       // 0: the base's own time constants
    int memoryUnits = 0;       // with the chip model
    double bandwidthGBs = 0;   // 1 / L of the pass
    bool setsL = false;        // else the base's L exactly
    double phyMm2 = 0;         // the bandwidth axis' PHY rule (papers' codesign)
    area::MemoryResult memory; // with the chip model: at full bandwidth
};

void validateAxes(const CodesignOptions& o) {
    for (double b : o.grid.bandwidthGBs) {
        if (!std::isfinite(b) || b <= 0 || b > 1e6) {
            throw InputError("bandwidth_gbs", formatNumber(b),
                             "must be a bandwidth in (0, 1000000] GB/s");
        }
    }
    if (!o.chip && (!o.grid.clockMhz.empty() || !o.grid.memoryUnits.empty())) {
        throw InputError(o.grid.clockMhz.empty() ? "memory" : "clock_mhz", {},
                         "a clock or memory axis needs the chip power model (a GPU with its "
                         "\"die\" block at 7, 5, 4, 3 or 2 nm)");
    }
    if (!o.grid.memoryUnits.empty() && !o.grid.bandwidthGBs.empty()) {
        throw InputError("memory", {},
                         "give memory stacks or a raw bandwidth axis (--bandwidth), not both");
    }
    for (double c : o.grid.clockMhz) {
        if (!std::isfinite(c) || c <= 0 || c > 1e5) {
            throw InputError("clock_mhz", formatNumber(c), "must be a clock in (0, 100000] MHz");
        }
    }
    for (int u : o.grid.memoryUnits) {
        if (u < 1 || u > 64) {
            throw InputError("memory.units", std::to_string(u), "a whole number from 1 to 64");
        }
    }
    if (o.chip) {
        area::nodePower(o.node); // InputError for a node outside the chip model
        if (!(o.chip->baseClockMhz > 0) || !(o.chip->bandwidthEfficiency > 0)) {
            throw InputError("clock_mhz", formatNumber(o.chip->baseClockMhz),
                             "the base GPU's clock must be > 0 MHz");
        }
    }
}

std::vector<Pass> makePasses(const CodesignOptions& o) {
    std::vector<Pass> passes;
    const double baseBandwidth = 1.0 / o.base.lSecondsPerGb;
    if (!o.chip) {
        const double phyBase = phyBaseBandwidth(o);
        if (o.grid.bandwidthGBs.empty()) {
            passes.push_back(Pass{0, 0, baseBandwidth, false, 0, {}});
        }
        for (double b : o.grid.bandwidthGBs) {
            passes.push_back(Pass{0, 0, b, true, kPhyMm2PerGBs * (b - phyBase), {}});
        }
        return passes;
    }
    const ChipModel& c = *o.chip;
    const std::vector<double> clocks =
        o.grid.clockMhz.empty() ? std::vector<double>{c.baseClockMhz} : o.grid.clockMhz;
    const std::vector<int> units =
        o.grid.memoryUnits.empty() ? std::vector<int>{c.baseMemoryUnits} : o.grid.memoryUnits;
    const double logic = area::logicScaleVs7nm(o.node);
    for (double clock : clocks) {
        if (!o.grid.bandwidthGBs.empty()) {
            for (double b : o.grid.bandwidthGBs) {
                Pass p{clock, c.baseMemoryUnits, b, true, 0, {}};
                const double spec = b / c.bandwidthEfficiency;
                const double perUnit = c.memory.value("width_bits") / 8 * c.baseMemoryUnits;
                p.memory = area::evaluateMemory(
                    c.memory,
                    {c.baseMemoryUnits,
                     std::min(spec / perUnit, c.memory.value("pin_rate_max_gbps")), 0},
                    logic);
                p.memory.trafficW = c.memory.value("energy_pj_per_bit") * 1e-12 * spec * 8e9;
                p.memory.powerW = p.memory.floorW + p.memory.trafficW;
                passes.push_back(p);
            }
            continue;
        }
        for (int u : units) {
            area::MemoryResult m = area::evaluateMemory(c.memory, {u, c.pinRateGbps, 0}, logic);
            m = area::evaluateMemory(c.memory, {u, c.pinRateGbps, m.bandwidthGBs}, logic);
            // The base's own memory (no stacks axis, its own technology): its L exactly.
            const bool own = o.grid.memoryUnits.empty() && c.memory.id == c.ownMemory.id;
            passes.push_back(Pass{clock, u,
                                  own ? baseBandwidth : m.bandwidthGBs * c.bandwidthEfficiency,
                                  !own, 0, m});
        }
    }
    return passes;
}

// The area of one design of a pass: the papers' cache-less area (plus the bandwidth axis' PHY
// rule), or with the chip model the whole die or the cache-less area plus the memory
// interface.
struct AreaRule {
    const CodesignOptions& o;
    area::Coefficients c;
    double perPassConstant(const Pass& p) const {
        if (!o.chip) {
            return p.phyMm2;
        }
        double extra = p.memory.phyMm2 + p.memory.controllerMm2;
        if (o.chip->wholeDie) {
            const area::WholeDieInputs& d = o.chip->die;
            extra += area::cacheSramMm2(d.sm.l2Kb, o.node) + d.ioPhyMm2 +
                     d.ioLogicMm2At7nm * area::logicScaleVs7nm(o.node);
        }
        return extra;
    }
    double sm(std::int64_t nSm, std::int64_t nV, double mSm) const {
        const double l1 = o.chip && o.chip->wholeDie ? o.chip->die.sm.l1PairKb : 0;
        const area::Architecture a{nSm, nV, o.grid.rVuKb, mSm, l1, 0};
        const double base = o.form == area::Form::C7Printed
                                ? area::areaBreakdown(a, o.coefficients, o.form).total
                                : area::totalArea(a, c, o.form);
        return o.chip && o.chip->wholeDie ? base * (1 + o.chip->die.tensorFp64Fraction) : base;
    }
};

void scaleToClock(const CodesignOptions& o, double clockMhz, Workload& w, Gpu& base) {
    if (!o.chip || clockMhz == o.chip->baseClockMhz) {
        return;
    }
    const double s = o.chip->baseClockMhz / clockMhz; // cycles stay; seconds follow the clock
    for (WorkloadItem& it : w.items) {
        it.stencil.cIterSeconds *= s;
    }
    base.tauSyncSeconds *= s;
    base.clockMhz = clockMhz;
    if (base.memLdCycles) {
        *base.memLdCycles /= s; // the same nanoseconds at the new clock
    }
}

void fillPower(const CodesignOptions& o, const Pass& p, DesignPoint& d) {
    if (!o.chip) {
        d.powerW = designPowerW(d.nSm, d.nV, o.limits.clockGHz, o.node);
        return;
    }
    const area::VfCurve vf = area::atNode(o.chip->vf, o.chip->vfNode, o.node);
    const area::ChipPower cp = area::chipPower(
        {d.nSm, d.nV, p.clockMhz, o.node, d.area, vf, p.memory.floorW, p.memory.trafficW},
        o.chip->calibration);
    d.clockMhz = p.clockMhz;
    d.memoryUnits = p.memoryUnits;
    d.staticW = cp.staticW;
    d.dynamicW = cp.dynamicW;
    d.memoryW = cp.memoryW;
    d.voltageV = cp.voltageV;
    d.powerW = cp.totalW;
}

void fillObjectives(DesignPoint& d) {
    if (d.feasible && d.powerW > 0) {
        d.energyJ = d.powerW * d.weightedTime;
        d.perfPerWatt = d.gpointsPerSecond / d.powerW;
    }
}

} // namespace

CodesignResult runCodesign(const Workload& w, const CodesignOptions& o) {
    validate(w);
    validate(o.grid);
    if (std::isnan(o.areaMin) || std::isnan(o.areaMax) || o.areaMin < 0 || o.areaMin > o.areaMax) {
        throw InputError("--area", formatNumber(o.areaMin) + ":" + formatNumber(o.areaMax),
                         "expected MIN:MAX with 0 <= MIN <= MAX [mm2]");
    }
    validateAxes(o);
    if (o.limits.reticle && (!std::isfinite(o.limits.reticleMm2) || o.limits.reticleMm2 <= 0)) {
        throw InputError("reticle_mm2", formatNumber(o.limits.reticleMm2),
                         "must be an area > 0 mm2");
    }
    if (o.limits.power && (!std::isfinite(o.limits.powerW) || o.limits.powerW <= 0)) {
        throw InputError("power_w", formatNumber(o.limits.powerW), "must be a power > 0 W");
    }
    if (!std::isfinite(o.limits.clockGHz) || o.limits.clockGHz <= 0) {
        throw InputError("clock_ghz", formatNumber(o.limits.clockGHz), "must be a clock > 0 GHz");
    }
    if (!o.chip) {
        powerRule(o.node); // InputError for an unknown node
    }
    checkVariant(w, o.base, o.variant, o.grid);

    CodesignResult res;
    res.gridPoints = o.grid.size();
    res.limits = o.limits;
    res.objective = o.objective;
    const std::vector<Pass> passes = makePasses(o);
    const AreaRule areaRule{o, o.coefficients.coefficients()};

    if (o.withReference) {
        res.reference = optimizeDesign(w, o.reference.value_or(o.base), o.variant);
        res.reference.speedup = 1;
    }
    {
        const Gpu& r = o.reference ? *o.reference : o.base;
        res.reference.bandwidthGBs = 1.0 / r.lSecondsPerGb;
        if (o.chip) {
            // The reference as a design of this grid: its own clock and memory.
            // The reference as a design of this grid at its own clock and with its own memory.
            CodesignOptions own = o;
            own.grid.clockMhz.clear();
            own.grid.memoryUnits.clear();
            own.grid.bandwidthGBs.clear();
            own.chip->memory = o.chip->ownMemory;
            own.chip->pinRateGbps = o.chip->ownPinRateGbps;
            const Pass p = makePasses(own).front();
            res.reference.area = areaRule.sm(r.nSm, r.nV, r.mSmKb) + areaRule.perPassConstant(p);
            fillPower(o, p, res.reference);
        } else {
            const area::Architecture ref{r.nSm, r.nV, o.grid.rVuKb, r.mSmKb, 0, 0};
            res.reference.area = area::areaBreakdown(ref, o.coefficients, o.form).total;
            res.reference.powerW = designPowerW(r.nSm, r.nV, o.limits.clockGHz, o.node);
        }
        fillObjectives(res.reference);
    }
    const double refTime = res.reference.weightedTime;
    res.performanceUnit = res.reference.gflops ? "GFLOP/s" : "x " + o.reference.value_or(o.base).id;

    const HardwareGrid& g = o.grid;
    const std::size_t perPass = g.nSm.size() * g.nV.size() * g.mSmKb.size();
    for (std::size_t pass = 0; pass < passes.size(); ++pass) {
        const Pass& p = passes[pass];
        const double extra = areaRule.perPassConstant(p);
        // Areas first: only designs inside the range are solved.
        std::vector<double> areas(perPass);
        std::vector<char> active(perPass, 0);
        for (std::size_t s = 0; s < g.nSm.size(); ++s) {
            for (std::size_t vi = 0; vi < g.nV.size(); ++vi) {
                for (std::size_t m = 0; m < g.mSmKb.size(); ++m) {
                    const std::size_t i = (s * g.nV.size() + vi) * g.mSmKb.size() + m;
                    areas[i] = areaRule.sm(g.nSm[s], g.nV[vi], g.mSmKb[m]) + extra;
                    active[i] = areas[i] >= o.areaMin && areas[i] <= o.areaMax;
                }
            }
        }
        Gpu base = o.base;
        if (p.setsL) { // else the GPU's L exactly (1 / (1 / L) may differ)
            base.lSecondsPerGb = 1.0 / p.bandwidthGBs;
        }
        Workload scaled;
        const Workload* work = &w;
        if (o.chip && p.clockMhz != o.chip->baseClockMhz) {
            scaled = w;
            scaleToClock(o, p.clockMhz, scaled, base);
            work = &scaled;
        }
        std::function<void(const CodesignProgress&)> progress;
        if (o.progress) {
            progress = [&, pass](const CodesignProgress& q) {
                o.progress(CodesignProgress{pass * q.total + q.done, passes.size() * q.total});
            };
        }
        bool cancelled = false;
        std::uint64_t inner = 0;
        std::uint64_t tilings = 0;
        std::vector<DesignPoint> all =
            solve(*work, base, o.variant, g, active, o.prepared.get(), o.threads, progress,
                  o.cancel, cancelled, inner, tilings);
        res.cancelled = res.cancelled || cancelled;
        res.innerEvaluations += inner;
        res.tilingsPerDesign = std::max(res.tilingsPerDesign, tilings);
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (!active[i]) {
                continue;
            }
            DesignPoint& d = all[i];
            d.area = areas[i];
            d.phyMm2 = o.chip ? p.memory.phyMm2 : p.phyMm2;
            d.bandwidthGBs = p.bandwidthGBs;
            fillPower(o, p, d);
            if (d.feasible && refTime > 0) {
                d.speedup = refTime / d.weightedTime;
            }
            fillObjectives(d);
            if (!d.feasible) {
                ++res.infeasibleDesigns;
            }
            res.designs.push_back(std::move(d));
        }
        if (res.cancelled) {
            break;
        }
    }
    if (res.cancelled) {
        // A partial result would mix solved and unsolved designs: report none.
        res.designs.clear();
        res.infeasibleDesigns = 0;
        return res;
    }
    applyLimits(res, o.limits);
    return res;
}

CodesignEstimate estimateCodesign(const Workload& w, const CodesignOptions& o) {
    validate(w);
    validate(o.grid);
    validateAxes(o);
    const HardwareGrid& g = o.grid;
    CodesignEstimate e;
    e.gridPoints = g.size();
    const AreaRule areaRule{o, o.coefficients.coefficients()};
    for (const Pass& p : makePasses(o)) {
        const double extra = areaRule.perPassConstant(p);
        for (const std::int64_t nSm : g.nSm) {
            for (const std::int64_t nV : g.nV) {
                for (const double m : g.mSmKb) {
                    const double area = areaRule.sm(nSm, nV, m) + extra;
                    e.inRange += area >= o.areaMin && area <= o.areaMax;
                }
            }
        }
    }
    const double maxM = *std::max_element(g.mSmKb.begin(), g.mSmKb.end());
    for (Group& group : makeGroups(w)) {
        enumerateTiles(group, o.variant, 0, 0,
                       units::kibToWords(std::min(o.base.mTbKb, maxM), group.stencil.bytesPerWord),
                       talg::maxThreadsPerBlock(o.base));
        e.tilings += group.tiles.size();
    }
    e.pairs = e.tilings * e.inRange;
    e.threads = std::max(1u, o.threads ? o.threads : std::thread::hardware_concurrency());
    e.seconds = static_cast<double>(e.pairs) / (kCodesignPairsPerSecond * e.threads) *
                (o.variant.k == talg::KRule::Max ? 1.0 : kCodesignOptimizeFactor);
    return e;
}

std::optional<std::size_t> bestDesign(const std::vector<DesignPoint>& designs, Objective o) {
    std::optional<std::size_t> best;
    const auto score = [o](const DesignPoint& d) {
        switch (o) {
        case Objective::Time:
            return d.weightedTime;
        case Objective::Energy:
            return d.energyJ;
        case Objective::PerfPerWatt:
            return -d.perfPerWatt;
        }
        return d.weightedTime;
    };
    for (std::size_t i = 0; i < designs.size(); ++i) {
        const DesignPoint& d = designs[i];
        if (!d.feasible || !d.allowed || (o != Objective::Time && !(d.powerW > 0))) {
            continue;
        }
        if (!best || score(d) < score(designs[*best])) {
            best = i;
        }
    }
    return best;
}

void applyLimits(CodesignResult& r, const PhysicalLimits& l) {
    r.limits = l;
    r.outsideLimits = 0;
    for (DesignPoint& d : r.designs) {
        d.withinReticle = d.area <= l.reticleMm2;
        d.withinPower = d.powerW <= l.powerW;
        d.allowed = (!l.reticle || d.withinReticle) && (!l.power || d.withinPower);
        d.pareto = false;
        r.outsideLimits += d.feasible && !d.allowed;
    }
    r.pareto = paretoFront(r.designs);
    for (std::size_t i : r.pareto) {
        r.designs[i].pareto = true;
    }
    r.best = bestDesign(r.designs, r.objective);
}

} // namespace cdx::search
