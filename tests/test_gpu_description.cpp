// SPDX-License-Identifier: GPL-3.0-or-later
// One chip, one description (issue 43): the GPU file's kinds and rules, the families'
// estimates, the migration of every shipped profile, deriving a GPU of one's own.
#include "eatss/eatss_model.hpp"
#include "energy/energy_gpu.hpp"
#include "energy/energy_profiles.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profile_label.hpp"
#include "params/profiles.hpp"
#include "search/tile_search.hpp"
#include "search/workload.hpp"
#include "session/session.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <clocale>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

using namespace cdx;

class TestGpuDescription : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void shippedValues_data();
    void shippedValues();
    void everyShippedGpuIsOneFileForEveryFamily();
    void everyValueHasAKind();
    void rulesParse_data();
    void rulesParse();
    void halvingTheClockDoublesEveryClockRule();
    void typedValueStaysAsTyped();
    void freqEditsTheClock();
    void reviewFindings();
    void rulesIgnoreTheLocale();
    void eatssOnAnyGpu();
    void ruleCycleAndRangeRefused();
    void familiesEstimateWhatIsMissing();
    void deriveWritesEveryValue();
    void derivedEqualsSetOnItsParent();
    void sessionsKeepTheirValues();
    void refusalsNameTheFieldInWindowWords();
    void kindCounts();
    void energyCoefficientsAreTheK20csBlock();
    void bothWorkspacesShareOneChip();
    void clearedValueReadsUnknown();

private:
    QTemporaryDir home_;
};

void TestGpuDescription::initTestCase() {
    QVERIFY(home_.isValid());
    setUserProfileFolder(std::filesystem::path(home_.path().toStdString()) / "profiles");
}

void TestGpuDescription::cleanupTestCase() {
    setUserProfileFolder({});
}

// Values the descriptions must give exactly as the papers and docs/model.md print or derive them.
void TestGpuDescription::shippedValues_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("expected");
    QTest::addColumn<QString>("kind");
    QTest::newRow("PPoPP'17 Table 2: GTX 980 n_sm") << "gtx980"
                                                    << "n_sm" << 16.0 << "published";
    QTest::newRow("PPoPP'17 Table 3: GTX 980 tau_sync") << "gtx980"
                                                        << "tau_sync_s" << 7.96e-10 << "published";
    QTest::newRow("PPoPP'17 Table 4: GTX 980 C_iter Heat 2D")
        << "gtx980"
        << "c_iter_s.heat2d" << 3.68e-8 << "published";
    QTest::newRow("PPoPP'17 Table 4: Titan X C_iter Jacobi 2D")
        << "titanx"
        << "c_iter_s.jacobi2d" << 3.83e-8 << "published";
    QTest::newRow("thesis Table 2: GTX 280 Freq 1.3 GHz") << "gtx280"
                                                          << "freq_ghz" << 1.3 << "published";
    QTest::newRow("thesis Table 5: GTX 280 Mem_LD") << "gtx280"
                                                    << "mem_ld_cycles" << 450.0 << "published";
    QTest::newRow("thesis Table 14: GTX 580 Freq 1.544 GHz") << "gtx580"
                                                             << "freq_ghz" << 1.544 << "published";
    QTest::newRow("model.md: H100 tau_sync = 7.96e-10 x 1216/1980")
        << "h100-sxm5"
        << "tau_sync_s" << 7.96e-10 * 1216 / 1980 << "estimated";
    QTest::newRow("model.md: H100 L = 1 / (3350 x 1942/2000)")
        << "h100-sxm5"
        << "l_s_per_gb" << 1 / (3350.0 * 1942 / 2000) << "estimated";
    QTest::newRow("model.md: H100 Mem_LD = 656.8 x 1980/1755 (h800_pcie.txt)")
        << "h100-sxm5"
        << "mem_ld_cycles" << 656.8 * 1980 / 1755 << "estimated";
    QTest::newRow("model.md: RTX 4090 C_iter Heat 2D = 3.68e-8 x 1216/2520")
        << "rtx4090"
        << "c_iter_s.heat2d" << 3.68e-8 * 1216 / 2520 << "estimated";
    QTest::newRow("model.md: A100 issue cycles = 32 / 64") << "a100-sxm4"
                                                           << "issue_cycles" << 0.5 << "estimated";
    QTest::newRow("codesign.md: H100 L1 per pair = 2 x (256 - 228)")
        << "h100-sxm5"
        << "l1_pair_kb" << 56.0 << "estimated";
    QTest::newRow("H100 whitepaper: GH100 814 mm2") << "h100-sxm5"
                                                    << "die_area_mm2" << 814.0 << "vendor";
    QTest::newRow("H100 whitepaper: Freq follows the 1980 MHz clock")
        << "h100-sxm5"
        << "freq_ghz" << 1.98 << "vendor";
    // Estimated by a family's rule where the file has none (issue 43, "any GPU in any workspace")
    QTest::newRow("GTX 280 Talg tau_sync by the GTX 980's cycles")
        << "gtx280"
        << "tau_sync_s" << 7.96e-10 * 1216 / 1300 << "estimated";
    QTest::newRow("GTX 280 Talg C_iter Heat 2D by the GTX 980's cycles")
        << "gtx280"
        << "c_iter_s.heat2d" << 3.68e-8 * 1216 / 1300 << "estimated";
    QTest::newRow("GTX 280 L = 1 / 141.7 GB/s") << "gtx280"
                                                << "l_s_per_gb" << 1 / 141.7 << "estimated";
    QTest::newRow("GTX 980 MWP-CWP issue cycles = 32 / 128")
        << "gtx980"
        << "issue_cycles" << 0.25 << "estimated";
    QTest::newRow("GTX 980 MWP-CWP bandwidth = 1 / L")
        << "gtx980"
        << "mem_bandwidth_gbs" << 1 / 0.00736 << "estimated";
    QTest::newRow("thesis App. B Table B.2: K20c P_stat (Model A)")
        << "k20c"
        << "p_stat_w" << 48.0 << "published";
    QTest::newRow("thesis App. B Table B.2: K20c e_gs (Model A)")
        << "k20c"
        << "e_gs_j" << 2.2e-9 << "published";
    QTest::newRow("Tesla K20 board spec: K20c 13 SMX") << "k20c"
                                                       << "n_sm" << 13.0 << "vendor";
    QTest::newRow("K20c Talg tau_sync by the GTX 980's cycles at 706 MHz")
        << "k20c"
        << "tau_sync_s" << 7.96e-10 * 1216 / 706 << "estimated";
}

