// SPDX-License-Identifier: GPL-3.0-or-later
// MWP-CWP, IPP power and the Chapter V throughput model: every worked example of spec
// mwp-cwp-power.md §4.3 in both variants, the thesis's oracles of §4.2 that the seed's data
// allow, the property tests of §7.2 E, the presets and bad input.

#include "mwp/category_map.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "mwp/regime_map.hpp"
#include "mwp/throughput_model.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

using namespace cdx;
using namespace cdx::mwp;

namespace {

// Relative comparison; the spec prints 4-6 significant digits.
bool near(double actual, double expected, double rel) {
    return std::abs(actual - expected) <= rel * std::max(1.0, std::abs(expected));
}
#define CHECK_NEAR(actual, expected, rel)                                                          \
    QVERIFY2(near((actual), (expected), (rel)), qPrintable(QStringLiteral("%1 = %2, expected %3")  \
                                                               .arg(#actual)                       \
                                                               .arg(actual, 0, 'g', 12)            \
                                                               .arg(expected, 0, 'g', 12)))

// A published value of Hong's thesis (profiles/published/hong-thesis.json), by id without the
// "hong-" prefix: the one table `cdx reproduce` reports.
double pub(const std::string& id) {
    return test::published(("hong-" + id).c_str());
}

Device device(const char* id) {
    return deviceOf(loadMwpGpuProfile(id));
}

MwpVariant variantNamed(const QString& v) {
    return parseMwpVariant(v.toStdString(), "variant");
}

// The shared kernel of examples A-E: 27 computation instructions and 6 memory instructions.
Kernel kernel27(int threads, double blocks, int activeBlocks, double coal, double uncoal,
                double synch = 0) {
    Kernel k;
    k.threadsPerBlock = threads;
    k.blocks = blocks;
    k.activeBlocksPerSm = activeBlocks;
    k.mix.other = 27;
    k.coalMemInsts = coal;
    k.uncoalMemInsts = uncoal;
    k.synchInsts = synch;
    return k;
}

// Example I (IPP on the GTX 280).
Kernel exampleI(int activeBlocks = 4) {
    Kernel k = kernelOf(loadKernelProfile("example-i"), loadMwpGpuProfile("gtx280"));
    k.activeBlocksPerSm = activeBlocks;
    return k;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

nlohmann::json snapshot(const GpuProfile& g, const KernelProfile& k) {
    return {{"gpu", toJson(g)}, {"kernel", toJson(k)}};
}

// The error of a typed kernel edit and of the same edit through --set (nullopt: taken).
struct KernelEditErrors {
    std::optional<InputError> typed;
    std::optional<InputError> set;
};

KernelEditErrors kernelEditBothWays(GpuProfile& typedGpu, KernelProfile& typedKernel,
                                    GpuProfile& setGpu, KernelProfile& setKernel,
                                    const std::string& key, std::optional<double> value) {
    KernelEditErrors out;
    try {
        setKernelParameter(typedGpu, typedKernel, key, value);
    } catch (const InputError& e) {
        out.typed = e;
    }
    try {
        applyKernelOverride(setGpu, setKernel,
                            key + "=" + (value ? formatNumber(*value) : std::string("null")));
    } catch (const InputError& e) {
        out.set = e;
    }
    return out;
}

bool hasWarning(const MwpResult& r, MwpWarning w) {
    return std::find(r.warnings.begin(), r.warnings.end(), w) != r.warnings.end();
}

} // namespace

class TestMwp : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }

    // --- §4.3 worked examples A-G (Chapter II) ---
    void workedExamples_data();
    void workedExamples();
    void exampleATrace();
    void sweepS_data();
    void sweepS();
    void peakBandwidthTable_data();
    void peakBandwidthTable();

    // --- §4.2 oracles ---
    void oracles();

    // --- IPP: Example I, Example H, f(AR), s(k) ---
    void specialLinearTable_data();
    void specialLinearTable();
    void logScaleTable_data();
    void logScaleTable();
    void exampleIAtAllSms();
    void exampleISweep_data();
    void exampleISweep();
    void exampleIOptimum();
    void eq63AndFix_data();
    void eq63AndFix();
    void exampleITemperature();
    void exampleH_data();
    void exampleH();
    void fermiPower();

    // --- Chapter V: Example J ---
    void exampleJ_data();
    void exampleJ();
    void exampleJTrace();
    void exampleJFewerSms_data();
    void exampleJFewerSms();
    void exampleJDmaddAcrossSms_data();
    void exampleJDmaddAcrossSms();
    void figure101And130();

    // --- §7.2 E properties ---
    void propertiesRandom_data();
    void propertiesRandom();
    void categoryPartitionComplete();
    void independentRequests_data();
    void independentRequests();

    // --- regime map ---
    void regimeMapCellsEqualModel();
    void regimeMapBoundaryAtSweepS();
    void regimeMapBadRanges();

    // --- presets, occupancy, bad input ---
    void presetsLoad();
    void occupancyHelper_data();
    void occupancyHelper();
    void badInput_data();
    void badInput();
    void missingParametersListed();

    // --- typed edits (setKernelParameter; --set is its wrapper) ---
    void typedKernelEditEqualsOverride_data();
    void typedKernelEditEqualsOverride();
    void typedKernelEditRefused_data();
    void typedKernelEditRefused();
    void everyKernelKeyTypedEqualsOverride();
};

// ---------------------------------------------------------------------------------------------

void TestMwp::workedExamples_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("example");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("cpi");
    QTest::addColumn<int>("regime");
    QTest::addColumn<QString>("limiter");
    QTest::addColumn<double>("mwp");

    // example ids: 0 A, 1 A', 2 B, 3 B0, 4 C, 5 C2, 6 D1, 7 D2, 8 E, 9 G
    for (const char* v : {"consistent", "thesis"}) {
        const QString var = QString::fromLatin1(v);
        const auto row = [&](const char* name) {
            return &QTest::newRow(qPrintable(QStringLiteral("spec 4.3 %1 (%2)").arg(name, var)));
        };
        // Expected values: the published table, by id (cycles, CPI and MWP of each example).
        const auto ex = [&](const char* name, const char* gpu, int id, const std::string& slug,
                            int regime, const char* limiter) {
            *row(name) << QString(gpu) << id << var << pub(slug + "-exec-cycles")
                       << pub(slug + "-cpi") << regime << QString(limiter) << pub(slug + "-mwp");
        };
        ex("Example A FX5600 uncoalesced + barriers", "fx5600", 0, "example-a", 2, "latency");
        ex("Example A' 1 GHz 80 GB/s", "fx5600", 1, "example-a-prime", 2, "latency");
        ex("Example B coalesced", "fx5600", 2, "example-b", 2, "bandwidth");
        ex("Example B0 eq13 isca09", "fx5600", 3, "example-b0", 2, "bandwidth");
        if (var == "consistent") {
            ex("Example C compute-heavy", "fx5600", 4, "example-c", 3, "bandwidth");
        } else {
            // The literal Case-2 clause: CPI below the issue floor (flagged below).
            ex("Example C compute-heavy literal", "fx5600", 4, "example-c-literal", 2, "bandwidth");
        }
        ex("Example C2 150+2", "fx5600", 5, "example-c2", 3, "bandwidth");
        ex("Example D1 one warp", "fx5600", 6, "example-d1", 1, "warps");
        ex("Example D2 two warps", "fx5600", 7, "example-d2", 1, "warps");
        ex("Example E Rep 100", "fx5600", 8, "example-e", 2, "bandwidth");
        ex("Example G GTX280 2 transactions", "gtx280", 9, "example-g", 2, "latency");
    }
}

