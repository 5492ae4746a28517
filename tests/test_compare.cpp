// SPDX-License-Identifier: GPL-3.0-or-later
// Every family's comparison of two sessions (issue 29), and the Talg comparison of two
// configurations in detail: the headline's difference is that of
// two independent evaluations, additive splits sum to it, and the sentence names the largest
// share first. Rows from the papers' own comparisons where they exist.
#include "area/area_model.hpp"
#include "chain/chain_model.hpp"
#include "compare/families.hpp"
#include "energy/energy_explain.hpp"
#include "lineup/lineup.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "params/profiles.hpp"
#include "search/codesign_compare.hpp"
#include "session/session.hpp"
#include "support/fixtures.hpp"
#include "support/published.hpp"
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

compare::FamilyComparison only(const SessionState& a, const SessionState& b, const char* family) {
    const auto all = compare::compareSessions(a, b, family);
    if (all.size() != 1) {
        throw std::runtime_error("one family expected");
    }
    return all.front();
}

const compare::ComparedValue& value(const compare::FamilyComparison& f, const std::string& name) {
    for (const auto& v : f.values) {
        if (v.name == name) {
            return v;
        }
    }
    throw std::runtime_error("no value " + name);
}

// The shares sum to the headline's difference, and the sentence names the largest first.
void checkSplit(const compare::FamilyComparison& f, const std::string& headline) {
    QVERIFY2(f.error.empty(), f.error.c_str());
    const auto& h = value(f, headline);
    QVERIFY(h.delta().has_value());
    double sum = 0;
    const compare::Contribution* largest = nullptr;
    for (const auto& c : f.contributions) {
        sum += c.amount;
        if (!largest || std::abs(c.amount) > std::abs(largest->amount)) {
            largest = &c;
        }
    }
    QVERIFY(largest);
    QVERIFY2(std::abs(sum - *h.delta()) <= 1e-9 * std::max(std::abs(*h.a), std::abs(*h.b)),
             qPrintable(QStringLiteral("%1: shares %2, delta %3")
                            .arg(QString::fromStdString(f.family))
                            .arg(sum, 0, 'g', 17)
                            .arg(*h.delta(), 0, 'g', 17)));
    if (largest->amount != 0) {
        QVERIFY2(f.explanation.find(": " + largest->detail) != std::string::npos,
                 f.explanation.c_str());
    }
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    // Two Talg configurations (talg_compare): every intermediate value, the exact split.
    void talgComparisons_data();
    void talgComparisons();
    void roundsExplainAJump();
    void identicalIsUnchanged();
    void infeasibleSide();
    void badBaselineIsNamed();
    void randomPairs();
    void everyFamilyAgainstItself();
    void areaGtx980AgainstTitanX();
    void areaTableC2AgainstGtx980_data();
    void areaTableC2AgainstGtx980();
    void mwpExampleIAgainstExampleA();
    void powerExampleIAt30SmsAgainstItsOptimum();
    void energyTimeOptimumAgainstEnergyOptimum();
    void chainMemoryHalved();
    void eatssSplitChanged();
    void oneSideRefused();
    void unknownFamilyIsRefused();
    void lineupNamesWhatGpuSidesShare();
    void sidesAreNamed();
    void splitAddsUp();
    void differencesAreNamed();
    void designsCompared();
    void designPlacedAsTheSearchDoes();
};

// A session against itself: every family evaluates, nothing differs, every sentence says so.
void TestCompare::everyFamilyAgainstItself() {
    const SessionState s = defaultSession();
    const auto all = compare::compareSessions(s, s);
    QCOMPARE(all.size(), compare::compareFamilies().size());
    int checked = 0;
    for (const auto& f : all) {
        if (f.family == "power") { // the default GPU (GTX 280) has IPP power data
            QVERIFY2(f.error.empty(), f.error.c_str());
        }
        QVERIFY2(f.error.empty(), (f.family + ": " + f.error).c_str());
        for (const auto& v : f.values) {
            if (v.isText()) {
                QCOMPARE(v.textA, v.textB);
            } else if (v.a && v.b) {
                QCOMPARE(*v.delta(), 0.0);
                ++checked;
            }
        }
        for (const auto& c : f.contributions) {
            QCOMPARE(c.amount, 0.0);
        }
        QVERIFY2(f.explanation.find("unchanged") != std::string::npos ||
                     f.explanation.find("in both") != std::string::npos,
                 (f.family + ": " + f.explanation).c_str());
    }
    QVERIFY2(checked >= 150, qPrintable(QString::number(checked)));
}