void TestGpuDescription::shippedValues() {
    QFETCH(QString, gpu);
    QFETCH(QString, key);
    QFETCH(double, expected);
    QFETCH(QString, kind);
    const GpuProfile g = loadGpuProfile(gpu.toStdString());
    const std::string k = key.toStdString();
    const Quantity& q =
        k.rfind("c_iter_s.", 0) == 0 ? g.cIterByStencil.at(k.substr(9)) : g.params.at(k);
    QVERIFY(q.value.has_value());
    QCOMPARE(*q.value, expected); // bit for bit: a rule computes what its text says
    QCOMPARE(QString::fromStdString(kindOf(q)), kind);
}

// `cdx profiles --json` lists each chip once; every family's loader reads the same file.
void TestGpuDescription::everyShippedGpuIsOneFileForEveryFamily() {
    std::size_t checked = 0;
    for (const auto& e : listProfiles("gpus")) {
        const GpuProfile talg = loadGpuProfile(e.id);
        const GpuProfile mwp = loadMwpGpuProfile(e.id);
        QCOMPARE(toJson(talg).dump(), toJson(mwp).dump());
        // Talg answers for every shipped GPU (the thesis's old devices by estimates).
        const Gpu g = toGpu(talg);
        QVERIFY(g.tauSyncSeconds > 0);
        const Stencil s = toStencil(loadStencilProfile("heat2d"), talg);
        QVERIFY(s.cIterSeconds > 0);
        ++checked;
    }
    QCOMPARE(checked, std::size_t(13)); // with the P100 and V100 of issue 57
    QVERIFY(listProfiles("mwp-gpus").empty());
}

void TestGpuDescription::everyValueHasAKind() {
    std::size_t values = 0;
    for (const auto& e : listProfiles("gpus")) {
        const nlohmann::json j = parseJson(readText(e.path), e.path.string());
        QVERIFY2(j.contains("facts"), e.path.c_str());
        QVERIFY(!j.contains("params"));
        const GpuProfile g = readGpuProfileAsWritten(e.path);
        for (const auto* m : {&g.params, &g.cIterByStencil}) {
            for (const auto& [key, q] : *m) {
                QVERIFY2(isValueKind(q.kind), (e.id + ": " + key).c_str());
                QVERIFY2(!q.source.empty(), (e.id + ": " + key).c_str());
                ++values;
            }
        }
    }
    QVERIFY(values > 250);
}

