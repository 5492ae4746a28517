// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_model.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace cdx::chain {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void checkM(double m) {
    // The smallest closed-form tile is sqrt(M/2) (spec §1.2): it must hold one element.
    if (!std::isfinite(m) || m < 2 || m > 1e15) {
        throw InputError("--memory-words", formatNumber(m),
                         "expected an on-chip capacity in [2, 1e15] elements (a tile of "
                         "sqrt(M/2) must hold at least one element)");
    }
}
} // namespace

SingleMM singleMM(double p0, double p1, double p2, double m) {
    checkM(m);
    for (double d : {p0, p1, p2}) {
        if (!std::isfinite(d) || d < 1) {
            throw InputError("--dims", formatNumber(d), "expected matrix dimensions >= 1");
        }
    }
    const double s = std::sqrt(m), half = std::sqrt(m / 2), twice = std::sqrt(2 * m);
    const double cube = p0 * p1 * p2;
    SingleMM r;
    // Case 1 (D.3): R stationary, x = y = sqrt(M) along P0 and P2.
    r.outputStationary = {2 * cube / s + p0 * p2, s, s, "P0", "P2", s <= p0 && s <= p2};
    // Case 2 (D.5): A1 stationary, x = sqrt(M/2) along P0, z = sqrt(2M) along P1.
    r.input1Stationary = {2 * std::sqrt(2.0) * cube / s + p0 * p1 - p0 * p2,
                          half,
                          twice,
                          "P0",
                          "P1",
                          half <= p0 && twice <= p1};
    // Case 3 (D.6): A2 stationary; its z x y tile: y = sqrt(M/2) along P2, z = sqrt(2M) along
    // P1 (the thesis's labels are swapped, spec §1.3).
    r.input2Stationary = {2 * std::sqrt(2.0) * cube / s + p1 * p2 - p0 * p2,
                          half,
                          twice,
                          "P2",
                          "P1",
                          half <= p2 && twice <= p1};
    r.outputIsBest = r.outputStationary.cost <= r.input1Stationary.cost &&
                     r.outputStationary.cost <= r.input2Stationary.cost;
    return r;
}

std::string_view name(Beta b) {
    return b == Beta::Corrected ? "corrected" : "thesis";
}

Beta parseBeta(std::string_view s, const std::string& field) {
    if (s == "corrected") {
        return Beta::Corrected;
    }
    if (s == "thesis") {
        return Beta::Thesis;
    }
    throw InputError(field, std::string(s),
                     "expected corrected (beta = P0/P2, the algebra of D.11) or thesis (beta = "
                     "P0/P1 as printed)");
}

// D.10 with sizes (a, b, c, d): T = A1 A2 (a x c), consumed by A3 (c x d).
Fused leftFused(double a, double b, double c, double d, double m) {
    Fused f;
    f.shape = d / b;
    f.shapePrime = (1 + 2 * f.shape) / (1 + f.shape);
    f.cost = 2 * a * b * c * (1 + f.shape) * std::sqrt(f.shapePrime) / std::sqrt(m) - a * d;
    f.x = std::sqrt(m / f.shapePrime);
    f.y = std::sqrt(m * f.shapePrime);
    return f;
}
// D.14 with sizes (a, b, c, d): T = A2 A3 (b x d), consumed by A1 (a x b); beta = a/c
// (corrected) or a/b (thesis).
Fused rightFused(double a, double b, double c, double d, double m, Beta beta) {
    Fused f;
    f.shape = beta == Beta::Corrected ? a / c : a / b;
    f.shapePrime = (1 + 2 * f.shape) / (1 + f.shape);
    f.cost = 2 * b * c * d * (1 + f.shape) * std::sqrt(f.shapePrime) / std::sqrt(m) - a * d;
    f.x = std::sqrt(m * f.shapePrime);
    f.y = std::sqrt(m / f.shapePrime);
    return f;
}

double rightFusedCostAt(double p0, double p1, double p2, double p3, double x, double y) {
    return p1 * p2 * p3 * (x + y) / (x * y) + p0 * p1 * p3 * (x + 2 * y) / (x * y) - p0 * p3;
}

TwoMM twoMM(double p0, double p1, double p2, double p3, double m, Beta beta) {
    checkM(m);
    for (double d : {p0, p1, p2, p3}) {
        if (!std::isfinite(d) || d < 1) {
            throw InputError("--dims", formatNumber(d), "expected matrix dimensions >= 1");
        }
    }
    const double s = std::sqrt(m);
    TwoMM r;
    r.unfusedLeft = 2 * p0 * p1 * p2 / s + p0 * p2 + 2 * p0 * p2 * p3 / s + p0 * p3;
    r.unfusedRight = 2 * p1 * p2 * p3 / s + p1 * p3 + 2 * p0 * p1 * p3 / s + p0 * p3;
    r.fusedLeft = leftFused(p0, p1, p2, p3, m);
    r.fusedRight = rightFused(p0, p1, p2, p3, m, beta);
    return r;
}

