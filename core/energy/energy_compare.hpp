// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::energy {

// The energy of the baseline `a` and the session `b` (issue 29): every value `cdx energy`
// prints (toJson of the result) and E_alg's difference split exactly into static energy and
// the three dynamic terms (global<->shared, shared<->register, arithmetic). A session whose
// time source is a measured run needs the run database: here its side is an error.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

// A side as titles name it: the GPU's label.
std::string sideName(const SessionState& s);

struct EnergyResult;
// The same from two evaluated results (null: that side has none), for the views that evaluate
// with the run database (a measured time source).
compare::FamilyComparison compareResults(const EnergyResult* a, const EnergyResult* b);

} // namespace cdx::energy