void TestGpuDescription::rulesParse_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("valid");
    QTest::newRow("clock rule") << "7.96e-10 * 1216 / clock_mhz" << true;
    QTest::newRow("parentheses") << "2 * max(0, l1_shared_kb - m_sm_kb)" << true;
    QTest::newRow("min max") << "min(m_sm_kb, max(48, m_tb_kb))" << true;
    QTest::newRow("c_iter of a stencil with a dash") << "c_iter_s.my-stencil * 2" << true;
    QTest::newRow("subtraction without spaces") << "clock_mhz-1" << true;
    QTest::newRow("unknown name") << "clock_ghz * 2" << false;
    QTest::newRow("kernel key") << "threads_per_block * 2" << false;
    QTest::newRow("unbalanced") << "(clock_mhz" << false;
    QTest::newRow("dangling operator") << "clock_mhz *" << false;
    QTest::newRow("empty operand") << "" << false;
    QTest::newRow("too deep") << QString(70, '(') + "1" + QString(70, ')') << false;
    QTest::newRow("number too large") << "1e400" << false;
}

void TestGpuDescription::rulesParse() {
    QFETCH(QString, rule);
    QFETCH(bool, valid);
    if (valid) {
        (void)ruleInputs(rule.toStdString());
    } else {
        QVERIFY_THROWS_EXCEPTION(InputError, ruleInputs(rule.toStdString()));
    }
}

// Property: over random clocks, every value whose rule follows clock_mhz scales as 1/clock
// (tau_sync, every C_iter) or as clock (Mem_LD, Freq), and a typed value never moves.
void TestGpuDescription::halvingTheClockDoublesEveryClockRule() {
    std::mt19937 rng(43);
    std::uniform_real_distribution<double> clock(200, 4000);
    std::size_t checked = 0;
    for (const char* id : {"h100-sxm5", "a100-sxm4", "rtx4090", "gtx280", "gtx980"}) {
        GpuProfile g = loadGpuProfile(id);
        setGpuParameter(g, "c_iter_s.heat3d", 1.5e-7); // typed: must stay
        for (int i = 0; i < 20; ++i) {
            const double c = std::round(clock(rng));
            setGpuParameter(g, "clock_mhz", c);
            const GpuProfile before = g;
            setGpuParameter(g, "clock_mhz", c / 2);
            for (const auto& name : followersOf(before, "clock_mhz")) {
                const bool cIter = name.rfind("c_iter_s.", 0) == 0;
                const Quantity& a =
                    cIter ? before.cIterByStencil.at(name.substr(9)) : before.params.at(name);
                const Quantity& b = cIter ? g.cIterByStencil.at(name.substr(9)) : g.params.at(name);
                QVERIFY(a.value && b.value);
                const bool inverse = name == "tau_sync_s" || cIter;
                const double ratio = *b.value / *a.value;
                QVERIFY2(std::abs(ratio - (inverse ? 2.0 : 0.5)) < 1e-12, name.c_str());
                ++checked;
            }
            QCOMPARE(*g.cIterByStencil.at("heat3d").value, 1.5e-7);
            QCOMPARE(kindOf(g.cIterByStencil.at("heat3d")), std::string("yours"));
        }
    }
    QVERIFY(checked > 500);
}

void TestGpuDescription::typedValueStaysAsTyped() {
    GpuProfile g = loadGpuProfile("h100-sxm5");
    setGpuParameter(g, "tau_sync_s", 5e-10);
    QVERIFY(g.params.at("tau_sync_s").rule.empty());
    setGpuParameter(g, "clock_mhz", 1000);
    QCOMPARE(*g.params.at("tau_sync_s").value, 5e-10);
    // Typing the shipped value back at another clock is still the typed value, not the rule.
    GpuProfile h = loadGpuProfile("h100-sxm5");
    const double shipped = *h.params.at("tau_sync_s").value;
    setGpuParameter(h, "clock_mhz", 1000);
    setGpuParameter(h, "tau_sync_s", shipped);
    QCOMPARE(*h.params.at("tau_sync_s").value, shipped);
    // Typed over a rule, even the number the rule gives is the user's: it stays when the clock
    // moves (the review's issue_cycles case).
    GpuProfile k = loadGpuProfile("h100-sxm5");
    setGpuParameter(k, "tau_sync_s", shipped);
    QVERIFY(k.params.at("tau_sync_s").rule.empty());
    QCOMPARE(kindOf(k.params.at("tau_sync_s")), std::string("yours"));
    setGpuParameter(k, "clock_mhz", 990);
    QCOMPARE(*k.params.at("tau_sync_s").value, shipped);
    // A plain value set back is the profile's again (issue 28).
    GpuProfile m = loadGpuProfile("gtx980");
    setGpuParameter(m, "n_sm", 20);
    setGpuParameter(m, "n_sm", 16);
    QVERIFY(!m.params.at("n_sm").edited);
    QCOMPARE(kindOf(m.params.at("n_sm")), std::string("published"));
}

