// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "params/model_inputs.hpp"
#include "talg/talg.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

// Energy-aware tile choice (thesis App. B.8, spec energy-model.md §4): every feasible tiling
// of the Talg search space (eq. 31: tT even, tS2 a multiple of 32, M_tile within the per-block
// shared memory, k >= 1), its T_alg from the Talg model and its E_alg from the energy model;
// the time-, energy- and EDP-optimal tilings and the tilings within X % of the best under the
// chosen objective. Memory is bounded: two streaming passes (the optimum, then the list), and
// at most `maxWithin` tilings are kept (the count says how many there are).
namespace cdx::energy {

// Weighted: w E/E* + (1 - w) T/T*, with E* and T* the energy and time optima of the same
// search (each term 1 at its own optimum; w = EnergySearchOptions::weight).
enum class Objective { Energy, Time, Edp, Weighted };
std::string_view name(Objective o); // "energy", "time", "edp", "weighted"
Objective parseObjective(std::string_view s, const std::string& field);

struct EnergyPoint {
    talg::Tiles tiles;
    std::int64_t sS = 0; // the sub-tile (1-D stencils: sS = tS, see below; 0 for jacobi2d)
    double tAlg = 0;     // [s]
    double eAlg = 0;     // [J]
    double edp = 0;      // [J s]
    double weighted = 0; // w E/E* + (1 - w) T/T* (after the optima are known)
    double value(Objective o) const {
        switch (o) {
        case Objective::Energy:
            return eAlg;
        case Objective::Time:
            return tAlg;
        case Objective::Edp:
            return edp;
        case Objective::Weighted:
            return weighted;
        }
        return eAlg;
    }
};

// The shared memory per thread block of a Talg GPU in 4-byte words: the bound of a jacobi2d
// tile's footprint M_tile (A.20/A.32) when the time comes from that GPU.
std::int64_t sharedWordsPerBlock(const Gpu& gpu);

// One tiling of `problem` (its tiles and sub-tile) on the Talg side: its T_alg from the Talg
// model and its energy, as the search evaluates it; nullopt when the Talg model or the energy
// model finds it infeasible.
std::optional<EnergyPoint> evaluateTiling(const EnergyInput& problem, const EnergyCoefficients& c,
                                          const EnergyVariant& v, const Stencil& talgStencil,
                                          const Gpu& gpu, const talg::TalgVariant& tv);

struct EnergySearchOptions {
    Objective objective = Objective::Energy;
    double within = 0.10;         // fraction of the best objective value
    std::size_t maxWithin = 1000; // tilings kept in `within` (the best ones)
    double weight = 0.5;          // of energy in the weighted objective, in [0, 1]
    // A uniform sample of at most this many tilings (all when there are fewer) for plots of
    // energy against time; 0: none. Reservoir sampling with a fixed seed: the same sample
    // every time, memory bounded by this number.
    std::size_t maxCloud = 0;
    bool pareto = false; // compute the time-energy Pareto front
};

struct EnergySearchResult {
    bool found = false;
    Objective objective = Objective::Energy;
    EnergyPoint best;        // under the objective; ties -> smallest (tT, tS1, tS2)
    EnergyPoint timeOptimal; // the same search, each objective on its own
    EnergyPoint energyOptimal;
    EnergyPoint edpOptimal;
    std::vector<EnergyPoint> within; // ascending objective, ties in tie-break order; best first
    std::uint64_t withinCount = 0;   // all tilings within, even beyond maxWithin
    std::uint64_t feasiblePoints = 0;
    std::vector<EnergyPoint> cloud;  // the sample (maxCloud), in enumeration order
    std::vector<EnergyPoint> pareto; // ascending time, descending energy (options.pareto)
    std::vector<std::string> warnings;
};

// `problem` gives the stencil (jacobi1d or jacobi2d: the Talg model has no Smith-Waterman),
// sizes, op counts and mu_sr; its tiles and T_alg are ignored. The Talg stencil and GPU give
// the times (and the shared memory that bounds the tiles). 1-D: every tiling is taken with
// sS = tS (E_sr decreases as sS grows and T_alg does not depend on it, so no smaller sub-tile
// can be optimal). Throws InputError for bad input.
EnergySearchResult optimizeEnergy(const EnergyInput& problem, const EnergyCoefficients& c,
                                  const EnergyVariant& v, const Stencil& talgStencil,
                                  const Gpu& gpu, const talg::TalgVariant& tv,
                                  const EnergySearchOptions& options = {});

} // namespace cdx::energy
