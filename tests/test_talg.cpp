// SPDX-License-Identifier: GPL-3.0-or-later
// Talg model tests: the worked examples and oracle grids of spec/talg-time-model.md §2.6
// as named _data() rows, plus property tests (§1.11) for what no table covers.

#include "params/input_error.hpp"
#include "support/fixtures.hpp"
#include "support/published.hpp"
#include "talg/talg.hpp"

#include <QtTest>
#include <cmath>
#include <random>

using namespace cdx;
using namespace cdx::test;

namespace {

// "pitch=paper,nw=approx,k=optimize,w3d=eq22,nsslabs=product-of-ceils,gb=binary"
talg::TalgVariant variantFrom(const QString& spec) {
    talg::TalgVariant v;
    for (const QString& part : spec.split(',', Qt::SkipEmptyParts)) {
        const auto kv = part.split('=');
        const std::string key = kv.value(0).toStdString();
        const std::string value = kv.value(1).toStdString();
        if (key == "pitch") {
            v.pitch = talg::parsePitch(value);
        } else if (key == "nw") {
            v.nw = talg::parseWavefrontCount(value);
        } else if (key == "k") {
            v.k = talg::parseKRule(value);
        } else if (key == "w3d") {
            v.width3d = talg::parseWidth3D(value);
        } else if (key == "nsslabs") {
            v.subSlabs = talg::parseSubSlabCount(value);
        } else if (key == "gb") {
            v.gigabyte = talg::parseGigaByte(value);
        } else {
            qFatal("unknown variant key in test data: %s", key.c_str());
        }
    }
    return v;
}

// A published count (profiles/published/), by id.
qint64 publishedCount(const char* id) {
    return std::llround(test::published(id));
}

// Published values are rounded to `digits` decimals; accept that rounding.
void compareRounded(double actual, double expected, int digits) {
    const double tol = 0.5 * std::pow(10.0, -digits) * (1 + 1e-9);
    if (std::abs(actual - expected) > tol) {
        QFAIL(qPrintable(QStringLiteral("actual %1, expected %2 (rounded to %3 decimals)")
                             .arg(actual, 0, 'g', 12)
                             .arg(expected, 0, 'g', 12)
                             .arg(digits)));
    }
}

void compareRelative(double actual, double expected, double rel) {
    if (std::abs(actual - expected) > rel * std::abs(expected)) {
        QFAIL(qPrintable(QStringLiteral("actual %1, expected %2 (relative tolerance %3)")
                             .arg(actual, 0, 'g', 12)
                             .arg(expected, 0, 'g', 12)
                             .arg(rel)));
    }
}

// The compute sum exactly as printed: one ceiling per term (eqs. 9, 15, 27).
std::int64_t naiveComputeSum(std::int64_t tS1, std::int64_t tT, std::int64_t inner,
                             std::int64_t nV) {
    std::int64_t s = 0;
    for (std::int64_t x = tS1; x <= tS1 + tT - 2; x += 2) {
        s += (x * inner + nV - 1) / nV;
    }
    return s;
}

} // namespace

class TestTalg : public QObject {
    Q_OBJECT

private slots:
    void exampleABreakdown();
    void exampleAVariants_data();
    void exampleAVariants();
    void exampleB1D();
    void exampleCWavefronts_data();
    void exampleCWavefronts();
    void exampleE3D_data();
    void exampleE3D();
    void oracleGrid_data();
    void oracleGrid();
    void invalidInput_data();
    void invalidInput();
    void infeasibleIsAResult();
    void warnings();
    void rowsFitVectorUnits();
    void computeSumEqualsPrintedSum();
    void propertyAtLeastIdealWithGeometricPitch();
    void propertyMonotoneInCosts();
    void propertyNonIncreasingInResources();
    void propertyInfeasibleExactlyWhenExcluded();
    void ppcgFootprint_data();
    void ppcgFootprint();
    void defaultThreadsArePpcgs();
    void extensionInputErrors();
    void propertyPerfectHidingIsThePapers();
    void propertyMoreWarpsNeverSlower();
    void propertySharedBandwidthNeverFaster();
};

void TestTalg::exampleABreakdown() {
    // spec §2.6 Example A, every step of the table (profiles/published/ppopp17.json).
    const auto r = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                  tiles(8, 256, 1, 8), gtx980(), paperVariant());
    QVERIFY(r.feasible);
    const auto& b = r.breakdown;
    compareRelative(b.lWordSeconds, test::published("ppopp17-example-a-l-word"), 1e-12);
    QCOMPARE(b.mSmWords, publishedCount("ppopp17-example-a-m-sm-words"));
    QCOMPARE(b.mTbWords, publishedCount("ppopp17-example-a-m-tb-words"));
    QCOMPARE(b.remainder, publishedCount("ppopp17-example-a-remainder"));
    QCOMPARE(b.epsilon, publishedCount("ppopp17-example-a-epsilon"));
    QCOMPARE(b.nW, publishedCount("ppopp17-example-a-n-w"));
    QCOMPARE(b.wTile, publishedCount("ppopp17-example-a-w-tile"));
    QCOMPARE(b.pitch, publishedCount("ppopp17-example-a-pitch"));
    QCOMPARE(b.w, publishedCount("ppopp17-example-a-w"));
    QCOMPARE(b.nSub, publishedCount("ppopp17-example-a-n-sub"));
    QCOMPARE(b.mI, publishedCount("ppopp17-example-a-m-i"));
    QCOMPARE(b.mIo, publishedCount("ppopp17-example-a-m-io"));
    compareRelative(b.mPrime, test::published("ppopp17-example-a-m-prime"), 1e-12);
    QCOMPARE(b.computeSum, publishedCount("ppopp17-example-a-compute-sum"));
    compareRelative(b.c, test::published("ppopp17-example-a-c"), 1e-12);
    QCOMPARE(b.mTile, publishedCount("ppopp17-example-a-m-tile"));
    QCOMPARE(b.kMax, publishedCount("ppopp17-example-a-k-max"));
    QCOMPARE(b.k, publishedCount("ppopp17-example-a-k"));
    compareRelative(b.zeta, test::published("ppopp17-example-a-zeta"), 1e-12);
    QVERIFY(b.computeBound);
    compareRelative(b.tUnit, test::published("ppopp17-example-a-t-unit"), 1e-11);
    QCOMPARE(b.groups, publishedCount("ppopp17-example-a-groups"));
    QCOMPARE(b.rounds, publishedCount("ppopp17-example-a-rounds"));
    compareRelative(b.syncTime, test::published("ppopp17-example-a-sync-time"), 1e-12);
    compareRelative(r.tAlg, test::published("ppopp17-example-a-talg-full"), 1e-11);
    compareRounded(b.tIdeal, test::published("ppopp17-example-a-t-ideal"), 6);
    QVERIFY(r.warnings.has(talg::Warning::BelowIdeal)); // step 24: paper-pitch artefact
}

