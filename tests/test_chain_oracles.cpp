// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle catalogue of spec matrix-chain.md §8, one named `_data()` row per oracle (O-1 …
// O-17) with the spec's tolerance: exact integers for op counts and for S where √M divides the
// products, 0.005 elements for costs printed with two decimals, 5e-4 for percentages printed
// with three, ±1 element for the thesis's printed tiles, ±1.0 pp for Table D.1's averages.
// (test_chain.cpp and test_chain_extensions.cpp test the same model more widely.)

#include "chain/chain_extensions.hpp"
#include "chain/chain_model.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx::chain;

namespace {
const std::vector<std::int64_t> kExample{936, 1008, 552, 368, 1016, 616, 544};
// A published value of thesis Appendix D (profiles/published/thesis-appendix-d.json), by id
// without the "thesis-d-" prefix: the one table `cdx reproduce` reports.
double pub(const std::string& id) {
    return cdx::test::published(("thesis-d-" + id).c_str());
}
const Node& node(const ChainResult& r, int i, int j) {
    for (const auto& n : r.nodes) {
        if (n.i == i && n.j == j) {
            return n;
        }
    }
    throw std::runtime_error("no node");
}
// D.11 at real tiles (x along P1, y along P3), before the optimum.
double d11(double p0, double p1, double p2, double p3, double x, double y) {
    return p1 * p2 * p3 * (x + y) / (x * y) + p0 * p1 * p3 * (x + 2 * y) / (x * y) - p0 * p3;
}
} // namespace

class TestChainOracles : public QObject {
    Q_OBJECT
private slots:
    void catalogue_data();
    void catalogue();
};

void TestChainOracles::catalogue_data() {
    QTest::addColumn<double>("tolerance");
    QTest::newRow("O-1 Fig. D.3: P0 60, P2 50, M 64 -> x = y = 8") << 0.0;
    QTest::newRow("O-2 single MM (936,1008,552)") << 0.005;
    QTest::newRow("O-3 A1 < A2 < R stationary (1000,400,2000)") << 0.005;
    QTest::newRow("O-4 op count and tree of the worked example") << 0.0;
    QTest::newRow("O-5 S(1,6) = 10,190,344") << 0.0;
    QTest::newRow("O-6 thesis beta: F, total, reduction") << 0.005;
    QTest::newRow("O-7 thesis beta: Fig. D.11 entries / 1e5 and decisions") << 0.0;
    QTest::newRow("O-8 tiles of T3 and T4 (printed, +-1)") << 1.0;
    QTest::newRow("O-9 corrected beta: decisions, total, reduction") << 0.005;
    QTest::newRow("O-10 M = 98304: S, both betas") << 0.005;
    QTest::newRow("O-11 two MM (368,1016,616,544) fused left") << 0.005;
    QTest::newRow("O-12 two MM (936,1008,552,368) fused right") << 0.005;
    QTest::newRow("O-13 two MM 512^4") << 0.005;
    QTest::newRow("O-14 reversal invariance") << 5e-4;
    QTest::newRow("O-15 n = 2 gives 0 %") << 0.0;
    QTest::newRow("O-16 Table D.1 averages (U[320,1024], thesis beta)") << 1.0;
    QTest::newRow("O-17 Fig. D.9 legal pairs") << 0.0;
}