// What a review found (issue 43): a cleared value survives a reload; the unified array's L1
// never goes negative; a typo in a stencil id or a stencil key in derive is refused; a fact no
// value of the command follows is refused, not ignored; a conversion's kind follows its fact.
void TestGpuDescription::reviewFindings() {
    const auto j =
        deriveGpuProfile(loadGpuProfile("h100-sxm5"), "cleared", "", {"c_iter_s.heat2d=null"});
    saveUserProfile("gpus", j, true);
    const GpuProfile cleared = loadGpuProfile("cleared");
    QVERIFY(!cleared.cIterByStencil.at("heat2d").value);
    QCOMPARE(kindOf(cleared.cIterByStencil.at("heat2d")), std::string("yours"));

    GpuProfile h = loadGpuProfile("h100-sxm5");
    StencilProfile heat = loadStencilProfile("heat2d");
    applyOverride(h, heat, h.id, "m_sm_kb=300", talgModelKeys());
    QCOMPARE(*h.params.at("l1_pair_kb").value, 0.0);
    QVERIFY_THROWS_EXCEPTION(InputError, applyOverride(h, heat, h.id, "c_iter_s.nosuch=1e-9"));
    QVERIFY_THROWS_EXCEPTION(
        InputError, deriveGpuProfile(loadGpuProfile("h100-sxm5"), "x1", "", {"flops_per_point=3"}));
    GpuProfile maxwell = loadGpuProfile("gtx980");
    try {
        applyOverride(maxwell, heat, maxwell.id, "mem_bandwidth_gbs=50", talgModelKeys());
        QFAIL("a bandwidth no Talg value follows on the GTX 980 was taken");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("--set mem_bandwidth_gbs"));
        QVERIFY(std::string(e.what()).find("l_s_per_gb") != std::string::npos);
    }
    GpuProfile clocked = loadGpuProfile("h100-sxm5");
    QCOMPARE(kindOf(clocked.params.at("freq_ghz")), std::string("vendor"));
    setGpuParameter(clocked, "clock_mhz", 1500);
    QCOMPARE(kindOf(clocked.params.at("freq_ghz")), std::string("yours"));
}

// EATSS on any GPU (issue 43): the artifact's devices as they are, a description's parameters
// estimated from its facts and named so.
void TestGpuDescription::eatssOnAnyGpu() {
    const eatss::Gpu artifact = eatss::loadGpu("a100");
    QVERIFY(artifact.estimated.empty());
    QCOMPARE(artifact.caps, (std::vector<double>{0, 0.125, 0.25}));
    const eatss::Gpu h = eatss::loadGpu("h100-sxm5");
    QCOMPARE(h.l1SharedBytes, std::int64_t(256 * 1024));
    QCOMPARE(h.l2Bytes, std::int64_t(51200) * 1024);
    QCOMPARE(h.sms, std::int64_t(132));
    QCOMPARE(h.sharedPerBlockBytes, std::int64_t(49152));
    QCOMPARE(h.caps, (std::vector<double>{0, 0.125, 0.1875}));
    QVERIFY(h.estimated.find("h100-sxm5") != std::string::npos);
    // The GTX 980 has shared memory and L1 apart: 96 KB + 48 KB / 2 per SM.
    QCOMPARE(eatss::loadGpu("gtx980").l1SharedBytes, std::int64_t(120 * 1024));
    // Its largest cap (48 KB of the 256 KB array) fits the 48 KB per block; the default split
    // 0.25 (64 KB) is refused as the artifact refuses it.
    eatss::Options o;
    o.split = h.caps.back();
    const auto f = eatss::formulate(eatss::loadProgram("gemm"), h, o);
    o.split = 0.25;
    QVERIFY_THROWS_EXCEPTION(InputError, eatss::formulate(eatss::loadProgram("gemm"), h, o));
    QVERIFY(eatss::solveExact(f).feasible);
    QVERIFY_THROWS_EXCEPTION(InputError, eatss::loadGpu("nosuch-gpu"));
}

// Rules are read in the C locale whatever the user's (a decimal comma refused every rule).
void TestGpuDescription::rulesIgnoreTheLocale() {
    const char* before = std::setlocale(LC_NUMERIC, nullptr);
    const std::string saved = before ? before : "C";
    bool found = false;
    for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"}) {
        if (std::setlocale(LC_NUMERIC, name)) {
            found = true;
            break;
        }
    }
    if (!found) {
        QSKIP("no locale with a decimal comma is installed");
    }
    const GpuProfile g = loadGpuProfile("h100-sxm5");
    std::setlocale(LC_NUMERIC, saved.c_str());
    QCOMPARE(*g.params.at("tau_sync_s").value, 7.96e-10 * 1216 / 1980);
}

