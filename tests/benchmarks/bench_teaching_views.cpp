// SPDX-License-Identifier: GPL-3.0-or-later
// The MWP-CWP workspace's teaching views (docs/performance.md): core's warp timeline for the
// default kernel and for the largest picture stored, the category map, the kernel roofline and
// the coalescing calculator, the cost of one animation frame painted at
// the view size of a 1366 x 768 window, and a 3-second play offscreen: frames painted per second
// and the longest the event loop went without running (what "does not block the GUI" means).

#include "mwp/category_map.hpp"
#include "mwp/coalescing.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_roofline.hpp"
#include "mwp/warp_timeline.hpp"
#include "mwp/warp_timeline_view.hpp"
#include "session/session.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTimer>
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
    std::printf("  %-52s median %7.3f ms, p90 %7.3f ms, max %7.3f ms (%zu runs)\n", what, pct(0.5),
                pct(0.9), ms.back(), ms.size());
}

std::vector<double> time(int reps, const std::function<void(int)>& f) {
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        QElapsedTimer t;
        t.start();
        f(i);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return ms;
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    using namespace cdx;
    SessionState s = defaultSession();
    SessionState big = s; // 128 warps, 10,000 sets: the stored picture at its cap
    mwp::setKernelParameter(big.mwp.gpu, big.mwp.kernel, "active_blocks_per_sm", 16.0);
    mwp::setKernelParameter(big.mwp.gpu, big.mwp.kernel, "coal_mem_insts", 10000.0);
    std::printf("MWP-CWP teaching views, Example I on the GTX 280 (32 warps x 8 sets) and a "
                "128-warp, 10,000-set kernel\n");
    volatile double sink = 0;
    for (const auto* st : {&s, &big}) {
        const auto r = mwp::evaluate(st->mwp.device(), st->mwp.model(), st->mwp.variant);
        const auto tl = mwp::warpTimeline(r);
        char what[96];
        std::snprintf(what, sizeof what, "warpTimeline, %d warps x %d sets (%zu periods)", tl.warps,
                      tl.setsTotal, tl.periods.size());
        report(what, time(51, [&](int) { sink = mwp::warpTimeline(r).pictureSpan; }));
    }
    {
        const auto& m = s.mwp;
        report("category map, 200 x 200 (the session's axes)", time(11, [&](int) {
                   sink =
                       mwp::categoryMap(m.device(), m.model(), m.variant, m.mapX, m.mapY).counts[8];
               }));
        report("kernel roofline with its 1-16 block sweep", time(51, [&](int) {
                   sink = mwp::mwpRoofline(m.device(), m.model(), m.variant).intensity;
               }));
        mwp::CoalescingInput in;
        in.strideElems = 33;
        report("coalescing, one warp",
               time(1001, [&](int) { sink = mwp::coalesce(in).transactions; }));
    }
    for (const auto* st : {&s, &big}) {
        widgets::WarpTimelineView view;
        view.resize(880, 690);
        view.setSession(*st);
        QImage frame(840, 430, QImage::Format_ARGB32_Premultiplied);
        const double span = view.timeline()->pictureSpan;
        char what[96];
        std::snprintf(what, sizeof what, "one frame at 840 x 430, %zu periods",
                      view.timeline()->periods.size());
        report(what, time(120, [&](int i) {
                   QPainter p(&frame);
                   view.paintTimeline(p, frame.rect(), span * (i % 60) / 60.0);
               }));
    }
    {
        widgets::WarpTimelineView view;
        view.resize(880, 690);
        view.setSession(big);
        view.show();
        QApplication::processEvents();
        // A 1 ms timer stands for the rest of the GUI: the longest gap between its runs.
        QElapsedTimer clock;
        clock.start();
        double last = 0, worst = 0;
        QTimer probe;
        probe.setInterval(1);
        QObject::connect(&probe, &QTimer::timeout, [&] {
            const double now = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            worst = std::max(worst, now - last);
            last = now;
        });
        probe.start();
        const long long frames0 = view.framesPainted();
        view.togglePlay();
        QElapsedTimer run;
        run.start();
        while (run.elapsed() < 3000 && view.playing()) {
            QApplication::processEvents(QEventLoop::AllEvents, 5);
        }
        const double seconds = static_cast<double>(run.elapsed()) / 1000.0;
        std::printf("  playing the 128-warp picture for %.1f s offscreen: %.1f frames/s "
                    "(the view's own count %.1f), longest event-loop gap %.1f ms\n",
                    seconds, static_cast<double>(view.framesPainted() - frames0) / seconds,
                    view.measuredFps(), worst);
    }
    return sink > 0 ? 0 : 1;
}
