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
    ParameterKey{"c_iter_s", ParameterOwner::Stencil, "s", false, 0, true, kInf, true,
                 "time of one iteration per vector unit (C_iter)"},
    ParameterKey{"flops_per_point", ParameterOwner::Stencil, "FLOP/point", false, 0, true, kInf,
                 true, "floating-point operations per iteration point"},
    ParameterKey{"bytes_per_word", ParameterOwner::Stencil, "B/word", true, 1, false, 64, false,
                 "bytes per array element (4 = single precision)"},
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