// The MWP-CWP H100 of the issue: Freq 1.98 -> 1.755 GHz moves Mem_LD with it (the same
// nanoseconds), because Freq is the clock in other units.
void TestGpuDescription::freqEditsTheClock() {
    GpuProfile g = loadGpuProfile("h100-sxm5");
    setGpuParameter(g, "freq_ghz", 1.755);
    QCOMPARE(*g.params.at("clock_mhz").value, 1755.0);
    QCOMPARE(*g.params.at("freq_ghz").value, 1.755);
    QCOMPARE(*g.params.at("mem_ld_cycles").value, 656.8 * 1755 / 1755);
    QCOMPARE(*g.params.at("tau_sync_s").value, 7.96e-10 * 1216 / 1755);
    // A Freq the clock cannot hold exactly is kept as typed, as yours.
    setGpuParameter(g, "freq_ghz", 1.23456789012345);
    QCOMPARE(*g.params.at("freq_ghz").value, 1.23456789012345);
    QCOMPARE(kindOf(g.params.at("freq_ghz")), std::string("yours"));
}

void TestGpuDescription::ruleCycleAndRangeRefused() {
    GpuProfile g = loadGpuProfile("h100-sxm5");
    g.params["clock_mhz"].rule = "tau_sync_s * 1e12";
    QVERIFY_THROWS_EXCEPTION(InputError, rederive(g));
    GpuProfile h = loadGpuProfile("h100-sxm5");
    // A clock that makes a derived value leave its range refuses the edit and keeps the GPU.
    const GpuProfile before = h;
    h.params["mem_ld_cycles"].rule = "clock_mhz * 1e6";
    QVERIFY_THROWS_EXCEPTION(InputError, rederive(h));
    GpuProfile k = before;
    QVERIFY_THROWS_EXCEPTION(InputError, setGpuParameter(k, "mem_spec_gbs", 0));
    QCOMPARE(toJson(k).dump(), toJson(before).dump());
}

// A file without a family's constants: the family estimates them, labelled, from the facts.
void TestGpuDescription::familiesEstimateWhatIsMissing() {
    nlohmann::json j = {
        {"id", "bare"},
        {"name", "Bare chip"},
        {"facts",
         {{"n_sm", {{"value", 10}, {"unit", "count"}, {"kind", "yours"}, {"source", "t"}}},
          {"n_v", {{"value", 64}, {"unit", "count"}, {"kind", "yours"}, {"source", "t"}}},
          {"clock_mhz", {{"value", 1000}, {"unit", "MHz"}, {"kind", "yours"}, {"source", "t"}}},
          {"mem_spec_gbs", {{"value", 500}, {"unit", "GB/s"}, {"kind", "yours"}, {"source", "t"}}},
          {"m_sm_kb", {{"value", 64}, {"unit", "KB"}, {"kind", "yours"}, {"source", "t"}}},
          {"m_tb_kb", {{"value", 48}, {"unit", "KB"}, {"kind", "yours"}, {"source", "t"}}},
          {"r_sm", {{"value", 65536}, {"unit", "registers"}, {"kind", "yours"}, {"source", "t"}}},
          {"mtb_sm", {{"value", 16}, {"unit", "count"}, {"kind", "yours"}, {"source", "t"}}}}}};
    const GpuProfile g = gpuProfileFromJson(j, "bare.json", true);
    QCOMPARE(*g.params.at("mem_bandwidth_gbs").value, 500.0);
    QCOMPARE(*g.params.at("l_s_per_gb").value, 1 / 500.0);
    QCOMPARE(*g.params.at("tau_sync_s").value, 7.96e-10 * 1216 / 1000);
    QCOMPARE(*g.params.at("r_vu_kb").value, 4.0);
    QCOMPARE(*g.params.at("issue_cycles").value, 0.5);
    QCOMPARE(*g.cIterByStencil.at("jacobi2d").value, 3.39e-8 * 1216 / 1000);
    QVERIFY(!g.cIterByStencil.contains("jacobi1d")); // no published C_iter, no rule
    QVERIFY(!g.params.contains("l1_pair_kb"));       // no unified array given, no rule
    for (const char* k : {"l_s_per_gb", "tau_sync_s", "t_sync_s", "issue_cycles"}) {
        QCOMPARE(kindOf(g.params.at(k)), std::string("estimated"));
        QVERIFY(g.params.at(k).source.rfind("estimate: ", 0) == 0);
    }
    // A description without a kind is refused naming the value.
    j["facts"]["n_sm"].erase("kind");
    QVERIFY_THROWS_EXCEPTION(InputError, gpuProfileFromJson(j, "bare.json", true));
}

