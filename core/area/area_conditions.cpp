// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_conditions.hpp"

#include "area/area_model.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"

namespace cdx::area {

std::vector<published::DomainValue> modelConditions(const SessionState& s) {
    // The area model's own warnings that profiles/validity/area.json cannot state (derived or
    // grid values); n_V, M_SM, R_VU and L1 per pair against their ranges are conditions there.
    std::vector<published::DomainValue> out;
    Architecture a;
    CoefficientSet set;
    try {
        a = s.architecture();
        set = s.areaSet();
    } catch (const InputError&) {
        return out; // the views say why there is no area
    }
    if (a.nSm < 1) {
        return out; // refused by the model, which the views say
    }
    const auto& r = set.ranges;
    const auto num = [](double v) { return formatNumber(v); };
    for (const auto w : calibrationWarnings(a, r)) {
        published::DomainValue d;
        d.family = "area";
        d.model = "die-area model";
        d.inside = false;
        d.why = describe(w, r);
        switch (w) {
        case Warning::OddSmsWithL1:
            d.what = "n_SM with an L1 (SM pairs)";
            d.value = num(double(a.nSm));
            d.allowed = "even";
            break;
        case Warning::VectorUnitsNotWarp:
            d.what = "n_V (vector units per SM)";
            d.value = num(double(a.nV));
            d.allowed = "a multiple of 32";
            break;
        case Warning::SharedMemoryOffGrid:
            d.what = "M_SM (shared memory per SM)";
            d.value = num(a.mSmKb) + " KB";
            d.allowed = "12, 24, 36 or a multiple of 48 KB";
            break;
        case Warning::L2Outside:
            d.what = "L2 per SM (L2 / n_SM)";
            d.value = num(a.l2Kb / double(a.nSm)) + " KB";
            d.allowed = "[" + num(r.l2PerSmKb[0]) + ", " + num(r.l2PerSmKb[1]) + "] KB";
            break;
        default:
            continue; // a condition of the validity file
        }
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace cdx::area
