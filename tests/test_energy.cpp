// SPDX-License-Identifier: GPL-3.0-or-later
// Energy model of tiled stencils (thesis App. B, spec energy-model.md): the worked examples of
// §3.3-3.5 with both coefficient sets, the §6.2 invariants as counted property tests, the
// §6.1 variants, the K20c coefficient profiles and bad input.

#include "energy/energy_model.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "search/tile_search.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

using namespace cdx;
using namespace cdx::energy;

namespace {

bool near(double actual, double expected, double rel) {
    return std::abs(actual - expected) <= rel * std::abs(expected) ||
           (expected == 0 && actual == 0);
}
#define CHECK_NEAR(actual, expected, rel)                                                          \
    QVERIFY2(near((actual), (expected), (rel)), qPrintable(QStringLiteral("%1 = %2, expected %3")  \
                                                               .arg(#actual)                       \
                                                               .arg(actual, 0, 'g', 17)            \
                                                               .arg(expected, 0, 'g', 17)))

constexpr double kExact = 1e-12;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A published value of thesis Appendix B (profiles/published/thesis-appendix-b.json), by id
// without the "thesis-b-" prefix: the one table `cdx reproduce` reports.
double pub(const std::string& id) {
    return test::published(("thesis-b-" + id).c_str());
}

EnergyCoefficients coef(const QString& id) {
    return loadEnergyCoefficients(id.toStdString());
}

EnergyInput j2d(std::int64_t s1, std::int64_t s2, std::int64_t t, std::int64_t tS1,
                std::int64_t tS2, std::int64_t tT, double tAlg) {
    EnergyInput in;
    in.stencil = StencilKind::Jacobi2D;
    in.s1 = s1;
    in.s2 = s2;
    in.t = t;
    in.tS1 = tS1;
    in.tS2 = tS2;
    in.tT = tT;
    in.tAlgS = tAlg;
    return in;
}
EnergyInput oneDim(StencilKind k, std::int64_t s, std::int64_t t, std::int64_t tS, std::int64_t tT,
                   std::int64_t sS, double tAlg) {
    EnergyInput in;
    in.stencil = k;
    in.s1 = s;
    in.t = t;
    in.tS1 = tS;
    in.tT = tT;
    in.sS = sS;
    in.tAlgS = tAlg;
    return in;
}

// The three configurations of spec §3.3 / §3.4.
EnergyInput specJ2d() {
    return j2d(4096, 4096, 1024, 16, 64, 8, 0.5);
}
EnergyInput specSw() {
    return oneDim(StencilKind::SmithWaterman, 32768, 32768, 128, 128, 8, 0.1);
}
EnergyInput specJ1d() {
    return oneDim(StencilKind::Jacobi1D, 1048576, 4096, 256, 64, 32, 0.2);
}

nlohmann::json withoutVariant(const EnergyResult& r) {
    auto j = toJson(r);
    j.erase("variant");
    j.erase("warnings");
    return j;
}

} // namespace

class TestEnergy : public QObject {
    Q_OBJECT

private slots:
    void optimizeEqualsBruteForce_data();
    void optimizeEqualsBruteForce();
    void optimizeKeepsBoundedList();
    void optimizeParetoAndSample();
    void optimizeRefusesSmithWaterman();
    void workedExamples_data();
    void workedExamples();
    void j2dPerPointTable_data();
    void j2dPerPointTable();
    void optimizerOracle();
    void profiles_data();
    void profiles();
    void profileErrors_data();
    void profileErrors();
    void invariantJ2dVolume();
    void invariantLinearInEachCoefficient();
    void invariantJ2dIndependentOfTs2();
    void invariantPerPointMonotone();
    void invariantCeilAtLeastContinuous();
    void variants();
    void variantNames();
    void infeasible();
    void badInput_data();
    void badInput();
};

// Columns: stencil input, coefficient profile, variant; `exact` holds values derived by exact
// rational arithmetic from the spec's inputs (checked at 1e-12); `printed` the spec's printed
// values (checked at their printed precision, 5e-5 relative).
void TestEnergy::workedExamples_data() {
    QTest::addColumn<int>("which"); // 0 J2D, 1 SW, 2 J1D
    QTest::addColumn<QString>("coefficients");
    QTest::addColumn<QString>("count");
    QTest::addColumn<QString>("j1dCount");
    QTest::addColumn<QVariantMap>("exact");
    QTest::addColumn<QVariantMap>("printed");

    QTest::newRow("spec 3.3 J2D Model A")
        << 0 << "k20c-a"
        << "continuous"
        << "generic"
        << QVariantMap{{"M_io", pub("jacobi2d-m-io")},
                       {"V_tile", pub("jacobi2d-v-tile")},
                       {"N_tiles", pub("jacobi2d-n-tiles")},
                       {"V_eff", pub("jacobi2d-v-eff")},
                       {"SR", 58368.0},
                       {"E_iter", pub("jacobi2d-e-iter")},
                       {"E_gs", pub("jacobi2d-e-gs")},
                       {"E_sr", pub("jacobi2d-e-sr")},
                       {"E_ar", pub("jacobi2d-e-ar")},
                       {"E_tile", pub("jacobi2d-e-tile")},
                       {"E_dyn", 43.262769364992},
                       {"E_dyn_gs", 15.9450660864},
                       {"E_dyn_sr", 23.031560798208},
                       {"E_dyn_ar", 4.286142480384},
                       {"E_stat", pub("jacobi2d-e-stat")},
                       {"E_alg", 67.262769364992},
                       {"e_pt", 2.5133157894736842e-09},
                       {"P_avg", 134.525538729984},
                       {"EDP", 33.631384682496},
                       {"M_tile", pub("jacobi2d-m-tile")}}
        << QVariantMap{
               {"E_dyn", pub("jacobi2d-e-dyn")},       {"E_dyn_gs", pub("jacobi2d-e-dyn-gs")},
               {"E_dyn_sr", pub("jacobi2d-e-dyn-sr")}, {"E_dyn_ar", pub("jacobi2d-e-dyn-ar")},
               {"E_alg", pub("jacobi2d-e-alg")},       {"e_pt", pub("jacobi2d-e-pt")},
               {"P_avg", pub("jacobi2d-p-avg")},       {"EDP", pub("jacobi2d-edp")}};
    QTest::newRow("spec 3.3 J2D Model B")
        << 0 << "k20c-b"
        << "continuous"
        << "generic"
        << QVariantMap{{"N_tiles", 1769472.0},
                       {"E_iter", pub("jacobi2d-model-b-e-iter")},
                       {"E_gs", pub("jacobi2d-model-b-e-gs")},
                       {"E_sr", pub("jacobi2d-model-b-e-sr")},
                       {"E_ar", pub("jacobi2d-model-b-e-ar")},
                       {"E_tile", pub("jacobi2d-model-b-e-tile")},
                       {"E_dyn", 46.0396569821184},
                       {"E_dyn_gs", 22.97539067904},
                       {"E_dyn_sr", 19.003619672064},
                       {"E_dyn_ar", 4.0606466310144},
                       {"E_stat", pub("jacobi2d-model-b-e-stat")},
                       {"E_alg", 72.5396569821184}}
        << QVariantMap{{"E_dyn", pub("jacobi2d-model-b-e-dyn")},
                       {"E_dyn_gs", pub("jacobi2d-model-b-e-dyn-gs")},
                       {"E_dyn_sr", pub("jacobi2d-model-b-e-dyn-sr")},
                       {"E_dyn_ar", pub("jacobi2d-model-b-e-dyn-ar")},
                       {"E_alg", pub("jacobi2d-model-b-e-alg")},
                       {"P_avg", pub("jacobi2d-model-b-p-avg")}};
    QTest::newRow("spec 3.3 J2D Model A ceil-per-factor count")
        << 0 << "k20c-a"
        << "ceil"
        << "generic"
        << QVariantMap{{"N_tiles", pub("jacobi2d-ceil-n-tiles")},
                       {"E_tile", 2.4449536e-05},
                       {"E_dyn", 1797120.0 * 2.4449536e-05}}
        << QVariantMap{{"N_tiles", pub("jacobi2d-ceil-n-tiles")}};
    QTest::newRow("spec 3.4 SW Model A")
        << 1 << "k20c-a"
        << "continuous"
        << "generic"
        << QVariantMap{{"V_tile", pub("sw-v-tile")},
                       {"M_io", pub("sw-m-io")},
                       {"N_tiles", pub("sw-n-tiles")},
                       {"SR", pub("sw-sr")},
                       {"E_iter", 6e-10},
                       {"E_gs", pub("sw-e-gs")},
                       {"E_sr", pub("sw-e-sr")},
                       {"E_ar", pub("sw-e-ar")},
                       {"E_tile", pub("sw-e-tile")},
                       {"E_dyn", 1.190209257472},
                       {"E_dyn_gs", 0.1568669696},
                       {"E_dyn_sr", 0.389097193472},
                       {"E_dyn_ar", 0.6442450944},
                       {"E_stat", pub("sw-e-stat")},
                       {"E_alg", 5.990209257472},
                       {"e_pt", 1.10846875e-09},
                       {"P_avg", 59.90209257472}}
        << QVariantMap{{"E_dyn", pub("sw-e-dyn")},       {"E_dyn_gs", pub("sw-e-dyn-gs")},
                       {"E_dyn_sr", pub("sw-e-dyn-sr")}, {"E_dyn_ar", pub("sw-e-dyn-ar")},
                       {"E_alg", pub("sw-e-alg")},       {"e_pt", pub("sw-e-pt")},
                       {"P_avg", pub("sw-p-avg")}};
    QTest::newRow("spec 3.4 SW Model B")
        << 1 << "k20c-b"
        << "continuous"
        << "generic"
        << QVariantMap{{"E_ar", 0.0},
                       {"E_tile", pub("sw-model-b-e-tile")},
                       {"E_dyn", 0.547079847936},
                       {"E_stat", pub("sw-model-b-e-stat")},
                       {"E_alg", 5.847079847936}}
        << QVariantMap{{"E_dyn", pub("sw-model-b-e-dyn")}, {"E_alg", pub("sw-model-b-e-alg")}};
    QTest::newRow("spec 3.4 J1D Model A generic")
        << 2 << "k20c-a"
        << "continuous"
        << "generic"
        << QVariantMap{{"V_tile", pub("jacobi1d-v-tile")}, {"M_io", pub("jacobi1d-m-io")},
                       {"SR", pub("jacobi1d-sr")},         {"N_tiles", pub("jacobi1d-n-tiles")},
                       {"E_iter", pub("jacobi1d-e-iter")}, {"E_gs", pub("jacobi1d-e-gs")},
                       {"E_sr", pub("jacobi1d-e-sr")},     {"E_ar", pub("jacobi1d-e-ar")},
                       {"E_tile", pub("jacobi1d-e-tile")}, {"E_dyn", 1.655709892608},
                       {"E_dyn_gs", 0.4429185024},         {"E_dyn_sr", 0.59861106688},
                       {"E_dyn_ar", 0.614180323328},       {"E_stat", pub("jacobi1d-e-stat")},
                       {"E_alg", 11.255709892608}}
        << QVariantMap{{"E_dyn", pub("jacobi1d-e-dyn")},
                       {"E_dyn_gs", pub("jacobi1d-e-dyn-gs")},
                       {"E_dyn_sr", pub("jacobi1d-e-dyn-sr")},
                       {"E_dyn_ar", pub("jacobi1d-e-dyn-ar")},
                       {"E_alg", pub("jacobi1d-e-alg")}};
    QTest::newRow("spec 3.4 J1D Model A skewed-band")
        << 2 << "k20c-a"
        << "continuous"
        << "skewed"
        << QVariantMap{{"N_tiles", pub("jacobi1d-skewed-n-tiles")},
                       {"E_tile", 6.316032e-06},
                       {"E_dyn", 1.65581094912},
                       {"E_alg", 11.25581094912}}
        << QVariantMap{{"E_dyn", pub("jacobi1d-skewed-e-dyn")},
                       {"E_alg", pub("jacobi1d-skewed-e-alg")}};
    QTest::newRow("spec 3.4 J1D Model B generic")
        << 2 << "k20c-b"
        << "continuous"
        << "generic"
        << QVariantMap{{"E_tile", pub("jacobi1d-model-b-e-tile")},
                       {"E_dyn", 1.714094604288},
                       {"E_stat", pub("jacobi1d-model-b-e-stat")},
                       {"E_alg", 12.314094604288}}
        << QVariantMap{{"E_dyn", pub("jacobi1d-model-b-e-dyn")},
                       {"E_alg", pub("jacobi1d-model-b-e-alg")}};
}

void TestEnergy::workedExamples() {
    QFETCH(int, which);
    QFETCH(QString, coefficients);
    QFETCH(QString, count);
    QFETCH(QString, j1dCount);
    QFETCH(QVariantMap, exact);
    QFETCH(QVariantMap, printed);
    const EnergyInput in = which == 0 ? specJ2d() : which == 1 ? specSw() : specJ1d();
    EnergyVariant v;
    v.count = parseTileCount(count.toStdString(), "count");
    v.j1dCount = parseJ1dCount(j1dCount.toStdString(), "j1d-count");
    const EnergyResult r = evaluateEnergy(in, coef(coefficients), v);
    QVERIFY(r.feasible);
    const auto j = toJson(r);
    int checked = 0;
    for (auto it = exact.cbegin(); it != exact.cend(); ++it, ++checked) {
        const auto key = it.key().toStdString();
        QVERIFY2(j.contains(key), key.c_str());
        const double actual = j.at(key).get<double>();
        QVERIFY2(near(actual, it.value().toDouble(), kExact),
                 qPrintable(QStringLiteral("%1 = %2, exact %3")
                                .arg(it.key())
                                .arg(actual, 0, 'g', 17)
                                .arg(it.value().toDouble(), 0, 'g', 17)));
    }
    for (auto it = printed.cbegin(); it != printed.cend(); ++it, ++checked) {
        const double actual = j.at(it.key().toStdString()).get<double>();
        QVERIFY2(near(actual, it.value().toDouble(), 5e-5),
                 qPrintable(QStringLiteral("%1 = %2, spec prints %3")
                                .arg(it.key())
                                .arg(actual, 0, 'g', 17)
                                .arg(it.value().toDouble(), 0, 'g', 17)));
    }
    QCOMPARE(checked, int(exact.size() + printed.size()));
    // The parts add up.
    CHECK_NEAR(r.eAlg, r.eStat + r.eDyn, kExact);
    CHECK_NEAR(r.eDyn, r.eDynGs + r.eDynSr + r.eDynAr, kExact);
    CHECK_NEAR(r.eTile, r.eGs + r.eSr + r.eAr, kExact);
}

// Spec §3.3 "J2D per-point dynamic energy table" (Model A): M_io/V_tile -> e_pt [nJ].
void TestEnergy::j2dPerPointTable_data() {
    QTest::addColumn<int>("tT");
    QTest::addColumn<int>("tS1");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<double>("ePtNj");
    // Expected values: M_io/V_tile and e_pt from the published table, by id.
    for (const int tT : {2, 4, 8, 16}) {
        for (const int tS1 : {4, 8, 16, 32}) {
            const std::string cell = "-tt" + std::to_string(tT) + "-ts" + std::to_string(tS1);
            QTest::newRow(
                qPrintable(QStringLiteral("spec 3.3 e_pt table tT=%1 tS1=%2").arg(tT).arg(tS1)))
                << tT << tS1 << pub("jacobi2d-io-per-point" + cell)
                << pub("jacobi2d-e-pt" + cell) * 1e9;
        }
    }
}

void TestEnergy::j2dPerPointTable() {
    QFETCH(int, tT);
    QFETCH(int, tS1);
    QFETCH(double, ratio);
    QFETCH(double, ePtNj);
    const auto c = coef("k20c-a");
    for (const int tS2 : {32, 64, 128}) {
        const auto r = evaluateEnergy(j2d(4096, 4096, 1024, tS1, tS2, tT, 0.5), c);
        CHECK_NEAR(r.mIo / r.vTile, ratio, 5e-5);
        CHECK_NEAR(r.ePt * 1e9, ePtNj, 5e-6);
        // §1.7 closed form, computed independently of the engine.
        const double closed = c.eGsJ * 4.0 * (tS1 + 2.0 * tT) / (tT * (2.0 * tS1 + tT - 2.0)) +
                              6 * c.eSrJ + 4 * c.eFaddJ + c.eFmulJ;
        CHECK_NEAR(r.ePt, closed, kExact);
    }
}

// Spec §3.5: the synthetic T_alg table; arg-min logic of energy, time and EDP.
void TestEnergy::optimizerOracle() {
    // Expected values: the published table, by id (the first row is the §3.3 example).
    const struct {
        int tS1, tS2, tT;
        double tAlg;
    } rows[] = {{16, 64, 8, 0.50},
                {8, 64, 8, 0.48},
                {16, 32, 4, 0.47},
                {32, 32, 8, 0.55},
                {32, 64, 16, 0.60}};
    const auto c = coef("k20c-a");
    int bestE = -1, bestT = -1, bestEdp = -1;
    double minE = kInf, minT = kInf, minEdp = kInf;
    for (int i = 0; i < 5; ++i) {
        const auto& row = rows[i];
        const auto r = evaluateEnergy(j2d(4096, 4096, 1024, row.tS1, row.tS2, row.tT, row.tAlg), c);
        QVERIFY(r.feasible);
        const std::string id = i == 0 ? std::string("jacobi2d")
                                      : "s35-" + std::to_string(row.tS1) + "-" +
                                            std::to_string(row.tS2) + "-" + std::to_string(row.tT);
        CHECK_NEAR(r.mIo, pub(id + "-m-io"), kExact);
        CHECK_NEAR(r.vTile, pub(id + "-v-tile"), kExact);
        CHECK_NEAR(r.nTiles, pub(id + "-n-tiles"), 5e-10);
        CHECK_NEAR(r.eDyn, pub(id + "-e-dyn"), 5e-6);
        CHECK_NEAR(r.eAlg, pub(id + "-e-alg"), 5e-6);
        CHECK_NEAR(r.edp, pub(id + "-edp"), 5e-6);
        CHECK_NEAR(*r.mTileWords, pub(id + "-m-tile"), kExact);
        if (r.eAlg < minE) {
            minE = r.eAlg;
            bestE = i;
        }
        if (row.tAlg < minT) {
            minT = row.tAlg;
            bestT = i;
        }
        if (r.edp < minEdp) {
            minEdp = r.edp;
            bestEdp = i;
        }
    }
    QCOMPARE(bestT, 2);   // (16,32,4)
    QCOMPARE(bestE, 4);   // (32,64,16)
    QCOMPARE(bestEdp, 0); // (16,64,8)
}

void TestEnergy::profiles_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QVariantList>("values"); // Table B.2 order
    QTest::addColumn<QVariantList>("rmse");   // SW, J1D, J2D
    // Expected values: the published table, by id (cdx profiles --show energy/ID).
    for (auto [id, column] :
         {std::pair{"k20c-a", "micro-benchmarks (Model A)"}, {"k20c-b", "regression (Model B)"}}) {
        const auto b2 = [&](const char* key) {
            return QVariant(pub(std::string("table-b2-") + id + "-" + key));
        };
        QTest::newRow(qPrintable(QStringLiteral("Table B.2 %1").arg(column)))
            << id << QVariantList{b2("p-stat-w"), b2("e-gs-j"),   b2("e-sr-j"),  b2("e-fadd-j"),
                                  b2("e-fmul-j"), b2("e-iadd-j"), b2("e-imax-j")}
            << QVariantList{b2("rmse-sw-pct"), b2("rmse-j1d-pct"), b2("rmse-j2d-pct")};
    }
}