void TestChainOracles::catalogue() {
    QFETCH(double, tolerance);
    const QString id = QString(QTest::currentDataTag()).section(' ', 0, 0);
    const auto near = [&](double actual, double expected) {
        return std::abs(actual - expected) <= tolerance;
    };
    if (id == "O-1") {
        const SingleMM s = singleMM(60, 40, 50, 64);
        QCOMPARE(s.outputStationary.tile1, 8.0);
        QCOMPARE(s.outputStationary.tile2, 8.0);
    } else if (id == "O-2") {
        const SingleMM s = singleMM(936, 1008, 552, 65536);
        QVERIFY(near(s.outputStationary.cost, pub("single-mm-o2-r")));
        QVERIFY(near(s.input1Stationary.cost, pub("single-mm-o2-a1")));
        QVERIFY(near(s.input2Stationary.cost, pub("single-mm-o2-a2")));
    } else if (id == "O-3") {
        const SingleMM s = singleMM(1000, 400, 2000, 65536);
        QVERIFY(near(s.input1Stationary.cost, pub("single-mm-o3-a1")));
        QVERIFY(near(s.input2Stationary.cost, pub("single-mm-o3-a2")));
        QVERIFY(near(s.outputStationary.cost, pub("single-mm-o3-r")));
        QVERIFY(s.input1Stationary.cost < s.input2Stationary.cost);
        QVERIFY(s.input2Stationary.cost < s.outputStationary.cost);
        QVERIFY(!s.outputIsBest);
    } else if (id == "O-4") {
        const OpCount oc = opCount(kExample);
        QCOMPARE(oc.total, std::int64_t(pub("worked-example-opcount")));
        QCOMPARE(treeText(oc, 1, 6), std::string("((A1(A2A3))((A4A5)A6))"));
        for (auto [i, j] : {std::pair{1, 6}, {1, 3}, {2, 3}, {4, 6}, {4, 5}}) {
            const auto sid = "worked-example-split-" + std::to_string(i) + "-" + std::to_string(j);
            QCOMPARE(oc.split[std::size_t(i)][std::size_t(j)], int(pub(sid)));
        }
    } else if (id == "O-5") {
        QCOMPARE(analyseChain(kExample, 65536, Beta::Thesis).s, pub("worked-example-s"));
    } else if (id == "O-6") {
        const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
        QVERIFY(near(r.f, pub("worked-example-f")));
        QVERIFY(near(r.fusedTotal, pub("worked-example-fused")));
        QVERIFY(std::abs(r.reductionPct - pub("worked-example-reduction")) <= 5e-4);
    } else if (id == "O-7") {
        const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
        // The printed entries (units of 10^5 words): the published table, by id.
        const auto e5 = [](double v) { return std::lround(v / 1e5); };
        const auto printed = [&](int t, const char* k) {
            return e5(pub("d11-t" + std::to_string(t + 1) + "-" + k + "-printed"));
        };
        const int ij[5][2] = {{2, 3}, {4, 5}, {1, 3}, {4, 6}, {1, 6}};
        for (int t = 0; t < 5; ++t) {
            const Node& n = node(r, ij[t][0], ij[t][1]);
            QCOMPARE(e5(n.hp), printed(t, "hp"));
            QCOMPARE(e5(n.fp), printed(t, "fp"));
            QCOMPARE(e5(n.f), printed(t, "cost"));
        }
        QCOMPARE(e5(node(r, 4, 6).hl), printed(3, "hl"));
        QCOMPARE(e5(node(r, 1, 6).hl), printed(4, "hl"));
        QCOMPARE(e5(node(r, 1, 3).hr), printed(2, "hr"));
        QCOMPARE(e5(node(r, 1, 6).hr), printed(4, "hr"));
        QCOMPARE(e5(node(r, 4, 6).fl), printed(3, "fl"));
        QCOMPARE(e5(node(r, 1, 6).fl), printed(4, "fl"));
        QCOMPARE(e5(node(r, 1, 3).fr), printed(2, "fr"));
        QCOMPARE(e5(node(r, 1, 6).fr), printed(4, "fr"));
        QCOMPARE(node(r, 1, 3).choice, Choice::FuseRight);
        QCOMPARE(node(r, 4, 6).choice, Choice::FuseLeft);
        QCOMPARE(node(r, 1, 6).choice, Choice::NoFuse);
    } else if (id == "O-8") {
        const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
        // The tiles rounded to elements against the printed ones, +-1 (the printed 296 is
        // unexplained: 297.304 rounds to 297, spec §6.4).
        const auto printed = [&](double v, double p) { return near(std::round(v), p); };
        QVERIFY(printed(node(r, 1, 3).x, pub("d11-t3-tile-x-printed")) &&
                printed(node(r, 1, 3).y, pub("d11-t3-tile-y-printed")));
        QVERIFY(printed(node(r, 4, 6).x, pub("d11-t4-tile-x-printed")) &&
                printed(node(r, 4, 6).y, pub("d11-t4-tile-y-printed")));
        QVERIFY(std::abs(node(r, 1, 3).x - pub("d11-t3-tile-x")) < 5e-4);
        QVERIFY(std::abs(node(r, 4, 6).y - pub("d11-t4-tile-y")) < 5e-4);
        QCOMPARE(node(r, 1, 6).x, 256.0);
    } else if (id == "O-9") {
        const ChainResult r = analyseChain(kExample, 65536, Beta::Corrected);
        QCOMPARE(node(r, 1, 3).choice, Choice::NoFuse);
        QCOMPARE(node(r, 4, 6).choice, Choice::FuseLeft);
        QCOMPARE(node(r, 1, 6).choice, Choice::FuseLeft);
        QVERIFY(near(r.fusedTotal, pub("worked-example-corrected-64k-fused")));
        QVERIFY(std::abs(r.reductionPct - pub("worked-example-corrected-64k-reduction")) <= 5e-4);
    } else if (id == "O-10") {
        const ChainResult t = analyseChain(kExample, 98304, Beta::Thesis);
        const ChainResult c = analyseChain(kExample, 98304, Beta::Corrected);
        QVERIFY(std::abs(t.s - pub("worked-example-thesis-96k-s")) < 5e-4);
        QVERIFY(std::abs(t.fusedTotal - pub("worked-example-thesis-96k-fused")) < 5e-4);
        QVERIFY(std::abs(t.reductionPct - pub("worked-example-thesis-96k-reduction")) <= 5e-4);
        QVERIFY(std::abs(c.fusedTotal - pub("worked-example-corrected-96k-fused")) < 5e-4);
        QVERIFY(std::abs(c.reductionPct - pub("worked-example-corrected-96k-reduction")) <= 5e-4);
    } else if (id == "O-11") {
        const TwoMM t = twoMM(368, 1016, 616, 544, 65536, Beta::Corrected);
        QCOMPARE(t.unfusedLeft, pub("two-mm-368-1016-616-544-unfused-left"));
        QVERIFY(near(t.fusedLeft.cost, pub("o11-fused-left")));
        QVERIFY(std::abs(t.fusedLeft.x - pub("o11-fused-left-x")) < 5e-4);
        QVERIFY(std::abs(t.fusedLeft.y - pub("o11-fused-left-y")) < 5e-4);
    } else if (id == "O-12") {
        const TwoMM c = twoMM(936, 1008, 552, 368, 65536, Beta::Corrected);
        const TwoMM t = twoMM(936, 1008, 552, 368, 65536, Beta::Thesis);
        QVERIFY(near(c.fusedRight.cost, pub("two-mm-936-1008-552-368-fused-right")));
        QVERIFY(std::abs(c.fusedRight.x - pub("o12-fused-right-x")) < 5e-4);
        QVERIFY(std::abs(c.fusedRight.y - pub("o12-fused-right-y")) < 5e-4);
        QVERIFY(near(t.fusedRight.cost, pub("two-mm-936-1008-552-368-fused-right-thesis-beta")));
        // Not attainable: D.11 at the thesis's tiles costs 5,165,599.30, and no tiling on
        // x y = M beats the corrected value.
        QVERIFY(near(d11(936, 1008, 552, 368, t.fusedRight.x, t.fusedRight.y),
                     pub("o12-d11-at-thesis-tiles")));
        double best = std::numeric_limits<double>::infinity();
        for (double x = 100; x <= 600; x += 0.01) {
            best = std::min(best, d11(936, 1008, 552, 368, x, 65536 / x));
        }
        QVERIFY(best >= c.fusedRight.cost - 1e-6);
        QVERIFY(best - c.fusedRight.cost < 0.01);
    } else if (id == "O-13") {
        const TwoMM t = twoMM(512, 512, 512, 512, 65536, Beta::Corrected);
        QVERIFY(near(t.fusedLeft.cost, pub("o13-fused-left")));
        QVERIFY(near(t.fusedRight.cost, pub("o13-fused-right")));
        QCOMPARE(t.unfusedLeft, pub("two-mm-512-512-512-512-unfused-left"));
        QVERIFY(std::abs(t.fusedLeft.x - pub("o13-fused-left-x")) < 5e-4);
        QVERIFY(std::abs(t.fusedLeft.y - pub("o13-fused-left-y")) < 5e-4);
    } else if (id == "O-14") {
        const std::vector<std::int64_t> a{320, 1024, 320, 1024}, b{1024, 320, 1024, 320};
        QVERIFY(near(analyseChain(a, 65536, Beta::Corrected).reductionPct, pub("o14-a-64k")));
        QVERIFY(near(analyseChain(b, 65536, Beta::Corrected).reductionPct, pub("o14-b-64k")));
        const double ta = analyseChain(a, 65536, Beta::Thesis).reductionPct,
                     tb = analyseChain(b, 65536, Beta::Thesis).reductionPct;
        QVERIFY(near(std::max(ta, tb), pub("o14-a-64k")) && near(std::min(ta, tb), 0.0));
        QVERIFY(near(analyseChain(a, 98304, Beta::Corrected).reductionPct, pub("o14-a-96k")));
        QVERIFY(near(analyseChain(b, 98304, Beta::Corrected).reductionPct, pub("o14-b-96k")));
    } else if (id == "O-15") {
        for (const auto& p : {std::vector<std::int64_t>{936, 1008, 552},
                              std::vector<std::int64_t>{1000, 400, 2000}}) {
            for (Beta b : {Beta::Corrected, Beta::Thesis}) {
                QCOMPARE(analyseChain(p, 65536, b).reductionPct, 0.0);
            }
        }
    } else if (id == "O-16") {
        TableD1Config c;
        c.beta = Beta::Thesis;
        const TableD1 t = tableD1(c);
        int rows = 0;
        for (const auto& row : t.rows) {
            const std::string n = "table-d1-n" + std::to_string(row.n);
            QVERIFY2(near(row.perMemory[0].avg, pub(n + "-64k")),
                     qPrintable(QString::number(row.n)));
            QVERIFY2(near(row.perMemory[1].avg, pub(n + "-96k")),
                     qPrintable(QString::number(row.n)));
            ++rows;
        }
        QCOMPARE(rows, 19);
        QVERIFY(near(t.allFrom3[0].avg, pub("table-d1-64k")) &&
                near(t.allFrom3[1].avg, pub("table-d1-96k")));
    } else if (id == "O-17") {
        const std::vector<std::vector<int>> legal{{1, 3}, {1, 4}, {1, 6}, {2, 3},
                                                  {2, 4}, {2, 6}, {3, 5}, {4, 5}};
        QCOMPARE(figureD9LegalSets(2), legal);
        QVERIFY(figureD9LegalSets(3).empty());
    } else {
        QFAIL(qPrintable("no check for " + id));
    }
}

QTEST_APPLESS_MAIN(TestChainOracles)
#include "test_chain_oracles.moc"
