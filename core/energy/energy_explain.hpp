// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "energy/energy_session.hpp"
#include "params/profiles.hpp"
#include "runs/run_store.hpp"
#include "talg/talg.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// What the Energy workspace shows besides E_alg itself: the time source resolved, each
// coefficient's share of E_alg (exact linear sensitivities), "explain this number" (every
// term traced to its equation with the values substituted), and the per-point energy curves
// of the surface-to-volume effect. Pure functions of plain structs, as the model.
namespace cdx::energy {

// The energy of a session's configuration with its time source resolved.
struct SettingsEvaluation {
    EnergyInput input;     // with tAlgS from the source
    std::string timeLabel; // "given", "Talg model on NVIDIA GeForce GTX 980", "run 12 ..."
    std::vector<std::string> warnings; // the cross-GPU warning, a run that does not match
    // Of the warnings, those that put the result beyond what the sources calibrated or give
    // (the cross-GPU estimate; the result's own extrapolations are in result->extrapolations).
    std::vector<std::string> extrapolations;
    std::optional<EnergyResult> result;
    std::optional<double> measuredJ; // the run's measured energy (time source "measured")
    std::string runSource;           // where the run came from (its source column)
    std::string error;               // why there is no result (InputError text)
};

// The Talg model's stencil for energy stencil `k` on `gpu` (the shipped jacobi1d/jacobi2d
// profile). InputError when there is none (sw) or no C_iter is published for that GPU, saying
// what to do instead (give T_alg, or choose a measured run).
Stencil talgStencilFor(StencilKind k, const GpuProfile& gpu);

// `gpu`/`tv`: the Talg GPU and variant of the session (time source "model"; the Talg stencil
// is the shipped profile of the energy stencil: jacobi1d or jacobi2d). `run`: the run the
// "measured" source names, looked up by the caller in its run database (nullopt: not found).
SettingsEvaluation evaluateSettings(const EnergySettings& e, const GpuProfile& gpu,
                                    const talg::TalgVariant& tv,
                                    const std::optional<runs::Run>& run);

// E_alg = sum_k f_k c_k (linear): the term of each coefficient in joules and its share of
// E_alg, which is also the elasticity dE/E per dc/c (1 % more e_gs -> share % more E_alg).
struct CoefficientShare {
    std::string key;   // "p_stat_w", ...
    std::string label; // "P_stat (static)", ...
    double joules = 0;
    double share = 0; // of E_alg, in [0, 1]
};
std::array<CoefficientShare, 7>
coefficientShares(const EnergyInput& in, const EnergyCoefficients& c, const EnergyVariant& v);

// One line of "explain this number".
struct ExplainedTerm {
    std::string symbol; // "V_tile"
    double value = 0;
    std::string unit;        // "points"
    std::string formula;     // "tS2 * tT/2 * (2 tS1 + tT - 2)"
    std::string substituted; // "64 * 4 * 38"
    std::string source;      // "B.4 (thesis App. B); pitch geometric"
};
std::vector<ExplainedTerm> explainEnergy(const EnergyInput& in, const EnergyCoefficients& c,
                                         const EnergyVariant& v);

// Dynamic energy per iteration point e_pt (J/point) against the tile width (tS1 for jacobi2d,
// tS for the 1-D stencils with the session's number of sub-tiles per tile held), one curve per
// tT: the surface-to-volume effect. e_pt does not depend on T_alg or the problem size (beyond
// bounding the tiles). Only feasible tilings are drawn: with in.sharedWordsPerBlock set, the
// jacobi2d curves end where M_tile (A.20) exceeds it (the 1-D tiles have no footprint formula).
struct PerPointCurve {
    std::int64_t tT = 0;
    std::vector<std::pair<std::int64_t, double>> points; // (tile width, e_pt)
    bool operator==(const PerPointCurve&) const = default;
};
std::vector<PerPointCurve> perPointCurves(const EnergyInput& in, const EnergyCoefficients& c,
                                          const EnergyVariant& v);

} // namespace cdx::energy
