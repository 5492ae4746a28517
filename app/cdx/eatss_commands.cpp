// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/eatss_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "eatss/eatss_model.hpp"
#include "eatss/eatss_views.hpp"
#include "eatss/eatss_z3.hpp"
#include "params/input_error.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kEatssUsage =
    "usage: cdx eatss --program ID|FILE.rels|FILE.json --gpu a100|xavier|rtx2080ti|PATH\n"
    "                 [--split S] [--align PHI] [--precision double|float] [--mode "
    "artifact|paper]\n"
    "                 [--solver enumerate|z3] [--tiles T1,T2,...] [--grid] [--json]\n"
    "       cdx eatss --fig7 a100|xavier [--json]\n"
    "  Energy-aware tile-size selection for affine programs on GPUs (EATSS, CGO'24; spec\n"
    "  eatss.md): one tile size per loop maximising the threads of a block plus the\n"
    "  coalescing-weighted tile sizes, under warp alignment (multiples of PHI x warp), the L1 /\n"
    "  shared / L2 capacities with the split S of L1+shared given to shared memory, and the\n"
    "  registers by precision. --mode artifact (default) reproduces the artifact's model\n"
    "  exactly; paper follows the paper's text. --solver enumerate (default) is exact and lists\n"
    "  the ties; z3 runs the artifact's Z3 procedure, which stops at >= 3/4 of the optimum.\n"
    "  --tiles evaluates one tile vector (loop order): feasibility, objective, each constraint.\n"
    "  Defaults: --split 0.25, --align 1, --precision double. Programs: profiles/programs.\n"
    "  --grid solves every configuration of the paper's grid (the GPU's splits x align 1, .5,\n"
    "  .25, .125; spec V-D) and counts the feasible ones. --fig7 prints the paper's Fig. 7\n"
    "  measurements of one testbed (PPW, energy, GFLOP/s of the median, default and best PPCG\n"
    "  variants and EATSS) with the geometric means of the rows and their ratios (spec O9).\n";

std::vector<std::int64_t> tileList(const std::string& text) {
    std::vector<std::int64_t> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (item.empty() || used != item.size() || v < 1 || v > 1000000) {
            throw InputError("--tiles", text,
                             "expected positive integers separated by commas, in loop order");
        }
        out.push_back(v);
    }
    return out;
}

json constraintsJson(const eatss::Evaluation& e) {
    json arr = json::array();
    for (const auto& c : e.constraints) {
        arr.push_back({{"name", c.name},
                       {"text", c.text},
                       {"lhs", c.lhs},
                       {"rhs", c.rhs},
                       {"binding", c.binding}});
    }
    return arr;
}

const char* const kVariantKeys[4] = {"median", "default", "best", "eatss"};

