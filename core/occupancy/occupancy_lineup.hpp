// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "occupancy/occupancy.hpp"

#include <string>
#include <vector>

namespace cdx {
struct SessionState;
}

namespace cdx::occupancy {

// The launch of the session's MWP-CWP kernel on its GPU (the Occupancy view's input): threads
// per block, registers per thread and shared memory per block from the kernel's parameters.
// What is unknown is taken as 0 and said in `assumed` ("registers per thread unknown: 0
// assumed"), as is a limit the GPU's profile sets other than its compute capability.
Input sessionInput(const SessionState& s, std::vector<std::string>* assumed = nullptr);

// The Occupancy family's side of a line-up (issue 46): `cdx occupancy`'s values for the
// session's kernel on its GPU (the GPU of the MWP-CWP workspace). InputError as evaluate().
compare::FamilyComparison evaluateSession(const SessionState& s);

} // namespace cdx::occupancy