// How titles name a side: each family by its own registration, no name twice, a session's
// title first, unknown ids skipped.
void TestCompare::sidesAreNamed() {
    SessionState s = defaultSession();
    const std::string talg = compare::sideLabel(s, {"talg"});
    QVERIFY2(talg.find(", tiles ") != std::string::npos && talg.find(", tT ") != std::string::npos,
             talg.c_str());
    // area and energy name the same GPU: once.
    QCOMPARE(compare::sideLabel(s, {"area", "energy"}), compare::sideLabel(s, {"area"}));
    QCOMPARE(compare::sideLabel(s, {"mwp", "power"}), compare::sideLabel(s, {"mwp"}));
    QVERIFY(compare::sideLabel(s, {"mwp"}).find(", kernel ") != std::string::npos);
    QVERIFY(compare::sideLabel(s, {"chain"}).find(" matrices, M = ") != std::string::npos);
    QVERIFY(compare::sideLabel(s, {"eatss"}).find(" on ") != std::string::npos);
    QCOMPARE(compare::sideLabel(s, {"nonsense"}), std::string());
    // An edited GPU is named as edited.
    s.gpu.params["n_sm"].value = 8;
    s.gpu.params["n_sm"].edited = true;
    QVERIFY2(compare::sideLabel(s, {"area"}).find("edited: n_sm") != std::string::npos,
             compare::sideLabel(s, {"area"}).c_str());
    s.title = "Fig. 4";
    QCOMPARE(compare::sideLabel(s, {"talg", "area"}), std::string("Fig. 4"));
    int families = 0;
    for (const auto& f : compare::compareFamilies()) {
        QVERIFY2(!f.side(defaultSession()).empty(), f.id.c_str());
        ++families;
    }
    QCOMPARE(families, 8);
}

// A session's design on the codesign axes: the same weighted time as the search's kernel on
// that design, the speed-up against the reference the codesign search uses, the die area with
// and without caches from the area model.
void TestCompare::designPlacedAsTheSearchDoes() {
    const SessionState s = defaultSession(); // the GTX 980 as shipped
    const double ref = search::referenceTime(s);
    const auto w = search::loadWorkload(s.codesign.workload, s.gpu);
    QCOMPARE(ref,
             search::optimizeDesign(w, toGpu(loadGpuProfile("gtx980")), s.variant).weightedTime);
    const auto p = search::placeDesign(s, ref);
    QVERIFY(p.point.feasible);
    QCOMPARE(p.point.speedup, 1.0); // the shipped GTX 980 against itself
    QCOMPARE(p.areaWithCaches,
             area::areaBreakdown(s.architecture(), s.areaSet(), s.areaForm).total);
    QCOMPARE(p.areaCacheLess,
             area::areaBreakdown(area::cacheLess(s.architecture()), s.areaSet(), s.areaForm).total);
    QVERIFY(p.areaCacheLess < p.areaWithCaches);
    QCOMPARE(std::round(p.areaWithCaches * 100) / 100, 397.99); // Table C.2
    // Half the SMs: slower, smaller; no reference, no speed-up.
    SessionState half = s;
    half.gpu.params["n_sm"].value = 8;
    const auto q = search::placeDesign(half, ref);
    QVERIFY(q.point.weightedTime > p.point.weightedTime);
    QVERIFY(q.areaWithCaches < p.areaWithCaches);
    QCOMPARE(q.point.speedup, ref / q.point.weightedTime);
    QCOMPARE(search::placeDesign(half, 0).point.speedup, 0.0);
    // A design the area model refuses is an InputError, as the session's own evaluation.
    half.gpu.params["n_sm"].value = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, search::placeDesign(half, ref));
}

