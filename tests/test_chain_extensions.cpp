// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix chains beyond the op-count tree (spec matrix-chain.md §5.4, labelled extensions): the
// hyper-node DP against a brute force over every legal fusion (matching) of the op-count tree and
// the all-trees DP against a brute force over every tree and matching (n <= 6); integer tiles with
// ceilings never beat the continuous optimum and the candidate-set search equals a full scan;
// Fig. D.3 (O-1), Fig. D.9 legality (O-17), Table D.1 as a statistical oracle (O-16); bad input.

#include "chain/chain_extensions.hpp"
#include "params/input_error.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <tuple>

using namespace cdx;
using namespace cdx::chain;

namespace {
const std::vector<std::int64_t> kExample{936, 1008, 552, 368, 1016, 616, 544}; // spec §6.1

using Split = std::map<std::pair<int, int>, int>;

// Every full parenthesization of A_i..A_j as a split map.
std::vector<Split> allSplits(int i, int j) {
    if (i == j) {
        return {Split{}};
    }
    std::vector<Split> out;
    for (int k = i; k < j; ++k) {
        for (const Split& l : allSplits(i, k)) {
            for (const Split& r : allSplits(k + 1, j)) {
                Split s = l;
                s.insert(r.begin(), r.end());
                s[{i, j}] = k;
                out.push_back(s);
            }
        }
    }
    return out;
}

// The minimum over every legal fusion set of one tree, each plan costed by the decomposition
// identity (spec §5.2): an unfused node costs D.3, a fused pair D.10 or D.14.
double bestOverMatchings(const std::vector<std::int64_t>& p, const Split& split, double m, Beta b,
                         int& plans) {
    const auto P = [&](int i) { return static_cast<double>(p[static_cast<std::size_t>(i)]); };
    std::vector<std::pair<int, int>> nodes;
    for (const auto& [ij, k] : split) {
        nodes.push_back(ij);
    }
    const auto id = [&](std::pair<int, int> ij) {
        return static_cast<int>(std::find(nodes.begin(), nodes.end(), ij) - nodes.begin());
    };
    struct Edge {
        std::pair<int, int> parent, child;
        bool left;
    };
    std::vector<Edge> edges;
    for (const auto& [ij, k] : split) {
        if (split.count({ij.first, k})) {
            edges.push_back({ij, {ij.first, k}, true});
        }
        if (split.count({k + 1, ij.second})) {
            edges.push_back({ij, {k + 1, ij.second}, false});
        }
    }
    double best = std::numeric_limits<double>::infinity();
    for (unsigned mask = 0; mask < (1u << edges.size()); ++mask) {
        std::vector<TreeEdge> set;
        for (std::size_t e = 0; e < edges.size(); ++e) {
            if (mask & (1u << e)) {
                set.push_back({id(edges[e].parent), id(edges[e].child)});
            }
        }
        if (!legalFusion(set)) {
            continue;
        }
        ++plans;
        std::vector<bool> absorbed(nodes.size(), false);
        double cost = 0;
        for (std::size_t e = 0; e < edges.size(); ++e) {
            if (!(mask & (1u << e))) {
                continue;
            }
            const auto [i, j] = edges[e].parent;
            const int k = split.at({i, j});
            absorbed[static_cast<std::size_t>(id(edges[e].parent))] = true;
            absorbed[static_cast<std::size_t>(id(edges[e].child))] = true;
            if (edges[e].left) {
                const int k1 = split.at({i, k});
                cost += twoMM(P(i - 1), P(k1), P(k), P(j), m, b).fusedLeft.cost;
            } else {
                const int k2 = split.at({k + 1, j});
                cost += twoMM(P(i - 1), P(k), P(k2), P(j), m, b).fusedRight.cost;
            }
        }
        for (std::size_t v = 0; v < nodes.size(); ++v) {
            if (!absorbed[v]) {
                const auto [i, j] = nodes[v];
                const int k = split.at({i, j});
                cost += 2 * P(i - 1) * P(k) * P(j) / std::sqrt(m) + P(i - 1) * P(j);
            }
        }
        best = std::min(best, cost);
    }
    return best;
}

bool close(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(1.0, std::abs(b));
}
} // namespace

