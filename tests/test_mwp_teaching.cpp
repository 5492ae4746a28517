// SPDX-License-Identifier: GPL-3.0-or-later
// The teaching views' core (issue 16): temperature over time (eqs. 49-57, Table 9) against the
// spec's Example H (mwp-cwp-power.md §4.3), its decay, warm restarts, and the energy integral.

#include "mwp/category_map.hpp"
#include "mwp/coalescing.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_session.hpp"
#include "mwp/power_model.hpp"
#include "mwp/thermal_timeline.hpp"
#include "mwp/throughput_model.hpp"
#include "mwp/warp_timeline.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <set>

using namespace cdx;
using namespace cdx::mwp;

namespace {
// A published value of Hong's thesis (profiles/published/hong-thesis.json), by id.
double hong(const std::string& id) {
    return test::published(("hong-" + id).c_str());
}
// Example H: Runtime_power_0 = 100 W, MemAccess_intensity = 0.2 on the GTX 280 (Table 9).
PowerResult exampleH() {
    PowerResult r;
    r.runtimeW = 100;
    r.memAccessIntensity = 0.2;
    return r;
}
const ThermalSample& at(const ThermalTimeline& tl, double t, bool running) {
    for (const auto& s : tl.samples) {
        if (std::abs(s.t - t) < 1e-9 && s.running == running) {
            return s;
        }
    }
    throw std::runtime_error("no sample");
}
} // namespace

class TestMwpTeaching : public QObject {
    Q_OBJECT
private slots:
    void thermalExampleH_data();
    void thermalExampleH();
    void thermalDecayAndWarmRestart();
    void thermalEnergy();
    void thermalBadInput();
    void warpFigures_data();
    void warpFigures();
    void warpTimelineOfKernels();
    void warpTimelineBadInput();
    void categoryMapExampleJ_data();
    void categoryMapExampleJ();
    void categoryMapEqualsThroughput();
    void coalescing_data();
    void coalescing();
    void coalescingProperties();
    void coalescingBadInput();
};

void TestMwpTeaching::thermalExampleH_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("temp");
    QTest::addColumn<double>("extraW");
    // Expected values: the published table, by id (cdx power --runtime-w 100 --mem-intensity .2).
    for (int t : {0, 35, 60, 100, 175, 300, 600}) {
        const std::string s = std::to_string(t) + "s";
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example H t=%1 s").arg(t)))
            << double(t) << hong("example-h-temp-" + s) << hong("example-h-extra-w-" + s);
    }
}

// The first run is eq. (49) from a cold start; the run-time power grows by sigma x Delta_temp.
void TestMwpTeaching::thermalExampleH() {
    QFETCH(double, t);
    QFETCH(double, temp);
    QFETCH(double, extraW);
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const ThermalTimeline tl = thermalTimeline(p, exampleH(), {}, 600, 300, 1, 120); // 5 s steps
    QVERIFY(std::abs(tl.temperature.delta - hong("example-h-rise")) < 1e-9);
    const ThermalSample& s = at(tl, t, true);
    QVERIFY(std::abs(s.tempC - temp) <= 1.5e-3);
    QVERIFY(std::abs(s.runtimeW - (100 + extraW)) <= 1.5e-3);
    QVERIFY(std::abs(s.gpuW - s.runtimeW - p.idlePowerW) < 1e-9);
    // 99 % of the rise after RC_Rise ln 100 = 161.2 s (the thesis measured ~600 s).
    QVERIFY(std::abs(tl.saturationS - 35 * std::log(100.0)) < 1e-9);
}

