#include "cdx/eatss_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "eatss/eatss_model.hpp"
#include "eatss/eatss_z3.hpp"
#include "params/input_error.hpp"

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
    "                 [--solver enumerate|z3] [--tiles T1,T2,...] [--json]\n"
    "  Energy-aware tile-size selection for affine programs on GPUs (EATSS, CGO'24; spec\n"
    "  eatss.md): one tile size per loop maximising the threads of a block plus the\n"
    "  coalescing-weighted tile sizes, under warp alignment (multiples of PHI x warp), the L1 /\n"
    "  shared / L2 capacities with the split S of L1+shared given to shared memory, and the\n"
    "  registers by precision. --mode artifact (default) reproduces the artifact's model\n"
    "  exactly; paper follows the paper's text. --solver enumerate (default) is exact and lists\n"
    "  the ties; z3 runs the artifact's Z3 procedure, which stops at >= 3/4 of the optimum.\n"
    "  --tiles evaluates one tile vector (loop order): feasibility, objective, each constraint.\n"
    "  Defaults: --split 0.25, --align 1, --precision double. Programs: profiles/programs.\n";

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

int runEatss(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--program", "--gpu", "--split", "--align", "--precision", "--mode",
                       "--solver", "--tiles"},
                      {"--json"});
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
    const eatss::Formulation f = eatss::formulate(program, gpu, o);

    std::vector<std::int64_t> tiles;
    bool feasible = false;
    std::int64_t objective = 0;
    std::uint64_t candidates = 0, optima = 0;
    int calls = 0;
    std::vector<std::string> warnings = f.notes;
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
