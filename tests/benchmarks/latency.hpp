// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The drag benchmarks' common part (issue 33; docs/performance.md "Every drag"): a drag is a
// sequence of steps, each what one mouse or key event costs the GUI thread: the change handed
// to the view (setSession or the widget's own slot) and then the events it posted (layout,
// paint, a background job's result that has arrived), all timed. Offscreen, at the view area of
// a 1366 x 768 window. Each drag prints one row of the table in docs/performance.md.

#include <QApplication>
#include <QElapsedTimer>
#include <QWidget>
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace cdx::bench {

// The view area of the 1366 x 768 main window (dock and tab bar taken off).
inline constexpr int kViewWidth = 880;
inline constexpr int kViewHeight = 690;

inline void place(QWidget& w) {
    w.resize(kViewWidth, kViewHeight);
    w.show();
    QApplication::processEvents();
}

// Times `steps` steps: step(i), then the events it posted.
template <class Step> std::vector<double> drag(int steps, Step&& step) {
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(steps));
    for (int i = 0; i < steps; ++i) {
        QElapsedTimer t;
        t.start();
        step(i);
        QApplication::processEvents();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return ms;
}

// A value that goes 0 .. n-1 and back, as a hand dragging a slider over its range does.
inline int pingPong(int i, int n) {
    const int period = 2 * (n - 1);
    const int k = period > 0 ? i % period : 0;
    return k < n ? k : period - k;
}

inline void header(const char* program) {
    std::printf("%s (ms per step; goal: p99 < 16 ms)\n", program);
    std::printf(
        "| view | drag | steps | median | p90 | p99 | max |\n|---|---|---|---|---|---|---|\n");
}

inline void row(const std::string& view, const std::string& what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto pct = [&](double p) {
        return ms[static_cast<std::size_t>(p * static_cast<double>(ms.size() - 1) + 0.5)];
    };
    std::printf("| %s | %s | %zu | %.2f | %.2f | %.2f | %.2f |%s\n", view.c_str(), what.c_str(),
                ms.size(), pct(0.5), pct(0.9), pct(0.99), ms.back(),
                pct(0.99) < 16 ? "" : "  <- p99 over 16 ms");
    std::fflush(stdout);
}

} // namespace cdx::bench
