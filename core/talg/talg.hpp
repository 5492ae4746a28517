// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "occupancy/occupancy.hpp"
#include "params/model_inputs.hpp"
#include "params/units.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Talg: execution time of hybrid-hexagonal/classic tiled stencils on GPUs
// (PPoPP'17 eqs. 2-30 = thesis A.2-A.31; spec/talg-time-model.md §2.2).
namespace cdx::talg {

// Erratum I1: eq. 5 prints 2tS1+tT; the hexagon geometry gives 2tS1+tT-2.
enum class Pitch { Geometric, Paper };
// Eq. 3: exact (with the thesis' floor in epsilon, erratum D1) or 2*ceil(T/tT).
enum class WavefrontCount { Exact, Approx };
// §2.3: how many thread blocks share an SM.
enum class KRule { Max, Effective, Optimize };
// Erratum I2: 3D wavefront width as the 1D formula or eq. 22 as printed (tS1+tT).
enum class Width3D { As1D, Eq22 };
// Erratum I3: eq. 23 as printed (ceiling of the product) or the product of ceilings.
enum class SubSlabCount { CeilOfProduct, ProductOfCeils };

// Issue 57, beside the papers' model (their choices are the defaults):
// Shared memory of a tile: eq. 19 as printed, or as PPCG allocates it: along S1 the hexagon's
// widest row and its two neighbours, tS1 + tT (spec I1(b), I4), one row fewer than eq. 19.
enum class SharedFootprint { Eq19, Ppcg };
// Latency hiding: none (the papers': every tile's transfer at the GPU's bandwidth, every lane of
// the SM busy), or by occupancy: the resident blocks the occupancy rules allow for the block's
// threads, transfers at the bandwidth their warps sustain (MWP-CWP's memory warp parallelism,
// eqs. 3-6, with the GPU's Mem_LD and departure delay), and a tile never computing on more lanes
// than it has threads.
enum class Hiding { None, Occupancy };
// Bandwidth: each tile's transfer at the GPU's whole bandwidth (the papers': every SM at once),
// or shared: a wavefront takes at least the time its tiles' words need through the one memory
// system.
enum class Bandwidth { PerTile, Shared };

struct TalgVariant {
    Pitch pitch = Pitch::Geometric;
    WavefrontCount nw = WavefrontCount::Exact;
    KRule k = KRule::Max;
    Width3D width3d = Width3D::As1D;
    SubSlabCount subSlabs = SubSlabCount::CeilOfProduct;
    units::GigaByte gigabyte = units::GigaByte::Decimal;
    std::optional<std::int64_t> registersPerTile; // R_tile; unknown (ignored) by default
    SharedFootprint smem = SharedFootprint::Eq19;
    Hiding hiding = Hiding::None;
    Bandwidth bandwidth = Bandwidth::PerTile;
    // Registers per thread for the occupancy rules (hiding = occupancy); unknown: no limit.
    std::optional<std::int64_t> registersPerThread;

