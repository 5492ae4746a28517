// SPDX-License-Identifier: GPL-3.0-or-later
#include "occupancy/occupancy.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace cdx::occupancy {

namespace {

constexpr const char* kCalculator =
    "cuda_occupancy.h (the CUDA runtime's occupancy rules, as "
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor applies them: register allocation per warp "
    "against the SM's whole file in sub-partitions) and the CUDA Occupancy Calculator's GPU data "
    "sheet; limits from the CUDA C++ Programming Guide, Features and Technical Specifications, "
    "and the runtime's regsPerBlock (deviceQuery) where they differ";

// One row; the warp size is 32 throughout.
Limits row(const char* cc, int threadsPerBlock, int warps, int blocks, int regsPerSm,
           int regsPerBlock, int regsPerThread, int regUnit, bool perWarp, int warpGranularity,
           int subPartitions, int sharedPerSm, int sharedPerBlock, int sharedUnit, int reserved,
           std::vector<int> carveouts) {
    Limits l;
    l.cc = cc;
    l.maxThreadsPerBlock = threadsPerBlock;
    l.maxWarpsPerSm = warps;
    l.maxBlocksPerSm = blocks;
    l.registersPerSm = regsPerSm;
    l.maxRegistersPerBlock = regsPerBlock;
    l.maxRegistersPerThread = regsPerThread;
    l.registerAllocationUnit = regUnit;
    l.registersPerWarp = perWarp;
    l.warpAllocationGranularity = warpGranularity;
    l.subPartitions = subPartitions;
    l.sharedPerSmBytes = sharedPerSm;
    l.maxSharedPerBlockBytes = sharedPerBlock;
    l.sharedAllocationUnit = sharedUnit;
    l.reservedSharedPerBlockBytes = reserved;
    l.carveoutsKb = std::move(carveouts);
    l.source = kCalculator;
    return l;
}

std::int64_t roundUp(std::int64_t x, std::int64_t unit) {
    return unit > 0 ? (x + unit - 1) / unit * unit : x;
}

std::string knownCapabilities() {
    std::string out;
    for (const auto& l : limitsTable()) {
        out += (out.empty() ? "" : ", ") + l.cc;
    }
    return out;
}

} // namespace

const std::vector<Limits>& limitsTable() {
    constexpr bool warp = true, block = false;
    // cc, threads/block, warps/SM, blocks/SM, regs/SM, regs/block, regs/thread, reg unit,
    // granularity, warp granularity, sub-partitions, shared/SM, shared/block (opt-in), shared
    // unit, reserved, carveouts [KB]. Registers per block: the runtime's regsPerBlock (3.2 and
    // 6.2: 32 K, as the Jetson TK1 and TX2 report; 5.2: 64 K, as the GTX 970/980 Ti/Titan X
    // report; 5.3: 32 K); sub-partitions: cudaOccSubPartitionsPerMultiprocessor (docs/model.md).
    static const std::vector<Limits> table{
        row("1.0", 512, 24, 8, 8192, 8192, 124, 256, block, 2, 1, 16384, 16384, 512, 0, {}),
        row("1.1", 512, 24, 8, 8192, 8192, 124, 256, block, 2, 1, 16384, 16384, 512, 0, {}),
        row("1.2", 512, 32, 8, 16384, 16384, 124, 512, block, 2, 1, 16384, 16384, 512, 0, {}),
        row("1.3", 512, 32, 8, 16384, 16384, 124, 512, block, 2, 1, 16384, 16384, 512, 0, {}),
        row("2.0", 1024, 48, 8, 32768, 32768, 63, 64, warp, 1, 2, 49152, 49152, 128, 0, {}),
        row("2.1", 1024, 48, 8, 32768, 32768, 63, 64, warp, 1, 2, 49152, 49152, 128, 0, {}),
        row("3.0", 1024, 64, 16, 65536, 65536, 63, 256, warp, 1, 4, 49152, 49152, 256, 0, {}),
        row("3.2", 1024, 64, 16, 65536, 32768, 255, 256, warp, 1, 4, 49152, 49152, 256, 0, {}),
        row("3.5", 1024, 64, 16, 65536, 65536, 255, 256, warp, 1, 4, 49152, 49152, 256, 0, {}),
        row("3.7", 1024, 64, 16, 131072, 65536, 255, 256, warp, 1, 4, 114688, 49152, 256, 0, {}),
        row("5.0", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 65536, 49152, 256, 0, {}),
        row("5.2", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 98304, 49152, 256, 0, {}),
        row("5.3", 1024, 64, 32, 65536, 32768, 255, 256, warp, 1, 4, 65536, 49152, 256, 0, {}),
        row("6.0", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 2, 65536, 49152, 256, 0, {}),
        row("6.1", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 98304, 49152, 256, 0, {}),
        row("6.2", 1024, 64, 32, 65536, 32768, 255, 256, warp, 1, 4, 65536, 49152, 256, 0, {}),
        row("7.0", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 98304, 98304, 256, 0,
            {0, 8, 16, 32, 64, 96}),
        row("7.2", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 98304, 98304, 256, 0,
            {0, 8, 16, 32, 64, 96}),
        row("7.5", 1024, 32, 16, 65536, 65536, 255, 256, warp, 1, 4, 65536, 65536, 256, 0,
            {32, 64}),
        row("8.0", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 167936, 166912, 128, 1024,
            {0, 8, 16, 32, 64, 100, 132, 164}),
        row("8.6", 1024, 48, 16, 65536, 65536, 255, 256, warp, 1, 4, 102400, 101376, 128, 1024,
            {0, 8, 16, 32, 64, 100}),
        row("8.7", 1024, 48, 16, 65536, 65536, 255, 256, warp, 1, 4, 167936, 166912, 128, 1024,
            {0, 8, 16, 32, 64, 100, 132, 164}),
        row("8.9", 1024, 48, 24, 65536, 65536, 255, 256, warp, 1, 4, 102400, 101376, 128, 1024,
            {0, 8, 16, 32, 64, 100}),
        row("9.0", 1024, 64, 32, 65536, 65536, 255, 256, warp, 1, 4, 233472, 232448, 128, 1024,
            {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}),
    };
    return table;
}