void TestTalg::exampleAVariants_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("cIter");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<double>("mSmKb"); // 0: keep the GPU's
    QTest::addColumn<double>("lScale");
    QTest::addColumn<double>("expected");
    QTest::addColumn<int>("expectedK");

    // Expected values: the published table (profiles/published/ppopp17.json), by id.
    QTest::newRow("spec 2.6 Example A (paper pitch)")
        << "gtx980" << 3.68e-8 << "pitch=paper" << 0.0 << 1.0
        << test::published("ppopp17-example-a-talg") << 2;
    QTest::newRow("spec 2.6 Example A variant: N_w approx")
        << "gtx980" << 3.68e-8 << "pitch=paper,nw=approx" << 0.0 << 1.0
        << test::published("ppopp17-example-a-nw-approx") << 2;
    QTest::newRow("spec 2.6 Example A variant: GB = 2^30")
        << "gtx980" << 3.68e-8 << "pitch=paper,gb=binary" << 0.0 << 1.0
        << test::published("ppopp17-example-a-gb-binary") << 2;
    QTest::newRow("spec 2.6 Example A variant: geometric pitch")
        << "gtx980" << 3.68e-8 << "pitch=geometric" << 0.0 << 1.0
        << test::published("ppopp17-example-a-geometric") << 2;
    QTest::newRow("spec 2.6 Example A variant: k optimize")
        << "gtx980" << 3.68e-8 << "pitch=paper,k=optimize" << 0.0 << 1.0
        << test::published("ppopp17-example-a-k-optimize") << 2;
    QTest::newRow("spec 2.6 Example A variant: k effective")
        << "gtx980" << 3.68e-8 << "pitch=paper,k=effective" << 0.0 << 1.0
        << test::published("ppopp17-example-a-k-effective") << 2;
    QTest::newRow("spec 2.6 Example A variant: Titan X (PPoPP17 Tables 2-4)")
        << "titanx" << 4.23e-8 << "pitch=paper" << 0.0 << 1.0
        << test::published("ppopp17-example-a-titanx") << 2;
    QTest::newRow("spec 2.6 Example A variant: Gradient2D GTX980 (PPoPP17 Table 4)")
        << "gtx980" << 6.09e-8 << "pitch=paper" << 0.0 << 1.0
        << test::published("ppopp17-example-a-gradient2d") << 2;
    QTest::newRow("spec 2.6 Example A variant: M_SM = 48 KB gives k = 1")
        << "gtx980" << 3.68e-8 << "pitch=paper" << 48.0 << 1.0
        << test::published("ppopp17-example-a-48kb") << 1;
    QTest::newRow("spec 2.6 Example A variant: L x 100 (memory-bound branch)")
        << "gtx980" << 3.68e-8 << "pitch=paper" << 0.0 << 100.0
        << test::published("ppopp17-example-a-l-x100") << 2;
}

void TestTalg::exampleAVariants() {
    QFETCH(QString, gpu);
    QFETCH(double, cIter);
    QFETCH(QString, variant);
    QFETCH(double, mSmKb);
    QFETCH(double, lScale);
    QFETCH(double, expected);
    QFETCH(int, expectedK);
    Gpu g = gpu == "titanx" ? titanx() : gtx980();
    if (mSmKb > 0) {
        g.mSmKb = mSmKb;
    }
    g.lSecondsPerGb *= lScale;
    const auto r = talg::evaluate(stencil("heat2d", 2, cIter), problem2d(8192, 8192, 8192),
                                  tiles(8, 256, 1, 8), g, variantFrom(variant));
    QVERIFY(r.feasible);
    compareRounded(r.tAlg, expected, 6);
    QCOMPARE(r.breakdown.k, expectedK);
    if (lScale > 1) {
        QVERIFY(!r.breakdown.computeBound);
        compareRelative(r.breakdown.mPrime, test::published("ppopp17-example-a-l-x100-m-prime"),
                        1e-9);
    }
}