void TestMwp::workedExamples() {
    QFETCH(QString, gpu);
    QFETCH(int, example);
    QFETCH(QString, variant);
    QFETCH(double, cycles);
    QFETCH(double, cpi);
    QFETCH(int, regime);
    QFETCH(QString, limiter);
    QFETCH(double, mwp);
    Device d = device(gpu.toLatin1().constData());
    MwpVariant v = variantNamed(variant);
    Kernel k;
    switch (example) {
    case 0:
        k = kernel27(128, 80, 5, 0, 6, 6);
        break;
    case 1:
        k = kernel27(128, 80, 5, 0, 6, 6);
        d.freqGhz = 1;
        d.bandwidthGbs = 80;
        break;
    case 2:
        k = kernel27(128, 80, 5, 6, 0);
        break;
    case 3:
        k = kernel27(128, 80, 5, 6, 0);
        v.memLCoal = MemLCoalForm::Isca09;
        break;
    case 4:
        k = kernel27(128, 80, 5, 2, 0);
        k.mix.other = 398;
        break;
    case 5:
        k = kernel27(128, 80, 5, 2, 0);
        k.mix.other = 150;
        break;
    case 6:
        k = kernel27(32, 16, 1, 6, 0);
        break;
    case 7:
        k = kernel27(64, 16, 1, 6, 0);
        break;
    case 8:
        k = kernel27(256, 6400, 4, 6, 0);
        break;
    case 9:
        k = kernel27(128, 150, 5, 0, 6);
        k.uncoalPerMw = 2;
        break;
    default:
        QFAIL("unknown example");
    }
    const MwpResult r = evaluate(d, k, v);
    CHECK_NEAR(r.execCycles, cycles, 3e-6);
    CHECK_NEAR(r.cpi, cpi, 6e-4);
    QCOMPARE(static_cast<int>(r.regime), regime);
    QCOMPARE(QString::fromLatin1(name(r.limiter).data()), limiter);
    CHECK_NEAR(r.mwp, mwp, 2e-5);
    // Example C: the two rules differ and the literal one is flagged impossible.
    if (example == 4) {
        QVERIFY(hasWarning(r, MwpWarning::Case2RulesDiffer));
        QCOMPARE(hasWarning(r, MwpWarning::CpiBelowIssueFloor), variant == "thesis");
    } else {
        QVERIFY(!hasWarning(r, MwpWarning::CpiBelowIssueFloor));
    }
}

void TestMwp::exampleATrace() {
    // spec 4.3 Example A, every step of the table: the published table, by id.
    const MwpResult r = evaluate(device("fx5600"), kernel27(128, 80, 5, 0, 6, 6), {});
    const auto a = [](const char* step) { return pub(std::string("example-a-") + step); };
    QCOMPARE(r.n, a("n"));
    QCOMPARE(r.weightUncoal, a("weight-uncoal"));
    QCOMPARE(r.memLUncoal, a("mem-l-uncoal"));
    QCOMPARE(r.memLCoal, a("mem-l-coal"));
    QCOMPARE(r.memL, a("mem-l"));
    QCOMPARE(r.departureDelay, a("departure-delay"));
    QCOMPARE(r.mwpWithoutBwFull, a("mwp-without-bw-full"));
    CHECK_NEAR(r.bwPerWarp, a("bw-per-warp"), 1e-6);
    CHECK_NEAR(r.mwpPeakBw, a("mwp-peak-bw"), 1e-6);
    QCOMPARE(r.totalInsts, a("total-insts"));
    QCOMPARE(r.compCycles, a("comp-cycles"));
    QCOMPARE(r.memCycles, a("mem-cycles"));
    CHECK_NEAR(r.cwpFull, a("cwp-full"), 1e-6);
    QCOMPARE(r.cwp, a("cwp"));
    QCOMPARE(r.compP, a("comp-p"));
    QCOMPARE(r.cyclesPerRound, a("cycles-per-round"));
    QCOMPARE(r.rep, a("rep"));
    QCOMPARE(r.npwb, a("npwb"));
    QCOMPARE(r.synchCost, a("synch-cost"));
    QCOMPARE(r.execCycles, a("exec-cycles"));
    CHECK_NEAR(r.cpiWithoutSynch, a("cpi-without-synch"), 1e-4);
    CHECK_NEAR(r.timeSeconds, a("time"), 1e-3);
    QCOMPARE(r.regime, Regime::MemoryBound);
    QVERIFY(QString::fromStdString(explain(r, device("fx5600"))).contains("latency"));
}

void TestMwp::sweepS_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("coalMwp");
    QTest::addColumn<int>("coalCase");
    QTest::addColumn<double>("coalCycles");
    QTest::addColumn<double>("uncoalMwp");
    QTest::addColumn<int>("uncoalCase");
    QTest::addColumn<double>("uncoalCycles");
    // Expected values: the published table, by id; the cases stay here.
    const struct {
        int n, cc, uc;
    } rows[] = {{1, 1, 1},  {2, 1, 1},  {3, 1, 2},  {4, 1, 2},  {8, 1, 2}, {10, 1, 2},
                {12, 2, 2}, {16, 2, 2}, {20, 2, 2}, {24, 2, 2}, {32, 2, 2}};
    for (const auto& r : rows) {
        const std::string id = "sweep-s-n" + std::to_string(r.n);
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Sweep S N=%1").arg(r.n)))
            << r.n << pub(id + "-coal-mwp") << r.cc << pub(id + "-coal-cycles")
            << pub(id + "-uncoal-mwp") << r.uc << pub(id + "-uncoal-cycles");
    }
}

void TestMwp::sweepS() {
    QFETCH(int, n);
    QFETCH(double, coalMwp);
    QFETCH(int, coalCase);
    QFETCH(double, coalCycles);
    QFETCH(double, uncoalMwp);
    QFETCH(int, uncoalCase);
    QFETCH(double, uncoalCycles);
    const Device d = device("fx5600");
    for (const char* v : {"consistent", "thesis"}) {
        const auto coal = evaluate(d, kernel27(32, 16.0 * n, n, 6, 0), variantNamed(v));
        const auto uncoal = evaluate(d, kernel27(32, 16.0 * n, n, 0, 6), variantNamed(v));
        CHECK_NEAR(coal.mwp, coalMwp, 5e-4);
        QCOMPARE(static_cast<int>(coal.regime), coalCase);
        CHECK_NEAR(coal.execCycles, coalCycles, 2e-5);
        CHECK_NEAR(uncoal.mwp, uncoalMwp, 5e-4);
        QCOMPARE(static_cast<int>(uncoal.regime), uncoalCase);
        CHECK_NEAR(uncoal.execCycles, uncoalCycles, 2e-5);
    }
}

void TestMwp::peakBandwidthTable_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("memL");
    QTest::addColumn<double>("peak");
    QTest::newRow("spec 4.3 MWP_peak_BW 8800GTX")
        << QString("8800gtx") << 424.0 << pub("peak-bw-8800gtx");
    QTest::newRow("spec 4.3 MWP_peak_BW FX5600")
        << QString("fx5600") << 424.0 << pub("peak-bw-fx5600");
    QTest::newRow("spec 4.3 MWP_peak_BW 8800GT (O6: 9)")
        << QString("8800gt") << 424.0 << pub("peak-bw-8800gt");
    QTest::newRow("spec 4.3 MWP_peak_BW GTX280 454")
        << QString("gtx280") << 454.0 << pub("peak-bw-gtx280-454");
    QTest::newRow("spec 4.3 MWP_peak_BW GTX280 430")
        << QString("gtx280") << 430.0 << pub("peak-bw-gtx280-430");
}

void TestMwp::peakBandwidthTable() {
    QFETCH(QString, gpu);
    QFETCH(double, memL);
    QFETCH(double, peak);
    Kernel k = kernel27(128, 10000, 5, 6, 0);
    if (memL == 430) {
        k.memLOverride = 430;
    }
    const auto r = evaluate(device(gpu.toLatin1().constData()), k, {});
    QCOMPARE(r.memL, memL);
    CHECK_NEAR(r.mwpPeakBw, peak, 5e-4);
}

void TestMwp::oracles() {
    const Device fx = device("fx5600");
    // O3 (Fig. 9): N = 1 and N = 2 are Case 1 with MWP = CWP = N.
    for (int n : {1, 2}) {
        const auto r = evaluate(fx, kernel27(32 * n, 16, 1, 6, 0), {});
        QCOMPARE(r.regime, Regime::ShortOfWarps);
        QCOMPARE(r.mwp, double(n));
        QCOMPARE(r.cwp, double(n));
    }
    // O4: coalesced SVM-like on the FX5600: MWP_peak_BW ~ 12 limits (computed 11.78).
    const auto o4 = evaluate(fx, kernel27(128, 80, 5, 6, 0), {});
    QCOMPARE(o4.limiter, Limiter::Bandwidth);
    QCOMPARE(std::round(o4.mwp), pub("o4-fx5600-coalesced-mwp"));
    // O5: uncoalesced: MWP_Without_BW ~ 2 limits (computed 2.28).
    const auto o5 = evaluate(fx, kernel27(128, 80, 5, 0, 6), {});
    QCOMPARE(o5.limiter, Limiter::Latency);
    QCOMPARE(std::round(o5.mwp), pub("o5-fx5600-uncoalesced-mwp"));
    // O6: coalesced MWP saturates at 9 on the 8800GT (computed 9.09).
    const auto o6 = evaluate(device("8800gt"), kernel27(32, 14 * 32, 32, 6, 0), {});
    QCOMPARE(std::floor(o6.mwp), pub("o6-8800gt-coalesced-mwp"));
    // O22: GTX 580 peak ~ 1600 GFLOP/s (computed 1581.056) when every useful op is an FMA.
    Kernel fma = kernelOf(loadKernelProfile("example-j-cmem"), loadMwpGpuProfile("gtx580"));
    const auto o22 = throughput(device("gtx580"), fma, {});
    CHECK_NEAR(o22.peakAchiGflops, pub("o22-gtx580-peak-gflops"), 1e-9);
    // O15: sigma = 10/22: +5.0 W for INT's 11 C rise, +9.55 W for SVM's 21 C (+-0.5 W of
    // the thesis's 5 W and 10 W); INT's rise needs ~46 W of run-time power.
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    QVERIFY(std::abs(*p.sigmaWPerC * 11 - pub("o15-int-static-w")) <= 0.5);
    QVERIFY(std::abs(*p.sigmaWPerC * 21 - 10.0) <= 0.5);
    const auto intBench = temperature(p, 45.8333333, 0, {});
    CHECK_NEAR(intBench.delta, 11.0, 1e-6);
    CHECK_NEAR(intBench.maxTempC, pub("o15-int-max-temp"), 1e-6);
    CHECK_NEAR(intBench.saturatedExtraW, pub("o15-int-static-w"), 0.1); // +-0.5 W
}

