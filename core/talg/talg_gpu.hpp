// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/gpu_description.hpp"

namespace cdx::talg {

// The Talg block of a GPU description: L, tau_sync, T_sync and C_iter per stencil (c_iter_s,
// an object of stencil ids). What a file leaves out is estimated by the rules of docs/model.md
// "Today's GPUs": L = 1 / the memory bandwidth, tau_sync and every C_iter the GTX 980's cycles
// at this clock (clock_mhz), T_sync the GTX 980's.
GpuBlock gpuBlock();

} // namespace cdx::talg
