#pragma once

#include "energy/energy_model.hpp"
#include "params/model_inputs.hpp"
#include "talg/talg.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

// Energy-aware tile choice (thesis App. B.8, spec energy-model.md §4): every feasible tiling
// of the Talg search space (eq. 31: tT even, tS2 a multiple of 32, M_tile within the per-block
// shared memory, k >= 1), its T_alg from the Talg model and its E_alg from the energy model;
// the time-, energy- and EDP-optimal tilings and the tilings within X % of the best under the
// chosen objective. Memory is bounded: two streaming passes (the optimum, then the list), and
// at most `maxWithin` tilings are kept (the count says how many there are).
namespace cdx::energy {

enum class Objective { Energy, Time, Edp };
std::string_view name(Objective o); // "energy", "time", "edp"
Objective parseObjective(std::string_view s, const std::string& field);

struct EnergyPoint {
    talg::Tiles tiles;
    std::int64_t sS = 0; // the sub-tile (1-D stencils: sS = tS, see below; 0 for jacobi2d)
    double tAlg = 0;     // [s]
    double eAlg = 0;     // [J]
    double edp = 0;      // [J s]
    double value(Objective o) const {
        return o == Objective::Energy ? eAlg : o == Objective::Time ? tAlg : edp;
    }
};

struct EnergySearchOptions {
    Objective objective = Objective::Energy;
    double within = 0.10;         // fraction of the best objective value
    std::size_t maxWithin = 1000; // tilings kept in `within` (the best ones)
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