// --- IPP ---

void TestMwp::specialLinearTable_data() {
    QTest::addColumn<double>("ar");
    QTest::addColumn<double>("f");
    for (auto [ar, id] : {std::pair{1.0, "1"},
                          {0.5, "0p5"},
                          {0.25, "0p25"},
                          {0.1, "0p1"},
                          {0.01, "0p01"},
                          {0.001, "0p001"}}) {
        QTest::newRow(qPrintable(QStringLiteral("spec 2.3 f(AR=%1)").arg(ar)))
            << ar << pub(std::string("special-linear-ar-") + id);
    }
}

void TestMwp::specialLinearTable() {
    QFETCH(double, ar);
    QFETCH(double, f);
    CHECK_NEAR(specialLinear(ar, true), f, 1e-6);
    CHECK_NEAR(specialLinear(ar, false), f, 1e-6);
}

void TestMwp::logScaleTable_data() {
    QTest::addColumn<int>("numSms");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("s");
    // Expected values: the published table, by id (k = 0 through cdx power --scaling).
    QTest::newRow("spec 2.4 s(k=0) 30 SMs") << 30 << 0 << pub("log-scale-30sms-k0");
    for (int k : {1, 2, 5, 10, 15, 20, 25, 30}) {
        QTest::newRow(qPrintable(QStringLiteral("spec 2.4 s(k=%1) 30 SMs").arg(k)))
            << 30 << k << pub("log-scale-30sms-k" + std::to_string(k));
    }
    QTest::newRow("spec 2.4 s(k=0) 16 SMs") << 16 << 0 << pub("log-scale-16sms-k0");
    for (int k : {1, 2, 5, 10, 15, 16}) {
        QTest::newRow(qPrintable(QStringLiteral("spec 2.4 s(k=%1) 16 SMs").arg(k)))
            << 16 << k << pub("log-scale-16sms-k" + std::to_string(k));
    }
}

void TestMwp::logScaleTable() {
    QFETCH(int, numSms);
    QFETCH(int, k);
    QFETCH(double, s);
    CHECK_NEAR(logScale(k, numSms, 1.1), s, 1e-4);
}

void TestMwp::exampleIAtAllSms() {
    const Device d = device("gtx280");
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const PowerResult r = power(d, p, exampleI(), {});
    const MwpResult& m = r.performance;
    CHECK_NEAR(m.mwpPeakBw, pub("example-i-mwp-peak-bw"), 1e-5);
    CHECK_NEAR(m.mwpWithoutBwFull, pub("example-i-mwp-without-bw-full"), 1e-12);
    QCOMPARE(m.compCycles, pub("example-i-comp-cycles"));
    QCOMPARE(m.memCycles, pub("example-i-mem-cycles"));
    QCOMPARE(m.cwp, pub("example-i-cwp"));
    QCOMPARE(m.regime, Regime::MemoryBound);
    CHECK_NEAR(m.cyclesPerRound, pub("example-i-cycles-per-round"), 1e-6);
    QCOMPARE(m.rep, pub("example-i-rep"));
    CHECK_NEAR(m.execCycles, pub("example-i-exec-cycles"), 1e-6);
    CHECK_NEAR(m.timeSeconds, pub("example-i-time"), 1e-4);
    QCOMPARE(r.warpsPerSm, pub("example-i-warps-per-sm"));
    CHECK_NEAR(r.issueSlots, pub("example-i-issue-slots"), 1e-6);
    const auto unit = [&](PowerUnit u) { return r.units[static_cast<std::size_t>(u)]; };
    CHECK_NEAR(unit(PowerUnit::Fp).accessRate, pub("example-i-fp-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Int).accessRate, pub("example-i-int-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Alu).accessRate, pub("example-i-alu-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::GlobalMem).accessRate, pub("example-i-global-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Reg).accessRate, pub("example-i-reg-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Fds).accessRate, pub("example-i-fds-access-rate"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Fp).watts, pub("example-i-fp-w"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Reg).watts, pub("example-i-reg-w"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Alu).watts, pub("example-i-alu-w"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Int).watts, pub("example-i-int-w"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::Fds).watts, pub("example-i-fds-w"), 2e-5);
    CHECK_NEAR(unit(PowerUnit::ConstSm).watts, pub("example-i-const-sm-w"), 1e-12);
    CHECK_NEAR(r.smSum, pub("example-i-sm-sum-w"), 2e-5);
    CHECK_NEAR(r.maxSm, pub("example-i-max-sm-w"), 2e-5);
    CHECK_NEAR(r.memoryW, pub("example-i-memory-w"), 2e-5);
    CHECK_NEAR(r.runtimeW, pub("example-i-runtime-w"), 2e-5);
    double shares = 0;
    for (const auto& u : r.units) {
        shares += u.gpuWatts;
    }
    CHECK_NEAR(shares, r.runtimeW, 1e-12); // the units' shares add up to the run-time power
    CHECK_NEAR(r.gpuW, pub("example-i-gpu-w"), 2e-5);
    CHECK_NEAR(r.energyJ, pub("example-i-energy"), 2e-4);
    CHECK_NEAR(r.runtimeEnergyJ, pub("example-i-runtime-energy"), 2e-4);
    CHECK_NEAR(r.memAccessIntensity, pub("example-i-mem-access-intensity"), 1e-12);
}

void TestMwp::exampleISweep_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("regime");
    QTest::addColumn<double>("mwp");
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("gips");
    QTest::addColumn<double>("runtimeW");
    QTest::addColumn<double>("gpuW");
    QTest::addColumn<double>("gipsPerW");
    QTest::addColumn<double>("energyMj");
    // Expected values: the published table, by id; the cases stay here.
    for (auto [k, c] :
         {std::pair{1, 3}, {5, 3}, {10, 3}, {11, 3}, {16, 3}, {17, 2}, {20, 2}, {25, 2}, {30, 2}}) {
        const std::string id = "example-i-k" + std::to_string(k);
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example I k=%1").arg(k)))
            << k << c << pub(id + "-mwp") << pub(id + "-cycles") << pub(id + "-gips")
            << pub(id + "-runtime-w") << pub(id + "-gpu-w") << pub(id + "-gips-per-w")
            << pub(id + "-energy") * 1e3;
    }
}

void TestMwp::exampleISweep() {
    QFETCH(int, k);
    QFETCH(int, regime);
    QFETCH(double, mwp);
    QFETCH(double, cycles);
    QFETCH(double, gips);
    QFETCH(double, runtimeW);
    QFETCH(double, gpuW);
    QFETCH(double, gipsPerW);
    QFETCH(double, energyMj);
    Kernel kk = exampleI();
    kk.activeSms = k;
    const auto r = power(device("gtx280"), powerParamsOf(loadMwpGpuProfile("gtx280")), kk, {});
    QCOMPARE(static_cast<int>(r.performance.regime), regime);
    CHECK_NEAR(r.performance.mwp, mwp, 5e-4);
    CHECK_NEAR(r.performance.execCycles, cycles, 2e-6);
    CHECK_NEAR(r.gips, gips, 1e-4);
    CHECK_NEAR(r.runtimeW, runtimeW, 1e-3);
    CHECK_NEAR(r.gpuW, gpuW, 1e-3);
    CHECK_NEAR(r.gipsPerW, gipsPerW, 1e-4);
    CHECK_NEAR(r.energyJ * 1e3, energyMj, 1e-3);
}

void TestMwp::exampleIOptimum() {
    const auto o = optimalActiveSms(device("gtx280"), powerParamsOf(loadMwpGpuProfile("gtx280")),
                                    exampleI(), {});
    QCOMPARE(o.bySweep, int(pub("example-i-optimal-sms")));
    CHECK_NEAR(o.energySaving, pub("example-i-energy-saving"), 2e-4);
    CHECK_NEAR(o.runtimeEnergySaving, pub("example-i-runtime-energy-saving"), 2e-4);
    QVERIFY(o.eq63BandwidthLimited);
    CHECK_NEAR(o.eq63Raw, pub("example-i-eq63"), 1e-3);
    CHECK_NEAR(o.refinedRaw, pub("example-i-min-n-cwp"), 1e-3);
    CHECK_NEAR(o.powerGatedSaving, pub("example-i-power-gated-saving"), 1e-3);
    QCOMPARE(o.sweep.size(), std::size_t(30));
    CHECK_NEAR(o.sweep[16].powerGatedW, pub("example-i-power-gated-w-17"), 1e-4);
}

void TestMwp::eq63AndFix_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<double>("eq63");
    QTest::newRow("spec 4.3 Example I N=16 eq.63 'and' (fix)")
        << QString("and") << pub("example-i-n16-eq63-and");
    QTest::newRow("spec 4.3 Example I N=16 eq.63 'or' (printed)")
        << QString("or") << pub("example-i-n16-eq63-or");
}