// Decay (eq. 50) from the temperature at the stop; the second run starts warm and continues
// the same exponential (eq. 49 shifted): never above Max_temp, continuous at every boundary.
void TestMwpTeaching::thermalDecayAndWarmRestart() {
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const ThermalTimeline tl = thermalTimeline(p, exampleH(), {}, 600, 300, 3, 120);
    const double stop = at(tl, 600, true).tempC;
    QVERIFY(std::abs(stop - hong("example-h-temp-600s")) < 1.5e-3);
    QVERIFY(std::abs(at(tl, 660, false).tempC - decayTemperatureAt(p, stop, 60)) < 1e-9);
    QVERIFY(std::abs(at(tl, 660, false).tempC - hong("example-h-decay-60s")) <= 6e-3);
    QVERIFY(std::abs(at(tl, 900, false).tempC - hong("example-h-decay-300s")) <= 6e-3);
    QCOMPARE(at(tl, 660, false).runtimeW, 0.0);
    // Warm restart at t = 900: starts where the idle phase ended, rises faster to the same max.
    const double warm = at(tl, 900, true).tempC;
    QCOMPARE(warm, at(tl, 900, false).tempC);
    const double maxT = 57 + tl.temperature.delta;
    const double expected = maxT - (maxT - warm) * std::exp(-35.0 / 35);
    QVERIFY(std::abs(at(tl, 935, true).tempC - expected) < 1e-9);
    QVERIFY(at(tl, 935, true).tempC > at(tl, 35, true).tempC);
    int checked = 0;
    for (std::size_t i = 1; i < tl.samples.size(); ++i) {
        QVERIFY(tl.samples[i].t >= tl.samples[i - 1].t);
        QVERIFY(tl.samples[i].tempC <= maxT + 1e-12 && tl.samples[i].tempC >= 57 - 1e-12);
        if (tl.samples[i].t == tl.samples[i - 1].t) {
            QCOMPARE(tl.samples[i].tempC, tl.samples[i - 1].tempC); // continuous
            ++checked;
        }
    }
    QCOMPARE(checked, 5); // run->idle x 3, idle->run x 2
    QCOMPARE(tl.samples.size(), std::size_t(6 * 121));
    QVERIFY(std::abs(tl.peakTempC - stop) < 1e-3);
}

// Without idle gap, the energy with the static feedback exceeds the cold energy by the integral
// of sigma x Delta_temp; the cold energy is exact.
void TestMwpTeaching::thermalEnergy() {
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const ThermalTimeline tl = thermalTimeline(p, exampleH(), {}, 600, 0, 1, 6000);
    QVERIFY(std::abs(tl.coldEnergyJ - 600 * (100 + p.idlePowerW)) < 1e-6);
    // sigma delta (T - RC (1 - e^{-T/RC})) for the feedback integral.
    const double sd = *p.sigmaWPerC * tl.temperature.delta;
    const double extra = sd * (600 - 35 * (1 - std::exp(-600.0 / 35)));
    QVERIFY(std::abs(tl.energyJ - tl.coldEnergyJ - extra) < 1e-3 * extra);
}

void TestMwpTeaching::thermalBadInput() {
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const auto field = [&](double run, double idle, int cycles) {
        try {
            thermalTimeline(p, exampleH(), {}, run, idle, cycles);
        } catch (const InputError& e) {
            return QString::fromStdString(e.field());
        }
        return QString("no error");
    };
    QCOMPARE(field(0, 10, 1), QString("run length"));
    QCOMPARE(field(std::nan(""), 10, 1), QString("run length"));
    QCOMPARE(field(10, -1, 1), QString("idle gap"));
    QCOMPARE(field(10, 10, 0), QString("cycles"));
    // A GPU without Table 9's parameters.
    const PowerParams fx = powerParamsOf(loadMwpGpuProfile("gtx580"));
    QVERIFY_THROWS_EXCEPTION(InputError, thermalTimeline(fx, exampleH(), {}, 10, 10, 1));
}

namespace {
// A result shaped like the thesis's Figures 6-9: N warps, `sets` computation + memory sets of
// Comp_p and Mem_L cycles, the given MWP, CWP and case, and the model's cycles per repetition.
MwpResult figure(double n, double sets, double compP, double memL, double mwpV, double cwpV,
                 Regime regime, double model) {
    MwpResult r;
    r.n = n;
    r.memInsts = sets;
    r.compCycles = compP * sets;
    r.memCycles = memL * sets;
    r.compP = compP;
    r.memL = memL;
    r.mwp = mwpV;
    r.cwp = cwpV;
    r.regime = regime;
    r.cyclesPerRound = model;
    r.rep = 1;
    return r;
}
} // namespace