void TestEnergy::profiles() {
    QFETCH(QString, id);
    QFETCH(QVariantList, values);
    QFETCH(QVariantList, rmse);
    const auto p = loadEnergyProfile(id.toStdString());
    QCOMPARE(QString::fromStdString(p.id), id);
    QCOMPARE(p.gpu, std::string("NVIDIA Tesla K20c"));
    const auto c = coefficientsOf(p);
    const double got[] = {c.pStatW, c.eGsJ, c.eSrJ, c.eFaddJ, c.eFmulJ, c.eIaddJ, c.eImaxJ};
    for (int i = 0; i < 7; ++i) {
        QCOMPARE(got[i], values[i].toDouble());
    }
    const StencilKind kinds[] = {StencilKind::SmithWaterman, StencilKind::Jacobi1D,
                                 StencilKind::Jacobi2D};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(*statedRmsePct(p, kinds[i]), rmse[i].toDouble());
    }
    for (const auto& [key, q] : p.params) {
        QVERIFY2(q.source.find("Table B.2") != std::string::npos, key.c_str());
        QVERIFY(!q.unit.empty());
    }
    QCOMPARE(p.params.at("e_gs_j").unit, std::string("J/word"));
    QCOMPARE(p.params.at("e_fadd_j").unit, std::string("J/op"));
    // By path as well as by id.
    QCOMPARE(loadEnergyCoefficients(p.file).eGsJ, c.eGsJ);
}

