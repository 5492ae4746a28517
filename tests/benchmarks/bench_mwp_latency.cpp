// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the MWP-CWP workspace (issue 33): the regime and category maps under a kernel
// field edited live (#Coal_Mem_insts and #Active_blocks stepped as the spin arrows do), the warp
// timeline's play-head scrubbed across the picture, and the temperature view's number of runs
// stepped; offscreen at the view area of a 1366 x 768 window.

#include "common/integer_box.hpp"
#include "latency.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/regime_map_view.hpp"
#include "mwp/temperature_view.hpp"
#include "mwp/warp_timeline_view.hpp"
#include "session/session.hpp"

#include <QSpinBox>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("MWP-CWP workspace, Example I on the GTX 280, 880x690 px");
    const auto kernelDrag = [](ExplorerView& v, const char* key, int from, int to) {
        SessionState s = defaultSession();
        v.setSession(s);
        QApplication::processEvents();
        const int n = to - from + 1;
        return bench::drag(4 * (n - 1), [&](int i) {
            mwp::setKernelParameter(s.mwp.gpu, s.mwp.kernel, key,
                                    static_cast<double>(from + bench::pingPong(i, n)));
            v.setSession(s);
        });
    };
    for (const auto kind : {RegimeMapView::Kind::Regime, RegimeMapView::Kind::Category}) {
        RegimeMapView v(nullptr, kind);
        bench::place(v);
        const std::string name =
            kind == RegimeMapView::Kind::Regime ? "Regime map" : "Category map";
        bench::row(name, "#Coal_Mem_insts field, 1..64", kernelDrag(v, "coal_mem_insts", 1, 64));
        bench::row(name, "#Active_blocks field, 1..8", kernelDrag(v, "active_blocks_per_sm", 1, 8));
        v.hide(); // a hidden view does no work, as in the window
    }
    {
        WarpTimelineView v;
        bench::place(v);
        const SessionState s = defaultSession();
        v.setSession(s);
        QApplication::processEvents();
        const double span = v.timeline() ? v.timeline()->pictureSpan : 1000;
        bench::row("Warp timeline", "play-head scrub (400 positions)",
                   bench::drag(3 * 2 * 399, [&](int i) {
                       v.setPlayhead(span * bench::pingPong(i, 400) / 399.0);
                   }));
        bench::row("Warp timeline", "#Coal_Mem_insts field, 1..64",
                   kernelDrag(v, "coal_mem_insts", 1, 64));
        v.hide(); // its animation stops
    }
    {
        TemperatureView v;
        bench::place(v);
        v.setSession(defaultSession());
        QApplication::processEvents();
        bench::row("Temperature", "runs field, 1..50", bench::drag(4 * 49, [&](int i) {
                       v.cyclesBox()->setValue(1 + bench::pingPong(i, 50));
                   }));
        bench::row("Temperature", "#Coal_Mem_insts field, 1..64",
                   kernelDrag(v, "coal_mem_insts", 1, 64));
    }
    return 0;
}
