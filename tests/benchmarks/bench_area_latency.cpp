// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the die-area workspace (issue 33): the Die area view and the Architecture view
// under an n_SM, n_V and M_SM slider drag (the current design's area and exact best workload
// time on the GUI thread, the n_V curve in the background), and the Codesign view's budget band
// dragged over the front (no search: the band re-marks the designs), offscreen.

#include "area/architecture_view.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "latency.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"

#include <QThread>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("Die area workspace, GTX 980 base, PPoPP'17 workload, 880x690 px");

    // The default session's grid (the thesis'), as the sliders step through it.
    ArchitectureView probe;
    probe.setSession(defaultSession());
    probe.finishPendingWork();
    const auto sliderDrag = [&probe](ArchitectureView::Slider which, const char* key, auto&& view) {
        SessionState s = defaultSession();
        view.setSession(s);
        view.finishPendingWork();
        const auto values = probe.sliderValues(which);
        const int n = static_cast<int>(values.size());
        return bench::drag(3 * 2 * (n - 1), [&](int i) {
            setGpuParameter(s.gpu, key, values[static_cast<std::size_t>(bench::pingPong(i, n))]);
            view.setSession(s);
        });
    };
    {
        DieAreaView v;
        bench::place(v);
        bench::row("Die area", "n_SM slider", sliderDrag(ArchitectureView::Sms, "n_sm", v));
        bench::row("Die area", "n_V slider", sliderDrag(ArchitectureView::VectorUnits, "n_v", v));
    }
    {
        ArchitectureView v;
        bench::place(v);
        bench::row("Architecture", "n_SM slider", sliderDrag(ArchitectureView::Sms, "n_sm", v));
        bench::row("Architecture", "n_V slider",
                   sliderDrag(ArchitectureView::VectorUnits, "n_v", v));
        bench::row("Architecture", "M_SM slider",
                   sliderDrag(ArchitectureView::SharedMemory, "m_sm_kb", v));
        // The n_V curve's job starts 40 ms after the last step; the frame that draws its result:
        // after every step the job is let finish (untimed), then its delivery is timed.
        SessionState s = defaultSession();
        const auto sms = probe.sliderValues(ArchitectureView::Sms);
        std::vector<double> arrive;
        for (int i = 0; i < 2 * static_cast<int>(sms.size()); ++i) {
            setGpuParameter(
                s.gpu, "n_sm",
                sms[static_cast<std::size_t>(bench::pingPong(i, static_cast<int>(sms.size())))]);
            v.setSession(s);
            double longest = 0; // the event-loop turn that drew the curve
            while (v.curvePending()) {
                longest = std::max(longest, bench::drag(1, [](int) {}).front());
                QThread::msleep(2);
            }
            arrive.push_back(longest);
        }
        bench::row("Architecture", "n_V curve arriving (after a step)", arrive);
        v.finishPendingWork();
    }
    {
        CodesignView v;
        bench::place(v);
        SessionState s = defaultSession();
        v.setSession(s);
        v.finishPendingWork(); // the search of the default range (background), once
        QApplication::processEvents();
        // The band's lower edge over 200..650 mm^2 in 5 mm^2 steps, its width 25 mm^2.
        bench::row("Codesign", "budget band", bench::drag(3 * 2 * 90, [&](int i) {
                       s.codesign.budgetMin = 200 + 5 * bench::pingPong(i, 91);
                       s.codesign.budgetMax = s.codesign.budgetMin + 25;
                       v.setSession(s);
                   }));
    }
    return 0;
}
