// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_compare.hpp"

#include "mwp/mwp_model.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "mwp/throughput_model.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::mwp {

namespace {

struct MwpSide {
    MwpResult r;
    ThroughputResult t;
};

MwpSide mwpSide(const SessionState& s) {
    const Device d = s.mwp.device();
    const Kernel k = s.mwp.model();
    return {evaluate(d, k, s.mwp.variant), throughput(d, k, s.mwp.variant)};
}

} // namespace

std::string sideName(const SessionState& s) {
    return profileLabel(s.mwp.gpu) + ", kernel " + profileLabel(s.mwp.kernel);
}

compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "mwp";
    f.title = "MWP-CWP";
    std::optional<MwpSide> sa, sb;
    compare::evaluateSides(
        f, [&] { sa = mwpSide(a); }, [&] { sb = mwpSide(b); });
    const auto num = [&](const char* key, const char* unit, double MwpResult::*m) {
        compare::addNumber(f, key, unit, sa ? std::optional(sa->r.*m) : std::nullopt,
                           sb ? std::optional(sb->r.*m) : std::nullopt);
    };
    num("exec_cycles", "cycles", &MwpResult::execCycles);
    num("exec_cycles_app", "cycles", &MwpResult::execCyclesApp);
    num("synch_cost", "cycles", &MwpResult::synchCost);
    num("time_s", "s", &MwpResult::timeSeconds);
    num("cpi", "", &MwpResult::cpi);
    num("cpi_without_synch", "", &MwpResult::cpiWithoutSynch);
    num("mwp", "warps", &MwpResult::mwp);
    num("cwp", "warps", &MwpResult::cwp);
    num("cwp_full", "warps", &MwpResult::cwpFull);
    num("mwp_without_bw", "warps", &MwpResult::mwpWithoutBw);
    num("mwp_without_bw_full", "warps", &MwpResult::mwpWithoutBwFull);
    num("mwp_peak_bw", "warps", &MwpResult::mwpPeakBw);
    num("n", "warps", &MwpResult::n);
    num("n_effective", "warps", &MwpResult::nEffective);
    compare::addText(f, "case", sa ? std::string(name(sa->r.regime)) : std::string(),
                     sb ? std::string(name(sb->r.regime)) : std::string());
    compare::addText(f, "mwp_limiter", sa ? std::string(name(sa->r.limiter)) : std::string(),
                     sb ? std::string(name(sb->r.limiter)) : std::string());
    compare::addNumber(f, "category", "", sa ? std::optional<double>(sa->t.category) : std::nullopt,
                       sb ? std::optional<double>(sb->t.category) : std::nullopt, true);
    compare::addNumber(f, "trace.active_sms", "",
                       sa ? std::optional<double>(sa->r.activeSms) : std::nullopt,
                       sb ? std::optional<double>(sb->r.activeSms) : std::nullopt, true);
    num("trace.warps_per_block", "warps", &MwpResult::warpsPerBlock);
    num("trace.mem_insts", "", &MwpResult::memInsts);
    num("trace.total_insts", "", &MwpResult::totalInsts);
    num("trace.weight_uncoal", "", &MwpResult::weightUncoal);
    num("trace.weight_coal", "", &MwpResult::weightCoal);
    num("trace.mem_l_uncoal", "cycles", &MwpResult::memLUncoal);
    num("trace.mem_l_coal", "cycles", &MwpResult::memLCoal);
    num("trace.mem_l", "cycles", &MwpResult::memL);
    num("trace.departure_delay", "cycles", &MwpResult::departureDelay);
    num("trace.bw_per_warp_gbs", "GB/s", &MwpResult::bwPerWarp);
    num("trace.comp_cycles", "cycles", &MwpResult::compCycles);
    num("trace.mem_cycles", "cycles", &MwpResult::memCycles);
    num("trace.comp_p", "cycles", &MwpResult::compP);
    num("trace.rep", "", &MwpResult::rep);
    num("trace.cycles_per_round", "cycles", &MwpResult::cyclesPerRound);
    num("trace.npwb", "", &MwpResult::npwb);
    if (!sa || !sb) {
        return f;
    }
    // The case, then the model's terms by how much they moved.
    const MwpResult& ra = sa->r;
    const MwpResult& rb = sb->r;
    std::string s = "Exec_cycles " + compare::percentText(f.values.front().deltaPct()) + " (" +
                    compare::change(ra.execCycles, rb.execCycles) + " cycles): ";
    s += ra.regime == rb.regime
             ? std::string(label(rb.regime)) + " in both"
             : std::string(label(ra.regime)) + " → " + std::string(label(rb.regime));
    if (ra.regime == Regime::MemoryBound || rb.regime == Regime::MemoryBound) {
        s += ra.limiter == rb.limiter ? " (MWP limited by " + std::string(label(rb.limiter)) + ")"
                                      : " (MWP limited by " + std::string(label(ra.limiter)) +
                                            " → " + std::string(label(rb.limiter)) + ")";
    }
    struct Term {
        const char* name;
        double x, y;
    };
    std::vector<Term> terms{{"MWP", ra.mwp, rb.mwp},
                            {"CWP", ra.cwp, rb.cwp},
                            {"N", ra.n, rb.n},
                            {"Mem_L", ra.memL, rb.memL},
                            {"Comp_cycles", ra.compCycles, rb.compCycles},
                            {"Mem_cycles", ra.memCycles, rb.memCycles},
                            {"#Rep", ra.rep, rb.rep}};
    const auto moved = [](const Term& t) {
        return t.x == t.y ? 0.0 : std::abs(std::log(std::abs(t.y) / std::abs(t.x)));
    };
    std::stable_sort(terms.begin(), terms.end(),
                     [&](const Term& x, const Term& y) { return moved(x) > moved(y); });
    std::vector<std::string> same;
    for (const auto& t : terms) {
        if (t.x == t.y) {
            same.push_back(t.name);
        } else {
            s += std::string("; ") + t.name + " " + compare::change(t.x, t.y);
        }
    }
    if (!same.empty()) {
        s += "; unchanged: ";
        for (std::size_t i = 0; i < same.size(); ++i) {
            s += (i == 0 ? "" : ", ") + same[i];
        }
    }
    if (sa->t.category != sb->t.category) {
        s += "; Chapter V category " + std::to_string(sa->t.category) + " → " +
             std::to_string(sb->t.category);
    }
    f.explanation = s;
    return f;
}

