// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix chains (thesis App. D; spec matrix-chain.md): the oracle catalogue of §8 as named rows
// (single MM D.3-D.6, two MM D.10-D.17, Algorithm 10, S D.18, the hyper-node recurrence D.23 with
// both beta readings, the worked example D.7 with every Figure D.11 entry, M = 96K), Algorithm 10
// against a brute force over all trees (n <= 8), reversal invariance with the corrected beta, and
// bad input.

#include "chain/chain_model.hpp"
#include "params/input_error.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <functional>
#include <random>

using namespace cdx;
using namespace cdx::chain;

namespace {
const std::vector<std::int64_t> kExample{936, 1008, 552, 368, 1016, 616, 544}; // spec §6.1
// A published value of thesis Appendix D (profiles/published/thesis-appendix-d.json), by id
// without the "thesis-d-" prefix: the one table `cdx reproduce` reports.
double pub(const std::string& id) {
    return test::published(("thesis-d-" + id).c_str());
}
bool close(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(1.0, std::abs(b));
}
const Node& node(const ChainResult& r, int i, int j) {
    for (const auto& n : r.nodes) {
        if (n.i == i && n.j == j) {
            return n;
        }
    }
    throw std::runtime_error("no node");
}
} // namespace

class TestChain : public QObject {
    Q_OBJECT
private slots:
    void singleMM_data();
    void singleMM();
    void twoMM_data();
    void twoMM();
    void workedExampleOpCount();
    void workedExampleFigureD11_data();
    void workedExampleFigureD11();
    void workedExampleTotals_data();
    void workedExampleTotals();
    void hyperNodeDecomposition();
    void opCountEqualsBruteForce();
    void reversalInvariance();
    void twoMatricesNoReduction();
    void badInput();
};

// spec §1.7 and O-1..O-3.
void TestChain::singleMM_data() {
    QTest::addColumn<double>("p0");
    QTest::addColumn<double>("p1");
    QTest::addColumn<double>("p2");
    QTest::addColumn<double>("m");
    QTest::addColumn<double>("hr");
    QTest::addColumn<double>("ha1");
    QTest::addColumn<double>("ha2");
    // Expected values: the published table, by id (cdx chain prints R stationary as S of a
    // two-matrix chain, and all three cases under single_mm).
    QTest::newRow("O-2 (936,1008,552)")
        << 936.0 << 1008.0 << 552.0 << 65536.0 << pub("single-mm-o2-r") << pub("single-mm-o2-a1")
        << pub("single-mm-o2-a2");
    QTest::newRow("1.7 (1008,552,368)")
        << 1008.0 << 552.0 << 368.0 << 65536.0 << pub("single-mm-1008-552-368-r")
        << pub("single-mm-1008-552-368-a1") << pub("single-mm-1008-552-368-a2");
    QTest::newRow("1.7 (368,1016,616)")
        << 368.0 << 1016.0 << 616.0 << 65536.0 << pub("single-mm-368-1016-616-r")
        << pub("single-mm-368-1016-616-a1") << pub("single-mm-368-1016-616-a2");
    QTest::newRow("1.7 (1000,1000,1000)")
        << 1000.0 << 1000.0 << 1000.0 << 65536.0 << pub("single-mm-1000-1000-1000-r")
        << pub("single-mm-1000-1000-1000-a1") << pub("single-mm-1000-1000-1000-a2");
    QTest::newRow("1.7 (1024,1024,1024)")
        << 1024.0 << 1024.0 << 1024.0 << 65536.0 << pub("single-mm-1024-1024-1024-r")
        << pub("single-mm-1024-1024-1024-a1") << pub("single-mm-1024-1024-1024-a2");
    QTest::newRow("O-3 (1000,400,2000)")
        << 1000.0 << 400.0 << 2000.0 << 65536.0 << pub("single-mm-o3-r") << pub("single-mm-o3-a1")
        << pub("single-mm-o3-a2");
    QTest::newRow("1.7 (1024^3) M=98304")
        << 1024.0 << 1024.0 << 1024.0 << 98304.0 << pub("single-mm-1024-1024-1024-96k-r")
        << pub("single-mm-1024-1024-1024-96k-a1") << pub("single-mm-1024-1024-1024-96k-a2");
}