// Thesis Table C.2's best designs in 425-450 mm² (cache-less, R_VU = 2 KB) against the GTX 980
// as shipped: the session's die is the published area, the baseline's 397.99 mm², and the six
// components' differences sum to the difference.
void TestCompare::areaTableC2AgainstGtx980_data() {
    QTest::addColumn<int>("nSm");
    QTest::addColumn<int>("nV");
    QTest::addColumn<double>("mSmKb");
    QTest::addColumn<QString>("id");
    QTest::newRow("thesis Table C.2 jacobi2d") << 32 << 128 << 24.0 << "jacobi2d";
    QTest::newRow("thesis Table C.2 heat2d") << 22 << 256 << 12.0 << "heat2d";
    QTest::newRow("thesis Table C.2 gradient2d") << 28 << 160 << 24.0 << "gradient2d";
    QTest::newRow("thesis Table C.2 laplacian2d") << 28 << 160 << 12.0 << "laplacian2d";
    QTest::newRow("thesis Table C.2 heat3d") << 18 << 288 << 192.0 << "heat3d";
    QTest::newRow("thesis Table C.2 laplacian3d") << 8 << 896 << 96.0 << "laplacian3d";
}

void TestCompare::areaTableC2AgainstGtx980() {
    QFETCH(int, nSm);
    QFETCH(int, nV);
    QFETCH(double, mSmKb);
    QFETCH(QString, id);
    const SessionState a = defaultSession(); // the GTX 980 as shipped
    SessionState b = a;
    const auto set = [&b](const char* key, double v) {
        b.gpu.params[key].value = v;
        b.gpu.params[key].edited = true;
    };
    set("n_sm", nSm);
    set("n_v", nV);
    set("m_sm_kb", mSmKb);
    set("r_vu_kb", 2);
    set("l1_pair_kb", 0); // the codesign grid's designs are cache-less
    set("l2_kb", 0);
    const auto f = only(a, b, "area");
    checkSplit(f, "total_mm2");
    const auto& total = value(f, "total_mm2");
    QCOMPARE(std::round(*total.a * 100) / 100, 397.99);
    const double published =
        test::published(("thesis-c-table-c2-" + id.toStdString() + "-area").c_str());
    QVERIFY2(std::abs(*total.b - published) < 5e-5,
             qPrintable(QStringLiteral("%1 mm², published %2").arg(*total.b).arg(published)));
    QCOMPARE(*total.delta(), *total.b - *total.a);
    // The sentence starts with the headline and names the largest component first.
    QVERIFY2(f.explanation.rfind("die area +", 0) == 0, f.explanation.c_str());
}

// Thesis Table C.2's references: the GTX Titan X's die against the GTX 980's (397.99 and
// 596.98 mm² in the canonical form), split over the six components.
void TestCompare::areaGtx980AgainstTitanX() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.gpu = loadGpuProfile("titanx");
    const auto f = only(a, b, "area");
    checkSplit(f, "total_mm2");
    const auto& total = value(f, "total_mm2");
    QCOMPARE(*total.a, area::areaBreakdown(a.architecture(), a.areaSet(), a.areaForm).total);
    QCOMPARE(*total.b, area::areaBreakdown(b.architecture(), b.areaSet(), b.areaForm).total);
    QCOMPARE(std::round(*total.a * 100) / 100, 397.99);
    QCOMPARE(std::round(*total.b * 100) / 100, 596.98);
    QCOMPARE(*value(f, "architecture.n_sm").delta(), 8.0);
    // The Titan X is the GTX 980 scaled by 1.5 (24 SMs, 3 MB L2): every component +50 %.
    QVERIFY2(f.explanation.rfind("die area +50.00 % (398 → 597 mm², Δ +199 mm²): Overhead", 0) == 0,
             f.explanation.c_str());
    QCOMPARE(*value(f, "node.nm").delta(), 0.0);
    // Issue 32: the same GPU at N7 names its node beside the smaller components.
    SessionState c = a;
    c.areaNode = 7;
    const auto n = only(a, c, "area");
    checkSplit(n, "total_mm2");
    QCOMPARE(*value(n, "node.nm").a, 28.0);
    QCOMPARE(*value(n, "node.nm").b, 7.0);
    QVERIFY(*value(n, "total_mm2").delta() < 0);
}