OpCount opCount(const std::vector<std::int64_t>& p) {
    const int n = static_cast<int>(p.size()) - 1;
    OpCount oc;
    oc.opcount.assign(static_cast<std::size_t>(n + 2),
                      std::vector<std::int64_t>(static_cast<std::size_t>(n + 2), 0));
    oc.split.assign(static_cast<std::size_t>(n + 2),
                    std::vector<int>(static_cast<std::size_t>(n + 2), 0));
    const auto at = [](auto& t, int i, int j) -> auto& {
        return t[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    };
    const auto P = [&](int i) { return p[static_cast<std::size_t>(i)]; };
    for (int l = 1; l < n; ++l) {
        for (int i = 1; i + l <= n; ++i) {
            const int j = i + l;
            std::int64_t best = std::numeric_limits<std::int64_t>::max();
            for (int k = i; k < j; ++k) {
                std::int64_t c = 0;
                // Dimensions are <= 2^20, so one product fits; a long chain's sum may not.
                if (__builtin_add_overflow(at(oc.opcount, i, k), at(oc.opcount, k + 1, j), &c) ||
                    __builtin_add_overflow(c, P(i - 1) * P(k) * P(j), &c)) {
                    throw InputError("--dims", "A" + std::to_string(i) + "..A" + std::to_string(j),
                                     "expected a chain whose op count fits in 63 bits");
                }
                if (c < best) { // strict: ties keep the smallest k
                    best = c;
                    at(oc.split, i, j) = k;
                }
            }
            at(oc.opcount, i, j) = best;
        }
    }
    oc.total = n >= 1 ? at(oc.opcount, 1, n) : 0;
    return oc;
}

std::string treeText(const OpCount& oc, int i, int j) {
    // append() rather than "A" + string: GCC 12 -Wrestrict false positive (PR 105651).
    std::string out;
    if (i == j) {
        return out.append("A").append(std::to_string(i));
    }
    const int k = oc.split[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    return out.append("(").append(treeText(oc, i, k)).append(treeText(oc, k + 1, j)).append(")");
}

std::string_view name(Choice c) {
    switch (c) {
    case Choice::Leaf:
        return "leaf";
    case Choice::NoFuse:
        return "p";
    case Choice::FuseLeft:
        return "l";
    case Choice::FuseRight:
        return "r";
    }
    return "p";
}

ChainResult analyseChain(const std::vector<std::int64_t>& p, double m, Beta beta) {
    if (p.size() < 3 || p.size() > kMaxMatrices + 1) {
        throw InputError("--dims", std::to_string(p.size()) + " dimensions",
                         "expected P0,P1,...,Pn with 2 <= n <= " + std::to_string(kMaxMatrices) +
                             " matrices");
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] < 1 || p[i] > kMaxDimension) {
            throw InputError("--dims", std::to_string(p[i]),
                             "expected dimensions in [1, 2^20] (P" + std::to_string(i) + ")");
        }
    }
    checkM(m);
    ChainResult r;
    r.p = p;
    r.m = m;
    r.beta = beta;
    const int n = static_cast<int>(p.size()) - 1;
    r.oc = opCount(p);
    r.tree = treeText(r.oc, 1, n);
    const double s = std::sqrt(m);
    const auto P = [&](int i) { return static_cast<double>(p[static_cast<std::size_t>(i)]); };
    const auto split = [&](int i, int j) {
        return r.oc.split[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    };
    const auto w = [&](int i, int j) { return i == j ? 0.0 : P(i - 1) * P(j); };
    // S (D.18), post-order.
    std::function<double(int, int)> S = [&](int i, int j) -> double {
        if (i == j) {
            return 0;
        }
        const int k = split(i, j);
        return S(i, k) + S(k + 1, j) + 2 * P(i - 1) * P(k) * P(j) / s + P(i - 1) * P(j);
    };
    r.s = S(1, n);
    // F (D.19-D.26), post-order, memoised.
    std::map<std::pair<int, int>, Node> memo;
    std::function<double(int, int)> F = [&](int i, int j) -> double {
        if (i == j) {
            return 0;
        }
        if (const auto it = memo.find({i, j}); it != memo.end()) {
            return it->second.f;
        }
        Node nd;
        nd.i = i;
        nd.j = j;
        nd.k = split(i, j);
        const int k = nd.k;
        nd.ops = p[static_cast<std::size_t>(i - 1)] * p[static_cast<std::size_t>(k)] *
                 p[static_cast<std::size_t>(j)];
        nd.s = 2 * P(i - 1) * P(k) * P(j) / s + P(i - 1) * P(j);
        nd.hp = w(i, k) + w(k + 1, j) + 2 * P(i - 1) * P(k) * P(j) / s;
        nd.fp = F(i, k) + F(k + 1, j) + nd.hp;
        nd.f = nd.fp;
        nd.choice = Choice::NoFuse;
        nd.x = nd.y = s;
        nd.hl = nd.hr = nd.fl = nd.fr = kNaN;
        nd.alpha = nd.alphaPrime = nd.beta = nd.betaPrime = kNaN;
        if (k > i) {
            const int k1 = split(i, k);
            const Fused lf = leftFused(P(i - 1), P(k1), P(k), P(j), m);
            nd.alpha = lf.shape;
            nd.alphaPrime = lf.shapePrime;
            // D.21: D.10 plus the children left off-chip, minus the write of <i,j> (local
            // costs exclude it) beyond D.10's own -P0P3.
            nd.hl = w(i, k1) + w(k1 + 1, k) + w(k + 1, j) + (lf.cost + w(i, j)) - 2 * w(i, j);
            nd.fl = F(i, k1) + F(k1 + 1, k) + F(k + 1, j) + nd.hl;
            if (nd.fl < nd.f) {
                nd.f = nd.fl;
                nd.choice = Choice::FuseLeft;
                nd.x = lf.x;
                nd.y = lf.y;
            }
        }
        if (k + 1 < j) {
            const int k2 = split(k + 1, j);
            // D.14 with sizes (P_{i-1}, P_k, P_k2, P_j); thesis beta = P_{i-1}/P_k.
            const Fused rf = rightFused(P(i - 1), P(k), P(k2), P(j), m, beta);
            nd.beta = rf.shape;
            nd.betaPrime = rf.shapePrime;
            nd.hr = w(k + 1, k2) + w(k2 + 1, j) + w(i, k) + (rf.cost + w(i, j)) - 2 * w(i, j);
            nd.fr = F(i, k) + F(k + 1, k2) + F(k2 + 1, j) + nd.hr;
            if (nd.fr < nd.f) {
                nd.f = nd.fr;
                nd.choice = Choice::FuseRight;
                nd.x = rf.x;
                nd.y = rf.y;
            }
        }
        memo[{i, j}] = nd;
        r.nodes.push_back(nd);
        return nd.f;
    };
    r.f = F(1, n);
    // The thesis's naming T1, T2, ...: by sub-chain length, then by first matrix (spec §6.1).
    std::sort(r.nodes.begin(), r.nodes.end(), [](const Node& a, const Node& b) {
        return std::pair(a.j - a.i, a.i) < std::pair(b.j - b.i, b.i);
    });
    r.fusedTotal = r.f + P(0) * P(n);
    r.reductionPct = 100 * (r.s - r.fusedTotal) / r.s;
    // The hyper-node tree (spec §5.3), pre-order.
    std::function<void(int, int)> hyper = [&](int i, int j) {
        if (i == j) {
            return;
        }
        const Node& nd = memo.at({i, j});
        HyperNode h;
        h.i = i;
        h.j = j;
        h.choice = nd.choice;
        h.x = nd.x;
        h.y = nd.y;
        h.members = {{i, j}};
        h.costUnfused = nd.s;
        std::vector<std::pair<int, int>> children;
        const int k = nd.k;
        if (nd.choice == Choice::NoFuse) {
            h.costChosen = nd.s;
            children = {{i, k}, {k + 1, j}};
        } else if (nd.choice == Choice::FuseLeft) {
            const int k1 = split(i, k);
            h.members.push_back({i, k});
            h.costUnfused += memo.at({i, k}).s;
            // D.10 contains its own output write (spec §5.2).
            h.costChosen = leftFused(P(i - 1), P(k1), P(k), P(j), m).cost;
            children = {{i, k1}, {k1 + 1, k}, {k + 1, j}};
        } else {
            const int k2 = split(k + 1, j);
            h.members.push_back({k + 1, j});
            h.costUnfused += memo.at({k + 1, j}).s;
            h.costChosen = rightFused(P(i - 1), P(k), P(k2), P(j), m, beta).cost;
            children = {{i, k}, {k + 1, k2}, {k2 + 1, j}};
        }
        r.hyperNodes.push_back(h);
        for (const auto& [a, b] : children) {
            hyper(a, b);
        }
    };
    hyper(1, n);
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (static_cast<double>(p[i]) < std::sqrt(m)) {
            std::string msg;
            msg.append("P").append(std::to_string(i)).append(" = ").append(std::to_string(p[i]));
            msg.append(" is below sqrt(M) = ").append(formatNumber(std::sqrt(m)));
            msg.append(": the closed forms assume every dimension exceeds its tile (spec §1.4); "
                       "costs can be meaningless or negative");
            r.warnings.push_back(msg);
            break;
        }
    }
    return r;
}

} // namespace cdx::chain
