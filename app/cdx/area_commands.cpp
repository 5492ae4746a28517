// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/area_commands.hpp"

#include "area/area_gpu.hpp"
#include "area/area_model.hpp"
#include "area/process_node.hpp"
#include "cdx/arguments.hpp"
#include "cdx/chip_commands.hpp"
#include "cdx/common.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"
#include "search/codesign.hpp"
#include "search/codesign_chip.hpp"
#include "search/grid_axis.hpp"
#include "search/physical_limits.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kAreaUsage =
    "usage: cdx area (--gpu ID|PATH [--set KEY=VALUE]... |\n"
    "                 --n-sm N --n-v N --m-sm-kb X [--r-vu-kb 2] [--l1-pair-kb 0] [--l2-kb 0])\n"
    "                [--cache-less] [--form canonical|c6|c7] [--coefficients ID|PATH]\n"
    "                [--node 28|16|7|5|4|3|2] [--overhead-scaling logic|sram|none]\n"
    "                [--budget MM2] [--json]\n"
    "       cdx area --gpu ID|PATH --whole-die [--set KEY=VALUE]... [--memory TECH]\n"
    "                [--coefficients ID|PATH] [--node N] [--json]\n"
    "  Die area of a GPU (thesis C.6 / spec area-codesign.md 1.4): components in mm2 and %,\n"
    "  calibration warnings; --budget adds the largest n_V (multiple of 32) that fits.\n"
    "  --node carries the 28 nm coefficients to TSMC 16FF+, N7 or N5 by published logic and\n"
    "  SRAM densities (an extension, outside the calibration: docs/codesign.md).\n"
    "  --whole-die: every block of the full die (SM array, tensor cores and FP64, L2, memory\n"
    "  and I/O PHYs and controllers) against the real die and the 858 mm2 reticle.\n";

const char* const kCodesignUsage =
    "usage: cdx codesign [--workload ppopp17|thesis|PATH] [--stencils ID,ID,...]\n"
    "                    [--gpu ID|PATH] [--set KEY=VALUE]... [--area MIN:MAX]\n"
    "                    [--n-sm LIST] [--n-v LIST] [--m-sm-kb LIST] [--r-vu-kb 2]\n"
    "                    [--form canonical|c6|c7] [--coefficients ID|PATH] [--threads N]\n"
    "                    [--node 28|16|7|5|4|3|2] [--overhead-scaling logic|sram|none]\n"
    "                    [--reticle MM2|off] [--power W|off] [--bandwidth LIST]\n"
    "                    [--clock-mhz LIST] [--memory TECH[:MIN:MAX]] [--whole-die]\n"
    "                    [--power-cap W] [--objective time|energy|perf-per-watt]\n"
    "                    [--top 10] [--all] [variant flags] [--json]\n"
    "  Exact codesign (thesis C.19): for every cache-less design of the grid inside the area\n"
    "  range, the exact optimal tiling of every workload problem, the weighted time, the\n"
    "  performance and the Pareto front. Default grid: n_SM 2..32 even, n_V 32..2048 step 32,\n"
    "  M_SM 12,24,36,48..480 step 48 KB. Time-model constants and C_iter from --gpu (gtx980).\n"
    "  Physical limits (an extension): designs above the reticle (858 mm2; --reticle off) or\n"
    "  the power budget (--power W, an estimate; off by default) are kept but not on the\n"
    "  front. --bandwidth GB/s,... makes memory bandwidth an axis (L = 1 / bandwidth, plus a\n"
    "  memory PHY area). Progress goes to stderr.\n"
    "  The chip model (issue 59; any of --clock-mhz, --memory, --whole-die, --power-cap,\n"
    "  --objective; a GPU with its die block at 7..2 nm): the clock and the memory stacks or\n"
    "  chips are axes, C_iter and tau_sync follow the clock, power is static + dynamic +\n"
    "  memory (cdx chip-power), --whole-die adds L1, L2, tensor cores, FP64 and I/O to every\n"
    "  area, and the best design under --power-cap is the fastest, the least energy per run\n"
    "  or the most work per joule (--objective).\n";

area::Form formFlag(const Arguments& a) {
    const auto s = a.optional("--form");
    return s ? area::parseForm(*s, "--form") : area::Form::Canonical;
}

GpuProfile gpuWithOverrides(const Arguments& a, const std::string& idOrPath, bool codesign = false);

