// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the Energy workspace's views (issue 13, issue 33) while tS1 is dragged over
// 1..64 and back: the synchronous views (breakdown with explain table, per-point curves,
// sensitivity) on the GUI thread, and the energy-vs-time view, whose background job (every
// feasible tiling with its Talg time and energy, the Pareto front and the 20,000-point sample)
// is let finish at every step so that its result is drawn in the step; offscreen.

#include "energy/energy_breakdown_view.hpp"
#include "energy/energy_per_point_view.hpp"
#include "energy/energy_sensitivity_view.hpp"
#include "energy/energy_time_view.hpp"
#include "latency.hpp"
#include "session/session.hpp"

#include <QThread>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("Energy workspace, Jacobi 2D 4096^2 x 1024 (spec 3.3), K20c Model A, 880x690 px");
    const RunLookup none = [](std::int64_t) { return std::nullopt; };
    EnergyBreakdownView breakdown(none);
    EnergyPerPointView perPoint;
    EnergySensitivityView sensitivity(none);
    EnergyTimeView energyTime;
    const auto dragTs1 = [](ExplorerView& v, int steps, bool waitForJob = false) {
        bench::place(*v.widget());
        SessionState s = defaultSession();
        v.setSession(s);
        v.finishPendingWork();
        auto ms = bench::drag(steps, [&](int i) {
            s.energy.problem.tS1 = 1 + bench::pingPong(i, 64);
            v.setSession(s);
            if (waitForJob) {
                v.finishPendingWork();
            }
        });
        v.widget()->hide();
        return ms;
    };
    bench::row("Energy breakdown", "tS1 slider (with explain table)",
               dragTs1(breakdown, 252, false));
    bench::row("Energy per point", "tS1 slider (6 curves)", dragTs1(perPoint, 252, false));
    bench::row("Energy sensitivity", "tS1 slider (shares + 3 profiles)",
               dragTs1(sensitivity, 252, false));
    // Its job (5,373 tilings, ~10 ms) runs off the GUI thread: the step is the GUI's part; the
    // frame that draws its result is timed after letting the job finish (untimed).
    bench::row("Energy vs time", "tS1 slider (GUI thread; the job superseded)",
               dragTs1(energyTime, 252, false));
    {
        bench::place(energyTime);
        SessionState s = defaultSession();
        std::vector<double> arrive;
        for (int i = 0; i < 64; ++i) {
            s.energy.problem.tS1 = 1 + bench::pingPong(i, 64);
            energyTime.setSession(s);
            QThread::msleep(40); // the job finishes; its result waits in the event queue
            arrive.push_back(bench::drag(1, [](int) {}).front());
        }
        bench::row("Energy vs time", "its job's result drawn (after a step)", arrive);
    }
    return 0;
}
