// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/warp_timeline.hpp"

#include "params/format.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <queue>
#include <utility>

namespace cdx::mwp {

std::string_view name(PeriodKind k) {
    switch (k) {
    case PeriodKind::Compute:
        return "compute";
    case PeriodKind::MemoryWait:
        return "memory_wait";
    case PeriodKind::Memory:
        return "memory";
    }
    return "compute";
}

namespace {
// Sets simulated in full; beyond, the steady state's per-set advance is extrapolated.
constexpr long long kMaxSimulatedSteps = 400'000;
} // namespace

WarpTimeline warpTimeline(const MwpResult& r) {
    for (const double v : {r.n, r.mwp, r.cwp, r.compCycles, r.memCycles, r.memInsts,
                           r.cyclesPerRound, r.compP, r.memL, r.rep, r.synchCost}) {
        if (!std::isfinite(v)) {
            throw InputError("MWP-CWP result", "not finite",
                             "expected a result of the MWP-CWP model for a valid kernel");
        }
    }
    if (r.n < 0.5) {
        throw InputError("N", formatG(r.n, 6), "expected at least one warp per SM");
    }
    WarpTimeline tl;
    tl.regime = r.regime;
    tl.n = r.n;
    tl.mwp = r.mwp;
    tl.cwp = r.cwp;
    tl.warps = std::min(WarpTimeline::kMaxWarps, static_cast<int>(std::lround(r.n)));
    const bool memory = r.memInsts > 0;
    tl.memorySlots = memory ? std::max(1, static_cast<int>(std::floor(r.mwp + 1e-9))) : 1;
    tl.setsTotal =
        memory ? static_cast<int>(std::max(1.0, std::min(std::round(r.memInsts), 1e9))) : 1;
    tl.compPeriod = r.compCycles / tl.setsTotal;
    tl.memPeriod = memory ? r.memCycles / tl.setsTotal : 0;
    tl.compP = r.compP;
    tl.memL = r.memL;
    tl.setsDrawn = std::max(1, std::min(tl.setsTotal, WarpTimeline::kMaxPeriods / (3 * tl.warps)));
    tl.modelCycles = r.cyclesPerRound;
    tl.repetitions = r.rep;
    tl.synchPerRepetition = r.rep > 0 ? r.synchCost / r.rep : 0;

    // The schedule: the SM computes the earliest-ready warp (lowest row on a tie); its memory
    // period takes the earliest free slot.
    const int n = tl.warps;
    const long long simSets =
        std::min<long long>(tl.setsTotal, std::max<long long>(2, kMaxSimulatedSteps / n));
    using Ready = std::pair<double, int>;
    std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
    for (int w = 0; w < n; ++w) {
        ready.push({0.0, w});
    }
    std::priority_queue<double, std::vector<double>, std::greater<>> slots;
    for (int s = 0; s < tl.memorySlots; ++s) {
        slots.push(0.0);
    }
    std::vector<long long> setOf(static_cast<std::size_t>(n), 0);
    double procFree = 0, end = 0, lastSetEnd = 0, prevSetEnd = 0;
    std::vector<std::pair<double, int>> events; // memory start (+1) and end (-1)
    long long doneInSet = 0, setsFinished = 0;
    while (!ready.empty()) {
        const auto [at, w] = ready.top();
        ready.pop();
        const long long set = setOf[static_cast<std::size_t>(w)];
        const double cs = std::max(procFree, at);
        const double ce = cs + tl.compPeriod;
        procFree = ce;
        double ms = ce, me = ce;
        if (memory) {
            const double slotFree = slots.top();
            slots.pop();
            ms = std::max(ce, slotFree);
            me = ms + tl.memPeriod;
            slots.push(me);
        }
        end = std::max(end, me);
        if (set < tl.setsDrawn) {
            const int s = static_cast<int>(set);
            tl.periods.push_back({w, s, PeriodKind::Compute, cs, ce});
            if (memory) {
                if (ms > ce) {
                    tl.periods.push_back({w, s, PeriodKind::MemoryWait, ce, ms});
                }
                tl.periods.push_back({w, s, PeriodKind::Memory, ms, me});
                events.push_back({ms, +1});
                events.push_back({me, -1});
            }
            tl.drawnSpan = std::max(tl.drawnSpan, me);
        }
        tl.computeBusy += tl.compPeriod;
        if (++doneInSet == n) { // the sets finish in order: every warp computes once per set
            doneInSet = 0;
            ++setsFinished;
            prevSetEnd = lastSetEnd;
            lastSetEnd = end;
        }
        if (set + 1 < simSets) {
            setOf[static_cast<std::size_t>(w)] = set + 1;
            ready.push({me, w});
        }
    }
    tl.pictureSpan = end;
    if (simSets < tl.setsTotal) { // the steady state repeats: extrapolate its per-set advance
        const double perSet = lastSetEnd - prevSetEnd;
        tl.pictureSpan = end + perSet * static_cast<double>(tl.setsTotal - simSets);
        tl.computeBusy = tl.compPeriod * n * tl.setsTotal;
    }
    std::sort(events.begin(), events.end()); // an end (-1) before a start (+1) at the same time
    int count = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        count += events[i].second;
        if (i + 1 < events.size() && events[i + 1].first == events[i].first) {
            continue;
        }
        tl.inFlight.push_back({events[i].first, count});
        tl.maxInFlight = std::max(tl.maxInFlight, count);
    }
    std::sort(tl.periods.begin(), tl.periods.end(), [](const WarpPeriod& a, const WarpPeriod& b) {
        return a.start < b.start || (a.start == b.start && a.warp < b.warp);
    });
    tl.pictureMinusModel = tl.pictureSpan - tl.modelCycles;

