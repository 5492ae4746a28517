// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The Chapter V throughput model (spec mwp-cwp-power.md §3): MWP_App against MWP_BW and
// MWP_Proc, idle memory cycles, EffRatio, performance, the ten categories and the
// quantitative suggestions (eqs. 83-93).
namespace cdx::mwp {

enum class ThroughputLimiter { Application, Bandwidth, Processing, Warps, None };
std::string_view name(ThroughputLimiter l); // mwp_app, mwp_bw, mwp_proc, n, none

struct CategoryText {
    int number = 0;            // 1..10; 0 = no memory instructions
    std::string_view title;    // "The best case", "MWP_BW problem", ...
    std::string_view verbatim; // the thesis's (Bad)/(Good)/(Note) lines of Fig. 114/115
    std::string_view erratum;  // spec §3.4 notes on this category, if any
};
// Categories 1-10 of Figures 114/115 (spec §3.4, verbatim).
const CategoryText& categoryText(int number);

struct ThroughputResult {
    int activeSms = 0;
    double n = 0;
    double effComp = 0;          // computation cycles per memory access (incl. M_Factor, DEP, ILP)
    double effPerf = 0;          // useful (FP) cycles per memory access
    double effMem = 0;           // latency of one access [cycles]
    double mwpAppInfiN = 0;      // (72)
    double mwpAppOneMemWarp = 0; // (73)
    double mwpApp = 0;           // (74)
    double bwPerWarp = 0;        // (76) [GB/s]
    double mwpBw = 0;            // (75)
    double mwpProc = 0;          // MWP_Without_BW_full (16) [R]
    double mwp = 0;              // (71)
    ThroughputLimiter limiter = ThroughputLimiter::None;
    double memSerialN = 0, memDividedN = 0, memN = 0, compCyclesN = 0; // (78)-(81)
    double idleMemCycles = 0;                                          // (82)
    double effRatio = 0;                                               // (77)
    double effRatioCompOnly = 0;                                       // (68): EffPerf / EffComp
    double hiddenMemoryRatio = 0; // IdleMemCycles / Mem_SerialN (Fig. 113) [R]
    double peakAchiGflops = 0;    // (65)-(67), scaled by active / all SMs [R]
    double perfGflops = 0;        // (64)
    int category = 0;             // 1..10 (0: no memory instructions)
    bool warpsSufficient = false; // N >= MWP_App_InfiN (sub-category II)
    // Suggestions (§3.5).
    double alpha = 0;               // MWP_App / MWP_BW (eq. 85)
    double suggestedCoresExact = 0; // #ActiveSM / alpha when alpha > 1
    int suggestedCores = 0;         // floor of it, >= 1 (all active SMs when alpha <= 1)
    double suggestedN = 0;          // MWP_BW / MSTR when MWP_App > MWP_BW, else N (eq. 90)
    std::optional<double> coreFrequencyDivisor; // eq. (93), >= 1, only when N < InfiN
    std::vector<std::string> warnings;
};

ThroughputResult throughput(const Device& d, const Kernel& k, const MwpVariant& v);

// The category from the three comparisons (spec §3.4; 0.85 = the "within 15%" band).
int category(double n, double mwpAppInfiN, double mwpApp, double mwpBw, double mwpProc);

} // namespace cdx::mwp
