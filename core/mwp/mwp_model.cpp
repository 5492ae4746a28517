// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_model.hpp"

#include "params/enum_names.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cdx::mwp {

namespace {

constexpr EnumNames<Case2Rule, 2> kCase2Names{
    {{"consistent", Case2Rule::Consistent}, {"literal", Case2Rule::Literal}}};
constexpr EnumNames<MemLCoalForm, 2> kMemLNames{
    {{"thesis", MemLCoalForm::Thesis}, {"isca09", MemLCoalForm::Isca09}}};
constexpr EnumNames<RepRounding, 2> kRepNames{
    {{"real", RepRounding::Real}, {"ceil", RepRounding::Ceil}}};
constexpr EnumNames<IndependentWarps, 2> kNpwNames{
    {{"doubling", IndependentWarps::Doubling}, {"printed", IndependentWarps::Printed}}};
constexpr EnumNames<OptimalCoresRule, 2> kEq63Names{
    {{"and", OptimalCoresRule::And}, {"or", OptimalCoresRule::Or}}};
constexpr EnumNames<TemperatureReading, 2> kTempNames{
    {{"rise", TemperatureReading::Rise}, {"literal", TemperatureReading::Literal}}};
constexpr EnumNames<Regime, 3> kRegimeNames{{{"short_of_warps", Regime::ShortOfWarps},
                                             {"memory_bound", Regime::MemoryBound},
                                             {"compute_bound", Regime::ComputeBound}}};
constexpr EnumNames<Limiter, 4> kLimiterNames{{{"latency", Limiter::Latency},
                                               {"bandwidth", Limiter::Bandwidth},
                                               {"warps", Limiter::Warps},
                                               {"none", Limiter::None}}};
constexpr EnumNames<MwpWarning, 6> kWarningNames{
    {{"no_memory_instructions", MwpWarning::NoMemoryInstructions},
     {"case2_rules_differ", MwpWarning::Case2RulesDiffer},
     {"cpi_below_issue_floor", MwpWarning::CpiBelowIssueFloor},
     {"mwp_below_one", MwpWarning::MwpBelowOne},
     {"fewer_blocks_than_slots", MwpWarning::FewerBlocksThanSlots},
     {"active_sms_above_device", MwpWarning::ActiveSmsAboveDevice}}};

// "N is the binding term" instead of the float equality MWP == N (spec §1.3 [R]).
constexpr double kBindingTolerance = 1e-9;
bool atLeast(double a, double b) {
    return a >= b * (1 - kBindingTolerance);
}

// The checks run 30 times per evaluation and 40,000 evaluations per map step (issue 44): the
// passing path inline, the message built only on the cold path.
[[noreturn, gnu::cold, gnu::noinline]] void refuse(double v, const char* field,
                                                   const char* allowed) {
    throw InputError(field, formatNumber(v), allowed);
}
inline void requirePositive(double v, const char* field) {
    if (!(std::isfinite(v) && v > 0)) [[unlikely]] {
        refuse(v, field, "must be a finite number > 0");
    }
}
inline void requireNonNegative(double v, const char* field) {
    if (!(std::isfinite(v) && v >= 0)) [[unlikely]] {
        refuse(v, field, "must be a finite number >= 0");
    }
}

// One regime under one Case-2 rule (eqs. 21-23, the order 1, 2, 3).
Regime selectRegime(bool case1, double mwp, double cwp, double comp, double mem, Case2Rule rule) {
    if (case1) {
        return Regime::ShortOfWarps;
    }
    const bool case2 =
        rule == Case2Rule::Literal ? (cwp >= mwp || comp > mem) : !(mwp > cwp || comp > mem);
    return case2 ? Regime::MemoryBound : Regime::ComputeBound;
}

} // namespace

MwpVariant MwpVariant::thesis() {
    MwpVariant v;
    v.case2 = Case2Rule::Literal;
    v.independentWarps = IndependentWarps::Printed;
    v.optimalCores = OptimalCoresRule::Or;
    v.temperature = TemperatureReading::Literal;
    v.clampAccessRate = false;
    return v;
}

std::string MwpVariant::name() const {
    if (*this == consistent()) {
        return "consistent";
    }
    if (*this == thesis()) {
        return "thesis";
    }
    return "custom";
}

MwpVariant parseMwpVariant(const std::string& s, const std::string& field) {
    if (s == "consistent") {
        return MwpVariant::consistent();
    }
    if (s == "thesis") {
        return MwpVariant::thesis();
    }
    throw InputError(field, s, "expected one of consistent, thesis");
}