void TestMwp::eq63AndFix() {
    QFETCH(QString, rule);
    QFETCH(double, eq63);
    MwpVariant v;
    v.optimalCores = parseOptimalCoresRule(rule.toStdString(), "eq63");
    const auto o = optimalActiveSms(device("gtx280"), powerParamsOf(loadMwpGpuProfile("gtx280")),
                                    exampleI(2), v);
    CHECK_NEAR(o.eq63Raw, eq63, 2e-4);
    QCOMPARE(o.bySweep, int(pub("example-i-n16-sweep"))); // the sweep does not depend on the rule
}

void TestMwp::exampleITemperature() {
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const auto r = power(device("gtx280"), p, exampleI(), {});
    const auto t = temperature(p, r.runtimeW, r.memAccessIntensity, {});
    CHECK_NEAR(t.delta, pub("example-i-temperature-rise"), 2e-4);
    CHECK_NEAR(t.maxTempC, pub("example-i-max-temp"), 1e-4);
    CHECK_NEAR(t.saturatedExtraW, pub("example-i-saturated-static-w"), 1e-3);
    // The literal reading of eq. (53): an absolute "maximum temperature" of 22 C, below the
    // 57 C start: the reason the consistent variant reads it as a rise.
    const auto lit = temperature(p, r.runtimeW, r.memAccessIntensity, MwpVariant::thesis());
    CHECK_NEAR(lit.maxTempC, pub("example-i-max-temp-literal"), 2e-4);
    QVERIFY(lit.delta < 0);
}

void TestMwp::exampleH_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("temp");
    QTest::addColumn<double>("extraW");
    // Expected values: the published table, by id (cdx power --runtime-w 100 --mem-intensity .2).
    for (int t : {0, 35, 60, 100, 175, 300, 600}) {
        const std::string s = std::to_string(t) + "s";
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example H t=%1 s").arg(t)))
            << double(t) << pub("example-h-temp-" + s) << pub("example-h-extra-w-" + s);
    }
}

void TestMwp::exampleH() {
    QFETCH(double, t);
    QFETCH(double, temp);
    QFETCH(double, extraW);
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const auto tr = temperature(p, 100, 0.2, {});
    CHECK_NEAR(tr.delta, pub("example-h-rise"), 1e-9);
    QVERIFY(std::abs(temperatureAt(p, tr, t) - temp) <= 1.5e-3);
    QVERIFY(std::abs(extraPowerAt(p, tr, t) - extraW) <= 1.5e-3);
    // Decay from 78.801 C.
    for (int d : {60, 120, 300}) {
        const double expected = pub("example-h-decay-" + std::to_string(d) + "s");
        QVERIFY(std::abs(decayTemperatureAt(p, pub("example-h-temp-600s"), d) - expected) <= 6e-3);
    }
}

void TestMwp::fermiPower() {
    // O17 (coarse): GTX 580 idle 27 W; one active SM reads ~93 W (idle + activation 64 + a
    // sixteenth of the units); power is linear in active SMs.
    const Device d = device("gtx580");
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx580"));
    QVERIFY(!p.logBeta.has_value());
    Kernel k = kernelOf(loadKernelProfile("cmem"), loadMwpGpuProfile("gtx580"));
    k.activeSms = 1;
    const auto one = power(d, p, k, {});
    QVERIFY2(one.gpuW > 91 && one.gpuW < 100, qPrintable(QString::number(one.gpuW)));
    QCOMPARE(one.scale, 1.0 / 16);
    QVERIFY(!p.hasTemperature());
    QVERIFY_THROWS_EXCEPTION(InputError, temperature(p, 100, 0.2, {}));
}

// --- Chapter V ---

void TestMwp::exampleJ_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<int>("blocks"); // resident blocks of 8 warps: N = 8 x blocks
    QTest::addColumn<double>("mwpApp");
    QTest::addColumn<double>("mwp");
    QTest::addColumn<double>("memN");
    QTest::addColumn<double>("compN");
    QTest::addColumn<double>("idle");
    QTest::addColumn<double>("effRatio");
    QTest::addColumn<double>("perf");
    QTest::addColumn<int>("category");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<int>("cores");
    QTest::addColumn<double>("nSugg");
    QTest::addColumn<double>("coreRed"); // 0: not applicable
    // Expected values: the published table, by id.
    for (auto [kern, b] : {std::pair{"cmem", 1},
                           {"cmem", 2},
                           {"cmem", 3},
                           {"cmem", 4},
                           {"cmem", 6},
                           {"dmadd", 1},
                           {"dmadd", 2},
                           {"dmadd", 3},
                           {"dmadd", 4}}) {
        const std::string id = "example-j-" + std::string(kern) + "-n" + std::to_string(8 * b);
        // CoreRed does not apply at N > MWP_App_InfiN (cmem N = 48): 0.
        const double red = 8 * b > 32 && std::string(kern) == "cmem" ? 0.0 : pub(id + "-core-red");
        QTest::newRow(
            qPrintable(QStringLiteral("spec 4.3 Example J %1-like N=%2").arg(kern).arg(8 * b)))
            << QString(kern) << b << pub(id + "-mwp-app") << pub(id + "-mwp") << pub(id + "-mem-n")
            << pub(id + "-comp-n") << pub(id + "-idle") << pub(id + "-eff-ratio")
            << pub(id + "-perf") << int(pub(id + "-category")) << pub(id + "-alpha")
            << int(pub(id + "-cores")) << pub(id + "-n-sugg") << red;
    }
}

void TestMwp::exampleJ() {
    QFETCH(QString, kernel);
    QFETCH(int, blocks);
    QFETCH(double, mwpApp);
    QFETCH(double, mwp);
    QFETCH(double, memN);
    QFETCH(double, compN);
    QFETCH(double, idle);
    QFETCH(double, effRatio);
    QFETCH(double, perf);
    QFETCH(int, category);
    QFETCH(double, alpha);
    QFETCH(int, cores);
    QFETCH(double, nSugg);
    QFETCH(double, coreRed);
    Kernel k = kernelOf(loadKernelProfile(("example-j-" + kernel).toStdString()),
                        loadMwpGpuProfile("gtx580"));
    k.activeBlocksPerSm = blocks;
    for (const char* v : {"consistent", "thesis"}) {
        const auto r = throughput(device("gtx580"), k, variantNamed(v));
        CHECK_NEAR(r.mwpApp, mwpApp, 5e-4);
        CHECK_NEAR(r.mwp, mwp, 5e-4);
        CHECK_NEAR(r.memN, memN, 2e-5);
        QCOMPARE(r.compCyclesN, compN);
        CHECK_NEAR(r.idleMemCycles, idle, 2e-5);
        CHECK_NEAR(r.effRatio, effRatio, 5e-4);
        // The spec prints GFLOP/s with one decimal.
        QVERIFY2(std::abs(r.perfGflops - perf) <= 0.051, qPrintable(QString::number(r.perfGflops)));
        QCOMPARE(r.category, category);
        CHECK_NEAR(r.alpha, alpha, 1e-3);
        QCOMPARE(r.suggestedCores, cores);
        CHECK_NEAR(r.suggestedN, nSugg, 2e-4);
        if (coreRed == 0) {
            QVERIFY(!r.coreFrequencyDivisor.has_value());
        } else {
            QVERIFY(r.coreFrequencyDivisor.has_value());
            CHECK_NEAR(*r.coreFrequencyDivisor, coreRed, 1e-3);
        }
        QVERIFY(r.effRatio <= r.effRatioCompOnly);
    }
}

