// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_profiles.hpp"

#include "occupancy/occupancy.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdx::mwp {

namespace {

std::optional<double> valueOf(const std::map<std::string, Quantity>& params, const char* key) {
    const auto it = params.find(key);
    return it == params.end() ? std::nullopt : it->second.value;
}

// Collects every missing key before failing, so the user sees them all at once.
class Required {
public:
    Required(const std::map<std::string, Quantity>& params, std::string where)
        : params_(params), where_(std::move(where)) {}
    double operator()(const char* key) {
        if (const auto v = valueOf(params_, key)) {
            return *v;
        }
        missing_ += (missing_.empty() ? "" : ", ") + std::string(key);
        return 0; // never used: check() throws first (0 keeps integer casts defined)
    }
    void check(const std::string& what) const {
        if (!missing_.empty()) {
            throw InputError(missing_, {}, "missing (null); " + what, where_);
        }
    }

private:
    const std::map<std::string, Quantity>& params_;
    std::string where_;
    std::string missing_;
};

std::string gpuWhere(const GpuProfile& g) {
    return "GPU " + g.id;
}

constexpr std::array<std::pair<PowerUnit, const char*>, kPowerUnitCount> kPowerKeys{{
    {PowerUnit::Fp, "power_fp_w"},
    {PowerUnit::Int, "power_int_w"},
    {PowerUnit::Sfu, "power_sfu_w"},
    {PowerUnit::Alu, "power_alu_w"},
    {PowerUnit::TextureCache, "power_tex_cache_w"},
    {PowerUnit::ConstCache, "power_const_cache_w"},
    {PowerUnit::Shared, "power_shared_w"},
    {PowerUnit::Reg, "power_reg_w"},
    {PowerUnit::Fds, "power_fds_w"},
    {PowerUnit::ConstSm, "power_const_sm_w"},
    {PowerUnit::L1, "power_l1_w"},
    {PowerUnit::GlobalMem, "power_global_mem_w"},
    {PowerUnit::LocalMem, "power_local_mem_w"},
    {PowerUnit::L2, "power_l2_w"},
}};

} // namespace

std::string_view name(OccupancyLimit l) {
    switch (l) {
    case OccupancyLimit::Threads:
        return "threads";
    case OccupancyLimit::Blocks:
        return "blocks";
    case OccupancyLimit::Registers:
        return "registers";
    case OccupancyLimit::SharedMemory:
        return "shared_memory";
    case OccupancyLimit::BlockTooLarge:
        return "block_too_large";
    }
    return "?";
}

Occupancy occupancy(const OccupancyLimits& l, int threadsPerBlock,
                    std::optional<int> registersPerThread, std::optional<double> sharedPerBlock) {
    Occupancy o;
    if (threadsPerBlock < 1) {
        throw InputError("threads_per_block", std::to_string(threadsPerBlock),
                         "must be an integer >= 1");
    }
    constexpr int kUnlimited = std::numeric_limits<int>::max();
    o.byThreads = l.maxThreadsPerSm / threadsPerBlock;
    o.byBlocks = l.maxBlocksPerSm;
    o.byRegisters =
        registersPerThread && *registersPerThread > 0
            ? static_cast<int>(l.registersPerSm / (double(*registersPerThread) * threadsPerBlock))
            : kUnlimited;
    o.byShared = sharedPerBlock && *sharedPerBlock > 0
                     ? static_cast<int>(std::floor(l.sharedBytesPerSm / *sharedPerBlock))
                     : kUnlimited;
    if (threadsPerBlock > l.maxThreadsPerBlock) {
        o.limit = OccupancyLimit::BlockTooLarge;
        return o;
    }
    o.activeBlocks = o.byBlocks;
    o.limit = OccupancyLimit::Blocks;
    for (auto [v, lim] : {std::pair{o.byThreads, OccupancyLimit::Threads},
                          {o.byRegisters, OccupancyLimit::Registers},
                          {o.byShared, OccupancyLimit::SharedMemory}}) {
        if (v < o.activeBlocks) {
            o.activeBlocks = v;
            o.limit = lim;
        }
    }
    const double warpsPerBlock = std::ceil(threadsPerBlock / 32.0);
    o.occupancy = o.activeBlocks * warpsPerBlock / (l.maxThreadsPerSm / 32.0);
    return o;
}