// The node of the GPU's own die (issue 43: `cdx area --gpu h100-sxm5` answers at 4N, the 5 nm
// class) when it is one the area model carries; nullopt otherwise.
std::optional<int> gpuNode(const Arguments& a) {
    if (!a.has("--gpu")) {
        return std::nullopt;
    }
    // Only process_nm is read here: the command's own read of the GPU checks every --set.
    return area::chipNode(gpuWithOverrides(a, a.required("--gpu"), true));
}

// The power rule as the JSON names it: its chip, and at a node without one the factor taken.
std::string powerRuleText(const search::PowerRule& r) {
    std::string out(r.source);
    if (r.nodeFactor != 1) {
        out.append("; ").append(r.nodeSource);
    }
    return out;
}

int nodeFlag(const Arguments& a) {
    const auto text = a.optional("--node");
    if (!text) {
        return gpuNode(a).value_or(area::kCalibrationNode);
    }
    return area::parseNode(*text, "--node");
}

area::OverheadScaling overheadFlag(const Arguments& a) {
    const auto text = a.optional("--overhead-scaling");
    return text ? area::parseOverheadScaling(*text, "--overhead-scaling")
                : area::OverheadScaling::Logic;
}

// The coefficient set of --coefficients, carried to --node.
area::CoefficientSet coefficientsFlag(const Arguments& a) {
    return area::scaleToNode(
        area::loadCoefficientSet(
            a.optional("--coefficients").value_or(area::kDefaultCoefficientSet)),
        nodeFlag(a), overheadFlag(a));
}

json nodeJson(const Arguments& a) {
    const int nm = nodeFlag(a);
    const area::OverheadScaling o = overheadFlag(a);
    const area::NodeFactors f = area::nodeFactors(nm, o);
    const area::ProcessNode& n = area::processNode(nm);
    return {{"nm", nm},
            {"name", n.name},
            {"logic_factor", f.logic},
            {"sram_factor", f.sram},
            {"overhead_scaling", area::name(o)},
            {"overhead_factor", f.overhead},
            {"outside_calibration", nm != area::kCalibrationNode}};
}

std::string nodeLine(const Arguments& a) {
    const int nm = nodeFlag(a);
    if (nm == area::kCalibrationNode) {
        return {};
    }
    const area::OverheadScaling o = overheadFlag(a);
    const area::NodeFactors f = area::nodeFactors(nm, o);
    char buf[260];
    std::snprintf(buf, sizeof buf,
                  "node     %s: logic x %.4f, SRAM x %.4f, overhead (%s) x %.4f; an extension, "
                  "outside the 28 nm calibration\n",
                  std::string(area::processNode(nm).name).c_str(), f.logic, f.sram,
                  std::string(area::name(o)).c_str(), f.overhead);
    return buf;
}

// A GPU profile with every --set applied (GPU keys only). `codesign`: the power budget reads
// the chip's clock (clock_mhz) itself.
GpuProfile gpuWithOverrides(const Arguments& a, const std::string& idOrPath, bool codesign) {
    GpuProfile gpu = loadGpuProfile(idOrPath);
    StencilProfile unused;
    // The die-area model's keys and the Talg model's GPU keys (codesign times its designs).
    std::vector<std::string> accepted = areaModelKeys();
    for (const auto& k : talgModelKeys()) {
        const ParameterKey* key = findParameterKey(k);
        if (key && key->owner == ParameterOwner::Gpu &&
            std::find(accepted.begin(), accepted.end(), k) == accepted.end()) {
            accepted.push_back(k);
        }
    }
    for (const auto& assignment : a.repeated("--set")) {
        applyOverride(gpu, unused, gpu.id, assignment, accepted,
                      codesign ? std::vector<std::string>{"clock_mhz"}
                               : std::vector<std::string>{});
    }
    return gpu;
}

json areaJson(const area::AreaBreakdown& b, const area::CoefficientSet& s) {
    json comps = json::object();
    json pct = json::object();
    for (const auto& c : b.components) {
        comps[std::string(area::name(c.component))] = c.mm2;
        pct[std::string(area::name(c.component))] = c.percent;
    }
    json warnings = json::array();
    for (auto w : b.warnings) {
        warnings.push_back({{"id", area::name(w)}, {"message", area::describe(w, s.ranges)}});
    }
    return {{"total_mm2", b.total},
            {"total_floor_mm2", b.totalFloor},
            {"components", comps},
            {"percent", pct},
            {"groups",
             {{"compute", b.compute},
              {"memory", b.memory},
              {"storage_without_rf", b.storageNoRf},
              {"overhead", b.overhead},
              {"sm_arrays", b.total - b.overhead - b.mm2(area::Component::L2)}}},
            {"per_sm_mm2", b.perSm},
            {"warnings", warnings}};
}

