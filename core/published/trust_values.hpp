// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "published/published.hpp"

#include <string>
#include <utility>
#include <vector>

namespace cdx {
struct GpuProfile;
struct SessionState;
} // namespace cdx

// How far to trust a session, as named values (issue 62: the lesson on the How far to trust this
// view quotes them, {trust:NAME}). The same data the view reads: profiles/validity/ (every
// model's calibration domain, checked against the session), the kinds of the GPU's values and
// profiles/published/ (what the project reproduces, printed or derived).
namespace cdx::published {

// `conditions` and `outside` over every model; per model `<family>.conditions`,
// `<family>.outside` and `<family>.first_outside` (what the first condition outside is about,
// "" when none); `<prefix>.<kind>` for every kind of value (vendor, published, measured,
// estimated, fitted, yours; 0 when the GPU has none) of each GPU of `gpus`; `published.printed`,
// `published.derived` and `published.errata` (entries with an erratum). `modelConditions` are the
// models' own rows of the view (area::modelConditions, mwp::modelConditions), counted with their
// family's. InputError when a validity or published file cannot be read. `gpus` are the GPUs whose
// values are counted by kind, each under its prefix ("gpu" -> "gpu.estimated").
compare::FamilyComparison
trustOfSession(const SessionState& s, const std::vector<DomainValue>& modelConditions,
               const std::vector<std::pair<std::string, const GpuProfile*>>& gpus);

} // namespace cdx::published