    bool operator==(const TalgVariant&) const = default;
};

// Command-line / JSON spellings of the variant options: "geometric", "paper", ...
std::string_view name(Pitch v);
std::string_view name(WavefrontCount v);
std::string_view name(KRule v);
std::string_view name(Width3D v);
std::string_view name(SubSlabCount v);
std::string_view name(units::GigaByte v);
std::string_view name(SharedFootprint v); // "eq19", "ppcg"
std::string_view name(Hiding v);          // "none", "occupancy"
std::string_view name(Bandwidth v);       // "tile", "shared"
SharedFootprint parseSharedFootprint(std::string_view s, const std::string& field = "smem");
Hiding parseHiding(std::string_view s, const std::string& field = "hiding");
Bandwidth parseBandwidth(std::string_view s, const std::string& field = "bw");
// Whether the variant is the papers' own (no issue-57 extension chosen).
bool papersModel(const TalgVariant& v);
// Parsers throw InputError naming `field` and listing the allowed spellings.
Pitch parsePitch(std::string_view s, const std::string& field = "pitch");
WavefrontCount parseWavefrontCount(std::string_view s, const std::string& field = "nw");
KRule parseKRule(std::string_view s, const std::string& field = "k");
Width3D parseWidth3D(std::string_view s, const std::string& field = "w3d");
SubSlabCount parseSubSlabCount(std::string_view s, const std::string& field = "nsslabs");
units::GigaByte parseGigaByte(std::string_view s, const std::string& field = "gb");

// Problem extents: S1..S_dim (unused entries are 1) and T time steps.
struct Problem {
    int dim = 2;
    std::array<std::int64_t, 3> space{1, 1, 1};
    std::int64_t time = 1;
    bool operator==(const Problem&) const = default;
};

// Tile sizes tS1..tS_dim (unused entries are 1) and tT (even), and the threads of the block
// that computes a tile (issue 57; the papers' model does not use them).
struct Tiles {
    std::array<std::int64_t, 3> space{1, 1, 1};
    std::int64_t time = 2;
    // Threads per block; 0: PPCG's default, one thread per point of the innermost tile (tS2 in
    // 2D, tS3 in 3D, the widest hexagon row in 1D), capped by the GPU's limit (defaultThreads).
    std::int64_t threads = 0;