void TestTalg::exampleB1D() {
    // spec §2.6 Example B: 1D, hypothetical C_iter = 3.0e-8 s (no 1D C_iter is published).
    const auto r =
        talg::evaluate(stencil("jacobi1d", 1, 3.0e-8), talg::Problem{1, {1048576, 1, 1}, 4096},
                       tiles(64, 1, 1, 16), gtx980(), paperVariant());
    QVERIFY(r.feasible);
    const auto& b = r.breakdown;
    QCOMPARE(b.epsilon, publishedCount("ppopp17-example-b-epsilon"));
    QCOMPARE(b.nW, publishedCount("ppopp17-example-b-n-w"));
    QCOMPARE(b.wTile, publishedCount("ppopp17-example-b-w-tile"));
    QCOMPARE(b.pitch, publishedCount("ppopp17-example-b-pitch"));
    QCOMPARE(b.w, publishedCount("ppopp17-example-b-w"));
    QCOMPARE(b.mI, publishedCount("ppopp17-example-b-m-i"));
    QCOMPARE(b.mIo, publishedCount("ppopp17-example-b-m-io"));
    compareRelative(b.mPrime, test::published("ppopp17-example-b-m-prime"), 1e-12);
    QCOMPARE(b.computeSum, publishedCount("ppopp17-example-b-compute-sum"));
    compareRelative(b.c, test::published("ppopp17-example-b-c"), 1e-12);
    QCOMPARE(b.mTile, publishedCount("ppopp17-example-b-m-tile"));
    QCOMPARE(b.kMax, publishedCount("ppopp17-example-b-k-max")); // MTB_SM-bound
    QCOMPARE(b.k, publishedCount("ppopp17-example-b-k"));
    compareRelative(b.tUnit, test::published("ppopp17-example-b-t-unit"), 1e-7);
    QCOMPARE(b.groups, publishedCount("ppopp17-example-b-groups"));
    QCOMPARE(b.rounds, publishedCount("ppopp17-example-b-rounds"));
    compareRounded(r.tAlg, test::published("ppopp17-example-b-talg"), 8);
}

void TestTalg::exampleCWavefronts_data() {
    QTest::addColumn<qint64>("T");
    QTest::addColumn<qint64>("tT");
    QTest::addColumn<qint64>("nW");
    QTest::newRow("spec 2.6 Example C (8192, 8)")
        << 8192LL << 8LL << publishedCount("ppopp17-example-c-n-w-t8192-tt8");
    QTest::newRow("spec 2.6 Example C (8196, 8)")
        << 8196LL << 8LL << publishedCount("ppopp17-example-c-n-w-t8196-tt8");
    QTest::newRow("spec 2.6 Example C (8197, 8)")
        << 8197LL << 8LL << publishedCount("ppopp17-example-c-n-w-t8197-tt8");
    QTest::newRow("spec 2.6 Example C (8199, 8)")
        << 8199LL << 8LL << publishedCount("ppopp17-example-c-n-w-t8199-tt8");
    QTest::newRow("spec 2.6 Example C (1000, 16)")
        << 1000LL << 16LL << publishedCount("ppopp17-example-c-n-w-t1000-tt16");
    QTest::newRow("spec 2.6 Example C (5, 8)")
        << 5LL << 8LL << publishedCount("ppopp17-example-c-n-w-t5-tt8");
    QTest::newRow("spec 2.6 Example C (3, 8)")
        << 3LL << 8LL << publishedCount("ppopp17-example-c-n-w-t3-tt8");
    QTest::newRow("spec 2.6 Example C (1, 2)")
        << 1LL << 2LL << publishedCount("ppopp17-example-c-n-w-t1-tt2");
}

void TestTalg::exampleCWavefronts() {
    QFETCH(qint64, T);
    QFETCH(qint64, tT);
    QFETCH(qint64, nW);
    const auto exact = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(4096, 4096, T),
                                      tiles(8, 64, 1, tT), gtx980(), {});
    QCOMPARE(exact.breakdown.nW, nW);
    talg::TalgVariant approx;
    approx.nw = talg::WavefrontCount::Approx;
    const auto a = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(4096, 4096, T),
                                  tiles(8, 64, 1, tT), gtx980(), approx);
    QCOMPARE(a.breakdown.nW, 2 * ((T + tT - 1) / tT));
}

void TestTalg::exampleE3D_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<qint64>("nSub");
    QTest::addColumn<qint64>("w");
    QTest::addColumn<qint64>("k");
    QTest::addColumn<double>("expected");
    // Expected values: the published table (profiles/published/ppopp17.json), by id.
    const qint64 nSub = publishedCount("ppopp17-example-e-n-sub");
    const qint64 w = publishedCount("ppopp17-example-e-w");
    const qint64 k = publishedCount("ppopp17-example-e-k");
    QTest::newRow("spec 2.6 Example E (paper pitch, 1D width)")
        << "pitch=paper" << nSub << w << k << test::published("ppopp17-example-e-3d");
    QTest::newRow("spec 2.6 Example E variant: eq. 22 as printed")
        << "pitch=paper,w3d=eq22" << nSub << publishedCount("ppopp17-example-e-w-eq22") << k
        << test::published("ppopp17-example-e-3d-eq22");
    QTest::newRow("spec 2.6 Example E variant: product of ceilings")
        << "pitch=paper,nsslabs=product-of-ceils"
        << publishedCount("ppopp17-example-e-n-sub-product-of-ceils") << w << k
        << test::published("ppopp17-example-e-3d-product-of-ceils");
    QTest::newRow("spec 2.6 Example E variant: k effective (corrected value)")
        << "pitch=paper,k=effective" << nSub << w << publishedCount("ppopp17-example-e-k-effective")
        << test::published("ppopp17-example-e-3d-k-effective");
}