void TestChain::singleMM() {
    QFETCH(double, p0);
    QFETCH(double, p1);
    QFETCH(double, p2);
    QFETCH(double, m);
    QFETCH(double, hr);
    QFETCH(double, ha1);
    QFETCH(double, ha2);
    const SingleMM r = chain::singleMM(p0, p1, p2, m);
    QVERIFY(std::abs(r.outputStationary.cost - hr) < 0.01);
    QVERIFY(std::abs(r.input1Stationary.cost - ha1) < 0.01);
    QVERIFY(std::abs(r.input2Stationary.cost - ha2) < 0.01);
    QCOMPARE(r.outputIsBest, hr <= ha1 && hr <= ha2);
    // O-1: Figure D.3, P0 = 60, P2 = 50, M = 64: x* = y* = 8.
    const SingleMM d3 = chain::singleMM(60, 10, 50, 64);
    QCOMPARE(d3.outputStationary.tile1, 8.0);
    QCOMPARE(d3.outputStationary.tile2, 8.0);
}

// spec §3.5 and O-11..O-13.
void TestChain::twoMM_data() {
    QTest::addColumn<QVector<double>>("p");
    QTest::addColumn<double>("unfusedLeft");
    QTest::addColumn<double>("unfusedRight");
    QTest::addColumn<double>("fusedLeft");
    QTest::addColumn<double>("lx");
    QTest::addColumn<double>("ly");
    QTest::addColumn<double>("rightCorrected");
    QTest::addColumn<double>("rightThesis");
    // Expected values: the published table, by id (cdx chain --json, two_mm).
    const auto row = [](const char* name, QVector<double> p, const std::string& slug) {
        const std::string id = "two-mm-" + slug;
        QTest::newRow(name) << p << pub(id + "-unfused-left") << pub(id + "-unfused-right")
                            << pub(id + "-fused-left") << pub(id + "-fused-left-x")
                            << pub(id + "-fused-left-y") << pub(id + "-fused-right")
                            << pub(id + "-fused-right-thesis-beta");
    };
    row("3.5 / O-12 (936,1008,552,368)", {936, 1008, 552, 368}, "936-1008-552-368");
    row("3.5 / O-11 (368,1016,616,544)", {368, 1016, 616, 544}, "368-1016-616-544");
    row("3.5 (1000,500,2000,700)", {1000, 500, 2000, 700}, "1000-500-2000-700");
    row("3.5 / O-13 (512^4)", {512, 512, 512, 512}, "512-512-512-512");
}

void TestChain::twoMM() {
    QFETCH(QVector<double>, p);
    QFETCH(double, unfusedLeft);
    QFETCH(double, unfusedRight);
    QFETCH(double, fusedLeft);
    QFETCH(double, lx);
    QFETCH(double, ly);
    QFETCH(double, rightCorrected);
    QFETCH(double, rightThesis);
    const TwoMM c = chain::twoMM(p[0], p[1], p[2], p[3], 65536, Beta::Corrected);
    const TwoMM t = chain::twoMM(p[0], p[1], p[2], p[3], 65536, Beta::Thesis);
    QVERIFY(std::abs(c.unfusedLeft - unfusedLeft) < 0.01);
    QVERIFY(std::abs(c.unfusedRight - unfusedRight) < 0.01);
    QVERIFY(std::abs(c.fusedLeft.cost - fusedLeft) < 0.01);
    QVERIFY(std::abs(c.fusedLeft.x - lx) < 0.01);
    QVERIFY(std::abs(c.fusedLeft.y - ly) < 0.01);
    QVERIFY(std::abs(c.fusedRight.cost - rightCorrected) < 0.01);
    QVERIFY(std::abs(t.fusedRight.cost - rightThesis) < 0.01);
    // The corrected closed form is the true minimum of D.11 over x y = M (O-12): a scan.
    const double m = 65536;
    double best = 1e300;
    for (double x = 1; x <= 1000; x += 0.01) {
        const double y = m / x;
        const double d11 = p[1] * p[2] * p[3] * (x + y) / (x * y) +
                           p[0] * p[1] * p[3] * (x + 2 * y) / (x * y) - p[0] * p[3];
        best = std::min(best, d11);
    }
    QVERIFY2(std::abs(best - rightCorrected) < 0.5, qPrintable(QString::number(best, 'f', 2)));
}