std::string_view name(Case2Rule r) {
    return enumName(r, kCase2Names);
}
std::string_view name(MemLCoalForm f) {
    return enumName(f, kMemLNames);
}
std::string_view name(RepRounding r) {
    return enumName(r, kRepNames);
}
std::string_view name(IndependentWarps w) {
    return enumName(w, kNpwNames);
}
std::string_view name(OptimalCoresRule r) {
    return enumName(r, kEq63Names);
}
std::string_view name(TemperatureReading t) {
    return enumName(t, kTempNames);
}
Case2Rule parseCase2Rule(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kCase2Names);
}
MemLCoalForm parseMemLCoalForm(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kMemLNames);
}
RepRounding parseRepRounding(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kRepNames);
}
IndependentWarps parseIndependentWarps(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kNpwNames);
}
OptimalCoresRule parseOptimalCoresRule(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kEq63Names);
}
TemperatureReading parseTemperatureReading(const std::string& s, const std::string& field) {
    return parseEnum(s, field, kTempNames);
}

std::string_view name(Regime r) {
    return enumName(r, kRegimeNames);
}
std::string_view name(Limiter l) {
    return enumName(l, kLimiterNames);
}
std::string_view label(Regime r) {
    switch (r) {
    case Regime::ShortOfWarps:
        return "short of warps";
    case Regime::MemoryBound:
        return "memory-bound";
    case Regime::ComputeBound:
        return "compute-bound";
    }
    return "?";
}
std::string_view label(Limiter l) {
    switch (l) {
    case Limiter::Latency:
        return "latency / departure delay";
    case Limiter::Bandwidth:
        return "bandwidth";
    case Limiter::Warps:
        return "warps (N)";
    case Limiter::None:
        return "none (no memory instructions)";
    }
    return "?";
}
std::string_view name(MwpWarning w) {
    return enumName(w, kWarningNames);
}

std::string describe(MwpWarning w) {
    switch (w) {
    case MwpWarning::NoMemoryInstructions:
        return "no memory instructions: the MWP terms are undefined; the time is the issue time "
               "of N warps per round";
    case MwpWarning::Case2RulesDiffer:
        return "the printed Case-2 clause 'or Comp_cycles > Mem_cycles' selects another case "
               "(spec 7.1 item 2); compare the thesis and consistent variants";
    case MwpWarning::CpiBelowIssueFloor:
        return "CPI is below #Issue_cycles: impossible (the issue rate is the floor); the "
               "literal Case-2 clause is the usual cause";
    case MwpWarning::MwpBelowOne:
        return "MWP_peak_BW < 1: the bandwidth share of one SM is below one warp's demand; the "
               "model is outside its range";
    case MwpWarning::FewerBlocksThanSlots:
        return "#Rep < 1: fewer blocks than resident slots on the active SMs (the real "
               "division of eq. 20 under-counts; try --rep ceil)";
    case MwpWarning::ActiveSmsAboveDevice:
        return "#Active_SMs exceeds the GPU's SM count";
    }
    return "?";
}

double InstructionMix::total() const {
    return fp + fpFused + fpDiv + intAdd + intMul + intDiv + intMod + sfu + alu + shared +
           constant + texture + other;
}

double weightedComputation(const InstructionMix& m, const MFactors& f) {
    return f.fp * (m.fp + m.fpFused) + f.fpDiv * m.fpDiv + f.intAdd * m.intAdd +
           f.intMul * m.intMul + f.intDiv * m.intDiv + f.intMod * m.intMod + f.sfu * m.sfu +
           f.other * (m.alu + m.shared + m.constant + m.texture + m.other);
}