    auto operator<=>(const Tiles&) const = default;
    bool operator==(const Tiles&) const = default;
};

// The constraint of eq. 31 that excludes a tiling.
enum class Constraint {
    None,
    SharedMemoryPerBlock, // M_tile > per-thread-block shared memory
    NoResidentBlock,      // k_max = 0 (registers: R_tile > R_SM)
    Occupancy,            // hiding = occupancy: no block of these threads and registers fits
};
std::string_view name(Constraint c); // "shared_memory_per_block", ...
std::string describe(Constraint c);  // one sentence for tooltips and tables

// Every intermediate value of §2.2 (words are b_w-byte elements, times in seconds).
struct TalgBreakdown {
    double lWordSeconds = 0;           // L_w [s/word]
    std::int64_t mSmWords = 0;         // M_SM [words]
    std::int64_t mTbWords = 0;         // per-thread-block limit [words]
    std::int64_t q = 0;                // ceil(T/tT) = green wavefronts
    std::int64_t remainder = 0;        // T mod tT
    std::int64_t epsilon = 0;          // eq. 3 correction
    std::int64_t nW = 0;               // wavefronts = kernel calls (eq. 3)
    std::int64_t wTile = 0;            // eq. 4
    std::int64_t pitch = 0;            // distance between tiles of one wavefront
    std::int64_t widthDenominator = 0; // pitch, or tS1+tT for eq. 22 as printed
    std::int64_t w = 0;                // tiles per wavefront (eq. 5 / 22)
    std::int64_t inner = 1;            // 1, tS2 or tS2*tS3
    std::int64_t nSub = 1;             // sub-prisms / sub-slabs per prism / slab (eq. 16 / 23)
    std::int64_t mI = 0;               // input footprint [words] (eq. 7 / 13 / 24)
    std::int64_t mO = 0;               // output footprint [words]
    std::int64_t mIo = 0;              // m_i + m_o [words]
    double mPrime = 0;                 // transfer time of one tile (eq. 8 / 14 / 25)
    std::int64_t computeSum = 0;       // sum of ceil(x*inner/n_V) over the tT/2 rows
    double c = 0;                      // compute time of one tile (eq. 9 / 15 / 27)
    std::int64_t mTile = 0;            // shared memory per tile [words] (eq. 19)
    std::int64_t kMax = 0;             // resident blocks per SM allowed by the resources
    std::int64_t k = 0;                // hyper-threading factor used
    double zeta = 0;                   // max(m', c)
    double tUnit = 0;                  // T_tile(k) / T_prism(k) / T_slab(k)
    std::int64_t groups = 0;           // ceil(w/k)
    std::int64_t rounds = 0;           // ceil(groups/n_SM)
    double syncTime = 0;               // N_w * T_sync
    double computeTime = 0;            // N_w * rounds * T_unit
    double tIdeal = 0;                 // S1 S2 S3 T C_iter / (n_SM n_V)  (thesis 8.3)
    bool computeBound = false;         // c >= m'
    double utilisation = 0;            // w / (k n_SM rounds)
    double efficiency = 0;             // T_ideal / T_alg
    // Issue 57 (zero where the variant does not use them).
    std::int64_t threads = 0;       // threads per block (the tiling's, or PPCG's default)
    std::int64_t warpsPerBlock = 0; // ceil(threads / 32)
    std::int64_t kOccupancy = 0;    // blocks per SM the occupancy rules allow (hiding)
    std::int64_t residentWarps = 0; // k x warps per block
    double mwp = 0;                 // memory warp parallelism (MWP-CWP eq. 6)
    double mwpPeakBw = 0;           // MWP_peak_BW (eq. 5): warps that saturate the bandwidth
    double memoryEfficiency = 1;    // MWP / MWP_peak_BW (<= 1): share of the bandwidth reached
    std::int64_t lanesPerTile = 0;  // min(n_V, threads): lanes one tile computes on
    double wavefrontMemoryTime = 0; // bw = shared: w N_sub m_io L_w / efficiency
    bool memorySystemBound = false; // bw = shared: that bound sets the wavefront's time
    bool ppcgFootprint = false;     // M_tile as PPCG allocates it (smem = ppcg)
};

enum class Warning {
    BelowIdeal,             // T_alg < T_ideal: pitch / eq. 22 artefact (erratum I1)
    TileExceedsDomainS1,    // pitch > S1: a full tile is charged for w = 1
    TileExceedsDomainInner, // N_sub = 1 with tS >= S + tT along S2/S3
    IdleSms,                // ceil(w/k) < n_SM: some SMs get no tile
    RowsFitVectorUnits,     // n_V >= every row's points: c degenerates to tT(C_iter + tau)
};
std::string_view name(Warning w);
std::string describe(Warning w);

// A set of warnings as bits: evaluating a point must not allocate (hot search loop).
class Warnings {
public:
    void add(Warning w) { bits_ |= 1u << static_cast<unsigned>(w); }
    bool has(Warning w) const { return (bits_ >> static_cast<unsigned>(w)) & 1u; }
    bool empty() const { return bits_ == 0; }
    std::vector<Warning> list() const;

private:
    std::uint32_t bits_ = 0;
};

struct TalgResult {
    bool feasible = false;
    Constraint excludedBy = Constraint::None;
    double tAlg = 0; // NaN when infeasible
    TalgBreakdown breakdown;
    Warnings warnings;
};

// Throws InputError for invalid input: odd or < 2 tT, non-positive sizes, innermost
// tile not a multiple of 32 (eq. 31), dimension mismatch, bad hardware values.
void validate(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
              const TalgVariant& v);

// Talg for one tiling. An infeasible tiling is a result (feasible = false) naming
// the constraint, not an error.
TalgResult evaluate(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
                    const TalgVariant& v);

// The problem-wide constants of one (stencil, problem, GPU, variant) -- L_w, capacities,
// T_ideal -- computed once, so the search evaluates thousands of tilings against them.
// No validation: call validate() first.
class PreparedTalg {
public:
    PreparedTalg(const Stencil& st, const Problem& p, const Gpu& g, const TalgVariant& v);
    TalgResult evaluate(const Tiles& t) const;
    Constraint excludingConstraint(const Tiles& t) const;

private:
    Stencil st_;
    Problem p_;
    Gpu g_;
    TalgVariant v_;
    double lWordSeconds_ = 0;
    std::int64_t mSmWords_ = 0;
    std::int64_t mTbWords_ = 0;
    double tIdeal_ = 0;
    std::int64_t maxThreads_ = 1024;
    // hiding = occupancy: the GPU's occupancy limits and MWP-CWP's per-warp terms.
    std::optional<occupancy::Limits> limits_;
    double mwpWithoutBw_ = 0; // Mem_LD / Departure_del_coal (MWP-CWP eq. 4)
    double mwpPeakBw_ = 0;    // bandwidth / (BW_per_warp n_SM) (eq. 5)
};

// Same as evaluate() without validation.
TalgResult evaluateUnchecked(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
                             const TalgVariant& v);

// Shared memory per tile [words] (eq. 19; 1D inline after eq. 8; 3D extrapolated), or as PPCG
// allocates it (SharedFootprint::Ppcg: tS1 + tT along S1). Saturates at INT64_MAX.
std::int64_t sharedMemoryPerTile(int dim, const Tiles& t,
                                 SharedFootprint smem = SharedFootprint::Eq19);

// PPCG's default threads per block: one per point of the innermost tile (tS2 in 2D, tS3 in 3D;
// in 1D the widest hexagon row, tS1 + tT - 2, rounded up to a warp), at most `maxThreads`.
std::int64_t defaultThreads(int dim, const Tiles& t, std::int64_t maxThreads);
// The threads a tiling runs with: its own, or defaultThreads (maxThreads: the GPU's limit by
// its compute capability, 1024 when it has none).
std::int64_t threadsOf(int dim, const Tiles& t, const Gpu& g);
// The GPU's limit of threads per block (its compute capability's; 1024 without one).
std::int64_t maxThreadsPerBlock(const Gpu& g);

// Which constraint excludes the tiling, or None (eq. 31 with eq. 11's register bound).
Constraint excludingConstraint(int dim, const Tiles& t, const Gpu& g, int bytesPerWord,
                               const TalgVariant& v);

// The compute sum of eqs. 9/15/27: sum over x = tS1, tS1+2, ... (terms values) of
// ceil(x*inner/n_V), one ceiling per term, in exact integer arithmetic.
std::int64_t computeSum(std::int64_t tS1, std::int64_t terms, std::int64_t inner, std::int64_t nV);

// sum_{i=0}^{n-1} floor((a*i + b) / m) in O(log) steps (exact integer arithmetic).
std::int64_t floorSum(std::int64_t n, std::int64_t m, std::int64_t a, std::int64_t b);

// The innermost tile size that must be a multiple of 32 (warps): tS2 in 2D, tS3 in 3D.
inline int innermostIndex(int dim) {
    return dim >= 2 ? dim - 1 : -1;
}
inline constexpr std::int64_t kWarp = 32;

// Largest accepted S_i and T; keeps the integer products inside 64 bits.
inline constexpr std::int64_t kMaxExtent = std::int64_t{1} << 30;

} // namespace cdx::talg

