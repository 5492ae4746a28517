// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/parameter_keys.hpp"

#include "params/input_error.hpp"

#include <array>
#include <cmath>
#include <limits>

namespace cdx {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double k2p20 = 1048576.0;

// Upper bounds keep every integer product of the Talg model inside 64 bits
// (spec §2.4 "Overflow"); they are far above any real GPU.
constexpr std::array kKeys{
    ParameterKey{"n_sm", ParameterOwner::Gpu, "count", true, 1, false, k2p20, false,
                 "number of streaming multiprocessors (SMs)"},
    ParameterKey{"n_v", ParameterOwner::Gpu, "count", true, 1, false, k2p20, false,
                 "vector units (CUDA cores) per SM"},
    ParameterKey{"m_sm_kb", ParameterOwner::Gpu, "KB", false, 0, true, k2p20, false,
                 "shared memory per SM (1 KB = 1024 B)"},
    ParameterKey{"m_tb_kb", ParameterOwner::Gpu, "KB", false, 0, true, k2p20, false,
                 "shared memory per thread block (1 KB = 1024 B)"},
    ParameterKey{"r_sm", ParameterOwner::Gpu, "registers", true, 1, false, 2147483647.0, false,
                 "32-bit registers per SM"},
    ParameterKey{"mtb_sm", ParameterOwner::Gpu, "count", true, 1, false, k2p20, false,
                 "maximum resident thread blocks per SM"},
    ParameterKey{"clock_mhz", ParameterOwner::Gpu, "MHz", false, 0, true, 1e5, true,
                 "SM (boost) clock; clock rules (tau_sync, C_iter, Mem_LD) follow it"},
    ParameterKey{"mem_spec_gbs", ParameterOwner::Gpu, "GB/s", false, 0, true, 1e6, true,
                 "the vendor's peak DRAM bandwidth"},
    ParameterKey{"l1_shared_kb", ParameterOwner::Gpu, "KB", false, 0, false, k2p20, true,
                 "L1 and shared memory as one array per SM (Volta on; null = separate arrays)"},
    ParameterKey{"process_nm", ParameterOwner::Gpu, "nm", true, 1, false, 1000, true,
                 "process node class of the die (28, 16, 7, 5: the area model's nodes)"},
    ParameterKey{"die_area_mm2", ParameterOwner::Gpu, "mm2", false, 0, true, 1e5, true,
                 "area of the real die (the Die area view's reference bar)"},
    ParameterKey{"board_power_w", ParameterOwner::Gpu, "W", false, 0, true, 1e5, true,
                 "board power (TDP) of the product"},
    // The whole die and the chip power model (issue 59, area/whole_die.hpp, area/chip_power.hpp).
    ParameterKey{"die_n_sm", ParameterOwner::Gpu, "count", true, 1, false, k2p20, true,
                 "SMs on the full die (the product may enable fewer)"},
    ParameterKey{"die_l2_kb", ParameterOwner::Gpu, "KB", false, 0, false, k2p20 * 64, true,
                 "L2 on the full die (the product may enable less)"},
    ParameterKey{"memory_units", ParameterOwner::Gpu, "count", true, 1, false, 64, true,
                 "memory stacks or chips the product uses (of its memory technology)"},
    ParameterKey{"die_memory_units", ParameterOwner::Gpu, "count", true, 1, false, 64, true,
                 "memory interfaces (stacks or chips) on the full die"},
    ParameterKey{"io_phy_mm2", ParameterOwner::Gpu, "mm2", false, 0, false, 1e4, true,
                 "NVLink and PCIe PHY area on the die (does not shrink)"},
    ParameterKey{"io_logic_mm2_7nm", ParameterOwner::Gpu, "mm2", false, 0, false, 1e4, true,
                 "NVLink and PCIe controller area at 7 nm (scales as logic)"},
    ParameterKey{"v_floor_v", ParameterOwner::Gpu, "V", false, 0.3, true, 2, true,
                 "lowest core voltage of the voltage-frequency curve"},
    ParameterKey{"f_knee_mhz", ParameterOwner::Gpu, "MHz", false, 0, true, 1e5, true,
                 "clock where the voltage leaves its floor"},
    ParameterKey{"shared_memory_banks", ParameterOwner::Gpu, "count", true, 1, false, 1024, true,
                 "shared memory banks (informational; not used by Talg)"},
    ParameterKey{"l_s_per_gb", ParameterOwner::Gpu, "s/GB", false, 0, false, kInf, false,
                 "time per gigabyte of global memory access (L)"},
    ParameterKey{"tau_sync_s", ParameterOwner::Gpu, "s", false, 0, false, kInf, false,
                 "time of one intra-block barrier (tau_sync)"},
    ParameterKey{"t_sync_s", ParameterOwner::Gpu, "s", false, 0, false, kInf, false,
                 "time of one host-GPU synchronisation (T_sync)"},
    ParameterKey{"r_vu_kb", ParameterOwner::Gpu, "KB", false, 0, true, 1024, true,
                 "register file per vector unit (area model; 1 KB = 1024 B)"},
    ParameterKey{"l1_pair_kb", ParameterOwner::Gpu, "KB", false, 0, false, k2p20, true,
                 "L1 cache per SM pair (area model; 0 = no L1)"},
    ParameterKey{"l2_kb", ParameterOwner::Gpu, "KB", false, 0, false, k2p20, true,
                 "total L2 cache (area model; 0 = no L2)"},
    // MWP-CWP device (thesis Ch. II Tables 2 and 5); null on GPUs the thesis never measured.
    ParameterKey{"freq_ghz", ParameterOwner::Gpu, "GHz", false, 0, true, 100, true,
                 "SM (processor) clock of the MWP-CWP model (Freq)"},
    ParameterKey{"mem_bandwidth_gbs", ParameterOwner::Gpu, "GB/s", false, 0, true, 1e6, true,
                 "DRAM bandwidth of the MWP-CWP model (Mem_Bandwidth)"},
    ParameterKey{"mem_ld_cycles", ParameterOwner::Gpu, "cycles", false, 0, true, 1e6, true,
                 "DRAM round-trip latency of one transaction (Mem_LD)"},
    ParameterKey{"departure_del_coal_cycles", ParameterOwner::Gpu, "cycles", false, 0, true, 1e6,
                 true, "minimum distance between two coalesced memory warps (Departure_del_coal)"},
    ParameterKey{"departure_del_uncoal_cycles", ParameterOwner::Gpu, "cycles", false, 0, true, 1e6,
                 true,
                 "minimum distance between two uncoalesced transactions (Departure_del_uncoal)"},
    ParameterKey{"issue_cycles", ParameterOwner::Gpu, "cycles", false, 0, true, 1024, true,
                 "cycles to issue one warp instruction (#Issue_cycles; 4 on 8-SP SMs)"},
    ParameterKey{"fp_units_per_sm", ParameterOwner::Gpu, "count", true, 1, false, k2p20, true,
                 "FP units per SM (Ch. V peak: FMA = 2 FLOP per unit per cycle)"},
    ParameterKey{"max_threads_per_sm", ParameterOwner::Gpu, "threads", true, 1, false, k2p20, true,
                 "resident threads per SM (occupancy; CUDA documentation, not the thesis)"},
    ParameterKey{"max_threads_per_block", ParameterOwner::Gpu, "threads", true, 1, false, k2p20,
                 true, "threads per block allowed (occupancy; CUDA documentation)"},
    ParameterKey{"compute_capability", ParameterOwner::Gpu, "CC", false, 1, false, 99, true,
                 "CUDA compute capability X.Y (occupancy limits; 1.0 to 9.0 are known)"},
    // IPP power model (thesis Tables 8 and 11): per-SM unit powers, chip-level memory powers.
    ParameterKey{"power_fp_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the FP unit per SM (RP_Fp)"},
    ParameterKey{"power_int_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the integer unit per SM (RP_Int)"},
    ParameterKey{"power_sfu_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the SFU per SM (RP_Sfu)"},
    ParameterKey{"power_alu_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the ALU per SM (RP_Alu)"},
    ParameterKey{"power_tex_cache_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the texture cache per SM (RP_Texture_Cache)"},
    ParameterKey{"power_const_cache_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the constant cache per SM (RP_Const_Cache)"},
    ParameterKey{"power_shared_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of shared memory per SM (RP_Shared)"},
    ParameterKey{"power_reg_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the register file per SM (RP_Reg)"},
    ParameterKey{"power_fds_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of fetch/decode/schedule per SM (RP_FDS)"},
    ParameterKey{"power_const_sm_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "constant run-time power of an active SM (RP_Const_SM)"},
    ParameterKey{"power_l1_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the L1 cache per SM (Fermi, Table 11)"},
    ParameterKey{"power_global_mem_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of global memory, chip level (RP_GlobalMem)"},
    ParameterKey{"power_local_mem_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of local memory, chip level (RP_LocalMem)"},
    ParameterKey{"power_l2_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "MaxPower of the L2 cache, chip level (Fermi, Table 11)"},
    ParameterKey{"power_activation_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "constant power once a kernel runs (Fermi 'Activation', Table 11)"},
    ParameterKey{"idle_power_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "GPU power with no kernel running (IdlePower)"},
    ParameterKey{"power_log_beta", ParameterOwner::Gpu, "dimensionless", false, 0, true, 9.999,
                 true, "beta of the log model of active SMs (eq. 47); null = linear (Fermi)"},
    // Temperature model (thesis Table 9, sec. 3.4).
    ParameterKey{"temp_mu_c_per_w", ParameterOwner::Gpu, "C/W", false, 0, false, 1e3, true,
                 "temperature rise per watt of run-time power (mu, eq. 53)"},
    ParameterKey{"temp_lambda_c", ParameterOwner::Gpu, "C", false, -1e3, false, 1e3, true,
                 "constant term of the temperature rise (lambda, eq. 53)"},
    ParameterKey{"temp_rho_c", ParameterOwner::Gpu, "C", false, -1e3, false, 1e3, true,
                 "rise per unit of memory-access intensity (rho, eq. 53)"},
    ParameterKey{"temp_rc_rise_s", ParameterOwner::Gpu, "s", false, 0, true, 1e6, true,
                 "time constant of the temperature rise (RC_Rise, eq. 49)"},
    ParameterKey{"temp_rc_decay_s", ParameterOwner::Gpu, "s", false, 0, true, 1e6, true,
                 "time constant of the temperature decay (RC_Decay, eq. 50)"},
    ParameterKey{"temp_idle_c", ParameterOwner::Gpu, "C", false, -273.15, false, 1e3, true,
                 "chip temperature at a cold start (Idle_temp)"},
    ParameterKey{"static_power_w_per_c", ParameterOwner::Gpu, "W/C", false, 0, false, 1e3, true,
                 "static power increase per degree above Idle_temp (sigma, eq. 56)"},
    // Energy of tiled stencils (thesis App. B Table B.2): the K20c's coefficients, the only
    // chip the thesis measured; a GPU without them has no energy block.
    ParameterKey{"p_stat_w", ParameterOwner::Gpu, "W", false, 0, false, 1e4, true,
                 "static power of the GPU in its highest performance state (P_stat)"},
    ParameterKey{"e_gs_j", ParameterOwner::Gpu, "J/word", false, 0, false, 1, true,
                 "energy of one global<->shared transfer of a 4-byte word (e_GS)"},
    ParameterKey{"e_sr_j", ParameterOwner::Gpu, "J/word", false, 0, false, 1, true,
                 "energy of one shared<->register transfer of a 4-byte word (e_SR)"},
    ParameterKey{"e_fadd_j", ParameterOwner::Gpu, "J/op", false, 0, false, 1, true,
                 "energy of one single-precision add (e_fadd)"},
    ParameterKey{"e_fmul_j", ParameterOwner::Gpu, "J/op", false, 0, false, 1, true,
                 "energy of one single-precision multiply (e_fmul)"},
    ParameterKey{"e_iadd_j", ParameterOwner::Gpu, "J/op", false, 0, false, 1, true,
                 "energy of one integer add (e_iadd; Smith-Waterman)"},
    ParameterKey{"e_imax_j", ParameterOwner::Gpu, "J/op", false, 0, false, 1, true,
                 "energy of one integer max (e_imax; Smith-Waterman)"},
    ParameterKey{"rmse_sw_pct", ParameterOwner::Gpu, "%", false, 0, false, 1e4, true,
                 "the source's stated RMS error of the energy model for Smith-Waterman"},
    ParameterKey{"rmse_j1d_pct", ParameterOwner::Gpu, "%", false, 0, false, 1e4, true,
                 "the source's stated RMS error of the energy model for Jacobi 1D"},
    ParameterKey{"rmse_j2d_pct", ParameterOwner::Gpu, "%", false, 0, false, 1e4, true,
                 "the source's stated RMS error of the energy model for Jacobi 2D"},
    ParameterKey{"c_iter_s", ParameterOwner::Stencil, "s", false, 0, true, kInf, true,
                 "time of one iteration per vector unit (C_iter)"},
    ParameterKey{"flops_per_point", ParameterOwner::Stencil, "FLOP/point", false, 0, true, kInf,
                 true, "floating-point operations per iteration point"},
    ParameterKey{"bytes_per_word", ParameterOwner::Stencil, "B/word", true, 1, false, 64, false,
                 "bytes per array element (4 = single precision)"},
    // MWP-CWP kernels: launch and per-thread dynamic instruction counts (thesis Tables 1, 15).
    ParameterKey{"threads_per_block", ParameterOwner::Kernel, "threads", true, 1, false, k2p20,
                 false, "threads per block (#Threads_per_block)"},
    ParameterKey{"blocks", ParameterOwner::Kernel, "blocks", true, 1, false, 1e12, false,
                 "blocks of the grid (#Blocks)"},
    ParameterKey{"active_blocks_per_sm", ParameterOwner::Kernel, "blocks", true, 1, false, k2p20,
                 true, "resident blocks per SM; null = from the occupancy helper"},
    ParameterKey{"active_sms", ParameterOwner::Kernel, "count", true, 1, false, k2p20, true,
                 "SMs executing the kernel (#Active_SMs); null = every SM of the GPU"},
    ParameterKey{"registers_per_thread", ParameterOwner::Kernel, "registers", true, 1, false, 65536,
                 true, "registers per thread (occupancy helper)"},
    ParameterKey{"shared_bytes_per_block", ParameterOwner::Kernel, "B", false, 0, false, 1e9, true,
                 "shared memory per block (occupancy helper)"},
    ParameterKey{"fp_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15, false,
                 "FP add/mul/mad (M_Factor 1; useful in Ch. V)"},
    ParameterKey{"fp_fused_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "fused multiply-add (2 FLOP in Ch. V; M_Factor 1)"},
    ParameterKey{"fp_div_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "FP divisions (M_Factor 4.2, Table 6)"},
    ParameterKey{"int_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15, false,
                 "integer add/sub/min/abs (M_Factor 1)"},
    ParameterKey{"int_mul_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "integer multiplications (M_Factor 4.3, Table 6)"},
    ParameterKey{"int_div_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "integer divisions (M_Factor 30, Table 6)"},
    ParameterKey{"int_mod_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "integer modulo (M_Factor 35, Table 6)"},
    ParameterKey{"sfu_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15, false,
                 "sin/cos/rcp/sqrt/rsqrt (SFU)"},
    ParameterKey{"alu_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15, false,
                 "mov/cvt/set/logic/shift (ALU, Table 7)"},
    ParameterKey{"shared_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "shared-memory loads/stores (treated like registers)"},
    ParameterKey{"const_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "constant-cache loads (always hit)"},
    ParameterKey{"tex_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15, false,
                 "texture fetches (always hit)"},
    ParameterKey{"other_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "other computation instructions (branches, unclassified; M_Factor 1)"},
    ParameterKey{"coal_mem_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "coalesced global/local memory instructions (#Coal_Mem_insts)"},
    ParameterKey{"uncoal_mem_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "uncoalesced global/local memory instructions (#Uncoal_Mem_insts)"},
    ParameterKey{"synch_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "bar.sync instructions (#Synch_insts)"},
    ParameterKey{"uncoal_per_mw", ParameterOwner::Kernel, "transactions", false, 1, false, 1024,
                 false, "transactions per uncoalesced memory warp (#Uncoal_per_mw)"},
    ParameterKey{"load_bytes_per_warp", ParameterOwner::Kernel, "B", false, 0, true, 1e6, false,
                 "bytes one memory warp moves (Load_bytes_per_warp, eq. 7)"},
    ParameterKey{"ind_mem_insts", ParameterOwner::Kernel, "instructions", false, 0, false, 1e15,
                 false, "independent memory requests of a warp (#Ind_mem_req, eq. 28)"},
    ParameterKey{"mem_l_cycles", ParameterOwner::Kernel, "cycles", false, 0, true, 1e6, true,
                 "study override of Mem_L (IPP uses 430); null = eq. 14"},
    ParameterKey{"mstr", ParameterOwner::Kernel, "requests", false, 1, false, 1024, false,
                 "independent memory requests before the first use (MSTR, Ch. V)"},
    ParameterKey{"ilp", ParameterOwner::Kernel, "dimensionless", false, 0, true, 1024, false,
                 "effective instruction-level parallelism (ILP, Ch. V)"},
    ParameterKey{"dep_effect", ParameterOwner::Kernel, "dimensionless", false, 1, false, 1024,
                 false, "dependence slowdown max(latency/DEP, 1) (Ch. V; 1 on GPUs)"},
    ParameterKey{"eff_mem_cycles", ParameterOwner::Kernel, "cycles", false, 0, true, 1e6, true,
                 "Ch. V EffMem (latency of one access, e.g. an L1 hit); null = Mem_L"},
};

std::string formatBound(double v) {
    if (v == k2p20) {
        return "1048576";
    }
    return formatNumber(v);
}
} // namespace

std::span<const ParameterKey> parameterKeys() {
    return kKeys;
}

const ParameterKey* findParameterKey(std::string_view key) {
    for (const auto& k : kKeys) {
        if (k.key == key) {
            return &k;
        }
    }
    return nullptr;
}

std::vector<std::string> talgModelKeys() {
    // The facts the Talg estimation rules follow (clock_mhz: tau_sync and C_iter; the
    // bandwidths: L) are read too, through the values derived from them (issue 43).
    return {"n_sm",      "n_v",          "m_sm_kb",           "m_tb_kb",         "r_sm",
            "mtb_sm",    "l_s_per_gb",   "tau_sync_s",        "t_sync_s",        "c_iter_s",
            "clock_mhz", "mem_spec_gbs", "mem_bandwidth_gbs", "flops_per_point", "bytes_per_word"};
}

std::vector<std::string> areaModelKeys() {
    return {"n_sm", "n_v", "r_vu_kb", "m_sm_kb", "l1_pair_kb", "l2_kb", "r_sm", "l1_shared_kb"};
}

std::string knownParameterKeys(ParameterOwner owner) {
    std::string s;
    for (const auto& k : kKeys) {
        if (k.owner != owner) {
            continue;
        }
        if (!s.empty()) {
            s += ", ";
        }
        s += k.key;
    }
    return s;
}

std::string allowedValues(const ParameterKey& k) {
    std::string s = k.integer ? "an integer" : "a finite number";
    if (k.max == kInf) {
        s += k.minExclusive ? " > " : " >= ";
        s += formatBound(k.min);
    } else {
        s += k.minExclusive ? " in (" : " in [";
        s += formatBound(k.min) + ", " + formatBound(k.max) + "]";
    }
    s += " [" + std::string(k.unit) + "]";
    if (k.nullable) {
        s += ", or null when unknown";
    }
    return s;
}

void checkParameterValue(const ParameterKey& k, std::optional<double> value,
                         const std::string& where) {
    const std::string key(k.key);
    if (!value) {
        if (!k.nullable) {
            throw InputError(key, "null", "must be " + allowedValues(k), where);
        }
        return;
    }
    const double v = *value;
    const bool bad = !std::isfinite(v) || (k.minExclusive ? v <= k.min : v < k.min) || v > k.max ||
                     (k.integer && v != std::floor(v));
    if (bad) {
        throw InputError(key, formatNumber(v), "must be " + allowedValues(k), where);
    }
}

} // namespace cdx
