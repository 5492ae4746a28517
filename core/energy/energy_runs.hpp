// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "runs/run_import.hpp"
#include "runs/run_store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Measured runs as energy-model inputs: the run store's rows of the stencils of thesis App. B
// (sw; jacobi1d with a sub-tile, i.e. time-skewed; jacobi2d, hybrid-hexagonal), with their
// measured time as T_alg (the time source "measured run") and their measured energy.
namespace cdx::energy {

// The ids the energy family adds to the run store (runs/run_ids.cpp): GPU k20c (the GPU of
// the thesis's coefficients) and stencil sw (1-D, sub-tiles required).
runs::KnownIds measuredRunIds();

// The energy input of a run (T_alg = its measured time), or nullopt with the reason: no energy
// plug-in for the stencil, a jacobi1d run without a sub-tile (a hexagonal Talg run), an odd tT
// for jacobi2d. `ops`/`muSr` as in EnergyInput (nullopt: the stencil's defaults).
std::optional<EnergyInput> energyInputOf(const runs::Run& r, std::string* whyNot = nullptr,
                                         const std::optional<OpCounts>& ops = std::nullopt,
                                         const std::optional<double>& muSr = std::nullopt);

struct MeasuredEnergyRun {
    std::int64_t id = 0;
    std::string gpu;
    std::string experiment; // runs::experimentKey: GPU, stencil and problem
    EnergyInput input;      // with tAlgS = the measured time
    double eMeasJ = 0;      // measured energy [J]
};

struct SkippedRun {
    std::int64_t id = 0;
    std::string reason;
};

struct MeasuredEnergyRuns {
    std::vector<MeasuredEnergyRun> runs;
    std::vector<SkippedRun> skipped; // runs without energy, or that the model cannot describe
};

// The runs with a measured energy that the model describes; the others listed with the reason.
MeasuredEnergyRuns measuredEnergyRuns(const std::vector<runs::Run>& runs,
                                      const std::optional<OpCounts>& ops = std::nullopt,
                                      const std::optional<double>& muSr = std::nullopt);

} // namespace cdx::energy
