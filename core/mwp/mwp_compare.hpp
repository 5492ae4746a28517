// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>

namespace cdx {
struct SessionState;
}

namespace cdx::mwp {

// MWP-CWP of the baseline `a` and the session `b` (issue 29): every value `cdx mwp` prints
// (Exec_cycles, CPI, MWP, CWP, N, the case and the MWP limiter, the trace) and the Chapter V
// category; the sentence names the case and the inputs of the binding term that moved most.
compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b);

// IPP power of both (`cdx power`): GPU and run-time power split exactly over the power units,
// idle and activation power, energy, GIPS/W and the optimal number of active SMs. Both GPUs need
// IPP power data (else the error says which has none).
compare::FamilyComparison comparePowerSessions(const SessionState& a, const SessionState& b);

// A side as titles name it (MWP-CWP and power alike): "GTX 280, kernel Example I".
std::string sideName(const SessionState& s);

// What the GPU sides of an MWP-CWP, power or occupancy line-up share: "kernel <label>".
std::string sharedKernel(const SessionState& s);

} // namespace cdx::mwp