void TestGpuDescription::deriveWritesEveryValue() {
    const GpuProfile base = loadGpuProfile("h100-sxm5");
    const auto j = deriveGpuProfile(base, "my-h100", "", {"n_sm=144", "clock_mhz=1755"});
    const auto path = saveUserProfile("gpus", j, true);
    const GpuProfile mine = loadGpuProfile("my-h100");
    QCOMPARE(mine.name, base.name + " (derived)");
    QCOMPARE(*mine.params.at("n_sm").value, 144.0);
    QCOMPARE(kindOf(mine.params.at("n_sm")), std::string("yours"));
    QCOMPARE(mine.params.at("n_sm").source, std::string("edited from h100-sxm5 (was 132)"));
    QCOMPARE(mine.cIterByStencil.size(), base.cIterByStencil.size());
    // Its clock rules follow its own clock.
    QCOMPARE(*mine.params.at("tau_sync_s").value, 7.96e-10 * 1216 / 1755);
    QCOMPARE(*mine.cIterByStencil.at("heat2d").value, 3.68e-8 * 1216 / 1755);
    QVERIFY(!mine.params.at("tau_sync_s").rule.empty());
    // Every family answers for it.
    (void)toGpu(mine);
    (void)toStencil(loadStencilProfile("laplacian3d"), mine);
    QVERIFY(std::filesystem::exists(path));
    // An id of a shipped GPU is refused, naming the field.
    try {
        (void)deriveGpuProfile(base, "gtx980", "", {});
        QFAIL("a shipped id was accepted");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("id"));
    }
}

// `cdx optimize --gpu my-h100` equals `--gpu h100-sxm5 --set n_sm=144 --set clock_mhz=1755`.
void TestGpuDescription::derivedEqualsSetOnItsParent() {
    const auto j = deriveGpuProfile(loadGpuProfile("h100-sxm5"), "my-h100b", "Mine",
                                    {"n_sm=144", "clock_mhz=1755"});
    saveUserProfile("gpus", j, true);
    GpuProfile set = loadGpuProfile("h100-sxm5");
    StencilProfile heat = loadStencilProfile("heat2d");
    applyOverride(set, heat, set.id, "n_sm=144", talgModelKeys());
    applyOverride(set, heat, set.id, "clock_mhz=1755", talgModelKeys());
    const GpuProfile mine = loadGpuProfile("my-h100b");
    const talg::Problem p{2, {4096, 4096, 0}, 1024};
    const auto a = search::searchTiles(toStencil(heat, mine), p, toGpu(mine), {});
    const auto b = search::searchTiles(toStencil(heat, set), p, toGpu(set), {});
    QVERIFY(a.found && b.found);
    QCOMPARE(a.best.tAlg, b.best.tAlg);
    QCOMPARE(a.best.tiles.space, b.best.tiles.space);
    QCOMPARE(a.best.tiles.time, b.best.tiles.time);
}

// Sessions of formats 1 and 2 embed the older flat GPU: they open with their values unchanged.
void TestGpuDescription::sessionsKeepTheirValues() {
    SessionState s = defaultSession();
    nlohmann::json j = nlohmann::json::parse(sessionToJson(s));
    QVERIFY(j["gpu"].contains("facts"));
    // The same session as an older file wrote it: flat params, C_iter in the stencil.
    nlohmann::json old = j;
    nlohmann::json params = nlohmann::json::object();
    for (const auto& block : {"facts", "talg", "area", "mwp"}) {
        for (const auto& [k, v] : j["gpu"][block].items()) {
            if (k == "c_iter_s") {
                continue;
            }
            nlohmann::json q = v;
            q.erase("kind");
            q.erase("rule");
            params[k] = q;
        }
    }
    old["gpu"] = {{"id", "gtx980"}, {"name", s.gpu.name}, {"params", params}};
    old["stencil"]["c_iter_s"] = {
        {"gtx980",
         {{"value", 4.2e-8}, {"unit", "s"}, {"source", "set by user"}, {"edited", true}}}};
    old["version"] = 1;
    const SessionState back = sessionFromJson(old.dump(), "old.cdx.json");
    QCOMPARE(back.modelStencil().cIterSeconds, 4.2e-8); // the session's own edit
    QCOMPARE(back.modelGpu().tauSyncSeconds, 7.96e-10);
    // The other stencils' C_iter, which the stencil files gave before issue 43, come from the
    // shipped GTX 980 (a workload needs them: issue 44); the session's own edit still wins.
    QCOMPARE(back.gpu.cIterByStencil.size(), loadGpuProfile("gtx980").cIterByStencil.size());
    QCOMPARE(*back.gpu.cIterByStencil.at("laplacian3d").value, 1.36e-7);
    QCOMPARE(kindOf(back.gpu.cIterByStencil.at("laplacian3d")), std::string("published"));
    QVERIFY(search::loadWorkload("thesis", back.gpu).items.size() > 0);
}

