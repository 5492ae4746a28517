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
    const Workload w = loadWorkload(s.codesign.workload, s.gpu);
    out.workload = w.id;
    out.point = optimizeDesign(w, s.modelGpu(), s.variant, referenceTime);
    out.point.area = out.areaCacheLess;
    if (!(referenceTime > 0) || !out.point.feasible) {
        out.point.speedup = 0;
    }
    return out;
}

PhysicalLimits codesignLimits(const SessionState& s) {
    PhysicalLimits l;
    l.reticle = s.codesign.reticleOn;
    l.reticleMm2 = s.codesign.reticleMm2;
    l.power = s.codesign.powerOn;
    l.powerW = s.codesign.powerW;
    // The power estimate at the chip's own clock (issue 43), as its time constants are.
    if (const auto it = s.gpu.params.find("clock_mhz");
        it != s.gpu.params.end() && it->second.value) {
        l.clockGHz = *it->second.value / 1000;
    }
    return l;
}

CodesignOptions codesignOptions(const SessionState& s) {
    CodesignOptions o;
    o.base = s.modelGpu();
    o.variant = s.variant;
    o.coefficients = s.areaSet();
    o.form = s.areaForm;
    o.areaMin = s.codesign.areaMin;
    o.areaMax = s.codesign.areaMax;
    o.limits = codesignLimits(s);
    o.node = s.areaNode;
    const double rVu = o.grid.rVuKb;
    o.grid = gridOf(s.codesign);
    o.grid.rVuKb = rVu;
    try {
        o.reference = toGpu(loadGpuProfile(s.gpu.id));
    } catch (const InputError&) {
        // no shipped profile of this id: the GPU as it is is its own reference
    }
    return o;
}

double referenceTime(const SessionState& s) {
    Gpu reference = s.modelGpu();
    try {
        reference = toGpu(loadGpuProfile(s.gpu.id));
    } catch (const InputError&) {
        // no shipped profile of this id: the GPU as it is (as runCodesign without a reference)
    }
    return optimizeDesign(loadWorkload(s.codesign.workload, s.gpu), reference, s.variant)
        .weightedTime;
}

} // namespace cdx::search
