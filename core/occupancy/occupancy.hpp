// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// CUDA occupancy (issue 30): how many blocks of a kernel are resident on one SM, by the rules of
// NVIDIA's CUDA Occupancy Calculator, for compute capabilities 1.0 to 9.0 (docs/model.md,
// "Occupancy"). From threads per block, registers per thread and shared memory per block: the
// block limit set by warps (or the SM's block slots), by registers and by shared memory, the
// resident blocks and warps, the occupancy, and which resource binds.
namespace cdx {
struct GpuProfile; // params/profiles.hpp
}

namespace cdx::occupancy {

// One compute capability's limits (the calculator's "GPU data", the CUDA C++ Programming Guide's
// table of technical specifications per compute capability).
struct Limits {
    std::string cc; // "8.0"
    int warpSize = 32;
    int maxThreadsPerBlock = 0;
    int maxWarpsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 0;         // 32-bit registers
    int maxRegistersPerBlock = 0;   // 32-bit registers a block may use
    int maxRegistersPerThread = 0;  // 124 on 1.x (the calculator), 63 on 2.x and 3.0, else 255
    int registerAllocationUnit = 0; // registers: a warp's (or a 1.x block's) are rounded up to it
    bool registersPerWarp = true;   // allocation granularity: per warp (2.0 on), per block (1.x)
    int warpAllocationGranularity = 0; // 1.x: a block's warps rounded up to this (2)
    int subPartitions = 1; // register file sub-partitions (cudaOccSubPartitionsPerMultiprocessor)
    int sharedPerSmBytes = 0;            // the largest carveout
    int maxSharedPerBlockBytes = 0;      // the opt-in maximum (static allocations: 48 KB)
    int sharedAllocationUnit = 0;        // bytes: a block's shared memory is rounded up to it
    int reservedSharedPerBlockBytes = 0; // the runtime's own per block (1 KB from 8.0)
    std::vector<int> carveoutsKb;        // selectable shared memory per SM (7.0 on); empty: fixed
    std::string source;
    // limitsOfGpu: each limit the GPU's profile sets differently from its compute capability,
    // said ("shared memory per SM 256 KB (m_sm_kb, the profile's; compute capability 9.0: 228
    // KB); not one of 9.0's carveouts (0, 8, ..., 228 KB)").
    std::vector<std::string> fromProfile;
};

// Every compute capability, ascending.
const std::vector<Limits>& limitsTable();
// "8.0" -> its limits; InputError naming `field` and the known capabilities otherwise.
const Limits& limitsOf(const std::string& cc, const std::string& field = "--cc");

// The limits of a GPU: its "compute_capability" (8 -> "8.0", 8.9 -> "8.9") with the profile's own
// shared memory per SM and per block, registers, resident blocks and threads where it gives them
// (issue 43: an edited GPU is the chip it describes), each such limit named in `fromProfile`.
// InputError naming `field`, the profile and the allowed values when the profile has no
// compute capability or an unknown one.
Limits limitsOfGpu(const GpuProfile& gpu, const std::string& field = "--gpu");
// "8.0" for 8, "8.9" for 8.9: the table's spelling of a capability given as a number.
std::string capabilityName(double cc);

struct Input {
    std::int64_t threadsPerBlock = 0;
    std::int64_t registersPerThread = 0;
    std::int64_t sharedBytesPerBlock = 0;
    std::optional<int> carveoutKb; // unset: the largest (the default here)
};

struct Result {
    Limits limits;
    std::int64_t warpsPerBlock = 0;
    std::int64_t registersPerWarp = 0;  // allocated, per warp (per block on 1.x: see below)
    std::int64_t registersPerBlock = 0; // allocated for one block
    std::int64_t sharedPerBlock = 0;    // allocated: the request + the reserved, rounded up
    std::int64_t sharedPerSm = 0;       // the carveout used [bytes]
    int carveoutKb = 0;
    std::int64_t blocksLimitWarps = 0;     // min(the SM's warps / warps per block, its block slots)
    std::int64_t blocksLimitRegisters = 0; // 0: a block does not fit (registers per block)
    bool registersUnlimited = false;       // 0 registers per thread: no register limit
    std::int64_t blocksLimitShared = 0;
    std::int64_t blocksPerSm = 0;
    std::int64_t warpsPerSm = 0;
    double occupancy = 0; // resident warps / the SM's maximum
    std::string limiter;  // "warps", "blocks", "registers" or "shared memory" (first that binds)
    std::vector<std::string> binding; // every resource at the minimum
};

// InputError naming the field and the allowed values for threads per block outside
// [1, maxThreadsPerBlock], registers per thread outside [0, maxRegistersPerThread], shared memory
// per block outside [0, maxSharedPerBlockBytes], a carveout that is not one of the capability's.
Result evaluate(const Limits& l, const Input& in);

enum class Axis { ThreadsPerBlock, RegistersPerThread, SharedBytesPerBlock };

// Which single change of the launch raises occupancy (issue 44): for registers per thread and
// shared memory per block, the largest smaller value that does; for threads per block, the
// nearest block size that does. Each with the blocks and occupancy it gives. Empty when the
// occupancy is already 100 % or no single change raises it (several limits bind together:
// bindingText then says so).
struct Raise {
    Axis axis;
    std::int64_t value = 0;
    std::int64_t blocksPerSm = 0;
    double occupancy = 0;
};
std::vector<Raise> raiseOccupancy(const Limits& l, const Input& in);
// "registers and shared memory" (every binding limit, in words: "warps", "block slots",
// "registers", "shared memory").
std::string bindingText(const Result& r);
// One line: "to raise it: at most 32 registers per thread (3 blocks, 75 %), or ..." or why none.
std::string raiseText(const Limits& l, const Input& in, const Result& r);

// Occupancy against one input, the others as in `in` (the calculator's three charts): threads
// per block from one warp to the capability's limit in steps of a warp, registers per thread
// from 0 to its limit, shared memory per block from 0 to the opt-in maximum in steps of the
// allocation unit. Each point is evaluate()'s result at that value.
struct CurvePoint {
    std::int64_t x = 0;
    std::int64_t blocksPerSm = 0;
    double occupancy = 0;
};
std::vector<CurvePoint> curve(const Limits& l, const Input& in, Axis axis);

} // namespace cdx::occupancy