void TestEnergy::profileErrors_data() {
    QTest::addColumn<QString>("edit"); // JSON pointer of the edit
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("field");
    QTest::newRow("negative e_gs") << "/params/e_gs_j/value"
                                   << "-1e-9"
                                   << "params.e_gs_j.value";
    QTest::newRow("null p_stat") << "/params/p_stat_w/value"
                                 << "null"
                                 << "params.p_stat_w.value";
    QTest::newRow("wrong unit") << "/params/e_sr_j/unit"
                                << "\"J\""
                                << "params.e_sr_j.unit";
    QTest::newRow("unknown key") << "/params/e_gr_j"
                                 << "{\"value\": 1, \"unit\": \"J/word\", "
                                    "\"source\": \"x\"}"
                                 << "params.e_gr_j";
    QTest::newRow("missing id") << "/id"
                                << ""
                                << "id";
    QTest::newRow("missing key") << "/params/e_fmul_j"
                                 << ""
                                 << "params.e_fmul_j";
}

void TestEnergy::profileErrors() {
    QFETCH(QString, edit);
    QFETCH(QString, value);
    QFETCH(QString, field);
    // k20c-a's coefficients are the K20c description's energy block: its profile as a file.
    auto j = nlohmann::json::parse(energy::toJson(loadEnergyProfile("k20c-a")).dump());
    const nlohmann::json::json_pointer ptr(edit.toStdString());
    if (value.isEmpty()) {
        j[ptr.parent_pointer()].erase(ptr.back());
    } else {
        j[ptr] = nlohmann::json::parse(value.toStdString());
    }
    try {
        energyProfileFromJson(j, "edited.json");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QCOMPARE(e.where(), std::string("edited.json"));
    }
    try {
        loadEnergyProfile("k20c-z");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QVERIFY(std::string(e.what()).find("k20c-a, k20c-b") != std::string::npos);
        QCOMPARE(e.field(), std::string("--coefficients"));
    }
}

