// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "published/published.hpp"

#include <vector>

namespace cdx {
struct SessionState;
}

namespace cdx::area {

// The die-area model's own calibration warnings that profiles/validity/area.json cannot state
// (derived or grid values: odd SMs with an L1, vector units not a multiple of a warp, shared
// memory off the Cacti grid, L2 per SM outside its fit), as rows of How far to trust this.
// Empty when the session has no valid architecture (the views say why).
std::vector<published::DomainValue> modelConditions(const SessionState& s);

} // namespace cdx::area