// Fig. 7 of one testbed: the rows as shipped and the geometric means of the PPW columns.
int runFig7(const Arguments& a, std::ostream& out) {
    const eatss::Measurements m = eatss::loadFig7(a.required("--fig7"));
    std::array<double, 4> gmean{};
    for (std::size_t v = 0; v < 4; ++v) {
        std::vector<double> ppw;
        for (const auto& r : m.rows) {
            ppw.push_back(r.ppw[v]);
        }
        gmean[v] = eatss::geometricMean(ppw);
    }
    const double overMedian = gmean[eatss::Eatss] / gmean[eatss::Median];
    const double overDefault = gmean[eatss::Eatss] / gmean[eatss::Default];
    if (a.has("--json")) {
        const auto variants = [](const std::array<double, 4>& x) {
            json o = json::object();
            for (std::size_t v = 0; v < 4; ++v) {
                o[kVariantKeys[v]] = x[v];
            }
            return o;
        };
        json rows = json::array();
        for (const auto& r : m.rows) {
            rows.push_back({{"bench", r.bench},
                            {"ppw", variants(r.ppw)},
                            {"energy", variants(r.energy)},
                            {"gflops", variants(r.gflops)}});
        }
        const json j = {{"command", "eatss"},
                        {"fig7", m.gpu},
                        {"source", m.source},
                        {"energy_unit", m.energyUnit},
                        {"rows", rows},
                        {"ppw_gmean", variants(gmean)},
                        {"ppw_gmean_eatss_over_median", overMedian},
                        {"ppw_gmean_eatss_over_default", overDefault}};
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream t;
    t << "Fig. 7 (" << m.gpu << "): PPW [GFLOP/s/W], energy [" << m.energyUnit
      << "] of the median, default and best PPCG variants and EATSS\n";
    for (const auto& r : m.rows) {
        t << "  " << r.bench << ": PPW";
        for (std::size_t v = 0; v < 4; ++v) {
            t << " " << fmt(r.ppw[v]);
        }
        t << "; energy";
        for (std::size_t v = 0; v < 4; ++v) {
            t << " " << fmt(r.energy[v]);
        }
        t << "\n";
    }
    t << "geometric mean of PPW: median " << fmt(gmean[0], 4) << ", default " << fmt(gmean[1], 4)
      << ", best " << fmt(gmean[2], 4) << ", eatss " << fmt(gmean[3], 4) << "\n";
    t << "eatss / median " << fmt(overMedian, 4) << ", eatss / default " << fmt(overDefault, 4)
      << "\n";
    out << t.str();
    return 0;
}

// The paper's configuration grid (spec V-D): every split of the GPU x align 1, .5, .25, .125.
int runGrid(const Arguments& a, const eatss::Program& program, const eatss::Gpu& gpu,
            const eatss::Options& o, std::ostream& out) {
    const std::vector<double> aligns = {1.0, 0.5, 0.25, 0.125};
    const auto grid = eatss::configurationGrid(program, gpu, o.mode, o.precision, gpu.caps, aligns);
    int feasible = 0;
    json cells = json::array();
    for (const auto& c : grid) {
        feasible += c.formulated && c.solution.feasible;
        json cell = {{"split", c.split},
                     {"align", c.align},
                     {"formulated", c.formulated},
                     {"feasible", c.formulated && c.solution.feasible}};
        cell["objective"] =
            c.formulated && c.solution.feasible ? json(c.solution.objective) : json(nullptr);
        cell["tiles"] =
            c.formulated && c.solution.feasible ? json(c.solution.tiles) : json(nullptr);
        if (!c.formulated) {
            cell["error"] = c.error;
        }
        cells.push_back(cell);
    }
    if (a.has("--json")) {
        const json j = {
            {"command", "eatss"},
            {"program", program.id},
            {"gpu", gpu.id},
            {"mode", std::string(eatss::name(o.mode))},
            {"precision", std::string(eatss::name(o.precision))},
            {"grid", cells},
            {"configurations", grid.size()},
            {"feasible_configurations", feasible},
            {"gpu_estimated", gpu.estimated.empty() ? json(nullptr) : json(gpu.estimated)}};
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream t;
    t << "EATSS " << program.id << " on " << gpu.name << ": " << feasible << " of " << grid.size()
      << " configurations feasible\n";
    if (!gpu.estimated.empty()) {
        t << "  " << gpu.estimated << "\n";
    }
    for (const auto& c : grid) {
        t << "  split " << fmt(c.split) << ", align " << fmt(c.align) << ": ";
        if (!c.formulated) {
            t << "not formulated (" << c.error << ")\n";
        } else if (!c.solution.feasible) {
            t << "infeasible\n";
        } else {
            t << "W = " << c.solution.objective << "\n";
        }
    }
    out << t.str();
    return 0;
}

int runEatss(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--program", "--gpu", "--split", "--align", "--precision", "--mode",
                       "--solver", "--tiles", "--fig7"},
                      {"--json", "--grid"});
    if (a.has("--fig7")) {
        for (const char* f : {"--program", "--gpu", "--split", "--align", "--precision", "--mode",
                              "--solver", "--tiles", "--grid"}) {
            if (a.has(f)) {
                throw InputError(f, "", "not with --fig7 (the measurements take no model flags)");
            }
        }
        return runFig7(a, out);
    }
    const eatss::Program program = eatss::loadProgram(a.required("--program"));
    const eatss::Gpu gpu = eatss::loadGpu(a.required("--gpu"));
    eatss::Options o;
    if (const auto m = a.optional("--mode")) {
        o.mode = eatss::parseMode(*m, "--mode");
    }
    if (const auto p = a.optional("--precision")) {
        o.precision = eatss::parsePrecision(*p, "--precision");
    }
    o.split = a.number("--split", 0.25);
    o.align = a.number("--align", 1.0);
    const std::string solver = a.optional("--solver").value_or("enumerate");
    if (solver != "enumerate" && solver != "z3") {
        throw InputError("--solver", solver, "expected enumerate or z3");
    }
    if (a.has("--tiles") && a.has("--solver")) {
        throw InputError("--solver", solver, "not with --tiles (nothing is searched)");
    }
    if (a.has("--grid")) {
        for (const char* f : {"--split", "--align", "--solver", "--tiles"}) {
            if (a.has(f)) {
                throw InputError(f, "", "not with --grid (the grid sets the split and alignment)");
            }
        }
        return runGrid(a, program, gpu, o, out);
    }
    const eatss::Formulation f = eatss::formulate(program, gpu, o);

    std::vector<std::int64_t> tiles;
    bool feasible = false;
    std::int64_t objective = 0;
    std::uint64_t candidates = 0, optima = 0;
    int calls = 0;
    std::vector<std::string> warnings = f.notes;
    if (!gpu.estimated.empty()) {
        warnings.push_back(gpu.estimated); // a GPU description's, estimated (issue 43)
    }
    json trace = json::array();
    const auto start = std::chrono::steady_clock::now();
    if (a.has("--tiles")) {
        tiles = tileList(a.required("--tiles"));
    } else if (solver == "enumerate") {
        const eatss::Solution s = eatss::solveExact(f);
        feasible = s.feasible;
        tiles = s.tiles;
        objective = s.objective;
        candidates = s.visited;
        optima = s.optima;
        if (s.optima > 1) {
            warnings.push_back(std::to_string(s.optima) +
                               " tile vectors reach the optimum; the lexicographically smallest "
                               "is shown");
        }
    } else {
        const eatss::Z3Answer z = eatss::solveZ3(f);
        feasible = z.feasible;
        tiles = z.tiles;
        objective = z.objective;
        calls = z.calls;
        for (const auto& step : z.trace) {
            trace.push_back({{"objective", step.objective}, {"tiles", step.tiles}});
        }
        warnings.push_back("Z3 " + z.version +
                           ", the artifact's procedure: the answer is at least 3/4 of the "
                           "optimum, not necessarily optimal (--solver enumerate is exact)");
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    eatss::Evaluation e;
    if (!tiles.empty()) {
        e = eatss::evaluate(f, tiles);
        feasible = e.feasible;
        objective = e.objective;
    }

    if (a.has("--json")) {
        json loops = json::array();
        for (std::size_t i = 0; i < f.loops.size(); ++i) {
            loops.push_back({{"name", f.loops[i].name},
                             {"parallel", f.loops[i].parallel},
                             {"weight", f.weights[i]}});
        }
        json tileJson = nullptr;
        if (!tiles.empty() && (feasible || a.has("--tiles"))) {
            tileJson = json::object();
            for (std::size_t i = 0; i < f.loops.size(); ++i) {
                tileJson[f.loops[i].name] = tiles[i];
            }
        }
        json j = {{"command", "eatss"},
                  {"program", program.id},
                  {"gpu", gpu.id},
                  {"mode", std::string(eatss::name(o.mode))},
                  {"split", o.split},
                  {"align", o.align},
                  {"precision", std::string(eatss::name(o.precision))},
                  {"loops", loops},
                  {"tiles", tileJson},
                  {"objective", feasible || a.has("--tiles") ? json(objective) : json(nullptr)},
                  {"feasible", feasible},
                  {"constraints", constraintsJson(e)},
                  {"candidates", candidates},
                  {"solver", a.has("--tiles") ? "none" : solver},
                  {"seconds", seconds},
                  {"warnings", warnings}};
        if (!a.has("--tiles") && solver == "enumerate") {
            j["optima"] = optima;
        }
        if (solver == "z3" && !a.has("--tiles")) {
            j["z3_calls"] = calls;
            j["z3_trace"] = trace;
        }
        if (!e.reason.empty()) {
            j["reason"] = e.reason;
        }
        j["model"] = json::parse(eatss::toJson(f).dump());
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream t;
    t << "EATSS " << program.id << " on " << gpu.name << " (" << eatss::name(o.mode)
      << " mode, split " << fmt(o.split) << ", align " << fmt(o.align) << ", "
      << eatss::name(o.precision) << ")\n";
    t << "  loops:";
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        t << " " << f.loops[i].name << (f.loops[i].parallel ? "*" : "") << " (H " << f.weights[i]
          << ")";
    }
    t << "; CMA loop " << f.loops[static_cast<std::size_t>(f.ls1)].name << "; tiles multiples of "
      << f.waf << " in [" << f.tMin << ", " << f.tMax << "]\n";
    t << "  maximise W = "
      << "blk";
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        if (f.weights[i] != 0) {
            t << " + " << f.weights[i] << " T_" << f.loops[i].name;
        }
    }
    t << "\n";
    for (const auto& c : f.constraints) {
        t << "  " << c.name << ": " << c.text << "\n";
    }
    if (tiles.empty() || (!feasible && !a.has("--tiles"))) {
        t << "infeasible: no tile vector satisfies the constraints\n";
    } else {
        t << (a.has("--tiles") ? "tiles" : "optimum") << ":";
        for (std::size_t i = 0; i < f.loops.size(); ++i) {
            t << " T_" << f.loops[i].name << " = " << tiles[i];
        }
        t << "; W = " << objective << (feasible ? "" : "  (INFEASIBLE: " + e.reason + ")") << "\n";
        for (const auto& c : e.constraints) {
            t << "  " << c.name << " " << c.lhs << " <= " << c.rhs
              << (c.binding       ? " (binding)"
                  : c.lhs > c.rhs ? " (VIOLATED)"
                                  : "")
              << "\n";
        }
    }
    if (!a.has("--tiles")) {
        t << "solver " << solver << ": "
          << (solver == "enumerate" ? std::to_string(candidates) + " candidates"
                                    : std::to_string(calls) + " Z3 calls")
          << ", " << fmt(seconds * 1e3, 4) << " ms\n";
    }
    for (const auto& w : warnings) {
        t << "note: " << w << "\n";
    }
    out << t.str();
    return 0;
}

} // namespace

std::vector<Command> eatssCommands() {
    return {{"eatss", "energy-aware tile sizes for an affine program (EATSS, CGO'24)", kEatssUsage,
             runEatss}};
}

} // namespace cdx::cli