// §6.2: N * V = T * S1 * (S2 + tT) for J2D (continuous count, default pitch).
void TestEnergy::invariantJ2dVolume() {
    const auto c = coef("k20c-a");
    int checked = 0;
    for (const std::int64_t s1 : {100, 1000, 4096})
        for (const std::int64_t s2 : {64, 999, 4096})
            for (const std::int64_t t : {10, 1024})
                for (const std::int64_t tS1 : {1, 3, 16, 32})
                    for (const std::int64_t tS2 : {32, 64, 96})
                        for (const std::int64_t tT : {2, 4, 8}) {
                            const auto r = evaluateEnergy(j2d(s1, s2, t, tS1, tS2, tT, 1), c);
                            CHECK_NEAR(r.nTiles * r.vTile, double(t * s1 * (s2 + tT)), kExact);
                            CHECK_NEAR(r.vEff, double(t * s1 * (s2 + tT)), kExact);
                            ++checked;
                        }
    QCOMPARE(checked, 3 * 3 * 2 * 4 * 3 * 3);
}

// §1.7/§6.2: E_alg is affine in each coefficient, with slope the matching count.
void TestEnergy::invariantLinearInEachCoefficient() {
    int checked = 0;
    const std::vector<EnergyInput> inputs = {specJ2d(), specSw(), specJ1d(),
                                             oneDim(StencilKind::Jacobi1D, 1000, 77, 40, 6, 8, 2)};
    for (const QString id : {"k20c-a", "k20c-b"}) {
        const auto base = coef(id);
        for (const auto& in : inputs) {
            for (const EnergyVariant& v :
                 {EnergyVariant{},
                  EnergyVariant{TileCount::Ceil, J1dCount::Skewed, J1dSr::Alt, J2dPitch::Paper}}) {
                const auto r0 = evaluateEnergy(in, base, v);
                const auto ops = r0.opCounts;
                const double nv = r0.nTiles * r0.vTile;
                const std::vector<std::pair<double EnergyCoefficients::*, double>> slopes = {
                    {&EnergyCoefficients::pStatW, in.tAlgS},
                    {&EnergyCoefficients::eGsJ, r0.nTiles * r0.mIo},
                    {&EnergyCoefficients::eSrJ, r0.nTiles * r0.sr},
                    {&EnergyCoefficients::eFaddJ, nv * ops.fadd},
                    {&EnergyCoefficients::eFmulJ, nv * ops.fmul},
                    {&EnergyCoefficients::eIaddJ, nv * ops.iadd},
                    {&EnergyCoefficients::eImaxJ, nv * ops.imax},
                };
                for (const auto& [member, slope] : slopes) {
                    auto c = base;
                    c.*member = 0;
                    const double e0 = evaluateEnergy(in, c, v).eAlg;
                    for (const double x : {1e-10, 3e-9, 7.5}) {
                        c.*member = x;
                        CHECK_NEAR(evaluateEnergy(in, c, v).eAlg, e0 + x * slope, 1e-11);
                    }
                    c.*member = base.*member;
                    CHECK_NEAR(evaluateEnergy(in, c, v).eAlg, r0.eAlg, kExact);
                    ++checked;
                }
            }
        }
    }
    QCOMPARE(checked, 2 * 4 * 2 * 7);
}