void TestTalg::exampleE3D() {
    QFETCH(QString, variant);
    QFETCH(qint64, nSub);
    QFETCH(qint64, w);
    QFETCH(qint64, k);
    QFETCH(double, expected);
    const auto r = talg::evaluate(stencil("heat3d", 3, 1.55e-7), problem3d(512, 512),
                                  tiles(4, 4, 32, 4), gtx980(), variantFrom(variant));
    QVERIFY(r.feasible);
    const auto& b = r.breakdown;
    QCOMPARE(b.nW, publishedCount("ppopp17-example-e-n-w"));
    QCOMPARE(b.wTile, publishedCount("ppopp17-example-e-w-tile"));
    QCOMPARE(b.inner, publishedCount("ppopp17-example-e-inner"));
    QCOMPARE(b.nSub, nSub);
    QCOMPARE(b.mI, publishedCount("ppopp17-example-e-m-i"));
    compareRelative(b.mPrime, test::published("ppopp17-example-e-m-prime"), 1e-12);
    QCOMPARE(b.computeSum, publishedCount("ppopp17-example-e-compute-sum"));
    compareRelative(b.c, test::published("ppopp17-example-e-c"), 1e-12);
    QCOMPARE(b.mTile, publishedCount("ppopp17-example-e-m-tile"));
    QCOMPARE(b.kMax, publishedCount("ppopp17-example-e-k-max"));
    QCOMPARE(b.w, w);
    QCOMPARE(b.k, k);
    QCOMPARE(b.rounds, publishedCount("ppopp17-example-e-rounds"));
    compareRounded(r.tAlg, expected, 6);
    if (variant == "pitch=paper") {
        compareRelative(b.tUnit, test::published("ppopp17-example-e-t-unit"), 1e-9);
    }
}

void TestTalg::oracleGrid_data() {
    QTest::addColumn<QString>("pitch");
    QTest::addColumn<qint64>("tT");
    QTest::addColumn<qint64>("tS2");
    QTest::addColumn<double>("expected"); // NaN: infeasible
    QTest::addColumn<qint64>("k");
    const qint64 tTs[] = {2, 4, 8, 16, 32, 48};
    const qint64 tS2s[] = {32, 64, 128, 256, 512};
    // spec 2.6 oracle grid, Heat2D GTX980 8192^3 tS1 = 8: T_alg [s] (k), from the published
    // table (profiles/published/ppopp17.json: ppopp17-oracle-PITCH-ttTT-ts2-TS2 and, the same
    // for both pitches, ppopp17-oracle-k-ttTT-ts2-TS2). The spec's "inf" cells (infeasible)
    // have no entry: the first feasibleColumns[i] cells of each tT row are feasible.
    const int feasibleColumns[6] = {5, 4, 4, 3, 2, 1};
    const auto id = [](const char* what, qint64 tT, qint64 tS2) {
        return QByteArray("ppopp17-oracle-") + what + "-tt" + QByteArray::number(tT) + "-ts2-" +
               QByteArray::number(tS2);
    };
    const double inf = std::nan("");
    double paper[6][5];
    double geometric[6][5];
    qint64 ks[6][5];
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 5; ++j) {
            const bool feasible = j < feasibleColumns[i];
            paper[i][j] =
                feasible ? test::published(id("paper", tTs[i], tS2s[j]).constData()) : inf;
            geometric[i][j] =
                feasible ? test::published(id("geometric", tTs[i], tS2s[j]).constData()) : inf;
            ks[i][j] = feasible ? publishedCount(id("k", tTs[i], tS2s[j]).constData()) : 0;
        }
    }
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 5; ++j) {
            QTest::addRow("spec 2.6 oracle grid paper tT=%lld tS2=%lld", tTs[i], tS2s[j])
                << "paper" << tTs[i] << tS2s[j] << paper[i][j] << ks[i][j];
            QTest::addRow("spec 2.6 oracle grid geometric tT=%lld tS2=%lld", tTs[i], tS2s[j])
                << "geometric" << tTs[i] << tS2s[j] << geometric[i][j] << ks[i][j];
        }
    }
}

void TestTalg::oracleGrid() {
    QFETCH(QString, pitch);
    QFETCH(qint64, tT);
    QFETCH(qint64, tS2);
    QFETCH(double, expected);
    QFETCH(qint64, k);
    const auto r = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                  tiles(8, tS2, 1, tT), gtx980(), variantFrom("pitch=" + pitch));
    if (std::isnan(expected)) {
        QVERIFY(!r.feasible);
        QCOMPARE(r.excludedBy, talg::Constraint::SharedMemoryPerBlock);
        QVERIFY(std::isnan(r.tAlg));
        QVERIFY(r.breakdown.mTile > 12288);
        return;
    }
    QVERIFY(r.feasible);
    compareRounded(r.tAlg, expected, 4);
    QCOMPARE(r.breakdown.k, k);
}

void TestTalg::invalidInput_data() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<qint64>("S1");
    QTest::addColumn<qint64>("T");
    QTest::addColumn<qint64>("tS1");
    QTest::addColumn<qint64>("tS2");
    QTest::addColumn<qint64>("tT");
    QTest::addColumn<QString>("gpuField"); // hardware value to spoil, or empty
    QTest::addColumn<QString>("field");    // field the error must name
    QTest::newRow("odd tT (erratum I12)") << 2 << 8192LL << 8192LL << 8LL << 256LL << 7LL << ""
                                          << "tT";
    QTest::newRow("zero tT") << 2 << 8192LL << 8192LL << 8LL << 256LL << 0LL << ""
                             << "tT";
    QTest::newRow("negative tT") << 2 << 8192LL << 8192LL << 8LL << 256LL << -4LL << ""
                                 << "tT";
    QTest::newRow("tS2 not a multiple of 32 (eq. 31)")
        << 2 << 8192LL << 8192LL << 8LL << 48LL << 8LL << ""
        << "tS2";
    QTest::newRow("zero tS1") << 2 << 8192LL << 8192LL << 0LL << 256LL << 8LL << ""
                              << "tS1";
    QTest::newRow("zero S1") << 2 << 0LL << 8192LL << 8LL << 256LL << 8LL << ""
                             << "S1";
    QTest::newRow("negative T") << 2 << 8192LL << -1LL << 8LL << 256LL << 8LL << ""
                                << "T";
    QTest::newRow("dimension mismatch") << 3 << 512LL << 512LL << 8LL << 256LL << 8LL << ""
                                        << "space";
    QTest::newRow("NaN L") << 2 << 8192LL << 8192LL << 8LL << 256LL << 8LL << "l_s_per_gb"
                           << "l_s_per_gb";
    QTest::newRow("negative tau_sync")
        << 2 << 8192LL << 8192LL << 8LL << 256LL << 8LL << "tau_sync_s"
        << "tau_sync_s";
    QTest::newRow("zero n_SM") << 2 << 8192LL << 8192LL << 8LL << 256LL << 8LL << "n_sm"
                               << "n_sm";
    QTest::newRow("NaN C_iter") << 2 << 8192LL << 8192LL << 8LL << 256LL << 8LL << "c_iter_s"
                                << "c_iter_s";
}

