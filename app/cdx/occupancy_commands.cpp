// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/occupancy_commands.hpp"

#include "cdx/arguments.hpp"
#include "occupancy/occupancy.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kOccupancyUsage =
    "usage: cdx occupancy (--cc X.Y | --gpu ID|PATH) --threads-per-block N\n"
    "                     --registers-per-thread R --shared-bytes S [--carveout KB] [--json]\n"
    "  Resident blocks and warps per SM and the occupancy of a kernel with N threads per block,\n"
    "  R registers per thread and S bytes of shared memory per block (static + dynamic), by the\n"
    "  rules of NVIDIA's CUDA Occupancy Calculator for compute capabilities 1.0 to 9.0: the block\n"
    "  limit set by warps (or the SM's block slots), by registers and by shared memory, and\n"
    "  which one binds. From 7.0 on the shared-memory carveout per SM is selectable (--carveout,\n"
    "  in KB; default the largest); from 8.0 on the runtime's 1 KB per block is included.\n"
    "  docs/model.md, \"Occupancy\".\n";

std::int64_t nonNegative(const Arguments& a, const std::string& flag) {
    return parseInteger(a.required(flag), flag);
}

int runOccupancy(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--cc", "--gpu", "--threads-per-block", "--registers-per-thread",
                       "--shared-bytes", "--carveout"},
                      {"--json"});
    if (a.has("--cc") == a.has("--gpu")) {
        throw InputError("--cc/--gpu", {},
                         "give exactly one: --cc X.Y (a compute capability) or --gpu ID|PATH (an "
                         "MWP-CWP GPU profile with a compute_capability, e.g. a100-sxm4)");
    }
    std::string gpuId;
    const occupancy::Limits l = [&]() -> occupancy::Limits {
        if (a.has("--cc")) {
            return occupancy::limitsOf(a.required("--cc"));
        }
        const GpuProfile gpu = loadMwpGpuProfile(a.required("--gpu"));
        gpuId = gpu.id;
        return occupancy::limitsOfGpu(gpu);
    }();
    occupancy::Input in;
    in.threadsPerBlock = nonNegative(a, "--threads-per-block");
    in.registersPerThread = nonNegative(a, "--registers-per-thread");
    in.sharedBytesPerBlock = nonNegative(a, "--shared-bytes");
    if (const auto c = a.optional("--carveout")) {
        const std::int64_t kb = parseInteger(*c, "--carveout");
        if (kb < 0 || kb > 1024) {
            throw InputError("--carveout", *c, "expected a carveout in KB");
        }
        in.carveoutKb = static_cast<int>(kb);
    }
    const occupancy::Result r = occupancy::evaluate(l, in);
    if (a.has("--json")) {
        json carveouts = json::array();
        for (int k : l.carveoutsKb) {
            carveouts.push_back(k);
        }
        // Each single change that raises occupancy, in the input's own key (issue 44).
        json raise = json::array();
        for (const auto& x : occupancy::raiseOccupancy(l, in)) {
            const char* key = x.axis == occupancy::Axis::RegistersPerThread ? "registers_per_thread"
                              : x.axis == occupancy::Axis::SharedBytesPerBlock
                                  ? "shared_bytes_per_block"
                                  : "threads_per_block";
            raise.push_back({{"change", key},
                             {key, x.value},
                             {"blocks_per_sm", x.blocksPerSm},
                             {"occupancy", x.occupancy}});
        }
        out << json{{"command", "occupancy"},
                    {"gpu", gpuId.empty() ? json(nullptr) : json(gpuId)},
                    {"compute_capability", l.cc},
                    {"threads_per_block", in.threadsPerBlock},
                    {"registers_per_thread", in.registersPerThread},
                    {"shared_bytes_per_block", in.sharedBytesPerBlock},
                    {"blocks_per_sm", r.blocksPerSm},
                    {"warps_per_sm", r.warpsPerSm},
                    {"occupancy", r.occupancy},
                    {"limiter", r.limiter},
                    {"binding", r.binding},
                    {"raise", raise},
                    {"blocks_limit_warps", r.blocksLimitWarps},
                    {"blocks_limit_registers", r.blocksLimitRegisters},
                    {"blocks_limit_shared", r.blocksLimitShared},
                    {"allocated",
                     {{"warps_per_block", r.warpsPerBlock},
                      {"registers_per_warp", r.registersPerWarp},
                      {"registers_per_block", r.registersPerBlock},
                      {"shared_bytes_per_block", r.sharedPerBlock},
                      {"shared_bytes_per_sm", r.sharedPerSm},
                      {"carveout_kb", r.carveoutKb}}},
                    {"limits",
                     {{"warp_size", l.warpSize},
                      {"max_threads_per_block", l.maxThreadsPerBlock},
                      {"max_warps_per_sm", l.maxWarpsPerSm},
                      {"max_blocks_per_sm", l.maxBlocksPerSm},
                      {"registers_per_sm", l.registersPerSm},
                      {"max_registers_per_block", l.maxRegistersPerBlock},
                      {"max_registers_per_thread", l.maxRegistersPerThread},
                      {"register_allocation_unit", l.registerAllocationUnit},
                      {"register_allocation_granularity", l.registersPerWarp ? "warp" : "block"},
                      {"warp_allocation_granularity", l.warpAllocationGranularity},
                      {"register_sub_partitions", l.subPartitions},
                      {"shared_bytes_per_sm", l.sharedPerSmBytes},
                      {"max_shared_bytes_per_block", l.maxSharedPerBlockBytes},
                      {"shared_allocation_unit", l.sharedAllocationUnit},
                      {"reserved_shared_bytes_per_block", l.reservedSharedPerBlockBytes},
                      {"carveouts_kb", carveouts}}},
                    {"from_profile", l.fromProfile},
                    {"source", l.source}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o;
    o << (gpuId.empty() ? "" : gpuId + ", ") << "compute capability " << l.cc << ": "
      << in.threadsPerBlock << " threads per block (" << r.warpsPerBlock << " warps), "
      << in.registersPerThread << " registers per thread, " << in.sharedBytesPerBlock
      << " B shared memory per block\n";
    for (const auto& n : l.fromProfile) {
        o << "from the profile: " << n << "\n";
    }
    o << "resident per SM: " << r.blocksPerSm << " blocks, " << r.warpsPerSm << " of "
      << l.maxWarpsPerSm << " warps: occupancy " << formatG(100 * r.occupancy, 4) << " %\n";
    o << "limited by: " << occupancy::bindingText(r) << "\n"
      << occupancy::raiseText(l, in, r) << "\nblock limit by warps/blocks: " << r.blocksLimitWarps
      << " (" << l.maxWarpsPerSm << " warps, " << l.maxBlocksPerSm << " blocks per SM)\n";
    o << "block limit by registers:    " << r.blocksLimitRegisters << " (" << r.registersPerBlock
      << " allocated per block of " << l.registersPerSm << " per SM)\n";
    o << "block limit by shared memory: " << r.blocksLimitShared << " (" << r.sharedPerBlock
      << " B allocated per block of " << r.sharedPerSm << " B per SM, carveout " << r.carveoutKb
      << " KB)\n";
    if (r.blocksPerSm == 0) {
        o << "no block fits: the kernel cannot launch with these resources\n";
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> occupancyCommands() {
    return {{"occupancy",
             "resident blocks, warps and occupancy per SM (CUDA occupancy calculator rules, "
             "CC 1.0-9.0)",
             kOccupancyUsage, runOccupancy}};
}

} // namespace cdx::cli
