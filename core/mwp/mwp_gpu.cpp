// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_gpu.hpp"

namespace cdx::mwp {

namespace {
// A value in another unit: it keeps the kind of what it converts.
void addConversion(GpuProfile& g, const std::string& key, const std::string& from,
                   const std::string& rule, const std::string& why) {
    if (addEstimate(g, key, rule, why)) {
        auto& q = g.params[key];
        q.kind = kindOf(g.params.at(from));
        q.source = why;
    }
}

void complete(GpuProfile& g) {
    addConversion(g, "freq_ghz", "clock_mhz", "clock_mhz / 1000", "clock_mhz in GHz");
    addConversion(g, "fp_units_per_sm", "n_v", "n_v", "the FP32 lanes per SM (n_v)");
    addEstimate(g, "mem_ld_cycles", "450 * clock_mhz / 1544",
                "the GTX 580's Mem_LD (450 cycles at 1544 MHz, thesis Table 14) in nanoseconds, "
                "at this clock");
    addEstimate(g, "departure_del_coal_cycles", "4",
                "the GTX 580's value (spec Example J); no public measurement");
    addEstimate(g, "departure_del_uncoal_cycles", "40",
                "the GTX 580's value (itself the GTX 280's Table 5 value); no public measurement");
    addEstimate(g, "issue_cycles", "32 / n_v",
                "32 threads per warp / n_v lanes per SM, the GTX 580's rule (one warp "
                "instruction per 32 lanes per cycle)");
}
} // namespace

GpuBlock gpuBlock() {
    return {"mwp",
            "MWP-CWP",
            {"freq_ghz", "mem_ld_cycles", "departure_del_coal_cycles",
             "departure_del_uncoal_cycles", "issue_cycles", "fp_units_per_sm"},
            &complete};
}

GpuBlock powerGpuBlock() {
    return {"power",
            "IPP power",
            {"power_fp_w", "power_int_w", "power_sfu_w", "power_alu_w", "power_tex_cache_w",
             "power_const_cache_w", "power_shared_w", "power_reg_w", "power_fds_w",
             "power_const_sm_w", "power_l1_w", "power_global_mem_w", "power_local_mem_w",
             "power_l2_w", "power_activation_w", "idle_power_w", "power_log_beta",
             "static_power_w_per_c"},
            nullptr};
}

GpuBlock temperatureGpuBlock() {
    return {"temperature",
            "Temperature",
            {"temp_mu_c_per_w", "temp_lambda_c", "temp_rho_c", "temp_rc_rise_s", "temp_rc_decay_s",
             "temp_idle_c"},
            nullptr};
}

} // namespace cdx::mwp