void validate(const Device& d, const Kernel& k) {
    if (d.nSm < 1) {
        throw InputError("n_sm", std::to_string(d.nSm), "must be an integer >= 1");
    }
    requirePositive(d.freqGhz, "freq_ghz");
    requirePositive(d.bandwidthGbs, "mem_bandwidth_gbs");
    requirePositive(d.memLd, "mem_ld_cycles");
    requirePositive(d.departureDelCoal, "departure_del_coal_cycles");
    requirePositive(d.departureDelUncoal, "departure_del_uncoal_cycles");
    requirePositive(d.issueCycles, "issue_cycles");
    if (k.threadsPerBlock < 1) {
        throw InputError("threads_per_block", std::to_string(k.threadsPerBlock),
                         "must be an integer >= 1");
    }
    requirePositive(k.blocks, "blocks");
    if (k.activeBlocksPerSm < 1) {
        throw InputError("active_blocks_per_sm", std::to_string(k.activeBlocksPerSm),
                         "must be an integer >= 1 (the kernel does not fit on an SM)");
    }
    if (k.activeSms < 0) {
        throw InputError("active_sms", std::to_string(k.activeSms),
                         "must be an integer >= 1 (or 0/null for every SM)");
    }
    const InstructionMix& m = k.mix;
    for (auto [v, f] : {std::pair{m.fp, "fp_insts"},
                        {m.fpFused, "fp_fused_insts"},
                        {m.fpDiv, "fp_div_insts"},
                        {m.intAdd, "int_insts"},
                        {m.intMul, "int_mul_insts"},
                        {m.intDiv, "int_div_insts"},
                        {m.intMod, "int_mod_insts"},
                        {m.sfu, "sfu_insts"},
                        {m.alu, "alu_insts"},
                        {m.shared, "shared_insts"},
                        {m.constant, "const_insts"},
                        {m.texture, "tex_insts"},
                        {m.other, "other_insts"},
                        {k.coalMemInsts, "coal_mem_insts"},
                        {k.uncoalMemInsts, "uncoal_mem_insts"},
                        {k.synchInsts, "synch_insts"},
                        {k.indMemInsts, "ind_mem_insts"}}) {
        requireNonNegative(v, f);
    }
    if (m.total() + k.coalMemInsts + k.uncoalMemInsts <= 0) {
        throw InputError("instructions", "0", "the kernel needs at least one instruction");
    }
    if (!std::isfinite(k.uncoalPerMw) || k.uncoalPerMw < 1) {
        throw InputError("uncoal_per_mw", formatNumber(k.uncoalPerMw),
                         "must be a finite number >= 1 [transactions]");
    }
    requirePositive(k.loadBytesPerWarp, "load_bytes_per_warp");
    if (k.indMemInsts > k.coalMemInsts + k.uncoalMemInsts) {
        throw InputError("ind_mem_insts", formatNumber(k.indMemInsts),
                         "must not exceed the memory instructions (coal_mem_insts + "
                         "uncoal_mem_insts)");
    }
    if (k.memLOverride) {
        requirePositive(*k.memLOverride, "mem_l_cycles");
    }
    if (!std::isfinite(k.mstr) || k.mstr < 1) {
        throw InputError("mstr", formatNumber(k.mstr), "must be a finite number >= 1");
    }
    requirePositive(k.ilp, "ilp");
    if (!std::isfinite(k.depEffect) || k.depEffect < 1) {
        throw InputError("dep_effect", formatNumber(k.depEffect), "must be a finite number >= 1");
    }
    if (k.effMemCycles) {
        requirePositive(*k.effMemCycles, "eff_mem_cycles");
    }
}

