// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "area/chip_power.hpp"
#include "area/whole_die.hpp"
#include "search/workload.hpp"
#include "talg/talg.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Hardware/software codesign (thesis C.8-C.19, spec/area-codesign.md §2-3): for every
// design of a hardware grid inside an area range, the exact optimal tiling of every
// workload problem, the weighted time, performance and the Pareto front of area vs
// performance.
namespace cdx::search {

struct HardwareGrid {
    std::vector<std::int64_t> nSm;
    std::vector<std::int64_t> nV;
    std::vector<double> mSmKb;
    double rVuKb = 2; // register file per vector unit [KB]; the grid designs are cache-less
    // Memory bandwidth as a design axis (issue 32, extension) [GB/s]: L = 1 / bandwidth and a
    // memory PHY area per GB/s above the base GPU's (search/physical_limits.hpp). Empty: the
    // base GPU's L only (the thesis' grid).
    std::vector<double> bandwidthGBs;
    // Issue 59 (with CodesignOptions::chip): the SM clock [MHz] and the number of memory stacks
    // or chips of the chip model's technology as axes. Empty: the base GPU's.
    std::vector<double> clockMhz;
    std::vector<int> memoryUnits;

    std::size_t size() const {
        return nSm.size() * nV.size() * mSmKb.size() *
               std::max<std::size_t>(1, bandwidthGBs.size()) *
               std::max<std::size_t>(1, clockMhz.size()) *
               std::max<std::size_t>(1, memoryUnits.size());
    }
};

// n_SM 2..32 even, n_V 32..2048 step 32, M_SM 12, 24, 36 then 48..480 step 48 KB:
// 16 x 64 x 13 = 13 312 designs (spec §2.4).
HardwareGrid thesisGrid();
// InputError for an empty axis or a non-positive value.
void validate(const HardwareGrid& g);

// The optimum of one workload problem on one design.
struct ItemOptimum {
    bool feasible = false;
    std::int32_t tS[3] = {1, 1, 1};
    std::int32_t tT = 0;
    std::int32_t k = 0;
    double tAlg = std::numeric_limits<double>::quiet_NaN();

    talg::Tiles tiles() const { return talg::Tiles{{tS[0], tS[1], tS[2]}, tT}; }
};

struct DesignPoint {
    std::int64_t nSm = 0;
    std::int64_t nV = 0;
    double mSmKb = 0;
    double bandwidthGBs = 0; // 1 / L of the design [GB/s]
    double area = 0;         // mm^2 (cache-less, R_VU of the grid; + phyMm2)
    double phyMm2 = 0;       // memory PHY area above the base GPU's bandwidth (may be < 0)
    double powerW = 0;       // labelled estimate (search/physical_limits.hpp, or the chip
                             // model's total when CodesignOptions::chip is set)
    // With the chip model (issue 59): the design's clock, memory and power breakdown.
    double clockMhz = 0;
    int memoryUnits = 0;
    double staticW = 0;
    double dynamicW = 0;
    double memoryW = 0;
    double voltageV = 0;
    double energyJ = 0;           // powerW x weightedTime (full-load power over the workload)
    double perfPerWatt = 0;       // gpointsPerSecond / powerW [Gpoints/s/W]
    bool withinReticle = true;    // area <= the reticle limit (whether or not it is switched on)
    bool withinPower = true;      // powerW <= the power budget (whether or not it is switched on)
    bool allowed = true;          // inside every limit that is switched on: may be on the front
    bool feasible = false;        // every workload problem has a feasible tiling
    double weightedTime = 0;      // sum_i weight_i T_alg,i [s] (C.18)
    double speedup = 0;           // reference weighted time / weightedTime
    double gpointsPerSecond = 0;  // sum_i weight_i points_i / weightedTime / 1e9
    std::optional<double> gflops; // when every stencil has flops_per_point
    bool pareto = false;
    std::vector<ItemOptimum> items; // per workload item, in workload order
};

struct CodesignProgress {
    std::size_t done = 0;
    std::size_t total = 0;
};

// The physical limits of issue 32 (an extension of the thesis' codesign, which has none).
// Each can be switched off; a design outside a switched-on limit is kept (drawn as outside)
// but never on the Pareto front.
struct PhysicalLimits {
    bool reticle = true;
    double reticleMm2 = 858; // lithography field 26 x 33 mm
    bool power = false;
    double powerW = 300;     // budget [W] for the power estimate
    double clockGHz = 1.216; // the designs' clock for the power estimate: the GPU's own clock_mhz
                             // (codesignLimits, cdx codesign), the GTX 980's 1216 MHz without one

