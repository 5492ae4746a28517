// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: Talg evaluations per second (2D, 3D) and the wall time of a full-space
// optimize, single-threaded. Plain C++ so that it measures core alone.

#include "search/tile_search.hpp"
#include "support/fixtures.hpp"
#include "talg/talg.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace cdx;
using cdx::test::gtx980;
using cdx::test::stencil;
using Clock = std::chrono::steady_clock;

namespace {

volatile double gSink = 0; // keeps the optimiser from dropping the work

// Evaluates every feasible tiling of the space over and over for at least `seconds`.
struct Rate {
    double best;
    double median;
};

Rate evaluationsPerSecond(const Stencil& st, const talg::Problem& p, const Gpu& g, double seconds) {
    search::SearchOptions all;
    all.within = 1e300;
    std::vector<talg::Tiles> points;
    for (const auto& q : search::searchTiles(st, p, g, {}, all).within) {
        points.push_back(q.tiles);
    }
    // The machine is shared: time many short windows and report the best and the median.
    std::vector<double> rates;
    double acc = 0;
    const auto start = Clock::now();
    const talg::PreparedTalg model(st, p, g, {}); // what the search uses per tiling
    while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
        const auto w0 = Clock::now();
        std::uint64_t n = 0;
        while (std::chrono::duration<double>(Clock::now() - w0).count() < 0.1) {
            for (const auto& t : points) {
                acc += model.evaluate(t).tAlg;
            }
            n += points.size();
        }
        rates.push_back(static_cast<double>(n) /
                        std::chrono::duration<double>(Clock::now() - w0).count());
    }
    gSink = acc;
    std::sort(rates.begin(), rates.end());
    return {rates.back(), rates[rates.size() / 2]};
}

struct SearchTiming {
    double medianSeconds;
    double minSeconds;
    std::uint64_t feasible;
    search::TilePoint best;
};

SearchTiming timeSearch(const Stencil& st, const talg::Problem& p, const Gpu& g, int repeats) {
    std::vector<double> times;
    search::SearchResult r;
    for (int i = 0; i < repeats; ++i) {
        const auto start = Clock::now();
        r = search::searchTiles(st, p, g, {}, {});
        times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return {times[times.size() / 2], times.front(), r.feasiblePoints, r.best};
}

} // namespace

int main() {
    const Gpu g = gtx980();
    const Stencil heat2d = stencil("heat2d", 2, 3.68e-8);
    const Stencil heat3d = stencil("heat3d", 3, 1.55e-7);
    const talg::Problem p2{2, {8192, 8192, 1}, 8192};
    const talg::Problem p3{3, {512, 512, 512}, 512};

    std::printf("Codesign Explorer benchmark (single thread, geometric pitch, k = max)\n\n");
    const Rate e2 = evaluationsPerSecond(heat2d, p2, g, 3.0);
    std::printf("Talg 2D evaluations (Heat 2D, GTX 980, 8192^3, all feasible tilings): "
                "best %.2f, median %.2f million/s\n",
                e2.best / 1e6, e2.median / 1e6);
    const Rate e3 = evaluationsPerSecond(heat3d, p3, g, 3.0);
    std::printf("Talg 3D evaluations (Heat 3D, GTX 980, 512^4, all feasible tilings):  "
                "best %.2f, median %.2f million/s\n\n",
                e3.best / 1e6, e3.median / 1e6);

    const auto s2 = timeSearch(heat2d, p2, g, 201);
    std::printf("optimize Heat 2D 8192^3 GTX 980: %llu feasible points, median %.3f ms "
                "(min %.3f ms); best tS = %lld x %lld, tT = %lld, T_alg = %.6f s\n",
                static_cast<unsigned long long>(s2.feasible), s2.medianSeconds * 1e3,
                s2.minSeconds * 1e3, static_cast<long long>(s2.best.tiles.space[0]),
                static_cast<long long>(s2.best.tiles.space[1]),
                static_cast<long long>(s2.best.tiles.time), s2.best.tAlg);
    const auto s3 = timeSearch(heat3d, p3, g, 51);
    std::printf("optimize Heat 3D 512^4 GTX 980:  %llu feasible points, median %.3f ms "
                "(min %.3f ms); best tS = %lld x %lld x %lld, tT = %lld, T_alg = %.6f s\n",
                static_cast<unsigned long long>(s3.feasible), s3.medianSeconds * 1e3,
                s3.minSeconds * 1e3, static_cast<long long>(s3.best.tiles.space[0]),
                static_cast<long long>(s3.best.tiles.space[1]),
                static_cast<long long>(s3.best.tiles.space[2]),
                static_cast<long long>(s3.best.tiles.time), s3.best.tAlg);

    // Issue 17: large spaces on every core, and the up-front estimate against the truth.
    std::printf("\nLarge spaces (within 10 %%, the best 1,000 kept), one thread vs one per core "
                "(%u):\n",
                std::thread::hardware_concurrency());
    Stencil jacobi1d = stencil("jacobi1d", 1, 3e-8);
    Gpu big = g;
    big.mSmKb = big.mTbKb = 65536;
    struct Large {
        const char* name;
        const Stencil* st;
        talg::Problem p;
        const Gpu* gpu;
    };
    const Large large[] = {
        {"Jacobi 1D 16777216 x 100000, GTX 980 (issue 17)", &jacobi1d,
         talg::Problem{1, {16777216, 1, 1}, 100000}, &g},
        {"Heat 2D 8192^3, 4 MB shared memory", &heat2d, p2, &big},
        {"Heat 3D 4096^4, 64 MB shared memory", &heat3d, talg::Problem{3, {4096, 4096, 4096}, 4096},
         &big},
    };
    for (const auto& l : large) {
        Gpu gpu = *l.gpu;
        if (l.p.dim == 2) {
            gpu.mSmKb = gpu.mTbKb = 4096;
        }
        auto start = Clock::now();
        const auto e = search::estimateSearch(*l.st, l.p, gpu, {}, search::withinOptions(0.10));
        const double estimateSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        double seconds[2] = {0, 0};
        search::SearchResult r;
        for (int i = 0; i < 2; ++i) {
            search::SearchOptions o = search::withinOptions(0.10);
            o.threads = i == 0 ? 1 : 0;
            start = Clock::now();
            r = search::searchTiles(*l.st, l.p, gpu, {}, o);
            seconds[i] = std::chrono::duration<double>(Clock::now() - start).count();
        }
        const double fitting = static_cast<double>(r.feasiblePoints + r.infeasible.noResidentBlock);
        std::printf("  %s: %.3g tilings fit (estimate %.3g, %+.1f %%, counted in %.1f ms; "
                    "estimated %.2f s on %u thread(s)); search %.2f s on 1 thread, %.2f s on "
                    "%u (x%.2f); %llu within 10 %%\n",
                    l.name, fitting, static_cast<double>(e.fittingPoints),
                    100 * (static_cast<double>(e.fittingPoints) / fitting - 1),
                    estimateSeconds * 1e3, e.seconds, e.threads, seconds[0], seconds[1], e.threads,
                    seconds[0] / seconds[1], static_cast<unsigned long long>(r.withinCount));
    }
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("  peak resident memory of the whole benchmark: %.1f MB\n",
                static_cast<double>(usage.ru_maxrss) / 1024);
    return 0;
}
