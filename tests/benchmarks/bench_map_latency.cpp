// SPDX-License-Identifier: GPL-3.0-or-later
// Latency of the tile-space map for one slider step at the default size: what dragging
// tS1 costs the GUI thread (core recompute of the slice + QCustomPlot replot), offscreen; and
// of the Architecture view for one n_SM slider step (the current design's area and exact best
// workload time on the GUI thread; the n_V curve runs in the background).

#include "area/architecture_view.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/tile_space_map_view.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <qcustomplot.h>
#include <vector>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    cdx::SessionState s = cdx::defaultSession();
    cdx::widgets::TileSpaceMapView view;
    view.resize(1100, 800); // the map's size in the default 1500x950 window
    view.show();
    view.setSession(s);
    QApplication::processEvents();

    // Drag tS1 over 1..128 and back (the slider's range), five times.
    std::vector<double> ms;
    for (int pass = 0; pass < 5; ++pass) {
        for (int step = 0; step < 256; ++step) {
            s.tiles.space[0] = step < 128 ? step + 1 : 256 - step;
            QElapsedTimer t;
            t.start();
            view.setSession(s); // recompute (core) + replot (includes rendering)
            ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        QApplication::processEvents();
    }
    std::sort(ms.begin(), ms.end());
    const auto pct = [&](double p) {
        return ms[static_cast<std::size_t>(p * static_cast<double>(ms.size() - 1))];
    };
    std::printf(
        "tile-space map update (recompute + replot), Heat 2D GTX 980 8192^3, 1100x800 px, "
        "%zu slider steps over tS1 = 1..128:\n  median %.2f ms, p90 %.2f ms, p99 %.2f ms, max "
        "%.2f ms (goal < 16 ms)\n",
        ms.size(), pct(0.5), pct(0.9), pct(0.99), ms.back());

    // The same drag with a baseline pinned (issue 29): the map marks the baseline's tiling and
    // the Breakdown differences the two (core's comparison on every step); the baseline is
    // evaluated from the session it holds, nothing is searched for it.
    const auto drag = [&](cdx::widgets::ExplorerView& v, const char* what) {
        cdx::SessionState b = cdx::defaultSession();
        b.baseline = std::make_shared<const cdx::SessionState>(cdx::asBaseline(b));
        std::vector<double> t2;
        for (int pass = 0; pass < 3; ++pass) {
            for (int step = 0; step < 256; ++step) {
                b.tiles.space[0] = step < 128 ? step + 1 : 256 - step;
                QElapsedTimer t;
                t.start();
                v.setSession(b);
                t2.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
            }
            QApplication::processEvents();
        }
        std::sort(t2.begin(), t2.end());
        const auto p = [&](double f) {
            return t2[static_cast<std::size_t>(f * static_cast<double>(t2.size() - 1))];
        };
        std::printf("%s with a baseline pinned, %zu slider steps over tS1 = 1..128:\n  median %.2f "
                    "ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (goal < 16 ms)\n",
                    what, t2.size(), p(0.5), p(0.9), p(0.99), t2.back());
    };
    drag(view, "tile-space map update");
    cdx::widgets::BreakdownView breakdown;
    breakdown.resize(1100, 800);
    breakdown.show();
    drag(breakdown, "breakdown (differenced, core comparison)");

    cdx::widgets::ArchitectureView arch;
    arch.resize(1100, 700);
    arch.show();
    cdx::SessionState a = cdx::defaultSession();
    arch.setSession(a);
    arch.finishPendingWork();
    std::vector<double> steps;
    const auto sms =
        cdx::widgets::ArchitectureView::sliderValues(cdx::widgets::ArchitectureView::Sms);
    for (int pass = 0; pass < 3; ++pass) {
        for (const double n : sms) {
            cdx::setGpuParameter(a.gpu, "n_sm", n);
            QElapsedTimer t;
            t.start();
            arch.setSession(a); // the design, area, text, title and table; the curve is queued
            steps.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
            QApplication::processEvents();
        }
    }
    arch.finishPendingWork();
    std::sort(steps.begin(), steps.end());
    const auto q = [&](double p) {
        return steps[static_cast<std::size_t>(p * static_cast<double>(steps.size() - 1))];
    };
    std::printf("architecture view, one n_SM slider step (PPoPP'17 workload, GTX 980 base), %zu "
                "steps:\n  median %.2f ms, p90 %.2f ms, max %.2f ms (goal < 16 ms)\n",
                steps.size(), q(0.5), q(0.9), steps.back());
    return 0;
}
