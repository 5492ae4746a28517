// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: the exact codesign search over the thesis' full hardware grid (13 312 designs)
// x the six shipped stencils x all their PPoPP'17 problem sizes (64 problems), on every
// hardware thread, under k = max and under k = optimize (issue 32); the Architecture view's
// k-rule sentence; and re-optimising the whole workload for one design (a slider move).
// Uses the shipped profiles (CDX_PROFILES_DIR or the source tree).

#include "area/area_model.hpp"
#include "area/process_node.hpp"
#include "params/profiles.hpp"
#include "search/codesign.hpp"
#include "search/codesign_chip.hpp"
#include "search/k_rule.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

using namespace cdx;
using Clock = std::chrono::steady_clock;

namespace {
double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}
} // namespace

int main() {
    const search::Workload w = search::loadWorkload("ppopp17", "gtx980");
    search::CodesignOptions o;
    o.base = toGpu(loadGpuProfile("gtx980"));
    o.coefficients = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    std::printf("Codesign benchmark: %zu designs x %zu problems (ppopp17 workload), %u hardware "
                "threads\n\n",
                o.grid.size(), w.items.size(), std::thread::hardware_concurrency());

    for (unsigned threads : {1u, 0u}) {
        o.threads = threads;
        const auto t0 = Clock::now();
        const search::CodesignResult r = search::runCodesign(w, o);
        const double s = seconds(t0, Clock::now());
        std::printf("full grid, %s: %.2f s  (%zu designs, %zu Pareto, %llu (tiling, design) "
                    "evaluations = %.1f M/s; %llu candidate tilings enumerated once)\n",
                    threads == 1 ? "1 thread " : "all threads", s, r.designs.size(),
                    r.pareto.size(), static_cast<unsigned long long>(r.innerEvaluations),
                    static_cast<double>(r.innerEvaluations) / s / 1e6,
                    static_cast<unsigned long long>(r.tilingsPerDesign));
    }

    // Issue 32: both k rules, as the Codesign view draws both fronts (k = max, then
    // k = optimize, every hardware thread).
    {
        o.threads = 0;
        const auto t0 = Clock::now();
        search::CodesignOptions optimize = o;
        optimize.variant.k = talg::KRule::Optimize;
        const search::CodesignResult a = search::runCodesign(w, o);
        const search::CodesignResult b = search::runCodesign(w, optimize);
        std::printf("full grid, both k rules, all threads: %.2f s  (Pareto %zu under max, %zu "
                    "under optimize)\n",
                    seconds(t0, Clock::now()), a.pareto.size(), b.pareto.size());
        // The Architecture view's k-rule sentence for the architect's example (30 x 2048,
        // 480 KB): the design at every smaller M_SM of the grid and under k = optimize.
        search::CodesignOptions one = o;
        one.grid = search::HardwareGrid{{30}, {2048}, {480}, 2, {}, {}, {}};
        std::vector<double> note;
        for (int rep = 0; rep < 10; ++rep) {
            const auto t1 = Clock::now();
            const auto n = search::kRuleNote(w, one, search::thesisGrid().mSmKb);
            note.push_back(seconds(t1, Clock::now()) * 1e3);
            if (!n) {
                std::printf("unexpected: no k-rule note\n");
            }
        }
        std::sort(note.begin(), note.end());
        std::printf("k-rule sentence of one design (14 designs, background): median %.1f ms, "
                    "max %.1f ms\n",
                    note[note.size() / 2], note.back());
    }

    // The Codesign view's up-front estimate (on the GUI thread before each search): the grid's
    // areas and the workload's tilings counted, nothing evaluated.
    {
        std::vector<double> est;
        search::CodesignOptions full = o;
        full.areaMin = 200;
        full.areaMax = 650;
        search::CodesignEstimate e;
        for (int rep = 0; rep < 20; ++rep) {
            const auto t1 = Clock::now();
            e = search::estimateCodesign(w, full);
            est.push_back(seconds(t1, Clock::now()) * 1e3);
        }
        std::sort(est.begin(), est.end());
        std::printf("up-front estimate (200-650 mm2: %zu designs, %llu tilings, %.2f s "
                    "predicted under k = max): median %.1f ms, max %.1f ms\n",
                    e.inRange, static_cast<unsigned long long>(e.tilings), e.seconds,
                    est[est.size() / 2], est.back());
    }

    // One design, the whole workload (what an architecture slider needs).
    std::vector<double> times;
    Gpu g = o.base;
    for (int rep = 0; rep < 40; ++rep) {
        g.nV = 32 * (1 + rep % 16);
        const auto t0 = Clock::now();
        const search::DesignPoint d = search::optimizeDesign(w, g, {});
        times.push_back(seconds(t0, Clock::now()) * 1e3);
        if (!d.feasible) {
            std::printf("unexpected: infeasible design\n");
        }
    }
    std::sort(times.begin(), times.end());
    std::printf("one design, whole workload (64 exact optima): median %.1f ms, p90 %.1f ms, "
                "max %.1f ms\n",
                times[times.size() / 2], times[times.size() * 9 / 10], times.back());

    // Issue 59: the chip model's worked example (docs/codesign.md): an H100 successor at N3,
    // whole dies, 6 clocks x 5 memory stack counts x 7 x 7 designs, under 700 W.
    {
        const GpuProfile h100 = loadGpuProfile("h100-sxm5");
        const search::Workload hw = search::loadWorkload("ppopp17", h100);
        const area::CoefficientSet at28 = area::loadCoefficientSet(area::kDefaultCoefficientSet);
        search::CodesignOptions c;
        c.base = toGpu(h100);
        c.node = 3;
        c.coefficients = area::scaleToNode(at28, 3, area::OverheadScaling::Logic);
        c.chip = search::chipModelOf(h100, "hbm3e", true, at28);
        c.grid = search::HardwareGrid{{96, 112, 128, 144, 160, 176, 192},
                                      {64, 96, 128, 160, 192, 224, 256},
                                      {228},
                                      2,
                                      {},
                                      {1200, 1400, 1600, 1800, 2000, 2200},
                                      {4, 5, 6, 7, 8}};
        c.areaMax = 850;
        c.limits.power = true;
        c.limits.powerW = 700;
        c.threads = 0;
        const auto t0 = Clock::now();
        const search::CodesignResult r = search::runCodesign(hw, c);
        const double s = seconds(t0, Clock::now());
        std::printf("chip model, H100 successor at N3 (%zu grid points, %zu in 850 mm2, %zu "
                    "over 700 W), all threads: %.2f s\n",
                    r.gridPoints, r.designs.size(), r.outsideLimits, s);
    }
    return 0;
}
