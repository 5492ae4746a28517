// SPDX-License-Identifier: GPL-3.0-or-later
// The codesign with the chip model (issue 59): clock and memory stacks as axes, power static +
// dynamic + memory per design, the whole die, objectives under a power cap. Properties over
// whole grids: a lower clock is slower and draws less; more stacks cost area and power; with a
// power cap the best design leaves the grid's corner; the reference is the base chip as the
// chip model prices it; the papers' codesign is untouched without the model.

#include "area/chip_gpu.hpp"
#include "area/process_node.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "search/codesign.hpp"
#include "search/codesign_chip.hpp"
#include "search/workload.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;
using namespace cdx::search;

namespace {

GpuProfile h100() {
    return loadGpuProfile("h100-sxm5");
}

Workload work(const GpuProfile& gpu) {
    return loadWorkload("ppopp17", gpu, {"heat2d", "heat3d"});
}

CodesignOptions chipOptions(const GpuProfile& gpu, int node, bool wholeDie) {
    CodesignOptions o;
    o.base = toGpu(gpu);
    const area::CoefficientSet at28 = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    o.coefficients = area::scaleToNode(at28, node, area::OverheadScaling::Logic);
    o.node = node;
    o.chip = chipModelOf(gpu, "", wholeDie, at28);
    o.grid = HardwareGrid{{96, 128, 160}, {128, 256}, {228}, 2, {}, {}, {}};
    o.threads = 2;
    return o;
}

} // namespace