OccupancyLimits occupancyLimitsOf(const GpuProfile& gpu) {
    Required req(gpu.params, gpuWhere(gpu));
    OccupancyLimits l;
    l.maxThreadsPerSm = static_cast<int>(req("max_threads_per_sm"));
    l.maxBlocksPerSm = static_cast<int>(req("mtb_sm"));
    l.registersPerSm = req("r_sm");
    l.sharedBytesPerSm = req("m_sm_kb") * 1024;
    l.maxThreadsPerBlock = static_cast<int>(req("max_threads_per_block"));
    req.check("the occupancy helper needs them to compute active_blocks_per_sm; set them, or set "
              "active_blocks_per_sm in the kernel");
    return l;
}

std::vector<LimitCheck> kernelLimitChecks(const GpuProfile& gpu, const Kernel& k,
                                          const KernelProfile* kernel) {
    std::vector<LimitCheck> out;
    const auto check = [&](const char* key, const char* what, double value) {
        if (const auto limit = valueOf(gpu.params, key)) {
            out.push_back({key, what, value, *limit, value <= *limit});
        }
    };
    check("max_threads_per_block", "threads per block", k.threadsPerBlock);
    check("max_threads_per_sm", "resident threads per SM (active blocks x threads per block)",
          double(k.activeBlocksPerSm) * k.threadsPerBlock);
    check("mtb_sm", "resident blocks per SM", k.activeBlocksPerSm);
    if (!kernel || !valueOf(gpu.params, "compute_capability")) {
        return out;
    }
    try {
        const occupancy::Limits& l = occupancy::limitsOfGpu(gpu, "compute_capability");
        const std::string cc = "compute capability " + l.cc;
        out.push_back({"compute_capability", "threads per block (" + cc + " limit)",
                       double(k.threadsPerBlock), double(l.maxThreadsPerBlock),
                       k.threadsPerBlock <= l.maxThreadsPerBlock});
        if (k.threadsPerBlock > l.maxThreadsPerBlock) {
            return out;
        }
        occupancy::Input in;
        in.threadsPerBlock = k.threadsPerBlock;
        in.registersPerThread =
            static_cast<std::int64_t>(valueOf(kernel->params, "registers_per_thread").value_or(0));
        in.sharedBytesPerBlock = static_cast<std::int64_t>(
            std::ceil(valueOf(kernel->params, "shared_bytes_per_block").value_or(0)));
        const auto within = [&](const char* what, std::int64_t value, std::int64_t limit) {
            out.push_back({"compute_capability", what + (" (" + cc + " limit)"), double(value),
                           double(limit), value <= limit});
            return value <= limit;
        };
        if (!within("registers per thread", in.registersPerThread, l.maxRegistersPerThread) ||
            !within("shared memory per block [B]", in.sharedBytesPerBlock,
                    l.maxSharedPerBlockBytes)) {
            return out; // the kernel cannot launch: no occupancy to compare with
        }
        // Only a given #Active_blocks_per_SM is compared: a derived one is the occupancy
        // helper's (docs/model.md), not a claim about a run.
        if (!valueOf(kernel->params, "active_blocks_per_sm")) {
            return out;
        }
        const occupancy::Result r = occupancy::evaluate(l, in);
        const auto given = [&](const char* key, std::int64_t v, const char* unit) {
            return std::to_string(v) + unit +
                   (valueOf(kernel->params, key) ? "" : " (not given: 0 assumed)");
        };
        out.push_back(
            {"compute_capability",
             "resident blocks per SM against CUDA occupancy (" + cc + ", " +
                 given("registers_per_thread", in.registersPerThread, " registers per thread") +
                 ", " +
                 given("shared_bytes_per_block", in.sharedBytesPerBlock, " B shared per block") +
                 ": limited by " + occupancy::bindingText(r) + ")",
             double(k.activeBlocksPerSm), double(r.blocksPerSm),
             k.activeBlocksPerSm <= r.blocksPerSm});
    } catch (const InputError&) {
        // a compute capability the table does not know: the profile's own message says so
        // where the capability is used (cdx occupancy --gpu, the Occupancy view)
    }
    return out;
}