MwpResult evaluate(const Device& d, const Kernel& k, const MwpVariant& v) {
    validate(d, k);
    MwpResult r;
    r.activeSms = k.activeSms > 0 ? k.activeSms : d.nSm;
    if (r.activeSms > d.nSm) {
        r.warnings.push_back(MwpWarning::ActiveSmsAboveDevice);
    }
    const double sms = r.activeSms;
    r.warpsPerBlock = std::ceil(k.threadsPerBlock / 32.0);
    r.n = r.warpsPerBlock * k.activeBlocksPerSm;
    r.memInsts = k.coalMemInsts + k.uncoalMemInsts;
    r.totalInsts = k.mix.total() + r.memInsts;
    // (18)/(30): a per-class M_Factor sum; memory instructions take an issue slot each.
    r.compCycles = d.issueCycles * (weightedComputation(k.mix) + r.memInsts);
    r.rep = k.blocks / (static_cast<double>(k.activeBlocksPerSm) * sms);
    if (v.rep == RepRounding::Ceil) {
        r.rep = std::ceil(r.rep);
    }
    if (r.rep < 1) {
        r.warnings.push_back(MwpWarning::FewerBlocksThanSlots);
    }

    if (r.memInsts <= 0) {
        // No memory: every warp only issues (spec §7.2 A guard).
        r.warnings.push_back(MwpWarning::NoMemoryInstructions);
        r.nEffective = r.n;
        r.mwp = r.n;
        r.cwpFull = 1;
        r.cwp = 1;
        r.regime = r.otherRuleRegime = Regime::ComputeBound;
        r.limiter = Limiter::None;
        r.cyclesPerRound = r.compCycles * r.n;
    } else {
        r.weightUncoal = k.uncoalMemInsts / r.memInsts;                      // (10)
        r.weightCoal = k.coalMemInsts / r.memInsts;                          // (11)
        r.memLUncoal = d.memLd + (k.uncoalPerMw - 1) * d.departureDelUncoal; // (12)
        r.memLCoal = d.memLd + (v.memLCoal == MemLCoalForm::Thesis ? d.departureDelCoal : 0.0);
        if (k.memLOverride) {
            r.memLUncoal = r.memLCoal = *k.memLOverride;
        }
        r.memL = r.memLUncoal * r.weightUncoal + r.memLCoal * r.weightCoal; // (14)
        r.departureDelay = d.departureDelUncoal * k.uncoalPerMw * r.weightUncoal +
                           d.departureDelCoal * r.weightCoal;  // (15)
        r.mwpWithoutBwFull = r.memL / r.departureDelay;        // (16)
        r.mwpWithoutBw = std::min(r.mwpWithoutBwFull, r.n);    // (17)
        r.bwPerWarp = d.freqGhz * k.loadBytesPerWarp / r.memL; // (7)
        r.mwpPeakBw = d.bandwidthGbs / (r.bwPerWarp * sms);    // (6)
        // (28): N_pw for independent requests; only MWP sees it.
        r.nEffective = r.n;
        if (k.indMemInsts > 0) {
            const double dependent = r.memInsts - k.indMemInsts;
            const double cap = r.n * r.memInsts;
            if (v.independentWarps == IndependentWarps::Printed) {
                r.nEffective = dependent > 0 ? std::min(cap, r.n * k.indMemInsts / dependent) : cap;
            } else {
                r.nEffective = dependent > 0 ? std::min(cap, r.n * r.memInsts / dependent) : cap;
            }
        }
        // (5); with independent requests (29) uses N_pw against the uncapped (16), else
        // N_pw > N could never matter.
        r.mwp = k.indMemInsts > 0 ? std::min({r.mwpWithoutBwFull, r.mwpPeakBw, r.nEffective})
                                  : std::min({r.mwpWithoutBw, r.mwpPeakBw, r.n});
        if (r.mwpPeakBw < 1) {
            r.warnings.push_back(MwpWarning::MwpBelowOne);
        }
        r.memCycles = r.memLUncoal * k.uncoalMemInsts + r.memLCoal * k.coalMemInsts; // (19)
        r.cwpFull = (r.memCycles + r.compCycles) / r.compCycles;                     // (8)
        r.cwp = std::min(r.cwpFull, r.n);                                            // (9)
        r.compP = r.compCycles / r.memInsts;                                         // (2)

        // The binding term of (5): warps when N (or N_pw) is no larger than both hardware
        // limits, otherwise the smaller hardware limit.
        const double hardwareMwp = std::min(r.mwpWithoutBwFull, r.mwpPeakBw);
        if (atLeast(hardwareMwp, r.nEffective)) {
            r.limiter = Limiter::Warps;
        } else {
            r.limiter = r.mwpWithoutBwFull < r.mwpPeakBw ? Limiter::Latency : Limiter::Bandwidth;
        }
        const bool case1 = atLeast(r.mwp, r.n) && atLeast(r.cwpFull, r.n);
        r.regime = selectRegime(case1, r.mwp, r.cwp, r.compCycles, r.memCycles, v.case2);
        r.otherRuleRegime = selectRegime(case1, r.mwp, r.cwp, r.compCycles, r.memCycles,
                                         v.case2 == Case2Rule::Literal ? Case2Rule::Consistent
                                                                       : Case2Rule::Literal);
        if (r.otherRuleRegime != r.regime) {
            r.warnings.push_back(MwpWarning::Case2RulesDiffer);
        }
        switch (r.regime) {
        case Regime::ShortOfWarps: // (21)
            r.cyclesPerRound = r.memCycles + r.compCycles + r.compP * (r.mwp - 1);
            break;
        case Regime::MemoryBound: // (22)
            r.cyclesPerRound = r.memCycles * r.n / r.mwp + r.compP * (r.mwp - 1);
            break;
        case Regime::ComputeBound: // (23)
            r.cyclesPerRound = r.memL + r.compCycles * r.n;
            break;
        }
    }
    r.execCyclesApp = r.cyclesPerRound * r.rep;
    // (25)-(27): only the warps of one block meet at a barrier.
    r.npwb = std::min(r.mwp, r.warpsPerBlock);
    r.synchCost =
        r.departureDelay * std::max(0.0, r.npwb - 1) * k.synchInsts * k.activeBlocksPerSm * r.rep;
    r.execCycles = r.execCyclesApp + r.synchCost;
    // (24): warp instructions one SM executes.
    const double warpInstsPerSm = r.totalInsts * r.warpsPerBlock * (k.blocks / sms);
    r.cpi = r.execCycles / warpInstsPerSm;
    r.cpiWithoutSynch = r.execCyclesApp / warpInstsPerSm;
    // The issue floor: #Issue_cycles x the average M_Factor of the mix = Comp_cycles / insts.
    if (r.cpi < (r.compCycles / r.totalInsts) * (1 - 1e-12)) {
        r.warnings.push_back(MwpWarning::CpiBelowIssueFloor);
    }
    r.timeSeconds = r.execCycles / (d.freqGhz * 1e9);
    return r;
}

