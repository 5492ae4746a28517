// SPDX-License-Identifier: GPL-3.0-or-later
// Die-area model: the oracles of spec/area-codesign.md §2.7 (O1-O18 less O16, which needs the
// codesign grid and lives in test_codesign), the §3.3 heat-map table, the Fig. C.2 fitted lines,
// bad input and the coefficient-set file format.

#include "area/area_model.hpp"
#include "area/process_node.hpp"
#include "params/input_error.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <tuple>

using namespace cdx;
using namespace cdx::area;

namespace {
// A value of the published table (profiles/published/thesis-appendix-c.json), by id.
double tableValue(const QString& id) {
    return cdx::test::published(id.toUtf8().constData());
}

constexpr double kTol = 1e-4; // mm^2, spec §7 "Regression tests ... tolerance 1e-4 mm^2"

CoefficientSet maxwell() {
    return loadCoefficientSet(kDefaultCoefficientSet);
}

Architecture gtx980() {
    return {16, 128, 2, 96, 48, 2048};
}

Architecture titanx() {
    return {24, 128, 2, 96, 48, 3072};
}

Architecture noCache(std::int64_t nSm, std::int64_t nV, double mSm) {
    return {nSm, nV, 2, mSm, 0, 0};
}
} // namespace

class TestArea : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }

    void totals_data() {
        QTest::addColumn<qint64>("nSm");
        QTest::addColumn<qint64>("nV");
        QTest::addColumn<double>("mSm");
        QTest::addColumn<double>("l1");
        QTest::addColumn<double>("l2");
        QTest::addColumn<QString>("form");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("floor");
        QTest::newRow("O1 GTX 980 canonical (398 published)")
            << qint64(16) << qint64(128) << 96.0 << 48.0 << 2048.0 << QString("canonical")
            << tableValue("thesis-c-gtx980-area-full") << 397.0;
        QTest::newRow("O2 Titan X canonical (589.2 printed, A3)")
            << qint64(24) << qint64(128) << 96.0 << 48.0 << 3072.0 << QString("canonical")
            << tableValue("thesis-c-titanx-area-model") << 596.0;
        QTest::newRow("O3 GTX 980 eq. C.7 as printed")
            << qint64(16) << qint64(128) << 96.0 << 48.0 << 2048.0 << QString("c7")
            << tableValue("thesis-c-gtx980-area-c7") << 394.0;
        QTest::newRow("O4 Titan X eq. C.7 as printed")
            << qint64(24) << qint64(128) << 96.0 << 48.0 << 3072.0 << QString("c7")
            << tableValue("thesis-c-titanx-area-c7") << 592.0;
        QTest::newRow("O5 GTX 980 cache-less (237)")
            << qint64(16) << qint64(128) << 96.0 << 0.0 << 0.0 << QString("canonical")
            << tableValue("thesis-c-gtx980-cache-less-area")
            << tableValue("thesis-c-gtx980-cache-less-area-printed");
        QTest::newRow("O6 Titan X cache-less (356)")
            << qint64(24) << qint64(128) << 96.0 << 0.0 << 0.0 << QString("canonical")
            << tableValue("thesis-c-titanx-cache-less-area")
            << tableValue("thesis-c-titanx-cache-less-area-printed");
        QTest::newRow("A1 GTX 980 with the L2 intercept once per chip (c6)")
            << qint64(16) << qint64(128) << 96.0 << 48.0 << 2048.0 << QString("c6")
            << tableValue("thesis-c-gtx980-area-full") - 15 * 0.7685 << 386.0;
        // O7: Table C.2 areas (cache-less, R_VU = 2 KB), printed truncated.
        // Expected: thesis-c-table-c2-KEY-area (exact) and -area-printed (the printed floor).
        const struct {
            const char* code;
            const char* key;
            qint64 nSm, nV;
            double m;
        } c2[] = {{"Jacobi 2D", "jacobi2d", 32, 128, 24},
                  {"Heat 2D", "heat2d", 22, 256, 12},
                  {"Gradient 2D", "gradient2d", 28, 160, 24},
                  {"Laplacian 2D", "laplacian2d", 28, 160, 12},
                  {"Heat 3D", "heat3d", 18, 288, 192},
                  {"Laplacian 3D", "laplacian3d", 8, 896, 96}};
        for (const auto& r : c2) {
            const QString id = QString("thesis-c-table-c2-%1-area").arg(r.key);
            QTest::newRow(qPrintable(QString("O7 Table C.2 %1").arg(r.code)))
                << r.nSm << r.nV << r.m << 0.0 << 0.0 << QString("canonical") << tableValue(id)
                << tableValue(id + "-printed");
        }
    }
    void totals() {
        QFETCH(qint64, nSm);
        QFETCH(qint64, nV);
        QFETCH(double, mSm);
        QFETCH(double, l1);
        QFETCH(double, l2);
        QFETCH(QString, form);
        QFETCH(double, total);
        QFETCH(double, floor);
        const Architecture a{nSm, nV, 2, mSm, l1, l2};
        const Form f = parseForm(form.toStdString());
        const AreaBreakdown b = areaBreakdown(a, maxwell(), f);
        QVERIFY2(std::abs(b.total - total) < kTol, qPrintable(QString::number(b.total, 'g', 12)));
        QCOMPARE(b.totalFloor, floor);
        double sum = 0;
        double pct = 0;
        for (const auto& c : b.components) {
            sum += c.mm2;
            pct += c.percent;
        }
        QVERIFY(std::abs(sum - b.total) < 1e-9);
        QVERIFY(std::abs(pct - 100) < 1e-9);
        if (f != Form::C7Printed) {
            QVERIFY(std::abs(totalArea(a, maxwell().coefficients(), f) - b.total) < 1e-9);
        }
    }

    void components_data() {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("form");
        QTest::addColumn<int>("component");
        QTest::addColumn<double>("mm2");
        QTest::addColumn<double>("percent"); // < 0: not asserted
        const auto row = [](const char* tag, const char* gpu, const char* form, Component c,
                            double mm2, double pct) {
            QTest::newRow(tag) << QString(gpu) << QString(form) << static_cast<int>(c) << mm2
                               << pct;
        };
        // O1 and spec §3.2, O2 (Titan X is 1.5x GTX 980, same percentages) and O3 (the printed
        // C.7 terms): thesis-c-GPU-PART-area[-c7] and thesis-c-gtx980-PART-percent.
        const struct {
            const char* name;
            const char* part;
            Component c;
        } parts[] = {{"VU logic", "vu", Component::VectorUnits},
                     {"register files", "rf", Component::RegisterFiles},
                     {"shared memory", "smem", Component::SharedMemory},
                     {"L1", "l1", Component::L1},
                     {"L2", "l2", Component::L2},
                     {"overhead", "overhead", Component::Overhead}};
        for (const auto& p : parts) {
            const double pct = tableValue(QString("thesis-c-gtx980-%1-percent").arg(p.part));
            for (const char* gpu : {"gtx980", "titanx"}) {
                const QString tag =
                    QString("%1 %2 %3")
                        .arg(QString(gpu) == "gtx980" ? "O1 GTX 980" : "O2 Titan X", p.name);
                row(qPrintable(tag), gpu, "canonical", p.c,
                    tableValue(QString("thesis-c-%1-%2-area").arg(gpu, p.part)), pct);
            }
            row(qPrintable(QString("O3 C.7 %1").arg(p.name)), "gtx980", "c7", p.c,
                tableValue(QString("thesis-c-gtx980-%1-area-c7").arg(p.part)), -1);
        }
    }
    void components() {
        QFETCH(QString, gpu);
        QFETCH(QString, form);
        QFETCH(int, component);
        QFETCH(double, mm2);
        QFETCH(double, percent);
        const AreaBreakdown b = areaBreakdown(gpu == "gtx980" ? gtx980() : titanx(), maxwell(),
                                              parseForm(form.toStdString()));
        const auto c = static_cast<Component>(component);
        QVERIFY2(std::abs(b.mm2(c) - mm2) < kTol, qPrintable(QString::number(b.mm2(c), 'g', 12)));
        if (percent >= 0) {
            QVERIFY2(std::abs(b.percent(c) - percent) < 0.005,
                     qPrintable(QString::number(b.percent(c), 'g', 6)));
        }
    }

    // O8-O15: single blocks and the coefficient identities of spec §1.3.
    void derivedOracles() {
        const Coefficients c = maxwell().coefficients();
        QVERIFY(std::abs((c.betaL1 * 48 + c.alphaL1) - tableValue("thesis-c-o9-l1-pair-48kb")) <
                kTol); // O9
        QVERIFY(std::abs((c.betaM * 96 + c.alphaM) - tableValue("thesis-c-o10-smem-96kb")) <
                kTol); // O10
        // O11: alpha_oh = 102.65 mm2 / 16 SMs (the overhead of one SM).
        QVERIFY(std::abs(c.alphaOh - tableValue("thesis-c-o11-alpha-oh")) < kTol);
        // O12, O13: eq. C.7's merged per-SM constant and per-VU coefficient.
        const MergedCoefficients m = mergedCoefficients(c, 2);
        QVERIFY(std::abs(c.alphaOh + c.alphaM + c.alphaL1 / 2 + c.alphaL2 -
                         tableValue("thesis-c-o12-c7-per-sm")) < kTol);
        QCOMPARE(m.c7PerSm, c.alphaOh + c.alphaM + c.alphaL1 / 2 + c.alphaL2);
        QVERIFY(std::abs(c.betaVu + c.alphaR - tableValue("thesis-c-o13-c7-per-vu")) < kTol);
        QCOMPARE(m.c7PerVu, c.betaVu + c.alphaR);
        // §1.4: the cache-less closed form 0.053377 nSM nV + nSM (0.01565 M + 6.50841).
        QVERIFY(std::abs(c.betaVu + 2 * c.betaR + c.alphaR -
                         tableValue("thesis-c-cache-less-per-vu")) < 1e-9);
        QVERIFY(std::abs(c.alphaOh + c.alphaM - tableValue("thesis-c-cache-less-per-sm")) < 1e-9);
        QVERIFY(std::abs(c.betaM - tableValue("thesis-c-cache-less-per-smem-kb")) < 1e-12);
        QCOMPARE(m.cacheLessPerVu, c.betaVu + 2 * c.betaR + c.alphaR);
        QCOMPARE(m.cacheLessPerSm, c.alphaOh + c.alphaM);
        QCOMPARE(m.cacheLessPerSmemKb, c.betaM);
        // The closed form is the cache-less total.
        for (const auto& [nSm, nV, mSm] :
             {std::tuple{16, 128, 96.0}, std::tuple{8, 896, 96.0}, std::tuple{2, 32, 12.0}}) {
            const double closed =
                m.cacheLessPerVu * nSm * nV + nSm * (m.cacheLessPerSmemKb * mSm + m.cacheLessPerSm);
            QVERIFY(std::abs(areaBreakdown(noCache(nSm, nV, mSm), maxwell()).total - closed) <
                    1e-9);
        }
        const double titan = areaBreakdown(titanx(), maxwell()).total;
        QVERIFY(std::abs(titan - 7.78124 - 589.2031) < kTol);               // O14
        QVERIFY(std::abs(titan - 24 * (1.59521 - 1.27) - 589.1793) < kTol); // O15
        QVERIFY(std::abs((titan - 601) / 601 * 100 + 0.668) < 0.001);       // O2 error
    }

    void maxVectorUnits_data() {
        QTest::addColumn<qint64>("nSm");
        QTest::addColumn<double>("mSm");
        QTest::addColumn<double>("budget");
        QTest::addColumn<qint64>("nV");
        // Expected: thesis-c-o17-KEY-max-n-v and thesis-c-o18-KEY-max-n-v.
        const struct {
            const char* code;
            const char* key;
            qint64 nSm;
            double m;
        } rows[] = {{"Jacobi 2D", "jacobi2d", 32, 24},     {"Heat 2D", "heat2d", 22, 12},
                    {"Gradient 2D", "gradient2d", 28, 24}, {"Laplacian 2D", "laplacian2d", 28, 12},
                    {"Heat 3D", "heat3d", 18, 192},        {"Laplacian 3D", "laplacian3d", 8, 96}};
        for (const auto& r : rows) {
            const auto nV = [&r](int o) {
                return std::llround(
                    tableValue(QString("thesis-c-o%1-%2-max-n-v").arg(o).arg(r.key)));
            };
            QTest::newRow(qPrintable(QString("O17 %1 at 450").arg(r.code)))
                << r.nSm << r.m << 450.0 << qint64(nV(17));
            QTest::newRow(qPrintable(QString("O18 %1 at 425").arg(r.code)))
                << r.nSm << r.m << 425.0 << qint64(nV(18));
        }
        QTest::newRow("spec 3.3 nothing fits") << qint64(32) << 480.0 << 200.0 << qint64(-1);
    }
    void maxVectorUnits() {
        QFETCH(qint64, nSm);
        QFETCH(double, mSm);
        QFETCH(double, budget);
        QFETCH(qint64, nV);
        const auto got = area::maxVectorUnits(budget, noCache(nSm, 32, mSm), maxwell());
        QCOMPARE(got.value_or(-1), nV);
        if (got) {
            // Largest: the next warp does not fit.
            QVERIFY(areaBreakdown(noCache(nSm, *got, mSm), maxwell()).total <= budget);
            QVERIFY(areaBreakdown(noCache(nSm, *got + 32, mSm), maxwell()).total > budget);
        }
    }

    // Spec §3.3 heat-map sample (M_SM = 48 KB, no caches), printed to 2 decimals.
    void heatMapTable_data() {
        QTest::addColumn<qint64>("nSm");
        QTest::addColumn<qint64>("nV");
        QTest::addColumn<double>("area");
        // Expected: thesis-c-heat-map-n-sm-N-n-v-V.
        for (const qint64 nSm : {2, 8, 16, 24, 32}) {
            for (const qint64 nV : {32, 128, 512, 1024, 2048}) {
                QTest::newRow(qPrintable(QString("spec 3.3 nSM=%1 nV=%2").arg(nSm).arg(nV)))
                    << nSm << nV
                    << tableValue(QString("thesis-c-heat-map-n-sm-%1-n-v-%2").arg(nSm).arg(nV));
            }
        }
        QTest::newRow("spec 3.3 smallest grid point")
            << qint64(2) << qint64(32) << tableValue("thesis-c-grid-smallest-area");
    }
    void heatMapTable() {
        QFETCH(qint64, nSm);
        QFETCH(qint64, nV);
        QFETCH(double, area);
        const double m = (nSm == 2 && nV == 32 && area < 17) ? 12 : 48;
        const double got = areaBreakdown(noCache(nSm, nV, m), maxwell()).total;
        QVERIFY2(std::abs(got - area) <= 0.005 + 1e-9, qPrintable(QString::number(got, 'f', 4)));
    }

    void largestGridPoint() {
        QVERIFY(std::abs(areaBreakdown(noCache(32, 2048, 480), maxwell()).total -
                         tableValue("thesis-c-grid-largest-area")) < 0.005);
    }

    // Fig. C.2: the fitted lines at the Cacti sweep points (per instance).
    void figureC2Lines() {
        const Coefficients c = maxwell().coefficients();
        // Expected: thesis-c-fig-c2-rf-XKB and thesis-c-fig-c2-l2-XKB (0.5 KB: "0p5").
        for (const double kb : {0.5, 1.0, 2.0, 4.0, 8.0}) {
            const double y = tableValue(
                QString("thesis-c-fig-c2-rf-%1kb").arg(QString::number(kb).replace('.', 'p')));
            QVERIFY(std::abs(c.betaR * kb + c.alphaR - y) < 5e-6);
        }
        for (const double kb : {32.0, 64.0, 128.0, 256.0, 512.0}) {
            const double y = tableValue(QString("thesis-c-fig-c2-l2-%1kb").arg(kb));
            QVERIFY(std::abs(c.betaL2 * kb + c.alphaL2 - y) < 5e-6);
        }
    }

    void warnings() {
        const auto has = [](const AreaBreakdown& b, Warning w) {
            return std::find(b.warnings.begin(), b.warnings.end(), w) != b.warnings.end();
        };
        const AreaBreakdown g = areaBreakdown(gtx980(), maxwell());
        QVERIFY2(g.warnings.empty(), "GTX 980 lies inside every calibration range");
        const AreaBreakdown odd = areaBreakdown({15, 100, 16, 500, 200, 100000}, maxwell());
        for (Warning w :
             {Warning::OddSmsWithL1, Warning::VectorUnitsNotWarp, Warning::SharedMemoryOffGrid,
              Warning::RegisterFileOutside, Warning::SharedMemoryOutside, Warning::L1Outside,
              Warning::L2Outside, Warning::VectorUnitsExtrapolated}) {
            QVERIFY2(has(odd, w), name(w).data());
            QVERIFY(!describe(w, maxwell().ranges).empty());
        }
        QVERIFY(
            !has(areaBreakdown(noCache(18, 288, 192), maxwell()), Warning::SharedMemoryOffGrid));
        QVERIFY(has(areaBreakdown(noCache(18, 288, 12), maxwell()), Warning::SharedMemoryOutside));
    }

    // Property: area grows with every resource (positive coefficients).
    void monotone() {
        const Architecture base = gtx980();
        const double a0 = areaBreakdown(base, maxwell()).total;
        for (int field = 0; field < 6; ++field) {
            Architecture a = base;
            switch (field) {
            case 0:
                a.nSm += 2;
                break;
            case 1:
                a.nV += 32;
                break;
            case 2:
                a.rVuKb += 1;
                break;
            case 3:
                a.mSmKb += 48;
                break;
            case 4:
                a.l1PairKb += 8;
                break;
            default:
                a.l2Kb += 512;
                break;
            }
            QVERIFY(areaBreakdown(a, maxwell()).total > a0);
        }
    }

    void badArchitecture_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("named");
        QTest::newRow("n_sm = 0") << 0 << 0.0 << QString("n_sm");
        QTest::newRow("n_v = -32") << 1 << -32.0 << QString("n_v");
        QTest::newRow("r_vu_kb = 0") << 2 << 0.0 << QString("r_vu_kb");
        QTest::newRow("m_sm_kb = NaN") << 3 << std::nan("") << QString("m_sm_kb");
        QTest::newRow("l1_pair_kb = -1") << 4 << -1.0 << QString("l1_pair_kb");
        QTest::newRow("l2_kb = inf")
            << 5 << std::numeric_limits<double>::infinity() << QString("l2_kb");
    }
    void badArchitecture() {
        QFETCH(int, field);
        QFETCH(double, value);
        QFETCH(QString, named);
        Architecture a = gtx980();
        switch (field) {
        case 0:
            a.nSm = static_cast<std::int64_t>(value);
            break;
        case 1:
            a.nV = static_cast<std::int64_t>(value);
            break;
        case 2:
            a.rVuKb = value;
            break;
        case 3:
            a.mSmKb = value;
            break;
        case 4:
            a.l1PairKb = value;
            break;
        default:
            a.l2Kb = value;
            break;
        }
        try {
            areaBreakdown(a, maxwell());
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), named);
        }
    }

    void badCoefficientFile_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("not JSON") << QString("{\"id\": ") << QString("JSON");
        QTest::newRow("missing params") << QString(R"({"id":"x","name":"X"})") << QString("params");
        QTest::newRow("unknown key")
            << QString(
                   R"({"id":"x","name":"X","params":{"gamma":{"value":1,"unit":"mm2","source":"s"}}})")
            << QString("params.gamma");
        QTest::newRow("wrong unit")
            << QString(
                   R"({"id":"x","name":"X","params":{"beta_vu":{"value":1,"unit":"mm2","source":"s"}}})")
            << QString("params.beta_vu.unit");
        QTest::newRow("negative value")
            << QString(
                   R"({"id":"x","name":"X","params":{"beta_vu":{"value":-1,"unit":"mm2/VU","source":"s"}}})")
            << QString("params.beta_vu.value");
        QTest::newRow("missing coefficient")
            << QString(
                   R"({"id":"x","name":"X","params":{"beta_vu":{"value":1,"unit":"mm2/VU","source":"s"}}})")
            << QString("params.beta_r");
        QTest::newRow("unknown top-level field")
            << QString(R"({"id":"x","name":"X","colour":1})") << QString("colour");
    }
    void badCoefficientFile() {
        QFETCH(QString, text);
        QFETCH(QString, field);
        try {
            parseCoefficientSet(text.toStdString(), "bad.json");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
            QVERIFY(QString(e.what()).startsWith("bad.json"));
        }
    }

    // A user-supplied process: the JSON round trip keeps values, units and sources.
    void coefficientRoundTrip() {
        CoefficientSet s = maxwell();
        s.id = "my-process";
        s.params["beta_vu"].value = 0.03;
        s.params["beta_vu"].source = "estimate (die photo of my chip)";
        const CoefficientSet back = coefficientSetFromJson(toJson(s), "mem");
        QCOMPARE(QString::fromStdString(back.id), QString("my-process"));
        QCOMPARE(*back.params.at("beta_vu").value, 0.03);
        QCOMPARE(QString::fromStdString(back.params.at("beta_vu").source),
                 QString("estimate (die photo of my chip)"));
        QVERIFY(back.c7().has_value());
        QCOMPARE(back.ranges.mSmKb[1], 384.0);
        CoefficientSet noC7 = back;
        noC7.printedC7.clear();
        QVERIFY_THROWS_EXCEPTION(InputError, areaBreakdown(gtx980(), noC7, Form::C7Printed));
    }

    void profilesCarryAreaInputs() {
        const Architecture g = architectureOf(loadGpuProfile("gtx980"));
        QVERIFY(g == gtx980());
        const Architecture t = architectureOf(loadGpuProfile("titanx"));
        QVERIFY(t == titanx());
        GpuProfile p = loadGpuProfile("gtx980");
        p.params.erase("l2_kb");
        try {
            architectureOf(p);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("l2_kb"));
        }
    }

    // applyArchitecture: the sliders' and the codesign's way into a GPU profile.
    void applyArchitectureChangesOnlyDifferingKeys_data() {
        QTest::addColumn<qint64>("nSm");
        QTest::addColumn<qint64>("nV");
        QTest::addColumn<double>("rVu");
        QTest::addColumn<double>("mSm");
        QTest::addColumn<double>("l1");
        QTest::addColumn<double>("l2");
        QTest::addColumn<QStringList>("changed");
        QTest::newRow("GTX 980 itself: nothing")
            << qint64(16) << qint64(128) << 2.0 << 96.0 << 48.0 << 2048.0 << QStringList{};
        QTest::newRow("n_sm only")
            << qint64(8) << qint64(128) << 2.0 << 96.0 << 48.0 << 2048.0 << QStringList{"n_sm"};
        QTest::newRow("r_vu_kb only")
            << qint64(16) << qint64(128) << 4.0 << 96.0 << 48.0 << 2048.0 << QStringList{"r_vu_kb"};
        QTest::newRow("Table C.2 Heat 2D design (cache-less)")
            << qint64(22) << qint64(256) << 2.0 << 12.0 << 0.0 << 0.0
            << QStringList{"n_sm", "n_v", "m_sm_kb", "l1_pair_kb", "l2_kb"};
        QTest::newRow("all six") << qint64(32) << qint64(64) << 1.0 << 48.0 << 24.0 << 1024.0
                                 << QStringList{"n_sm",    "n_v",        "m_sm_kb",
                                                "r_vu_kb", "l1_pair_kb", "l2_kb"};
    }

    void applyArchitectureChangesOnlyDifferingKeys() {
        QFETCH(qint64, nSm);
        QFETCH(qint64, nV);
        QFETCH(double, rVu);
        QFETCH(double, mSm);
        QFETCH(double, l1);
        QFETCH(double, l2);
        QFETCH(QStringList, changed);
        const Architecture a{nSm, nV, rVu, mSm, l1, l2};
        const GpuProfile p0 = loadGpuProfile("gtx980");
        GpuProfile p = p0;
        QCOMPARE(applyArchitecture(p, a), !changed.isEmpty());
        QVERIFY(architectureOf(p) == a);
        QCOMPARE(p.params.size(), p0.params.size());
        GpuProfile bySetter = p0; // the same edits one key at a time
        for (const auto& [key, q] : p.params) {
            if (changed.contains(QString::fromStdString(key))) {
                QVERIFY(q.edited);
                QCOMPARE(q.source, std::string("set by user"));
                setGpuParameter(bySetter, key, q.value);
            } else if (q.rule.empty()) { // a value with a rule follows the edited facts
                QCOMPARE(quantityToJson(q, false), quantityToJson(p0.params.at(key), false));
            }
        }
        QCOMPARE(toJson(p), toJson(bySetter));
        // A second time nothing differs.
        const GpuProfile once = p;
        QVERIFY(!applyArchitecture(p, a));
        QCOMPARE(toJson(p), toJson(once));
    }

    void applyArchitectureAddsMissingKeys() {
        GpuProfile p = loadGpuProfile("gtx980");
        p.params.erase("l2_kb");
        QVERIFY(applyArchitecture(p, gtx980()));
        QCOMPARE(*p.params.at("l2_kb").value, 2048.0);
        // The GTX 980's own L2: the profile's value and source again, not an edit (issue 28).
        QVERIFY(!p.params.at("l2_kb").edited);
        QCOMPARE(p.params.at("l2_kb").source, loadGpuProfile("gtx980").params.at("l2_kb").source);
        p.params.erase("l2_kb");
        area::Architecture other = gtx980();
        other.l2Kb = 1024;
        QVERIFY(applyArchitecture(p, other));
        QVERIFY(p.params.at("l2_kb").edited);
        QVERIFY(!p.params.at("n_sm").edited);
    }

    // All or nothing: a refused architecture leaves the profile as it was, even when keys
    // before the refused one differ.
    void applyArchitectureRefused_data() {
        QTest::addColumn<qint64>("nSm");
        QTest::addColumn<qint64>("nV");
        QTest::addColumn<double>("rVu");
        QTest::addColumn<double>("mSm");
        QTest::addColumn<double>("l1");
        QTest::addColumn<double>("l2");
        QTest::addColumn<QString>("mention");
        const double nan = std::nan("");
        QTest::newRow("zero SMs") << qint64(0) << qint64(128) << 2.0 << 96.0 << 48.0 << 2048.0
                                  << "n_sm = 0";
        QTest::newRow("2^21 SMs") << qint64(2097152) << qint64(128) << 2.0 << 96.0 << 48.0 << 2048.0
                                  << "n_sm = 2097152";
        QTest::newRow("negative n_V")
            << qint64(8) << qint64(-32) << 2.0 << 96.0 << 48.0 << 2048.0 << "n_v = -32";
        QTest::newRow("NaN shared memory")
            << qint64(8) << qint64(128) << 2.0 << nan << 48.0 << 2048.0 << "m_sm_kb = nan";
        QTest::newRow("infinite L2") << qint64(8) << qint64(128) << 2.0 << 96.0 << 48.0
                                     << std::numeric_limits<double>::infinity() << "l2_kb = inf";
        QTest::newRow("negative L1")
            << qint64(8) << qint64(128) << 2.0 << 96.0 << -48.0 << 2048.0 << "l1_pair_kb = -48";
        // validate() allows up to 1048576 KB; the r_vu_kb key allows 1024 KB, and n_sm, n_v
        // and m_sm_kb (written before it) differ too.
        QTest::newRow("register file above the key's 1024 KB")
            << qint64(8) << qint64(64) << 2048.0 << 48.0 << 48.0 << 2048.0
            << "r_vu_kb = 2048: must be a finite number in (0, 1024] [KB]";
    }

    void applyArchitectureRefused() {
        QFETCH(qint64, nSm);
        QFETCH(qint64, nV);
        QFETCH(double, rVu);
        QFETCH(double, mSm);
        QFETCH(double, l1);
        QFETCH(double, l2);
        QFETCH(QString, mention);
        const GpuProfile p0 = loadGpuProfile("gtx980");
        GpuProfile p = p0;
        try {
            (void)applyArchitecture(p, Architecture{nSm, nV, rVu, mSm, l1, l2});
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(mention), e.what());
        }
        QCOMPARE(toJson(p), toJson(p0));
    }

    // Property: for each of the 2^6 subsets of the six area keys, an architecture that differs
    // from GTX 980 in exactly that subset changes exactly those keys.
    void applyArchitectureEverySubset() {
        const GpuProfile p0 = loadGpuProfile("gtx980");
        const char* const keys[] = {"n_sm", "n_v", "r_vu_kb", "m_sm_kb", "l1_pair_kb", "l2_kb"};
        int keysChecked = 0;
        for (int subset = 0; subset < 64; ++subset) {
            Architecture a = gtx980();
            const auto differs = [&](int bit) { return (subset >> bit & 1) != 0; };
            a.nSm = differs(0) ? 24 : a.nSm;
            a.nV = differs(1) ? 256 : a.nV;
            a.rVuKb = differs(2) ? 1 : a.rVuKb;
            a.mSmKb = differs(3) ? 48 : a.mSmKb;
            a.l1PairKb = differs(4) ? 0 : a.l1PairKb;
            a.l2Kb = differs(5) ? 3072 : a.l2Kb;
            GpuProfile p = p0;
            QCOMPARE(applyArchitecture(p, a), subset != 0);
            for (int bit = 0; bit < 6; ++bit) {
                QCOMPARE(p.params.at(keys[bit]).edited, differs(bit));
                ++keysChecked;
            }
            QVERIFY(architectureOf(p) == a);
        }
        QCOMPARE(keysChecked, 64 * 6);
    }

    // Issue 32: each node's density factor against its published source (docs/codesign.md
    // "Process nodes"): logic = D(28 nm) / D(node) in MTr/mm2, SRAM = cell(node) / cell(28 nm).
    void nodeFactors_data() {
        QTest::addColumn<int>("nm");
        QTest::addColumn<double>("logic");
        QTest::addColumn<double>("sram");
        QTest::newRow("28 nm: TSMC VLSI 2010, 3,900 kgate/mm2 x 4 and 0.127 um2")
            << 28 << 1.0 << 1.0;
        QTest::newRow("16FF+: WikiChip 28.88 MTr/mm2, JSSC 2015 0.07 um2")
            << 16 << 15.6 / 28.88 << 0.07 / 0.127;
        QTest::newRow("N7: WikiChip 91.2 MTr/mm2, ISSCC 2017 0.027 um2")
            << 7 << 15.6 / 91.2 << 0.027 / 0.127;
        QTest::newRow("N5: WikiChip 171.3 MTr/mm2, IEDM 2019 0.021 um2")
            << 5 << 15.6 / 171.3 << 0.021 / 0.127;
        // Issue 59 (codesign-2027.md §3): N5's density times TSMC's published ratios.
        QTest::newRow("N4: N5 / 0.94 (TSMC 'about 6 % shrink'), N5's bit cell (S16)")
            << 4 << 15.6 / 182.2 << 0.021 / 0.127;
        QTest::newRow("N3E: 1.6x N5 logic, 0.021 um2 as N5 (IEDM 2022, S13)")
            << 3 << 15.6 / 274.1 << 0.021 / 0.127;
        QTest::newRow("N2: 1.15x N3E, 0.0175 um2 (S14)") << 2 << 15.6 / 315.2 << 0.0175 / 0.127;
    }
    void nodeFactors() {
        QFETCH(int, nm);
        QFETCH(double, logic);
        QFETCH(double, sram);
        const NodeFactors f = area::nodeFactors(nm, OverheadScaling::Logic);
        QCOMPARE(f.logic, logic);
        QCOMPARE(f.sram, sram);
        QCOMPARE(f.overhead, logic);
        QCOMPARE(area::nodeFactors(nm, OverheadScaling::Sram).overhead, sram);
        QCOMPARE(area::nodeFactors(nm, OverheadScaling::None).overhead, 1.0);
        const ProcessNode& n = processNode(nm);
        QVERIFY(!n.logicSource.empty() && !n.sramSource.empty());
    }

    // The rules: logic scales beta_VU, beta_R, alpha_R; SRAM every shared-memory and cache
    // coefficient; the overhead by the choice. 28 nm is the set itself, so Table C.2 and the
    // GTX 980 / Titan X areas are unchanged; C.7's merged block is refused elsewhere.
    void scaleToNodeRules() {
        const CoefficientSet s = maxwell();
        const CoefficientSet same = scaleToNode(s, 28, OverheadScaling::None);
        QCOMPARE(toJson(same).dump(), toJson(s).dump());
        QCOMPARE(areaBreakdown(gtx980(), same).total, areaBreakdown(gtx980(), s).total);
        int checked = 0;
        for (int nm : {16, 7, 5, 4, 3, 2}) {
            for (auto o : {OverheadScaling::Logic, OverheadScaling::Sram, OverheadScaling::None}) {
                const NodeFactors f = area::nodeFactors(nm, o);
                const CoefficientSet t = scaleToNode(s, nm, o);
                QVERIFY(t.printedC7.empty());
                QVERIFY(t.id != s.id);
                for (const auto& [key, q] : s.params) {
                    const bool logic = key == "beta_vu" || key == "beta_r" || key == "alpha_r";
                    const double factor = key == "alpha_oh" ? f.overhead : logic ? f.logic : f.sram;
                    QCOMPARE(*t.params.at(key).value, *q.value * factor);
                    QVERIFY(t.params.at(key).source.find("scaled to") == 0);
                    ++checked;
                }
                // Component by component, the 28 nm area times its factor.
                const AreaBreakdown a = areaBreakdown(titanx(), s);
                const AreaBreakdown b = areaBreakdown(titanx(), t);
                QVERIFY(std::abs(b.mm2(Component::VectorUnits) -
                                 a.mm2(Component::VectorUnits) * f.logic) < 1e-9);
                QVERIFY(std::abs(b.mm2(Component::RegisterFiles) -
                                 a.mm2(Component::RegisterFiles) * f.logic) < 1e-9);
                QVERIFY(std::abs(b.mm2(Component::L2) - a.mm2(Component::L2) * f.sram) < 1e-9);
                QVERIFY(std::abs(b.mm2(Component::Overhead) -
                                 a.mm2(Component::Overhead) * f.overhead) < 1e-9);
                QVERIFY(b.total < a.total);
                // Named as outside the calibration (the Die area view's warning line, the CLI).
                QVERIFY(std::count(b.warnings.begin(), b.warnings.end(),
                                   Warning::NodeExtrapolated) == 1);
                QVERIFY(std::count(a.warnings.begin(), a.warnings.end(),
                                   Warning::NodeExtrapolated) == 0);
                QVERIFY_THROWS_EXCEPTION(InputError, areaBreakdown(titanx(), t, Form::C7Printed));
            }
        }
        QCOMPARE(checked, 6 * 3 * 10);
    }

    // Issue 59: from N5 to N3E only logic shrinks (the bit cell stays 0.021 um2), so a design
    // whose area is mostly SRAM (shared memory, L1, L2) gains less from N3 than one that is
    // mostly vector units; and every step down the list shrinks every design.
    void sramHeavyGainsLessFromN3() {
        const CoefficientSet s = maxwell();
        const CoefficientSet n5 = scaleToNode(s, 5, OverheadScaling::Logic);
        const CoefficientSet n3 = scaleToNode(s, 3, OverheadScaling::Logic);
        int checked = 0;
        double lastRatio = 0;
        double lastShare = -1;
        for (double mSm : {24.0, 48.0, 96.0, 192.0, 384.0}) {
            for (double l2 : {256.0, 2048.0, 8192.0}) {
                Architecture a = gtx980();
                a.mSmKb = mSm;
                a.l2Kb = l2;
                const AreaBreakdown b5 = areaBreakdown(a, n5);
                const AreaBreakdown b3 = areaBreakdown(a, n3);
                const double sram =
                    b5.mm2(Component::SharedMemory) + b5.mm2(Component::L1) + b5.mm2(Component::L2);
                const double share = sram / b5.total;
                const double ratio = b3.total / b5.total; // what N3 keeps of the N5 area
                QVERIFY(ratio < 1);
                if (share > lastShare) {
                    lastShare = share;
                    QVERIFY2(ratio >= lastRatio - 1e-12, qPrintable(QString::number(share)));
                    lastRatio = ratio;
                }
                // The SRAM part is the same at both nodes, the rest shrinks by 274.1 / 171.3.
                QVERIFY(std::abs((b3.total - sram) - (b5.total - sram) * 171.3 / 274.1) < 1e-9);
                ++checked;
            }
        }
        QCOMPARE(checked, 15);
        double previous = areaBreakdown(titanx(), s).total;
        for (int nm : {16, 7, 5, 4, 3, 2}) {
            const double total =
                areaBreakdown(titanx(), scaleToNode(s, nm, OverheadScaling::Logic)).total;
            QVERIFY2(total < previous || nm == 3, qPrintable(QString::number(nm)));
            QVERIFY(total <= previous);
            previous = total;
        }
    }

    // "N3" and "3" are the same node; N28 and unknown names are refused with the list.
    void nodeNames() {
        QCOMPARE(parseNode("N3", "--node"), 3);
        QCOMPARE(parseNode("n2", "--node"), 2);
        QCOMPARE(parseNode("N3E", "--node"), 3);
        QCOMPARE(parseNode("5", "--node"), 5);
        QCOMPARE(parseNode("28", "--node"), 28);
        int refused = 0;
        for (const char* bad : {"N28", "N6", "3nm", "", "N", "-3", "1e1", "3E"}) {
            try {
                (void)parseNode(bad, "--node");
            } catch (const InputError& e) {
                QVERIFY(std::string(e.what()).find("N3E, N2") != std::string::npos);
                ++refused;
            }
        }
        QCOMPARE(refused, 8);
    }

    void badNode() {
        int refused = 0;
        for (int nm : {0, 1, 10, 14, 22, 28000, -7}) {
            try {
                processNode(nm, "--node");
            } catch (const InputError& e) {
                QVERIFY(std::string(e.what()).find("--node") != std::string::npos);
                QVERIFY(std::string(e.what()).find("28, 16, 7, 5, 4, 3 or 2") != std::string::npos);
                ++refused;
            }
        }
        QCOMPARE(refused, 7);
        QVERIFY_THROWS_EXCEPTION(InputError, parseOverheadScaling("io", "--overhead-scaling"));
    }
};

QTEST_APPLESS_MAIN(TestArea)
#include "test_area.moc"
