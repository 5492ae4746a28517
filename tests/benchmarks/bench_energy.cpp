// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: energy evaluations per second and the energy-aware tile choice (two streaming
// passes over every feasible tiling with T_alg from the Talg model) of the J2D default problem
// (Jacobi 2D, 8192^2 x 8192, GTX 980 times, K20c Model A coefficients). docs/performance.md.

#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace cdx;
using Clock = std::chrono::steady_clock;

int main() {
    const auto c = energy::loadEnergyCoefficients("k20c-a");
    energy::EnergyInput in;
    in.stencil = energy::StencilKind::Jacobi2D;
    in.s1 = in.s2 = 4096;
    in.t = 1024;
    in.tS1 = 16;
    in.tS2 = 64;
    in.tT = 8;
    in.tAlgS = 0.5;
    constexpr int kEvals = 1000000;
    double sink = 0;
    const auto t0 = Clock::now();
    for (int i = 0; i < kEvals; ++i) {
        in.tS1 = 16 + i % 64;
        sink += energy::evaluateEnergy(in, c).eAlg;
    }
    const double evalS = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("evaluateEnergy (J2D): %.0f ns each (%.1f M/s)  [%g]\n", 1e9 * evalS / kEvals,
                kEvals / evalS / 1e6, sink > 0 ? 1.0 : 0.0);

    const GpuProfile g = loadGpuProfile("gtx980");
    const StencilProfile s = loadStencilProfile("jacobi2d");
    energy::EnergyInput problem;
    problem.stencil = energy::StencilKind::Jacobi2D;
    problem.s1 = problem.s2 = problem.t = 8192;
    std::vector<double> times;
    energy::EnergySearchResult r;
    for (int run = 0; run < 15; ++run) {
        const auto a = Clock::now();
        r = energy::optimizeEnergy(problem, c, {}, toStencil(s, g.id), toGpu(g), {});
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("energy-optimize J2D 8192^2 x 8192 on GTX 980 (%llu feasible tilings, two passes): "
                "median %.2f ms, min %.2f ms, max %.2f ms\n",
                static_cast<unsigned long long>(r.feasiblePoints), times[times.size() / 2],
                times.front(), times.back());
    return 0;
}
