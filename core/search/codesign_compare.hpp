// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "search/codesign.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::search {

// A session's own design where the codesign views draw designs (issue 29: the baseline's
// design beside the session's search): the exact best weighted time of its workload
// (`s.codesign.workload` with its GPU's stencil constants) under its own time constants and
// variant, the speed-up against `referenceTime` (> 0; else 0), and its die area under its own
// area coefficients and form, with its caches and without (the codesign grid's designs are
// cache-less). InputError as the session's own evaluation (an area set or workload it cannot
// load, a design the area model refuses).
struct PlacedDesign {
    area::Architecture architecture;
    DesignPoint point; // nSm, nV, mSmKb, feasible, weightedTime, speedup; area = areaCacheLess
    double areaWithCaches = 0;
    double areaCacheLess = 0;
    std::string workload; // its workload's id
};
PlacedDesign placeDesign(const SessionState& s, double referenceTime);

// Two sessions' designs as the Architecture view shows each (issue 44: comparing designs
// showed their area only): the workload's weighted time and the speed-up (each side against
// its own reference time), the power estimate at the chip's clock and node (physical_limits),
// and the die area with and without caches. One family of `cdx compare` ("codesign") and of
// the Die area workspace's Compare view.
compare::FamilyComparison compareDesigns(const SessionState& a, const SessionState& b);

// The options of the session's codesign search (the Codesign view's): its GPU's time constants,
// variant, area set (at its node) and form, area range, physical limits, grid (the thesis' axes
// where the session has none) and bandwidth axis; speed-ups against the shipped profile of its
// GPU id (unset when the id has none). No progress, cancel flag or thread count.
CodesignOptions codesignOptions(const SessionState& s);
// The session's physical limits (its codesign settings').
PhysicalLimits codesignLimits(const SessionState& s);

// The weighted time the codesign views' speed-ups are measured against: the session's workload
// on the shipped profile of its GPU id (on its GPU as it is when the id has no shipped
// profile), under its variant.
double referenceTime(const SessionState& s);

} // namespace cdx::search
