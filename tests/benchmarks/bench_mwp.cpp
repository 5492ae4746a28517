// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: MWP-CWP evaluations per second, and the regime map of 200 x 200 points the
// bottleneck view recomputes on every edit (goal: under 16 ms), plus the IPP active-SM sweep.
// Uses the shipped profiles (CDX_PROFILES_DIR or the source tree).

#include "mwp/mwp_profiles.hpp"
#include "mwp/regime_map.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace cdx;
using namespace cdx::mwp;
using Clock = std::chrono::steady_clock;

namespace {
double ms(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}
struct Stats {
    double median, p90, max;
};
Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v[v.size() * 9 / 10], v.back()};
}
} // namespace

int main() {
    const GpuProfile gp = loadMwpGpuProfile("gtx280");
    const Device d = deviceOf(gp);
    const Kernel k = kernelOf(loadKernelProfile("example-i"), gp);
    const PowerParams p = powerParamsOf(gp);

    // Single evaluations.
    constexpr int kEvals = 2000000;
    Kernel kk = k;
    double sink = 0;
    const auto t0 = Clock::now();
    for (int i = 0; i < kEvals; ++i) {
        kk.activeBlocksPerSm = 1 + i % 8;
        sink += evaluate(d, kk, {}).execCycles;
    }
    const double evalMs = ms(t0, Clock::now());
    std::printf("MWP-CWP evaluate(): %.1f M evaluations/s (%.0f ns each)\n", kEvals / evalMs / 1e3,
                evalMs * 1e6 / kEvals);

    // Regime maps, 200 x 200, for three axis pairs.
    const struct {
        const char* what;
        AxisRange x, y;
    } maps[] = {
        {"resident blocks x bandwidth",
         {MapAxis::ActiveBlocksPerSm, 1, 8, 200, false},
         {MapAxis::BandwidthGbs, 10, 400, 200, true}},
        {"computation x coalesced memory instructions",
         {MapAxis::CompInsts, 1, 400, 200, false},
         {MapAxis::CoalMemInsts, 0, 40, 200, false}},
        {"active SMs x DRAM latency",
         {MapAxis::ActiveSms, 1, 30, 200, false},
         {MapAxis::MemLd, 100, 1000, 200, false}},
    };
    for (const auto& m : maps) {
        std::vector<double> times;
        for (int rep = 0; rep < 60; ++rep) {
            const auto a = Clock::now();
            const RegimeMap r = regimeMap(d, k, {}, m.x, m.y);
            const auto edges = regimeBoundaries(r);
            times.push_back(ms(a, Clock::now()));
            sink += static_cast<double>(edges.size());
        }
        const Stats s = stats(times);
        std::printf("regime map 200 x 200 (%s) + boundaries: median %.2f ms, p90 %.2f ms, "
                    "max %.2f ms (goal < 16 ms)\n",
                    m.what, s.median, s.p90, s.max);
    }

    // IPP sweep over active SMs (the perf/W view).
    std::vector<double> times;
    for (int rep = 0; rep < 200; ++rep) {
        const auto a = Clock::now();
        sink += optimalActiveSms(d, p, k, {}).bySweep;
        times.push_back(ms(a, Clock::now()));
    }
    const Stats s = stats(times);
    std::printf("IPP optimal active SMs (30-point sweep with power): median %.3f ms\n", s.median);
    return sink > 0 ? 0 : 1;
}