void TestMwp::exampleJTrace() {
    Kernel k = kernelOf(loadKernelProfile("example-j-cmem"), loadMwpGpuProfile("gtx580"));
    const auto r = throughput(device("gtx580"), k, {});
    QCOMPARE(r.effComp, pub("example-j-cmem-eff-comp"));
    QCOMPARE(r.effPerf, pub("example-j-cmem-eff-perf"));
    QCOMPARE(r.effMem, pub("example-j-cmem-eff-mem"));
    CHECK_NEAR(r.mwpAppInfiN, pub("example-j-cmem-mwp-app-infin"), 1e-4);
    QCOMPARE(r.mwpAppOneMemWarp, 32.0);
    CHECK_NEAR(r.bwPerWarp, pub("example-j-cmem-bw-per-warp"), 1e-6);
    CHECK_NEAR(r.mwpBw, pub("example-j-cmem-mwp-bw"), 1e-5);
    QCOMPARE(r.mwpProc, pub("example-j-cmem-mwp-proc"));
    QCOMPARE(r.limiter, ThroughputLimiter::Bandwidth);
    QCOMPARE(r.memSerialN, 14400.0);
    CHECK_NEAR(r.memDividedN, pub("example-j-cmem-mem-divided-n"), 1e-5);
    QVERIFY(!r.warpsSufficient);
    CHECK_NEAR(r.suggestedCoresExact, 16 / 1.499, 1e-3);
    QVERIFY(QString::fromLatin1(categoryText(3).verbatim.data()).contains("MWP_BW problem"));
    QVERIFY(!categoryText(7).erratum.empty());
}

void TestMwp::exampleJFewerSms_data() {
    QTest::addColumn<int>("sms");
    QTest::addColumn<int>("category");
    QTest::addColumn<double>("perf");
    QTest::addColumn<double>("effRatio");
    QTest::newRow("spec 4.3 Example J Cmem N=48 k=8 (category 10)")
        << 8 << int(pub("example-j-cmem-n48-k8-category")) << pub("example-j-cmem-n48-k8-perf")
        << pub("example-j-cmem-n48-k8-eff-ratio");
    QTest::newRow("spec 4.3 Example J Cmem N=48 k=12 (category 9)")
        << 12 << int(pub("example-j-cmem-n48-k12-category")) << pub("example-j-cmem-n48-k12-perf")
        << 0.0;
}

void TestMwp::exampleJFewerSms() {
    QFETCH(int, sms);
    QFETCH(int, category);
    QFETCH(double, perf);
    QFETCH(double, effRatio);
    Kernel k = kernelOf(loadKernelProfile("example-j-cmem"), loadMwpGpuProfile("gtx580"));
    k.activeBlocksPerSm = 6;
    k.activeSms = sms;
    const auto r = throughput(device("gtx580"), k, {});
    QCOMPARE(r.category, category);
    QVERIFY2(std::abs(r.perfGflops - perf) <= 0.051, qPrintable(QString::number(r.perfGflops)));
    if (effRatio > 0) {
        CHECK_NEAR(r.effRatio, effRatio, 1e-3);
        CHECK_NEAR(r.idleMemCycles, 436.0, 1e-4);
        CHECK_NEAR(r.mwp, 32.143, 1e-4);
    }
}

void TestMwp::exampleJDmaddAcrossSms_data() {
    QTest::addColumn<int>("sms");
    QTest::addColumn<double>("perf");
    for (int k : {4, 8, 10, 11, 12, 16}) {
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example J Dmadd N=32 k=%1").arg(k)))
            << k << pub("example-j-dmadd-n32-k" + std::to_string(k) + "-perf");
    }
}

void TestMwp::exampleJDmaddAcrossSms() {
    QFETCH(int, sms);
    QFETCH(double, perf);
    Kernel k = kernelOf(loadKernelProfile("example-j-dmadd"), loadMwpGpuProfile("gtx580"));
    k.activeSms = sms;
    const auto r = throughput(device("gtx580"), k, {});
    QVERIFY2(std::abs(r.perfGflops - perf) <= 0.051, qPrintable(QString::number(r.perfGflops)));
}

void TestMwp::figure101And130() {
    // O23 (Fig. 101): MWP_App = 4, MWP_BW = 3, N = 2 -> MWP = 2.
    Device d = device("gtx580");
    Kernel k;
    k.threadsPerBlock = 64; // N = 2
    k.blocks = 32;
    k.activeBlocksPerSm = 1;
    k.mix.other = 450.0 / 4; // EffComp = 112.5 -> MWP_App_InfiN = 4
    k.coalMemInsts = 1;
    k.memLOverride = 450;
    k.mstr = 2;
    const double bwPerWarp = d.freqGhz * 128 / 450;
    d.bandwidthGbs = 3 * bwPerWarp * d.nSm; // MWP_BW = 3
    const auto r = throughput(d, k, {});
    CHECK_NEAR(r.mwpAppInfiN, 4.0, 1e-12);
    CHECK_NEAR(r.mwpApp, 4.0, 1e-12);
    CHECK_NEAR(r.mwpBw, 3.0, 1e-12);
    QCOMPARE(r.mwp, 2.0);
    QCOMPARE(r.limiter, ThroughputLimiter::Warps);
    // O24 (Fig. 130): N = 2 and three computations needed per memory period: the core clock
    // can be divided by three.
    QVERIFY(r.coreFrequencyDivisor.has_value());
    CHECK_NEAR(*r.coreFrequencyDivisor, 3.0, 1e-12);
}

// --- Properties ---

void TestMwp::propertiesRandom_data() {
    QTest::addColumn<QString>("variant");
    QTest::newRow("consistent") << QString("consistent");
    QTest::newRow("thesis") << QString("thesis");
}

void TestMwp::propertiesRandom() {
    QFETCH(QString, variant);
    const MwpVariant v = variantNamed(variant);
    std::mt19937 rng(20121201);
    std::uniform_real_distribution<double> u(0, 1);
    const Device gpus[] = {device("fx5600"), device("gtx280"), device("gtx580")};
    const PowerParams p280 = powerParamsOf(loadMwpGpuProfile("gtx280"));
    for (int i = 0; i < 3000; ++i) {
        const Device& d = gpus[i % 3];
        Kernel k;
        k.threadsPerBlock = 32 * (1 + static_cast<int>(u(rng) * 16));
        k.activeBlocksPerSm = 1 + static_cast<int>(u(rng) * 8);
        k.blocks = std::ceil(u(rng) * 5000) + 1;
        k.mix.fp = std::floor(u(rng) * 200);
        k.mix.intMul = std::floor(u(rng) * 5);
        k.mix.other = std::floor(u(rng) * 100);
        k.coalMemInsts = std::floor(u(rng) * 20);
        k.uncoalMemInsts = u(rng) < 0.5 ? std::floor(u(rng) * 10) : 0;
        k.synchInsts = std::floor(u(rng) * 4);
        k.uncoalPerMw = 1 + std::floor(u(rng) * 32);
        k.activeSms = 1 + static_cast<int>(u(rng) * d.nSm);
        if (k.mix.total() + k.coalMemInsts + k.uncoalMemInsts == 0) {
            k.mix.fp = 1;
        }
        const MwpResult r = evaluate(d, k, v);
        const QString at = QStringLiteral("case %1").arg(i);
        QVERIFY2(r.mwp <= r.n * (1 + 1e-12), qPrintable(at));         // MWP <= N
        QVERIFY2(r.cwp >= 1 && r.cwp <= r.n + 1e-12, qPrintable(at)); // 1 <= CWP <= N
        QVERIFY2(r.execCycles > 0 && std::isfinite(r.execCycles), qPrintable(at));
        QVERIFY2(r.execCycles >= r.execCyclesApp, qPrintable(at));
        if (r.memInsts > 0 && v.case2 == Case2Rule::Consistent) {
            // Every round exposes at least one memory latency, and (finding, see docs/model.md)
            // Case 2 can undercut the issue time of N warps by at most a factor of 2.
            QVERIFY2(r.cyclesPerRound >= r.memL * (1 - 1e-12) || r.regime == Regime::MemoryBound,
                     qPrintable(at));
            QVERIFY2(r.cyclesPerRound >= 0.5 * r.compCycles * r.n * (1 - 1e-12), qPrintable(at));
            QVERIFY2(!hasWarning(r, MwpWarning::CpiBelowIssueFloor) ||
                         r.regime == Regime::MemoryBound,
                     qPrintable(at));
        }
        // The rules agree whenever Comp_cycles <= Mem_cycles.
        if (r.compCycles <= r.memCycles) {
            QVERIFY2(r.regime == r.otherRuleRegime, qPrintable(at));
        }
        // Time scales with 1/Freq at fixed cycles when MWP does not depend on bandwidth.
        // Chapter V: EffRatio with memory never exceeds the computation-only ratio.
        const auto t = throughput(d, k, v);
        QVERIFY2(t.effRatio <= t.effRatioCompOnly + 1e-12, qPrintable(at));
        QVERIFY2(r.memInsts == 0 || (t.category >= 1 && t.category <= 10), qPrintable(at));
        // Access rates are in [0, 2] (in [0, 1] whenever CPI >= the issue floor).
        if (d.id == "gtx280") {
            const auto pr = power(d, p280, k, v);
            for (const auto& up : pr.units) {
                QVERIFY2(up.accessRate >= 0, qPrintable(at));
                if (v.case2 == Case2Rule::Consistent) {
                    QVERIFY2(up.accessRate <= 2 + 1e-9, qPrintable(at));
                }
                if (!hasWarning(r, MwpWarning::CpiBelowIssueFloor)) {
                    QVERIFY2(up.accessRate <= 1 + 1e-9, qPrintable(at));
                }
                if (v.clampAccessRate) {
                    QVERIFY2(up.watts >= 0, qPrintable(at));
                }
            }
            QVERIFY2(pr.gpuW >= p280.idlePowerW, qPrintable(at));
        }
    }
    // s(Num_SMs) = 1 for any SM count.
    for (int n : {1, 14, 16, 30, 80}) {
        QCOMPARE(logScale(n, n, 1.1), 1.0);
    }
}