class TestCodesignChip : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }

    // The base chip itself as the reference: its power is what cdx chip-power gives for the
    // same die area (here the cache-less SMs and its five HBM3 stacks), its time the Talg time
    // of its own description.
    void referenceIsTheBaseChip() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 5, false);
        const Workload w = work(gpu);
        const CodesignResult r = runCodesign(w, o);
        const DesignPoint& ref = r.reference;
        QCOMPARE(ref.clockMhz, 1980.0);
        QCOMPARE(ref.memoryUnits, 5);
        const area::ChipPower p = area::chipPower(
            {132, 128, 1980, 5, ref.area, o.chip->vf, 48.0, 160.8}, o.chip->calibration);
        QVERIFY2(std::abs(p.totalW - ref.powerW) < 1e-6, qPrintable(QString::number(ref.powerW)));
        QVERIFY(std::abs(ref.energyJ - ref.powerW * ref.weightedTime) < 1e-9 * ref.energyJ);
        QCOMPARE(ref.speedup, 1.0);
    }

    // Every design of a clock axis: a lower clock never runs faster and always draws less, and
    // the time at clock f is the time of a chip whose C_iter and tau_sync are f_base / f as
    // long (compute-bound stencils: about proportional).
    void clockAxis() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 5, false);
        o.grid.clockMhz = {1000, 1500, 1980};
        const Workload w = work(gpu);
        const CodesignResult r = runCodesign(w, o);
        QCOMPARE(r.designs.size(), std::size_t{6 * 3});
        int checked = 0;
        for (const DesignPoint& slow : r.designs) {
            for (const DesignPoint& fast : r.designs) {
                if (slow.nSm != fast.nSm || slow.nV != fast.nV ||
                    !(slow.clockMhz < fast.clockMhz)) {
                    continue;
                }
                QVERIFY(slow.feasible && fast.feasible);
                QVERIFY(slow.weightedTime >= fast.weightedTime);
                QVERIFY(slow.powerW < fast.powerW);
                QCOMPARE(slow.area, fast.area);
                ++checked;
            }
        }
        QCOMPARE(checked, 6 * 3);
    }

    // Memory stacks: more stacks give more bandwidth (never slower), more area and more power.
    void memoryAxis() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 5, true);
        o.grid.memoryUnits = {3, 4, 5, 6, 8};
        const Workload w = work(gpu);
        const CodesignResult r = runCodesign(w, o);
        int checked = 0;
        for (const DesignPoint& few : r.designs) {
            for (const DesignPoint& many : r.designs) {
                if (few.nSm != many.nSm || few.nV != many.nV ||
                    !(few.memoryUnits < many.memoryUnits)) {
                    continue;
                }
                QVERIFY(few.bandwidthGBs < many.bandwidthGBs);
                QVERIFY(few.weightedTime >= many.weightedTime * (1 - 1e-12));
                QVERIFY(few.area < many.area);
                QVERIFY(few.memoryW < many.memoryW);
                ++checked;
            }
        }
        QCOMPARE(checked, 6 * 10);
    }

    // Another technology without a stacks axis: the GPU's count of its stacks, at its rate,
    // gives L (not the GPU's own memory's); the reference keeps its own memory.
    void otherTechnologyMovesL() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 5, false);
        o.chip = chipModelOf(gpu, "hbm3e", false,
                             area::loadCoefficientSet(area::kDefaultCoefficientSet));
        const CodesignResult r = runCodesign(work(gpu), o);
        const double efficiency = o.chip->bandwidthEfficiency;
        int checked = 0;
        for (const DesignPoint& d : r.designs) {
            QCOMPARE(d.memoryUnits, 5);
            QVERIFY(std::abs(d.bandwidthGBs - 5 * 1024 * 9.2 / 8 * efficiency) < 1e-6);
            ++checked;
        }
        QCOMPARE(checked, 6);
        QVERIFY(std::abs(r.reference.bandwidthGBs - 1.0 / o.base.lSecondsPerGb) < 1e-9);
        QVERIFY(std::abs(r.reference.memoryW - 208.8) < 1e-9); // HBM3, as the H100 has
    }

    // Issue 59 "Done when": with a 700 W cap and lower clocks in the grid, the best design is
    // not the grid's corner (most SMs, most lanes, top clock), which it is without the cap.
    void powerCapLeavesTheCorner() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 3, true);
        o.grid = HardwareGrid{{96, 128, 160, 192}, {128, 192, 256}, {228}, 2, {}, {}, {}};
        o.grid.clockMhz = {1200, 1400, 1600, 1800, 2000, 2200};
        o.limits.reticle = false;
        const Workload w = work(gpu);
        CodesignResult r = runCodesign(w, o);
        QVERIFY(r.best.has_value());
        const DesignPoint& free = r.designs[*r.best];
        QCOMPARE(free.nSm, std::int64_t{192});
        QCOMPARE(free.nV, std::int64_t{256});
        QCOMPARE(free.clockMhz, 2200.0);
        QVERIFY(free.powerW > 700);
        PhysicalLimits cap = o.limits;
        cap.power = true;
        cap.powerW = 700;
        applyLimits(r, cap);
        QVERIFY(r.best.has_value());
        const DesignPoint& capped = r.designs[*r.best];
        QVERIFY(capped.powerW <= 700);
        QVERIFY(capped.clockMhz < 2200);
        // Wide and slow: among the designs within the cap, the best one is wider than every
        // allowed design at the top clock.
        for (const DesignPoint& d : r.designs) {
            if (d.allowed && d.clockMhz == 2200) {
                QVERIFY(d.nSm * d.nV < capped.nSm * capped.nV);
            }
        }
        QVERIFY(capped.speedup > 1);
    }

    // Energy per run and work per joule rank alike (a fixed workload); both are the most
    // efficient allowed design, never faster than the time objective's.
    void objectives() {
        const GpuProfile gpu = h100();
        CodesignOptions o = chipOptions(gpu, 3, true);
        o.grid.clockMhz = {1000, 1500, 2000};
        const Workload w = work(gpu);
        CodesignResult r = runCodesign(w, o);
        const auto time = bestDesign(r.designs, Objective::Time);
        const auto energy = bestDesign(r.designs, Objective::Energy);
        const auto ppw = bestDesign(r.designs, Objective::PerfPerWatt);
        QVERIFY(time && energy && ppw);
        QCOMPARE(*energy, *ppw);
        QVERIFY(r.designs[*energy].energyJ <= r.designs[*time].energyJ);
        QVERIFY(r.designs[*time].weightedTime <= r.designs[*energy].weightedTime);
        QCOMPARE(name(parseObjective("perf-per-watt", "--objective")),
                 std::string_view("perf-per-watt"));
    }

    // The blocks of each design's area add up to it; the whole die has the base's L2 and I/O.
    void blocksAddUp() {
        const GpuProfile gpu = h100();
        for (bool whole : {false, true}) {
            CodesignOptions o = chipOptions(gpu, 5, whole);
            const CodesignResult r = runCodesign(work(gpu), o);
            int checked = 0;
            for (const DesignPoint& d : r.designs) {
                double sum = 0;
                for (const area::DieBlock& b : designBlocks(o, d)) {
                    QVERIFY(b.mm2 > 0);
                    sum += b.mm2;
                }
                QVERIFY(std::abs(sum - d.area) < 1e-9 * d.area);
                ++checked;
            }
            QCOMPARE(checked, 6);
        }
    }

    void refusals() {
        const GpuProfile gpu = h100();
        const Workload w = work(gpu);
        CodesignOptions o;
        o.base = toGpu(gpu);
        o.coefficients = area::loadCoefficientSet(area::kDefaultCoefficientSet);
        o.grid = HardwareGrid{{16}, {128}, {96}, 2, {}, {1500}, {}};
        try {
            runCodesign(w, o);
            QFAIL("a clock axis without the chip model was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("clock_mhz"));
        }
        CodesignOptions c = chipOptions(gpu, 5, false);
        c.grid.memoryUnits = {4};
        c.grid.bandwidthGBs = {2000};
        try {
            runCodesign(w, c);
            QFAIL("stacks and a bandwidth axis together were accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("memory"));
        }
        c = chipOptions(gpu, 5, false);
        c.node = 28;
        try {
            runCodesign(w, c);
            QFAIL("the chip model at 28 nm was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("node"));
        }
        try {
            chipModelOf(loadGpuProfile("gtx980"), "", false,
                        area::loadCoefficientSet(area::kDefaultCoefficientSet));
            QFAIL("a GPU without the die block was accepted");
        } catch (const InputError& e) {
            QVERIFY(!e.field().empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestCodesignChip)
#include "test_codesign_chip.moc"