void TestTalg::invalidInput() {
    QFETCH(int, dim);
    QFETCH(qint64, S1);
    QFETCH(qint64, T);
    QFETCH(qint64, tS1);
    QFETCH(qint64, tS2);
    QFETCH(qint64, tT);
    QFETCH(QString, gpuField);
    QFETCH(QString, field);
    Gpu g = gtx980();
    Stencil st = stencil("heat2d", 2, 3.68e-8);
    if (gpuField == "l_s_per_gb") {
        g.lSecondsPerGb = std::nan("");
    } else if (gpuField == "tau_sync_s") {
        g.tauSyncSeconds = -1e-9;
    } else if (gpuField == "n_sm") {
        g.nSm = 0;
    } else if (gpuField == "c_iter_s") {
        st.cIterSeconds = std::nan("");
    }
    talg::Problem p{dim, {S1, 8192, 8192}, T};
    try {
        (void)talg::evaluate(st, p, tiles(tS1, tS2, 32, tT), g, {});
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY(!QString::fromStdString(e.allowed()).isEmpty());
    }
}

void TestTalg::infeasibleIsAResult() {
    // Registers (eq. 11): R_tile > R_SM leaves no resident block.
    talg::TalgVariant v;
    v.registersPerTile = 70000;
    const auto r = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                  tiles(8, 256, 1, 8), gtx980(), v);
    QVERIFY(!r.feasible);
    QCOMPARE(r.excludedBy, talg::Constraint::NoResidentBlock);
    QVERIFY(std::isnan(r.tAlg));
    // Registers that allow 1 block per SM cap k at 1.
    v.registersPerTile = 40000;
    const auto one = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                    tiles(8, 256, 1, 8), gtx980(), v);
    QVERIFY(one.feasible);
    QCOMPARE(one.breakdown.k, 1);
}

void TestTalg::warnings() {
    // Tile wider than the domain: S1 = 16 < pitch = 22 (geometric), and tS2 >= S2 + tT.
    const auto r = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(16, 32, 64),
                                  tiles(8, 64, 1, 8), gtx980(), {});
    QVERIFY(r.feasible);
    QCOMPARE(r.breakdown.w, 1);
    QCOMPARE(r.breakdown.nSub, 1);
    QVERIFY(r.warnings.has(talg::Warning::TileExceedsDomainS1));
    QVERIFY(r.warnings.has(talg::Warning::TileExceedsDomainInner));
    QVERIFY(r.warnings.has(talg::Warning::IdleSms));
    QVERIFY(!r.warnings.has(talg::Warning::BelowIdeal));
    QCOMPARE(r.warnings.list().size(), std::size_t{3});
}

void TestTalg::rowsFitVectorUnits() {
    // P §4.1 special case: n_V >= w_tile gives c = tT (C_iter + tau_sync).
    Gpu g = gtx980();
    const auto r =
        talg::evaluate(stencil("jacobi1d", 1, 3.0e-8), talg::Problem{1, {100000, 1, 1}, 1000},
                       tiles(20, 1, 1, 10), g, {});
    QVERIFY(r.warnings.has(talg::Warning::RowsFitVectorUnits));
    compareRelative(r.breakdown.c, 10 * (3.0e-8 + g.tauSyncSeconds), 1e-12);
}

void TestTalg::computeSumEqualsPrintedSum() {
    // The closed-form floor sum used for long tiles equals the printed per-term ceilings.
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; ++i) {
        const std::int64_t tS1 = 1 + static_cast<std::int64_t>(rng() % 300);
        const std::int64_t tT = 2 * (1 + static_cast<std::int64_t>(rng() % 200)); // both paths
        const std::int64_t inner = 1 + static_cast<std::int64_t>(rng() % 5000);
        const std::int64_t nV = 1 + static_cast<std::int64_t>(rng() % 2048);
        const std::int64_t naive = naiveComputeSum(tS1, tT, inner, nV);
        QCOMPARE(talg::floorSum(tT / 2, nV, 2 * inner, tS1 * inner + nV - 1), naive);
        QCOMPARE(talg::computeSum(tS1, tT / 2, inner, nV), naive);
    }
    // And through evaluate(): a tall tile (tT = 40, 20 terms) against the naive sum.
    const auto r = talg::evaluate(stencil("heat2d", 2, 3.68e-8), problem2d(8192, 8192, 8192),
                                  tiles(3, 32, 1, 40), gtx980(), {});
    QCOMPARE(r.breakdown.computeSum, naiveComputeSum(3, 40, 32, 128));
}