int runArea(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--gpu", "--set", "--n-sm", "--n-v", "--r-vu-kb", "--m-sm-kb",
                       "--l1-pair-kb", "--l2-kb", "--form", "--coefficients", "--budget", "--node",
                       "--overhead-scaling", "--memory"},
                      {"--json", "--cache-less", "--whole-die"});
    if (a.has("--whole-die")) {
        for (const char* f : {"--n-sm", "--n-v", "--r-vu-kb", "--m-sm-kb", "--l1-pair-kb",
                              "--l2-kb", "--form", "--budget", "--overhead-scaling"}) {
            if (a.has(f)) {
                throw InputError(f, a.required(f),
                                 "not with --whole-die, which reads the full die from --gpu "
                                 "(change it with --set)");
            }
        }
        if (a.has("--cache-less")) {
            throw InputError("--cache-less", {},
                             "not with --whole-die (the whole die has its caches)");
        }
        if (!a.has("--gpu")) {
            throw InputError("--whole-die", {}, "needs --gpu ID|PATH");
        }
        return runWholeDie(a, out);
    }
    if (a.has("--memory")) {
        throw InputError("--memory", a.required("--memory"), "applies to --whole-die");
    }
    const bool fromGpu = a.has("--gpu");
    area::Architecture arch;
    std::string gpuName;
    if (fromGpu) {
        for (const char* f :
             {"--n-sm", "--n-v", "--r-vu-kb", "--m-sm-kb", "--l1-pair-kb", "--l2-kb"}) {
            if (a.has(f)) {
                throw InputError(f, a.required(f),
                                 "give either --gpu (with --set to change values) or the "
                                 "architecture flags, not both");
            }
        }
        const GpuProfile gpu = gpuWithOverrides(a, a.required("--gpu"));
        arch = area::architectureOf(gpu);
        gpuName = gpu.name + " (" + gpu.id + ")";
    } else {
        if (a.has("--set")) {
            throw InputError("--set", a.repeated("--set").front(),
                             "applies to a --gpu profile; give the architecture flags directly");
        }
        arch.nSm = a.positiveInteger("--n-sm");
        arch.nV = a.positiveInteger("--n-v");
        arch.mSmKb = a.number("--m-sm-kb", std::numeric_limits<double>::quiet_NaN());
        if (!a.has("--m-sm-kb")) {
            throw InputError("--m-sm-kb", {}, "is required (shared memory per SM in KB)");
        }
        arch.rVuKb = a.number("--r-vu-kb", 2);
        arch.l1PairKb = a.number("--l1-pair-kb", 0);
        arch.l2Kb = a.number("--l2-kb", 0);
        gpuName = "custom design";
    }
    if (a.has("--cache-less")) {
        arch = area::cacheLess(arch);
    }
    const area::Form form = formFlag(a);
    const area::CoefficientSet coeffs = coefficientsFlag(a);
    const area::AreaBreakdown b = area::areaBreakdown(arch, coeffs, form);
    std::optional<std::int64_t> maxNv;
    double budget = 0;
    if (a.has("--budget")) {
        budget = a.number("--budget", 0);
        maxNv = area::maxVectorUnits(budget, arch, coeffs, form);
    }

    if (a.has("--json")) {
        json j{{"command", "area"}, {"gpu", fromGpu ? json(gpuName) : json(nullptr)}};
        j["architecture"] = {{"n_sm", arch.nSm},
                             {"n_v", arch.nV},
                             {"r_vu_kb", arch.rVuKb},
                             {"m_sm_kb", arch.mSmKb},
                             {"l1_pair_kb", arch.l1PairKb},
                             {"l2_kb", arch.l2Kb}};
        j["form"] = area::name(form);
        j["coefficients"] = coeffs.id;
        j["node"] = nodeJson(a);
        j["node"]["from"] = a.has("--node") ? "--node"
                            : gpuNode(a)    ? "the GPU's process_nm"
                                            : "default";
        j.update(areaJson(b, coeffs));
        if (fromGpu) {
            const GpuProfile gpu = gpuWithOverrides(a, a.required("--gpu"));
            if (const auto die = dieOf(gpu)) {
                j["real_die"] = {
                    {"label", die->label},
                    {"area_mm2", die->areaMm2},
                    {"model_error_pct", 100 * (b.total - die->areaMm2) / die->areaMm2}};
            }
        }
        const area::MergedCoefficients m =
            area::mergedCoefficients(coeffs.coefficients(), arch.rVuKb);
        j["derived"] = {{"c7_per_vu_mm2", m.c7PerVu},
                        {"c7_per_sm_mm2", m.c7PerSm},
                        {"cache_less_per_vu_mm2", m.cacheLessPerVu},
                        {"cache_less_per_sm_mm2", m.cacheLessPerSm},
                        {"cache_less_per_smem_kb_mm2", m.cacheLessPerSmemKb}};
        if (a.has("--budget")) {
            j["budget_mm2"] = budget;
            j["max_n_v"] = maxNv ? json(*maxNv) : json(nullptr);
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "area  " << gpuName << "\n";
    o << "design   n_SM = " << arch.nSm << ", n_V = " << arch.nV << ", R_VU = " << fmt(arch.rVuKb)
      << " KB, M_SM = " << fmt(arch.mSmKb) << " KB, L1/pair = " << fmt(arch.l1PairKb)
      << " KB, L2 = " << fmt(arch.l2Kb) << " KB\n";
    o << "model    " << area::name(form) << " form, coefficients " << coeffs.id << " ("
      << coeffs.process << ")\n";
    o << nodeLine(a) << "\n";
    char buf[200];
    std::optional<Die> die;
    if (fromGpu) {
        die = dieOf(gpuWithOverrides(a, a.required("--gpu")));
    }
    for (const auto& c : b.components) {
        std::snprintf(buf, sizeof buf, "  %-28s %10.4f mm2  %6.2f %%   %s\n",
                      std::string(area::label(c.component)).c_str(), c.mm2, c.percent,
                      std::string(area::equation(c.component, form)).c_str());
        o << buf;
    }
    std::snprintf(buf, sizeof buf, "  %-28s %10.4f mm2  (floor %.0f; %.4f mm2 per SM)\n", "total",
                  b.total, b.totalFloor, b.perSm);
    o << buf;
    if (die) {
        std::snprintf(buf, sizeof buf, "  %-28s %10.4f mm2  (the model %+.1f %%)\n",
                      die->label.c_str(), die->areaMm2,
                      100 * (b.total - die->areaMm2) / die->areaMm2);
        o << "real die\n" << buf;
    }
    if (a.has("--budget")) {
        o << "\nlargest n_V (multiple of 32) within " << fmt(budget)
          << " mm2: " << (maxNv ? std::to_string(*maxNv) : std::string("none (32 does not fit)"))
          << "\n";
    }
    if (!b.warnings.empty()) {
        o << "\nwarnings:\n";
        for (auto w : b.warnings) {
            o << "  " << area::name(w) << ": " << area::describe(w, coeffs.ranges) << "\n";
        }
    }
    out << o.str();
    return 0;
}

json optimaJson(const search::Workload& w, const search::DesignPoint& d) {
    json items = json::array();
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const auto& it = w.items[i];
        const auto& o = d.items[i];
        json item{{"stencil", it.stencil.id}};
        item.update(problemJson(it.problem));
        item.update(json{{"weight", it.weight},
                         {"feasible", o.feasible},
                         {"tile", o.feasible ? tileJson(o.tiles(), it.problem.dim) : json(nullptr)},
                         {"tt", o.feasible ? json(o.tT) : json(nullptr)},
                         {"k", o.feasible ? json(o.k) : json(nullptr)},
                         {"T_alg", o.feasible ? json(o.tAlg) : json(nullptr)}});
        items.push_back(item);
    }
    return items;
}

