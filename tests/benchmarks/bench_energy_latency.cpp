// SPDX-License-Identifier: GPL-3.0-or-later
// Update latency of the Energy workspace's views for one tile step (what dragging the tS1
// slider costs): the synchronous views (breakdown with explain table, per-point curves,
// sensitivity) on the GUI thread, and the energy-vs-time view's background job (every feasible
// tiling with its Talg time and energy, the Pareto front and the 20,000-point sample), offscreen.

#include "energy/energy_breakdown_view.hpp"
#include "energy/energy_per_point_view.hpp"
#include "energy/energy_sensitivity_view.hpp"
#include "energy/energy_time_view.hpp"
#include "session/session.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

void report(const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto pct = [&](double p) {
        return ms[static_cast<std::size_t>(p * static_cast<double>(ms.size() - 1))];
    };
    std::printf("  %-44s median %6.2f ms, p90 %6.2f ms, max %6.2f ms (%zu steps)\n", what, pct(0.5),
                pct(0.9), ms.back(), ms.size());
}

std::vector<double> time(cdx::SessionState s, int steps,
                         const std::function<void(const cdx::SessionState&)>& f) {
    std::vector<double> ms;
    for (int i = 0; i < steps; ++i) {
        s.energy.problem.tS1 = 1 + (i % 64); // the slider over tS1 = 1..64
        QElapsedTimer t;
        t.start();
        f(s);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return ms;
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    cdx::SessionState s = cdx::defaultSession();
    const cdx::widgets::RunLookup none = [](std::int64_t) { return std::nullopt; };
    cdx::widgets::EnergyBreakdownView breakdown(none);
    cdx::widgets::EnergyPerPointView perPoint;
    cdx::widgets::EnergySensitivityView sensitivity(none);
    cdx::widgets::EnergyTimeView energyTime;
    for (QWidget* w :
         std::initializer_list<QWidget*>{&breakdown, &perPoint, &sensitivity, &energyTime}) {
        w->resize(880, 690); // the view area of a 1366 x 768 window
        w->show();
    }
    QApplication::processEvents();
    std::printf("Energy workspace, Jacobi 2D 4096^2 x 1024 (spec 3.3), K20c Model A, one tS1 step "
                "(recompute + replot, 880x690 px):\n");
    report("breakdown + explain table",
           time(s, 128, [&](const auto& x) { breakdown.setSession(x); }));
    report("energy per point (6 curves)",
           time(s, 128, [&](const auto& x) { perPoint.setSession(x); }));
    report("sensitivity (shares + 3 profiles)",
           time(s, 128, [&](const auto& x) { sensitivity.setSession(x); }));
    report("energy vs time (background job, 5,373 tilings)", time(s, 32, [&](const auto& x) {
               energyTime.setSession(x);
               energyTime.finishPendingWork();
           }));
    return 0;
}