// §1.7/§6.2: J2D E_dyn (and e_pt) do not depend on tS2 under the continuous count.
void TestEnergy::invariantJ2dIndependentOfTs2() {
    int checked = 0;
    for (const QString id : {"k20c-a", "k20c-b"}) {
        const auto c = coef(id);
        for (const std::int64_t tS1 : {1, 5, 16, 40})
            for (const std::int64_t tT : {2, 6, 8, 16}) {
                const auto ref = evaluateEnergy(j2d(3000, 4096, 500, tS1, 32, tT, 1), c);
                for (const std::int64_t tS2 : {64, 96, 256, 1024}) {
                    const auto r = evaluateEnergy(j2d(3000, 4096, 500, tS1, tS2, tT, 1), c);
                    CHECK_NEAR(r.eDyn, ref.eDyn, kExact);
                    CHECK_NEAR(r.ePt, ref.ePt, kExact);
                    QVERIFY(r.nTiles != ref.nTiles);
                    ++checked;
                }
            }
    }
    QCOMPARE(checked, 2 * 4 * 4 * 4);
}

// §1.7/§6.2: e_pt is non-increasing in tT and tS (tS1), and equals the §1.7 closed forms.
void TestEnergy::invariantPerPointMonotone() {
    int checked = 0;
    const std::int64_t sizes[] = {4, 8, 12, 16, 32, 64, 100, 128, 256};
    for (const QString id : {"k20c-a", "k20c-b"}) {
        const auto c = coef(id);
        const double j1dIter = 2 * c.eFaddJ + c.eFmulJ;
        const double swIter = 5 * (c.eIaddJ + c.eImaxJ);
        for (const bool alongTime : {true, false}) {
            for (const std::int64_t fixed : {4, 16, 64}) {
                double prevSw = kInf, prevJ1 = kInf, prevJ2 = kInf;
                for (const std::int64_t x : sizes) {
                    const std::int64_t tS = alongTime ? fixed : x, tT = alongTime ? x : fixed;
                    const auto sw = evaluateEnergy(
                        oneDim(StencilKind::SmithWaterman, 4096, 4096, tS, tT, 4, 1), c);
                    const auto j1 =
                        evaluateEnergy(oneDim(StencilKind::Jacobi1D, 4096, 4096, tS, tT, 4, 1), c);
                    const auto j2 = evaluateEnergy(j2d(4096, 4096, 4096, tS, 64, tT, 1), c);
                    QVERIFY(sw.ePt <= prevSw);
                    QVERIFY(j1.ePt <= prevJ1);
                    QVERIFY(j2.ePt <= prevJ2);
                    prevSw = sw.ePt;
                    prevJ1 = j1.ePt;
                    prevJ2 = j2.ePt;
                    const double s = double(tS), t = double(tT);
                    CHECK_NEAR(sw.ePt,
                               4.25 * c.eGsJ * (1 / s + 1 / t) + c.eSrJ * (1 + 5.0 / 4) + swIter,
                               kExact);
                    CHECK_NEAR(j1.ePt,
                               2 * c.eGsJ * (2 / s + 1 / t) + c.eSrJ * (8 / t + 16.0 / 4) + j1dIter,
                               kExact);
                    checked += 3;
                }
            }
        }
    }
    QCOMPARE(checked, 2 * 2 * 3 * 9 * 3);
}

void TestEnergy::invariantCeilAtLeastContinuous() {
    const auto c = coef("k20c-a");
    EnergyVariant ceil;
    ceil.count = TileCount::Ceil;
    int checked = 0, equal = 0;
    for (const auto kind : {StencilKind::SmithWaterman, StencilKind::Jacobi1D})
        for (const std::int64_t s : {64, 100, 1000})
            for (const std::int64_t tS : {8, 16, 64})
                for (const std::int64_t tT : {4, 10, 32}) {
                    const auto in = oneDim(kind, s, 320, tS, tT, 4, 1);
                    const auto a = evaluateEnergy(in, c);
                    const auto b = evaluateEnergy(in, c, ceil);
                    QVERIFY(b.nTiles >= a.nTiles);
                    QCOMPARE(b.eTile, a.eTile);
                    if (s % tS == 0 && 320 % tT == 0) {
                        QCOMPARE(b.nTiles, a.nTiles);
                        ++equal;
                    } else {
                        QVERIFY(b.nTiles > a.nTiles);
                    }
                    ++checked;
                }
    QCOMPARE(checked, 2 * 3 * 3 * 3);
    // tT always divides T = 320; tS divides S for (64; 8, 16, 64) and (1000; 8).
    QCOMPARE(equal, 2 * 4 * 3);
}

