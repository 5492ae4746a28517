// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

// The weighted time the codesign views' speed-ups are measured against: the session's workload
// on the shipped profile of its GPU id (on its GPU as it is when the id has no shipped
// profile), under its variant.
double referenceTime(const SessionState& s);

} // namespace cdx::search
