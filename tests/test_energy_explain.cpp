// SPDX-License-Identifier: GPL-3.0-or-later
// What the Energy workspace shows besides E_alg: the time source resolved (given, Talg model,
// measured run), the coefficient shares (exact linear sensitivities), "explain this number"
// against the spec's worked example §3.3, and the per-point curves of the surface-to-volume
// effect (monotone: spec §6.2's invariant).

#include "energy/energy_calibration.hpp"
#include "energy/energy_explain.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_session.hpp"
#include "params/profiles.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;
using namespace cdx::energy;

namespace {
EnergyInput example33() {
    return defaultEnergySettings().problem; // spec §3.3
}
const ExplainedTerm& term(const std::vector<ExplainedTerm>& t, const std::string& symbol) {
    for (const auto& x : t) {
        if (x.symbol == symbol) {
            return x;
        }
    }
    throw std::runtime_error("no term " + symbol);
}
} // namespace

class TestEnergyExplain : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }
    void explainWorkedExample_data();
    void explainWorkedExample();
    void explainEveryStencilAndVariant();
    void sharesAreLinearSensitivities();
    void perPointCurvesFallWithTileWidth();
    void timeSources();
};

void TestEnergyExplain::explainWorkedExample_data() {
    QTest::addColumn<QString>("symbol");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("substituted");
    // spec energy-model.md §3.3 (J2D, Model A, T_alg = 0.5 s). Expected values: the published
    // table (profiles/published/thesis-appendix-b.json), by id.
    QTest::newRow("§3.3 w_tile") << "w_tile" << test::published("thesis-b-jacobi2d-w-tile")
                                 << "16 + 8 - 2";
    QTest::newRow("§3.3 pitch") << "pitch" << test::published("thesis-b-jacobi2d-pitch")
                                << "16 + 22";
    QTest::newRow("§3.3 M_io") << "M_io" << test::published("thesis-b-jacobi2d-m-io")
                               << "2 * 64 * (16 + 2 * 8)";
    QTest::newRow("§3.3 V_tile") << "V_tile" << test::published("thesis-b-jacobi2d-v-tile")
                                 << "64 * 4 * 38";
    QTest::newRow("§3.3 N_tiles") << "N_tiles" << test::published("thesis-b-jacobi2d-n-tiles")
                                  << "2 * 1024 * 4096 * (4096 + 8) / (8 * 64 * 38)";
    QTest::newRow("§3.3 M_tile") << "M_tile" << test::published("thesis-b-jacobi2d-m-tile")
                                 << "2 * 25 * 73";
    QTest::newRow("§3.3 E_stat") << "E_stat" << test::published("thesis-b-jacobi2d-e-stat")
                                 << "48 * 0.5";
}

void TestEnergyExplain::explainWorkedExample() {
    QFETCH(QString, symbol);
    QFETCH(double, value);
    QFETCH(QString, substituted);
    const auto c = loadEnergyCoefficients("k20c-a");
    const auto t = explainEnergy(example33(), c, {});
    const auto& x = term(t, symbol.toStdString());
    QVERIFY(std::abs(x.value - value) <= 1e-12 * value);
    QCOMPARE(QString::fromStdString(x.substituted), substituted);
    QVERIFY(!x.formula.empty() && !x.source.empty() && !x.unit.empty());
}

// Every term's value is the model's, for every stencil and variant.
void TestEnergyExplain::explainEveryStencilAndVariant() {
    const auto c = loadEnergyCoefficients("k20c-b");
    int checked = 0;
    for (auto kind : {StencilKind::SmithWaterman, StencilKind::Jacobi1D, StencilKind::Jacobi2D}) {
        EnergyInput in;
        in.stencil = kind;
        in.s1 = kind == StencilKind::Jacobi2D ? 1000 : 5000;
        in.s2 = kind == StencilKind::Jacobi2D ? 900 : 0;
        in.t = 300;
        in.tS1 = kind == StencilKind::Jacobi2D ? 12 : 96;
        in.tS2 = kind == StencilKind::Jacobi2D ? 64 : 0;
        in.tT = kind == StencilKind::Jacobi2D ? 6 : 7;
        in.sS = kind == StencilKind::Jacobi2D ? 0 : 24;
        in.tAlgS = 0.3;
        for (auto count : {TileCount::Continuous, TileCount::Ceil}) {
            for (auto alt : {false, true}) {
                EnergyVariant v;
                v.count = count;
                v.j1dCount = alt ? J1dCount::Skewed : J1dCount::Generic;
                v.j1dSr = alt ? J1dSr::Alt : J1dSr::Thesis;
                v.j2dPitch = alt ? J2dPitch::Paper : J2dPitch::Geometric;
                const auto r = evaluateEnergy(in, c, v);
                const auto t = explainEnergy(in, c, v);
                for (const auto& [sym, want] :
                     std::vector<std::pair<std::string, double>>{{"V_tile", r.vTile},
                                                                 {"M_io", r.mIo},
                                                                 {"SR", r.sr},
                                                                 {"N_tiles", r.nTiles},
                                                                 {"E_tile", r.eTile},
                                                                 {"E_alg", r.eAlg},
                                                                 {"e_pt", r.ePt},
                                                                 {"GOP/J", r.gopPerJ}}) {
                    QCOMPARE(term(t, sym).value, want);
                    ++checked;
                }
            }
        }
    }
    QCOMPARE(checked, 3 * 2 * 2 * 8);
}

