// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_gpu.hpp"

#include "area/process_node.hpp"

namespace cdx::area {

namespace {
void complete(GpuProfile& g) {
    addEstimate(g, "r_vu_kb", "r_sm * 4 / n_v / 1024",
                "the register file per vector unit: r_sm x 4 B / n_v / 1024 (as thesis C.2 for "
                "the GTX 980)");
    addEstimate(g, "l1_pair_kb", "2 * max(0, l1_shared_kb - m_sm_kb)",
                "L1 and shared memory are one array of l1_shared_kb per SM: the largest "
                "shared-memory carveout (m_sm_kb) counts as shared memory, the rest as L1, two "
                "SMs to a pair (docs/codesign.md)");
}
} // namespace

GpuBlock wholeDieGpuBlock() {
    // No estimates: a chip without these values has no whole die or power (the commands say
    // which key is missing).
    return {"die",
            "Whole die and power",
            {"die_n_sm", "die_l2_kb", "memory_units", "die_memory_units", "io_phy_mm2",
             "io_logic_mm2_7nm", "v_floor_v", "f_knee_mhz"},
            [](GpuProfile&) {}};
}

GpuBlock gpuBlock() {
    return {"area", "Die area", {"r_vu_kb", "l1_pair_kb"}, &complete};
}

std::optional<int> chipNode(const GpuProfile& gpu) {
    const auto it = gpu.params.find("process_nm");
    if (it == gpu.params.end() || !it->second.value) {
        return std::nullopt;
    }
    for (const auto& n : processNodes()) {
        if (static_cast<double>(n.nm) == *it->second.value) {
            return n.nm;
        }
    }
    return std::nullopt;
}

} // namespace cdx::area
