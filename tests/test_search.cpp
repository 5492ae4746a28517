// Exact tile search: the spec's full-space minima and Fig. 4 slice as named rows, and
// equivalence with a brute-force scan of every point of small boxes.

#include "params/input_error.hpp"
#include "search/tile_search.hpp"
#include "support/fixtures.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;
using namespace cdx::test;

namespace {

struct Brute {
    bool found = false;
    search::TilePoint best;
    std::vector<search::TilePoint> feasible;
    std::uint64_t box = 0;
    std::uint64_t sharedMemory = 0;
    std::uint64_t noBlock = 0;
};

// Every point of the box, in no particular order, through the checked evaluate().
Brute bruteForce(const Stencil& st, const talg::Problem& p, const Gpu& g,
                 const talg::TalgVariant& v) {
    Brute b;
    std::array<std::int64_t, 3> last{1, 1, 1};
    for (int i = 0; i < p.dim; ++i) {
        last[i] = p.space[i];
    }
    const int in = talg::innermostIndex(p.dim);
    // Reverse order on purpose: the result must not depend on the visiting order.
    for (std::int64_t tT = p.time - p.time % 2; tT >= 2; tT -= 2) {
        for (std::int64_t a = last[0]; a >= 1; --a) {
            for (std::int64_t bb = last[1]; bb >= 1; --bb) {
                for (std::int64_t c = last[2]; c >= 1; --c) {
                    talg::Tiles t{{a, bb, c}, tT};
                    if (in >= 0 && t.space[in] % 32 != 0) {
                        continue;
                    }
                    ++b.box;
                    const auto r = talg::evaluate(st, p, t, g, v);
                    if (!r.feasible) {
                        (r.excludedBy == talg::Constraint::SharedMemoryPerBlock ? b.sharedMemory
                                                                                : b.noBlock)++;
                        continue;
                    }
                    search::TilePoint pt{t, r.tAlg, r.breakdown.k};
                    b.feasible.push_back(pt);
                    if (!b.found || pt.tAlg < b.best.tAlg ||
                        (pt.tAlg == b.best.tAlg && search::tieBreakLess(t, b.best.tiles))) {
                        b.best = pt;
                        b.found = true;
                    }
                }
            }
        }
    }
    return b;
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT

private slots:
    void fullSpaceMinimum_data();
    void fullSpaceMinimum();
    void fig4Slice_data();
    void fig4Slice();
    void matchesBruteForce_data();
    void matchesBruteForce();
    void withinListIsCompleteAndOrdered();
    void registersExcludeEverything();
    void emptySpace();
    void invalidOptions();
    void deterministic();
};

void TestSearch::fullSpaceMinimum_data() {
    QTest::addColumn<double>("cIter");
    QTest::addColumn<QString>("pitch");
    QTest::addColumn<qint64>("tS1");
    QTest::addColumn<qint64>("tS2");
    QTest::addColumn<qint64>("tT");
    QTest::addColumn<qint64>("k");
    QTest::addColumn<double>("expected");
    QTest::addColumn<int>("digits");
    QTest::newRow("spec 2.6 full space Heat2D GTX980 8192^3 paper pitch")
        << 3.68e-8 << "paper" << 1LL << 640LL << 2LL << 4LL << 5.0961 << 4;
    QTest::newRow("spec 2.6 full space Heat2D GTX980 8192^3 geometric pitch")
        << 3.68e-8 << "geometric" << 128LL << 32LL << 2LL << 2LL << 9.9345 << 4;
    // Tiles not stated in the spec for Gradient2D: only T_alg is checked (-1 = any).
    QTest::newRow("spec 1.10 I1 full space Gradient2D GTX980 8192^3 paper pitch")
        << 6.09e-8 << "paper" << -1LL << -1LL << -1LL << -1LL << 8.38 << 2;
    QTest::newRow("spec 1.10 I1 full space Gradient2D GTX980 8192^3 geometric pitch")
        << 6.09e-8 << "geometric" << -1LL << -1LL << -1LL << -1LL << 16.43 << 2;
}

void TestSearch::fullSpaceMinimum() {
    QFETCH(double, cIter);
    QFETCH(QString, pitch);
    QFETCH(qint64, tS1);
    QFETCH(qint64, tS2);
    QFETCH(qint64, tT);
    QFETCH(qint64, k);
    QFETCH(double, expected);
    QFETCH(int, digits);
    talg::TalgVariant v;
    v.pitch = talg::parsePitch(pitch.toStdString());
    const auto r =
        search::searchTiles(stencil("s", 2, cIter), problem2d(8192, 8192, 8192), gtx980(), v, {});
    QVERIFY(r.found);
    QCOMPARE(r.feasiblePoints, std::uint64_t{5373}); // spec 2.6: 5373 feasible points
    QCOMPARE(r.boxPoints, std::uint64_t{4096} * 8192 * 256);
    QCOMPARE(r.feasiblePoints + r.infeasible.total(), r.boxPoints);
    QCOMPARE(r.infeasible.noResidentBlock, std::uint64_t{0});
    QVERIFY(std::abs(r.best.tAlg - expected) <= 0.5 * std::pow(10.0, -digits));
    if (tS1 > 0) {
        QCOMPARE(r.best.tiles.space[0], tS1);
        QCOMPARE(r.best.tiles.space[1], tS2);
        QCOMPARE(r.best.tiles.time, tT);
        QCOMPARE(r.best.k, k);
    }
    QVERIFY(!r.within.empty());
    QCOMPARE(r.within.front().tiles, r.best.tiles);
}

void TestSearch::fig4Slice_data() {
    QTest::addColumn<QString>("pitch");
    QTest::addColumn<qint64>("tT");
    QTest::addColumn<qint64>("tS2");
    QTest::addColumn<qint64>("k");
    QTest::addColumn<double>("expected");
    QTest::newRow("spec 2.6 slice tS1=8 (PPoPP17 Fig. 4) paper pitch")
        << "paper" << 4LL << 64LL << 13LL << 9.1503;
    QTest::newRow("spec 2.6 slice tS1=8 (PPoPP17 Fig. 4) geometric pitch")
        << "geometric" << 18LL << 192LL << 2LL << 9.9885;
}

void TestSearch::fig4Slice() {
    QFETCH(QString, pitch);
    QFETCH(qint64, tT);
    QFETCH(qint64, tS2);
    QFETCH(qint64, k);
    QFETCH(double, expected);
    talg::TalgVariant v;
    v.pitch = talg::parsePitch(pitch.toStdString());
    search::SearchOptions opt;
    opt.fixedSpace[0] = 8;
    const auto r = search::searchTiles(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                       gtx980(), v, opt);
    QCOMPARE(r.feasiblePoints, std::uint64_t{142}); // tT in [2,58], tS2 in [32,544]
    QCOMPARE(r.best.tiles.time, tT);
    QCOMPARE(r.best.tiles.space[1], tS2);
    QCOMPARE(r.best.k, k);
    QVERIFY(std::abs(r.best.tAlg - expected) <= 0.00005);
    std::int64_t maxTT = 0;
    std::int64_t maxTS2 = 0;
    for (const auto& p : search::searchTiles(stencil("heat2d", 2, 3.68e-8),
                                             problem2d(8192, 8192, 8192), gtx980(), v,
                                             [&] {
                                                 auto o = opt;
                                                 o.within = 1e9; // every feasible point
                                                 return o;
                                             }())
                             .within) {
        maxTT = std::max(maxTT, p.tiles.time);
        maxTS2 = std::max(maxTS2, p.tiles.space[1]);
    }
    QCOMPARE(maxTT, 58);
    QCOMPARE(maxTS2, 544);
}

void TestSearch::matchesBruteForce_data() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<QString>("variant");
    QTest::newRow("1D geometric") << 1 << "geometric";
    QTest::newRow("1D paper k optimize") << 1 << "paper,optimize";
    QTest::newRow("2D geometric") << 2 << "geometric";
    QTest::newRow("2D paper") << 2 << "paper";
    QTest::newRow("2D geometric k effective") << 2 << "geometric,effective";
    QTest::newRow("3D geometric") << 3 << "geometric";
    QTest::newRow("3D paper k optimize") << 3 << "paper,optimize";
}