void TestEnergyExplain::sharesAreLinearSensitivities() {
    const auto c = loadEnergyCoefficients("k20c-a");
    const auto in = example33();
    const auto s = coefficientShares(in, c, {});
    const auto r = evaluateEnergy(in, c, {});
    double sum = 0;
    for (const auto& x : s) {
        sum += x.share;
        QVERIFY(x.share >= 0);
    }
    QVERIFY(std::abs(sum - 1) < 1e-12);
    QVERIFY(std::abs(s[0].joules - r.eStat) <= 1e-12 * r.eStat);
    QVERIFY(std::abs(s[1].joules - r.eDynGs) <= 1e-12 * r.eDynGs);
    QVERIFY(std::abs(s[2].joules - r.eDynSr) <= 1e-12 * r.eDynSr);
    QCOMPARE(s[5].joules, 0.0); // J2D has no integer operations
    // The share is the elasticity: 1 % more of a coefficient -> share % more E_alg.
    int checked = 0;
    for (std::size_t k = 0; k < 7; ++k) {
        auto x = asArray(c);
        x[k] *= 1.01;
        const double e = evaluateEnergy(in, fromArray(x), {}).eAlg;
        QVERIFY(std::abs((e / r.eAlg - 1) - 0.01 * s[k].share) < 1e-12);
        ++checked;
    }
    QCOMPARE(checked, 7);
}

// spec §6.2: e_pt is non-increasing in tS1 (J2D) and tS (1-D, sub-tiles per tile held).
void TestEnergyExplain::perPointCurvesFallWithTileWidth() {
    const auto c = loadEnergyCoefficients("k20c-a");
    int checked = 0;
    for (auto kind : {StencilKind::SmithWaterman, StencilKind::Jacobi1D, StencilKind::Jacobi2D}) {
        EnergyInput in = example33();
        if (kind != StencilKind::Jacobi2D) {
            in.stencil = kind;
            in.s2 = 0;
            in.tS2 = 0;
            in.tS1 = 256;
            in.sS = 64;
        }
        const auto curves = perPointCurves(in, c, {});
        QVERIFY(curves.size() >= 4);
        bool hasSession = false;
        for (const auto& curve : curves) {
            QVERIFY(curve.points.size() >= 8);
            for (std::size_t i = 1; i < curve.points.size(); ++i) {
                QVERIFY(curve.points[i].first > curve.points[i - 1].first);
                QVERIFY(curve.points[i].second <= curve.points[i - 1].second * (1 + 1e-12));
                ++checked;
            }
            for (const auto& [w, e] : curve.points) {
                if (curve.tT == in.tT && w == in.tS1) {
                    hasSession = true;
                    EnergyInput q = in;
                    QCOMPARE(e, evaluateEnergy(q, c, {}).ePt);
                }
            }
        }
        QVERIFY(hasSession);
    }
    QVERIFY(checked > 100);
}

void TestEnergyExplain::timeSources() {
    EnergySettings e = defaultEnergySettings();
    const GpuProfile gpu = loadGpuProfile("gtx980");
    // Given.
    auto g = evaluateSettings(e, gpu, {}, std::nullopt);
    QVERIFY2(g.result.has_value(), g.error.c_str());
    QCOMPARE(g.result->tAlgS, 0.5);
    QCOMPARE(g.timeLabel, std::string("given"));
    // The Talg model of the session's GPU (with the cross-GPU warning and its shared memory).
    e.timeSource.kind = TimeSourceKind::Model;
    auto m = evaluateSettings(e, gpu, {}, std::nullopt);
    QVERIFY2(m.result.has_value(), m.error.c_str());
    const auto t = talg::evaluate(toStencil(loadStencilProfile("jacobi2d"), "gtx980"),
                                  {2, {4096, 4096, 1}, 1024}, {{16, 64, 1}, 8}, toGpu(gpu), {});
    QCOMPARE(m.result->tAlgS, t.tAlg);
    QVERIFY(m.timeLabel.find("GTX 980") != std::string::npos);
    QCOMPARE(m.warnings.size(), std::size_t(1));
    QVERIFY(m.input.sharedWordsPerBlock.has_value());
    // Smith-Waterman has no Talg model.
    EnergySettings sw = e;
    sw.problem.stencil = StencilKind::SmithWaterman;
    sw.problem.s2 = sw.problem.tS2 = 0;
    sw.problem.sS = 16;
    QVERIFY(!evaluateSettings(sw, gpu, {}, std::nullopt).result);
    QVERIFY(evaluateSettings(sw, gpu, {}, std::nullopt).error.find("Smith-Waterman") !=
            std::string::npos);
    // A measured run: its tiling and time, its energy to compare.
    runs::Run r;
    r.id = 7;
    r.gpu = "k20c";
    r.stencil = "jacobi2d";
    r.dim = 2;
    r.space = {4096, 4096, 1};
    r.time = 1024;
    r.tile = {16, 64, 1};
    r.tt = 8;
    r.timeSeconds = 0.75;
    r.energyJ = 80;
    e.timeSource = {TimeSourceKind::Measured, 0.5, 7};
    auto meas = evaluateSettings(e, gpu, {}, r);
    QVERIFY2(meas.result.has_value(), meas.error.c_str());
    QCOMPARE(meas.result->tAlgS, 0.75);
    QCOMPARE(meas.measuredJ, std::optional<double>(80));
    QVERIFY(meas.warnings.empty());
    r.tile = {8, 64, 1};
    meas = evaluateSettings(e, gpu, {}, r);
    QCOMPARE(meas.input.tS1, std::int64_t(8));
    QCOMPARE(meas.warnings.size(), std::size_t(1));
    // Not in the database.
    const auto missing = evaluateSettings(e, gpu, {}, std::nullopt);
    QVERIFY(!missing.result);
    QVERIFY(missing.error.find("not in the run database") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestEnergyExplain)
#include "test_energy_explain.moc"
