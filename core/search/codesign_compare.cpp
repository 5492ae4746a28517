// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign_compare.hpp"

#include "area/chip_gpu.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "search/codesign_chip.hpp"
#include "search/physical_limits.hpp"
#include "session/session.hpp"

#include <optional>

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
    if (s.codesign.chipOn) {
        // InputError (a GPU without the die block, a node outside the chip model): the view
        // shows it as the search's refusal.
        o.chip = chipModelOf(s.gpu, s.codesign.memoryTech, s.codesign.wholeDie,
                             s.areaCoefficients.id.empty()
                                 ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                                 : s.areaCoefficients);
        o.objective = parseObjective(s.codesign.objective, "codesign.chip.objective");
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

compare::FamilyComparison compareDesigns(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "codesign";
    f.title = "Codesign design (workload time, speed-up, power)";
    struct Side {
        PlacedDesign d;
        double powerW = 0;
    };
    std::optional<Side> sa, sb;
    // With the chip model on (issue 59) the chip's board power at its clock, as `cdx
    // chip-power` and the Architecture view give it; else the papers' per-lane estimate.
    const bool chip = a.codesign.chipOn || b.codesign.chipOn;
    const auto side = [chip](const SessionState& s) {
        Side x;
        x.d = placeDesign(s, referenceTime(s));
        if (chip) {
            const area::CoefficientSet at28 =
                s.areaCoefficients.id.empty()
                    ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                    : s.areaCoefficients;
            x.powerW = area::chipPowerOf(s.gpu, area::chipMemory(s.gpu), 0, 0,
                                         area::calibratePower(area::loadMemoryTech("hbm3")), at28)
                           .power.totalW;
        } else {
            x.powerW =
                designPowerW(x.d.point.nSm, x.d.point.nV, codesignLimits(s).clockGHz, s.areaNode);
        }
        return x;
    };
    compare::evaluateSides(
        f, [&] { sa = side(a); }, [&] { sb = side(b); });
    const auto get = [](const std::optional<Side>& x, auto field) -> std::optional<double> {
        return x ? field(*x) : std::optional<double>();
    };
    const auto time = [](const Side& x) {
        return x.d.point.feasible ? std::optional<double>(x.d.point.weightedTime) : std::nullopt;
    };
    compare::addNumber(f, "weighted_time_s", "s", sa ? time(*sa) : std::nullopt,
                       sb ? time(*sb) : std::nullopt, false, "docs/codesign.md (exact tilings)");
    compare::addNumber(
        f, "speedup", "×",
        get(sa,
            [](const Side& x) -> std::optional<double> {
                return x.d.point.speedup > 0 ? std::optional(x.d.point.speedup) : std::nullopt;
            }),
        get(sb, [](const Side& x) -> std::optional<double> {
            return x.d.point.speedup > 0 ? std::optional(x.d.point.speedup) : std::nullopt;
        }));
    compare::addNumber(
        f, "power_w", "W", get(sa, [](const Side& x) { return std::optional(x.powerW); }),
        get(sb, [](const Side& x) { return std::optional(x.powerW); }), false,
        chip ? "the chip model at the chip's clock: static + dynamic + memory at full load (cdx "
               "chip-power)"
             : "estimate: the node's reference board's TDP per FP32 lane per GHz (physical "
               "limits)");
    compare::addNumber(f, "area_mm2", "mm²",
                       get(sa, [](const Side& x) { return std::optional(x.d.areaCacheLess); }),
                       get(sb, [](const Side& x) { return std::optional(x.d.areaCacheLess); }),
                       false, "cache-less, as the codesign grid's designs");
    compare::addNumber(f, "area_with_caches_mm2", "mm²",
                       get(sa, [](const Side& x) { return std::optional(x.d.areaWithCaches); }),
                       get(sb, [](const Side& x) { return std::optional(x.d.areaWithCaches); }));
    for (const auto& [name, member] :
         {std::pair<const char*, std::int64_t DesignPoint::*>{"n_sm", &DesignPoint::nSm},
          {"n_v", &DesignPoint::nV}}) {
        compare::addNumber(f, name, "",
                           get(sa,
                               [m = member](const Side& x) {
                                   return std::optional(static_cast<double>(x.d.point.*m));
                               }),
                           get(sb,
                               [m = member](const Side& x) {
                                   return std::optional(static_cast<double>(x.d.point.*m));
                               }),
                           true);
    }
    if (!sa || !sb) {
        f.explanation = f.error;
        return f;
    }
    const auto& t = f.values[0];
    std::string e = "workload time " + compare::percentText(t.deltaPct());
    if (t.a && t.b) {
        e += " (" + compare::change(*t.a, *t.b) + " s)";
    } else {
        e += " (a side has no feasible tiling for some problem)";
    }
    const auto& sp = f.values[1];
    if (sp.a && sp.b) {
        e += ", speed-up " + compare::change(*sp.a, *sp.b, 3) + " ×";
    }
    e += ", power " + compare::change(sa->powerW, sb->powerW, 3) + " W (estimate), area " +
         compare::change(sa->d.areaCacheLess, sb->d.areaCacheLess, 4) + " mm² cache-less";
    if (sa->d.workload != sb->d.workload) {
        e += "; the workloads differ (" + sa->d.workload + " and " + sb->d.workload + ")";
    }
    f.explanation = e;
    return f;
}

} // namespace cdx::search
