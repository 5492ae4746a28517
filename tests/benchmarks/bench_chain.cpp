// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix chains (docs/performance.md): the time of the worked example D.7 (analyseChain: op-count
// DP, S, the hyper-node recurrence), of a 20-matrix chain, of the all-trees extension against n
// (O(n^4)), of the integer-tile extension, and of the Table D.1 experiment (19,000 chains at two
// capacities). Medians of repeated runs; chains drawn uniformly from [320, 1024], seed 1.

#include "chain/chain_extensions.hpp"
#include "chain/chain_model.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

namespace {
double medianMs(int reps, const std::function<void()>& f) {
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}
std::vector<std::int64_t> randomChain(int n, std::mt19937_64& rng) {
    std::uniform_int_distribution<std::int64_t> d(320, 1024);
    std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
    for (auto& x : p) {
        x = d(rng);
    }
    return p;
}
} // namespace

int main() {
    using namespace cdx::chain;
    const std::vector<std::int64_t> example{936, 1008, 552, 368, 1016, 616, 544};
    volatile double sink = 0;
    std::printf("Matrix chains (thesis App. D), M = 65536, corrected beta, medians\n");
    std::printf("  worked example D.7 (6 matrices), analyseChain:   %9.4f ms\n",
                medianMs(2001, [&] { sink = analyseChain(example, 65536, Beta::Corrected).f; }));
    std::printf("  worked example, integer tiles (brute force):     %9.4f ms\n", medianMs(201, [&] {
                    sink = integerPlan(analyseChain(example, 65536, Beta::Corrected)).fusedBest;
                }));
    std::mt19937_64 rng(1);
    const auto c20 = randomChain(20, rng);
    std::printf("  20-matrix chain, analyseChain:                   %9.4f ms\n",
                medianMs(501, [&] { sink = analyseChain(c20, 65536, Beta::Corrected).f; }));
    std::printf("  all parenthesizations (extension) against n:\n");
    for (int n : {5, 10, 20, 40, 80, 160, 200}) {
        const auto p = randomChain(n, rng);
        const int reps = n <= 20 ? 101 : n <= 80 ? 11 : 3;
        std::printf("    n = %3d: %12.3f ms\n", n,
                    medianMs(reps, [&] { sink = allTrees(p, 65536, Beta::Corrected).fusedTotal; }));
    }
    TableD1Config c;
    c.beta = Beta::Thesis;
    std::printf("  Table D.1 experiment (n = 2..20, 1000 chains each, 2 capacities): %.1f ms\n",
                medianMs(5, [&] { sink = tableD1(c).allFrom3[0].avg; }));
    (void)sink;
    return 0;
}