// Hong's Example A (FX 5600, matrix multiplication) against Example I (GTX 280): Exec_cycles
// of each is mwp::evaluate's, and the sentence names the case of both.
void TestCompare::mwpExampleIAgainstExampleA() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.mwp.gpu = loadMwpGpuProfile("fx5600");
    b.mwp.kernel = loadKernelProfile("example-a");
    const auto f = only(a, b, "mwp");
    QVERIFY2(f.error.empty(), f.error.c_str());
    const auto& cycles = value(f, "exec_cycles");
    QCOMPARE(*cycles.a, mwp::evaluate(a.mwp.device(), a.mwp.model(), a.mwp.variant).execCycles);
    QCOMPARE(*cycles.b, mwp::evaluate(b.mwp.device(), b.mwp.model(), b.mwp.variant).execCycles);
    QCOMPARE(std::round(*cycles.b * 100) / 100, 50728.19); // spec Example A, as printed
    QVERIFY2(f.explanation.find("memory-bound in both") != std::string::npos,
             f.explanation.c_str());
    QCOMPARE(value(f, "case").textB, std::string("memory_bound"));
}

// Hong's Example I at all 30 SMs against 17 active SMs, the GIPS/W optimum of the sweep:
// less power, split exactly over the units and idle power.
void TestCompare::powerExampleIAt30SmsAgainstItsOptimum() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.mwp.kernel.params["active_sms"].value = 17;
    b.mwp.kernel.params["active_sms"].edited = true;
    const auto f = only(a, b, "power");
    checkSplit(f, "gpu_power_w");
    QCOMPARE(*value(f, "optimal_active_sms").a, 17.0);
    QVERIFY(*value(f, "gpu_power_w").delta() < 0);
    const auto p =
        mwp::power(b.mwp.device(), mwp::powerParamsOf(b.mwp.gpu), b.mwp.model(), b.mwp.variant);
    QCOMPARE(*value(f, "gpu_power_w").b, p.gpuW);
    QCOMPARE(*value(f, "idle_power_w").delta(), 0.0);
}

// Thesis App. B example (spec energy-model.md): the time-optimal tiling 64x64x2 against the
// energy-optimal 46x32x38, T_alg from the Talg model on the GTX 980.
void TestCompare::energyTimeOptimumAgainstEnergyOptimum() {
    SessionState a = defaultSession();
    a.energy.timeSource.kind = energy::TimeSourceKind::Model;
    a.energy.problem.tS1 = 64;
    a.energy.problem.tS2 = 64;
    a.energy.problem.tT = 2;
    SessionState b = a;
    b.energy.problem.tS1 = 46;
    b.energy.problem.tS2 = 32;
    b.energy.problem.tT = 38;
    const auto f = only(a, b, "energy");
    checkSplit(f, "E_alg");
    const auto& e = value(f, "E_alg");
    QCOMPARE(*e.a, energy::evaluateSettings(a.energy, a.gpu, a.variant, std::nullopt).result->eAlg);
    QCOMPARE(std::round(*e.a * 10) / 10, 81.4);
    QCOMPARE(std::round(*e.b * 1000) / 1000, 45.749);
}

