// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_runs.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "runs/run_import.hpp"

namespace cdx::runs {

namespace {

// The Tiled-stencils family: the GPU and stencil profiles of the Talg model, shipped and the
// user's (issue 43: runs measured on the user's own GPU close the loop on it); a profile of the
// user's that cannot be read is left out (its runs are refused, naming the id).
KnownIds talgRunIds() {
    KnownIds k;
    for (const auto& e : listAllProfiles("gpus")) {
        if (e.error.empty()) {
            k.gpus.push_back(e.id);
        }
    }
    for (const auto& e : listAllProfiles("stencils")) {
        if (!e.error.empty() || k.stencils.count(e.id) != 0) {
            continue;
        }
        try {
            k.stencils[e.id] = readStencilProfile(e.path).dim;
        } catch (const InputError&) {
        }
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
