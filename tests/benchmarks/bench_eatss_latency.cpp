// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the EATSS objective map (issue 33): the split s and the alignment phi stepped
// as the editor's fields do, for gemm (the default, 3 loops) and conv-2d (5 loops, the slowest
// search), each step the exact optimum and the map around it; offscreen.

#include "eatss/eatss_map_view.hpp"
#include "eatss/eatss_model.hpp"
#include "latency.hpp"
#include "session/session.hpp"

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("EATSS workspace, A100, artifact mode, FP64, 880x690 px");
    EatssMapView v;
    bench::place(v);
    for (const char* program : {"gemm", "conv-2d"}) {
        SessionState s = defaultSession();
        s.eatss.program = eatss::loadProgram(program);
        s.eatss.mapX.clear();
        s.eatss.mapY.clear();
        v.setSession(s);
        QApplication::processEvents();
        // The split over [0, 0.25] (the A100's shared memory per block) in 0.005 steps.
        for (const double align : {1.0, 0.0}) {
            s.eatss.options.align = align;
            bench::row(std::string("Objective map, ") + program,
                       std::string("split field, 0..0.25, alignment ") + (align > 0 ? "1" : "0"),
                       bench::drag(4 * 50, [&](int i) {
                           s.eatss.options.split = 0.005 * bench::pingPong(i, 51);
                           v.setSession(s);
                       }));
        }
        s.eatss.options.split = 0.25;
        const double aligns[] = {1, 0.5, 0.25, 0.125, 0};
        bench::row(std::string("Objective map, ") + program, "alignment field, 1 .. 0",
                   bench::drag(4 * 4 * 5, [&](int i) {
                       s.eatss.options.align = aligns[bench::pingPong(i, 5)];
                       v.setSession(s);
                   }));
    }
    return 0;
}
