// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_lineup.hpp"

#include "energy/energy_explain.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"

namespace cdx::energy {

std::string optimiseEnergyTiles(SessionState& s) {
    EnergySettings& e = s.energy;
    e.timeSource.kind = TimeSourceKind::Model;
    EnergySearchOptions o;
    o.objective = e.objective;
    o.weight = e.weight;
    o.within = e.within;
    o.maxWithin = 1;
    const EnergySearchResult r =
        optimizeEnergy(e.problem, coefficientsOf(e.coefficients), e.variant,
                       talgStencilFor(e.problem.stencil, s.gpu), toGpu(s.gpu), s.variant, o);
    if (!r.found) {
        throw InputError("energy.tiles", "",
                         "no tiling of the problem fits the GPU's shared memory and the Talg "
                         "model's constraints");
    }
    const bool twoD = e.problem.stencil == StencilKind::Jacobi2D;
    e.problem.tS1 = r.best.tiles.space[0];
    if (twoD) {
        e.problem.tS2 = r.best.tiles.space[1];
    } else {
        e.problem.sS = r.best.sS;
    }
    e.problem.tT = r.best.tiles.time;
    const std::string tiles =
        twoD ? std::to_string(e.problem.tS1) + "×" + std::to_string(e.problem.tS2)
             : std::to_string(e.problem.tS1);
    return "tiles " + tiles + ", tT " + std::to_string(e.problem.tT) + " (" +
           std::string(name(e.objective)) + "-optimal; T_alg from the Talg model)";
}

std::string sharedProblem(const SessionState& s) {
    const auto& p = s.energy.problem;
    std::string out(name(p.stencil));
    out.append(" ").append(std::to_string(p.s1));
    if (p.stencil == StencilKind::Jacobi2D) {
        out.append("×").append(std::to_string(p.s2));
    }
    out.append(", T ").append(std::to_string(p.t));
    return out;
}

} // namespace cdx::energy
