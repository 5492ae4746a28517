// SPDX-License-Identifier: GPL-3.0-or-later
// Two Talg configurations side by side (issue 29): every difference is the difference of two
// independent evaluations, the factors' shares sum to T_alg's difference, and the sentence
// names the largest share first.
#include "params/input_error.hpp"
#include "support/fixtures.hpp"
#include "talg/talg_compare.hpp"

#include <QtTest>
#include <cmath>
#include <random>

using namespace cdx;
using namespace cdx::talg;

namespace {

TalgCase heat2d(std::int64_t ts1, std::int64_t ts2, std::int64_t tt, Gpu g = test::gtx980()) {
    return {test::stencil("heat2d", 2, 3.68e-8), test::problem2d(8192, 8192, 8192),
            test::tiles(ts1, ts2, 1, tt), g, TalgVariant{}};
}

// The checks every comparison must pass; returns false (with a message) where one fails.
void checkComparison(const TalgCase& a, const TalgCase& b) {
    const TalgComparison c = compareTalg(a, b);
    const TalgResult ra = evaluate(a.stencil, a.problem, a.tiles, a.gpu, a.variant);
    const TalgResult rb = evaluate(b.stencil, b.problem, b.tiles, b.gpu, b.variant);
    QCOMPARE(c.a.feasible, ra.feasible);
    QCOMPARE(c.b.feasible, rb.feasible);
    // Each side is the model's own evaluation, bit for bit, and the difference theirs.
    const auto ea = breakdownEntries(ra, a.problem.dim);
    for (const auto& e : ea) {
        const auto v =
            std::find_if(c.values.begin(), c.values.end(),
                         [&e](const compare::ComparedValue& x) { return x.name == e.symbol; });
        QVERIFY(v != c.values.end());
        QVERIFY(v->a.has_value());
        QCOMPARE(*v->a, e.value);
    }
    for (const auto& e : breakdownEntries(rb, b.problem.dim)) {
        const auto v =
            std::find_if(c.values.begin(), c.values.end(),
                         [&e](const compare::ComparedValue& x) { return x.name == e.symbol; });
        QVERIFY(v != c.values.end());
        QVERIFY(v->b.has_value());
        QCOMPARE(*v->b, e.value);
        if (v->a) {
            QCOMPARE(*v->delta(), e.value - *v->a);
        }
    }
    if (!ra.feasible || !rb.feasible) {
        QVERIFY(c.contributions.empty());
        QVERIFY(c.explanation.find("infeasible") != std::string::npos);
        QVERIFY(!c.tAlg.delta().has_value());
        return;
    }
    QCOMPARE(*c.tAlg.delta(), rb.tAlg - ra.tAlg);
    // The shares sum to the difference (to rounding).
    double sum = 0;
    const compare::Contribution* largest = nullptr;
    for (const auto& x : c.contributions) {
        QVERIFY(std::isfinite(x.amount));
        sum += x.amount;
        if (!largest || std::abs(x.amount) > std::abs(largest->amount)) {
            largest = &x;
        }
    }
    QVERIFY2(std::abs(sum - (rb.tAlg - ra.tAlg)) <= 1e-9 * std::max(ra.tAlg, rb.tAlg),
             qPrintable(QStringLiteral("sum %1, delta %2").arg(sum).arg(rb.tAlg - ra.tAlg)));
    // The sentence names the largest share first (or says nothing moved).
    if (largest->amount != 0) {
        QVERIFY2(c.explanation.find(": " + largest->detail) != std::string::npos,
                 c.explanation.c_str());
    } else {
        QVERIFY2(c.explanation.find("unchanged") != std::string::npos, c.explanation.c_str());
    }
}

} // namespace

class TestTalgCompare : public QObject {
    Q_OBJECT

private slots:
    void comparisons_data();
    void comparisons();
    void roundsExplainAJump();
    void identicalIsUnchanged();
    void infeasibleSide();
    void badBaselineIsNamed();
    void randomPairs();
};

void TestTalgCompare::comparisons_data() {
    QTest::addColumn<int>("row");
    QTest::newRow("PPoPP'17 Fig. 4 slice tS1 = 8: tT 18 -> 2 (tS2 192)") << 0;
    QTest::newRow("PPoPP'17 Fig. 4 slice tS1 = 8: tS2 192 -> 32 (tT 18)") << 1;
    QTest::newRow("PPoPP'17 Table 3: GTX 980 -> Titan X hardware, Heat 2D 128x32x2") << 2;
    QTest::newRow("thesis C.3: n_SM 16 -> 24 with the GTX 980's constants") << 3;
    QTest::newRow("PPoPP'17 Table 4: Jacobi 1D, tS1 512 -> 1024, tT 16") << 4;
    QTest::newRow("PPoPP'17 Table 4: Heat 3D 32x32x32x4 -> 16x16x32x8") << 5;
    QTest::newRow("variant: pitch geometric -> paper (erratum I1)") << 6;
}

