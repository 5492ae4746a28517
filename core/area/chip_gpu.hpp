// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A GPU description read as a chip (issue 59): its whole die and its board power at a clock,
// from the "die" block, the profile's "memory" technology and its facts. What `cdx area
// --whole-die`, `cdx chip-power`, the codesign's reference and the trust view call.

#include "area/chip_power.hpp"
#include "area/whole_die.hpp"
#include "params/profiles.hpp"

#include <string>

namespace cdx::area {

// The value of a "die" or "facts" key; InputError naming the key and what the chip lacks.
double chipValue(const GpuProfile& gpu, const std::string& key);

// The memory technology of the chip: `overrideId` when given, else the profile's "memory";
// InputError naming "memory" when neither is.
MemoryTech chipMemory(const GpuProfile& gpu, const std::string& overrideId = {});

// The full die of the chip: die_n_sm SMs with the product's per-SM resources, die_l2_kb,
// die_memory_units interfaces of `memory`, the I/O areas, at its process node.
WholeDieInputs wholeDieInputsOf(const GpuProfile& gpu, const MemoryTech& memory);

struct ChipPowerReport {
    ChipPowerInputs inputs;
    ChipPower power;
    MemoryResult memory;
    int units = 0;
    std::string tech;
    double dieAreaMm2 = 0;
    std::string dieAreaSource; // "die_area_mm2 (vendor)" or "whole-die model"
};
// The board power of the product at `clockMhz` (0: its clock_mhz) with `units` (0: its
// memory_units) of `memory` at its mem_spec_gbs, moving that bandwidth (full load). The die
// area is die_area_mm2, or the whole-die model's when the chip has none.
ChipPowerReport chipPowerOf(const GpuProfile& gpu, const MemoryTech& memory, int units,
                            double clockMhz, const PowerCalibration& cal,
                            const CoefficientSet& at28nm);

} // namespace cdx::area
