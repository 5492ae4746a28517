// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_profiles.hpp"
#include "params/gpu_description.hpp"

#include <optional>

namespace cdx::energy {

// The energy block of a GPU description (issue 43): the coefficients of thesis App. B (P_stat,
// e_GS, e_SR, e_fadd, e_fmul, e_iadd, e_imax) and the source's stated RMS errors. Only the K20c
// has them: no rule estimates energy coefficients from a chip's facts (spec energy-model.md
// §6 item 16), so the block is never completed.
GpuBlock gpuBlock();

// Whether `gpu` carries every required coefficient.
bool hasEnergyCoefficients(const GpuProfile& gpu);

// The energy profile of a GPU description: its energy block, each value with its kind and
// source (a derived GPU's typed P_stat is "yours"). InputError naming the energy block and the
// missing coefficient when the chip has none, in the words of the window and of cdx alike.
EnergyProfile energyProfileOf(const GpuProfile& gpu);

// The GPU description the coefficients were measured on: the one named as the profile's GPU
// ("NVIDIA Tesla K20c"), shipped first, then the user's usable ones; nullopt when none is. A
// view of the energies alone (the Energy per point curves) bounds the tiles by that chip's
// shared memory, not by the session's GPU that times them (issue 55: lesson 3, about the
// K20c, ended its curves at the GTX 980's).
std::optional<GpuProfile> measuredOn(const EnergyProfile& coefficients);

} // namespace cdx::energy
