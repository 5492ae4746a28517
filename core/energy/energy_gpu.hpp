// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_profiles.hpp"
#include "params/gpu_description.hpp"

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

} // namespace cdx::energy
