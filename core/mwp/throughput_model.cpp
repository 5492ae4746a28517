// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/throughput_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace cdx::mwp {

namespace {

// Figures 114 and 115, verbatim (spec §3.4).
constexpr std::array<CategoryText, 11> kCategories{{
    {0, "No memory instructions", "The kernel has no global-memory instructions.", ""},
    {1, "Short of warps; MWP_BW and MWP_Process problems",
     "(Bad) Number of warps per SM is not enough for an application\n"
     "(Bad) Memory problem from MWP_BW and MWP_Process\n"
     "(Note) Not much you can do unless compiler optimization\n"
     "(Note) Increase N does not help much as memory problem will occur but at least some "
     "computations can execute in between\n"
     "(Note) Reduce core frequency",
     ""},
    {2, "Short of warps; MWP_Process problem",
     "(Bad) Number of warps per SM is not enough for an application\n"
     "(Bad) MWP_Process problem with N. Improve memory type. Reducing cores does not help "
     "really because single mem. latency issue from one sm\n"
     "(Note) Increase N does not help much as memory problem will occur but at least some "
     "computations can execute in between\n"
     "(Note) Reduce core frequency",
     ""},
    {3, "Short of warps (not too much); MWP_BW problem",
     "(Bad) Number of warps per SM is not enough for an application, but not too much\n"
     "(Bad) MWP_BW problem\n"
     "(Note) Use other device with larger BW, reduce active cores & data usage per thread\n"
     "(Note) Increase N does not help much as memory problem will occur but at least some "
     "computations can execute in between",
     ""},
    {4, "Fourth best: short of warps; MWP_BW may be just enough",
     "(Bad) Number of warps per SM is not enough for an application\n"
     "(OK) MWP_BW may be just enough\n"
     "(Note) Use other device with larger BW, reduce active cores & data usage per thread\n"
     "(Note) Increase N does not help much as memory problem will occur but at least some "
     "computations can execute in between\n"
     "(Note) Fourth Best Case !",
     ""},
    {5, "Third best: short of warps; no hardware saturation",
     "(Bad) Number of warps per SM is not enough for an application\n"
     "(Good) No HW saturation problem in Memory BW and Memory Process from N perspective\n"
     "(Note) Increase N helps definitely\n"
     "(Note) Reduce core frequency\n"
     "(Note) Third Best Case !",
     "Figures 125/126 call this 'the best case' of sub-category I."},
    {6, "Enough warps; MWP_BW and MWP_Process problems",
     "(Good) Enough number of warps (N) to hide memory latency\n"
     "(Bad) Memory problem from MWP_BW and MWP_Process. Memory saturation overlapping problem, "
     "could result in extra cycles\n"
     "(Note) Computations to fit idle cycles are enough But memory problems could result in "
     "more idle cycles\n"
     "(Note) Possibly reduce N to reduce stressing register/fetch/decode/scheduler",
     "Sec. 5.6.1 calls this the worst case of sub-category II."},
    {7, "Enough warps; MWP_Process problem",
     "(Good) Enough number of warps (N) to hide memory latency\n"
     "(Bad) Memory problem from MWP_BW and MWP_Process. Memory saturation overlapping problem, "
     "could result in extra cycles\n"
     "(Note) Computations to fit idle cycles are enough But memory problems could result in "
     "more idle cycles",
     "The thesis's text names MWP_BW too, but the condition has MWP_BW >= MWP_App: only "
     "MWP_Process is the problem (copy-paste in the source)."},
    {8, "Enough warps; bandwidth problem",
     "(Good) Enough number of warps (N) to hide memory latency\n"
     "(Bad) MWP_BW problem. Bandwidth problem\n"
     "(Note) Use other device with larger BW, reduce active cores & memory data usage per "
     "thread",
     ""},
    {9, "Second best: enough warps; MWP_BW may be just enough",
     "(Good) Enough number of warps (N) to hide memory latency\n"
     "(OK) MWP_BW may be just enough\n"
     "(Best) Second best case !\n"
     "Further improvement comes from compiler optimization",
     ""},
    {10, "The best case",
     "(Good) Enough number of warps (N) to hide memory latency\n"
     "(Good) No HW saturation problem in Memory BW and Memory Process from N perspective\n"
     "(Best) The best case.\n"
     "Further improvement comes from compiler optimization",
     ""},
}};

constexpr double kSaturationBand = 0.85; // "within 15%" (spec §3.4)

} // namespace

std::string_view name(ThroughputLimiter l) {
    switch (l) {
    case ThroughputLimiter::Application:
        return "mwp_app";
    case ThroughputLimiter::Bandwidth:
        return "mwp_bw";
    case ThroughputLimiter::Processing:
        return "mwp_proc";
    case ThroughputLimiter::Warps:
        return "n";
    case ThroughputLimiter::None:
        return "none";
    }
    return "?";
}

const CategoryText& categoryText(int number) {
    return kCategories.at(static_cast<std::size_t>(std::clamp(number, 0, 10)));
}

