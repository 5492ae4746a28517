// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/mwp_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/throughput_model.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kMwpUsage =
    "usage: cdx mwp --gpu ID|PATH --kernel ID|PATH [--set KEY=VALUE]...\n"
    "               [--variant consistent|thesis] [--case2 consistent|literal]\n"
    "               [--mem-l-coal thesis|isca09] [--rep real|ceil] [--npw doubling|printed]\n"
    "               [--sweep-warps MAX_BLOCKS] [--json]\n"
    "  MWP-CWP model (Hong's thesis Ch. II; spec mwp-cwp-power.md): every intermediate value,\n"
    "  the case (short_of_warps, memory_bound, compute_bound), the MWP limiter (latency,\n"
    "  bandwidth, warps), the Chapter V category (1-10) with its suggestions, and why.\n"
    "  GPUs: cdx profiles (gpus); --set takes GPU and kernel keys.\n";

const char* const kPowerUsage =
    "usage: cdx power --gpu ID|PATH --kernel ID|PATH [--set KEY=VALUE]...\n"
    "                 [--variant consistent|thesis] [--eq63 and|or] [--temperature rise|literal]\n"
    "                 [--gips per-thread|per-warp] [--case2 ...] [--mem-l-coal ...] [--rep ...]\n"
    "                 [--npw ...] [--json]\n"
    "       cdx power --gpu ID|PATH --runtime-w W --mem-intensity I [--times T1,T2,...]\n"
    "                 [--temperature rise|literal] [--json]\n"
    "       cdx power --gpu ID|PATH --scaling [--access-rates AR1,AR2,...] [--set n_sm=N]\n"
    "                 [--json]\n"
    "  IPP power model (thesis Ch. III): access rates, power per unit, run-time, idle and GPU\n"
    "  power, energy, GIPS/W, the sweep over active SMs with the optimum (sweep, eq. 63, the\n"
    "  min(N, CWP) refinement) and, where published, temperature and static power.\n"
    "  --runtime-w and --mem-intensity give the run-time power and memory-access intensity\n"
    "  directly (no kernel): the temperature model alone (eqs. 49-57), the rise from a cold\n"
    "  start and the decay from the maximum temperature at --times seconds (default\n"
    "  0,35,60,100,120,175,300,600). --scaling prints the model's two scaling functions:\n"
    "  f(AR) of the special-linear units at --access-rates (default 1,0.5,0.25,0.1,0.01,\n"
    "  0.001,0; clamped at 0 and as printed) and s(k) over k = 0..n_SM active SMs (eqs. 44-47;\n"
    "  none for a GPU whose power is linear in active SMs).\n";

const std::vector<std::string> kMwpVariantFlags{"--variant", "--case2", "--mem-l-coal", "--rep",
                                                "--npw",     "--eq63",  "--temperature"};

mwp::MwpVariant mwpVariant(const Arguments& a) {
    mwp::MwpVariant v =
        mwp::parseMwpVariant(a.optional("--variant").value_or("consistent"), "--variant");
    if (const auto s = a.optional("--case2")) {
        v.case2 = mwp::parseCase2Rule(*s, "--case2");
    }
    if (const auto s = a.optional("--mem-l-coal")) {
        v.memLCoal = mwp::parseMemLCoalForm(*s, "--mem-l-coal");
    }
    if (const auto s = a.optional("--rep")) {
        v.rep = mwp::parseRepRounding(*s, "--rep");
    }
    if (const auto s = a.optional("--npw")) {
        v.independentWarps = mwp::parseIndependentWarps(*s, "--npw");
    }
    if (const auto s = a.optional("--eq63")) {
        v.optimalCores = mwp::parseOptimalCoresRule(*s, "--eq63");
    }
    if (const auto s = a.optional("--temperature")) {
        v.temperature = mwp::parseTemperatureReading(*s, "--temperature");
    }
    return v;
}

struct Inputs {
    GpuProfile gpu;
    KernelProfile kernel;
    mwp::Device device;
    mwp::Kernel model;
    mwp::MwpVariant variant;
};