void TestMwp::categoryPartitionComplete() {
    // Exactly one of the ten verbatim conditions of Figs. 114/115 holds for any inputs.
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.5, 60);
    for (int i = 0; i < 20000; ++i) {
        const double n = u(rng), infiN = u(rng), app = u(rng), bw = u(rng), proc = u(rng);
        const bool I = n < infiN;
        const bool conds[10] = {
            I && proc < app && bw < app,
            I && proc < app && bw >= app,
            I && proc >= app && bw < 0.85 * app,
            I && proc >= app && bw >= 0.85 * app && bw < app,
            I && proc >= app && bw >= app,
            !I && proc < app && bw < app,
            !I && proc < app && bw >= app,
            !I && proc >= app && bw < 0.85 * app,
            !I && proc >= app && bw >= 0.85 * app && bw < app,
            !I && proc >= app && bw >= app,
        };
        int count = 0, which = 0;
        for (int c = 0; c < 10; ++c) {
            if (conds[c]) {
                ++count;
                which = c + 1;
            }
        }
        QCOMPARE(count, 1);
        QCOMPARE(category(n, infiN, app, bw, proc), which);
    }
}

void TestMwp::independentRequests_data() {
    QTest::addColumn<QString>("form");
    QTest::addColumn<double>("npw");
    // Fig. 26b: 2 warps, 2 requests of which 1 is independent: "as if there were four warps".
    QTest::newRow("spec 1.3 eq.28 doubling form (Fig. 26b: 2N)")
        << QString("doubling") << pub("eq28-npw-doubling");
    QTest::newRow("spec 1.3 eq.28 as printed (gives N)")
        << QString("printed") << pub("eq28-npw-printed");
}

void TestMwp::independentRequests() {
    QFETCH(QString, form);
    QFETCH(double, npw);
    MwpVariant v;
    v.independentWarps = parseIndependentWarps(form.toStdString(), "npw");
    Kernel k = kernel27(64, 16, 1, 2, 0);
    k.indMemInsts = 1;
    const auto r = evaluate(device("fx5600"), k, v);
    QCOMPARE(r.nEffective, npw);
    // Every request independent: the printed form divides by zero; guarded and capped at
    // N x #Mem_req.
    k.indMemInsts = 2;
    const auto all = evaluate(device("fx5600"), k, v);
    QCOMPARE(all.nEffective, 4.0);
    QVERIFY(std::isfinite(all.execCycles));
}

// --- Regime map ---

void TestMwp::regimeMapCellsEqualModel() {
    const Device d = device("fx5600");
    const Kernel k = kernel27(128, 80, 5, 3, 3, 2);
    const AxisRange x{MapAxis::BandwidthGbs, 5, 200, 23, true};
    const AxisRange y{MapAxis::CompInsts, 1, 400, 17, false};
    const RegimeMap m = regimeMap(d, k, {}, x, y);
    QCOMPARE(m.cells.size(), std::size_t(23 * 17));
    for (std::size_t iy = 0; iy < m.ys.size(); iy += 4) {
        for (std::size_t ix = 0; ix < m.xs.size(); ix += 5) {
            Device dd = d;
            Kernel kk = k;
            setAxisValue(dd, kk, x.axis, m.xs[ix]);
            setAxisValue(dd, kk, y.axis, m.ys[iy]);
            QCOMPARE(axisValue(dd, kk, MapAxis::CompInsts), m.ys[iy]);
            const auto r = evaluate(dd, kk, {});
            QCOMPARE(m.at(ix, iy).regime, r.regime);
            QCOMPARE(m.at(ix, iy).limiter, r.limiter);
            QCOMPARE(m.at(ix, iy).execCycles, r.execCycles);
        }
    }
    QCOMPARE(m.xs.front(), 5.0);
    CHECK_NEAR(m.xs.back(), 200.0, 1e-12);
    // A map of 120 x 90 cells is filled on several threads (issue 33): every cell is still the
    // model's, and each category map's counts are its cells'.
    const AxisRange bx{MapAxis::BandwidthGbs, 5, 200, 120, true};
    const AxisRange by{MapAxis::CompInsts, 1, 400, 90, false};
    const RegimeMap big = regimeMap(d, k, {}, bx, by);
    const CategoryMap cats = categoryMap(d, k, {}, bx, by);
    int checked = 0, counted = 0;
    for (std::size_t iy = 0; iy < big.ys.size(); ++iy) {
        for (std::size_t ix = 0; ix < big.xs.size(); ++ix) {
            Device dd = d;
            Kernel kk = k;
            setAxisValue(dd, kk, bx.axis, big.xs[ix]);
            setAxisValue(dd, kk, by.axis, big.ys[iy]);
            const auto r = evaluate(dd, kk, {});
            QCOMPARE(big.at(ix, iy).regime, r.regime);
            QCOMPARE(big.at(ix, iy).execCycles, r.execCycles);
            QCOMPARE(cats.at(ix, iy).category, throughput(dd, kk, {}).category);
            ++checked;
        }
    }
    for (const int c : cats.counts) {
        counted += c;
    }
    QCOMPARE(checked, 120 * 90);
    QCOMPARE(counted, 120 * 90);
}

void TestMwp::regimeMapBoundaryAtSweepS() {
    // Sweep S (coalesced): Case 1 up to N = 11, Case 2 (bandwidth) from N = 12.
    const RegimeMap m = regimeMap(device("fx5600"), kernel27(32, 512, 1, 6, 0), {},
                                  {MapAxis::ActiveBlocksPerSm, 1, 32, 32, false},
                                  {MapAxis::UncoalPerMw, 1, 32, 2, false});
    QCOMPARE(m.at(10, 0).regime, Regime::ShortOfWarps);
    QCOMPARE(m.at(11, 0).regime, Regime::MemoryBound);
    QCOMPARE(m.at(11, 0).limiter, Limiter::Bandwidth);
    const auto edges = regimeBoundaries(m);
    bool found = false;
    for (const auto& e : edges) {
        found = found || (e.vertical && e.ix == 10 && e.iy == 0);
        QVERIFY(regimeClass(m.at(e.ix, e.iy)) !=
                regimeClass(e.vertical ? m.at(e.ix + 1, e.iy) : m.at(e.ix, e.iy + 1)));
    }
    QVERIFY(found);
}