// Each variant changes what it should and nothing else.
void TestEnergy::variants() {
    const auto c = coef("k20c-a");
    const EnergyResult dSw = evaluateEnergy(specSw(), c), dJ1 = evaluateEnergy(specJ1d(), c),
                       dJ2 = evaluateEnergy(specJ2d(), c);
    QCOMPARE(dJ2.variant, EnergyVariant{});
    QCOMPARE(dJ2.opCounts, (OpCounts{4, 1, 0, 0}));
    QCOMPARE(dJ2.muSr, 6.0);
    QCOMPARE(dSw.opCounts, (OpCounts{0, 0, 5, 5}));
    QCOMPARE(dJ1.opCounts, (OpCounts{2, 1, 0, 0}));

    // j1d-count: N of J1D only.
    EnergyVariant v;
    v.j1dCount = J1dCount::Skewed;
    auto r = evaluateEnergy(specJ1d(), c, v);
    QCOMPARE(r.nTiles, 262160.0);
    QCOMPARE(r.eTile, dJ1.eTile);
    QCOMPARE(withoutVariant(evaluateEnergy(specSw(), c, v)), withoutVariant(dSw));
    QCOMPARE(withoutVariant(evaluateEnergy(specJ2d(), c, v)), withoutVariant(dJ2));

    // j1d-sr alt: SR of J1D only, 4*(2tS+4tT)*tS/sS = 4*768*8.
    v = {};
    v.j1dSr = J1dSr::Alt;
    r = evaluateEnergy(specJ1d(), c, v);
    QCOMPARE(r.sr, 24576.0);
    QCOMPARE(r.nTiles, dJ1.nTiles);
    QCOMPARE(r.mIo, dJ1.mIo);
    QCOMPARE(r.eAr, dJ1.eAr);
    QCOMPARE(r.warnings.size(), dJ1.warnings.size() + 1);
    QCOMPARE(withoutVariant(evaluateEnergy(specSw(), c, v)), withoutVariant(dSw));
    QCOMPARE(withoutVariant(evaluateEnergy(specJ2d(), c, v)), withoutVariant(dJ2));

    // j2d-pitch paper (A.5): N of J2D only, pitch 2tS1+tT = 40.
    v = {};
    v.j2dPitch = J2dPitch::Paper;
    r = evaluateEnergy(specJ2d(), c, v);
    CHECK_NEAR(r.nTiles, 2.0 * 1024 * 4096 * 4104 / (8.0 * 64 * 40), kExact);
    QCOMPARE(r.eTile, dJ2.eTile);
    QCOMPARE(r.warnings.size(), dJ2.warnings.size() + 1);
    QCOMPARE(withoutVariant(evaluateEnergy(specSw(), c, v)), withoutVariant(dSw));
    QCOMPARE(withoutVariant(evaluateEnergy(specJ1d(), c, v)), withoutVariant(dJ1));

    // count ceil: N only; the spec's sizes divide for SW and J1D (generic), so no change there.
    v = {};
    v.count = TileCount::Ceil;
    r = evaluateEnergy(specJ2d(), c, v);
    QCOMPARE(r.nTiles, 1797120.0);
    QCOMPARE(r.eTile, dJ2.eTile);
    QCOMPARE(withoutVariant(evaluateEnergy(specSw(), c, v)), withoutVariant(dSw));
    QCOMPARE(withoutVariant(evaluateEnergy(specJ1d(), c, v)), withoutVariant(dJ1));
    v.j1dCount = J1dCount::Skewed; // ceil(4096/64) * ceil((2^20+64)/256) = 64 * 4097
    QCOMPARE(evaluateEnergy(specJ1d(), c, v).nTiles, 64.0 * 4097);

    // Editable op counts and mu_sr.
    auto in = specJ2d();
    in.ops = OpCounts{5, 0, 0, 0};
    r = evaluateEnergy(in, c);
    CHECK_NEAR(r.eIter, 5 * c.eFaddJ, kExact);
    in.muSr = 4;
    r = evaluateEnergy(in, c);
    QCOMPARE(r.sr, 4 * r.vTile);
    QCOMPARE(r.muSr, 4.0);

    // The JSON keys of the `cdx energy --json` contract.
    const auto j = toJson(dJ2);
    for (const char* key :
         {"E_alg",    "E_stat", "E_dyn", "E_tile", "N_tiles", "V_tile",   "M_io",
          "SR",       "E_iter", "E_gs",  "E_sr",   "E_ar",    "E_dyn_gs", "E_dyn_sr",
          "E_dyn_ar", "e_pt",   "P_avg", "EDP",    "t_alg_s", "variant",  "warnings"}) {
        QVERIFY2(j.contains(key), key);
    }
    QCOMPARE(j.at("variant").at("count").get<std::string>(), std::string("continuous"));
}

void TestEnergy::variantNames() {
    QCOMPARE(parseTileCount("ceil", "--count"), TileCount::Ceil);
    QCOMPARE(parseJ1dCount("skewed", "--j1d-count"), J1dCount::Skewed);
    QCOMPARE(parseJ1dSr("alt", "--j1d-sr"), J1dSr::Alt);
    QCOMPARE(parseJ2dPitch("paper", "--j2d-pitch"), J2dPitch::Paper);
    QCOMPARE(parseStencilKind("jacobi1d", "--stencil"), StencilKind::Jacobi1D);
    QCOMPARE(name(StencilKind::SmithWaterman), std::string_view("sw"));
    QCOMPARE(name(J1dSr::Thesis), std::string_view("thesis"));
    try {
        parseTileCount("floor", "--count");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("--count"));
        QVERIFY(std::string(e.what()).find("continuous, ceil") != std::string::npos);
    }
}

void TestEnergy::infeasible() {
    const auto c = coef("k20c-a");
    auto in = specJ2d();
    in.tS2 = 48; // not a multiple of 32
    auto r = evaluateEnergy(in, c);
    QVERIFY(!r.feasible);
    QVERIFY(r.reason.find("multiple of 32") != std::string::npos);
    QVERIFY(r.eAlg > 0);
    in = specJ2d();
    in.sharedWordsPerBlock = 3649; // M_tile = 3650
    r = evaluateEnergy(in, c);
    QVERIFY(!r.feasible);
    QVERIFY(r.reason.find("M_tile") != std::string::npos);
    in.sharedWordsPerBlock = 3650;
    QVERIFY(evaluateEnergy(in, c).feasible);
    in = specJ2d();
    in.tT = 2048;
    r = evaluateEnergy(in, c);
    QVERIFY(!r.feasible);
    QVERIFY(r.reason.find("tT = 2048 exceeds T = 1024") != std::string::npos);
    auto sw = specSw();
    sw.tS1 = 65536;
    sw.sS = 8;
    QVERIFY(!evaluateEnergy(sw, c).feasible);
    sw = specSw();
    sw.sharedWordsPerBlock = 12288;
    r = evaluateEnergy(sw, c);
    QVERIFY(r.feasible);
    QCOMPARE(r.warnings.size(), std::size_t(1));
}

