// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_extensions.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

namespace cdx::chain {

namespace {
std::string dimName(int i) {
    // append() rather than "P" + string: GCC 12 -Wrestrict false positive (PR 105651).
    std::string out = "P";
    return out.append(std::to_string(i));
}
} // namespace

double singleCostAt(SingleCaseId c, double p0, double p1, double p2, double t1, double t2) {
    const double cube = p0 * p1 * p2;
    switch (c) {
    case SingleCaseId::Output: // D.2
        return cube * (t1 + t2) / (t1 * t2) + p0 * p2;
    case SingleCaseId::Input1: // D.4
        return cube * (2 * t1 + t2) / (t1 * t2) + p0 * p1 - p0 * p2;
    case SingleCaseId::Input2: // Case 3: A2 read once, R read and written per y x z tile
        return cube * (1 / t1 + 2 / t2) + p1 * p2 - p0 * p2;
    }
    return 0;
}

// ---- integer tiles ----

TileCostForm unfusedForm(double p0, double p1, double p2) {
    // D.2: (P0/x)(P2/y)(P1/z)(xz + yz) + P0 P2, the tile of R x along P0, y along P2.
    return {p0, p2, p1, p1, p0 * p2, "P0", "P2"};
}

TileCostForm leftFusedForm(double p0, double p1, double p2, double p3) {
    // D.7: (P0/x)(P2/y)[P1 (x + y) + P3 (2x + y)] - P0 P3, the tile of T x along P0, y along P2.
    return {p0, p2, p1 + 2 * p3, p1 + p3, -p0 * p3, "P0", "P2"};
}

TileCostForm rightFusedForm(double p0, double p1, double p2, double p3) {
    // D.11: (P1/x)(P3/y)[P2 (x + y) + P0 (x + 2y)] - P0 P3, the tile of T x along P1, y along P3.
    return {p1, p3, p2 + p0, p2 + 2 * p0, -p0 * p3, "P1", "P3"};
}

double costAt(const TileCostForm& f, double x, double y) {
    return std::ceil(f.a / x) * std::ceil(f.b / y) * (f.c1 * x + f.c2 * y) + f.offset;
}

IntegerTiles roundedTiles(const TileCostForm& f, double x, double y, double m) {
    IntegerTiles t;
    t.x = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(x)), 1,
                                   static_cast<std::int64_t>(f.a));
    t.y = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(y)), 1,
                                   static_cast<std::int64_t>(f.b));
    const auto cap = static_cast<std::int64_t>(std::floor(m));
    while (t.x * t.y > cap && (t.x > 1 || t.y > 1)) {
        (t.x >= t.y ? t.x : t.y) -= 1;
    }
    t.cost = costAt(f, static_cast<double>(t.x), static_cast<double>(t.y));
    return t;
}

