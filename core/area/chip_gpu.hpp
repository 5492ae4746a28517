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

// A codesign design's clock and memory as edits of the chip (a design loaded from the
// codesign, the Architecture view's clock and stacks sliders): clock_mhz (0: unchanged), and
// `units` stacks or chips (0: unchanged) of `tech` (empty: the chip's own) at the chip's pin
// rate when the technology stays, else the technology's default: memory_units, mem_spec_gbs and
// "memory"; a measured mem_bandwidth_gbs is scaled with the spec (a rule follows it by itself).
// Only values that differ become edited. InputError (nothing changed) for a clock outside
// (0, 100000] MHz, units outside 1..64, a chip without memory_units or mem_spec_gbs, or an
// unknown technology. Returns whether anything changed.
bool applyChip(GpuProfile& gpu, double clockMhz, int units, const std::string& tech = {});

} // namespace cdx::area