namespace cdx::talg {

// Where T_alg goes, for the breakdown view; the four parts add up to T_alg.
//  hostSync        N_w T_sync (one host-GPU synchronisation per kernel call)
//  idle            the share of the round time where SMs have no tile group:
//                  N_w rounds T_unit (1 - utilisation)
//  compute         busy time spent computing: the k (N_sub) tile computations c inside T_unit
//  exposedTransfer the rest of the busy time: transfers not hidden behind computation
struct TimeSplit {
    double hostSync = 0;
    double exposedTransfer = 0;
    double compute = 0;
    double idle = 0;
};
TimeSplit splitTime(const TalgResult& r, int dim);

} // namespace cdx::talg

namespace cdx::talg {

// "pitch=geometric nw=exact k=max gb=decimal [w3d=.. nsslabs=..] [r_tile=..]": the active
// variant, shown on every view, export and CLI result.
std::string variantSummary(const TalgVariant& v, int dim);

// One row of the intermediate-value table shown by `cdx talg` and the breakdown view.
struct BreakdownEntry {
    std::string symbol; // "N_w", "m'", ...
    double value;
    bool integer;         // print without decimals
    std::string unit;     // "s", "words", "" ...
    std::string equation; // where it comes from: "eq. 3 (epsilon = 1)", ...
    std::string key;      // the name `cdx talg --json` prints it under, the glossary's key
};
std::vector<BreakdownEntry> breakdownEntries(const TalgResult& r, int dim);

} // namespace cdx::talg
