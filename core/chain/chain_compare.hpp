// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

namespace cdx {
struct SessionState;
}

namespace cdx::chain {

// The matrix chains of the baseline `a` and the session `b` (issue 29): the op count, S
// (no fusion), F, the fused total and the reduction, both trees as text; when both trees have
// the same hyper-nodes, the fused total's difference split over them, the largest first.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

} // namespace cdx::chain
