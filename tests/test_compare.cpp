// SPDX-License-Identifier: GPL-3.0-or-later
// Every family's comparison of two sessions (issue 29): the headline's difference is that of
// two independent evaluations, additive splits sum to it, and the sentence names the largest
// share first. Rows from the papers' own comparisons where they exist.
#include "area/area_model.hpp"
#include "chain/chain_model.hpp"
#include "compare/families.hpp"
#include "energy/energy_explain.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;

namespace {

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
    void everyFamilyAgainstItself();
    void areaGtx980AgainstTitanX();
    void mwpExampleIAgainstExampleA();
    void powerExampleIAt30SmsAgainstItsOptimum();
    void energyTimeOptimumAgainstEnergyOptimum();
    void chainMemoryHalved();
    void eatssSplitChanged();
    void oneSideRefused();
    void unknownFamilyIsRefused();
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
    QVERIFY2(f.explanation.rfind("die area +50.00 % (398 → 597 mm²): Overhead", 0) == 0,
             f.explanation.c_str());
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

// The thesis's example D.7 with M = 65536 against M = 16384: the same fused tree, its
// difference split over the hyper-nodes.
void TestCompare::chainMemoryHalved() {
    const SessionState a = defaultSession();
    SessionState b = a;
    b.chain.memoryWords = 16384;
    const auto f = only(a, b, "chain");
    const auto& t = value(f, "fused_total");
    QCOMPARE(*t.a, chain::analyseChain(a.chain.dims, a.chain.memoryWords, a.chain.beta).fusedTotal);
    QCOMPARE(*t.b, chain::analyseChain(b.chain.dims, b.chain.memoryWords, b.chain.beta).fusedTotal);
    QVERIFY(*t.delta() > 0);
    if (f.contributions.empty()) { // the fused tree changed with M
        QVERIFY2(f.explanation.find("the trees differ") != std::string::npos,
                 f.explanation.c_str());
    } else {
        checkSplit(f, "fused_total");
    }
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
        QVERIFY2(std::string(e.what()).find("talg, area, mwp, power, energy, eatss, chain") !=
                     std::string::npos,
                 e.what());
    }
}

QTEST_APPLESS_MAIN(TestCompare)
#include "test_compare.moc"