    bool operator==(const PhysicalLimits&) const = default;
};

// What "best" means under the limits (issue 59). Energy per run and performance per watt rank
// designs alike (both are work / (power x time) for a fixed workload); they are two units.
enum class Objective { Time, Energy, PerfPerWatt };
std::string_view name(Objective o);                                     // "time", "energy", ...
Objective parseObjective(std::string_view s, const std::string& field); // InputError if unknown

// The chip model of issue 59: the designs' power from area/chip_power.hpp, their clock and
// memory as axes, and (wholeDie) their area as the whole die of area/whole_die.hpp.
struct ChipModel {
    area::PowerCalibration calibration;
    area::VfCurve vf;        // the base chip's voltage curve at its own node
    int vfNode = 5;          // that node (the curve moves to CodesignOptions::node by its speed)
    double baseClockMhz = 0; // the clock the base's C_iter, tau_sync and Mem_LD are for
    area::MemoryTech memory; // the technology of the memory axis
    int baseMemoryUnits = 0; // the base chip's stacks or chips
    double pinRateGbps = 0;  // per pin (0: the technology's default)
    double bandwidthEfficiency = 1; // measured / spec bandwidth of the base (1 / L over spec)
    // The base chip's own memory (its technology at its pin rate): how the reference is
    // priced when the memory axis is of another technology.
    area::MemoryTech ownMemory;
    double ownPinRateGbps = 0;
    bool wholeDie = false;    // areas are whole dies (else cache-less plus the memory interface)
    area::WholeDieInputs die; // the base's full die: L1 per pair, L2, I/O, tensor fraction
};
// "within the 858 mm2 reticle; power not limited"
// With `chipModel` (issue 59), power is the chip model's at each design's clock.
std::string limitsSentence(const PhysicalLimits& l, bool chipModel = false);

// The workload's candidate tilings with everything in them that does not depend on the design
// (issue 33): enumerated once for a base GPU's time constants (L, tau_sync, M_TB), a variant and
// the largest M_SM it is to serve, then handed to runCodesign (CodesignOptions::prepared) for
// every slider step. Opaque; immutable, so one object may serve several threads.
struct PreparedTilings;
// InputError as runCodesign for an invalid workload.
std::shared_ptr<const PreparedTilings> prepareTilings(const Workload& w, const Gpu& base,
                                                      const talg::TalgVariant& v, double maxMSmKb);
// Whether `p` serves a search of `w` on `base` under `v` whose largest M_SM is maxMSmKb (else
// the search enumerates its own tilings): what a caller checks before re-using it.
bool preparedServes(const PreparedTilings& p, const Workload& w, const Gpu& base,
                    const talg::TalgVariant& v, double maxMSmKb);

struct CodesignOptions {
    Gpu base; // time-model constants (L, tau_sync, T_sync, MTB_SM, M_TB, R_SM); also the reference
    talg::TalgVariant variant;
    area::CoefficientSet coefficients;
    area::Form form = area::Form::Canonical;
    double areaMin = 0;
    double areaMax = std::numeric_limits<double>::infinity();
    HardwareGrid grid = thesisGrid();
    unsigned threads = 0; // 0: every hardware thread
    // Called from worker threads (serialised) after each unit of work.
    std::function<void(const CodesignProgress&)> progress;
    const std::atomic<bool>* cancel = nullptr; // set to stop early; the result says cancelled
    bool withReference = true;                 // false: skip the reference design (speedup stays 0)
    // The design speed-ups are measured against (its own n_SM, n_V, M_SM and time constants);
    // unset: `base` as it is.
    std::optional<Gpu> reference;
    PhysicalLimits limits;
    int node = 28; // process node of the coefficient set (the power estimate's per-node rule)
    // Tilings prepared by prepareTilings: used where they serve this search (the same workload
    // groups, variant, L and tau_sync, and a shared-memory cap at least the grid's); otherwise
    // the search enumerates its own. The optima are the same either way; tilingsPerDesign counts
    // the tilings the kernel went through.
    std::shared_ptr<const PreparedTilings> prepared;
    std::optional<ChipModel> chip; // issue 59; unset: the papers' codesign
    Objective objective = Objective::Time;
};

struct CodesignResult {
    std::vector<DesignPoint> designs; // designs inside the area range, in grid order
    std::vector<std::size_t> pareto;  // indices into designs, ascending area
    DesignPoint reference; // the base GPU as it is (its own n_SM, n_V, M_SM); area cache-less
    std::size_t gridPoints = 0;
    std::size_t infeasibleDesigns = 0;  // in range, but some problem has no feasible tiling
    std::size_t outsideLimits = 0;      // feasible, in range, outside a switched-on limit
    PhysicalLimits limits;              // the limits the front respects
    std::uint64_t tilingsPerDesign = 0; // feasible-candidate count behind one design's optima
    std::uint64_t innerEvaluations = 0; // (tiling, design) pairs evaluated by the kernel
    bool cancelled = false;
    std::string performanceUnit; // "GFLOP/s" or "x <reference id>"
    Objective objective = Objective::Time;
    std::optional<std::size_t> best; // the best allowed, feasible design for the objective
};

// What a codesign search would cost, known before it runs (issue 32): the grid's designs, those
// inside the area range (over every bandwidth), the workload's candidate tilings (enumerated
// once, as the search does) and the time at the kernel's measured rate. An upper bound on the
// work: the kernel skips tilings that do not fit a design's shared memory.
struct CodesignEstimate {
    std::size_t gridPoints = 0;
    std::size_t inRange = 0;
    std::uint64_t tilings = 0;
    std::uint64_t pairs = 0; // tilings x designs in range
    unsigned threads = 1;
    double seconds = 0;
};
// (tiling, design) pairs per second and thread under k = max (bench_codesign on the 2-core
// CI machine, docs/performance.md: 5.4e8 pairs in 2.9-3.4 s on one thread); k = optimize and
// effective evaluate T_unit per k, about twice the time.
inline constexpr double kCodesignPairsPerSecond = 160e6;
inline constexpr double kCodesignOptimizeFactor = 2.0;
// InputError for what runCodesign refuses in its grid and range (not the workload's tilings).
CodesignEstimate estimateCodesign(const Workload& w, const CodesignOptions& o);

// Sets every design's limit flags (withinReticle, withinPower, allowed), outsideLimits and the
// Pareto front for `l` (what changing a limit needs: the designs' times and powers stay).
void applyLimits(CodesignResult& r, const PhysicalLimits& l);
// The index of the best allowed, feasible design for `o` (ties: the first in grid order).
std::optional<std::size_t> bestDesign(const std::vector<DesignPoint>& designs, Objective o);

// The bandwidth a design's memory PHY area is counted from [GB/s]: the reference GPU's own
// 1 / L (its shipped profile's), else the base's. A design loaded from the bandwidth axis edits
// the session's L, and must not move the areas of every design with it (issue 55).
double phyBaseBandwidth(const CodesignOptions& o);

// Throws InputError for bad input (empty workload, min > max, bad grid, invalid GPU or
// variant). Deterministic: the result does not depend on the number of threads.
CodesignResult runCodesign(const Workload& w, const CodesignOptions& o);

// The exact optimum of every workload problem on one design (what a slider move needs):
// the same kernel on a one-point grid. `referenceTime` > 0 fills speedup.
DesignPoint optimizeDesign(const Workload& w, const Gpu& design, const talg::TalgVariant& v,
                           double referenceTime = 0);

// Indices of the feasible, allowed designs not dominated in (area lower, performance higher),
// ascending area.
std::vector<std::size_t> paretoFront(const std::vector<DesignPoint>& designs);

// Sum of weight * T_alg per stencil id (in workload order of first appearance), for a
// feasible design: where the weighted time goes.
struct StencilShare {
    std::string stencil;
    int problems = 0;
    double weightedTime = 0; // [s]
    double fraction = 0;     // of the design's weighted time
};
std::vector<StencilShare> timeByStencil(const Workload& w, const DesignPoint& d);

} // namespace cdx::search