Device deviceOf(const GpuProfile& gpu) {
    Required req(gpu.params, gpuWhere(gpu));
    Device d;
    d.id = gpu.id;
    d.nSm = static_cast<int>(req("n_sm"));
    d.freqGhz = req("freq_ghz");
    d.bandwidthGbs = req("mem_bandwidth_gbs");
    d.memLd = req("mem_ld_cycles");
    d.departureDelCoal = req("departure_del_coal_cycles");
    d.departureDelUncoal = req("departure_del_uncoal_cycles");
    req.check("the MWP-CWP model needs them (the thesis gives them for 8800gtx, fx5600, 8800gt, "
              "gtx280, gtx580; the family's rules estimate them from the GPU's clock_mhz and "
              "n_v); type them into the GPU's fields");
    d.issueCycles = valueOf(gpu.params, "issue_cycles").value_or(4);
    d.fpUnitsPerSm = static_cast<int>(valueOf(gpu.params, "fp_units_per_sm").value_or(0));
    return d;
}

bool hasPowerModel(const GpuProfile& gpu) {
    for (const auto& [unit, key] : kPowerKeys) {
        if (!valueOf(gpu.params, key)) {
            return false;
        }
    }
    return valueOf(gpu.params, "idle_power_w").has_value();
}

PowerParams powerParamsOf(const GpuProfile& gpu) {
    Required req(gpu.params, gpuWhere(gpu));
    PowerParams p;
    for (const auto& [unit, key] : kPowerKeys) {
        p[unit] = req(key);
    }
    p.idlePowerW = req("idle_power_w");
    req.check("the IPP power model needs them (the thesis gives Table 8 for the GTX 280 and "
              "Table 11 for the GTX 580 only; 0 W for units a GPU lacks)");
    p.activationW = valueOf(gpu.params, "power_activation_w").value_or(0);
    p.logBeta = valueOf(gpu.params, "power_log_beta");
    p.muCPerW = valueOf(gpu.params, "temp_mu_c_per_w");
    p.lambdaC = valueOf(gpu.params, "temp_lambda_c");
    p.rhoC = valueOf(gpu.params, "temp_rho_c");
    p.rcRiseS = valueOf(gpu.params, "temp_rc_rise_s");
    p.rcDecayS = valueOf(gpu.params, "temp_rc_decay_s");
    p.idleTempC = valueOf(gpu.params, "temp_idle_c");
    p.sigmaWPerC = valueOf(gpu.params, "static_power_w_per_c");
    return p;
}

bool hasPowerData(const GpuProfile& gpu) {
    return std::all_of(
               kPowerKeys.begin(), kPowerKeys.end(),
               [&gpu](const auto& k) { return valueOf(gpu.params, k.second).has_value(); }) &&
           valueOf(gpu.params, "idle_power_w").has_value();
}

std::vector<std::string> gpusWithPowerData() {
    std::vector<std::string> out;
    for (const auto& e : listProfiles("gpus")) {
        try {
            const GpuProfile g = loadMwpGpuProfile(e.id);
            if (hasPowerData(g)) {
                out.push_back(g.name.empty() ? g.id : g.name);
            }
        } catch (const InputError&) {
            // a profile that does not load is reported where it is chosen
        }
    }
    return out;
}

