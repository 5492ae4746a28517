// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/codesign.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// The k rule where it bites (issue 32). Under k = max (the thesis's rule: as many thread blocks
// per SM as fit) more shared memory per SM lets more blocks reside, and every one of them runs:
// a design with a larger M_SM can then be slower than the same design with a smaller one. The
// exact search under k = optimize (every k from 1 to the most that fit) recovers the time.
namespace cdx::search {

struct KRuleNote {
    std::int64_t nSm = 0;
    std::int64_t nV = 0;
    double mSmKb = 0;        // the design's shared memory per SM [KB]
    double time = 0;         // its best weighted workload time under k = max [s]
    double smallerMSmKb = 0; // the smaller M_SM of the axis with the best time [KB]
    double smallerTime = 0;  // that design's best weighted time under k = max [s]
    double optimizeTime = 0; // the design under k = optimize [s]
};

// `one`: the options of one design (its grid a single point), under the variant to explain.
// When that variant's rule is k = max, the design is feasible and a smaller M_SM of
// `mSmKbAxis` (the same n_SM and n_V) gives a strictly better best time: the note, with the
// design under k = optimize. nullopt otherwise (another rule, nothing faster, infeasible).
// InputError as runCodesign for bad options.
std::optional<KRuleNote> kRuleNote(const Workload& w, const CodesignOptions& one,
                                   const std::vector<double>& mSmKbAxis);

// The note in one sentence with its numbers ("Under k = max, 480 KB of shared memory per SM
// ...").
std::string sentence(const KRuleNote& n);

} // namespace cdx::search