void TestTalgCompare::comparisons() {
    QFETCH(int, row);
    Gpu wide = test::gtx980();
    wide.nSm = 24;
    TalgCase paperPitch = heat2d(128, 32, 2);
    paperPitch.variant = test::paperVariant();
    const TalgCase j1a{test::stencil("jacobi1d", 1, 1.2e-9),
                       {1, {1 << 20, 1, 1}, 4096},
                       test::tiles(512, 1, 1, 16),
                       test::gtx980(),
                       {}};
    TalgCase j1b = j1a;
    j1b.tiles = test::tiles(1024, 1, 1, 16);
    const TalgCase h3a{test::stencil("heat3d", 3, 1.04e-7),
                       test::problem3d(512, 512),
                       test::tiles(32, 32, 32, 4),
                       test::gtx980(),
                       {}};
    TalgCase h3b = h3a;
    h3b.tiles = test::tiles(16, 16, 32, 8);
    const std::pair<TalgCase, TalgCase> rows[] = {
        {heat2d(8, 192, 18), heat2d(8, 192, 2)},
        {heat2d(8, 192, 18), heat2d(8, 32, 18)},
        {heat2d(128, 32, 2), heat2d(128, 32, 2, test::titanx())},
        {heat2d(128, 32, 2), heat2d(128, 32, 2, wide)},
        {j1a, j1b},
        {h3a, h3b},
        {heat2d(128, 32, 2), paperPitch}};
    checkComparison(rows[row].first, rows[row].second);
}

// More SMs at the same tiling: fewer rounds and nothing else, and the sentence says why.
void TestTalgCompare::roundsExplainAJump() {
    Gpu wide = test::gtx980();
    wide.nSm = 24;
    // w = 512 tiles per wavefront, k = 31: 17 groups, 2 rounds on 16 SMs, 1 on 24.
    const auto c = compareTalg(heat2d(8, 32, 2), heat2d(8, 32, 2, wide));
    QVERIFY(c.tAlg.deltaPct().value() < 0);
    QVERIFY2(c.explanation.find("rounds 2 → 1") != std::string::npos, c.explanation.c_str());
    const auto& rounds = c.contributions[1];
    QCOMPARE(rounds.term, std::string("rounds"));
    QVERIFY(rounds.amount < 0);
    QCOMPARE(c.contributions[0].amount, 0.0); // N_w
    QCOMPARE(c.contributions[2].amount, 0.0); // T_unit
    QCOMPARE(c.contributions[3].amount, 0.0); // T_sync
    QVERIFY2(c.explanation.find("k n_SM = ") != std::string::npos, c.explanation.c_str());
    QVERIFY2(c.explanation.find("N_w, T_unit and T_sync unchanged") != std::string::npos,
             c.explanation.c_str());
}

void TestTalgCompare::identicalIsUnchanged() {
    const auto c = compareTalg(heat2d(128, 32, 2), heat2d(128, 32, 2));
    QCOMPARE(*c.tAlg.delta(), 0.0);
    QCOMPARE(*c.tAlg.deltaPct(), 0.0);
    for (const auto& x : c.contributions) {
        QCOMPARE(x.amount, 0.0);
    }
    QVERIFY2(c.explanation.rfind("T_alg unchanged", 0) == 0, c.explanation.c_str());
}

void TestTalgCompare::infeasibleSide() {
    // 1024 x 1024 tiles need more shared memory than a block may have.
    const auto c = compareTalg(heat2d(1024, 1024, 2), heat2d(128, 32, 2));
    QVERIFY(!c.a.feasible);
    QVERIFY(!c.tAlg.a.has_value());
    QVERIFY(c.tAlg.b.has_value());
    QVERIFY(c.contributions.empty());
    QVERIFY2(c.explanation.find("baseline's tiling is infeasible") != std::string::npos,
             c.explanation.c_str());
    checkComparison(heat2d(1024, 1024, 2), heat2d(128, 32, 2));
    checkComparison(heat2d(128, 32, 2), heat2d(1024, 1024, 2));
}

void TestTalgCompare::badBaselineIsNamed() {
    try {
        (void)compareTalg(heat2d(128, 32, 3), heat2d(128, 32, 2)); // odd tT
        QFAIL("an odd tT in the baseline was taken");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("baseline") != std::string::npos, e.what());
    }
}

// Random pairs of tilings and GPUs: every check above, counted.
void TestTalgCompare::randomPairs() {
    std::mt19937 rng(29);
    const std::int64_t s1[] = {8, 16, 32, 64, 128, 256};
    const std::int64_t s2[] = {32, 64, 128, 192, 256};
    const std::int64_t tt[] = {2, 4, 6, 8, 12, 18, 32};
    const auto pick = [&rng](const auto& v) {
        return v[std::uniform_int_distribution<std::size_t>(0, std::size(v) - 1)(rng)];
    };
    const auto gpu = [&rng] {
        Gpu g = std::uniform_int_distribution<int>(0, 1)(rng) ? test::gtx980() : test::titanx();
        g.nSm = std::uniform_int_distribution<std::int64_t>(4, 48)(rng);
        g.tSyncSeconds *= std::uniform_real_distribution<double>(0.5, 2)(rng);
        return g;
    };
    int feasiblePairs = 0;
    const int pairs = 400;
    for (int i = 0; i < pairs; ++i) {
        const TalgCase a = heat2d(pick(s1), pick(s2), pick(tt), gpu());
        const TalgCase b = heat2d(pick(s1), pick(s2), pick(tt), gpu());
        checkComparison(a, b);
        if (QTest::currentTestFailed()) {
            return;
        }
        const auto c = compareTalg(a, b);
        feasiblePairs += c.a.feasible && c.b.feasible ? 1 : 0;
    }
    // About half the tilings fit on their GPU: a quarter of the pairs compare two T_algs.
    QVERIFY2(feasiblePairs >= pairs / 8, qPrintable(QString::number(feasiblePairs)));
}

QTEST_APPLESS_MAIN(TestTalgCompare)
#include "test_talg_compare.moc"
