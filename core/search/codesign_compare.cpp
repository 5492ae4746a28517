// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign_compare.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"

namespace cdx::search {

PlacedDesign placeDesign(const SessionState& s, double referenceTime) {
    PlacedDesign out;
    out.architecture = s.architecture();
    const area::CoefficientSet set = s.areaSet();
    out.areaWithCaches = area::areaBreakdown(out.architecture, set, s.areaForm).total;
    out.areaCacheLess =
        area::areaBreakdown(area::cacheLess(out.architecture), set, s.areaForm).total;
    const Workload w = loadWorkload(s.codesign.workload, s.gpu.id);
    out.workload = w.id;
    out.point = optimizeDesign(w, s.modelGpu(), s.variant, referenceTime);
    out.point.area = out.areaCacheLess;
    if (!(referenceTime > 0) || !out.point.feasible) {
        out.point.speedup = 0;
    }
    return out;
}

double referenceTime(const SessionState& s) {
    Gpu reference = s.modelGpu();
    try {
        reference = toGpu(loadGpuProfile(s.gpu.id));
    } catch (const InputError&) {
        // no shipped profile of this id: the GPU as it is (as runCodesign without a reference)
    }
    return optimizeDesign(loadWorkload(s.codesign.workload, s.gpu.id), reference, s.variant)
        .weightedTime;
}

} // namespace cdx::search