// The spec's structural oracles O1-O3 (§4.2): the picture's span and the model's value.
void TestMwpTeaching::warpFigures_data() {
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("sets");
    QTest::addColumn<double>("mwp");
    QTest::addColumn<double>("cwp");
    QTest::addColumn<int>("regime");
    QTest::addColumn<double>("picture"); // in units: C = 10 cycles, M = 100 cycles
    QTest::addColumn<double>("model");
    QTest::addColumn<int>("maxInFlight");
    const double C = 10, M = 100;
    // O1, Figure 6a: 8 warps, MWP = 2: 4 M + 2 C (eq. 1); eq. (22) gives 4 M + 1 C.
    QTest::newRow("O1 Fig. 6a: 8 warps, MWP 2")
        << 8.0 << 1.0 << 2.0 << 4.0 << 2 << 4 * M + 2 * C << 4 * M + 1 * C << 2;
    // O2, Figures 7/8: compute-bound, 8 warps: 8 C + 1 M (eq. 3/23); C = 30 so CWP < N.
    QTest::newRow("O2 Fig. 7/8: 8 warps, CWP 4")
        << 8.0 << 1.0 << 8.0 << 4.0 << 3 << 8 * 30 + M << 8 * 30 + M << 4;
    // O3, Figure 9: N = 1 and N = 2, MWP = CWP = N: fully serialised, then overlapped (eq. 21).
    QTest::newRow("O3 Fig. 9: N 1") << 1.0 << 1.0 << 1.0 << 1.0 << 1 << C + M << C + M << 1;
    QTest::newRow("O3 Fig. 9: N 2") << 2.0 << 1.0 << 2.0 << 2.0 << 1 << 2 * C + M << 2 * C + M << 2;
    // Two sets per warp: the same cases repeat per set (eqs. 21-23 with #Mem_insts = 2).
    QTest::newRow("eq. 21, two sets, N 3")
        << 3.0 << 2.0 << 3.0 << 3.0 << 1 << 2 * (C + M) + 2 * C << 2 * (C + M) + 2 * C << 3;
    QTest::newRow("eq. 22, two sets, 8 warps, MWP 4")
        << 8.0 << 2.0 << 4.0 << 8.0 << 2 << 2 * M * 2 + 4 * C << 2 * M * 2 + 3 * C << 4;
}

void TestMwpTeaching::warpFigures() {
    QFETCH(double, n);
    QFETCH(double, sets);
    QFETCH(double, mwp);
    QFETCH(double, cwp);
    QFETCH(int, regime);
    QFETCH(double, picture);
    QFETCH(double, model);
    QFETCH(int, maxInFlight);
    const double compP = regime == 3 ? 30 : 10;
    const WarpTimeline tl =
        warpTimeline(figure(n, sets, compP, 100, mwp, cwp, static_cast<Regime>(regime), model));
    QCOMPARE(tl.warps, static_cast<int>(n));
    QCOMPARE(tl.pictureSpan, picture);
    QCOMPARE(tl.modelCycles, model);
    QCOMPARE(tl.maxInFlight, maxInFlight);
    QCOMPARE(tl.difference.empty(), picture == model);
    // Every warp computes and waits on memory once per set, and the SM computes one at a time.
    int computes = 0;
    double lastComputeEnd = 0;
    for (const auto& p : tl.periods) {
        if (p.kind == PeriodKind::Compute) {
            QVERIFY(p.start >= lastComputeEnd - 1e-9);
            lastComputeEnd = p.end;
            ++computes;
        }
    }
    QCOMPARE(computes, static_cast<int>(n * sets));
}