void TestGpuDescription::refusalsNameTheFieldInWindowWords() {
    // No C_iter of Jacobi 1D anywhere: the refusal names c_iter_s and the editor's field.
    try {
        (void)toStencil(loadStencilProfile("jacobi1d"), loadGpuProfile("h100-sxm5"));
        QFAIL("no C_iter was accepted");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("c_iter_s"));
        QVERIFY(std::string(e.what()).find("--set") == std::string::npos);
        QVERIFY(std::string(e.what()).find("C_iter") != std::string::npos);
    }
    GpuProfile g = loadGpuProfile("gtx280");
    g.params.erase("l1_pair_kb");
    g.params.erase("l1_shared_kb");
    try {
        (void)toJson(g);
        GpuProfile copy = g;
        copy.params.erase("r_vu_kb");
        copy.params.erase("r_sm");
        rederive(copy);
        QVERIFY(!copy.params.contains("r_vu_kb"));
    } catch (const InputError&) {
        QFAIL("rederive refused a GPU without area values");
    }
}

void TestGpuDescription::kindCounts() {
    const GpuProfile g = loadGpuProfile("h100-sxm5");
    const auto tally = kindTally(g);
    QVERIFY(tally.at("vendor") > 10);
    QVERIFY(tally.at("estimated") > 10);
    QCOMPARE(tally.count("yours"), std::size_t(0));
    GpuProfile e = g;
    setGpuParameter(e, "n_sm", 100);
    QCOMPARE(cdx::kindCounts(e, {"yours"}), std::string("1 yours"));
    QVERIFY(cdx::kindCounts(e).find("estimated") != std::string::npos);
}

// The K20c's energy coefficients are a block of its description (issue 43 item 1): k20c-a
// reads them from there, a GPU derived from the K20c carries them with the user's edits, and a
// chip without them is refused naming the energy block.
void TestGpuDescription::energyCoefficientsAreTheK20csBlock() {
    const GpuProfile k20c = loadGpuProfile("k20c");
    QVERIFY(energy::hasEnergyCoefficients(k20c));
    const auto a = energy::loadEnergyProfile("k20c-a");
    const auto viaGpu = energy::loadEnergyProfile("k20c");
    int compared = 0;
    for (const auto& [key, q] : a.params) {
        QVERIFY2(q.value.has_value(), key.c_str());
        QCOMPARE(*q.value, *k20c.params.at(key).value);
        QCOMPARE(*q.value, *viaGpu.params.at(key).value);
        ++compared;
    }
    QCOMPARE(compared, 10); // 7 coefficients and 3 stated errors
    QCOMPARE(a.id, std::string("k20c-a"));
    QCOMPARE(a.method, std::string("micro-benchmark"));
    // Model B stays a fitted set of its own, not the chip's block.
    QCOMPARE(*energy::loadEnergyProfile("k20c-b").params.at("p_stat_w").value, 53.0);

    // A GPU of the user's derived from the K20c: its typed P_stat is its own, the rest follows.
    const auto j = deriveGpuProfile(k20c, "my-k20c", "", {"p_stat_w=40"});
    saveUserProfile("gpus", j, true);
    const auto mine = energy::loadEnergyProfile("my-k20c");
    QCOMPARE(*mine.params.at("p_stat_w").value, 40.0);
    QCOMPARE(kindOf(mine.params.at("p_stat_w")), std::string("yours"));
    QCOMPARE(*mine.params.at("e_gs_j").value, 2.2e-9);
    const auto ids = energy::gpusWithEnergyCoefficients();
    QVERIFY(std::find(ids.begin(), ids.end(), "k20c") != ids.end());
    QVERIFY(std::find(ids.begin(), ids.end(), "my-k20c") != ids.end());
    QVERIFY(std::find(ids.begin(), ids.end(), "h100-sxm5") == ids.end());

    // No rule estimates energy coefficients: the H100 is refused, naming the energy block.
    try {
        (void)energy::loadEnergyProfile("h100-sxm5");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QVERIFY2(e.field().find("energy coefficient p_stat_w") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find("no energy block") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find("--") == std::string::npos, e.what());
    }
    // An unknown id names both kinds of answer.
    try {
        (void)energy::loadEnergyProfile("k20c-z");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("k20c-a, k20c-b") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find("GPU with energy coefficients: k20c, my-k20c") !=
                     std::string::npos,
                 e.what());
    }
    // A description is named by its id, never by a path.
    QVERIFY_THROWS_EXCEPTION(InputError,
                             energy::energyProfileFromJson(
                                 nlohmann::json::parse(R"({"id": "x", "name": "x", "method": "m",
                                     "description": "/dev/zero"})"),
                                 "x.json"));
    // A profile file naming a description and holding params too is refused.
    QVERIFY_THROWS_EXCEPTION(InputError,
                             energy::energyProfileFromJson(
                                 nlohmann::json::parse(R"({"id": "x", "name": "x", "method": "m",
                                     "description": "k20c", "params": {}})"),
                                 "x.json"));
}