void TestSearch::matchesBruteForce() {
    QFETCH(int, dim);
    QFETCH(QString, variant);
    talg::TalgVariant v;
    const auto parts = variant.split(',');
    v.pitch = talg::parsePitch(parts[0].toStdString());
    if (parts.size() > 1) {
        v.k = talg::parseKRule(parts[1].toStdString());
    }
    Gpu g = gtx980();
    g.mSmKb = 24; // smaller memory keeps the boxes small and exercises k = 1 (M_TB = M_SM)
    g.mTbKb = 24;
    talg::Problem p;
    Stencil st = stencil("s", dim, 5e-8);
    switch (dim) {
    case 1:
        p = talg::Problem{1, {3000, 1, 1}, 60};
        break;
    case 2:
        p = problem2d(300, 200, 30);
        break;
    default:
        p = talg::Problem{3, {40, 24, 70}, 12};
        break;
    }
    search::SearchOptions opt;
    opt.within = 0.25;
    const auto r = search::searchTiles(st, p, g, v, opt);
    const Brute b = bruteForce(st, p, g, v);
    QCOMPARE(r.boxPoints, b.box);
    QCOMPARE(r.feasiblePoints, static_cast<std::uint64_t>(b.feasible.size()));
    QCOMPARE(r.infeasible.sharedMemoryPerBlock, b.sharedMemory);
    QCOMPARE(r.infeasible.noResidentBlock, b.noBlock);
    QCOMPARE(r.evaluations, r.feasiblePoints);
    QVERIFY(b.found);
    QCOMPARE(r.found, true);
    QCOMPARE(r.best.tiles, b.best.tiles);
    QCOMPARE(r.best.tAlg, b.best.tAlg);
    QCOMPARE(r.best.k, b.best.k);
    std::size_t expectedWithin = 0;
    for (const auto& q : b.feasible) {
        expectedWithin += q.tAlg <= 1.25 * b.best.tAlg ? 1 : 0;
    }
    QCOMPARE(r.within.size(), expectedWithin);
}

