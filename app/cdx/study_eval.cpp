// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/study_eval.hpp"

#include "cdx/cli.hpp"
#include "cdx/common.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace cdx::cli {

namespace {
thread_local bool tCheckingOnly = false;
}

bool checkingOnly() {
    return tCheckingOnly;
}
CheckingOnly::CheckingOnly() : previous_(tCheckingOnly) {
    tCheckingOnly = true;
}
CheckingOnly::~CheckingOnly() {
    tCheckingOnly = previous_;
}

} // namespace cdx::cli

namespace cdx::cli::study {

namespace {

using cdx::study::Cell;
using Json = nlohmann::ordered_json;

// One question: the command that answers it and the columns of its rows.
struct Question {
    std::string name;
    std::string command;
    std::vector<std::string> columns; // without variant and gpu_hash (added to every question)
};

const std::vector<Question>& questions() {
    static const std::vector<Question> all{
        {"optimize", "optimize", {"tile", "tt", "k", "T_alg_s", "feasible_points", "within_count"}},
        {"codesign", "codesign", {"n_sm",
                                  "n_v",
                                  "m_sm_kb",
                                  "clock_mhz",
                                  "memory_tech",
                                  "memory_units",
                                  "bandwidth_gbs",
                                  "area_mm2",
                                  "phy_mm2",
                                  "power_w",
                                  "power_static_w",
                                  "power_dynamic_w",
                                  "power_memory_w",
                                  "energy_j",
                                  "weighted_time_s",
                                  "speedup",
                                  "gpoints_per_s",
                                  "within_limits",
                                  "pareto",
                                  "best",
                                  "designs_in_range"}},
        {"energy",
         "energy",
         {"E_alg_j", "T_alg_s", "E_stat_j", "E_dyn_j", "EDP_js", "P_avg_w", "N_tiles",
          "t_alg_source"}},
        {"mwp",
         "mwp",
         {"exec_cycles", "time_s", "cpi", "mwp", "cwp", "case", "mwp_limiter", "category"}},
        {"lineup",
         "lineup",
         {"family", "side", "headline", "quantity", "unit", "optimum", "error"}},
    };
    return all;
}

const Question& questionOf(const std::string& name) {
    for (const auto& q : questions()) {
        if (q.name == name) {
            return q;
        }
    }
    throw InputError("question", name, "expected optimize, codesign, energy, mwp or lineup");
}

using cdx::study::cellOf;

Json at(const Json& j, const char* key) {
    return j.is_object() && j.contains(key) ? j[key] : Json();
}

std::vector<std::vector<Cell>> rowsOf(const Spec& s, const Json& r, std::string& status,
                                      std::string& reason) {
    std::vector<std::vector<Cell>> rows;
    status = "ok";
    if (s.question == "optimize") {
        if (!r.value("feasible", false)) {
            status = "none";
            reason = r.value("reason", std::string("no feasible tiling"));
            return rows;
        }
        const Json& within = r["within"];
        for (std::size_t i = 0; i < within.size() && static_cast<int>(i) < s.top; ++i) {
            const Json& t = within[i];
            rows.push_back({cellOf(t["tile"]), cellOf(t["tt"]), cellOf(t["k"]), cellOf(t["T_alg"]),
                            cellOf(r["feasible_points"]), cellOf(r["within_count"])});
        }
    } else if (s.question == "codesign") {
        const Json best = at(r, "best");
        if (best.is_null()) {
            status = "none";
            reason = "no design of the grid is feasible within the area range and the limits";
            return rows;
        }
        std::vector<Json> designs(r["pareto"].begin(), r["pareto"].end());
        const auto same = [](const Json& a, const Json& b) {
            return a["n_sm"] == b["n_sm"] && a["n_v"] == b["n_v"] && a["m_sm_kb"] == b["m_sm_kb"] &&
                   at(a, "clock_mhz") == at(b, "clock_mhz") &&
                   a["bandwidth_gbs"] == b["bandwidth_gbs"];
        };
        if (std::none_of(designs.begin(), designs.end(),
                         [&](const Json& d) { return same(d, best); })) {
            designs.push_back(best);
        }
        for (const Json& d : designs) {
            const Json power = at(d, "power_w");
            const Json memory = at(d, "memory");
            rows.push_back({cellOf(d["n_sm"]),
                            cellOf(d["n_v"]),
                            cellOf(d["m_sm_kb"]),
                            cellOf(at(d, "clock_mhz")),
                            cellOf(at(memory, "tech")),
                            cellOf(at(memory, "stacks")),
                            cellOf(d["bandwidth_gbs"]),
                            cellOf(d["area_mm2"]),
                            cellOf(d["phy_mm2"]),
                            cellOf(power.is_object() ? power["total"] : power),
                            cellOf(at(power, "static")),
                            cellOf(at(power, "dynamic")),
                            cellOf(at(power, "memory")),
                            cellOf(at(d, "energy_j")),
                            cellOf(d["weighted_time_s"]),
                            cellOf(d["speedup"]),
                            cellOf(d["gpoints_per_s"]),
                            cellOf(d["within_limits"]),
                            cellOf(d["pareto"]),
                            cellOf(Json(same(d, best))),
                            cellOf(r["designs_in_range"])});
        }
    } else if (s.question == "energy") {
        if (!r.value("feasible", false)) {
            status = "none";
            reason = r.value("reason", std::string("infeasible tiling"));
            return rows;
        }
        rows.push_back({cellOf(r["E_alg"]), cellOf(r["t_alg_s"]), cellOf(r["E_stat"]),
                        cellOf(r["E_dyn"]), cellOf(r["EDP"]), cellOf(r["P_avg"]),
                        cellOf(r["N_tiles"]), cellOf(at(r, "t_alg_source"))});
    } else if (s.question == "mwp") {
        rows.push_back({cellOf(r["exec_cycles"]), cellOf(r["time_s"]), cellOf(r["cpi"]),
                        cellOf(r["mwp"]), cellOf(r["cwp"]), cellOf(r["case"]),
                        cellOf(r["mwp_limiter"]), cellOf(r["category"])});
    } else { // lineup
        for (const Json& side : r["sides"]) {
            rows.push_back({cellOf(r["family"]), cellOf(side["label"]), cellOf(side["headline"]),
                            cellOf(r["headline"]), cellOf(r["unit"]), cellOf(at(side, "optimum")),
                            cellOf(at(side, "error"))});
        }
    }
    return rows;
}

// The GPU descriptions a point uses (every --gpu, each id of a list), as their files' text, and
// its --set overrides: what the answer depends on beside the tool.
Json gpuHash(const std::vector<std::string>& args, const std::string& question) {
    std::string text;
    bool any = false;
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--gpu") {
            std::stringstream list(args[i + 1]);
            for (std::string id; std::getline(list, id, ',');) {
                any = true;
                try {
                    text += readText(resolveProfile(id, "gpus", "--gpu"));
                } catch (const std::exception&) {
                    try {
                        text += readText(resolveProfile(id, "mwp-gpus", "--gpu"));
                    } catch (const std::exception&) {
                        text += id;
                    }
                }
            }
        } else if (args[i] == "--set") {
            text += "\n--set " + args[i + 1];
        }
    }
    if (!any && question == "codesign") {
        any = true; // codesign's default GPU
        text = readText(resolveProfile("gtx980", "gpus", "--gpu")) + text;
    }
    return any ? Json(cdx::study::fnv1a64(text)) : Json();
}

