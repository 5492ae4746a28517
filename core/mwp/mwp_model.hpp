// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The MWP-CWP GPU performance model (Hong's thesis, Chapter II; spec mwp-cwp-power.md §1).
// Pure functions of plain structs; every intermediate value is returned in the trace.
// Equation numbers (n) are the thesis's own.
namespace cdx::mwp {

// --- Variants (spec §7.1): "consistent" is the default, "thesis" reproduces the print. ---

enum class Case2Rule { Consistent, Literal }; // §7.1 item 2: "or (Comp > Mem)" in Case 2
enum class MemLCoalForm { Thesis, Isca09 };   // item 1: eq. (13) with/without +Departure_del_coal
enum class RepRounding { Real, Ceil };        // item 5: #Rep (eq. 20) as printed or rounded up
enum class IndependentWarps { Doubling, Printed }; // item 9: N_pw (eq. 28)
enum class OptimalCoresRule { And, Or };           // item 16: eq. (63) condition (1)
enum class TemperatureReading { Rise, Literal };   // item 20: eq. (53) as a rise or absolute

struct MwpVariant {
    Case2Rule case2 = Case2Rule::Consistent;
    MemLCoalForm memLCoal = MemLCoalForm::Thesis; // the note keeps the thesis form in both
    RepRounding rep = RepRounding::Real;
    IndependentWarps independentWarps = IndependentWarps::Doubling;
    OptimalCoresRule optimalCores = OptimalCoresRule::And;
    TemperatureReading temperature = TemperatureReading::Rise;
    bool clampAccessRate = true; // item 17: special-linear f(AR) >= 0

    static MwpVariant consistent() { return {}; }
    static MwpVariant thesis();
    // "consistent", "thesis", or "custom" when the toggles match neither preset.
    std::string name() const;
    bool operator==(const MwpVariant&) const = default;
};

// "consistent" | "thesis"; throws InputError naming `field`.
MwpVariant parseMwpVariant(const std::string& s, const std::string& field);
std::string_view name(Case2Rule r);
std::string_view name(MemLCoalForm f);
std::string_view name(RepRounding r);
std::string_view name(IndependentWarps w);
std::string_view name(OptimalCoresRule r);
std::string_view name(TemperatureReading t);
Case2Rule parseCase2Rule(const std::string& s, const std::string& field);
MemLCoalForm parseMemLCoalForm(const std::string& s, const std::string& field);
RepRounding parseRepRounding(const std::string& s, const std::string& field);
IndependentWarps parseIndependentWarps(const std::string& s, const std::string& field);
OptimalCoresRule parseOptimalCoresRule(const std::string& s, const std::string& field);
TemperatureReading parseTemperatureReading(const std::string& s, const std::string& field);

// --- Inputs ---

// A GPU as the MWP-CWP model sees it (Tables 2 and 5).
struct Device {
    std::string id;
    int nSm = 1;                    // #SM
    double freqGhz = 1;             // Freq: SM clock [GHz = cycles/ns]
    double bandwidthGbs = 1;        // Mem_Bandwidth [GB/s]
    double memLd = 420;             // Mem_LD [cycles]
    double departureDelCoal = 4;    // [cycles]
    double departureDelUncoal = 10; // [cycles]
    double issueCycles = 4;         // #Issue_cycles [cycles per warp instruction]
    int fpUnitsPerSm = 0;           // Ch. V peak (0: unknown)
};

// Dynamic instruction counts of one thread (= warp instructions of one warp), by the
// classes of Table 6 (M_Factor) and Table 7 (power units).
struct InstructionMix {
    double fp = 0, fpFused = 0, fpDiv = 0;
    double intAdd = 0, intMul = 0, intDiv = 0, intMod = 0;
    double sfu = 0, alu = 0, shared = 0, constant = 0, texture = 0, other = 0;

