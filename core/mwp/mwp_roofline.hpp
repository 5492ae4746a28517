// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"

#include <optional>
#include <string>
#include <vector>

// The roofline of an MWP-CWP kernel (issue 16; spec mwp-cwp-power.md §1, §3.2): the GPU's compute
// ceiling and bandwidth ceiling (Mem_Bandwidth), the kernel placed by its arithmetic intensity
// (its operations per byte of Load_bytes_per_warp moved per memory instruction) at the rate the
// Chapter II model predicts (operations / Exec_cycles time) and, for FLOPs, the Chapter V
// throughput model's Perf (eq. 64). Operations are FLOPs (FP + FP div + 2 x fused) when the kernel
// has FP instructions and the GPU its FP units per SM (the Chapter V peak, eqs. 65-67, at the
// active SMs); otherwise thread instructions with the issue ceiling #SM x Freq x 32 /
// #Issue_cycles. `sweep` places the same kernel at every resident-block count (N).
namespace cdx::mwp {

enum class RooflineUnit { Flop, Instruction };

struct MwpRooflinePoint {
    int activeBlocksPerSm = 0;
    double n = 0;
    double opsPerSecond = 0; // Chapter II: total operations / time
    double boundOpsPerS = 0; // min(peak, intensity x bandwidth)
    double fraction = 0;     // opsPerSecond / boundOpsPerS
    Regime regime = Regime::MemoryBound;
    Limiter limiter = Limiter::None;
};

struct MwpRoofline {
    RooflineUnit unit = RooflineUnit::Flop;
    int activeSms = 0;
    double opsPerThread = 0;   // FLOP or instructions
    double bytesPerThread = 0; // #Mem_insts x Load_bytes_per_warp / 32
    double intensity = 0;      // ops / byte
    double peakOpsPerS = 0;    // compute ceiling
    double bandwidthBytesPerS = 0;
    double ridge = 0; // ops / byte where the roofs meet
    MwpRooflinePoint current;
    std::optional<double> chapter5OpsPerS; // eq. (64) Perf, FLOP unit only
    std::vector<MwpRooflinePoint> sweep;   // resident blocks 1..max
    std::string explanation;
};

// InputError naming the field for a kernel without memory instructions (no intensity) or inputs
// the model refuses.
MwpRoofline mwpRoofline(const Device& d, const Kernel& k, const MwpVariant& v,
                        int maxBlocksPerSm = 16);

} // namespace cdx::mwp
