// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_runs.hpp"
#include "params/profiles.hpp"
#include "runs/run_import.hpp"

namespace cdx::runs {

namespace {

// The Tiled-stencils family: the GPU and stencil profiles of the Talg model.
KnownIds talgRunIds() {
    KnownIds k;
    for (const auto& e : listProfiles("gpus")) {
        k.gpus.push_back(e.id);
    }
    for (const auto& e : listProfiles("stencils")) {
        k.stencils[e.id] = readStencilProfile(e.path).dim;
    }
    return k;
}

// The registration list: one line per family whose measurements the run store takes.
using IdSource = KnownIds (*)();
constexpr IdSource kIdSources[] = {
    talgRunIds,             // gtx980, titanx; heat2d, jacobi2d, ...
    energy::measuredRunIds, // k20c; sw (thesis App. B)
};

} // namespace

KnownIds KnownIds::shipped() {
    KnownIds k;
    for (const IdSource source : kIdSources) {
        k.merge(source());
    }
    return k;
}

} // namespace cdx::runs
