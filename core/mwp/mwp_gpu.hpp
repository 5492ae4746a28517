// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/gpu_description.hpp"

namespace cdx::mwp {

// The MWP-CWP block of a GPU description (thesis Tables 2, 5, 14): Freq and the FP units per SM
// follow the facts (clock_mhz, n_v); Mem_LD, the departure delays and the issue cycles are
// estimated where a file gives none, by the rules of docs/model.md "Today's GPUs".
GpuBlock gpuBlock();
// IPP power (thesis Tables 8, 11) and temperature (Table 9): published for the GTX 280 and
// GTX 580 only; no rule estimates them, so the power views refuse elsewhere, naming the field.
GpuBlock powerGpuBlock();
GpuBlock temperatureGpuBlock();

} // namespace cdx::mwp