namespace {
// The distinct values ceil(d/q), q = 1..d, ascending: the smallest tile for each tile count.
std::vector<std::int64_t> smallestTilesPerCount(std::int64_t d) {
    std::vector<std::int64_t> v;
    for (std::int64_t q = 1; q <= d;) {
        const std::int64_t t = (d + q - 1) / q;
        v.push_back(t);
        // the largest q' with ceil(d/q') == t
        const std::int64_t next = t == 1 ? d : (d - 1) / (t - 1);
        q = std::max(q, next) + 1;
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}
} // namespace

IntegerTiles bestIntegerTiles(const TileCostForm& f, double m) {
    const auto a = static_cast<std::int64_t>(f.a), b = static_cast<std::int64_t>(f.b);
    const auto cap = static_cast<std::int64_t>(std::floor(m));
    const std::vector<std::int64_t> xs = smallestTilesPerCount(a), ys = smallestTilesPerCount(b);
    IntegerTiles best;
    best.cost = std::numeric_limits<double>::infinity();
    for (const std::int64_t x : xs) {
        if (x > cap) {
            break;
        }
        const std::int64_t yMax = std::min(b, cap / x);
        for (const std::int64_t y : ys) {
            if (y > yMax) {
                break;
            }
            const double c = costAt(f, static_cast<double>(x), static_cast<double>(y));
            if (c < best.cost) {
                best = {x, y, c};
            }
        }
    }
    return best;
}

IntegerPlan integerPlan(const ChainResult& r) {
    IntegerPlan plan;
    const auto P = [&](int i) { return static_cast<double>(r.p[static_cast<std::size_t>(i)]); };
    const auto split = [&](int i, int j) {
        return r.oc.split[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    };
    const auto unfusedNode = [&](int i, int j) {
        const int k = split(i, j);
        IntegerNode n;
        n.i = i;
        n.j = j;
        n.choice = Choice::NoFuse;
        const TileCostForm form = unfusedForm(P(i - 1), P(k), P(j));
        n.xDim = dimName(i - 1);
        n.yDim = dimName(j);
        const double s = std::sqrt(r.m);
        n.continuousCost = 2 * P(i - 1) * P(k) * P(j) / s + P(i - 1) * P(j);
        n.rounded = roundedTiles(form, s, s, r.m);
        n.best = bestIntegerTiles(form, r.m);
        return n;
    };
    for (const HyperNode& h : r.hyperNodes) {
        const int i = h.i, j = h.j, k = split(i, j);
        IntegerNode n;
        if (h.choice == Choice::NoFuse) {
            n = unfusedNode(i, j);
        } else {
            n.i = i;
            n.j = j;
            n.choice = h.choice;
            TileCostForm form;
            if (h.choice == Choice::FuseLeft) {
                const int k1 = split(i, k);
                form = leftFusedForm(P(i - 1), P(k1), P(k), P(j));
                n.xDim = dimName(i - 1);
                n.yDim = dimName(k);
            } else {
                const int k2 = split(k + 1, j);
                form = rightFusedForm(P(i - 1), P(k), P(k2), P(j));
                n.xDim = dimName(k);
                n.yDim = dimName(j);
            }
            n.continuousCost = h.costChosen;
            n.rounded = roundedTiles(form, h.x, h.y, r.m);
            n.best = bestIntegerTiles(form, r.m);
        }
        plan.fused.push_back(n);
        plan.fusedContinuous += n.continuousCost;
        plan.fusedRounded += n.rounded.cost;
        plan.fusedBest += n.best.cost;
    }
    for (const Node& nd : r.nodes) {
        IntegerNode n = unfusedNode(nd.i, nd.j);
        plan.unfused.push_back(n);
        plan.sContinuous += n.continuousCost;
        plan.sRounded += n.rounded.cost;
        plan.sBest += n.best.cost;
    }
    return plan;
}

// ---- all parenthesizations ----

AllTrees allTrees(const std::vector<std::int64_t>& p, double m, Beta beta) {
    const ChainResult opTree = analyseChain(p, m, beta); // validates the input
    const int n = static_cast<int>(p.size()) - 1;
    const double s = std::sqrt(m);
    const auto P = [&](int i) { return static_cast<double>(p[static_cast<std::size_t>(i)]); };
    const auto w = [&](int i, int j) { return i == j ? 0.0 : P(i - 1) * P(j); };
    const auto N = static_cast<std::size_t>(n + 2);
    struct Cell {
        double cost = 0;
        Choice choice = Choice::Leaf;
        int k = 0, k12 = 0; // split, and k1 (left) or k2 (right)
    };
    std::vector<std::vector<Cell>> g(N, std::vector<Cell>(N));
    std::vector<std::vector<double>> sMin(N, std::vector<double>(N, 0.0));
    std::vector<std::vector<int>> sSplit(N, std::vector<int>(N, 0));
    const auto G = [&](int i, int j) {
        return g[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].cost;
    };
    for (int l = 1; l < n; ++l) {
        for (int i = 1; i + l <= n; ++i) {
            const int j = i + l;
            Cell best;
            best.cost = std::numeric_limits<double>::infinity();
            double bestS = std::numeric_limits<double>::infinity();
            for (int k = i; k < j; ++k) {
                const double cube = 2 * P(i - 1) * P(k) * P(j) / s;
                const double sk =
                    sMin[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] +
                    sMin[static_cast<std::size_t>(k + 1)][static_cast<std::size_t>(j)] + cube +
                    P(i - 1) * P(j);
                if (sk < bestS) {
                    bestS = sk;
                    sSplit[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = k;
                }
                // D.24 with this k
                const double fp = G(i, k) + G(k + 1, j) + w(i, k) + w(k + 1, j) + cube;
                if (fp < best.cost) {
                    best = {fp, Choice::NoFuse, k, 0};
                }
                for (int k1 = i; k1 < k; ++k1) { // D.21/D.25 with this k and k1
                    const double hl = w(i, k1) + w(k1 + 1, k) + w(k + 1, j) +
                                      leftFused(P(i - 1), P(k1), P(k), P(j), m).cost - w(i, j);
                    const double fl = G(i, k1) + G(k1 + 1, k) + G(k + 1, j) + hl;
                    if (fl < best.cost) {
                        best = {fl, Choice::FuseLeft, k, k1};
                    }
                }
                for (int k2 = k + 1; k2 < j; ++k2) { // D.22/D.26
                    const double hr = w(k + 1, k2) + w(k2 + 1, j) + w(i, k) +
                                      rightFused(P(i - 1), P(k), P(k2), P(j), m, beta).cost -
                                      w(i, j);
                    const double fr = G(i, k) + G(k + 1, k2) + G(k2 + 1, j) + hr;
                    if (fr < best.cost) {
                        best = {fr, Choice::FuseRight, k, k2};
                    }
                }
            }
            g[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = best;
            sMin[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = bestS;
        }
    }
    AllTrees r;
    r.sMin = sMin[1][static_cast<std::size_t>(n)];
    r.fusedTotal = G(1, n) + P(0) * P(n);
    r.gainVsOpTreePct = 100 * (opTree.fusedTotal - r.fusedTotal) / opTree.fusedTotal;
    // Rebuild the trees: split of each node of the fused optimum.
    std::vector<std::vector<int>> fSplit(N, std::vector<int>(N, 0));
    std::function<void(int, int)> rebuild = [&](int i, int j) {
        if (i == j) {
            return;
        }
        const Cell& c = g[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        fSplit[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = c.k;
        const double cube = 2 * P(i - 1) * P(c.k) * P(j) / s;
        HyperNode h;
        h.i = i;
        h.j = j;
        h.choice = c.choice;
        h.members = {{i, j}};
        h.costUnfused = cube + P(i - 1) * P(j);
        std::vector<std::pair<int, int>> children;
        if (c.choice == Choice::NoFuse) {
            h.costChosen = h.costUnfused;
            h.x = h.y = s;
            children = {{i, c.k}, {c.k + 1, j}};
        } else if (c.choice == Choice::FuseLeft) {
            const int k = c.k, k1 = c.k12;
            fSplit[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = k1;
            const TwoMM t = twoMM(P(i - 1), P(k1), P(k), P(j), m, beta);
            h.members.push_back({i, k});
            h.costUnfused += 2 * P(i - 1) * P(k1) * P(k) / s + P(i - 1) * P(k);
            h.costChosen = t.fusedLeft.cost;
            h.x = t.fusedLeft.x;
            h.y = t.fusedLeft.y;
            children = {{i, k1}, {k1 + 1, k}, {k + 1, j}};
        } else {
            const int k = c.k, k2 = c.k12;
            fSplit[static_cast<std::size_t>(k + 1)][static_cast<std::size_t>(j)] = k2;
            const TwoMM t = twoMM(P(i - 1), P(k), P(k2), P(j), m, beta);
            h.members.push_back({k + 1, j});
            h.costUnfused += 2 * P(k) * P(k2) * P(j) / s + P(k) * P(j);
            h.costChosen = t.fusedRight.cost;
            h.x = t.fusedRight.x;
            h.y = t.fusedRight.y;
            children = {{i, c.k}, {k + 1, k2}, {k2 + 1, j}};
        }
        r.hyperNodes.push_back(h);
        for (const auto& [a, b] : children) {
            rebuild(a, b);
        }
    };
    rebuild(1, n);
    std::function<std::string(const std::vector<std::vector<int>>&, int, int)> text =
        [&](const std::vector<std::vector<int>>& sp, int i, int j) -> std::string {
        std::string out;
        if (i == j) {
            return out.append("A").append(std::to_string(i));
        }
        const int k = sp[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        return out.append("(").append(text(sp, i, k)).append(text(sp, k + 1, j)).append(")");
    };
    std::function<std::int64_t(const std::vector<std::vector<int>>&, int, int)> ops =
        [&](const std::vector<std::vector<int>>& sp, int i, int j) -> std::int64_t {
        if (i == j) {
            return 0;
        }
        const int k = sp[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        // Each product fits (dimensions <= 2^20); saturate the sum.
        std::int64_t t = 0;
        if (__builtin_add_overflow(ops(sp, i, k), ops(sp, k + 1, j), &t) ||
            __builtin_add_overflow(t,
                                   p[static_cast<std::size_t>(i - 1)] *
                                       p[static_cast<std::size_t>(k)] *
                                       p[static_cast<std::size_t>(j)],
                                   &t)) {
            return std::numeric_limits<std::int64_t>::max();
        }
        return t;
    };
    r.tree = text(fSplit, 1, n);
    r.treeOps = ops(fSplit, 1, n);
    r.sTree = text(sSplit, 1, n);
    r.sTreeOps = ops(sSplit, 1, n);
    r.opsAbovePct = 100 * (static_cast<double>(r.treeOps) - static_cast<double>(opTree.oc.total)) /
                    static_cast<double>(opTree.oc.total);
    return r;
}

// ---- legality ----

bool legalFusion(const std::vector<TreeEdge>& fused) {
    std::vector<int> seen;
    for (const TreeEdge& e : fused) {
        for (const int v : {e.parent, e.child}) {
            if (std::find(seen.begin(), seen.end(), v) != seen.end()) {
                return false;
            }
            seen.push_back(v);
        }
    }
    return true;
}

std::vector<std::vector<int>> figureD9LegalSets(int size) {
    // Nodes: 0 root, 1 left child, 2 right child, 3-4 under the left, 5-6 under the right.
    const TreeEdge edges[6] = {{1, 3}, {1, 4}, {2, 5}, {2, 6}, {0, 1}, {0, 2}};
    std::vector<std::vector<int>> out;
    for (unsigned mask = 0; mask < 64; ++mask) {
        if (std::popcount(mask) != size) {
            continue;
        }
        std::vector<TreeEdge> set;
        std::vector<int> numbers;
        for (int e = 0; e < 6; ++e) {
            if (mask & (1u << e)) {
                set.push_back(edges[e]);
                numbers.push_back(e + 1);
            }
        }
        if (legalFusion(set)) {
            out.push_back(numbers);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// ---- memory sweep ----

std::vector<MemoryPoint> memorySweep(const std::vector<std::int64_t>& p, Beta beta, double mLo,
                                     double mHi, int count) {
    if (!(mLo >= 2) || !(mHi > mLo) || !std::isfinite(mHi)) {
        throw InputError("memory range", formatNumber(mLo) + ".." + formatNumber(mHi),
                         "expected 2 <= low < high, finite [elements]");
    }
    if (count < 2 || count > 100000) {
        throw InputError("memory points", std::to_string(count), "expected 2..100000");
    }
    std::vector<double> ms;
    for (int i = 0; i < count; ++i) {
        ms.push_back(mLo * std::pow(mHi / mLo, static_cast<double>(i) / (count - 1)));
    }
    for (const double t : {65536.0, 98304.0}) {
        if (t < mLo || t > mHi) {
            continue;
        }
        // A grid point that is the thesis capacity up to rounding becomes it exactly.
        const auto near = std::find_if(ms.begin(), ms.end(),
                                       [&](double v) { return std::abs(v - t) <= 1e-9 * t; });
        if (near != ms.end()) {
            *near = t;
        } else {
            ms.push_back(t);
        }
    }
    std::sort(ms.begin(), ms.end());
    std::vector<MemoryPoint> out;
    out.reserve(ms.size());
    for (const double m : ms) {
        const ChainResult r = analyseChain(p, m, beta);
        out.push_back({m, r.s, r.fusedTotal, r.reductionPct});
    }
    return out;
}

// ---- Table D.1 ----

void validate(const TableD1Config& c) {
    if (c.nMin < 2 || c.nMax > static_cast<int>(kMaxMatrices) || c.nMin > c.nMax) {
        throw InputError("--n", std::to_string(c.nMin) + ".." + std::to_string(c.nMax),
                         "expected chain lengths 2 <= from <= to <= " +
                             std::to_string(kMaxMatrices));
    }
    if (c.chainsPerN < 1 || c.chainsPerN > 1000000) {
        throw InputError("--chains", std::to_string(c.chainsPerN), "expected 1..1000000");
    }
    if (c.multiple < 1 || c.multiple > kMaxDimension) {
        throw InputError("--multiple", std::to_string(c.multiple),
                         "expected 1.." + std::to_string(kMaxDimension));
    }
    if (c.lo < 1 || c.hi > kMaxDimension || c.lo > c.hi ||
        (c.hi / c.multiple) * c.multiple < c.lo) {
        throw InputError("--sizes", std::to_string(c.lo) + ".." + std::to_string(c.hi),
                         "expected 1 <= low <= high <= " + std::to_string(kMaxDimension) +
                             " with a multiple of --multiple in between");
    }
    if (c.memories.empty()) {
        throw InputError("--memory-words", "(none)", "expected at least one capacity");
    }
    for (const double m : c.memories) {
        if (!std::isfinite(m) || m < 2 || m > 1e15) {
            throw InputError("--memory-words", formatNumber(m),
                             "expected capacities in [2, 1e15] elements");
        }
    }
}

std::string describeDistribution(const TableD1Config& c) {
    std::string out = "sizes uniform over the integers in [";
    out.append(std::to_string(c.lo)).append(", ").append(std::to_string(c.hi)).append("]");
    if (c.multiple > 1) {
        out.append(" that are multiples of ").append(std::to_string(c.multiple));
    }
    out.append(", mt19937_64 seed ").append(std::to_string(c.seed));
    out.append("; the thesis does not state its distribution or seed");
    return out;
}

TableD1 tableD1(const TableD1Config& config,
                const std::function<bool(int done, int total)>& progress) {
    validate(config);
    TableD1 t;
    t.config = config;
    std::mt19937_64 gen(config.seed);
    const std::int64_t first = (config.lo + config.multiple - 1) / config.multiple;
    const std::int64_t last = config.hi / config.multiple;
    const auto range = static_cast<std::uint64_t>(last - first + 1);
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                                std::numeric_limits<std::uint64_t>::max() % range;
    const auto draw = [&] {
        std::uint64_t u = gen();
        while (u >= limit) { // rejection keeps the draw uniform and platform-independent
            u = gen();
        }
        return (first + static_cast<std::int64_t>(u % range)) * config.multiple;
    };
    const std::size_t nm = config.memories.size();
    const int total = (config.nMax - config.nMin + 1) * config.chainsPerN;
    std::vector<double> sum(nm);
    for (int n = config.nMin; n <= config.nMax && !t.cancelled; ++n) {
        TableD1Row row;
        row.n = n;
        row.perMemory.assign(nm, {});
        std::fill(sum.begin(), sum.end(), 0.0);
        for (int c = 0; c < config.chainsPerN; ++c) {
            std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
            for (auto& d : p) {
                d = draw();
            }
            for (std::size_t mi = 0; mi < nm; ++mi) {
                const double red = analyseChain(p, config.memories[mi], config.beta).reductionPct;
                ReductionStats& st = row.perMemory[mi];
                st.min = st.count == 0 ? red : std::min(st.min, red);
                st.max = st.count == 0 ? red : std::max(st.max, red);
                sum[mi] += red;
                ++st.count;
            }
            ++t.chainsDone;
            if (progress && !progress(t.chainsDone, total)) {
                t.cancelled = true;
                break;
            }
        }
        if (t.cancelled) {
            break; // a partial row would not be comparable with the printed one
        }
        for (std::size_t mi = 0; mi < nm; ++mi) {
            row.perMemory[mi].avg = sum[mi] / row.perMemory[mi].count;
        }
        t.rows.push_back(row);
    }
    const auto summarise = [&](int fromN) {
        std::vector<ReductionStats> out(nm);
        for (std::size_t mi = 0; mi < nm; ++mi) {
            double s = 0;
            for (const TableD1Row& r : t.rows) {
                if (r.n < fromN) {
                    continue;
                }
                const ReductionStats& st = r.perMemory[mi];
                out[mi].min = out[mi].count == 0 ? st.min : std::min(out[mi].min, st.min);
                out[mi].max = out[mi].count == 0 ? st.max : std::max(out[mi].max, st.max);
                s += st.avg;
                ++out[mi].count; // rows
            }
            out[mi].avg = out[mi].count > 0 ? s / out[mi].count : 0;
        }
        return out;
    };
    t.allFrom3 = summarise(3);
    t.allRows = summarise(config.nMin);
    return t;
}

const std::vector<PrintedTableD1Row>& printedTableD1() {
    static const std::vector<PrintedTableD1Row> rows{
        {2, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00},      {3, 6.58, 0.00, 46.93, 10.30, 0.00, 50.11},
        {4, 7.67, 0.00, 47.36, 10.76, 0.00, 41.48},   {5, 8.31, 0.00, 33.65, 12.16, 0.00, 36.00},
        {6, 8.81, 0.00, 37.63, 12.68, 1.32, 38.20},   {7, 8.97, 0.00, 33.47, 12.68, 2.36, 32.71},
        {8, 9.57, 0.35, 31.22, 13.21, 3.20, 31.64},   {9, 9.49, 0.49, 28.76, 13.45, 1.75, 32.30},
        {10, 9.55, 0.63, 27.37, 13.59, 3.10, 31.01},  {11, 9.86, 1.26, 25.78, 13.73, 3.65, 30.75},
        {12, 9.90, 1.03, 25.43, 13.95, 4.04, 30.39},  {13, 9.87, 1.39, 24.20, 13.78, 4.80, 31.61},
        {14, 9.80, 1.74, 27.68, 13.88, 4.30, 30.83},  {15, 10.14, 1.48, 26.45, 14.09, 4.88, 29.95},
        {16, 10.26, 1.65, 24.00, 14.23, 4.77, 28.54}, {17, 10.15, 1.11, 24.45, 14.17, 4.14, 32.21},
        {18, 10.29, 1.72, 25.38, 13.81, 4.93, 27.10}, {19, 10.20, 2.30, 24.21, 14.32, 5.86, 30.94},
        {20, 10.53, 2.43, 23.97, 14.14, 5.65, 28.26},
    };
    return rows;
}

} // namespace cdx::chain
