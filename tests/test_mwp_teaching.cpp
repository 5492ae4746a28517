// The teaching views' core (issue 16): temperature over time (eqs. 49-57, Table 9) against the
// spec's Example H (mwp-cwp-power.md §4.3), its decay, warm restarts, and the energy integral.

#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "mwp/thermal_timeline.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;
using namespace cdx::mwp;

namespace {
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
};

void TestMwpTeaching::thermalExampleH_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("temp");
    QTest::addColumn<double>("extraW");
    for (auto [t, temp, w] : {std::tuple{0.0, 57.000, 0.0},
                              {35.0, 70.781, 6.264},
                              {60.0, 74.875, 8.125},
                              {100.0, 77.549, 9.340},
                              {175.0, 78.654, 9.843},
                              {300.0, 78.797, 9.908},
                              {600.0, 78.801, 9.910}}) {
        QTest::newRow(qPrintable(QStringLiteral("spec 4.3 Example H t=%1 s").arg(t)))
            << t << temp << w;
    }
}

// The first run is eq. (49) from a cold start; the run-time power grows by sigma x Delta_temp.
void TestMwpTeaching::thermalExampleH() {
    QFETCH(double, t);
    QFETCH(double, temp);
    QFETCH(double, extraW);
    const PowerParams p = powerParamsOf(loadMwpGpuProfile("gtx280"));
    const ThermalTimeline tl = thermalTimeline(p, exampleH(), {}, 600, 300, 1, 120); // 5 s steps
    QVERIFY(std::abs(tl.temperature.delta - 21.801) < 1e-9);
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
    QVERIFY(std::abs(stop - 78.801) < 1.5e-3);
    QVERIFY(std::abs(at(tl, 660, false).tempC - decayTemperatureAt(p, stop, 60)) < 1e-9);
    QVERIFY(std::abs(at(tl, 660, false).tempC - 65.02) <= 6e-3);
    QVERIFY(std::abs(at(tl, 900, false).tempC - 57.15) <= 6e-3);
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

QTEST_APPLESS_MAIN(TestMwpTeaching)
#include "test_mwp_teaching.moc"