Kernel kernelOf(const KernelProfile& kp, const GpuProfile& gpu) {
    const std::string where = "kernel " + kp.id;
    Required req(kp.params, where);
    const auto count = [&](const char* key) { return valueOf(kp.params, key).value_or(0); };
    Kernel k;
    k.id = kp.id;
    k.threadsPerBlock = static_cast<int>(req("threads_per_block"));
    k.blocks = req("blocks");
    req.check("every kernel needs threads_per_block and blocks");
    k.mix.fp = count("fp_insts");
    k.mix.fpFused = count("fp_fused_insts");
    k.mix.fpDiv = count("fp_div_insts");
    k.mix.intAdd = count("int_insts");
    k.mix.intMul = count("int_mul_insts");
    k.mix.intDiv = count("int_div_insts");
    k.mix.intMod = count("int_mod_insts");
    k.mix.sfu = count("sfu_insts");
    k.mix.alu = count("alu_insts");
    k.mix.shared = count("shared_insts");
    k.mix.constant = count("const_insts");
    k.mix.texture = count("tex_insts");
    k.mix.other = count("other_insts");
    k.coalMemInsts = count("coal_mem_insts");
    k.uncoalMemInsts = count("uncoal_mem_insts");
    k.synchInsts = count("synch_insts");
    k.indMemInsts = count("ind_mem_insts");
    k.uncoalPerMw = valueOf(kp.params, "uncoal_per_mw").value_or(32);
    k.loadBytesPerWarp = valueOf(kp.params, "load_bytes_per_warp").value_or(128);
    k.memLOverride = valueOf(kp.params, "mem_l_cycles");
    k.mstr = valueOf(kp.params, "mstr").value_or(1);
    k.ilp = valueOf(kp.params, "ilp").value_or(1);
    k.depEffect = valueOf(kp.params, "dep_effect").value_or(1);
    k.effMemCycles = valueOf(kp.params, "eff_mem_cycles");
    k.activeSms = static_cast<int>(valueOf(kp.params, "active_sms").value_or(0));
    if (const auto b = valueOf(kp.params, "active_blocks_per_sm")) {
        k.activeBlocksPerSm = static_cast<int>(*b);
    } else {
        const auto regs = valueOf(kp.params, "registers_per_thread");
        const auto o = occupancy(occupancyLimitsOf(gpu), k.threadsPerBlock,
                                 regs ? std::optional<int>(static_cast<int>(*regs)) : std::nullopt,
                                 valueOf(kp.params, "shared_bytes_per_block"));
        if (o.activeBlocks < 1) {
            throw InputError("active_blocks_per_sm", "0",
                             "the block does not fit on an SM of " + gpu.id + " (limited by " +
                                 std::string(name(o.limit)) + ")",
                             where);
        }
        k.activeBlocksPerSm = o.activeBlocks;
    }
    return k;
}

namespace {
std::string mwpKeysList() {
    return "GPU keys: " + knownParameterKeys(ParameterOwner::Gpu) +
           "; kernel keys: " + knownParameterKeys(ParameterOwner::Kernel);
}
} // namespace

void setKernelParameter(GpuProfile& gpu, KernelProfile& kernel, const std::string& name,
                        std::optional<double> value) {
    const ParameterKey* key = findParameterKey(name);
    if (!key || key->owner == ParameterOwner::Stencil) {
        throw InputError(
            name, {}, std::string(key ? "is a stencil key" : "unknown key") + "; " + mwpKeysList());
    }
    if (key->owner == ParameterOwner::Gpu) {
        setGpuParameter(gpu, name, value);
        return;
    }
    checkParameterValue(*key, value, {});
    // A value typed back to the kernel profile's is its own again (issue 55: 27 -> 28 -> 27
    // stayed edited), as for GPU values.
    kernel.params[name] = quantityFor(*key, value, [&kernel, &name]() -> std::optional<Quantity> {
        if (kernel.id.empty()) {
            return std::nullopt;
        }
        const KernelProfile shipped = loadKernelProfile(kernel.id);
        if (shipped.name != kernel.name) { // a file of another name that took its id
            return std::nullopt;
        }
        const auto it = shipped.params.find(name);
        return it == shipped.params.end() ? std::nullopt : std::optional<Quantity>(it->second);
    });
}

} // namespace cdx::mwp

namespace cdx {

void applyKernelOverride(GpuProfile& gpu, KernelProfile& kernel, const std::string& assignment) {
    const auto eq = assignment.find('=');
    const std::string name = eq == std::string::npos ? assignment : assignment.substr(0, eq);
    const ParameterKey* key = findParameterKey(name);
    if (eq != std::string::npos && eq > 0 && key && key->owner == ParameterOwner::Kernel) {
        const auto value = parseOverrideValue(*key, assignment.substr(eq + 1));
        try {
            mwp::setKernelParameter(gpu, kernel, name, value);
        } catch (const InputError& e) {
            // One form for every --set refusal: "--set mstr = 0: must be ...".
            throw InputError("--set " + e.field(), e.value(), e.allowed());
        }
        return;
    }
    if (eq != std::string::npos && eq > 0 && (!key || key->owner == ParameterOwner::Stencil)) {
        throw InputError("--set " + name, assignment.substr(eq + 1),
                         std::string(key ? "is a stencil key" : "unknown key") + "; " +
                             mwp::mwpKeysList());
    }
    // GPU keys, and assignments without KEY=: the --set parser of the GPU and stencil keys.
    StencilProfile unused;
    applyOverride(gpu, unused, gpu.id, assignment);
}

} // namespace cdx
