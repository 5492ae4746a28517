// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::eatss {

// The EATSS optimum of the baseline `a` and the session `b` (issue 29): the configuration
// (GPU, split, alignment, precision, mode), the exact optimum's tiles, W and blk, the budgets
// and each constraint's value at the optimum; the sentence says what moved W.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

// A side as titles name it: "gemm on gtx1080ti".
std::string sideName(const SessionState& s);

} // namespace cdx::eatss