Inputs loadInputs(const Arguments& a) {
    Inputs in;
    in.gpu = loadMwpGpuProfile(a.required("--gpu"));
    in.kernel = loadKernelProfile(a.required("--kernel"));
    for (const auto& assignment : a.repeated("--set")) {
        applyKernelOverride(in.gpu, in.kernel, assignment);
    }
    in.device = mwp::deviceOf(in.gpu);
    in.model = mwp::kernelOf(in.kernel, in.gpu);
    in.variant = mwpVariant(a);
    return in;
}

std::vector<std::string> withMwpVariantFlags(std::vector<std::string> flags) {
    flags.insert(flags.end(), kMwpVariantFlags.begin(), kMwpVariantFlags.end());
    return flags;
}

} // namespace

json mwpVariantJson(const mwp::MwpVariant& v) {
    return {{"name", v.name()},
            {"case2", mwp::name(v.case2)},
            {"mem_l_coal", mwp::name(v.memLCoal)},
            {"rep", mwp::name(v.rep)},
            {"npw", mwp::name(v.independentWarps)},
            {"eq63", mwp::name(v.optimalCores)},
            {"temperature", mwp::name(v.temperature)},
            {"clamp_access_rate", v.clampAccessRate}};
}

json mwpResultJson(const mwp::MwpResult& r) {
    json warnings = json::array();
    for (auto w : r.warnings) {
        warnings.push_back({{"id", mwp::name(w)}, {"message", mwp::describe(w)}});
    }
    return {{"exec_cycles", r.execCycles},
            {"exec_cycles_app", r.execCyclesApp},
            {"synch_cost", r.synchCost},
            {"time_s", r.timeSeconds},
            {"cpi", r.cpi},
            {"cpi_without_synch", r.cpiWithoutSynch},
            {"mwp", r.mwp},
            {"cwp", r.cwp},
            {"cwp_full", r.cwpFull},
            {"mwp_without_bw", r.mwpWithoutBw},
            {"mwp_without_bw_full", r.mwpWithoutBwFull},
            {"mwp_peak_bw", r.mwpPeakBw},
            {"n", r.n},
            {"n_effective", r.nEffective},
            {"case", mwp::name(r.regime)},
            {"case_number", static_cast<int>(r.regime)},
            {"mwp_limiter", mwp::name(r.limiter)},
            {"trace",
             {{"active_sms", r.activeSms},
              {"warps_per_block", r.warpsPerBlock},
              {"mem_insts", r.memInsts},
              {"total_insts", r.totalInsts},
              {"weight_uncoal", r.weightUncoal},
              {"weight_coal", r.weightCoal},
              {"mem_l_uncoal", r.memLUncoal},
              {"mem_l_coal", r.memLCoal},
              {"mem_l", r.memL},
              {"departure_delay", r.departureDelay},
              {"bw_per_warp_gbs", r.bwPerWarp},
              {"comp_cycles", r.compCycles},
              {"mem_cycles", r.memCycles},
              {"comp_p", r.compP},
              {"rep", r.rep},
              {"cycles_per_round", r.cyclesPerRound},
              {"npwb", r.npwb},
              {"case_other_rule", mwp::name(r.otherRuleRegime)}}},
            {"warnings", warnings}};
}

json throughputJson(const mwp::ThroughputResult& t) {
    const auto& text = mwp::categoryText(t.category);
    return {{"category", t.category},
            {"category_title", text.title},
            {"category_text", text.verbatim},
            {"warps_sufficient", t.warpsSufficient},
            {"mwp_app_infin", t.mwpAppInfiN},
            {"mwp_app", t.mwpApp},
            {"mwp_bw", t.mwpBw},
            {"mwp_proc", t.mwpProc},
            {"mwp", t.mwp},
            {"limiter", mwp::name(t.limiter)},
            {"eff_comp", t.effComp},
            {"eff_perf", t.effPerf},
            {"eff_mem", t.effMem},
            {"mem_divided_n", t.memDividedN},
            {"mem_n", t.memN},
            {"comp_cycles_n", t.compCyclesN},
            {"idle_mem_cycles", t.idleMemCycles},
            {"eff_ratio", t.effRatio},
            {"eff_ratio_comp_only", t.effRatioCompOnly},
            {"peak_achievable_gflops", t.peakAchiGflops},
            {"perf_gflops", t.perfGflops},
            {"suggestions",
             {{"alpha", t.alpha},
              {"active_sms", t.suggestedCores},
              {"active_sms_exact", t.suggestedCoresExact},
              {"n", t.suggestedN},
              {"core_frequency_divisor",
               t.coreFrequencyDivisor ? json(*t.coreFrequencyDivisor) : json(nullptr)}}}};
}