namespace {
// A random valid tiling of a random problem of dimension dim.
struct Sample {
    Stencil st;
    talg::Problem p;
    talg::Tiles t;
    Gpu g;
    talg::TalgVariant v;
};

Sample randomSample(std::mt19937_64& rng, int dim) {
    auto uniform = [&rng](std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    };
    Sample s;
    s.g = rng() % 2 ? gtx980() : titanx();
    s.g.nV = 32 * uniform(1, 16);
    s.g.nSm = uniform(1, 40);
    s.st = stencil("s", dim, 1e-8 * static_cast<double>(uniform(1, 20)));
    s.p.dim = dim;
    s.p.time = uniform(1, 5000);
    s.t.time = 2 * uniform(1, 30);
    for (int i = 0; i < dim; ++i) {
        s.p.space[i] = uniform(1, dim == 3 ? 700 : 20000);
        s.t.space[i] = uniform(1, dim == 3 ? 12 : 200);
    }
    if (dim >= 2) {
        s.t.space[dim - 1] = 32 * uniform(1, dim == 3 ? 2 : 16);
    }
    s.v.nw = rng() % 2 ? talg::WavefrontCount::Exact : talg::WavefrontCount::Approx;
    s.v.k = static_cast<talg::KRule>(rng() % 3);
    s.v.subSlabs =
        rng() % 2 ? talg::SubSlabCount::CeilOfProduct : talg::SubSlabCount::ProductOfCeils;
    return s;
}
} // namespace

void TestTalg::propertyAtLeastIdealWithGeometricPitch() {
    // spec §1.11: T_alg >= T_ideal with the geometric pitch, any N_w, any k rule.
    std::mt19937_64 rng(7);
    int checked = 0;
    for (int i = 0; i < 30000; ++i) {
        const Sample s = randomSample(rng, 1 + i % 3);
        const auto r = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        if (!r.feasible) {
            continue;
        }
        ++checked;
        if (r.tAlg < r.breakdown.tIdeal * (1 - 1e-12)) {
            QFAIL(qPrintable(QStringLiteral("T_alg %1 < T_ideal %2 at sample %3")
                                 .arg(r.tAlg)
                                 .arg(r.breakdown.tIdeal)
                                 .arg(i)));
        }
        QVERIFY(!r.warnings.has(talg::Warning::BelowIdeal));
    }
    QVERIFY(checked > 10000);
}

void TestTalg::propertyMonotoneInCosts() {
    // T_alg is non-decreasing in C_iter, L, tau_sync and T_sync (spec §1.11).
    std::mt19937_64 rng(11);
    for (int i = 0; i < 6000; ++i) {
        const Sample s = randomSample(rng, 1 + i % 3);
        const auto base = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        if (!base.feasible) {
            continue;
        }
        for (int param = 0; param < 4; ++param) {
            Sample m = s;
            switch (param) {
            case 0:
                m.st.cIterSeconds *= 1.5;
                break;
            case 1:
                m.g.lSecondsPerGb *= 3;
                break;
            case 2:
                m.g.tauSyncSeconds *= 10;
                break;
            default:
                m.g.tSyncSeconds *= 2;
                break;
            }
            const auto more = talg::evaluate(m.st, m.p, m.t, m.g, m.v);
            QVERIFY(more.tAlg >= base.tAlg * (1 - 1e-12));
        }
    }
}

void TestTalg::propertyNonIncreasingInResources() {
    // More SMs or more vector units never slow a fixed tiling down (k from memory only).
    std::mt19937_64 rng(13);
    for (int i = 0; i < 6000; ++i) {
        Sample s = randomSample(rng, 1 + i % 3);
        s.v.k = talg::KRule::Max;
        const auto base = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        if (!base.feasible) {
            continue;
        }
        Sample m = s;
        m.g.nSm += 1 + static_cast<std::int64_t>(rng() % 8);
        QVERIFY(talg::evaluate(m.st, m.p, m.t, m.g, m.v).tAlg <= base.tAlg * (1 + 1e-12));
        m = s;
        m.g.nV += 32;
        QVERIFY(talg::evaluate(m.st, m.p, m.t, m.g, m.v).tAlg <= base.tAlg * (1 + 1e-12));
    }
}

void TestTalg::propertyInfeasibleExactlyWhenExcluded() {
    // Infeasible <=> M_tile > per-block shared memory or k_max = 0 (spec §2.6 (iv)),
    // with M_tile recomputed here from eq. 19 / the 1D and 3D forms.
    std::mt19937_64 rng(17);
    int overBlockWithBlocks = 0; // tiles over the per-block limit that a whole SM still holds
    for (int i = 0; i < 20000; ++i) {
        Sample s = randomSample(rng, 1 + i % 3);
        s.t.space[0] = 1 + static_cast<std::int64_t>(rng() % 400);
        if (rng() % 4 == 0) {
            s.v.registersPerTile = 1 + static_cast<std::int64_t>(rng() % 100000);
        }
        const auto r = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        const std::int64_t tT = s.t.time;
        std::int64_t mTile = 2 * (s.t.space[0] + tT + (s.p.dim == 1 ? 0 : 1));
        for (int d = 1; d < s.p.dim; ++d) {
            mTile *= s.t.space[d] + tT + 1;
        }
        const std::int64_t limit = 12288; // 48 KB of 4-byte words on both GPUs
        std::int64_t kMax = std::min<std::int64_t>(24576 / mTile, 32);
        if (s.v.registersPerTile) {
            kMax = std::min(kMax, 65536 / *s.v.registersPerTile);
        }
        const bool expectedFeasible = mTile <= limit && kMax >= 1;
        QCOMPARE(r.breakdown.mTile, mTile);
        QCOMPARE(r.feasible, expectedFeasible);
        QCOMPARE(std::isnan(r.tAlg), !expectedFeasible);
        // k_max is eq. 11's also for a tile over the per-block limit (issue 55: the breakdown
        // showed 0 where its formula gives 1).
        QCOMPARE(r.breakdown.kMax, kMax);
        overBlockWithBlocks += mTile > limit && kMax >= 1 ? 1 : 0;
    }
    QVERIFY2(overBlockWithBlocks > 100, qPrintable(QString::number(overBlockWithBlocks)));
}