void TestSearch::withinListIsCompleteAndOrdered() {
    const auto r = search::searchTiles(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                       gtx980(), {}, {});
    QVERIFY(r.within.size() > 1);
    for (std::size_t i = 0; i < r.within.size(); ++i) {
        QVERIFY(r.within[i].tAlg <= 1.10 * r.best.tAlg);
        if (i > 0) {
            const auto& a = r.within[i - 1];
            const auto& b = r.within[i];
            QVERIFY(a.tAlg < b.tAlg ||
                    (a.tAlg == b.tAlg && search::tieBreakLess(a.tiles, b.tiles)));
        }
    }
}

void TestSearch::registersExcludeEverything() {
    talg::TalgVariant v;
    v.registersPerTile = 70000; // > R_SM = 65536
    const auto r = search::searchTiles(stencil("heat2d", 2, 3.68e-8), problem2d(512, 512, 64),
                                       gtx980(), v, {});
    QVERIFY(!r.found);
    QCOMPARE(r.feasiblePoints, std::uint64_t{0});
    QVERIFY(r.infeasible.noResidentBlock > 0);
    QCOMPARE(r.infeasible.total(), r.boxPoints);
    QVERIFY(r.within.empty());
}

void TestSearch::emptySpace() {
    // S2 = 16 < 32: no innermost tile size is allowed.
    const auto r = search::searchTiles(stencil("heat2d", 2, 3.68e-8), problem2d(512, 16, 64),
                                       gtx980(), {}, {});
    QVERIFY(!r.found);
    QCOMPARE(r.boxPoints, std::uint64_t{0});
}

void TestSearch::invalidOptions() {
    search::SearchOptions opt;
    opt.within = -0.1;
    QVERIFY_THROWS_EXCEPTION(InputError,
                             search::searchTiles(stencil("heat2d", 2, 3.68e-8),
                                                 problem2d(512, 512, 64), gtx980(), {}, opt));
    opt.within = 0.1;
    opt.fixedTime = 5; // odd tT
    QVERIFY_THROWS_EXCEPTION(InputError,
                             search::searchTiles(stencil("heat2d", 2, 3.68e-8),
                                                 problem2d(512, 512, 64), gtx980(), {}, opt));
}

void TestSearch::deterministic() {
    const auto a =
        search::searchTiles(stencil("heat3d", 3, 1.55e-7), problem3d(512, 512), gtx980(), {}, {});
    const auto b =
        search::searchTiles(stencil("heat3d", 3, 1.55e-7), problem3d(512, 512), gtx980(), {}, {});
    QVERIFY(a.found);
    QCOMPARE(a.best.tiles, b.best.tiles);
    QCOMPARE(a.within.size(), b.within.size());
    for (std::size_t i = 0; i < a.within.size(); ++i) {
        QCOMPARE(a.within[i].tiles, b.within[i].tiles);
    }
}

QTEST_APPLESS_MAIN(TestSearch)
#include "test_search.moc"