// The thesis's example D.7 with M = 65536 against M = 16384: the same op-count tree, fused into
// 3 hyper-nodes at 65536 and 4 at 16384 (⟨4,6⟩ and ⟨4,5⟩ no longer fuse): the sentence says so
// (it said "the trees differ" and showed two equal trees).
void TestCompare::chainMemoryHalved() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.chain.memoryWords = 16384;
    const auto f = only(a, b, "chain");
    const auto& t = value(f, "fused_total");
    QCOMPARE(*t.a, chain::analyseChain(a.chain.dims, a.chain.memoryWords, a.chain.beta).fusedTotal);
    QCOMPARE(*t.b, chain::analyseChain(b.chain.dims, b.chain.memoryWords, b.chain.beta).fusedTotal);
    QVERIFY(*t.delta() > 0);
    QVERIFY(f.contributions.empty()); // other hyper-nodes: no share to compare
    QVERIFY2(f.explanation.find("the same tree ((A1(A2A3))((A4A5)A6)), fused into 3 → 4 "
                                "hyper-nodes") != std::string::npos,
             f.explanation.c_str());
    QVERIFY2(f.explanation.find("(9323278 → 18720556 elements)") != std::string::npos,
             f.explanation.c_str()); // counts written whole, not 9.323e+06
    // Two different trees still say so.
    SessionState c = a;
    c.chain.dims = {10, 100, 5, 50};
    c.chain.memoryWords = 64;
    const auto g = only(a, c, "chain");
    QVERIFY2(g.explanation.find("the trees differ") != std::string::npos, g.explanation.c_str());
}

void TestCompare::eatssSplitChanged() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.eatss.options.split = 0.125;
    const auto f = only(a, b, "eatss");
    QVERIFY2(f.error.empty(), f.error.c_str());
    QCOMPARE(*value(f, "objective").a, 16160.0); // spec eatss.md §2.3 (b): W = 16160
    QVERIFY2(f.explanation.find("split 0.25 → 0.125") != std::string::npos, f.explanation.c_str());
}

// A side the model refuses: its values are null, the other's are there, the error names it.
void TestCompare::oneSideRefused() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.energy.timeSource.kind = energy::TimeSourceKind::Measured; // no run database here
    b.energy.timeSource.runId = 7;
    const auto f = only(a, b, "energy");
    QVERIFY2(f.error.rfind("session: ", 0) == 0, f.error.c_str());
    QVERIFY(value(f, "E_alg").a.has_value());
    QVERIFY(!value(f, "E_alg").b.has_value());
    QVERIFY(!value(f, "E_alg").delta().has_value());
    QVERIFY(f.contributions.empty());
}

void TestCompare::unknownFamilyIsRefused() {
    const SessionState s = defaultSession();
    try {
        (void)compare::compareSessions(s, s, "talgg");
        QFAIL("an unknown family was taken");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("talg, area, codesign, mwp, power, energy, eatss, chain") !=
                     std::string::npos,
                 e.what());
    }
}

void TestCompare::talgComparisons_data() {
    QTest::addColumn<int>("row");
    QTest::newRow("PPoPP'17 Fig. 4 slice tS1 = 8: tT 18 -> 2 (tS2 192)") << 0;
    QTest::newRow("PPoPP'17 Fig. 4 slice tS1 = 8: tS2 192 -> 32 (tT 18)") << 1;
    QTest::newRow("PPoPP'17 Table 3: GTX 980 -> Titan X hardware, Heat 2D 128x32x2") << 2;
    QTest::newRow("thesis C.3: n_SM 16 -> 24 with the GTX 980's constants") << 3;
    QTest::newRow("PPoPP'17 Table 4: Jacobi 1D, tS1 512 -> 1024, tT 16") << 4;
    QTest::newRow("PPoPP'17 Table 4: Heat 3D 32x32x32x4 -> 16x16x32x8") << 5;
    QTest::newRow("variant: pitch geometric -> paper (erratum I1)") << 6;
}