// spec §6.1, O-4, O-5.
void TestChain::workedExampleOpCount() {
    const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
    QCOMPARE(r.oc.total, std::int64_t(pub("worked-example-opcount")));
    QCOMPARE(r.tree, std::string("((A1(A2A3))((A4A5)A6))"));
    for (auto [i, j] : {std::pair{1, 6}, {1, 3}, {2, 3}, {4, 6}, {4, 5}}) {
        const auto id = "worked-example-split-" + std::to_string(i) + "-" + std::to_string(j);
        QCOMPARE(r.oc.split[std::size_t(i)][std::size_t(j)], int(pub(id)));
    }
    QCOMPARE(r.oc.opcount[1][2], std::int64_t(pub("worked-example-opcount-1-2")));
    QCOMPARE(r.oc.opcount[3][6], std::int64_t(pub("worked-example-opcount-3-6")));
    QCOMPARE(r.s, pub("worked-example-s")); // exact: sqrt(M) = 256 divides every product
}

// spec §6.3: Figure D.11's exact values (thesis beta), the printed entries / 10^5, O-7.
void TestChain::workedExampleFigureD11_data() {
    QTest::addColumn<int>("i");
    QTest::addColumn<int>("j");
    QTest::addColumn<double>("hp");
    QTest::addColumn<double>("hl");
    QTest::addColumn<double>("hr");
    QTest::addColumn<double>("fp");
    QTest::addColumn<double>("fl");
    QTest::addColumn<double>("fr");
    QTest::addColumn<QString>("choice");
    // Expected values: the published table (spec §6.3's exact values), by id; NaN: no such cost.
    const double na = std::nan("");
    const auto v = [](const char* t, const char* k) {
        return pub(std::string("d11-") + t + "-" + k);
    };
    QTest::newRow("D.11 T1 <2,3>")
        << 2 << 3 << v("t1", "hp") << na << na << v("t1", "fp") << na << na << "p";
    QTest::newRow("D.11 T2 <4,5>")
        << 4 << 5 << v("t2", "hp") << na << na << v("t2", "fp") << na << na << "p";
    QTest::newRow("D.11 T3 <1,3>") << 1 << 3 << v("t3", "hp") << na << v("t3", "hr")
                                   << v("t3", "fp") << na << v("t3", "fr") << "r";
    QTest::newRow("D.11 T4 <4,6>") << 4 << 6 << v("t4", "hp") << v("t4", "hl") << na
                                   << v("t4", "fp") << v("t4", "fl") << na << "l";
    QTest::newRow("D.11 T5 <1,6>") << 1 << 6 << v("t5", "hp") << v("t5", "hl") << v("t5", "hr")
                                   << v("t5", "fp") << v("t5", "fl") << v("t5", "fr") << "p";
}

void TestChain::workedExampleFigureD11() {
    QFETCH(int, i);
    QFETCH(int, j);
    QFETCH(double, hp);
    QFETCH(double, hl);
    QFETCH(double, hr);
    QFETCH(double, fp);
    QFETCH(double, fl);
    QFETCH(double, fr);
    QFETCH(QString, choice);
    const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
    const Node& n = node(r, i, j);
    const auto same = [](double got, double want) {
        return std::isnan(want) ? std::isnan(got) : std::abs(got - want) < 0.001;
    };
    QVERIFY2(same(n.hp, hp), qPrintable(QString::number(n.hp, 'f', 3)));
    QVERIFY2(same(n.hl, hl), qPrintable(QString::number(n.hl, 'f', 3)));
    QVERIFY2(same(n.hr, hr), qPrintable(QString::number(n.hr, 'f', 3)));
    QVERIFY(same(n.fp, fp));
    QVERIFY(same(n.fl, fl));
    QVERIFY(same(n.fr, fr));
    QCOMPARE(QString::fromLatin1(name(n.choice).data()), choice);
    // The printed table: each entry is the exact value / 10^5, rounded (spec §6.3).
    const auto printed = [](const char* id) { return std::lround(pub(id) / 1e5); };
    if (i == 2) {
        QCOMPARE(std::lround(n.hp / 1e5), printed("d11-t1-hp-printed"));
    }
    if (i == 1 && j == 6) {
        QCOMPARE(std::lround(n.hp / 1e5), printed("d11-t5-hp-printed"));
        QCOMPARE(std::lround(n.hl / 1e5), printed("d11-t5-hl-printed"));
        QCOMPARE(std::lround(n.hr / 1e5), printed("d11-t5-hr-printed"));
    }
    // O-8: tiles (thesis beta) T3 311.593 x 210.325; T4 220.434 x 297.304; unfused 256 x 256.
    if (i == 1 && j == 3) {
        QVERIFY(std::abs(n.x - pub("d11-t3-tile-x")) < 0.001 &&
                std::abs(n.y - pub("d11-t3-tile-y")) < 0.001);
    } else if (i == 4 && j == 6) {
        QVERIFY(std::abs(n.x - pub("d11-t4-tile-x")) < 0.001 &&
                std::abs(n.y - pub("d11-t4-tile-y")) < 0.001);
    } else if (n.choice == Choice::NoFuse) {
        QCOMPARE(n.x, 256.0);
    }
}