void TestMwp::regimeMapBadRanges() {
    const Device d = device("fx5600");
    const Kernel k = kernel27(128, 80, 5, 6, 0);
    QVERIFY_THROWS_EXCEPTION(InputError, regimeMap(d, k, {}, {MapAxis::FreqGhz, 2, 1, 10, false},
                                                   {MapAxis::MemLd, 100, 500, 10, false}));
    QVERIFY_THROWS_EXCEPTION(InputError, regimeMap(d, k, {}, {MapAxis::FreqGhz, 0, 1, 10, true},
                                                   {MapAxis::MemLd, 100, 500, 10, false}));
    QVERIFY_THROWS_EXCEPTION(InputError, regimeMap(d, k, {}, {MapAxis::FreqGhz, 1, 2, 10, false},
                                                   {MapAxis::FreqGhz, 1, 2, 10, false}));
    QVERIFY_THROWS_EXCEPTION(InputError, parseMapAxis("warp_count", "--x"));
    // Points outside the domain (0 computation and 0 memory instructions) are marked invalid.
    const RegimeMap m =
        regimeMap(d, kernel27(128, 80, 5, 0, 0), {}, {MapAxis::CoalMemInsts, 0, 4, 5, false},
                  {MapAxis::CompInsts, 0, 10, 3, false});
    QVERIFY(!m.at(0, 0).valid);
    QVERIFY(m.at(1, 0).valid);
}

// --- Presets, occupancy, bad input ---

void TestMwp::presetsLoad() {
    for (const auto& e : listProfiles("gpus")) {
        const GpuProfile g = loadMwpGpuProfile(e.id);
        const Device d = deviceOf(g);
        QVERIFY(d.nSm > 0);
        for (const auto& [key, q] : g.params) {
            QVERIFY2(!q.source.empty(), qPrintable(QString::fromStdString(e.id + ": " + key)));
        }
    }
    // One description per chip (issue 43): the thesis's 5 and its App. B K20c, the PPoPP'17 2,
    // today's 3, and the Pascal and Volta of issue 57's validation.
    QCOMPARE(listProfiles("gpus").size(), std::size_t(13));
    QVERIFY(hasPowerModel(loadMwpGpuProfile("gtx280")));
    QVERIFY(hasPowerModel(loadMwpGpuProfile("gtx580")));
    QVERIFY(!hasPowerModel(loadMwpGpuProfile("fx5600")));
    int kernels = 0;
    for (const auto& e : listProfiles("kernels")) {
        const KernelProfile kp = loadKernelProfile(e.id);
        for (const char* gpu : {"fx5600", "gtx280", "gtx580"}) {
            const Kernel k = kernelOf(kp, loadMwpGpuProfile(gpu));
            const auto r = evaluate(deviceOf(loadMwpGpuProfile(gpu)), k, {});
            QVERIFY2(r.execCycles > 0, qPrintable(QString::fromStdString(e.id)));
        }
        ++kernels;
    }
    QVERIFY(kernels >= 20); // Table 3 (13), Examples A, I, J (4), Fig. 117 (5)
    // The PPoPP'17 GPUs answer too (issue 43): their MWP-CWP values are estimates by the
    // family's rules, each labelled as such; Freq follows their clock.
    const GpuProfile maxwell = loadMwpGpuProfile("gtx980");
    QCOMPARE(deviceOf(maxwell).freqGhz, 1.216);
    for (const char* key : {"mem_ld_cycles", "departure_del_coal_cycles",
                            "departure_del_uncoal_cycles", "issue_cycles", "mem_bandwidth_gbs"}) {
        QCOMPARE(kindOf(maxwell.params.at(key)), std::string("estimated"));
    }
}

void TestMwp::occupancyHelper_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("regs");
    QTest::addColumn<double>("shared");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<QString>("limit");
    QTest::newRow("CC1.0 256 threads -> 3 (threads)")
        << QString("fx5600") << 256 << 0 << 0.0 << 3 << QString("threads");
    QTest::newRow("CC1.0 64 threads -> 8 (blocks)")
        << QString("fx5600") << 64 << 0 << 0.0 << 8 << QString("blocks");
    QTest::newRow("CC1.0 256 threads 16 regs -> 2 (registers)")
        << QString("fx5600") << 256 << 16 << 0.0 << 2 << QString("registers");
    QTest::newRow("CC1.0 3960 B shared -> 4 (shared)")
        << QString("fx5600") << 64 << 0 << 3960.0 << 4 << QString("shared_memory");
    QTest::newRow("CC1.0 1024 threads does not fit")
        << QString("fx5600") << 1024 << 0 << 0.0 << 0 << QString("block_too_large");
    QTest::newRow("CC2.0 256 threads -> 6 (N = 48)")
        << QString("gtx580") << 256 << 0 << 0.0 << 6 << QString("threads");
}

void TestMwp::occupancyHelper() {
    QFETCH(QString, gpu);
    QFETCH(int, threads);
    QFETCH(int, regs);
    QFETCH(double, shared);
    QFETCH(int, blocks);
    QFETCH(QString, limit);
    const auto o = occupancy(occupancyLimitsOf(loadMwpGpuProfile(gpu.toStdString())), threads,
                             regs ? std::optional<int>(regs) : std::nullopt,
                             shared > 0 ? std::optional<double>(shared) : std::nullopt);
    QCOMPARE(o.activeBlocks, blocks);
    QCOMPARE(QString::fromLatin1(name(o.limit).data()), limit);
}

void TestMwp::badInput_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("which");
    QTest::newRow("zero blocks") << QString("blocks") << 0;
    QTest::newRow("NaN frequency") << QString("freq_ghz") << 1;
    QTest::newRow("negative memory instructions") << QString("coal_mem_insts") << 2;
    QTest::newRow("no instructions") << QString("instructions") << 3;
    QTest::newRow("zero resident blocks") << QString("active_blocks_per_sm") << 4;
    QTest::newRow("more independent than memory requests") << QString("ind_mem_insts") << 5;
    QTest::newRow("uncoal_per_mw below 1") << QString("uncoal_per_mw") << 6;
    QTest::newRow("infinite bandwidth") << QString("mem_bandwidth_gbs") << 7;
}

void TestMwp::badInput() {
    QFETCH(QString, field);
    QFETCH(int, which);
    Device d = device("fx5600");
    Kernel k = kernel27(128, 80, 5, 6, 0);
    switch (which) {
    case 0:
        k.blocks = 0;
        break;
    case 1:
        d.freqGhz = std::nan("");
        break;
    case 2:
        k.coalMemInsts = -1;
        break;
    case 3:
        k.mix.other = 0;
        k.coalMemInsts = 0;
        break;
    case 4:
        k.activeBlocksPerSm = 0;
        break;
    case 5:
        k.indMemInsts = 7;
        break;
    case 6:
        k.uncoalPerMw = 0.5;
        break;
    case 7:
        d.bandwidthGbs = std::numeric_limits<double>::infinity();
        break;
    }
    try {
        (void)evaluate(d, k, {});
        QFAIL("accepted invalid input");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
    }
}

void TestMwp::missingParametersListed() {
    GpuProfile g = loadMwpGpuProfile("fx5600");
    try {
        (void)powerParamsOf(g);
        QFAIL("fx5600 has no power parameters");
    } catch (const InputError& e) {
        QVERIFY(QString(e.what()).contains("power_fp_w"));
        QVERIFY(QString(e.what()).contains("idle_power_w"));
        QVERIFY(QString(e.what()).contains("GTX 280"));
    }
    // A kernel profile without a launch is refused naming both keys.
    KernelProfile kp;
    kp.id = "empty";
    try {
        (void)kernelOf(kp, g);
        QFAIL("accepted a kernel without a launch");
    } catch (const InputError& e) {
        QVERIFY(QString(e.what()).contains("threads_per_block"));
        QVERIFY(QString(e.what()).contains("blocks"));
    }
    // Malformed kernel file content: unknown key and wrong unit.
    const auto bad = parseJson(R"({"id":"x","name":"x","params":{"fp_inst":{"value":1,
        "unit":"instructions","source":"s"}}})",
                               "bad.json");
    QVERIFY_THROWS_EXCEPTION(InputError, kernelProfileFromJson(bad, "bad.json"));
    const auto unit = parseJson(R"({"id":"x","name":"x","params":{"fp_insts":{"value":1,
        "unit":"ops","source":"s"}}})",
                                "unit.json");
    try {
        (void)kernelProfileFromJson(unit, "unit.json");
        QFAIL("accepted a wrong unit");
    } catch (const InputError& e) {
        QVERIFY(QString(e.what()).contains("instructions"));
    }
}

// ---------------------------------------------------------------------------------------------
// Typed edits: the kernel editor calls setKernelParameter; `--set KEY=VALUE` of cdx mwp/power
// (applyKernelOverride) parses VALUE and calls it. The same edit either way, the same profiles.

