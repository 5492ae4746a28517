// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::chain {

// The matrix chains of the baseline `a` and the session `b` (issue 29): the op count, S
// (no fusion), F, the fused total and the reduction, both trees as text; when both trees have
// the same hyper-nodes, the fused total's difference split over them, the largest first.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

// A side as titles name it: "5 matrices, M = 1024".
std::string sideName(const SessionState& s);

} // namespace cdx::chain
