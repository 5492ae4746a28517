// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/gpu_description.hpp"

namespace cdx::area {

// The die-area block of a GPU description: the register file per vector unit and L1 per SM
// pair. Estimated when absent: r_vu_kb from the registers per SM, l1_pair_kb from a unified
// L1/shared array (l1_shared_kb): the largest shared-memory carveout counts as shared memory,
// the rest as L1 (docs/codesign.md "L1 and shared memory in one array").
GpuBlock gpuBlock();

} // namespace cdx::area