// Over every kernel of profiles/kernels on every GPU of profiles/gpus, resident blocks 1 to
// 8: the picture's compute time is N x Comp_cycles; in-flight memory never exceeds floor(MWP);
// Cases 1 and 3 with whole N, MWP (Case 1) and #Mem_insts end exactly at eqs. (21)/(23); Case 2
// ends one Comp_p above eq. (22) when MWP divides N.
void TestMwpTeaching::warpTimelineOfKernels() {
    const QDir kernels(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/kernels");
    const QDir gpus(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/gpus"); // one per chip
    int checked = 0, exact = 0;
    for (const QString& g : gpus.entryList({"*.json"})) {
        const GpuProfile gpu = loadMwpGpuProfile(gpus.filePath(g).toStdString());
        for (const QString& k : kernels.entryList({"*.json"})) {
            const KernelProfile kp = loadKernelProfile(kernels.filePath(k).toStdString());
            MwpSettings m;
            m.gpu = gpu;
            m.kernel = kp;
            mwp::Kernel kernel;
            mwp::Device device;
            try {
                device = m.device();
                kernel = m.model();
                mwp::validate(device, kernel);
            } catch (const InputError&) {
                continue; // a kernel this GPU cannot run (e.g. too many threads per block)
            }
            for (const auto& pt : sweepWarps(device, kernel, {}, 8)) {
                const MwpResult& r = pt.result;
                const WarpTimeline tl = warpTimeline(r);
                QVERIFY(tl.maxInFlight <= tl.memorySlots);
                QVERIFY(std::abs(tl.computeBusy - tl.warps * r.compCycles) <=
                        1e-9 * tl.computeBusy + 1e-9);
                QVERIFY(tl.pictureSpan >= tl.computeBusy * (1 - 1e-12));
                const bool whole = std::abs(r.n - std::round(r.n)) < 1e-9 &&
                                   std::abs(r.memInsts - std::round(r.memInsts)) < 1e-9 &&
                                   r.memInsts >= 1;
                const double tol = 1e-9 * tl.modelCycles;
                if (whole && r.regime == Regime::ComputeBound) {
                    QVERIFY2(std::abs(tl.pictureMinusModel) <= tol,
                             qPrintable(QString("%1 on %2").arg(k, g)));
                    ++exact;
                } else if (whole && r.regime == Regime::ShortOfWarps &&
                           std::abs(r.mwp - r.n) < 1e-9) {
                    QVERIFY(std::abs(tl.pictureMinusModel) <= tol);
                    ++exact;
                } else if (whole && r.regime == Regime::MemoryBound &&
                           std::abs(r.mwp - std::round(r.mwp)) < 1e-9 &&
                           std::lround(r.n) % std::lround(r.mwp) == 0) {
                    QVERIFY(std::abs(tl.pictureMinusModel - r.compP) <= tol);
                    ++exact;
                }
                QCOMPARE(tl.difference.empty(), std::abs(tl.pictureMinusModel) <= tol);
                ++checked;
            }
        }
    }
    QVERIFY2(checked >= 200, qPrintable(QString::number(checked)));
    QVERIFY2(exact >= 20, qPrintable(QString::number(exact)));
}

void TestMwpTeaching::warpTimelineBadInput() {
    MwpResult r = figure(0, 1, 10, 100, 1, 1, Regime::ShortOfWarps, 110);
    QVERIFY_THROWS_EXCEPTION(InputError, warpTimeline(r));
    r = figure(4, 1, 10, 100, 1, 1, Regime::ShortOfWarps, 110);
    r.memCycles = std::nan("");
    QVERIFY_THROWS_EXCEPTION(InputError, warpTimeline(r));
    // Many warps and sets: the rows and the stored periods stay bounded.
    r = figure(1000, 1e6, 10, 100, 8, 2, Regime::MemoryBound, 1);
    const WarpTimeline tl = warpTimeline(r);
    QCOMPARE(tl.warps, WarpTimeline::kMaxWarps);
    QVERIFY(static_cast<int>(tl.periods.size()) <= WarpTimeline::kMaxPeriods);
    QVERIFY(tl.pictureSpan > 0 && std::isfinite(tl.pictureSpan));
}

// Example J (spec §4.3) read off one category map per kernel: resident blocks of 8 warps 1..6
// across, active SMs 4..16 up, on the GTX 580.
void TestMwpTeaching::categoryMapExampleJ_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<int>("sms");
    QTest::addColumn<int>("category");
    // Expected categories: the published table (profiles/published/hong-thesis.json), by id.
    const struct {
        const char* k;
        int b, sms;
    } rows[] = {{"cmem", 1, 16},  {"cmem", 2, 16},  {"cmem", 3, 16}, {"cmem", 4, 16},
                {"cmem", 6, 16},  {"cmem", 6, 8},   {"cmem", 6, 12}, {"dmadd", 1, 16},
                {"dmadd", 2, 16}, {"dmadd", 3, 16}, {"dmadd", 4, 16}};
    for (const auto& r : rows) {
        const std::string id = "hong-example-j-" + std::string(r.k) + "-n" +
                               std::to_string(8 * r.b) +
                               (r.sms == 16 ? "" : "-k" + std::to_string(r.sms)) + "-category";
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example J %1-like N=%2 k=%3")
                                     .arg(r.k)
                                     .arg(8 * r.b)
                                     .arg(r.sms)))
            << QString(r.k) << r.b << r.sms << int(test::published(id.c_str()));
    }
}