const Limits& limitsOf(const std::string& cc, const std::string& field) {
    for (const auto& l : limitsTable()) {
        if (l.cc == cc) {
            return l;
        }
    }
    throw InputError(field, cc, "expected a compute capability of " + knownCapabilities());
}

std::string capabilityName(double cc) {
    const long tenths = std::lround(cc * 10);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

Limits limitsOfGpu(const GpuProfile& gpu, const std::string& field) {
    const auto it = gpu.params.find("compute_capability");
    if (it == gpu.params.end() || !it->second.value) {
        throw InputError(field, gpu.id,
                         "has no compute_capability: give the GPU's (one of " +
                             knownCapabilities() + ") in its description or the GPU editor",
                         gpu.file);
    }
    const double cc = *it->second.value;
    if (std::abs(cc * 10 - std::round(cc * 10)) > 1e-9 || cc < 0 || cc > 99) {
        throw InputError("compute_capability", formatNumber(cc),
                         "expected a compute capability of " + knownCapabilities(), gpu.file);
    }
    Limits l = limitsOf(capabilityName(cc), "compute_capability");
    const auto value = [&gpu](const char* key) -> std::optional<double> {
        const auto q = gpu.params.find(key);
        return q == gpu.params.end() ? std::nullopt : q->second.value;
    };
    const auto kb = [](std::int64_t bytes) {
        return formatNumber(static_cast<double>(bytes) / 1024);
    };
    // One limit taken from the profile when it differs from the capability's table.
    const auto take = [&](const char* key, int& limit, double scale, const std::string& what,
                          const std::string& unit) {
        const auto v = value(key);
        if (!v || !std::isfinite(*v) || *v * scale > 2147483647.0) {
            return;
        }
        const int mine = static_cast<int>(std::llround(*v * scale));
        if (mine == limit || mine <= 0) {
            return;
        }
        std::string note = what + " " + formatNumber(*v) + " " + unit + " (" + key +
                           ", the profile's; compute capability " + l.cc + ": " +
                           formatNumber(static_cast<double>(limit) / scale) + " " + unit + ")";
        limit = mine;
        l.fromProfile.push_back(std::move(note));
    };
    take("m_sm_kb", l.sharedPerSmBytes, 1024, "shared memory per SM", "KB");
    take("m_tb_kb", l.maxSharedPerBlockBytes, 1024, "shared memory per block", "KB");
    take("r_sm", l.registersPerSm, 1, "registers per SM", "registers");
    take("mtb_sm", l.maxBlocksPerSm, 1, "resident blocks per SM", "blocks");
    take("max_threads_per_block", l.maxThreadsPerBlock, 1, "threads per block", "threads");
    if (const auto t = value("max_threads_per_sm");
        t && *t / l.warpSize != l.maxWarpsPerSm && *t >= l.warpSize && *t < 1e9) {
        l.fromProfile.push_back("resident threads per SM " + formatNumber(*t) +
                                " (max_threads_per_sm, the profile's; compute capability " + l.cc +
                                ": " + std::to_string(l.maxWarpsPerSm * l.warpSize) + ")");
        l.maxWarpsPerSm = static_cast<int>(*t) / l.warpSize;
    }
    if (!l.carveoutsKb.empty()) {
        const int mine = l.sharedPerSmBytes / 1024;
        if (std::find(l.carveoutsKb.begin(), l.carveoutsKb.end(), mine) == l.carveoutsKb.end() ||
            l.sharedPerSmBytes % 1024 != 0) {
            std::string list;
            for (int k : l.carveoutsKb) {
                list += (list.empty() ? "" : ", ") + std::to_string(k);
            }
            l.fromProfile.push_back("shared memory per SM " + kb(l.sharedPerSmBytes) +
                                    " KB is not one of compute capability " + l.cc +
                                    "'s carveouts (" + list + " KB): a chip of its own");
        }
    }
    if (l.maxSharedPerBlockBytes > l.sharedPerSmBytes) {
        l.fromProfile.push_back("shared memory per block " + kb(l.maxSharedPerBlockBytes) +
                                " KB exceeds shared memory per SM " + kb(l.sharedPerSmBytes) +
                                " KB: a block can use at most the SM's");
        l.maxSharedPerBlockBytes = l.sharedPerSmBytes;
    }
    return l;
}

Result evaluate(const Limits& l, const Input& in) {
    const auto range = [](std::int64_t lo, std::int64_t hi) {
        return "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
               "] (compute capability ";
    };
    if (in.threadsPerBlock < 1 || in.threadsPerBlock > l.maxThreadsPerBlock) {
        throw InputError("--threads-per-block", std::to_string(in.threadsPerBlock),
                         range(1, l.maxThreadsPerBlock) + l.cc + ")");
    }
    if (in.registersPerThread < 0 || in.registersPerThread > l.maxRegistersPerThread) {
        throw InputError("--registers-per-thread", std::to_string(in.registersPerThread),
                         range(0, l.maxRegistersPerThread) + l.cc + ")");
    }
    if (in.sharedBytesPerBlock < 0 || in.sharedBytesPerBlock > l.maxSharedPerBlockBytes) {
        throw InputError("--shared-bytes", std::to_string(in.sharedBytesPerBlock),
                         range(0, l.maxSharedPerBlockBytes) + l.cc + ", the opt-in maximum)");
    }
    Result r;
    r.limits = l;
    r.sharedPerSm = l.sharedPerSmBytes;
    r.carveoutKb = l.sharedPerSmBytes / 1024;
    if (in.carveoutKb) {
        const auto& c = l.carveoutsKb;
        if (std::find(c.begin(), c.end(), *in.carveoutKb) == c.end()) {
            std::string allowed;
            for (int k : c) {
                allowed += (allowed.empty() ? "" : ", ") + std::to_string(k);
            }
            throw InputError("--carveout", std::to_string(*in.carveoutKb),
                             c.empty() ? "compute capability " + l.cc +
                                             " has no selectable carveout (shared memory per SM "
                                             "is " +
                                             std::to_string(r.carveoutKb) + " KB)"
                                       : "expected one of " + allowed + " KB (compute capability " +
                                             l.cc + ")");
        }
        r.carveoutKb = *in.carveoutKb;
        r.sharedPerSm = std::int64_t{*in.carveoutKb} * 1024;
    }

    r.warpsPerBlock = (in.threadsPerBlock + l.warpSize - 1) / l.warpSize;
    r.blocksLimitWarps =
        std::min<std::int64_t>(l.maxWarpsPerSm / r.warpsPerBlock, l.maxBlocksPerSm);

    // Registers, as the runtime allocates them (cuda_occupancy.h,
    // cudaOccMaxBlocksPerSMRegsLimit). From 2.0 on per warp: R x 32 rounded up to the allocation
    // unit (on 2.x 128 instead of 64 for 21, 22, 29, 30, 37, 38, 45 and 46 registers); a block
    // fits only if its warps, and its warps rounded up to the sub-partitions (the hardware's
    // check), are within the registers one block may use; then the warps that fit are counted
    // per sub-partition of the SM's whole file. The per-block maximum limits one block; it is
    // not a partition of the file. On 1.x per block, against the SM's file.
    r.registersUnlimited = in.registersPerThread == 0;
    if (r.registersUnlimited) {
        r.blocksLimitRegisters = l.maxBlocksPerSm; // no limit; never named as binding
    } else if (l.registersPerWarp) {
        std::int64_t unit = l.registerAllocationUnit;
        if (l.cc.rfind("2.", 0) == 0) {
            switch (in.registersPerThread) {
            case 21:
            case 22:
            case 29:
            case 30:
            case 37:
            case 38:
            case 45:
            case 46:
                unit = 128;
                break;
            default:
                break;
            }
        }
        r.registersPerWarp = roundUp(in.registersPerThread * l.warpSize, unit);
        r.registersPerBlock = r.registersPerWarp * r.warpsPerBlock;
        const auto fits = [&](std::int64_t sub) -> std::int64_t {
            const std::int64_t assumed = r.registersPerWarp * roundUp(r.warpsPerBlock, sub);
            if (l.maxRegistersPerBlock < assumed || l.maxRegistersPerBlock < r.registersPerBlock) {
                return 0;
            }
            const std::int64_t warpsPerSub = l.registersPerSm / sub / r.registersPerWarp;
            return warpsPerSub * sub / r.warpsPerBlock;
        };
        r.blocksLimitRegisters = fits(l.subPartitions);
        // 6.0 (GP100, two sub-partitions): a block that cannot run on GP10x (four) runs on no
        // Pascal, as the runtime keeps the family forward-compatible.
        if (l.cc == "6.0" && r.blocksLimitRegisters > 0 && fits(4) == 0) {
            r.blocksLimitRegisters = 0;
        }
    } else {
        r.registersPerBlock = roundUp(roundUp(r.warpsPerBlock, l.warpAllocationGranularity) *
                                          in.registersPerThread * l.warpSize,
                                      l.registerAllocationUnit);
        r.registersPerWarp = r.registersPerBlock / r.warpsPerBlock;
        r.blocksLimitRegisters = l.registersPerSm / r.registersPerBlock;
    }

    // Shared memory: the request and the runtime's reserved part, rounded up to the unit.
    r.sharedPerBlock =
        roundUp(in.sharedBytesPerBlock + l.reservedSharedPerBlockBytes, l.sharedAllocationUnit);
    r.blocksLimitShared =
        r.sharedPerBlock > 0 ? r.sharedPerSm / r.sharedPerBlock : std::int64_t{l.maxBlocksPerSm};

    r.blocksPerSm = std::min({r.blocksLimitWarps, r.blocksLimitRegisters, r.blocksLimitShared});
    r.warpsPerSm = r.blocksPerSm * r.warpsPerBlock;
    r.occupancy = static_cast<double>(r.warpsPerSm) / static_cast<double>(l.maxWarpsPerSm);
    // Every limit at the minimum, as the runtime's limitingFactors: the SM's warps and its block
    // slots are two limits (both bind when they allow the same count).
    if (r.blocksLimitWarps == r.blocksPerSm) {
        if (l.maxWarpsPerSm / r.warpsPerBlock == r.blocksPerSm) {
            r.binding.push_back("warps");
        }
        if (l.maxBlocksPerSm == r.blocksPerSm) {
            r.binding.push_back("blocks");
        }
    }
    if (r.blocksLimitRegisters == r.blocksPerSm && !r.registersUnlimited) {
        r.binding.push_back("registers");
    }
    if (r.blocksLimitShared == r.blocksPerSm && r.sharedPerBlock > 0) {
        r.binding.push_back("shared memory");
    }
    r.limiter = r.binding.front();
    return r;
}

std::vector<Raise> raiseOccupancy(const Limits& l, const Input& in) {
    const Result now = evaluate(l, in);
    std::vector<Raise> out;
    if (now.warpsPerSm >= l.maxWarpsPerSm) {
        return out;
    }
    const auto better = [&](Input at) -> std::optional<Result> {
        const Result r = evaluate(l, at);
        return r.occupancy > now.occupancy ? std::optional<Result>(r) : std::nullopt;
    };
    for (std::int64_t reg = in.registersPerThread - 1; reg >= 0; --reg) {
        Input at = in;
        at.registersPerThread = reg;
        if (const auto r = better(at)) {
            out.push_back({Axis::RegistersPerThread, reg, r->blocksPerSm, r->occupancy});
            break;
        }
    }
    const std::int64_t unit = std::max(1, l.sharedAllocationUnit);
    for (std::int64_t sh = (in.sharedBytesPerBlock - 1) / unit * unit;
         sh >= 0 && in.sharedBytesPerBlock > 0; sh -= unit) {
        Input at = in;
        at.sharedBytesPerBlock = sh;
        if (const auto r = better(at)) {
            out.push_back({Axis::SharedBytesPerBlock, sh, r->blocksPerSm, r->occupancy});
            break;
        }
    }
    std::optional<Raise> threads;
    for (std::int64_t t = l.warpSize; t <= l.maxThreadsPerBlock; t += l.warpSize) {
        Input at = in;
        at.threadsPerBlock = t;
        const auto r = better(at);
        if (!r) {
            continue;
        }
        const auto distance = [&](std::int64_t x) { return std::llabs(x - in.threadsPerBlock); };
        if (!threads || distance(t) < distance(threads->value)) {
            threads = Raise{Axis::ThreadsPerBlock, t, r->blocksPerSm, r->occupancy};
        }
    }
    if (threads) {
        out.push_back(*threads);
    }
    return out;
}

std::string bindingText(const Result& r) {
    std::string out;
    for (std::size_t i = 0; i < r.binding.size(); ++i) {
        const std::string& b = r.binding[i];
        const std::string word = b == "blocks" ? "block slots" : b;
        out += (i == 0 ? "" : i + 1 == r.binding.size() ? " and " : ", ") + word;
    }
    return out;
}

std::string raiseText(const Limits& l, const Input& in, const Result& r) {
    if (r.warpsPerSm >= l.maxWarpsPerSm) {
        return "occupancy is full: no change raises it";
    }
    const auto raises = raiseOccupancy(l, in);
    if (raises.empty()) {
        return "no single change of threads, registers or shared memory raises it (" +
               bindingText(r) + " bind together)";
    }
    std::string out = "to raise it: ";
    for (std::size_t i = 0; i < raises.size(); ++i) {
        const auto& x = raises[i];
        const std::string what =
            x.axis == Axis::RegistersPerThread
                ? "at most " + std::to_string(x.value) + " registers per thread"
            : x.axis == Axis::SharedBytesPerBlock
                ? "at most " + std::to_string(x.value) + " B shared memory per block"
                : std::to_string(x.value) + " threads per block";
        char pct[32];
        std::snprintf(pct, sizeof pct, "%.4g", 100 * x.occupancy);
        out += (i == 0 ? "" : ", or ") + what + " (" + std::to_string(x.blocksPerSm) + " blocks, " +
               pct + " %)";
    }
    return out;
}

std::vector<CurvePoint> curve(const Limits& l, const Input& in, Axis axis) {
    std::int64_t first = 0, last = 0, step = 1;
    switch (axis) {
    case Axis::ThreadsPerBlock:
        first = l.warpSize;
        last = l.maxThreadsPerBlock;
        step = l.warpSize;
        break;
    case Axis::RegistersPerThread:
        last = l.maxRegistersPerThread;
        break;
    case Axis::SharedBytesPerBlock:
        last = l.maxSharedPerBlockBytes;
        step = l.sharedAllocationUnit;
        break;
    }
    std::vector<CurvePoint> out;
    out.reserve(static_cast<std::size_t>((last - first) / step + 1));
    for (std::int64_t x = first; x <= last; x += step) {
        Input at = in;
        (axis == Axis::ThreadsPerBlock      ? at.threadsPerBlock
         : axis == Axis::RegistersPerThread ? at.registersPerThread
                                            : at.sharedBytesPerBlock) = x;
        const Result r = evaluate(l, at);
        out.push_back({x, r.blocksPerSm, r.occupancy});
    }
    return out;
}

} // namespace cdx::occupancy
