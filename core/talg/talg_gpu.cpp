// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg_gpu.hpp"

#include "params/input_error.hpp"

namespace cdx::talg {

namespace {

// The reference of the clock rules: the GTX 980 as shipped (PPoPP'17 Tables 3 and 4), read
// without completing it (its own gaps are not filled from itself).
std::optional<GpuProfile> referenceGpu() {
    for (const auto& e : listProfiles("gpus")) {
        if (e.id == "gtx980") {
            try {
                return readGpuProfileAsWritten(e.path);
            } catch (const std::exception&) {
                return std::nullopt;
            }
        }
    }
    return std::nullopt;
}

void complete(GpuProfile& g) {
    addEstimate(g, "l_s_per_gb", "1 / mem_bandwidth_gbs",
                "1 / the memory bandwidth (mem_bandwidth_gbs), as the GTX 980's measured L is "
                "1 / its measured bandwidth (docs/model.md, Today's GPUs)");
    addEstimate(g, "tau_sync_s", "7.96e-10 * 1216 / clock_mhz",
                "the GTX 980's tau_sync (PPoPP'17 Table 3) x 1216 MHz / clock_mhz, the same "
                "cycles per synchronisation at this clock");
    addEstimate(g, "t_sync_s", "9.24e-07",
                "the GTX 980's T_sync (PPoPP'17 Table 3) kept: a host-GPU synchronisation is a "
                "launch-scale cost, not scaled by the SM clock");
    if (g.id == "gtx980") {
        return;
    }
    const auto ref = referenceGpu();
    if (!ref) {
        return;
    }
    for (const auto& [stencil, q] : ref->cIterByStencil) {
        if (!q.value || !q.rule.empty()) {
            continue;
        }
        addCIterEstimate(g, stencil, formatNumber(*q.value) + " * 1216 / clock_mhz",
                         "the GTX 980's C_iter (" + q.source +
                             ") x 1216 MHz / clock_mhz, the same cycles per iteration per "
                             "vector unit at this clock");
    }
}

} // namespace

GpuBlock gpuBlock() {
    return {"talg", "Tiled stencils (Talg)", {"l_s_per_gb", "tau_sync_s", "t_sync_s"}, &complete};
}

} // namespace cdx::talg