std::string explain(const MwpResult& r, const Device& d) {
    std::ostringstream s;
    if (r.limiter == Limiter::None) {
        s << "Compute-bound: the kernel has no global-memory instructions, so every round is the "
             "issue time of N = "
          << formatG(r.n, 4) << " warps (" << formatG(r.compCycles, 4)
          << " cycles each). Fewer or cheaper "
          << "instructions, or a higher clock, would shorten it.";
        return s.str();
    }
    switch (r.regime) {
    case Regime::ShortOfWarps:
        s << "Short of warps (Case 1): MWP = CWP = N = " << formatG(r.n, 4)
          << ", so every warp's memory period overlaps but too few warps run to hide the "
             "serial chain of computation and memory. ";
        s << "More resident warps would help: MWP can grow to "
          << formatG(std::min(r.mwpWithoutBwFull, r.mwpPeakBw), 4)
          << " (the smaller of MWP_Without_BW " << formatG(r.mwpWithoutBwFull, 4)
          << " and MWP_peak_BW " << formatG(r.mwpPeakBw, 4) << ").";
        return s.str();
    case Regime::ComputeBound:
        s << "Compute-bound (Case 3): MWP (" << formatG(r.mwp, 4) << ") > CWP ("
          << formatG(r.cwp, 4) << "), so the computation of N = " << formatG(r.n, 4)
          << " warps hides the memory waiting; one memory period (Mem_L = " << formatG(r.memL, 4)
          << " cycles) stays exposed per round. CPI " << formatG(r.cpi, 4)
          << " against the issue floor " << formatG(d.issueCycles, 4)
          << ". Fewer or cheaper instructions (or a higher clock) would "
          << "help; faster memory would not.";
        return s.str();
    case Regime::MemoryBound:
        break;
    }
    s << "Memory-bound (Case 2): CWP (" << formatG(r.cwp, 4) << ") >= MWP (" << formatG(r.mwp, 4)
      << "), so memory waiting dominates: N/MWP = " << formatG(r.n / r.mwp, 4)
      << " memory periods are serialised per round. ";
    switch (r.limiter) {
    case Limiter::Latency:
        s << "MWP is limited by latency / departure delay: Mem_L / Departure_delay = "
          << formatG(r.memL, 4) << " / " << formatG(r.departureDelay, 4) << " = "
          << formatG(r.mwpWithoutBwFull, 4) << " (MWP_peak_BW " << formatG(r.mwpPeakBw, 4) << " is "
          << formatG(r.mwpPeakBw / r.mwp, 4)
          << "x larger). Coalescing the accesses (fewer transactions per warp) would raise "
             "it; more warps or more bandwidth would not.";
        break;
    case Limiter::Bandwidth:
        s << "MWP is limited by bandwidth: MWP_peak_BW = " << formatG(r.mwpPeakBw, 4)
          << " < N = " << formatG(r.n, 4)
          << " and < MWP_Without_BW = " << formatG(r.mwpWithoutBwFull, 4)
          << ". The memory system is saturated: more warps do not help; fewer active SMs "
             "lose little time and save energy (IPP); less data per warp or a GPU with more "
             "bandwidth would help.";
        break;
    case Limiter::Warps:
        s << "MWP is limited by the number of warps N = " << formatG(r.nEffective, 4)
          << ": more resident warps (occupancy) or independent loads would raise MWP up to "
          << formatG(std::min(r.mwpWithoutBwFull, r.mwpPeakBw), 4) << ".";
        break;
    case Limiter::None:
        break;
    }
    return s.str();
}

std::vector<WarpSweepPoint> sweepWarps(const Device& d, const Kernel& k, const MwpVariant& v,
                                       int maxBlocksPerSm) {
    std::vector<WarpSweepPoint> out;
    for (int b = 1; b <= std::max(1, maxBlocksPerSm); ++b) {
        Kernel kb = k;
        kb.activeBlocksPerSm = b;
        out.push_back({b, evaluate(d, kb, v)});
    }
    return out;
}

} // namespace cdx::mwp