QTEST_APPLESS_MAIN(TestTalg)
#include "test_talg.moc"

// Issue 57, spec I4: PPCG allocates tS1 + tT along S1, eq. 19 one more. The V100's best measured
// Laplacian 2D tiling (StencilBench's hybrid-parameter-search log, 8_6_256_1_256: tT = 16, tS1 =
// 6, tS2 = 256) needs 50,232 B by eq. 19, over the 48 KB PPCG was given, and 48,048 B as PPCG
// allocates it.
void TestTalg::ppcgFootprint_data() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<QList<qint64>>("tile");
    QTest::addColumn<qint64>("tt");
    QTest::addColumn<qint64>("eq19Bytes");
    QTest::addColumn<qint64>("ppcgBytes");
    QTest::newRow("issue 57: StencilBench V100 j2d5pt best 8_6_256")
        << 2 << QList<qint64>{6, 256} << qint64(16) << qint64(50232) << qint64(48048);
    QTest::newRow("2D 8x256 tT 8") << 2 << QList<qint64>{8, 256} << qint64(8)
                                   << qint64(4 * 2 * 17 * 265) << qint64(4 * 2 * 16 * 265);
    QTest::newRow("1D: no difference")
        << 1 << QList<qint64>{64} << qint64(10) << qint64(4 * 2 * 74) << qint64(4 * 2 * 74);
    QTest::newRow("3D 4x8x64 tT 4") << 3 << QList<qint64>{4, 8, 64} << qint64(4)
                                    << qint64(4 * 2 * 9 * 13 * 69) << qint64(4 * 2 * 8 * 13 * 69);
}

void TestTalg::ppcgFootprint() {
    QFETCH(int, dim);
    QFETCH(QList<qint64>, tile);
    QFETCH(qint64, tt);
    QFETCH(qint64, eq19Bytes);
    QFETCH(qint64, ppcgBytes);
    talg::Tiles t;
    for (int i = 0; i < dim; ++i) {
        t.space[static_cast<std::size_t>(i)] = tile[i];
    }
    t.time = tt;
    QCOMPARE(4 * talg::sharedMemoryPerTile(dim, t, talg::SharedFootprint::Eq19), eq19Bytes);
    QCOMPARE(4 * talg::sharedMemoryPerTile(dim, t, talg::SharedFootprint::Ppcg), ppcgBytes);
    // On a GPU with PPCG's 48 KB per block: feasible by PPCG's count where eq. 19 refuses.
    if (dim == 2 && eq19Bytes > 49152 && ppcgBytes <= 49152) {
        Gpu g = gtx980();
        talg::Problem p;
        p.dim = 2;
        p.space = {16384, 16384, 1};
        p.time = 1000;
        talg::TalgVariant v;
        QCOMPARE(talg::evaluate(stencil("s", 2, 3e-8), p, t, g, v).excludedBy,
                 talg::Constraint::SharedMemoryPerBlock);
        v.smem = talg::SharedFootprint::Ppcg;
        QVERIFY(talg::evaluate(stencil("s", 2, 3e-8), p, t, g, v).feasible);
    }
}

// PPCG's default block: one thread per point of the innermost tile, capped by the GPU's limit.
void TestTalg::defaultThreadsArePpcgs() {
    talg::Tiles t;
    t.space = {6, 256, 1};
    t.time = 16;
    QCOMPARE(talg::defaultThreads(2, t, 1024), std::int64_t(256));
    t.space = {4, 8, 2048};
    QCOMPARE(talg::defaultThreads(3, t, 1024), std::int64_t(1024));
    t.space = {30, 1, 1};
    t.time = 8;
    QCOMPARE(talg::defaultThreads(1, t, 1024), std::int64_t(64)); // w_tile 36 -> 2 warps
    Gpu g = gtx980();
    g.computeCapability = 1.3; // 512 threads per block
    t.space = {6, 1024, 1};
    QCOMPARE(talg::threadsOf(2, t, g), std::int64_t(512));
    t.threads = 96;
    QCOMPARE(talg::threadsOf(2, t, g), std::int64_t(96));
}

namespace {
// The GTX 980 with what hiding reads: compute capability 5.2, 1216 MHz, MWP-CWP's Mem_LD and
// departure delay (the values the shipped description estimates for it).
Gpu hidingGpu() {
    Gpu g = gtx980();
    g.computeCapability = 5.2;
    g.clockMhz = 1216;
    g.memLdCycles = 450.0 * 1216 / 1544;
    g.departureCoalCycles = 4;
    return g;
}
} // namespace