void TestCompare::talgComparisons() {
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
void TestCompare::roundsExplainAJump() {
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

void TestCompare::identicalIsUnchanged() {
    const auto c = compareTalg(heat2d(128, 32, 2), heat2d(128, 32, 2));
    QCOMPARE(*c.tAlg.delta(), 0.0);
    QCOMPARE(*c.tAlg.deltaPct(), 0.0);
    for (const auto& x : c.contributions) {
        QCOMPARE(x.amount, 0.0);
    }
    QVERIFY2(c.explanation.rfind("T_alg unchanged", 0) == 0, c.explanation.c_str());
    // Two configurations, not two tilings of one: the sentence says what else differs.
    const auto other = compareTalg(heat2d(128, 32, 2), heat2d(128, 32, 2, test::titanx()));
    QVERIFY2(other.explanation.find("(the two also differ in GPU gtx980 → titanx)") !=
                 std::string::npos,
             other.explanation.c_str());
}

void TestCompare::infeasibleSide() {
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

void TestCompare::badBaselineIsNamed() {
    try {
        (void)compareTalg(heat2d(128, 32, 3), heat2d(128, 32, 2)); // odd tT
        QFAIL("an odd tT in the baseline was taken");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("baseline") != std::string::npos, e.what());
    }
}

// Random pairs of tilings and GPUs: every check above, counted.
void TestCompare::randomPairs() {
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

// Issue 44 item 6: terms that nearly cancel are shown at the decimals where they visibly add up
// to the total's Δ (at 3 significant digits +0.8 and -0.796 read as +0.8 and -0.796 = 0.004,
// but +0.80012 and -0.79989 read as +0.8 and -0.8 = 0).
void TestCompare::splitAddsUp() {
    compare::ComparedValue total;
    total.name = "T_alg";
    total.unit = "s";
    total.a = 10.0;
    total.b = 10.0 + 0.80012 - 0.79989;
    const std::vector<compare::Contribution> parts{{"rounds", 0.80012, "rounds"},
                                                   {"T_unit", -0.79989, "T_unit"}};
    const int d = compare::splitDecimals(total, parts);
    const auto rounded = [d](double x) { return std::stod(compare::signedFixed(x, d)); };
    QVERIFY2(std::abs(rounded(0.80012) + rounded(-0.79989) - rounded(*total.delta())) <
                 0.5 * std::pow(10.0, -d),
             qPrintable(QString::number(d)));
    QVERIFY(d >= 5);
    const std::string text = compare::explainSum(total, parts);
    QVERIFY2(text.find("Δ +0.000230 s") != std::string::npos, text.c_str());
    QVERIFY2(text.find("rounds +0.800120 s") != std::string::npos, text.c_str());
    QVERIFY2(text.find("T_unit -0.799890 s") != std::string::npos, text.c_str());
    QCOMPARE(compare::signedFixed(-0.0000001, 3), std::string("+0.000"));
    // Every shipped comparison's split adds up at its decimals (property over the families).
    SessionState a = defaultSession();
    SessionState b = a;
    setParameter(b.gpu, b.stencil, b.gpu.id, "n_sm", 12.0);
    int checked = 0;
    for (const auto& f : compare::compareSessions(a, b)) {
        const auto* t = compare::splitTotal(f);
        if (!t) {
            continue;
        }
        const int n = compare::splitDecimals(*t, f.contributions);
        double sum = 0;
        for (const auto& p : f.contributions) {
            sum += std::stod(compare::signedFixed(p.amount, n));
        }
        QVERIFY2(std::abs(sum - std::stod(compare::signedFixed(*t->delta(), n))) <
                     0.5 * std::pow(10.0, -n),
                 f.family.c_str());
        ++checked;
    }
    QVERIFY(checked >= 2);
}

// Issue 44 item 6: two sides alike in name are told apart by what differs.
void TestCompare::differencesAreNamed() {
    SessionState a = defaultSession();
    SessionState b = a;
    b.problem.space = {4096, 4096, 1};
    b.problem.time = 1024;
    const auto d = compare::differences(a, b);
    QCOMPARE(d.size(), std::size_t(1));
    QVERIFY2(d[0].rfind("problem 8192×8192, T 8192 → 4096×4096, T 1024", 0) == 0, d[0].c_str());
    setParameter(b.gpu, b.stencil, b.gpu.id, "n_sm", 20.0);
    b.variant.k = talg::KRule::Optimize;
    const auto more = compare::differences(a, b);
    QCOMPARE(more.size(), std::size_t(3));
    QVERIFY2(more[0].find("edited: n_sm = 20") != std::string::npos, more[0].c_str());
    QVERIFY2(more[2].rfind("Talg variant: ", 0) == 0, more[2].c_str());
    QVERIFY(compare::differences(a, a).empty());
}

// Issue 44 item 13: two codesign designs are compared by workload time, speed-up and power as
// the Architecture view shows each, not by area alone; an example of format 1 (C_iter of its
// own stencil only) still has its workload's other C_iter, from the shipped GPU.
void TestCompare::designsCompared() {
    SessionState a = defaultSession();
    SessionState b = a;
    setParameter(b.gpu, b.stencil, b.gpu.id, "n_sm", 32.0);
    const auto f = compare::compareSessions(a, b, "codesign").front();
    QVERIFY2(f.error.empty(), f.error.c_str());
    QCOMPARE(f.values[0].name, std::string("weighted_time_s"));
    QCOMPARE(f.values[1].name, std::string("speedup"));
    QCOMPARE(f.values[2].name, std::string("power_w"));
    QVERIFY(*f.values[0].b < *f.values[0].a);     // twice the SMs: faster
    QCOMPARE(*f.values[1].a, 1.0);                // the GTX 980 against itself
    QCOMPARE(*f.values[2].b, 2 * *f.values[2].a); // power linear in n_SM at one clock
    const auto placed = search::placeDesign(b, search::referenceTime(b));
    QCOMPARE(*f.values[0].b, placed.point.weightedTime);
    QVERIFY2(f.explanation.rfind("workload time -", 0) == 0, f.explanation.c_str());
    const SessionState old = loadSession(std::string(CDX_SOURCE_PROFILES_DIR) +
                                         "/../resources/sessions/tableC2-codesign.cdx.json");
    QVERIFY(old.gpu.cIterByStencil.count("laplacian3d") == 1);
    const auto g = compare::compareSessions(old, old, "codesign").front();
    QVERIFY2(g.error.empty(), g.error.c_str());
    QVERIFY(g.values[0].a.has_value());
}

// The line-up names once what its GPU sides share, as each family's line-up entry says (issue
// 58: the view no longer knows the families): the problem of T_alg and energy, the kernel of
// MWP-CWP, power and occupancy, nothing for the die area, codesign, EATSS and chains.
void TestCompare::lineupNamesWhatGpuSidesShare() {
    SessionState s = defaultSession();
    s.problem.dim = 2;
    s.problem.space = {4096, 2048, 1};
    s.problem.time = 512;
    s.energy.problem.stencil = energy::StencilKind::Jacobi2D;
    s.energy.problem.s1 = 300;
    s.energy.problem.s2 = 200;
    s.energy.problem.t = 64;
    int checked = 0;
    for (const auto& f : lineup::lineupFamilies()) {
        const std::string shared = f.shared != nullptr ? f.shared(s) : std::string();
        if (f.id == "talg") {
            QCOMPARE(shared, profileLabel(s.stencil) + " 4096×2048, T 512");
        } else if (f.id == "energy") {
            QCOMPARE(shared, std::string("jacobi2d 300×200, T 64"));
        } else if (f.id == "mwp" || f.id == "power" || f.id == "occupancy") {
            QCOMPARE(shared, "kernel " + profileLabel(s.mwp.kernel));
        } else {
            QVERIFY2(shared.empty(), f.id.c_str());
        }
        ++checked;
    }
    QCOMPARE(checked, 9);
    s.energy.problem.stencil = energy::StencilKind::SmithWaterman; // 1-D: one size
    QCOMPARE(lineup::lineupFamily("energy")->shared(s), std::string("sw 300, T 64"));
}

QTEST_APPLESS_MAIN(TestCompare)
#include "test_compare.moc"