void TestEnergy::badInput_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("field");
    const char* rows[][2] = {
        {"S = 0", "S"},
        {"T < 0", "T"},
        {"tS = 0", "tS"},
        {"sS not dividing tS", "sS"},
        {"sS = 0", "sS"},
        {"S2 set for sw", "S2"},
        {"mu_sr set for jacobi1d", "mu_sr"},
        {"odd tT for jacobi2d", "tT"},
        {"S2 = 0 for jacobi2d", "S2"},
        {"tS2 < 0", "tS2"},
        {"sS set for jacobi2d", "sS"},
        {"negative e_gs", "e_gs_j"},
        {"NaN e_sr", "e_sr_j"},
        {"inf p_stat", "p_stat_w"},
        {"negative op count", "ops.fmul"},
        {"NaN mu_sr", "mu_sr"},
        {"T_alg = 0", "t_alg_s"},
        {"T_alg NaN", "t_alg_s"},
        {"S*T beyond 64 bits", "S*T"},
        {"2*T*S1*(S2+tT) beyond 64 bits", "2*T*S1*(S2+tT)"},
        {"shared memory < 1", "shared_words_per_block"},
        {"huge coefficient overflows double", "E_alg"},
    };
    int i = 0;
    for (const auto& row : rows) {
        QTest::newRow(row[0]) << i++ << row[1];
    }
}

void TestEnergy::badInput() {
    QFETCH(int, which);
    QFETCH(QString, field);
    auto c = coef("k20c-a");
    EnergyInput in = which < 8 ? specSw() : specJ2d();
    switch (which) {
    case 0:
        in.s1 = 0;
        break;
    case 1:
        in.t = -5;
        break;
    case 2:
        in.tS1 = 0;
        break;
    case 3:
        in.sS = 3;
        break;
    case 4:
        in.sS = 0;
        break;
    case 5:
        in.s2 = 10;
        break;
    case 6:
        in = specJ1d();
        in.muSr = 6;
        break;
    case 7:
        in = specJ2d();
        in.tT = 7;
        break;
    case 8:
        in.s2 = 0;
        break;
    case 9:
        in.tS2 = -32;
        break;
    case 10:
        in.sS = 8;
        break;
    case 11:
        c.eGsJ = -1e-9;
        break;
    case 12:
        c.eSrJ = kNaN;
        break;
    case 13:
        c.pStatW = kInf;
        break;
    case 14:
        in.ops = OpCounts{4, -1, 0, 0};
        break;
    case 15:
        in.muSr = kNaN;
        break;
    case 16:
        in.tAlgS = 0;
        break;
    case 17:
        in.tAlgS = kNaN;
        break;
    case 18:
        in = specSw();
        in.s1 = in.t = std::int64_t(1) << 32;
        break;
    case 19:
        in.s1 = in.s2 = std::int64_t(1) << 21;
        in.t = std::int64_t(1) << 21;
        break;
    case 20:
        in.sharedWordsPerBlock = 0;
        break;
    case 21:
        c.eGsJ = 1e300;
        in.s1 = in.s2 = std::int64_t(1) << 20;
        break;
    default:
        QFAIL("row");
    }
    try {
        evaluateEnergy(in, c);
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(!e.allowed().empty(), e.what());
        QVERIFY2(std::string(e.what()).find(field.toStdString()) == 0, e.what());
    }
}

namespace {
// The Talg inputs of the optimizer: the GTX 980 and the Jacobi stencil with a C_iter set
// (Jacobi 1D publishes none; the value only scales the times).
struct TalgSide {
    Stencil stencil;
    Gpu gpu;
};
TalgSide talgSide(const char* stencilId) {
    GpuProfile g = loadGpuProfile("gtx980");
    StencilProfile s = loadStencilProfile(stencilId);
    applyOverride(g, s, g.id, "c_iter_s=3.0e-8");
    return {toStencil(s, g), toGpu(g)}; // the edited GPU carries the C_iter (issue 43)
}

struct Brute {
    std::vector<energy::EnergyPoint> all;
};

// Every tiling of the box, evaluated point by point (no pruning): the oracle.
Brute bruteForce(const energy::EnergyInput& problem, const energy::EnergyCoefficients& c,
                 const TalgSide& side) {
    Brute b;
    const bool twoD = problem.stencil == energy::StencilKind::Jacobi2D;
    const talg::Problem p{twoD ? 2 : 1, {problem.s1, twoD ? problem.s2 : 1, 1}, problem.t};
    energy::EnergyInput in = problem;
    in.sharedWordsPerBlock = static_cast<std::int64_t>(side.gpu.mTbKb * 1024 / 4);
    for (std::int64_t tT = 2; tT <= p.time; tT += 2) {
        for (std::int64_t t1 = 1; t1 <= p.space[0]; ++t1) {
            for (std::int64_t t2 = twoD ? 32 : 1; t2 <= (twoD ? p.space[1] : 1);
                 t2 += twoD ? 32 : 1) {
                const talg::Tiles t{{t1, t2, 1}, tT};
                const auto r = talg::evaluate(side.stencil, p, t, side.gpu, talg::TalgVariant{});
                if (!r.feasible) {
                    continue;
                }
                in.tS1 = t1;
                in.tS2 = twoD ? t2 : 0;
                in.tT = tT;
                in.sS = twoD ? 0 : t1;
                in.tAlgS = r.tAlg;
                const auto e = energy::evaluateEnergy(in, c);
                if (e.feasible) {
                    b.all.push_back({t, in.sS, r.tAlg, e.eAlg, e.edp});
                }
            }
        }
    }
    return b;
}

bool betterPoint(const energy::EnergyPoint& a, const energy::EnergyPoint& b, energy::Objective o) {
    return a.value(o) != b.value(o) ? a.value(o) < b.value(o)
                                    : search::tieBreakLess(a.tiles, b.tiles);
}
} // namespace

void TestEnergy::optimizeEqualsBruteForce_data() {
    QTest::addColumn<int>("stencil"); // 1: jacobi1d, 2: jacobi2d
    QTest::addColumn<int>("objective");
    for (int o = 0; o < 4; ++o) {
        const QByteArray name = energy::name(static_cast<energy::Objective>(o)).data();
        QTest::newRow(("J2D 128x64 T=16 " + name).constData()) << 2 << o;
        QTest::newRow(("J1D 512 T=32 " + name).constData()) << 1 << o;
    }
}

