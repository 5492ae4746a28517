// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::area {

// The die areas of the baseline `a` and the session `b` (issue 29): every value `cdx area`
// prints (architecture, total, components, shares, groups, per SM), the total's difference
// split over the six components (it is their sum), the largest named first.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

// A side as titles name it: the GPU's label ("GTX 980, edited: n_sm").
std::string sideName(const SessionState& s);

} // namespace cdx::area