std::vector<std::string> commandArguments(const Spec& s, std::uint64_t index, bool singleThreaded,
                                          std::vector<cdx::study::Argument>& pieces) {
    pieces = cdx::study::pointArguments(s, index);
    std::vector<std::string> args;
    bool threads = false;
    for (const auto& p : pieces) {
        args.push_back(p.text);
        threads = threads || p.text == "--threads";
    }
    if (s.question == "optimize" && !std::count(args.begin(), args.end(), "--max-within")) {
        args.push_back("--max-within");
        args.push_back(std::to_string(std::max(s.top, 1)));
    }
    if (singleThreaded && !threads && (s.question == "optimize" || s.question == "codesign")) {
        args.push_back("--threads");
        args.push_back("1");
    }
    args.push_back("--json");
    return args;
}

std::string describePoint(const Spec& s, std::uint64_t index) {
    const auto idx = cdx::study::pointAt(s, index);
    std::string out;
    for (std::size_t a = 0; a < s.axes.size(); ++a) {
        const Json& c = s.axes[a].values[idx[a]].column;
        out += (out.empty() ? "" : ", ") + s.axes[a].name + "=" +
               (c.is_string() ? c.get<std::string>() : c.dump());
    }
    return out;
}

// A command's refusal, said in the study's terms: which axis (or fixed flag) gave the flag.
InputError inStudyTerms(const Spec& s, std::uint64_t index,
                        const std::vector<cdx::study::Argument>& pieces, const InputError& e) {
    // The flag the refusal names (--space, "--set n_sm", an unknown flag), else the one whose
    // value it quotes ("T = -4" is --time's), if only one has that value.
    std::optional<std::size_t> flag;
    std::vector<std::size_t> sameValue;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const std::string& t = pieces[i].text;
        if (t.rfind("--", 0) != 0) {
            continue;
        }
        if (e.field() == t || e.field().rfind(t + " ", 0) == 0 ||
            e.field().rfind(t + ".", 0) == 0 || (e.field() == "flag" && e.value() == t)) {
            flag = i;
        }
        if (i + 1 < pieces.size() && pieces[i + 1].text == e.value() && !e.value().empty()) {
            sameValue.push_back(i);
        }
    }
    if (!flag && sameValue.size() == 1) {
        flag = sameValue.front();
    }
    const std::string command = questionOf(s.question).command;
    const std::string where =
        "point " + std::to_string(index) + " (" + describePoint(s, index) + "): " + e.what();
    if (flag && pieces[*flag].axis >= 0) {
        const auto a = static_cast<std::size_t>(pieces[*flag].axis);
        const Json& c = s.axes[a].values[cdx::study::pointAt(s, index)[a]].column;
        return InputError("axis '" + s.axes[a].name + "'",
                          c.is_string() ? c.get<std::string>() : c.dump(),
                          "refused by cdx " + command + " at " + where);
    }
    if (flag) {
        const std::size_t v = *flag + 1;
        return InputError("fixed '" + pieces[*flag].text.substr(2) + "'",
                          v < pieces.size() && pieces[v].text.rfind("--", 0) != 0 ? pieces[v].text
                                                                                  : "true",
                          "refused by cdx " + command + " at " + where);
    }
    return InputError("question '" + s.question + "'", e.field(),
                      "refused by cdx " + command +
                          " (give the flag as an axis or in \"fixed\"; cdx " + command +
                          " --help lists them) at " + where);
}