// O-6, O-9, O-10.
void TestChain::workedExampleTotals_data() {
    QTest::addColumn<double>("m");
    QTest::addColumn<QString>("beta");
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("reduction");
    // Expected values: the published table, by id.
    QTest::newRow("O-6 thesis beta 64K")
        << 65536.0 << "thesis" << pub("worked-example-s") << pub("worked-example-fused")
        << pub("worked-example-reduction");
    QTest::newRow("O-9 corrected beta 64K") << 65536.0 << "corrected" << pub("worked-example-s")
                                            << pub("worked-example-corrected-64k-fused")
                                            << pub("worked-example-corrected-64k-reduction");
    QTest::newRow("O-10 thesis beta 96K")
        << 98304.0 << "thesis" << pub("worked-example-thesis-96k-s")
        << pub("worked-example-thesis-96k-fused") << pub("worked-example-thesis-96k-reduction");
    QTest::newRow("O-10 corrected beta 96K")
        << 98304.0 << "corrected" << pub("worked-example-thesis-96k-s")
        << pub("worked-example-corrected-96k-fused")
        << pub("worked-example-corrected-96k-reduction");
}

void TestChain::workedExampleTotals() {
    QFETCH(double, m);
    QFETCH(QString, beta);
    QFETCH(double, s);
    QFETCH(double, total);
    QFETCH(double, reduction);
    const ChainResult r = analyseChain(kExample, m, parseBeta(beta.toStdString(), "beta"));
    QVERIFY(std::abs(r.s - s) < 0.001);
    QVERIFY2(std::abs(r.fusedTotal - total) < 0.01,
             qPrintable(QString::number(r.fusedTotal, 'f', 3)));
    QVERIFY(std::abs(r.reductionPct - reduction) < 0.001);
    if (beta == "corrected" && m == 65536) {
        // O-9: T3 no fuse, T4 fuse-left, T5 fuse-left.
        QCOMPARE(node(r, 1, 3).choice, Choice::NoFuse);
        QCOMPARE(node(r, 4, 6).choice, Choice::FuseLeft);
        QCOMPARE(node(r, 1, 6).choice, Choice::FuseLeft);
    }
}

// spec §5.2 / §6.5: the total is the sum of the hyper-nodes' closed forms; S the sum of D.3.
void TestChain::hyperNodeDecomposition() {
    int checked = 0;
    for (Beta b : {Beta::Thesis, Beta::Corrected}) {
        for (double m : {65536.0, 98304.0}) {
            const ChainResult r = analyseChain(kExample, m, b);
            double chosen = 0, unfused = 0;
            for (const auto& h : r.hyperNodes) {
                chosen += h.costChosen;
                unfused += h.costUnfused;
            }
            QVERIFY(close(chosen, r.fusedTotal, 1e-12));
            QVERIFY(close(unfused, r.s, 1e-12));
            ++checked;
        }
    }
    QCOMPARE(checked, 4);
    // spec §6.5: three hyper-nodes, T3+T1 = 3,410,650.22 and T4+T2 = 3,008,320.44 (thesis beta).
    const ChainResult r = analyseChain(kExample, 65536, Beta::Thesis);
    QCOMPARE(r.hyperNodes.size(), std::size_t(3));
    QVERIFY(std::abs(r.hyperNodes[1].costChosen - pub("worked-example-hyper-t3-t1")) < 0.01);
    QVERIFY(std::abs(r.hyperNodes[2].costChosen - pub("worked-example-hyper-t4-t2")) < 0.01);
}

