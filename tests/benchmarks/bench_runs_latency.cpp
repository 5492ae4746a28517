// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the measured-runs view's filters (issue 33): the "within X %" field stepped as
// its spin arrows do, and the GPU and stencil filters switched, over 2,000 runs (the model's
// time with +-20 % noise, two GPUs, three stencils; and 500 of them); each step re-fits,
// re-tabulates and re-plots; offscreen at the view area of a 1366 x 768 window.

#include "latency.hpp"
#include "runs/runs_view.hpp"
#include "session/session.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <random>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("Measured runs, 500 and 2,000 runs, 880x690 px");
    std::mt19937 rng(33);
    std::uniform_real_distribution<double> noise(0.8, 1.2);
    std::vector<runs::Run> all;
    const char* stencils[] = {"heat2d", "jacobi2d", "gradient2d"};
    for (int i = 0; i < 2000; ++i) {
        runs::Run r;
        r.id = i + 1;
        r.gpu = i % 2 ? "gtx980" : "titanx";
        r.stencil = stencils[i % 3];
        r.dim = 2;
        r.space = {4096, 4096, 1};
        r.time = 1024;
        r.tile = {8 + 8 * (i % 16), 32 * (1 + (i / 16) % 8), 1};
        r.tt = 2 + 2 * (i % 12);
        r.timeSeconds = 0.05 * noise(rng) * (1 + (i % 12) / 12.0);
        r.source = "generated";
        all.push_back(r);
    }
    for (const std::size_t count : {std::size_t{500}, all.size()}) {
        RunsView v;
        bench::place(v);
        v.setSession(defaultSession());
        v.setRuns(std::vector<runs::Run>(all.begin(), all.begin() + static_cast<long>(count)),
                  "generated.sqlite");
        QApplication::processEvents();
        const std::string view = "Measured runs (" + std::to_string(count) + ")";
        bench::row(view, "within X % field, 1..50", bench::drag(4 * 49, [&](int i) {
                       v.withinBox()->setValue(1 + bench::pingPong(i, 50));
                   }));
        const int gpus = v.gpuFilter()->count();
        bench::row(view, "GPU filter switched",
                   bench::drag(4 * gpus, [&](int i) { v.gpuFilter()->setCurrentIndex(i % gpus); }));
        const int st = v.stencilFilter()->count();
        bench::row(view, "stencil filter switched",
                   bench::drag(4 * st, [&](int i) { v.stencilFilter()->setCurrentIndex(i % st); }));
        bench::row(view, "session problem only, toggled",
                   bench::drag(40, [&](int) { v.sessionProblemOnly()->toggle(); }));
        v.hide();
    }
    return 0;
}