compare::FamilyComparison comparePowerSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "power";
    f.title = "IPP power";
    struct PowerSide {
        PowerParams p;
        PowerResult r;
        OptimalSms o;
    };
    std::optional<PowerSide> sa, sb;
    const auto side = [](const SessionState& s) {
        if (!hasPowerData(s.mwp.gpu)) {
            std::string with;
            for (const auto& g : gpusWithPowerData()) {
                with += (with.empty() ? "" : ", ") + g;
            }
            throw InputError("gpu", s.mwp.gpu.id,
                             "has no IPP power data (these have: " + with + ")");
        }
        const PowerEvaluation e = evaluatePower(s.mwp);
        return PowerSide{e.params, e.result, e.optimum};
    };
    compare::evaluateSides(
        f, [&] { sa = side(a); }, [&] { sb = side(b); });
    const auto num = [&](const char* key, const char* unit, auto get) {
        compare::addNumber(f, key, unit, sa ? std::optional<double>(get(*sa)) : std::nullopt,
                           sb ? std::optional<double>(get(*sb)) : std::nullopt);
    };
    num("gpu_power_w", "W", [](const PowerSide& x) { return x.r.gpuW; });
    num("runtime_power_w", "W", [](const PowerSide& x) { return x.r.runtimeW; });
    num("idle_power_w", "W", [](const PowerSide& x) { return x.p.idlePowerW; });
    num("activation_power_w", "W", [](const PowerSide& x) { return x.p.activationW; });
    num("sm_sum_w", "W", [](const PowerSide& x) { return x.r.smSum; });
    num("max_sm_w", "W", [](const PowerSide& x) { return x.r.maxSm; });
    num("memory_w", "W", [](const PowerSide& x) { return x.r.memoryW; });
    num("active_sm_scale", "", [](const PowerSide& x) { return x.r.scale; });
    num("time_s", "s", [](const PowerSide& x) { return x.r.performance.timeSeconds; });
    num("energy_j", "J", [](const PowerSide& x) { return x.r.energyJ; });
    num("gips", "", [](const PowerSide& x) { return x.r.gips; });
    num("gips_per_w", "", [](const PowerSide& x) { return x.r.gipsPerW; });
    compare::addNumber(f, "optimal_active_sms", "",
                       sa ? std::optional<double>(sa->o.bySweep) : std::nullopt,
                       sb ? std::optional<double>(sb->o.bySweep) : std::nullopt, true);
    for (int i = 0; i < kPowerUnitCount; ++i) {
        const auto u = static_cast<PowerUnit>(i);
        const auto watts = [u](const PowerSide& x) {
            for (const auto& up : x.r.units) {
                if (up.unit == u) {
                    return up.gpuWatts;
                }
            }
            return 0.0;
        };
        num(("components." + std::string(name(u)) + ".gpu_w").c_str(), "W", watts);
    }
    if (!sa || !sb) {
        return f;
    }
    // GPU power = the units' shares + activation (Fermi) + idle (eqs. 35, 48): exact.
    for (int i = 0; i < kPowerUnitCount; ++i) {
        const auto u = static_cast<PowerUnit>(i);
        double wa = 0, wb = 0;
        for (const auto& up : sa->r.units) {
            wa += up.unit == u ? up.gpuWatts : 0;
        }
        for (const auto& up : sb->r.units) {
            wb += up.unit == u ? up.gpuWatts : 0;
        }
        f.contributions.push_back({std::string(label(u)), wb - wa,
                                   std::string(label(u)) + " " + compare::change(wa, wb) + " W"});
    }
    // The model's own activation term (eq. 48: Fermi's linear scale only), not the residual
    // of the sum, whose rounding showed as "activation -1.4e-14 → 0 W" on other GPUs. The
    // shares still sum to the total's Δ within rounding.
    const auto activation = [](const PowerSide& x) { return x.p.logBeta ? 0.0 : x.p.activationW; };
    const double actA = activation(*sa);
    const double actB = activation(*sb);
    f.contributions.push_back(
        {"activation", actB - actA, "activation " + compare::change(actA, actB) + " W"});
    f.contributions.push_back(
        {"idle", sb->p.idlePowerW - sa->p.idlePowerW,
         "idle " + compare::change(sa->p.idlePowerW, sb->p.idlePowerW) + " W"});
    compare::ComparedValue total = f.values.front();
    total.name = "GPU power";
    f.explanation = compare::explainSum(total, f.contributions);
    if (sa->o.bySweep != sb->o.bySweep) {
        f.explanation += "; optimal active SMs " + std::to_string(sa->o.bySweep) + " → " +
                         std::to_string(sb->o.bySweep);
    }
    return f;
}

std::string sharedKernel(const SessionState& s) {
    return "kernel " + profileLabel(s.mwp.kernel);
}

} // namespace cdx::mwp