void TestMwpTeaching::categoryMapExampleJ() {
    QFETCH(QString, kernel);
    QFETCH(int, blocks);
    QFETCH(int, sms);
    QFETCH(int, category);
    const GpuProfile gpu = loadMwpGpuProfile("gtx580");
    const Kernel k = kernelOf(loadKernelProfile(("example-j-" + kernel).toStdString()), gpu);
    const Device d = deviceOf(gpu);
    const CategoryMap m = categoryMap(d, k, {}, {MapAxis::ActiveBlocksPerSm, 1, 6, 6, false},
                                      {MapAxis::ActiveSms, 4, 16, 13, false});
    QCOMPARE(m.xs.size(), std::size_t(6));
    QCOMPARE(m.ys.size(), std::size_t(13));
    const auto& c = m.at(static_cast<std::size_t>(blocks - 1), static_cast<std::size_t>(sms - 4));
    QVERIFY(c.valid);
    QCOMPARE(c.category, category);
}

// Every cell is throughput()'s category at its inputs; the counts add up; the boundaries lie
// exactly where neighbours differ; the same axis twice is refused.
void TestMwpTeaching::categoryMapEqualsThroughput() {
    const MwpSettings s = defaultMwpSettings();
    const Device d = s.device();
    const Kernel k = s.model();
    const AxisRange x{MapAxis::ActiveBlocksPerSm, 1, 8, 8, false};
    const AxisRange y{MapAxis::BandwidthGbs, 20, 400, 25, true};
    const CategoryMap m = categoryMap(d, k, s.variant, x, y);
    int checked = 0, total = 0;
    for (std::size_t iy = 0; iy < m.ys.size(); ++iy) {
        for (std::size_t ix = 0; ix < m.xs.size(); ++ix) {
            Device dd = d;
            Kernel kk = k;
            setAxisValue(dd, kk, x.axis, m.xs[ix]);
            setAxisValue(dd, kk, y.axis, m.ys[iy]);
            const auto t = throughput(dd, kk, s.variant);
            QCOMPARE(m.at(ix, iy).category, t.category);
            QCOMPARE(m.at(ix, iy).perfGflops, t.perfGflops);
            ++checked;
        }
    }
    for (const int c : m.counts) {
        total += c;
    }
    QCOMPARE(checked, 200);
    QCOMPARE(total, 200);
    std::set<int> seen;
    for (const auto& c : m.cells) {
        seen.insert(c.category);
    }
    QVERIFY(seen.size() >= 2); // more bandwidth changes the diagnosis
    const auto edges = categoryBoundaries(m);
    std::size_t differing = 0;
    for (std::size_t iy = 0; iy < m.ys.size(); ++iy) {
        for (std::size_t ix = 0; ix < m.xs.size(); ++ix) {
            differing += ix + 1 < m.xs.size() && m.at(ix, iy).category != m.at(ix + 1, iy).category;
            differing += iy + 1 < m.ys.size() && m.at(ix, iy).category != m.at(ix, iy + 1).category;
        }
    }
    QCOMPARE(edges.size(), differing);
    try {
        categoryMap(d, k, s.variant, x, x);
        QFAIL("the same axis twice was accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("map axes"));
    }
}

// Transactions per warp and bytes moved (CUDA C Programming Guide G.3.2 rules; Table 2's 32 for
// an uncoalesced warp on CC 1.0/1.1). Coalesced: no more transactions and no more bytes than the
// contiguous, aligned access under the same rule (a CC 1.2 broadcast is; a stride of 2 is not).
void TestMwpTeaching::coalescing_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("word");
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("transactions");
    QTest::addColumn<int>("bytes");
    QTest::addColumn<bool>("coalesced");
    const struct {
        const char* tag;
        const char* rule;
        int word, stride, offset, transactions, bytes;
        bool coalesced;
    } rows[] = {
        {"cc1.0 contiguous float", "cc1.0", 4, 1, 0, 2, 128, true},
        {"cc1.0 misaligned float: Table 2's 32", "cc1.0", 4, 1, 1, 32, 1024, false},
        {"cc1.0 broadcast", "cc1.0", 4, 0, 0, 32, 1024, false},
        {"cc1.0 contiguous double", "cc1.0", 8, 1, 0, 2, 256, true},
        {"cc1.0 contiguous float4", "cc1.0", 16, 1, 0, 4, 512, true},
        {"cc1.2 contiguous float: 64 B per half-warp", "cc1.2", 4, 1, 0, 2, 128, true},
        {"cc1.2 misaligned float: 128 + 64 + 32 B", "cc1.2", 4, 1, 1, 3, 224, false},
        {"cc1.2 stride 2 float", "cc1.2", 4, 2, 0, 2, 256, false},
        {"cc1.2 stride 32 float: one 32 B each", "cc1.2", 4, 32, 0, 32, 1024, false},
        {"cc1.2 broadcast: 32 B per half-warp", "cc1.2", 4, 0, 0, 2, 64, true},
        {"cc1.2 contiguous float4", "cc1.2", 16, 1, 0, 4, 512, true},
        {"cc1.2 contiguous byte: 32 B segments", "cc1.2", 1, 1, 0, 1 * 2, 64, true},
        {"cc2.0 contiguous float: one line", "cc2.0", 4, 1, 0, 1, 128, true},
        {"cc2.0 misaligned float: two lines", "cc2.0", 4, 1, 1, 2, 256, false},
        {"cc2.0 stride 32 float", "cc2.0", 4, 32, 0, 32, 4096, false},
    };
    for (const auto& r : rows) {
        QTest::newRow(r.tag) << QString(r.rule) << r.word << r.stride << r.offset << r.transactions
                             << r.bytes << r.coalesced;
    }
}