void TestMwp::typedKernelEditEqualsOverride_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text"); // VALUE as typed after --set
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("isNull");
    QTest::newRow("MSTR (Ch. V)") << "mstr"
                                  << "4" << 4.0 << false;
    QTest::newRow("ILP fractional") << "ilp"
                                    << "2.5" << 2.5 << false;
    QTest::newRow("blocks, large") << "blocks"
                                   << "1e6" << 1e6 << false;
    // 256 and 430 are Example I's own values (a value set back is not an edit, issue 55).
    QTest::newRow("threads per block") << "threads_per_block"
                                       << "128" << 128.0 << false;
    QTest::newRow("active_sms null = every SM") << "active_sms"
                                                << "null" << 0.0 << true;
    QTest::newRow("active_blocks_per_sm null = occupancy helper") << "active_blocks_per_sm"
                                                                  << "null" << 0.0 << true;
    QTest::newRow("mem_l_cycles study override") << "mem_l_cycles"
                                                 << "420" << 420.0 << false;
    QTest::newRow("GPU key n_sm goes to the GPU") << "n_sm"
                                                  << "20" << 20.0 << false;
    // 1.3 is the GTX 280's own value (a value set back is not an edit): another one.
    QTest::newRow("GPU key freq_ghz") << "freq_ghz"
                                      << "1.296" << 1.296 << false;
    QTest::newRow("GPU key power_l1_w null") << "power_l1_w"
                                             << "null" << 0.0 << true;
}

void TestMwp::typedKernelEditEqualsOverride() {
    QFETCH(QString, key);
    QFETCH(QString, text);
    QFETCH(double, value);
    QFETCH(bool, isNull);
    const std::string k = key.toStdString();
    const GpuProfile g0 = loadMwpGpuProfile("gtx280");
    const KernelProfile k0 = loadKernelProfile("example-i");
    GpuProfile gSet = g0, gTyped = g0;
    KernelProfile kSet = k0, kTyped = k0;
    applyKernelOverride(gSet, kSet, k + "=" + text.toStdString());
    setKernelParameter(gTyped, kTyped, k, isNull ? std::nullopt : std::optional<double>(value));
    QCOMPARE(snapshot(gTyped, kTyped), snapshot(gSet, kSet));
    const bool gpuKey = findParameterKey(k)->owner == ParameterOwner::Gpu;
    // Freq is the clock in GHz (issue 43): typed, it edits clock_mhz, which it follows.
    const bool viaClock = k == "freq_ghz";
    const Quantity& q = viaClock ? gTyped.params.at("clock_mhz")
                        : gpuKey ? gTyped.params.at(k)
                                 : kTyped.params.at(k);
    QVERIFY(q.edited);
    QCOMPARE(q.source, std::string("set by user"));
    QCOMPARE(q.value.has_value(), !isNull);
    if (!isNull) {
        QCOMPARE(*q.value, viaClock ? value * 1000 : value);
    }
    if (viaClock) {
        QCOMPARE(*gTyped.params.at(k).value, value);
        QCOMPARE(gTyped.params.at(k).rule, std::string("clock_mhz / 1000"));
    }
    // The other profile is untouched.
    QCOMPARE(gpuKey ? toJson(kTyped) : toJson(gTyped), gpuKey ? toJson(k0) : toJson(g0));
}

void TestMwp::typedKernelEditRefused_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("isNull");
    QTest::addColumn<QString>("allowed"); // part of the message
    QTest::newRow("MSTR below 1") << "mstr" << 0.0 << false << "a finite number in [1, 1024]";
    QTest::newRow("NaN ILP") << "ilp" << kNaN << false << "a finite number in (0, 1024]";
    QTest::newRow("inf blocks") << "blocks" << kInf << false << "an integer";
    QTest::newRow("-inf FP instructions")
        << "fp_insts" << -kInf << false << "a finite number in [0, 1e+15]";
    QTest::newRow("negative FP instructions") << "fp_insts" << -1.0 << false << "[0, 1e+15]";
    QTest::newRow("half a thread") << "threads_per_block" << 0.5 << false << "an integer";
    QTest::newRow("threads per block above 2^20")
        << "threads_per_block" << 2097152.0 << false << "[1, 1048576]";
    QTest::newRow("null blocks (not nullable)") << "blocks" << 0.0 << true << "an integer";
    QTest::newRow("GPU key out of range") << "n_sm" << -1.0 << false << "[1, 1048576]";
    QTest::newRow("stencil key") << "c_iter_s" << 1.0 << false << "is a stencil key";
    QTest::newRow("unknown key") << "warps" << 4.0 << false << "unknown key; GPU keys: n_sm";
}

void TestMwp::typedKernelEditRefused() {
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(bool, isNull);
    QFETCH(QString, allowed);
    const std::string k = key.toStdString();
    const GpuProfile g0 = loadMwpGpuProfile("gtx280");
    const KernelProfile k0 = loadKernelProfile("example-i");
    GpuProfile gSet = g0, gTyped = g0;
    KernelProfile kSet = k0, kTyped = k0;
    const auto e = kernelEditBothWays(gTyped, kTyped, gSet, kSet, k,
                                      isNull ? std::nullopt : std::optional<double>(value));
    QVERIFY(e.typed && e.set);
    const QString msg = QString::fromUtf8(e.typed->what());
    QVERIFY2(msg.startsWith(key), qPrintable(msg)); // names the key first, no "--set"
    QVERIFY2(msg.contains(allowed), qPrintable(msg));
    QCOMPARE(e.set->allowed(), e.typed->allowed());
    const ParameterKey* pk = findParameterKey(k);
    if (pk && pk->owner != ParameterOwner::Stencil) {
        QCOMPARE(e.typed->field(), k);
        QCOMPARE(e.typed->value(), isNull ? std::string("null") : formatNumber(value));
        QCOMPARE(std::string(e.set->what()), "--set " + std::string(e.typed->what()));
    } else {
        QCOMPARE(e.set->field(), "--set " + k);
    }
    QCOMPARE(snapshot(gTyped, kTyped), snapshot(g0, k0));
    QCOMPARE(snapshot(gSet, kSet), snapshot(g0, k0));
}

// Property: for every kernel key of the table, values on each side of its bounds, NaN, +-inf
// and null behave as the table says, typed and through --set alike; refusals change nothing.
void TestMwp::everyKernelKeyTypedEqualsOverride() {
    const GpuProfile g0 = loadMwpGpuProfile("gtx280");
    const KernelProfile k0 = loadKernelProfile("example-i");
    int keysChecked = 0;
    int keysInTable = 0;
    int editsChecked = 0;
    for (const ParameterKey& k : parameterKeys()) {
        if (k.owner != ParameterOwner::Kernel) {
            continue;
        }
        ++keysInTable;
        const std::string key(k.key);
        std::vector<std::pair<std::optional<double>, bool>> cases; // value, accepted
        cases.emplace_back(k.minExclusive ? k.min + 0.5 : k.min, true);
        cases.emplace_back(k.minExclusive ? k.min : k.min - (k.integer ? 1.0 : 1e-9), false);
        if (std::isfinite(k.max)) {
            cases.emplace_back(k.max, true);
            cases.emplace_back(k.integer ? k.max + 1 : k.max * (1 + 1e-9), false);
        }
        if (k.integer) {
            cases.emplace_back(k.min + 1.5, false);
        }
        cases.emplace_back(kNaN, false);
        cases.emplace_back(kInf, false);
        cases.emplace_back(-kInf, false);
        cases.emplace_back(std::nullopt, k.nullable);
        for (const auto& [value, accepted] : cases) {
            GpuProfile gSet = g0, gTyped = g0;
            KernelProfile kSet = k0, kTyped = k0;
            const auto e = kernelEditBothWays(gTyped, kTyped, gSet, kSet, key, value);
            const std::string what =
                key + " = " + (value ? formatNumber(*value) : std::string("null"));
            QVERIFY2(e.typed.has_value() == !accepted, what.c_str());
            QVERIFY2(e.set.has_value() == !accepted, what.c_str());
            QCOMPARE(snapshot(gTyped, kTyped), snapshot(gSet, kSet));
            if (accepted) {
                QVERIFY2(kTyped.params.at(key).edited, what.c_str());
                QCOMPARE(toJson(gTyped), toJson(g0));
            } else {
                QCOMPARE(snapshot(gTyped, kTyped), snapshot(g0, k0));
                QCOMPARE(e.typed->field(), key);
                QVERIFY2(std::string(e.set->what()) == "--set " + std::string(e.typed->what()),
                         e.set->what());
            }
            ++editsChecked;
        }
        ++keysChecked;
    }
    QCOMPARE(keysChecked, keysInTable);
    QVERIFY(keysChecked >= 30); // the kernel keys when this test was written
    QVERIFY(editsChecked >= 7 * keysChecked);
}

QTEST_APPLESS_MAIN(TestMwp)
#include "test_mwp.moc"