// Runs a command quietly: its progress lines (stderr) are not the study's.
int runQuietly(const Command& c, const std::vector<std::string>& args, std::ostream& out) {
    const std::lock_guard<std::recursive_mutex> lock(
        commandOutputLock()); // std::cerr is the process's
    std::ostringstream sink;
    std::streambuf* old = std::cerr.rdbuf(sink.rdbuf());
    try {
        const int rc = c.run(args, out);
        std::cerr.rdbuf(old);
        return rc;
    } catch (...) {
        std::cerr.rdbuf(old);
        throw;
    }
}

} // namespace

const std::vector<std::string>& questionNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& q : questions()) {
            out.push_back(q.name);
        }
        return out;
    }();
    return names;
}

const std::vector<std::string>& answerColumns(const std::string& question) {
    static const std::map<std::string, std::vector<std::string>> columns = [] {
        std::map<std::string, std::vector<std::string>> out;
        for (const auto& q : questions()) {
            auto c = q.columns;
            c.push_back("variant");
            c.push_back("gpu_hash");
            out[q.name] = c;
        }
        return out;
    }();
    return columns.at(questionOf(question).name);
}

Spec readStudy(const std::string& file) {
    const std::string text = readText(file);
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_discarded() && j.is_object() && j.contains("point_indices")) {
        return studyFromText(j.dump());
    }
    return cdx::study::readSpec(file, questionNames());
}

Spec studyFromText(const std::string& resolvedText) {
    const Json j = Json::parse(resolvedText, nullptr, false);
    if (j.is_discarded()) {
        throw InputError("study", resolvedText.substr(0, 60), "is not JSON");
    }
    if (j.contains("point_indices")) {
        return cdx::study::specFromCanonical(j.dump(), questionNames());
    }
    return cdx::study::parseSpec(j, {}, questionNames());
}

PointRows answerPoint(const Spec& s, std::uint64_t index, bool singleThreaded) {
    std::vector<cdx::study::Argument> pieces;
    const auto args = commandArguments(s, index, singleThreaded, pieces);
    const Command* c = findCommand(questionOf(s.question).command);
    PointRows p;
    p.point = index;
    std::ostringstream out;
    try {
        runQuietly(*c, args, out);
    } catch (const InputError& e) {
        p.status = "refused";
        p.reason = inStudyTerms(s, index, pieces, e).what();
        return p;
    }
    const Json r = Json::parse(out.str());
    p.rows = rowsOf(s, r, p.status, p.reason);
    const Cell variant = r.contains("variant") ? Cell{r["variant"].dump()} : Cell{};
    const Cell hash = cellOf(gpuHash(args, s.question));
    for (auto& row : p.rows) {
        row.push_back(variant);
        row.push_back(hash);
    }
    return p;
}