    double total() const;
    double useful() const { return fp + fpFused + fpDiv; } // Ch. V "useful" = FP
};

// M_Factor per class (Table 6, experiment column); SFU = 4 from 2 SFUs per 8-SP SM [R].
struct MFactors {
    double fp = 1, fpDiv = 4.2, intAdd = 1, intMul = 4.3, intDiv = 30, intMod = 35, sfu = 4;
    double other = 1; // ALU, shared, constant, texture, unclassified, memory issue slots
};
// sum_i M_Factor_i x #insts_i over the computation classes (memory instructions excluded).
double weightedComputation(const InstructionMix& m, const MFactors& f = {});

struct Kernel {
    std::string id;
    int threadsPerBlock = 128;
    double blocks = 1;         // #Blocks
    int activeBlocksPerSm = 1; // #Active_blocks_per_SM
    int activeSms = 0;         // #Active_SMs; 0 = every SM of the device
    InstructionMix mix;        // #Comp_insts by class
    double coalMemInsts = 0;
    double uncoalMemInsts = 0;
    double synchInsts = 0;
    double uncoalPerMw = 32;            // #Uncoal_per_mw [transactions]
    double loadBytesPerWarp = 128;      // [B]
    double indMemInsts = 0;             // #Ind_mem_req (eq. 28); 0 = dependent requests
    std::optional<double> memLOverride; // a study's Mem_L (IPP: 430) [cycles]
    // Chapter V inputs.
    double mstr = 1;                    // MSTR
    double ilp = 1;                     // ILP
    double depEffect = 1;               // max(Inst_Latency/DEP, 1)
    std::optional<double> effMemCycles; // EffMem (cache hits); nullopt = Mem_L
};

// --- Result ---

enum class Regime { ShortOfWarps = 1, MemoryBound = 2, ComputeBound = 3 }; // Cases 1, 2, 3
enum class Limiter { Latency, Bandwidth, Warps, None };                    // binding MWP term
std::string_view name(Regime r);   // short_of_warps, memory_bound, compute_bound
std::string_view name(Limiter l);  // latency, bandwidth, warps, none
std::string_view label(Regime r);  // "short of warps", ...
std::string_view label(Limiter l); // "latency / departure delay", ...

enum class MwpWarning {
    NoMemoryInstructions, // the model degenerates to issue time: MWP terms undefined
    Case2RulesDiffer,     // Literal and Consistent Case-2 rules select different cases
    CpiBelowIssueFloor,   // CPI < #Issue_cycles x M_Factor: impossible
    MwpBelowOne,          // MWP_peak_BW < 1: bandwidth below one warp's demand
    FewerBlocksThanSlots, // #Rep < 1: fewer blocks than resident slots
    ActiveSmsAboveDevice, // #Active_SMs > #SM
};
std::string_view name(MwpWarning w);
std::string describe(MwpWarning w);

struct MwpResult {
    int activeSms = 0;
    double warpsPerBlock = 0; // ceil(#Threads_per_block / 32)
    double n = 0;             // N
    double nEffective = 0;    // N, or N_pw with independent requests (eq. 28)
    double memInsts = 0, totalInsts = 0;
    double weightUncoal = 0, weightCoal = 0;       // (10), (11)
    double memLUncoal = 0, memLCoal = 0, memL = 0; // (12), (13), (14)
    double departureDelay = 0;                     // (15)
    double mwpWithoutBwFull = 0, mwpWithoutBw = 0; // (16), (17)
    double bwPerWarp = 0;                          // (7) [GB/s]
    double mwpPeakBw = 0;                          // (6)
    double mwp = 0;                                // (5)/(29)
    double compCycles = 0, memCycles = 0;          // (18)/(30), (19)
    double compP = 0;                              // (2)
    double cwpFull = 0, cwp = 0;                   // (8), (9)
    double rep = 0;                                // (20)
    Regime regime = Regime::MemoryBound;
    Regime otherRuleRegime = Regime::MemoryBound; // the regime under the other Case-2 rule
    Limiter limiter = Limiter::None;
    double cyclesPerRound = 0;      // (21)/(22)/(23) without #Rep
    double execCyclesApp = 0;       // x #Rep
    double npwb = 0, synchCost = 0; // (26), (25)
    double execCycles = 0;          // (27)
    double cpi = 0;                 // eq. (24) with Exec_cycles_with_synch
    double cpiWithoutSynch = 0;     // eq. (24) as printed
    double timeSeconds = 0;
    std::vector<MwpWarning> warnings;
};

// Throws InputError for inputs outside the model's domain (naming the field).
void validate(const Device& d, const Kernel& k);
MwpResult evaluate(const Device& d, const Kernel& k, const MwpVariant& v);

// A "why and what would change it" paragraph generated from the trace.
std::string explain(const MwpResult& r, const Device& d);

// MWP and CWP against the number of resident blocks (N = blocks x warps per block), the
// data of Figures 21-24; the kernel's total work is kept (blocks unchanged).
struct WarpSweepPoint {
    int activeBlocksPerSm = 0;
    MwpResult result;
};
std::vector<WarpSweepPoint> sweepWarps(const Device& d, const Kernel& k, const MwpVariant& v,
                                       int maxBlocksPerSm);

} // namespace cdx::mwp