// Algorithm 10 equals the minimum over every parenthesization, for n <= 8 (random chains).
void TestChain::opCountEqualsBruteForce() {
    std::mt19937 rng(7);
    std::uniform_int_distribution<std::int64_t> d(1, 60);
    int checked = 0;
    for (int n = 2; n <= 8; ++n) {
        for (int rep = 0; rep < 20; ++rep) {
            std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
            for (auto& x : p) {
                x = d(rng);
            }
            std::function<std::int64_t(int, int)> best = [&](int i, int j) -> std::int64_t {
                if (i == j) {
                    return 0;
                }
                std::int64_t b = std::numeric_limits<std::int64_t>::max();
                for (int k = i; k < j; ++k) {
                    b = std::min(b, best(i, k) + best(k + 1, j) +
                                        p[static_cast<std::size_t>(i - 1)] *
                                            p[static_cast<std::size_t>(k)] *
                                            p[static_cast<std::size_t>(j)]);
                }
                return b;
            };
            QCOMPARE(opCount(p).total, best(1, n));
            ++checked;
        }
    }
    QCOMPARE(checked, 140);
}

// O-14: the corrected beta is invariant under reversing the chain; the thesis beta is not.
void TestChain::reversalInvariance() {
    const std::vector<std::int64_t> a{320, 1024, 320, 1024}, b{1024, 320, 1024, 320};
    const auto c1 = analyseChain(a, 65536, Beta::Corrected),
               c2 = analyseChain(b, 65536, Beta::Corrected);
    QVERIFY(std::abs(c1.reductionPct - 18.832) < 0.001);
    QVERIFY(std::abs(c2.reductionPct - 18.832) < 0.001);
    const auto t1 = analyseChain(a, 65536, Beta::Thesis), t2 = analyseChain(b, 65536, Beta::Thesis);
    QVERIFY(std::abs(std::max(t1.reductionPct, t2.reductionPct) - 18.832) < 0.001);
    QVERIFY(std::abs(std::min(t1.reductionPct, t2.reductionPct)) < 0.001);
    QVERIFY(std::abs(analyseChain(a, 98304, Beta::Corrected).reductionPct - 25.857) < 0.001);
    QVERIFY(std::abs(analyseChain(b, 98304, Beta::Corrected).reductionPct - 25.857) < 0.001);
    // Random chains above sqrt(2M): corrected reversal-invariant.
    std::mt19937 rng(3);
    std::uniform_int_distribution<std::int64_t> d(400, 1024);
    int checked = 0;
    for (int rep = 0; rep < 50; ++rep) {
        std::vector<std::int64_t> p(6);
        for (auto& x : p) {
            x = d(rng);
        }
        std::vector<std::int64_t> q(p.rbegin(), p.rend());
        const auto x = analyseChain(p, 65536, Beta::Corrected),
                   y = analyseChain(q, 65536, Beta::Corrected);
        if (x.oc.total == y.oc.total && x.tree.size() == y.tree.size()) {
            QVERIFY(close(x.fusedTotal, y.fusedTotal, 1e-9) || x.oc.split != y.oc.split);
            ++checked;
        }
    }
    QVERIFY(checked > 0);
}

// O-15: two matrices, nothing to fuse.
void TestChain::twoMatricesNoReduction() {
    for (const auto& p :
         {std::vector<std::int64_t>{936, 1008, 552}, std::vector<std::int64_t>{300, 2000, 500}}) {
        const auto r = analyseChain(p, 65536, Beta::Corrected);
        QCOMPARE(r.reductionPct, 0.0);
        QCOMPARE(r.hyperNodes.size(), std::size_t(1));
    }
}

void TestChain::badInput() {
    QVERIFY_THROWS_EXCEPTION(InputError, analyseChain({936, 1008}, 65536, Beta::Corrected));
    QVERIFY_THROWS_EXCEPTION(InputError, analyseChain({936, 0, 552}, 65536, Beta::Corrected));
    QVERIFY_THROWS_EXCEPTION(InputError, analyseChain({936, -5, 552}, 65536, Beta::Corrected));
    QVERIFY_THROWS_EXCEPTION(InputError, analyseChain({936, 1008, 552}, 0, Beta::Corrected));
    QVERIFY_THROWS_EXCEPTION(InputError,
                             analyseChain({936, 1008, 552}, std::nan(""), Beta::Corrected));
    QVERIFY_THROWS_EXCEPTION(InputError, parseBeta("printed", "--beta"));
    try {
        analyseChain({936}, 65536, Beta::Corrected);
        QFAIL("no error");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("--dims"));
    }
    // Sizes below sqrt(M): a warning, not a silent result.
    QVERIFY(!analyseChain({100, 1008, 552}, 65536, Beta::Corrected).warnings.empty());
}

QTEST_APPLESS_MAIN(TestChain)
#include "test_chain.moc"
