// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/gpu_description.hpp"

#include <optional>

namespace cdx::area {

// The die-area block of a GPU description: the register file per vector unit and L1 per SM
// pair. Estimated when absent: r_vu_kb from the registers per SM, l1_pair_kb from a unified
// L1/shared array (l1_shared_kb): the largest shared-memory carveout counts as shared memory,
// the rest as L1 (docs/codesign.md "L1 and shared memory in one array").
GpuBlock gpuBlock();
// The whole-die and chip-power block (issue 59): the full die's SMs, L2 and memory
// interfaces, the product's memory units, the I/O areas and the voltage-frequency curve
// (area/whole_die.hpp, area/chip_power.hpp). The technology is the profile's "memory".
GpuBlock wholeDieGpuBlock();

// The node of the chip's own die (its process_nm) where the area model carries it: 28, 16, 7
// or 5 (the H100's 4N is the 5 nm class, issue 43); nullopt for a chip without process_nm or
// of another node. `cdx area --gpu`, choosing a GPU in the window and the line-up's GPU sides
// put the area model there.
std::optional<int> chipNode(const GpuProfile& gpu);

} // namespace cdx::area