json chipDesignJson(const search::CodesignOptions& o, const search::DesignPoint& d,
                    bool reference) {
    json blocks = json::object();
    for (const auto& b : search::designBlocks(o, d)) {
        blocks[b.key] = b.mm2;
    }
    return {{"clock_mhz", d.clockMhz},
            {"voltage_v", d.voltageV},
            {"memory",
             {{"tech", reference ? o.chip->ownMemory.id : o.chip->memory.id},
              {"stacks", d.memoryUnits},
              {"bandwidth_gbs", d.bandwidthGBs}}},
            {"power_w",
             {{"static", d.staticW},
              {"dynamic", d.dynamicW},
              {"memory", d.memoryW},
              {"total", d.powerW}}},
            {"energy_j", d.feasible ? json(d.energyJ) : json(nullptr)},
            {"perf_per_watt_gpoints_s_w", d.feasible ? json(d.perfPerWatt) : json(nullptr)},
            {"area_blocks_mm2", blocks}};
}

json designJson(const search::Workload& w, const search::DesignPoint& d, bool withOptima) {
    json j{{"n_sm", d.nSm},
           {"n_v", d.nV},
           {"m_sm_kb", d.mSmKb},
           {"bandwidth_gbs", d.bandwidthGBs},
           {"area_mm2", d.area},
           {"phy_mm2", d.phyMm2},
           {"power_w", d.powerW},
           {"within_reticle", d.withinReticle},
           {"within_power", d.withinPower},
           {"within_limits", d.allowed},
           {"feasible", d.feasible},
           {"weighted_time_s", d.feasible ? json(d.weightedTime) : json(nullptr)},
           {"speedup", d.feasible ? json(d.speedup) : json(nullptr)},
           {"gpoints_per_s", d.feasible ? json(d.gpointsPerSecond) : json(nullptr)},
           {"gflops", d.gflops ? json(*d.gflops) : json(nullptr)},
           {"pareto", d.pareto}};
    if (withOptima) {
        j["optima"] = optimaJson(w, d);
    }
    return j;
}