void TestMwpTeaching::coalescing() {
    QFETCH(QString, rule);
    QFETCH(int, word);
    QFETCH(int, stride);
    QFETCH(int, offset);
    QFETCH(int, transactions);
    QFETCH(int, bytes);
    QFETCH(bool, coalesced);
    CoalescingInput in;
    in.rule = parseCoalescingRule(rule.toStdString(), "rule");
    in.wordBytes = word;
    in.strideElems = stride;
    in.offsetElems = offset;
    const CoalescingResult r = coalesce(in);
    QCOMPARE(r.transactions, transactions);
    QCOMPARE(r.bytesMoved, std::int64_t(bytes));
    QCOMPARE(r.coalesced, coalesced);
    QVERIFY(!r.rule.empty());
}

// Over strides, offsets and word sizes: every thread's bytes lie in some transaction, the bytes
// moved cover the bytes used, merging (cc1.2) never needs more transactions than cc1.0, and the
// custom rule with cc1.2's parameters is cc1.2.
void TestMwpTeaching::coalescingProperties() {
    int checked = 0;
    for (int word : {1, 2, 4, 8, 16}) {
        for (int stride : {-3, 0, 1, 2, 3, 5, 16, 33}) {
            for (int offset : {0, 1, 7, 16, 31}) {
                CoalescingInput in;
                in.wordBytes = word;
                in.strideElems = stride;
                in.offsetElems = offset;
                in.rule = CoalescingRule::Cc12;
                const auto c12 = coalesce(in);
                in.rule = CoalescingRule::Cc10;
                const auto c10 = coalesce(in);
                in.rule = CoalescingRule::Custom;
                in.groupThreads = 16;
                in.segmentBytes = word == 1 ? 32 : word == 2 ? 64 : 128;
                const auto custom = coalesce(in);
                QVERIFY(c12.transactions <= c10.transactions);
                QCOMPARE(custom.transactions, c12.transactions);
                QCOMPARE(custom.bytesMoved, c12.bytesMoved);
                for (const auto* r : {&c12, &c10, &custom}) {
                    QVERIFY(r->bytesMoved >= r->bytesUsed);
                    QVERIFY(r->efficiency > 0 && r->efficiency <= 1);
                    for (const auto a : r->threadAddress) {
                        bool inside = false;
                        for (const auto& t : r->list) {
                            inside = inside || (a >= t.address && a + word <= t.address + t.bytes);
                        }
                        QVERIFY(inside);
                    }
                }
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 200);
}

void TestMwpTeaching::coalescingBadInput() {
    const auto field = [](CoalescingInput in) {
        try {
            coalesce(in);
        } catch (const InputError& e) {
            return QString::fromStdString(e.field());
        }
        return QString("no error");
    };
    CoalescingInput in;
    in.wordBytes = 3;
    QCOMPARE(field(in), QString("word size"));
    in = {};
    in.strideElems = std::int64_t(1) << 40;
    QCOMPARE(field(in), QString("stride"));
    in = {};
    in.rule = CoalescingRule::Custom;
    in.segmentBytes = 100;
    QCOMPARE(field(in), QString("segment size"));
    in.segmentBytes = 128;
    in.groupThreads = 0;
    QCOMPARE(field(in), QString("threads per group"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseCoalescingRule("cc3", "rule"));
}

QTEST_APPLESS_MAIN(TestMwpTeaching)
#include "support/published.hpp"
#include "test_mwp_teaching.moc"
