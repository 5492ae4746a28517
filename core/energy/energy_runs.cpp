// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_runs.hpp"

#include "params/input_error.hpp"

namespace cdx::energy {

runs::KnownIds measuredRunIds() {
    runs::KnownIds k;
    k.gpus = {"k20c"};
    k.stencils = {{"sw", 1}};
    k.subTileRequired = {"sw"};
    return k;
}

std::optional<EnergyInput> energyInputOf(const runs::Run& r, std::string* whyNot,
                                         const std::optional<OpCounts>& ops,
                                         const std::optional<double>& muSr) {
    const auto no = [&](std::string why) -> std::optional<EnergyInput> {
        if (whyNot) {
            *whyNot = std::move(why);
        }
        return std::nullopt;
    };
    EnergyInput in;
    if (r.stencil == "sw") {
        in.stencil = StencilKind::SmithWaterman;
    } else if (r.stencil == "jacobi1d") {
        in.stencil = StencilKind::Jacobi1D;
    } else if (r.stencil == "jacobi2d") {
        in.stencil = StencilKind::Jacobi2D;
    } else {
        return no("the energy model has no plug-in for stencil '" + r.stencil +
                  "' (sw, jacobi1d, jacobi2d)");
    }
    if (in.stencil == StencilKind::Jacobi2D) {
        if (r.dim != 2) {
            return no("a jacobi2d run must be 2-D");
        }
        in.s1 = r.space[0];
        in.s2 = r.space[1];
        in.tS1 = r.tile[0];
        in.tS2 = r.tile[1];
    } else {
        if (!r.subTile) {
            return no("no sub-tile ss: the energy model's " + r.stencil +
                      " tiling has sub-tiles (a hexagonal run is the Talg model's)");
        }
        in.s1 = r.space[0];
        in.tS1 = r.tile[0];
        in.sS = *r.subTile;
    }
    in.t = r.time;
    in.tT = r.tt;
    in.ops = ops;
    in.muSr = in.stencil == StencilKind::Jacobi2D ? muSr : std::nullopt;
    in.tAlgS = r.timeSeconds;
    try {
        stencilModel(in.stencil).validate(in);
    } catch (const InputError& e) {
        return no(e.what());
    }
    return in;
}

MeasuredEnergyRuns measuredEnergyRuns(const std::vector<runs::Run>& runs,
                                      const std::optional<OpCounts>& ops,
                                      const std::optional<double>& muSr) {
    MeasuredEnergyRuns out;
    for (const auto& r : runs) {
        if (!r.energyJ) {
            out.skipped.push_back({r.id, "no measured energy (energy_j)"});
            continue;
        }
        if (!(*r.energyJ > 0)) {
            out.skipped.push_back({r.id, "measured energy 0 J (a relative error needs > 0)"});
            continue;
        }
        std::string why;
        const auto in = energyInputOf(r, &why, ops, muSr);
        if (!in) {
            out.skipped.push_back({r.id, why});
            continue;
        }
        out.runs.push_back({r.id, r.gpu, runs::experimentKey(r), *in, *r.energyJ});
    }
    return out;
}

} // namespace cdx::energy
