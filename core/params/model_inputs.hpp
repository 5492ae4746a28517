// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace cdx {

// Plain hardware parameters as the models consume them (units in the names).
// Built from a GpuProfile by toGpu(), which validates every value.
struct Gpu {
    std::string id;
    std::int64_t nSm = 0;      // SMs
    std::int64_t nV = 0;       // vector units per SM
    double mSmKb = 0;          // shared memory per SM [KB]
    double mTbKb = 0;          // shared memory per thread block [KB]
    std::int64_t rSm = 0;      // registers per SM
    std::int64_t mtbSm = 0;    // max resident thread blocks per SM
    double lSecondsPerGb = 0;  // L [s/GB]
    double tauSyncSeconds = 0; // tau_sync [s]
    double tSyncSeconds = 0;   // T_sync [s]
    // What the Talg extensions of issue 57 read (latency hiding by occupancy); unset when the
    // description gives none, and a variant that needs one says which.
    std::optional<double> computeCapability;   // 8.0, 7.5, ...
    std::optional<double> clockMhz;            // SM clock [MHz]
    std::optional<double> memLdCycles;         // MWP-CWP Mem_LD [cycles]
    std::optional<double> departureCoalCycles; // MWP-CWP Departure_del_coal [cycles]
};

// Plain stencil parameters for one GPU (C_iter is measured per stencil and GPU).
struct Stencil {
    std::string id;
    int dim = 2;                         // 1, 2 or 3 space dimensions
    double cIterSeconds = 0;             // C_iter [s per iteration per vector unit]
    std::optional<double> flopsPerPoint; // null when the sources give none
    int bytesPerWord = 4;                // b_w
};

} // namespace cdx