// The streaming two-pass search equals a point-by-point brute force over the whole box: the
// three optima (with the tie-break order) and the list within 10 %.
void TestEnergy::optimizeEqualsBruteForce() {
    QFETCH(int, stencil);
    QFETCH(int, objective);
    const auto o = static_cast<energy::Objective>(objective);
    energy::EnergyInput in;
    in.stencil = stencil == 2 ? energy::StencilKind::Jacobi2D : energy::StencilKind::Jacobi1D;
    in.s1 = stencil == 2 ? 128 : 512;
    in.s2 = stencil == 2 ? 64 : 0;
    in.t = stencil == 2 ? 16 : 32;
    const TalgSide side = talgSide(stencil == 2 ? "jacobi2d" : "jacobi1d");
    const auto c = energy::loadEnergyCoefficients("k20c-a");
    energy::EnergySearchOptions opt;
    opt.objective = o;
    opt.within = 0.10;
    opt.maxWithin = 100000;
    opt.weight = 0.3;
    const auto r = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, opt);
    Brute b = bruteForce(in, c, side);
    // The weighted objective, from the brute force's own optima.
    double eStar = b.all.front().eAlg, tStar = b.all.front().tAlg;
    for (const auto& q : b.all) {
        eStar = std::min(eStar, q.eAlg);
        tStar = std::min(tStar, q.tAlg);
    }
    for (auto& q : b.all) {
        q.weighted = 0.3 * q.eAlg / eStar + 0.7 * q.tAlg / tStar;
    }
    QVERIFY(b.all.size() > 20);
    QVERIFY(r.found);
    QCOMPARE(r.feasiblePoints, static_cast<std::uint64_t>(b.all.size()));
    for (auto obj : {energy::Objective::Time, energy::Objective::Energy, energy::Objective::Edp}) {
        const auto best =
            *std::min_element(b.all.begin(), b.all.end(), [obj](const auto& x, const auto& y) {
                return betterPoint(x, y, obj);
            });
        const auto& got = obj == energy::Objective::Time     ? r.timeOptimal
                          : obj == energy::Objective::Energy ? r.energyOptimal
                                                             : r.edpOptimal;
        QCOMPARE(got.tiles, best.tiles);
        QCOMPARE(got.value(obj), best.value(obj));
    }
    std::vector<energy::EnergyPoint> within;
    const double limit = 1.1 * r.best.value(o);
    for (const auto& q : b.all) {
        if (q.value(o) <= limit) {
            within.push_back(q);
        }
    }
    std::sort(within.begin(), within.end(),
              [o](const auto& x, const auto& y) { return betterPoint(x, y, o); });
    QCOMPARE(r.withinCount, static_cast<std::uint64_t>(within.size()));
    QCOMPARE(r.within.size(), within.size());
    for (std::size_t i = 0; i < within.size(); ++i) {
        QCOMPARE(r.within[i].tiles, within[i].tiles);
    }
    QCOMPARE(r.within.front().tiles, r.best.tiles);
}

// Memory is bounded by the list shown: with 5 kept, the 5 best are listed and the count says
// how many there are.
void TestEnergy::optimizeKeepsBoundedList() {
    energy::EnergyInput in;
    in.stencil = energy::StencilKind::Jacobi2D;
    in.s1 = 128;
    in.s2 = 64;
    in.t = 16;
    const TalgSide side = talgSide("jacobi2d");
    const auto c = energy::loadEnergyCoefficients("k20c-b");
    energy::EnergySearchOptions all;
    all.within = 1.0;
    all.maxWithin = 100000;
    const auto full = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, all);
    energy::EnergySearchOptions few = all;
    few.maxWithin = 5;
    const auto cut = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, few);
    QVERIFY(full.within.size() > 10);
    QCOMPARE(cut.within.size(), std::size_t(5));
    QCOMPARE(cut.withinCount, full.withinCount);
    for (std::size_t i = 0; i < 5; ++i) {
        QCOMPARE(cut.within[i].tiles, full.within[i].tiles);
    }
    QVERIFY(!cut.warnings.empty());
}

// The streamed Pareto front equals the non-dominated set of the brute force; the sample is
// bounded, drawn from the feasible tilings, and all of them when they are fewer.
void TestEnergy::optimizeParetoAndSample() {
    energy::EnergyInput in;
    in.stencil = energy::StencilKind::Jacobi2D;
    in.s1 = 128;
    in.s2 = 64;
    in.t = 16;
    const TalgSide side = talgSide("jacobi2d");
    const auto c = energy::loadEnergyCoefficients("k20c-a");
    energy::EnergySearchOptions opt;
    opt.pareto = true;
    opt.maxCloud = 10;
    const auto r = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, opt);
    const Brute b = bruteForce(in, c, side);
    std::vector<std::pair<double, double>> front;
    for (const auto& q : b.all) {
        const bool dominated = std::any_of(b.all.begin(), b.all.end(), [&](const auto& p) {
            return p.tAlg <= q.tAlg && p.eAlg <= q.eAlg && (p.tAlg < q.tAlg || p.eAlg < q.eAlg);
        });
        if (!dominated) {
            front.emplace_back(q.tAlg, q.eAlg);
        }
    }
    std::sort(front.begin(), front.end());
    front.erase(std::unique(front.begin(), front.end()), front.end());
    QVERIFY(front.size() >= 2);
    QCOMPARE(r.pareto.size(), front.size());
    for (std::size_t i = 0; i < front.size(); ++i) {
        QCOMPARE(r.pareto[i].tAlg, front[i].first);
        QCOMPARE(r.pareto[i].eAlg, front[i].second);
    }
    QCOMPARE(r.pareto.front().tAlg, r.timeOptimal.tAlg);
    QCOMPARE(r.pareto.back().eAlg, r.energyOptimal.eAlg);
    QCOMPARE(r.cloud.size(), std::size_t(10));
    int found = 0;
    for (const auto& q : r.cloud) {
        found += std::any_of(b.all.begin(), b.all.end(),
                             [&](const auto& p) { return p.tiles == q.tiles && p.eAlg == q.eAlg; });
    }
    QCOMPARE(found, 10);
    opt.maxCloud = 1000000;
    const auto all = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, opt);
    QCOMPARE(all.cloud.size(), b.all.size());
    // The same sample every time.
    opt.maxCloud = 10;
    const auto again = energy::optimizeEnergy(in, c, {}, side.stencil, side.gpu, {}, opt);
    for (std::size_t i = 0; i < 10; ++i) {
        QCOMPARE(again.cloud[i].tiles, r.cloud[i].tiles);
    }
}

void TestEnergy::optimizeRefusesSmithWaterman() {
    energy::EnergyInput in;
    in.stencil = energy::StencilKind::SmithWaterman;
    in.s1 = 128;
    in.t = 16;
    const TalgSide side = talgSide("jacobi2d");
    try {
        energy::optimizeEnergy(in, energy::loadEnergyCoefficients("k20c-a"), {}, side.stencil,
                               side.gpu, {});
        QFAIL("sw has no Talg model: expected an InputError");
    } catch (const InputError& e) {
        QVERIFY(QString::fromUtf8(e.what()).contains("stencil"));
    }
}

QTEST_APPLESS_MAIN(TestEnergy)
#include "test_energy.moc"