    // The model's terms and formula, with its own numbers.
    switch (r.regime) {
    case Regime::ShortOfWarps:
        tl.modelMemoryTerm = r.memCycles;
        tl.modelComputeTerm = r.compCycles + r.compP * (r.mwp - 1);
        tl.formula = "Case 1 (eq. 21): Mem_cycles + Comp_cycles + Comp_p x (MWP - 1) = " +
                     formatG(r.memCycles, 6) + " + " + formatG(r.compCycles, 6) + " + " +
                     formatG(r.compP, 6) + " x " + formatG(r.mwp - 1, 6) + " = " +
                     formatG(r.cyclesPerRound, 6) + " cycles";
        break;
    case Regime::MemoryBound:
        tl.modelMemoryTerm = r.memCycles * r.n / r.mwp;
        tl.modelComputeTerm = r.compP * (r.mwp - 1);
        tl.formula = "Case 2 (eq. 22): Mem_cycles x N / MWP + Comp_p x (MWP - 1) = " +
                     formatG(r.memCycles, 6) + " x " + formatG(r.n, 6) + " / " + formatG(r.mwp, 6) +
                     " + " + formatG(r.compP, 6) + " x " + formatG(r.mwp - 1, 6) + " = " +
                     formatG(r.cyclesPerRound, 6) + " cycles";
        break;
    case Regime::ComputeBound:
        tl.modelMemoryTerm = r.memL;
        tl.modelComputeTerm = r.compCycles * r.n;
        tl.formula = "Case 3 (eq. 23): Mem_L + Comp_cycles x N = " + formatG(r.memL, 6) + " + " +
                     formatG(r.compCycles, 6) + " x " + formatG(r.n, 6) + " = " +
                     formatG(r.cyclesPerRound, 6) + " cycles";
        break;
    }
    const double tol = 1e-9 * std::max(1.0, std::abs(tl.modelCycles));
    if (std::abs(tl.pictureMinusModel) > tol) {
        std::string why;
        if (r.regime == Regime::MemoryBound) {
            why = "the picture starts with MWP computation periods before the first batch of "
                  "memory periods (eq. 1, the thesis's Figure 6a); eq. (22) counts MWP - 1";
        }
        const bool wholeN =
            std::abs(r.n - std::round(r.n)) < 1e-9 && r.n <= WarpTimeline::kMaxWarps;
        const bool wholeMwp = std::abs(r.mwp - std::round(r.mwp)) < 1e-9;
        const bool wholeSets = !memory || std::abs(r.memInsts - tl.setsTotal) < 1e-9;
        const auto add = [&why](const std::string& s) {
            why.append(why.empty() ? "" : "; ").append(s);
        };
        if (!wholeN) {
            add("the picture draws N = " + formatG(r.n, 6) + " as " + std::to_string(tl.warps) +
                " warps");
        }
        if (!wholeMwp && memory) {
            add("a fractional MWP = " + formatG(r.mwp, 6) + " is drawn as " +
                std::to_string(tl.memorySlots) + " memory periods in flight at most");
        }
        if (!wholeSets) {
            add("#Mem_insts = " + formatG(r.memInsts, 6) + " is drawn as " +
                std::to_string(tl.setsTotal) + " sets");
        }
        if (r.regime == Regime::ShortOfWarps && std::abs(r.mwp - r.n) > 1e-9) {
            add("Case 1 was chosen with MWP = " + formatG(r.mwp, 6) +
                " short of N = " + formatG(r.n, 6) + " (the robust test, spec §1.3 [R])");
        }
        if (why.empty()) {
            why = "warps wait for one another in the whole-warp schedule where the model's "
                  "closed form lets them overlap";
        }
        tl.difference = why;
    }
    return tl;
}

int inFlightAt(const WarpTimeline& tl, double t) {
    int count = 0;
    for (const auto& s : tl.inFlight) {
        if (s.t > t) {
            break;
        }
        count = s.count;
    }
    return count;
}

} // namespace cdx::mwp