void TestTalg::extensionInputErrors() {
    talg::Problem p;
    p.dim = 2;
    p.space = {8192, 8192, 1};
    p.time = 8192;
    talg::Tiles t;
    t.space = {8, 256, 1};
    t.time = 8;
    const Stencil st = stencil("s", 2, 3.68e-8);
    const auto refusal = [&](const Gpu& g, const talg::Tiles& tiles, const talg::TalgVariant& v) {
        try {
            talg::evaluate(st, p, tiles, g, v);
        } catch (const InputError& e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    talg::TalgVariant v;
    talg::Tiles many = t;
    many.threads = 2048;
    QVERIFY(refusal(hidingGpu(), many, v).contains("threads_per_block"));
    many.threads = -1;
    QVERIFY(refusal(hidingGpu(), many, v).contains("threads_per_block"));
    v.hiding = talg::Hiding::Occupancy;
    QVERIFY2(refusal(gtx980(), t, v).contains("compute_capability"),
             qPrintable(refusal(gtx980(), t, v)));
    Gpu noLatency = hidingGpu();
    noLatency.memLdCycles.reset();
    QVERIFY(refusal(noLatency, t, v).contains("mem_ld_cycles"));
    Gpu unknownCc = hidingGpu();
    unknownCc.computeCapability = 4.7;
    QVERIFY(refusal(unknownCc, t, v).contains("compute_capability"));
    v.registersPerThread = 300;
    QVERIFY(refusal(hidingGpu(), t, v).contains("registers_per_thread"));
    v.registersPerThread = 32;
    QVERIFY(refusal(hidingGpu(), t, v).isEmpty());
    QCOMPARE(talg::parseHiding("occupancy"), talg::Hiding::Occupancy);
    QVERIFY_THROWS_EXCEPTION(InputError, talg::parseSharedFootprint("eq20"));
    QVERIFY_THROWS_EXCEPTION(InputError, talg::parseBandwidth("none"));
}

// With hiding that nothing limits (a memory latency so short that the resident warps always
// saturate the bandwidth, blocks of at least n_V threads, no register count, block slots and
// warps to spare) the occupancy variant is the papers' model, number for number.
void TestTalg::propertyPerfectHidingIsThePapers() {
    std::mt19937_64 rng(57);
    int same = 0;
    for (int i = 0; i < 6000; ++i) {
        Sample s = randomSample(rng, 1 + i % 3);
        s.g.computeCapability = 8.0; // 64 warps and 32 blocks per SM
        s.g.clockMhz = 1000;
        s.g.memLdCycles = 1e-6; // every warp's load returns at once: MWP_peak_BW << 1
        s.g.departureCoalCycles = 1e-9;
        s.g.mtbSm = 2; // k <= 2: 2 blocks x 32 warps fit the 64 warps
        s.g.mSmKb = std::min(s.g.mSmKb, 160.0);
        s.g.mTbKb = std::min(s.g.mTbKb, s.g.mSmKb);
        s.t.threads = std::clamp<std::int64_t>(s.g.nV, 32, 1024);
        const auto papers = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        talg::TalgVariant h = s.v;
        h.hiding = talg::Hiding::Occupancy;
        const auto hidden = talg::evaluate(s.st, s.p, s.t, s.g, h);
        QCOMPARE(hidden.feasible, papers.feasible);
        if (!papers.feasible || hidden.breakdown.kOccupancy < papers.breakdown.kMax) {
            continue; // the runtime's reserved shared memory took a block: not perfect
        }
        QCOMPARE(hidden.breakdown.memoryEfficiency, 1.0);
        QCOMPARE(hidden.tAlg, papers.tAlg);
        ++same;
    }
    QVERIFY2(same >= 2000, qPrintable(QString::number(same)));
}

// More resident warps never make a tiling slower: at a k that shared memory sets, more threads
// per block only raise the memory warp parallelism and the lanes a tile computes on.
void TestTalg::propertyMoreWarpsNeverSlower() {
    std::mt19937_64 rng(58);
    int compared = 0, faster = 0;
    for (int i = 0; i < 3000; ++i) {
        Sample s = randomSample(rng, 2 + i % 2);
        s.g = hidingGpu();
        s.g.nV = 32 * (1 + static_cast<std::int64_t>(rng() % 8));
        s.v.k = talg::KRule::Max;
        s.v.hiding = talg::Hiding::Occupancy;
        double last = 0;
        std::int64_t k = -1;
        for (std::int64_t threads = 32; threads <= 512; threads += 32) {
            s.t.threads = threads;
            const auto r = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
            if (!r.feasible || (k >= 0 && r.breakdown.k != k)) {
                break; // the warps limit took a block: another k
            }
            if (k >= 0) {
                QVERIFY2(
                    r.tAlg <= last * (1 + 1e-12),
                    qPrintable(QString("%1 threads: %2 > %3").arg(threads).arg(r.tAlg).arg(last)));
                faster += r.tAlg < last * (1 - 1e-9) ? 1 : 0;
                ++compared;
            }
            k = r.breakdown.k;
            last = r.tAlg;
        }
    }
    QVERIFY2(compared >= 2000 && faster >= 500,
             qPrintable(QString("%1 compared, %2 faster").arg(compared).arg(faster)));
}

// A wavefront through the one memory system is never faster than every tile at the whole
// bandwidth, and binds on memory-bound tilings.
void TestTalg::propertySharedBandwidthNeverFaster() {
    std::mt19937_64 rng(59);
    int compared = 0, bound = 0;
    for (int i = 0; i < 6000; ++i) {
        Sample s = randomSample(rng, 1 + i % 3);
        const auto tile = talg::evaluate(s.st, s.p, s.t, s.g, s.v);
        talg::TalgVariant shared = s.v;
        shared.bandwidth = talg::Bandwidth::Shared;
        const auto r = talg::evaluate(s.st, s.p, s.t, s.g, shared);
        QCOMPARE(r.feasible, tile.feasible);
        if (!tile.feasible) {
            continue;
        }
        QVERIFY(r.tAlg >= tile.tAlg * (1 - 1e-12));
        bound += r.breakdown.memorySystemBound ? 1 : 0;
        ++compared;
    }
    QVERIFY2(compared >= 1500 && bound >= 50,
             qPrintable(QString("%1 compared, %2 bound by memory").arg(compared).arg(bound)));
}