std::uint64_t checkStudy(const Spec& s, std::uint64_t exhaustiveLimit,
                         const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    const Command* c = findCommand(questionOf(s.question).command);
    const std::uint64_t n = cdx::study::pointCount(s);
    std::vector<std::uint64_t> chosen;
    if (n <= exhaustiveLimit) {
        for (std::uint64_t i = 0; i < n; ++i) {
            chosen.push_back(i);
        }
    } else if (!s.explicitPoints.empty()) {
        // A long list: the first point of every value of every axis, then a stride.
        std::set<std::uint64_t> pick;
        std::vector<std::vector<bool>> seen(s.axes.size());
        for (std::size_t a = 0; a < s.axes.size(); ++a) {
            seen[a].assign(s.axes[a].values.size(), false);
        }
        for (std::uint64_t i = 0; i < n; ++i) {
            const auto& idx = s.explicitPoints[i];
            for (std::size_t a = 0; a < idx.size(); ++a) {
                if (!seen[a][idx[a]]) {
                    seen[a][idx[a]] = true;
                    pick.insert(i);
                }
            }
        }
        const std::uint64_t stride = (n + exhaustiveLimit - 1) / exhaustiveLimit;
        for (std::uint64_t i = 0; i < n; i += stride) {
            pick.insert(i);
        }
        chosen.assign(pick.begin(), pick.end());
    } else {
        // Every value of every axis once, the others at their first value; then a stride.
        std::set<std::uint64_t> pick;
        std::uint64_t weight = 1;
        for (std::size_t a = s.axes.size(); a-- > 0;) {
            for (std::uint64_t v = 0; v < s.axes[a].values.size(); ++v) {
                pick.insert(v * weight);
            }
            weight *= s.axes[a].values.size();
        }
        const std::uint64_t stride = (n + exhaustiveLimit - 1) / exhaustiveLimit;
        for (std::uint64_t i = 0; i < n; i += stride) {
            pick.insert(i);
        }
        chosen.assign(pick.begin(), pick.end());
    }
    const CheckingOnly checking;
    std::uint64_t done = 0;
    for (const std::uint64_t i : chosen) {
        std::vector<cdx::study::Argument> pieces;
        const auto args = commandArguments(s, i, false, pieces);
        std::ostringstream out;
        try {
            runQuietly(*c, args, out);
        } catch (const InputError& e) {
            throw inStudyTerms(s, i, pieces, e);
        }
        ++done;
        if (progress) {
            progress(done, chosen.size());
        }
    }
    return done;
}

std::string toLine(const PointRows& p) {
    Json rows = Json::array();
    for (const auto& row : p.rows) {
        Json r = Json::array();
        for (const auto& c : row) {
            r.push_back(cdx::study::jsonOf(c));
        }
        rows.push_back(r);
    }
    return Json{{"point", p.point}, {"status", p.status}, {"reason", p.reason}, {"rows", rows}}
        .dump();
}

PointRows fromLine(const std::string& line) {
    const Json j = Json::parse(line);
    PointRows p;
    p.point = j.at("point").get<std::uint64_t>();
    p.status = j.at("status").get<std::string>();
    p.reason = j.at("reason").get<std::string>();
    for (const auto& r : j.at("rows")) {
        std::vector<Cell> row;
        for (const auto& c : r) {
            row.push_back(cellOf(c));
        }
        p.rows.push_back(std::move(row));
    }
    return p;
}

