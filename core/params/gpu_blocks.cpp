// SPDX-License-Identifier: GPL-3.0-or-later
// The blocks of a GPU description (issue 43): one line per family, like the workspaces and the
// comparisons. A family's block names the keys it owns and completes what a file leaves out by
// the family's own estimation rules (in its folder).
#include "area/area_gpu.hpp"
#include "energy/energy_gpu.hpp"
#include "mwp/mwp_gpu.hpp"
#include "params/gpu_description.hpp"
#include "talg/talg_gpu.hpp"

namespace cdx {

namespace {
// Facts every family may read: the memory bandwidth a model uses is the measured one where the
// chip has a measured L (1 / L), else the vendor's peak.
void completeFacts(GpuProfile& g) {
    const auto l = g.params.find("l_s_per_gb");
    if (l != g.params.end() && l->second.value && l->second.rule.empty()) {
        addEstimate(g, "mem_bandwidth_gbs", "1 / l_s_per_gb",
                    "1 / L (l_s_per_gb): the bandwidth the Talg micro-benchmark measured");
    }
    addEstimate(g, "mem_bandwidth_gbs", "mem_spec_gbs",
                "the vendor's peak bandwidth (mem_spec_gbs); a measured one is lower, about 85 "
                "to 97 % of it on today's GPUs (docs/model.md, Today's GPUs)");
}
} // namespace

const std::vector<GpuBlock>& gpuBlocks() {
    static const std::vector<GpuBlock> blocks{
        {"facts",
         "Chip",
         {"n_sm", "n_v", "clock_mhz", "mem_spec_gbs", "mem_bandwidth_gbs", "m_sm_kb", "m_tb_kb",
          "l1_shared_kb", "r_sm", "mtb_sm", "max_threads_per_sm", "max_threads_per_block",
          "shared_memory_banks", "l2_kb", "compute_capability", "process_nm", "die_area_mm2",
          "board_power_w"},
         &completeFacts},
        talg::gpuBlock(),
        area::gpuBlock(),
        area::wholeDieGpuBlock(),
        mwp::gpuBlock(),
        mwp::powerGpuBlock(),
        mwp::temperatureGpuBlock(),
        energy::gpuBlock(),
    };
    return blocks;
}

} // namespace cdx