namespace {

int runMwp(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, withMwpVariantFlags({"--gpu", "--kernel", "--set", "--sweep-warps"}),
                      {"--json"});
    const Inputs in = loadInputs(a);
    const mwp::MwpResult r = mwp::evaluate(in.device, in.model, in.variant);
    const mwp::ThroughputResult t = mwp::throughput(in.device, in.model, in.variant);
    std::vector<mwp::WarpSweepPoint> sweep;
    if (a.has("--sweep-warps")) {
        const auto max = a.positiveInteger("--sweep-warps");
        if (max > 256) {
            throw InputError("--sweep-warps", std::to_string(max), "expected 1..256 blocks per SM");
        }
        sweep = mwp::sweepWarps(in.device, in.model, in.variant, static_cast<int>(max));
    }
    // The MWP-CWP inputs that are estimates (issue 43: the GTX 980 answers, labelled).
    const std::vector<std::string> mwpKeys{"n_sm",
                                           "freq_ghz",
                                           "mem_bandwidth_gbs",
                                           "mem_ld_cycles",
                                           "departure_del_coal_cycles",
                                           "departure_del_uncoal_cycles",
                                           "issue_cycles",
                                           "fp_units_per_sm"};
    if (a.has("--json")) {
        json j{{"command", "mwp"},
               {"gpu", in.gpu.id},
               {"kernel", in.kernel.id},
               {"variant", mwpVariantJson(in.variant)},
               {"estimated", estimatedValues(in.gpu, mwpKeys)}};
        j.update(mwpResultJson(r));
        j["category"] = t.category;
        j["throughput"] = throughputJson(t);
        j["explanation"] = mwp::explain(r, in.device);
        if (!sweep.empty()) {
            json s = json::array();
            for (const auto& p : sweep) {
                s.push_back({{"active_blocks_per_sm", p.activeBlocksPerSm},
                             {"n", p.result.n},
                             {"mwp", p.result.mwp},
                             {"cwp", p.result.cwp},
                             {"case", mwp::name(p.result.regime)},
                             {"mwp_limiter", mwp::name(p.result.limiter)},
                             {"exec_cycles", p.result.execCycles}});
            }
            j["warp_sweep"] = s;
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "MWP-CWP model (variant " << in.variant.name() << "): kernel " << in.kernel.id << " on "
      << in.gpu.name << " (" << in.gpu.id << ")\n";
    if (const auto e = estimatedLine(in.gpu, mwpKeys); !e.empty()) {
        o << "  " << e << "\n";
    }
    o << "  N = " << fmt(r.n, 6) << " warps/SM (" << fmt(r.warpsPerBlock, 4) << " per block x "
      << in.model.activeBlocksPerSm << " blocks), " << r.activeSms << " active SMs, #Rep "
      << fmt(r.rep, 6) << "\n";
    o << "  Mem_L " << fmt(r.memL, 8) << " cycles, Departure_delay " << fmt(r.departureDelay, 8)
      << ", BW_per_warp " << fmt(r.bwPerWarp, 6) << " GB/s\n";
    o << "  MWP = min(MWP_Without_BW " << fmt(r.mwpWithoutBwFull, 6) << ", MWP_peak_BW "
      << fmt(r.mwpPeakBw, 6) << ", N " << fmt(r.nEffective, 6) << ") = " << fmt(r.mwp, 6)
      << "  [limiter: " << mwp::label(r.limiter) << "]\n";
    o << "  Comp_cycles " << fmt(r.compCycles, 8) << ", Mem_cycles " << fmt(r.memCycles, 8)
      << ", CWP = " << fmt(r.cwp, 6) << " (full " << fmt(r.cwpFull, 6) << ")\n";
    o << "  Case " << static_cast<int>(r.regime) << ": " << mwp::label(r.regime) << "\n";
    o << "  Exec_cycles " << fmt(r.execCycles, 10) << " (app " << fmt(r.execCyclesApp, 10)
      << " + synch " << fmt(r.synchCost, 8) << ") = " << fmt(r.timeSeconds * 1e6, 6) << " us; CPI "
      << fmt(r.cpi, 6) << " (" << fmt(r.cpiWithoutSynch, 6) << " without synch)\n";
    o << "  Chapter V: category " << t.category << " (" << mwp::categoryText(t.category).title
      << "); MWP_App " << fmt(t.mwpApp, 6) << ", MWP_BW " << fmt(t.mwpBw, 6) << ", MWP_Proc "
      << fmt(t.mwpProc, 6) << "; EffRatio " << fmt(t.effRatio, 4);
    if (t.peakAchiGflops > 0) {
        o << ", " << fmt(t.perfGflops, 5) << " GFLOP/s";
    }
    o << "\n  Suggestions: active SMs " << t.suggestedCores << " (alpha " << fmt(t.alpha, 4)
      << "), N " << fmt(t.suggestedN, 4);
    if (t.coreFrequencyDivisor) {
        o << ", core clock / " << fmt(*t.coreFrequencyDivisor, 4);
    }
    o << "\n\n" << mwp::explain(r, in.device) << "\n";
    for (auto w : r.warnings) {
        o << "warning: " << mwp::describe(w) << "\n";
    }
    if (!sweep.empty()) {
        o << "\n blocks/SM      N        MWP        CWP  case            limiter     cycles\n";
        for (const auto& p : sweep) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "%10d %6.0f %10.4f %10.4f  %-15s %-10s %12.6g\n",
                          p.activeBlocksPerSm, p.result.n, p.result.mwp, p.result.cwp,
                          std::string(mwp::name(p.result.regime)).c_str(),
                          std::string(mwp::name(p.result.limiter)).c_str(), p.result.execCycles);
            o << buf;
        }
    }
    out << o.str();
    return 0;
}

