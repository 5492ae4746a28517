// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"
#include "mwp/power_model.hpp"
#include "params/profiles.hpp"

#include <optional>
#include <string>
#include <string_view>

// From profiles (values with units and sources) to the MWP-CWP model's plain structs, and
// the occupancy helper.
namespace cdx::mwp {

// Resident blocks per SM from the SM's limits (spec §7.2 B). The limits (threads, blocks,
// registers and shared memory per SM, threads per block) come from CUDA documentation, not
// from the thesis; allocation granularities are ignored.
struct OccupancyLimits {
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    double registersPerSm = 0;
    double sharedBytesPerSm = 0;
    int maxThreadsPerBlock = 0;
};
enum class OccupancyLimit { Threads, Blocks, Registers, SharedMemory, BlockTooLarge };
std::string_view name(OccupancyLimit l);

struct Occupancy {
    int activeBlocks = 0; // 0: the block does not fit
    OccupancyLimit limit = OccupancyLimit::Blocks;
    int byThreads = 0, byBlocks = 0, byRegisters = 0, byShared = 0; // each limit alone
    double occupancy = 0; // resident warps / maximum warps
};
Occupancy occupancy(const OccupancyLimits& l, int threadsPerBlock,
                    std::optional<int> registersPerThread, std::optional<double> sharedPerBlock);

OccupancyLimits occupancyLimitsOf(const GpuProfile& gpu); // InputError when a limit is missing

// The kernel against its GPU's own limits: threads per block, and the resident threads and
// blocks per SM that #Active_blocks_per_SM implies (a given value is not checked by the model,
// which evaluates whatever it is told). One check per limit the profile gives; `inside` false
// where the kernel could not run as described on that GPU.
struct LimitCheck {
    std::string key;  // the GPU profile's key: "max_threads_per_block", ...
    std::string what; // "threads per block"
    double value = 0; // the kernel's
    double limit = 0; // the GPU's
    bool inside = true;
};
// With the kernel's profile and a GPU with a "compute_capability", also the CUDA occupancy
// rules (core/occupancy): threads per block against the capability's limit, and the resident
// blocks per SM against the blocks CUDA would make resident with the kernel's registers per
// thread and shared memory per block (key "compute_capability" in every row). The resident
// blocks are compared only where the kernel gives #Active_blocks_per_SM; registers and shared
// memory it does not give count as 0, said in the row.
std::vector<LimitCheck> kernelLimitChecks(const GpuProfile& gpu, const Kernel& k,
                                          const KernelProfile* kernel = nullptr);

// Whether `gpu` carries every key of the IPP power model (powerParamsOf would not refuse it).
bool hasPowerData(const GpuProfile& gpu);
// The names of the shipped MWP-CWP GPU profiles that do ("NVIDIA GeForce GTX 280", ...): where a
// power view can send a user whose GPU has none.
std::vector<std::string> gpusWithPowerData();

// InputError listing every missing MWP-CWP key of the GPU.
Device deviceOf(const GpuProfile& gpu);
bool hasPowerModel(const GpuProfile& gpu);
// InputError naming the missing power keys (the thesis measured GTX 280 and GTX 580 only).
PowerParams powerParamsOf(const GpuProfile& gpu);
// The kernel's active_blocks_per_sm, or the occupancy helper's answer when it is null.
Kernel kernelOf(const KernelProfile& kernel, const GpuProfile& gpu);

// Typed edit for the MWP-CWP inputs (the kernel editor; `--set` of cdx mwp/power through
// applyKernelOverride): a kernel key goes to `kernel`, a GPU key to `gpu` (setGpuParameter),
// validated like every edit (params/profiles.hpp "Typed parameter edits"); nullopt = null,
// for nullable keys only. A stencil or unknown key, or a refused value, is an InputError
// naming the key and leaves both profiles unchanged.
void setKernelParameter(GpuProfile& gpu, KernelProfile& kernel, const std::string& key,
                        std::optional<double> value);

} // namespace cdx::mwp