PointSession sessionOfRow(const Spec& s, std::uint64_t point, std::uint64_t answerIndex,
                          const std::map<std::string, std::string>& answer,
                          const SessionState& base) {
    if (s.question != "optimize" && s.question != "codesign" && s.question != "mwp") {
        throw InputError("question", s.question,
                         "an energy or line-up point has no one design or tiling to open; run its "
                         "cdx command (cdx study check lists the flags of each point)");
    }
    const auto text = [&](const char* column) {
        // An axis named as an answer column (n_sm) keeps the name; the answer's is answer_n_sm.
        if (const auto own = answer.find(std::string("answer_") + column); own != answer.end()) {
            return own->second;
        }
        const auto it = answer.find(column);
        return it == answer.end() ? std::string() : it->second;
    };
    if (text("status") != "ok") {
        throw InputError("status", text("status"),
                         "this point has no answer to open: " + text("reason"));
    }
    std::vector<cdx::study::Argument> pieces;
    std::vector<std::string> args = commandArguments(s, point, false, pieces);
    args.pop_back(); // --json
    std::vector<std::string> valued;
    std::vector<std::string> switches;
    std::map<std::string, std::string> one;
    std::vector<std::string> sets;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i].rfind("--", 0) != 0) {
            continue;
        }
        if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
            valued.push_back(args[i]);
            if (args[i] == "--set") {
                sets.push_back(args[i + 1]);
            } else {
                one[args[i]] = args[i + 1];
            }
            ++i;
        } else {
            switches.push_back(args[i]);
        }
    }
    const Arguments a(args, valued, switches);
    PointSession out{base, {}, {}};
    SessionState& st = out.state;
    const std::string gpuId =
        one.count("--gpu") ? one["--gpu"] : (s.question == "codesign" ? "gtx980" : "");
    out.label = "point " + std::to_string(point) + " (" + describePoint(s, point) + ")";
    if (s.question == "mwp") {
        st.mwp.gpu = loadMwpGpuProfile(gpuId);
        st.mwp.kernel = loadKernelProfile(a.required("--kernel"));
        StencilProfile unused = st.stencil;
        for (const auto& set : sets) {
            applyOverride(st.mwp.gpu, unused, gpuId, set);
        }
        out.workspace = "mwp";
        return out;
    }
    st.gpu = loadGpuProfile(gpuId);
    if (one.count("--stencil")) {
        st.stencil = loadStencilProfile(one["--stencil"]);
    }
    for (const auto& set : sets) {
        applyOverride(st.gpu, st.stencil, gpuId, set);
    }
    st.variant = parseVariant(a);
    if (s.question == "optimize") {
        const auto space = a.positiveList("--space", 3);
        st.problem.dim = static_cast<int>(space.size());
        st.problem.space = {1, 1, 1};
        for (std::size_t i = 0; i < space.size(); ++i) {
            st.problem.space[i] = space[i];
        }
        st.problem.time = a.positiveInteger("--time");
        std::stringstream tile(text("tile"));
        st.tiles = talg::Tiles{};
        std::size_t i = 0;
        for (std::string size; std::getline(tile, size, ',') && i < 3; ++i) {
            st.tiles.space[i] = parseInteger(size, "tile");
        }
        st.tiles.time = parseInteger(text("tt"), "tt");
        out.workspace = "talg";
        out.label += ", tiling " + std::to_string(answerIndex + 1);
        return out;
    }
    // codesign: the GPU becomes the design.
    const auto number = [&](const char* column) {
        return std::stod(text(column)); // the table's own numbers
    };
    setGpuParameter(st.gpu, "n_sm", number("n_sm"));
    setGpuParameter(st.gpu, "n_v", number("n_v"));
    setGpuParameter(st.gpu, "m_sm_kb", number("m_sm_kb"));
    if (!text("clock_mhz").empty()) {
        setGpuParameter(st.gpu, "clock_mhz", number("clock_mhz"));
    }
    if (one.count("--node")) {
        st.areaNode = static_cast<int>(parseInteger(one["--node"], "--node"));
    }
    if (one.count("--workload")) {
        st.codesign.workload = one["--workload"];
    }
    const bool chip = one.count("--clock-mhz") || one.count("--memory") ||
                      one.count("--power-cap") || one.count("--objective") ||
                      std::count(switches.begin(), switches.end(), "--whole-die");
    st.codesign.chipOn = chip;
    if (chip) {
        st.codesign.memoryTech = text("memory_tech");
        st.codesign.wholeDie = std::count(switches.begin(), switches.end(), "--whole-die") > 0;
        if (one.count("--objective")) {
            st.codesign.objective = one["--objective"];
        }
    }
    out.workspace = "area";
    out.label += ", design " + text("n_sm") + " SMs x " + text("n_v") + " lanes, " +
                 text("m_sm_kb") + " KB" +
                 (text("clock_mhz").empty() ? std::string() : " at " + text("clock_mhz") + " MHz");
    return out;
}

} // namespace cdx::cli::study