// The session's two GPU slots (Tiled stencils and the others; MWP-CWP) hold one description
// when they name one chip: an edit in one is the other's, choosing the chip the other holds takes
// its edits, and two different chips stay apart.
void TestGpuDescription::bothWorkspacesShareOneChip() {
    SessionState s = defaultSession();
    s.gpu = loadGpuProfile("h100-sxm5");
    s.mwp.gpu = loadGpuProfile("h100-sxm5");
    // An edit in Tiled stencils reaches MWP-CWP, with its kind and the rules that follow.
    SessionState next = s;
    setGpuParameter(next.gpu, "clock_mhz", 1755);
    QVERIFY(shareTheChip(s, next));
    QCOMPARE(*next.mwp.gpu.params.at("clock_mhz").value, 1755.0);
    QCOMPARE(kindOf(next.mwp.gpu.params.at("clock_mhz")), std::string("yours"));
    QCOMPARE(*next.mwp.gpu.params.at("freq_ghz").value, 1.755);
    QCOMPARE(toJson(next.mwp.gpu).dump(), toJson(next.gpu).dump());
    // An edit in MWP-CWP reaches Tiled stencils.
    SessionState third = next;
    setGpuParameter(third.mwp.gpu, "n_sm", 144);
    QVERIFY(shareTheChip(next, third));
    QCOMPARE(*third.gpu.params.at("n_sm").value, 144.0);
    QCOMPARE(*third.gpu.params.at("clock_mhz").value, 1755.0);
    // MWP-CWP moves to another chip: the two stay apart, the edited H100 kept in Tiled stencils.
    SessionState fourth = third;
    fourth.mwp.gpu = loadGpuProfile("gtx280");
    QVERIFY(!shareTheChip(third, fourth));
    QCOMPARE(*fourth.gpu.params.at("n_sm").value, 144.0);
    SessionState fifth = fourth;
    setGpuParameter(fifth.mwp.gpu, "n_sm", 20);
    QVERIFY(!shareTheChip(fourth, fifth));
    QCOMPARE(*fifth.gpu.params.at("n_sm").value, 144.0);
    // Choosing the H100 again in MWP-CWP takes the edited one, not a stock copy beside it.
    SessionState sixth = fifth;
    sixth.mwp.gpu = loadGpuProfile("h100-sxm5");
    QVERIFY(shareTheChip(fifth, sixth));
    QCOMPARE(*sixth.mwp.gpu.params.at("n_sm").value, 144.0);
    QCOMPARE(*sixth.mwp.gpu.params.at("clock_mhz").value, 1755.0);
    // Both slots replaced in one step (an opened session) are left as they are.
    SessionState opened = defaultSession();
    opened.gpu = loadGpuProfile("h100-sxm5");
    opened.mwp.gpu = loadGpuProfile("h100-sxm5");
    setGpuParameter(opened.mwp.gpu, "n_sm", 100);
    QVERIFY(!shareTheChip(sixth, opened));
    QCOMPARE(*opened.gpu.params.at("n_sm").value, 132.0);
    // Two versions of the chip as opened: an edit of one never overwrites the other's edits.
    SessionState edited = opened;
    setGpuParameter(edited.gpu, "clock_mhz", 1600);
    QVERIFY(!shareTheChip(opened, edited));
    QCOMPARE(*edited.mwp.gpu.params.at("n_sm").value, 100.0);
    QCOMPARE(*edited.mwp.gpu.params.at("clock_mhz").value, 1980.0);
}

// A value cleared back to "unknown" in an editor is named so in labels, as the editors show it,
// not as "null" (found in the review of issue 44).
void TestGpuDescription::clearedValueReadsUnknown() {
    GpuProfile g = loadGpuProfile("gtx280");
    setGpuParameter(g, "l2_kb", std::nullopt);
    const std::string label = profileLabel(g);
    QVERIFY2(label.find("edited: l2_kb = unknown") != std::string::npos, label.c_str());
    QVERIFY(label.find("null") == std::string::npos);
}

QTEST_GUILESS_MAIN(TestGpuDescription)
#include "test_gpu_description.moc"
