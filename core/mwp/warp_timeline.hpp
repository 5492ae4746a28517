// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"

#include <string>
#include <vector>

// Warp timeline (thesis §2.3.2, Figures 6-9; spec mwp-cwp-power.md §1.3): the pictures behind
// Cases 1/2/3, computed for the session's kernel. One SM runs N warps for one repetition; each
// warp does #Mem_insts sets of one computation period (Comp_p = Comp_cycles / #Mem_insts) then
// one memory period (Mem_L). The SM computes one warp at a time (the earliest ready first); at
// most MWP memory periods are in flight (whole warps: floor(MWP) slots), a request that finds no
// free slot waits. The picture is this small schedule, simulated exactly; its span is the
// picture's own total. The model's Exec_cycles per repetition (eqs. 21-23) is carried alongside,
// with the terms it adds, and `pictureMinusModel` says how far the picture is from it and why:
//  - Case 1 and Case 3 pictures end exactly at eqs. (21) and (23) for whole N and #Mem_insts;
//  - a Case 2 picture ends at eq. (1), MWP computation periods plus N/MWP memory periods per
//    set, one Comp_p more than eq. (22)'s MWP - 1 (spec §1.3 [C]; the thesis's own Figure 6a
//    text counts two computation periods for MWP = 2), plus the rounding of N/MWP to whole
//    batches when MWP is fractional.
namespace cdx::mwp {

enum class PeriodKind { Compute, MemoryWait, Memory };
std::string_view name(PeriodKind k); // compute, memory_wait, memory

struct WarpPeriod {
    int warp = 0; // 0-based row
    int set = 0;  // 0-based set (computation + memory)
    PeriodKind kind = PeriodKind::Compute;
    double start = 0, end = 0; // [cycles] from the repetition's start
};

struct InFlightStep {
    double t = 0;  // [cycles]
    int count = 0; // memory periods in flight from t on
};

struct WarpTimeline {
    Regime regime = Regime::MemoryBound;
    double n = 0, mwp = 0, cwp = 0;       // the model's (fractional) values
    int warps = 0;                        // rows: N rounded to whole warps (at most kMaxWarps)
    int memorySlots = 0;                  // memory periods in flight at most: floor(MWP) >= 1
    int setsTotal = 0;                    // #Mem_insts rounded (1 without memory instructions)
    int setsDrawn = 0;                    // the periods stored: at most kMaxPeriods in all
    double compPeriod = 0, memPeriod = 0; // Comp_cycles / sets, Mem_cycles / sets [cycles]
    double compP = 0, memL = 0;           // the model's Comp_p (eq. 2) and Mem_L (eq. 14)
    std::vector<WarpPeriod> periods;      // the drawn sets, in start order
    std::vector<InFlightStep> inFlight;   // over the drawn sets
    double drawnSpan = 0;                 // the end of the last drawn period
    double pictureSpan = 0;               // the end of the whole simulated repetition
    double computeBusy = 0;               // cycles the SM computes in the repetition
    int maxInFlight = 0;                  // the most memory periods in flight at once
    double modelCycles = 0;               // eqs. (21)/(22)/(23): Exec_cycles per repetition
    double modelMemoryTerm = 0;           // its memory part
    double modelComputeTerm = 0;          // its computation part
    double synchPerRepetition = 0;        // Synch_cost / #Rep (eq. 25)
    double repetitions = 0;               // #Rep (eq. 20)
    double pictureMinusModel = 0;         // pictureSpan - modelCycles
    std::string formula;                  // the case's equation in words, with numbers
    std::string difference;               // why the picture and the model differ (or "")
    static constexpr int kMaxWarps = 128;
    static constexpr int kMaxPeriods = 6000; // periods stored for drawing
};

// From a result of evaluate(). InputError for a result with no warps or non-finite values;
// N above kMaxWarps warps is drawn as kMaxWarps rows (the model's numbers stay N's).
WarpTimeline warpTimeline(const MwpResult& r);

// The memory periods in flight at cycle t (0 before the first, after the last).
int inFlightAt(const WarpTimeline& tl, double t);

} // namespace cdx::mwp