int category(double n, double mwpAppInfiN, double mwpApp, double mwpBw, double mwpProc) {
    const int base = n < mwpAppInfiN ? 0 : 5; // sub-category I or II
    if (mwpProc < mwpApp) {
        return base + (mwpBw < mwpApp ? 1 : 2);
    }
    if (mwpBw < kSaturationBand * mwpApp) {
        return base + 3;
    }
    return base + (mwpBw < mwpApp ? 4 : 5);
}

ThroughputResult throughput(const Device& d, const Kernel& k, const MwpVariant& v) {
    const MwpResult m = evaluate(d, k, v);
    ThroughputResult r;
    r.activeSms = m.activeSms;
    r.n = m.n;
    const double sms = m.activeSms;
    // PeakAchi (65)-(67): FMA counts 2 FLOP; scaled by the active share of the SMs [R].
    const double useful = k.mix.fp + k.mix.fpDiv + k.mix.fpFused;
    if (d.fpUnitsPerSm > 0 && useful > 0) {
        const double devPeak = d.nSm * d.fpUnitsPerSm * d.freqGhz;
        r.peakAchiGflops =
            (devPeak * (k.mix.fp + k.mix.fpDiv) / useful + 2 * devPeak * k.mix.fpFused / useful) *
            (sms / d.nSm);
    } else if (d.fpUnitsPerSm <= 0) {
        r.warnings.emplace_back("fp_units_per_sm unknown: no peak, so no GFLOP/s");
    }
    const double computation = d.issueCycles * weightedComputation(k.mix) * k.depEffect / k.ilp;
    const double usefulCycles = d.issueCycles * useful / k.ilp;
    r.effRatioCompOnly = computation > 0 ? usefulCycles / computation : 0; // (68)
    if (m.memInsts <= 0) {
        r.limiter = ThroughputLimiter::None;
        r.effRatio = r.effRatioCompOnly;
        r.perfGflops = r.peakAchiGflops * r.effRatio;
        r.category = 0;
        r.suggestedCores = m.activeSms;
        r.suggestedN = r.n;
        return r;
    }
    r.effComp = computation / m.memInsts;
    r.effPerf = usefulCycles / m.memInsts;
    r.effMem = k.effMemCycles ? *k.effMemCycles : m.memL;
    r.mwpAppInfiN = r.effComp > 0 ? std::max(r.effMem / r.effComp, 1.0)
                                  : std::numeric_limits<double>::infinity(); // (72)
    r.mwpAppOneMemWarp = std::min(r.mwpAppInfiN, r.n);                       // (73)
    r.mwpApp = r.mwpAppOneMemWarp * k.mstr;                                  // (74)
    r.bwPerWarp = d.freqGhz * k.loadBytesPerWarp / m.memL;                   // (76)
    r.mwpBw = d.bandwidthGbs / (r.bwPerWarp * sms);                          // (75)
    r.mwpProc = m.mwpWithoutBwFull;                                          // (16) [R]
    r.mwp = std::min({r.mwpApp, r.mwpBw, r.mwpProc, r.n});                   // (71)
    if (r.mwp == r.n && r.n <= r.mwpApp) {
        r.limiter = ThroughputLimiter::Warps;
    } else if (r.mwp == r.mwpApp) {
        r.limiter = ThroughputLimiter::Application;
    } else if (r.mwp == r.mwpBw) {
        r.limiter = ThroughputLimiter::Bandwidth;
    } else {
        r.limiter = ThroughputLimiter::Processing;
    }
    r.memSerialN = r.effMem * r.n;                           // (78)
    r.memDividedN = r.memSerialN / r.mwp;                    // (79)
    r.memN = r.memDividedN + r.effComp * (r.mwp - 1);        // (80)
    r.compCyclesN = r.effComp * r.n;                         // (81)
    r.idleMemCycles = std::max(0.0, r.memN - r.compCyclesN); // (82)
    const double denominator = r.compCyclesN + r.idleMemCycles;
    r.effRatio = denominator > 0 ? r.effPerf * r.n / denominator : 0; // (77)
    r.hiddenMemoryRatio = r.idleMemCycles / r.memSerialN;
    r.perfGflops = r.peakAchiGflops * r.effRatio; // (64)
    r.warpsSufficient = r.n >= r.mwpAppInfiN;
    r.category = category(r.n, r.mwpAppInfiN, r.mwpApp, r.mwpBw, r.mwpProc);
    // Suggestions (§3.5): fewer active cores (83-88), fewer warps (89-92), lower core clock (93).
    r.alpha = r.mwpApp / r.mwpBw;
    if (r.alpha > 1) {
        r.suggestedCoresExact = sms / r.alpha;
        r.suggestedCores = std::max(1, static_cast<int>(std::floor(r.suggestedCoresExact)));
        r.suggestedN = r.mwpBw / k.mstr;
    } else {
        r.suggestedCoresExact = sms;
        r.suggestedCores = m.activeSms;
        r.suggestedN = r.n;
    }
    if (r.n < r.mwpAppInfiN && r.n > 1) {
        r.coreFrequencyDivisor = std::max(1.0, (r.mwpAppInfiN - 1) / (r.n - 1));
    }
    return r;
}

} // namespace cdx::mwp