// "0,35,60": numbers >= 0 separated by commas, for `flag` (what they are: "seconds").
std::vector<double> numberList(const std::string& text, const char* flag, const char* what) {
    return cli::numberList(text, flag,
                           std::string("expected ") + what + " >= 0 separated by commas",
                           [](double v) { return v >= 0; });
}

std::vector<double> timeList(const std::string& text) {
    return numberList(text, "--times", "seconds");
}

// The temperature model alone (eqs. 49-57) for a given run-time power and memory-access
// intensity: the spec's Example H.
int runThermal(const Arguments& a, std::ostream& out) {
    for (const char* f : {"--kernel", "--set", "--gips"}) {
        if (a.has(f)) {
            throw InputError(f, "", "not with --runtime-w (the temperature model takes no kernel)");
        }
    }
    const std::string gpuId = a.required("--gpu");
    const mwp::PowerParams p = mwp::powerParamsOf(loadMwpGpuProfile(gpuId));
    if (!p.hasTemperature()) {
        throw InputError("--gpu", gpuId, "a GPU with published temperature parameters (gtx280)");
    }
    a.required("--mem-intensity");
    const double w = a.number("--runtime-w", 0);
    const double intensity = a.number("--mem-intensity", 0);
    if (!std::isfinite(w) || w < 0) {
        throw InputError("--runtime-w", a.required("--runtime-w"), "expected watts >= 0");
    }
    if (!std::isfinite(intensity) || intensity < 0 || intensity > 1) {
        throw InputError("--mem-intensity", a.required("--mem-intensity"), "expected [0, 1]");
    }
    const std::vector<double> times =
        timeList(a.optional("--times").value_or("0,35,60,100,120,175,300,600"));
    const mwp::TemperatureResult t = mwp::temperature(p, w, intensity, mwpVariant(a));
    if (a.has("--json")) {
        json rise = json::array(), decay = json::array();
        for (double s : times) {
            rise.push_back({{"t_s", s},
                            {"temp_c", mwp::temperatureAt(p, t, s)},
                            {"extra_static_power_w", mwp::extraPowerAt(p, t, s)}});
            decay.push_back({{"t_s", s}, {"temp_c", mwp::decayTemperatureAt(p, t.maxTempC, s)}});
        }
        const json j = {{"command", "power"},
                        {"gpu", gpuId},
                        {"runtime_power_w", w},
                        {"mem_access_intensity", intensity},
                        {"temperature",
                         {{"rise_c", t.delta},
                          {"max_temp_c", t.maxTempC},
                          {"saturated_static_power_w", t.saturatedExtraW}}},
                        {"rise", rise},
                        {"decay", decay}};
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "Temperature on " << gpuId << " at " << fmt(w) << " W run-time power, memory-access "
      << "intensity " << fmt(intensity) << ": rise " << fmt(t.delta, 5) << " C to "
      << fmt(t.maxTempC, 5) << " C, +" << fmt(t.saturatedExtraW, 4) << " W static power\n";
    for (double s : times) {
        o << "  t = " << fmt(s) << " s: rising " << fmt(mwp::temperatureAt(p, t, s), 5) << " C (+"
          << fmt(mwp::extraPowerAt(p, t, s), 4) << " W); decaying from the maximum "
          << fmt(mwp::decayTemperatureAt(p, t.maxTempC, s), 4) << " C\n";
    }
    out << o.str();
    return 0;
}

// The IPP model's scaling functions alone: f(AR) (spec §2.3) and s(k) (eqs. 44-47).
int runScaling(const Arguments& a, std::ostream& out) {
    for (const char* f : {"--kernel", "--gips", "--runtime-w", "--mem-intensity", "--times"}) {
        if (a.has(f)) {
            throw InputError(f, "", "not with --scaling (it takes the GPU only)");
        }
    }
    const std::string gpuId = a.required("--gpu");
    GpuProfile gpu = loadMwpGpuProfile(gpuId);
    KernelProfile none;
    for (const auto& assignment : a.repeated("--set")) {
        applyKernelOverride(gpu, none, assignment);
    }
    const mwp::PowerParams p = mwp::powerParamsOf(gpu);
    const mwp::Device d = mwp::deviceOf(gpu);
    std::vector<double> rates{1, 0.5, 0.25, 0.1, 0.01, 0.001, 0};
    if (const auto text = a.optional("--access-rates")) {
        rates = numberList(*text, "--access-rates", "access rates");
    }
    json linear = json::array();
    std::ostringstream o;
    o << "IPP scaling on " << gpuId << ":\n  f(AR) = 0.1365 ln(AR) + 1.001375 (special-linear "
      << "units; clamped at 0, as printed):\n";
    for (double ar : rates) {
        const double clamped = mwp::specialLinear(ar, true);
        const double printed = mwp::specialLinear(ar, false);
        linear.push_back({{"access_rate", ar}, {"f", clamped}, {"f_unclamped", printed}});
        o << "    AR " << fmt(ar) << ": " << fmt(clamped, 7) << ", " << fmt(printed, 7) << "\n";
    }
    json scale = nullptr;
    if (p.logBeta) {
        scale = json::array();
        o << "  s(k) = log10(alpha k + beta), beta " << fmt(*p.logBeta) << ", " << d.nSm
          << " SMs:\n";
        for (int k = 0; k <= d.nSm; ++k) {
            const double v = mwp::logScale(k, d.nSm, *p.logBeta);
            scale.push_back({{"active_sms", k}, {"s", v}});
            o << "    k " << k << ": " << fmt(v, 6) << "\n";
        }
    } else {
        o << "  power is linear in active SMs on this GPU (no s(k))\n";
    }
    if (a.has("--json")) {
        out << json{{"command", "power"},
                    {"gpu", gpuId},
                    {"n_sm", d.nSm},
                    {"log_beta", p.logBeta ? json(*p.logBeta) : json(nullptr)},
                    {"special_linear", linear},
                    {"log_scale", scale}}
                   .dump(2)
            << '\n';
    } else {
        out << o.str();
    }
    return 0;
}

int runPower(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      withMwpVariantFlags({"--gpu", "--kernel", "--set", "--gips", "--runtime-w",
                                           "--mem-intensity", "--times", "--access-rates"}),
                      {"--json", "--scaling"});
    if (a.has("--scaling")) {
        return runScaling(a, out);
    }
    if (a.has("--access-rates")) {
        throw InputError("--access-rates", a.required("--access-rates"), "only with --scaling");
    }
    if (a.has("--runtime-w")) {
        return runThermal(a, out);
    }
    for (const char* f : {"--mem-intensity", "--times"}) {
        if (a.has(f)) {
            throw InputError(f, a.required(f), "only with --runtime-w");
        }
    }
    const Inputs in = loadInputs(a);
    const std::string gips = a.optional("--gips").value_or("per-thread");
    if (gips != "per-thread" && gips != "per-warp") {
        throw InputError("--gips", gips, "expected one of per-thread, per-warp");
    }
    const bool perWarp = gips == "per-warp";
    const mwp::PowerParams p = mwp::powerParamsOf(in.gpu);
    const mwp::PowerResult r = mwp::power(in.device, p, in.model, in.variant, perWarp);
    const mwp::OptimalSms o = mwp::optimalActiveSms(in.device, p, in.model, in.variant, perWarp);
    std::optional<mwp::TemperatureResult> temp;
    if (p.hasTemperature()) {
        temp = mwp::temperature(p, r.runtimeW, r.memAccessIntensity, in.variant);
    }
    if (a.has("--json")) {
        json comps = json::object();
        for (const auto& u : r.units) {
            comps[std::string(mwp::name(u.unit))] = {
                {"accesses", u.accesses}, {"access_rate", u.accessRate},
                {"factor", u.factor},     {"max_power_w", p[u.unit]},
                {"watts", u.watts},       {"on_chip", mwp::isOnChip(u.unit)}};
        }
        json sweep = json::array();
        for (const auto& row : o.sweep) {
            sweep.push_back({{"active_sms", row.activeSms},
                             {"case", mwp::name(row.result.performance.regime)},
                             {"mwp", row.result.performance.mwp},
                             {"time_s", row.result.performance.timeSeconds},
                             {"gips", row.result.gips},
                             {"runtime_power_w", row.result.runtimeW},
                             {"gpu_power_w", row.result.gpuW},
                             {"gips_per_w", row.result.gipsPerW},
                             {"energy_j", row.result.energyJ},
                             {"power_gated_w", row.powerGatedW}});
        }
        json warnings = json::array();
        for (const auto& w : r.warnings) {
            warnings.push_back(w);
        }
        json j{{"command", "power"},
               {"gpu", in.gpu.id},
               {"kernel", in.kernel.id},
               {"variant", mwpVariantJson(in.variant)},
               {"active_sms", r.performance.activeSms},
               {"gpu_power_w", r.gpuW},
               {"runtime_power_w", r.runtimeW},
               {"idle_power_w", p.idlePowerW},
               {"activation_power_w", p.activationW},
               {"components", comps},
               {"sm_sum_w", r.smSum},
               {"max_sm_w", r.maxSm},
               {"memory_w", r.memoryW},
               {"active_sm_scale", r.scale},
               {"scaling", p.logBeta ? "log" : "linear"},
               {"warps_per_sm", r.warpsPerSm},
               {"issue_slots", r.issueSlots},
               {"time_s", r.performance.timeSeconds},
               {"energy_j", r.energyJ},
               {"runtime_energy_j", r.runtimeEnergyJ},
               {"gips", r.gips},
               {"gips_counts", gips},
               {"gips_per_w", r.gipsPerW},
               {"optimal_active_sms", o.bySweep},
               {"optimum",
                {{"sweep", o.bySweep},
                 {"eq63", o.eq63Cores},
                 {"eq63_raw", o.eq63Raw},
                 {"eq63_bandwidth_limited", o.eq63BandwidthLimited},
                 {"min_n_cwp", o.refinedCores},
                 {"min_n_cwp_raw", o.refinedRaw},
                 {"energy_saving", o.energySaving},
                 {"runtime_energy_saving", o.runtimeEnergySaving},
                 {"power_gated_saving", o.powerGatedSaving}}},
               {"sweep", sweep}};
        if (temp) {
            j["temperature"] = {{"mem_access_intensity", r.memAccessIntensity},
                                {"rise_c", temp->delta},
                                {"max_temp_c", temp->maxTempC},
                                {"saturated_static_power_w", temp->saturatedExtraW}};
        } else {
            j["temperature"] = nullptr;
        }
        // The performance object holds what `cdx mwp --json` gives for the kernel (docs/cli.md).
        json perf{{"variant", mwpVariantJson(in.variant)}};
        perf.update(mwpResultJson(r.performance));
        const mwp::ThroughputResult t = mwp::throughput(in.device, in.model, in.variant);
        perf["category"] = t.category;
        perf["throughput"] = throughputJson(t);
        perf["explanation"] = mwp::explain(r.performance, in.device);
        j["performance"] = perf;
        j["warnings"] = warnings;
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream s;
    s << "IPP power model (variant " << in.variant.name() << "): kernel " << in.kernel.id << " on "
      << in.gpu.name << " (" << in.gpu.id << "), " << r.performance.activeSms << " active SMs\n";
    s << "  time " << fmt(r.performance.timeSeconds * 1e6, 6) << " us (case "
      << static_cast<int>(r.performance.regime) << ", " << mwp::label(r.performance.regime)
      << "), Warps_per_SM " << fmt(r.warpsPerSm, 6) << "\n\n";
    s << "  unit                     access rate   MaxPower W   power W\n";
    for (const auto& u : r.units) {
        if (p[u.unit] == 0) {
            continue;
        }
        char buf[200];
        char rate[32];
        if (u.unit == mwp::PowerUnit::ConstSm) {
            std::snprintf(rate, sizeof rate, "%11s", "(constant)");
        } else {
            std::snprintf(rate, sizeof rate, "%11.5f", u.accessRate);
        }
        std::snprintf(buf, sizeof buf, "  %-24s %s %12.4g %9.5f%s\n",
                      std::string(mwp::label(u.unit)).c_str(), rate, p[u.unit], u.watts,
                      mwp::isOnChip(u.unit) ? " per SM" : " chip");
        s << buf;
    }
    s << "\n  SMs " << fmt(r.maxSm, 6) << " W + memory " << fmt(r.memoryW, 6) << " W, x "
      << (p.logBeta ? "log scale " : "linear scale ") << fmt(r.scale, 6);
    if (p.activationW > 0) {
        s << " + activation " << fmt(p.activationW, 4) << " W";
    }
    s << " = run-time " << fmt(r.runtimeW, 6) << " W; + idle " << fmt(p.idlePowerW, 4)
      << " W = GPU " << fmt(r.gpuW, 6) << " W\n";
    s << "  energy " << fmt(r.energyJ * 1e3, 6) << " mJ (run-time "
      << fmt(r.runtimeEnergyJ * 1e3, 6) << " mJ), " << fmt(r.gips, 6) << " GIPS (" << gips << "), "
      << fmt(r.gipsPerW, 6) << " GIPS/W\n";
    s << "  optimal active SMs: " << o.bySweep << " by the GIPS/W sweep; eq. 63 "
      << fmt(o.eq63Raw, 5) << (o.eq63BandwidthLimited ? " (bandwidth-limited)" : " (all SMs)")
      << "; min(N, CWP) form " << fmt(o.refinedRaw, 5) << "\n";
    s << "  energy saving at " << o.bySweep << " SMs: " << fmt(o.energySaving * 100, 4)
      << "% (run-time only " << fmt(o.runtimeEnergySaving * 100, 4) << "%, with power gating "
      << fmt(o.powerGatedSaving * 100, 4) << "%)\n";
    if (temp) {
        s << "  temperature: rise " << fmt(temp->delta, 5) << " C to " << fmt(temp->maxTempC, 5)
          << " C; static power +" << fmt(temp->saturatedExtraW, 4) << " W at saturation\n";
    } else {
        s << "  temperature: no published parameters for this GPU\n";
    }
    for (const auto& w : r.warnings) {
        s << "warning: " << w << "\n";
    }
    out << s.str();
    return 0;
}

} // namespace

std::vector<Command> mwpCommands() {
    return {{"mwp", "MWP-CWP performance model: case, MWP limiter, Ch. V category, why", kMwpUsage,
             runMwp},
            {"power", "IPP power model: per-unit power, energy, optimal number of active SMs",
             kPowerUsage, runPower}};
}

} // namespace cdx::cli