class TestChainExtensions : public QObject {
    Q_OBJECT
private slots:
    void figureD3();
    void singleCasesAreMinimaOfTheirForms();
    void figureD9Legality();
    void hyperNodeDpEqualsBruteForce();
    void allTreesEqualsBruteForce();
    void allTreesWorkedExample();
    void integerTilesNeverBeatContinuous();
    void integerSearchEqualsFullScan();
    void integerWorkedExample();
    void memorySweepMarksThesisCapacities();
    void tableD1Statistical();
    void tableD1ProgressAndCancel();
    void badInput();
};

// O-1, Fig. D.3: P0 = 60, P2 = 50, M = 64 gives x* = y* = 8 (R stationary).
void TestChainExtensions::figureD3() {
    const SingleMM s = singleMM(60, 40, 50, 64);
    QCOMPARE(s.outputStationary.tile1, 8.0);
    QCOMPARE(s.outputStationary.tile2, 8.0);
    QVERIFY(s.outputStationary.tilesFit);
    // The continuous optimum equals the minimum over the integer grid (8 divides neither 60
    // nor 50, so the ceilings cost more).
    const IntegerTiles t = bestIntegerTiles(unfusedForm(60, 40, 50), 64);
    QVERIFY(t.cost >= s.outputStationary.cost);
}

// Table D.2's closed forms are the minima of D.2, D.4 and Case 3 over t1 t2 = M (a scan).
void TestChainExtensions::singleCasesAreMinimaOfTheirForms() {
    int checked = 0;
    for (const auto& [p0, p1, p2] :
         {std::tuple{936.0, 1008.0, 552.0}, std::tuple{1000.0, 400.0, 2000.0},
          std::tuple{1024.0, 1024.0, 1024.0}}) {
        const SingleMM s = singleMM(p0, p1, p2, 65536);
        const SingleCase* cases[3] = {&s.outputStationary, &s.input1Stationary,
                                      &s.input2Stationary};
        const SingleCaseId ids[3] = {SingleCaseId::Output, SingleCaseId::Input1,
                                     SingleCaseId::Input2};
        for (int c = 0; c < 3; ++c) {
            double best = std::numeric_limits<double>::infinity();
            for (double t1 = 16; t1 <= 4096; t1 *= 1.001) {
                best = std::min(best, singleCostAt(ids[c], p0, p1, p2, t1, 65536 / t1));
            }
            QVERIFY(close(singleCostAt(ids[c], p0, p1, p2, cases[c]->tile1, cases[c]->tile2),
                          cases[c]->cost));
            QVERIFY(best >= cases[c]->cost * (1 - 1e-12));
            QVERIFY(best <= cases[c]->cost * (1 + 1e-6));
            ++checked;
        }
    }
    QCOMPARE(checked, 9);
}

// O-17: the legal pairs of Fig. D.9 are exactly the eight of the thesis; no triple is legal.
void TestChainExtensions::figureD9Legality() {
    const std::vector<std::vector<int>> pairs{{1, 3}, {1, 4}, {1, 6}, {2, 3},
                                              {2, 4}, {2, 6}, {3, 5}, {4, 5}};
    QCOMPARE(figureD9LegalSets(2), pairs);
    QVERIFY(figureD9LegalSets(3).empty());
    QCOMPARE(figureD9LegalSets(1).size(), std::size_t(6));
}

