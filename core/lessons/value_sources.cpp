// SPDX-License-Identifier: GPL-3.0-or-later
// The value sources of the lessons beyond the comparison's families: one line each.
#include "area/area_conditions.hpp"
#include "lessons/lessons.hpp"
#include "mwp/mwp_conditions.hpp"
#include "occupancy/occupancy_lineup.hpp"
#include "published/trust_values.hpp"
#include "search/roofline.hpp"

namespace cdx::lessons {

const std::vector<ValueSource>& valueSources() {
    static const std::vector<ValueSource> sources{
        {"roofline", &search::rooflineOfSession},
        {"occupancy", &occupancy::evaluateSession},
        // The rows How far to trust this shows: every calibration file's conditions and the
        // models' own (the die-area model's grid warnings, the kernel against its GPU).
        {"trust",
         [](const SessionState& s) {
             auto own = area::modelConditions(s);
             const auto kernel = mwp::modelConditions(s);
             own.insert(own.end(), kernel.begin(), kernel.end());
             return published::trustOfSession(s, own, {{"gpu", &s.gpu}, {"mwp_gpu", &s.mwp.gpu}});
         }},
    };
    return sources;
}

} // namespace cdx::lessons