std::pair<double, double> areaRange(const Arguments& a) {
    const auto text = a.optional("--area");
    if (!text) {
        return {200, 650}; // the thesis' budgets (spec §2.4)
    }
    const auto colon = text->find(':');
    const auto num = [&](const std::string& s) {
        std::size_t used = 0;
        double v = std::numeric_limits<double>::quiet_NaN();
        try {
            v = std::stod(s, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != s.size() || std::isnan(v)) {
            throw InputError("--area", *text, "expected MIN:MAX in mm2, e.g. 425:450");
        }
        return v;
    };
    if (colon == std::string::npos) {
        throw InputError("--area", *text, "expected MIN:MAX in mm2, e.g. 425:450");
    }
    const double lo = num(text->substr(0, colon));
    const double hi = num(text->substr(colon + 1));
    if (lo < 0 || lo > hi) {
        throw InputError("--area", *text, "expected MIN:MAX with 0 <= MIN <= MAX [mm2]");
    }
    return {lo, hi};
}

int runCodesign(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{
        "--workload",     "--stencils", "--gpu",       "--set",       "--area",
        "--n-sm",         "--n-v",      "--m-sm-kb",   "--r-vu-kb",   "--form",
        "--coefficients", "--threads",  "--top",       "--node",      "--overhead-scaling",
        "--reticle",      "--power",    "--bandwidth", "--clock-mhz", "--memory",
        "--power-cap",    "--objective"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json", "--all", "--whole-die"});

    const GpuProfile gpu = gpuWithOverrides(a, a.optional("--gpu").value_or("gtx980"), true);
    std::vector<std::string> stencils;
    if (const auto list = a.optional("--stencils")) {
        std::stringstream ss(*list);
        std::string id;
        while (std::getline(ss, id, ',')) {
            if (id.empty()) {
                throw InputError("--stencils", *list, "expected stencil ids separated by commas");
            }
            stencils.push_back(id);
        }
    }
    const search::Workload w =
        search::loadWorkload(a.optional("--workload").value_or("ppopp17"), gpu, stencils);

    search::CodesignOptions o;
    o.base = toGpu(gpu);
    o.variant = parseVariant(a);
    o.coefficients = coefficientsFlag(a);
    o.form = formFlag(a);
    std::tie(o.areaMin, o.areaMax) = areaRange(a);
    const search::HardwareGrid thesis = search::thesisGrid();
    // The Grid row's syntax (issue 44): values and runs "64:160:8", each design once.
    const auto counts = [&a](const char* flag, const std::vector<std::int64_t>& fallback) {
        const auto text = a.optional(flag);
        if (!text) {
            return fallback;
        }
        const auto v = search::parseAxis(*text, flag, search::kCountAxis);
        return std::vector<std::int64_t>(v.begin(), v.end());
    };
    o.grid.nSm = counts("--n-sm", thesis.nSm);
    o.grid.nV = counts("--n-v", thesis.nV);
    if (const auto text = a.optional("--m-sm-kb")) {
        o.grid.mSmKb = search::parseAxis(*text, "--m-sm-kb", search::kSizeAxis);
    }
    o.grid.rVuKb = a.number("--r-vu-kb", 2);
    o.node = nodeFlag(a);
    const auto limit = [&](const char* flag, bool& on, double& value) {
        const auto text = a.optional(flag);
        if (!text) {
            return;
        }
        if (*text == "off") {
            on = false;
            return;
        }
        on = true;
        value = a.number(flag, 0);
        if (value <= 0) {
            throw InputError(flag, *text, "expected a number > 0 or off");
        }
    };
    limit("--reticle", o.limits.reticle, o.limits.reticleMm2);
    limit("--power", o.limits.power, o.limits.powerW);
    // The power estimate at the GPU's own clock (issue 43), as its time constants are.
    if (const auto it = gpu.params.find("clock_mhz"); it != gpu.params.end() && it->second.value) {
        o.limits.clockGHz = *it->second.value / 1000;
    }
    if (const auto text = a.optional("--bandwidth")) {
        o.grid.bandwidthGBs = search::parseAxis(*text, "--bandwidth", search::kBandwidthAxis);
    }
    // The chip model of issue 59: clock and memory stacks as axes, power static + dynamic +
    // memory, the whole die, objectives under a power cap.
    const bool chip = a.has("--clock-mhz") || a.has("--memory") || a.has("--whole-die") ||
                      a.has("--power-cap") || a.has("--objective");
    if (chip) {
        if (a.has("--power")) {
            throw InputError("--power", a.required("--power"),
                             "the chip model takes --power-cap W (static + dynamic + memory); "
                             "--power is the papers' grid's per-lane estimate");
        }
        std::string tech;
        if (const auto text = a.optional("--memory")) {
            const auto first = text->find(':');
            tech = text->substr(0, first);
            if (first != std::string::npos) {
                const auto second = text->find(':', first + 1);
                if (second == std::string::npos) {
                    throw InputError("--memory", *text,
                                     "expected TECH or TECH:MIN:MAX stacks or chips, e.g. "
                                     "hbm3e:4:8");
                }
                const std::int64_t lo =
                    parseInteger(text->substr(first + 1, second - first - 1), "--memory");
                const std::int64_t hi = parseInteger(text->substr(second + 1), "--memory");
                if (lo < 1 || hi < lo || hi > 64) {
                    throw InputError("--memory", *text,
                                     "expected TECH:MIN:MAX with 1 <= MIN <= MAX <= 64");
                }
                for (std::int64_t u = lo; u <= hi; ++u) {
                    o.grid.memoryUnits.push_back(static_cast<int>(u));
                }
            }
        }
        o.chip = search::chipModelOf(
            gpu, tech, a.has("--whole-die"),
            area::loadCoefficientSet(
                a.optional("--coefficients").value_or(area::kDefaultCoefficientSet)));
        if (const auto text = a.optional("--clock-mhz")) {
            o.grid.clockMhz = search::parseAxis(*text, "--clock-mhz", search::kClockAxis);
        }
        limit("--power-cap", o.limits.power, o.limits.powerW);
        if (const auto text = a.optional("--objective")) {
            o.objective = search::parseObjective(*text, "--objective");
        }
    }
    if (a.has("--threads")) {
        o.threads = static_cast<unsigned>(a.positiveInteger("--threads"));
    }
    const std::int64_t top = a.has("--top") ? parseInteger(a.required("--top"), "--top") : 10;
    if (top < 0) {
        throw InputError("--top", std::to_string(top), "expected an integer >= 0");
    }
    if (checkingOnly()) {
        return 0; // a study's check (issue 60): the input is valid
    }
    int lastTenth = -1;
    o.progress = [&](const search::CodesignProgress& p) {
        const int tenth = static_cast<int>(10 * p.done / std::max<std::size_t>(p.total, 1));
        if (tenth != lastTenth) {
            lastTenth = tenth;
            std::cerr << "codesign: " << 10 * tenth << "% (" << p.done << "/" << p.total
                      << " work units)\n";
        }
    };
    const search::CodesignResult r = search::runCodesign(w, o);

    // The best design in range and inside the switched-on limits for the objective (the
    // fastest by default; first in grid order on ties).
    const search::DesignPoint* best = r.best ? &r.designs[*r.best] : nullptr;
    const auto designOut = [&](const search::DesignPoint& d, bool withOptima) {
        json j = designJson(w, d, withOptima);
        if (o.chip) {
            j.update(chipDesignJson(o, d, &d == &r.reference));
        }
        return j;
    };

    if (a.has("--json")) {
        json items = json::array();
        for (const auto& it : w.items) {
            json item{{"stencil", it.stencil.id}};
            item.update(problemJson(it.problem));
            item.update(json{{"weight", it.weight}, {"c_iter_s", it.stencil.cIterSeconds}});
            items.push_back(item);
        }
        json pareto = json::array();
        for (std::size_t i : r.pareto) {
            pareto.push_back(designOut(r.designs[i], true));
        }
        json j{{"command", "codesign"},
               {"gpu", gpu.id},
               {"workload", {{"id", w.id}, {"description", w.description}, {"items", items}}},
               {"variant", variantJson(o.variant, 3)},
               {"area_form", area::name(o.form)},
               {"coefficients", o.coefficients.id},
               {"node", nodeJson(a)},
               {"area_range_mm2", {o.areaMin, o.areaMax}},
               {"limits",
                {{"reticle", o.limits.reticle},
                 {"reticle_mm2", o.limits.reticleMm2},
                 {"power", o.limits.power},
                 {"power_w", o.limits.powerW},
                 {"power_clock_mhz", o.limits.clockGHz * 1000},
                 {"power_rule", powerRuleText(search::powerRule(o.node))},
                 {"phy_rule", search::kPhySource},
                 {"front", search::limitsSentence(o.limits, o.chip.has_value())}}},
               {"grid",
                {{"n_sm", o.grid.nSm},
                 {"n_v", o.grid.nV},
                 {"m_sm_kb", o.grid.mSmKb},
                 {"r_vu_kb", o.grid.rVuKb},
                 {"bandwidth_gbs", o.grid.bandwidthGBs.empty()
                                       ? json(std::vector<double>{1.0 / o.base.lSecondsPerGb})
                                       : json(o.grid.bandwidthGBs)},
                 {"clock_mhz",
                  o.chip && !o.grid.clockMhz.empty() ? json(o.grid.clockMhz) : json(nullptr)},
                 {"memory_stacks",
                  o.chip && !o.grid.memoryUnits.empty() ? json(o.grid.memoryUnits) : json(nullptr)},
                 {"caches",
                  o.chip && o.chip->wholeDie ? "the base die's L1 per pair and L2" : "none"}}},
               {"chip_model",
                o.chip ? json{{"power", "static + dynamic + memory at full load (cdx "
                                        "chip-power; docs/codesign.md \"Clock and power\")"},
                              {"base_clock_mhz", o.chip->baseClockMhz},
                              {"vf_floor_v", o.chip->vf.floorV},
                              {"vf_knee_mhz_at_node",
                               area::atNode(o.chip->vf, o.chip->vfNode, o.node).kneeMhz},
                              {"memory_tech", o.chip->memory.id},
                              {"whole_die", o.chip->wholeDie},
                              {"tensor_fp64_fraction", o.chip->wholeDie
                                                           ? json(o.chip->die.tensorFp64Fraction)
                                                           : json(nullptr)}}
                       : json(nullptr)},
               {"grid_points", r.gridPoints},
               {"designs_in_range", r.designs.size()},
               {"infeasible_designs", r.infeasibleDesigns},
               {"outside_limits", r.outsideLimits},
               {"performance_unit", r.performanceUnit},
               {"reference", designOut(r.reference, true)},
               {"objective", search::name(o.objective)},
               {"best", best ? designOut(*best, true) : json(nullptr)},
               {"pareto", pareto}};
        if (a.has("--all")) {
            json all = json::array();
            for (const auto& d : r.designs) {
                all.push_back(designOut(d, false));
            }
            j["designs"] = all;
        }
        out << j.dump(2) << '\n';
        return 0;
    }

    std::ostringstream s;
    char buf[240];
    s << "codesign  workload " << w.id << ": " << w.items.size() << " problems (" << w.description
      << ")\n";
    s << "time model  constants and C_iter of " << gpu.name << " (" << gpu.id << "), variant "
      << talg::variantSummary(o.variant, 3) << "\n";
    s << "area        " << area::name(o.form) << " form, " << o.coefficients.id
      << (o.chip && o.chip->wholeDie ? ", whole die"
          : o.chip                   ? ", cache-less + memory"
                                     : ", cache-less")
      << ", R_VU = " << fmt(o.grid.rVuKb) << " KB; range " << fmt(o.areaMin) << " to "
      << fmt(o.areaMax) << " mm2\n";
    if (o.node != area::kCalibrationNode) {
        s << "node        " << area::processNode(o.node).name
          << ": area scaled from 28 nm (an extension, outside the calibration); the time model "
             "stays the GPU's\n";
    }
    s << "limits      front " << search::limitsSentence(o.limits, o.chip.has_value()) << "\n";
    if (o.chip) {
        s << "chip model  power = static + dynamic + memory at full load (calibrated on the H100 "
             "SXM5); clock "
          << (o.grid.clockMhz.empty() ? fmt(o.chip->baseClockMhz) + " MHz"
                                      : search::axisText(o.grid.clockMhz) + " MHz")
          << "; memory " << o.chip->memory.name << " x "
          << (o.grid.memoryUnits.empty() ? std::to_string(o.chip->baseMemoryUnits)
                                         : std::to_string(o.grid.memoryUnits.front()) + ".." +
                                               std::to_string(o.grid.memoryUnits.back()))
          << (o.chip->wholeDie ? "; areas are whole dies" : "; areas are cache-less + memory")
          << "; objective " << search::name(o.objective) << "\n";
    }
    if (!o.grid.bandwidthGBs.empty()) {
        s << "bandwidth   axis";
        for (double b : o.grid.bandwidthGBs) {
            s << ' ' << fmt(b);
        }
        s << " GB/s (L = 1 / bandwidth; memory PHY area relative to the GPU's "
          << fmt(1.0 / o.base.lSecondsPerGb, 4) << " GB/s)\n";
    }
    s << "designs     " << r.designs.size() << " of " << r.gridPoints << " grid points in range, "
      << r.infeasibleDesigns << " without a feasible tiling for some problem, " << r.outsideLimits
      << " outside the limits; " << r.pareto.size() << " on the Pareto front\n";
    std::snprintf(
        buf, sizeof buf,
        "reference   %s as is (n_SM %lld, n_V %lld, M_SM %g KB): weighted time %.6g s\n\n",
        gpu.id.c_str(), static_cast<long long>(o.base.nSm), static_cast<long long>(o.base.nV),
        o.base.mSmKb, r.reference.weightedTime);
    s << buf;
    if (!best) {
        s << "no feasible design in the area range within the limits\n";
        out << s.str();
        return 0;
    }
    const auto row = [&](const search::DesignPoint& d) {
        std::string gflops;
        if (d.gflops) {
            gflops = ' ';
            gflops += fmt(*d.gflops, 5);
        }
        if (!o.grid.bandwidthGBs.empty()) {
            gflops += "  " + fmt(d.bandwidthGBs) + " GB/s";
        }
        if (o.chip) {
            char more[160];
            std::snprintf(more, sizeof more, "  %4.0f MHz %2d %-6s %6.1f W (s %.0f d %.0f m %.0f)",
                          d.clockMhz, d.memoryUnits, o.chip->memory.name.c_str(), d.powerW,
                          d.staticW, d.dynamicW, d.memoryW);
            gflops += more;
        } else if (o.limits.power) {
            gflops += "  " + fmt(d.powerW, 4) + " W";
        }
        std::snprintf(buf, sizeof buf, "  %5lld %6lld %7g %10.4f %14.6g %9.3f%s\n",
                      static_cast<long long>(d.nSm), static_cast<long long>(d.nV), d.mSmKb, d.area,
                      d.weightedTime, d.speedup, gflops.c_str());
        s << buf;
    };
    const char* header = "  %5s %6s %7s %10s %14s %9s\n";
    s << "best design:\n";
    std::snprintf(buf, sizeof buf, header, "n_SM", "n_V", "M_SM KB", "area mm2", "weighted s",
                  ("x " + gpu.id).c_str());
    s << buf;
    row(*best);
    s << "\n  optimal tiling per problem:\n";
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const auto& it = w.items[i];
        const auto& opt = best->items[i];
        std::snprintf(
            buf, sizeof buf,
            "    %-12s S = %-18s T = %-6lld tS = %-14s tT = %-4d k = %-3d T_alg = %.6g s\n",
            it.stencil.id.c_str(), joinSizes(it.problem.space, it.problem.dim, "x").c_str(),
            static_cast<long long>(it.problem.time),
            joinSizes(opt.tiles().space, it.problem.dim, "x").c_str(), opt.tT, opt.k, opt.tAlg);
        s << buf;
    }
    const std::size_t shown =
        top == 0 ? r.pareto.size()
                 : std::min<std::size_t>(r.pareto.size(), static_cast<std::size_t>(top));
    s << "\nPareto front (area vs weighted time), " << r.pareto.size() << " designs";
    if (shown < r.pareto.size()) {
        s << ", the " << shown << " largest (--top 0 for all)";
    }
    s << ":\n";
    std::snprintf(buf, sizeof buf, header, "n_SM", "n_V", "M_SM KB", "area mm2", "weighted s",
                  ("x " + gpu.id).c_str());
    s << buf;
    for (std::size_t j = r.pareto.size() - shown; j < r.pareto.size(); ++j) {
        row(r.designs[r.pareto[j]]);
    }
    out << s.str();
    return 0;
}

} // namespace

std::vector<Command> areaCommands() {
    return {{"area", "die area of a GPU, by component", kAreaUsage, runArea},
            {"codesign", "exact hardware/software codesign over an area budget", kCodesignUsage,
             runCodesign}};
}

} // namespace cdx::cli