// The D.23 DP is exact over every legal fusion of the op-count tree (spec §5.2 [D]).
void TestChainExtensions::hyperNodeDpEqualsBruteForce() {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<std::int64_t> d(320, 1024);
    int checked = 0, plans = 0;
    for (Beta b : {Beta::Corrected, Beta::Thesis}) {
        for (int n = 2; n <= 8; ++n) {
            for (int rep = 0; rep < 6; ++rep) {
                std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
                for (auto& x : p) {
                    x = d(rng);
                }
                const ChainResult r = analyseChain(p, 65536, b);
                Split split;
                for (const Node& nd : r.nodes) {
                    split[{nd.i, nd.j}] = nd.k;
                }
                QVERIFY(close(bestOverMatchings(p, split, 65536, b, plans), r.fusedTotal));
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 84);
    QVERIFY(plans > checked);
}

// Extension: the all-trees DP equals the minimum over every tree and every legal fusion, and is
// never above the op-count tree's value (n <= 6: 42 trees).
void TestChainExtensions::allTreesEqualsBruteForce() {
    std::mt19937_64 rng(5);
    std::uniform_int_distribution<std::int64_t> d(320, 1024);
    int checked = 0, plans = 0;
    for (Beta b : {Beta::Corrected, Beta::Thesis}) {
        for (int n = 2; n <= 6; ++n) {
            for (int rep = 0; rep < 5; ++rep) {
                std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
                for (auto& x : p) {
                    x = d(rng);
                }
                double best = std::numeric_limits<double>::infinity(), bestS = best;
                for (const Split& s : allSplits(1, n)) {
                    best = std::min(best, bestOverMatchings(p, s, 65536, b, plans));
                    double sCost = 0;
                    for (const auto& [ij, k] : s) {
                        const auto P = [&](int v) {
                            return static_cast<double>(p[static_cast<std::size_t>(v)]);
                        };
                        sCost += 2 * P(ij.first - 1) * P(k) * P(ij.second) / 256 +
                                 P(ij.first - 1) * P(ij.second);
                    }
                    bestS = std::min(bestS, sCost);
                }
                const AllTrees a = allTrees(p, 65536, b);
                QVERIFY(close(a.fusedTotal, best));
                QVERIFY(close(a.sMin, bestS));
                const ChainResult r = analyseChain(p, 65536, b);
                QVERIFY(a.fusedTotal <= r.fusedTotal * (1 + 1e-12));
                QVERIFY(a.sMin <= r.s * (1 + 1e-12));
                QVERIFY(a.treeOps >= r.oc.total);
                double sum = 0;
                for (const HyperNode& h : a.hyperNodes) {
                    sum += h.costChosen;
                }
                QVERIFY(close(sum, a.fusedTotal)); // its plan adds up
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 50);
    QVERIFY(plans > 1000);
}

// The worked example: S over all trees is the op-count tree's 10,190,344 (spec §6.2); the fused
// optimum over all trees is at most the op-count tree's 9,323,278.25 (corrected beta).
void TestChainExtensions::allTreesWorkedExample() {
    const AllTrees a = allTrees(kExample, 65536, Beta::Corrected);
    QCOMPARE(a.sMin, test::published("thesis-d-worked-example-s"));
    QCOMPARE(QString::fromStdString(a.sTree), QString("((A1(A2A3))((A4A5)A6))"));
    QVERIFY(a.fusedTotal <= test::published("thesis-d-worked-example-corrected-64k-fused") + 0.01);
    QVERIFY(a.gainVsOpTreePct >= 0);
}

// Integer tiles with ceilings cost at least the continuous closed form (corrected beta), and the
// rounded closed-form tiles at least the integer optimum.
void TestChainExtensions::integerTilesNeverBeatContinuous() {
    std::mt19937_64 rng(9);
    std::uniform_int_distribution<std::int64_t> d(1, 2048);
    std::uniform_int_distribution<int> len(2, 10);
    int checked = 0;
    for (int rep = 0; rep < 60; ++rep) {
        std::vector<std::int64_t> p(static_cast<std::size_t>(len(rng) + 1));
        for (auto& x : p) {
            x = d(rng);
        }
        for (double m : {64.0, 4096.0, 65536.0}) {
            const ChainResult r = analyseChain(p, m, Beta::Corrected);
            const IntegerPlan plan = integerPlan(r);
            QCOMPARE(plan.fused.size(), r.hyperNodes.size());
            QCOMPARE(plan.unfused.size(), r.nodes.size());
            for (const auto* list : {&plan.fused, &plan.unfused}) {
                for (const IntegerNode& n : *list) {
                    QVERIFY(n.best.cost >= n.continuousCost * (1 - 1e-12));
                    QVERIFY(n.rounded.cost >= n.best.cost);
                    QVERIFY(double(n.best.x) * double(n.best.y) <= m);
                    QVERIFY(double(n.rounded.x) * double(n.rounded.y) <= m);
                    ++checked;
                }
            }
            QVERIFY(close(plan.fusedContinuous, r.fusedTotal));
            QVERIFY(close(plan.sContinuous, r.s));
        }
    }
    QVERIFY(checked > 1000);
}

// The O(sqrt a sqrt b) candidate search equals a scan of every integer tile.
void TestChainExtensions::integerSearchEqualsFullScan() {
    std::mt19937_64 rng(13);
    std::uniform_int_distribution<std::int64_t> d(1, 300);
    int checked = 0;
    for (int rep = 0; rep < 40; ++rep) {
        const double a = double(d(rng)), b = double(d(rng)), c = double(d(rng)), e = double(d(rng));
        for (const TileCostForm& f :
             {unfusedForm(a, b, c), leftFusedForm(a, b, c, e), rightFusedForm(a, b, c, e)}) {
            for (double m : {2.0, 50.0, 1000.0, 20000.0}) {
                double best = std::numeric_limits<double>::infinity();
                for (std::int64_t x = 1; x <= std::int64_t(f.a); ++x) {
                    for (std::int64_t y = 1; y <= std::int64_t(f.b) && double(x * y) <= m; ++y) {
                        best = std::min(best, costAt(f, double(x), double(y)));
                    }
                }
                QCOMPARE(bestIntegerTiles(f, m).cost, best);
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 480);
}

// The worked example's T4+T2 left fusion (tiles 220.43 x 297.30): floored to 220 x 297.
void TestChainExtensions::integerWorkedExample() {
    const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
    const IntegerPlan plan = integerPlan(r);
    QCOMPARE(plan.fused.size(), std::size_t(3));
    QCOMPARE(plan.fused[2].choice, Choice::FuseLeft);
    QCOMPARE(plan.fused[2].rounded.x, std::int64_t(220));
    QCOMPARE(plan.fused[2].rounded.y, std::int64_t(297));
    // 256 x 256 tiles: ceil(936/256) = 4 tiles for 3.66: ceilings cost more than D.3.
    QVERIFY(plan.fused[0].rounded.cost > plan.fused[0].continuousCost);
    QCOMPARE(plan.fused[0].rounded.x, std::int64_t(256));
}

void TestChainExtensions::memorySweepMarksThesisCapacities() {
    const auto pts = memorySweep(kExample, Beta::Thesis, 1024, 1 << 20, 21);
    QCOMPARE(pts.size(), std::size_t(22)); // 65536 is a grid point (2^16), 98304 added
    int marked = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        if (i > 0) {
            QVERIFY(pts[i].m > pts[i - 1].m);
            QVERIFY(pts[i].s < pts[i - 1].s); // more on-chip memory, less traffic
        }
        if (pts[i].m == 65536) {
            QCOMPARE(pts[i].s, 10190344.0);
            QVERIFY(std::abs(pts[i].reductionPct - 17.647) < 0.001);
            ++marked;
        }
        if (pts[i].m == 98304) {
            QVERIFY(std::abs(pts[i].reductionPct - 20.616) < 0.001);
            ++marked;
        }
    }
    QCOMPARE(marked, 2);
}

// O-16: with U{320..1024} and the thesis beta the per-n averages are within 1.0 pp of Table D.1
// and the mean over n = 3..20 near 9.44 % / 13.27 %; n = 2 is always 0 %.
void TestChainExtensions::tableD1Statistical() {
    TableD1Config c;
    c.beta = Beta::Thesis;
    c.chainsPerN = 1000;
    const TableD1 t = tableD1(c);
    QCOMPARE(t.rows.size(), std::size_t(19));
    QVERIFY(!t.cancelled);
    int checked = 0;
    for (const TableD1Row& row : t.rows) {
        // Table D.1 as printed: the published table (thesis-appendix-d.json), by id.
        const std::string id = "thesis-d-table-d1-n" + std::to_string(row.n);
        const double avg64 = test::published((id + "-64k").c_str());
        const double avg96 = test::published((id + "-96k").c_str());
        QCOMPARE(printedTableD1()[static_cast<std::size_t>(row.n - 2)].avg64, avg64);
        QVERIFY2(
            std::abs(row.perMemory[0].avg - avg64) <= 1.0,
            qPrintable(
                QString("n=%1 64K avg %2 vs %3").arg(row.n).arg(row.perMemory[0].avg).arg(avg64)));
        QVERIFY2(
            std::abs(row.perMemory[1].avg - avg96) <= 1.0,
            qPrintable(
                QString("n=%1 96K avg %2 vs %3").arg(row.n).arg(row.perMemory[1].avg).arg(avg96)));
        QCOMPARE(row.perMemory[0].count, 1000);
        ++checked;
    }
    QCOMPARE(checked, 19);
    QCOMPARE(t.rows[0].perMemory[0].max, 0.0); // n = 2
    QVERIFY(std::abs(t.allFrom3[0].avg - test::published("thesis-d-table-d1-64k")) <= 0.5);
    QVERIFY(std::abs(t.allFrom3[1].avg - test::published("thesis-d-table-d1-96k")) <= 0.5);
    QVERIFY(t.rows[1].perMemory[0].max > 40 && t.rows[1].perMemory[0].max < 52); // n = 3
}

void TestChainExtensions::tableD1ProgressAndCancel() {
    TableD1Config c;
    c.nMin = 3;
    c.nMax = 6;
    c.chainsPerN = 10;
    int calls = 0;
    const TableD1 t = tableD1(c, [&](int done, int total) {
        ++calls;
        return !(done >= 25 && total == 40);
    });
    QVERIFY(t.cancelled);
    QCOMPARE(calls, 25);
    QCOMPARE(t.rows.size(), std::size_t(2)); // n = 3, 4 complete; n = 5 dropped
    // Seeded: the same configuration gives the same numbers.
    c.nMax = 4;
    const TableD1 a = tableD1(c), b = tableD1(c);
    QCOMPARE(a.rows[1].perMemory[0].avg, b.rows[1].perMemory[0].avg);
    QCOMPARE(a.rows[1].perMemory[0].avg, t.rows[1].perMemory[0].avg);
}

void TestChainExtensions::badInput() {
    const auto field = [](const std::function<void()>& f) {
        try {
            f();
        } catch (const InputError& e) {
            return QString::fromStdString(e.field());
        }
        return QString("no error");
    };
    QCOMPARE(field([] { analyseChain({1000, 1000}, 65536, Beta::Corrected); }), QString("--dims"));
    QCOMPARE(field([] {
                 analyseChain({1000, 1000, 1000}, 1, Beta::Corrected);
             }),
             QString("--memory-words")); // M too small for a tile
    QCOMPARE(field([] {
                 analyseChain({1000, 1000, 1000}, std::numeric_limits<double>::infinity(),
                              Beta::Corrected);
             }),
             QString("--memory-words"));
    QCOMPARE(field([] {
                 analyseChain({1000, 2000000, 1000}, 65536, Beta::Corrected);
             }),
             QString("--dims"));
    // An op count beyond 63 bits: 2^20 cubed is 2^60; sixteen such products overflow.
    const std::vector<std::int64_t> huge(18, kMaxDimension);
    QCOMPARE(field([&] { analyseChain(huge, 65536, Beta::Corrected); }), QString("--dims"));
    QCOMPARE(field([] {
                 TableD1Config c;
                 c.lo = 900;
                 c.hi = 100;
                 validate(c);
             }),
             QString("--sizes"));
    QCOMPARE(field([] {
                 TableD1Config c;
                 c.nMin = 1;
                 validate(c);
             }),
             QString("--n"));
    QCOMPARE(field([] {
                 TableD1Config c;
                 c.chainsPerN = 0;
                 validate(c);
             }),
             QString("--chains"));
    QCOMPARE(field([] { memorySweep(kExample, Beta::Corrected, 100, 50, 10); }),
             QString("memory range"));
}

QTEST_APPLESS_MAIN(TestChainExtensions)
#include "test_chain_extensions.moc"
