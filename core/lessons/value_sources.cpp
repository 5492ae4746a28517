// SPDX-License-Identifier: GPL-3.0-or-later
// The value sources of the lessons beyond the comparison's families: one line each.
#include "lessons/lessons.hpp"
#include "occupancy/occupancy_lineup.hpp"
#include "published/trust_values.hpp"
#include "search/roofline.hpp"

namespace cdx::lessons {

const std::vector<ValueSource>& valueSources() {
    static const std::vector<ValueSource> sources{
        {"roofline", &search::rooflineOfSession},
        {"occupancy", &occupancy::evaluateSession},
        {"trust", &published::trustOfSession},
    };
    return sources;
}

} // namespace cdx::lessons
