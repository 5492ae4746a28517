// SPDX-License-Identifier: GPL-3.0-or-later
// EATSS solve times per program (docs/performance.md): the exact enumeration (median of 20 runs)
// against the artifact's Z3 procedure (one run), A100, s = 0.25, phi = 1 (heat-3d: phi = 0.5,
// the first feasible), FP64, artifact mode. The paper reports 1.3 s per kernel with Z3's Python
// API.

#include "eatss/eatss_model.hpp"
#include "eatss/eatss_z3.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

int main() {
    setenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR, 0);
    using clock = std::chrono::steady_clock;
    std::vector<std::string> programs;
    for (const auto& e : std::filesystem::directory_iterator(
             std::filesystem::path(CDX_SOURCE_PROFILES_DIR) / "programs")) {
        programs.push_back(e.path().stem().string());
    }
    std::sort(programs.begin(), programs.end());
    const auto gpu = cdx::eatss::loadGpu("a100");
    std::printf("EATSS on the A100, s = 0.25, FP64, artifact mode: exact enumeration vs the "
                "artifact's Z3 procedure\n");
    std::printf("  %-16s %8s %12s %10s %10s %8s %6s\n", "program", "loops", "enumerate", "visited",
                "Z3", "Z3/opt", "calls");
    std::vector<double> en, z3;
    for (const auto& id : programs) {
        const auto p = cdx::eatss::loadProgram(id);
        cdx::eatss::Formulation f;
        try {
            f = cdx::eatss::formulate(
                p, gpu, {cdx::eatss::Mode::Artifact, 0.25, id == "heat-3d" ? 0.5 : 1});
        } catch (const cdx::InputError&) {
            std::printf("  %-16s %8zu %12s\n", id.c_str(), p.loops.size(), "(artifact exits)");
            continue;
        }
        std::vector<double> ms;
        cdx::eatss::Solution s;
        for (int i = 0; i < 20; ++i) {
            const auto t0 = clock::now();
            s = cdx::eatss::solveExact(f);
            ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - t0).count());
        }
        std::sort(ms.begin(), ms.end());
        const auto t0 = clock::now();
        const auto z = cdx::eatss::solveZ3(f);
        const double zms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
        en.push_back(ms[10]);
        z3.push_back(zms);
        std::printf("  %-16s %8zu %9.3f ms %10llu %7.1f ms %8.3f %6d\n", id.c_str(), p.loops.size(),
                    ms[10], static_cast<unsigned long long>(s.visited), zms,
                    s.feasible && s.objective > 0
                        ? static_cast<double>(z.objective) / static_cast<double>(s.objective)
                        : 0.0,
                    z.calls);
    }
    // Issue 33: the unaligned searches (phi = 0, every integer tile size) and every other
    // configuration the editors accept for the shipped programs: every GPU, every shipped
    // split, every alignment of the paper's grid and 0, both modes.
    const auto exact = [&](const cdx::eatss::Formulation& f) {
        const auto t0 = clock::now();
        const auto s = cdx::eatss::solveExact(f);
        return std::make_pair(std::chrono::duration<double, std::milli>(clock::now() - t0).count(),
                              s);
    };
    {
        const auto f = cdx::eatss::formulate(cdx::eatss::loadProgram("conv-2d"), gpu,
                                             {cdx::eatss::Mode::Artifact, 0, 0});
        std::vector<double> runs;
        cdx::eatss::Solution s;
        for (int i = 0; i < 11; ++i) {
            auto [t, r] = exact(f);
            runs.push_back(t);
            s = r;
        }
        std::sort(runs.begin(), runs.end());
        std::printf("conv-2d on the A100, split 0, alignment 0 (artifact): median %.2f ms, max "
                    "%.2f ms; W = %lld, %llu optima, %llu tile vectors evaluated\n",
                    runs[5], runs.back(), static_cast<long long>(s.objective),
                    static_cast<unsigned long long>(s.optima),
                    static_cast<unsigned long long>(s.visited));
    }
    double worst = 0;
    std::string worstName;
    int configurations = 0;
    for (const char* g : {"a100", "xavier", "rtx2080ti"}) {
        const auto gg = cdx::eatss::loadGpu(g);
        for (const auto& id : programs) {
            const auto p = cdx::eatss::loadProgram(id);
            for (double split : gg.caps) {
                for (double align : {1.0, 0.5, 0.25, 0.125, 0.0}) {
                    for (auto mode : {cdx::eatss::Mode::Artifact, cdx::eatss::Mode::Paper}) {
                        cdx::eatss::Formulation f;
                        try {
                            f = cdx::eatss::formulate(p, gg, {mode, split, align});
                        } catch (const cdx::InputError&) {
                            continue;
                        }
                        ++configurations;
                        const double t = exact(f).first;
                        if (t > worst) {
                            worst = t;
                            char buf[160];
                            std::snprintf(buf, sizeof buf, "%s on %s, split %g, alignment %g, %s",
                                          id.c_str(), g, split, align,
                                          std::string(cdx::eatss::name(mode)).c_str());
                            worstName = buf;
                        }
                    }
                }
            }
        }
    }
    std::printf("every shipped program x GPU x split x alignment (1 .. 0.125, 0) x mode: %d "
                "configurations, slowest %.2f ms (%s)\n",
                configurations, worst, worstName.c_str());
    std::sort(en.begin(), en.end());
    std::sort(z3.begin(), z3.end());
    std::printf("  median over %zu programs: enumerate %.3f ms (max %.3f), Z3 %.1f ms (max %.1f)\n",
                en.size(), en[en.size() / 2], en.back(), z3[z3.size() / 2], z3.back());
    return 0;
}
