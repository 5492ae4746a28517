// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_model.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <list>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace cdx::eatss {

namespace {

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) {
        return {};
    }
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, sep)) {
        out.push_back(trim(cur));
    }
    if (!s.empty() && s.back() == sep) {
        out.push_back({});
    }
    return out;
}

bool isName(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) {
        return false;
    }
    return std::all_of(s.begin(), s.end(), [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-';
    });
}

// The checks shared by both readers: loops and references well formed.
void check(const Program& p, const std::string& file) {
    if (p.loops.empty()) {
        throw InputError("loops", "(none)", "expected at least one loop", file);
    }
    std::set<std::string> names;
    for (const auto& l : p.loops) {
        if (!isName(l.name)) {
            throw InputError("loops", l.name, "expected an iterator name", file);
        }
        if (!names.insert(l.name).second) {
            throw InputError("loops", l.name, "repeated loop; each iterator names one loop", file);
        }
    }
    if (p.references.empty()) {
        throw InputError("references", "(none)", "expected at least one array reference", file);
    }
    for (const auto& r : p.references) {
        if (!isName(r.array)) {
            throw InputError("references", r.array, "expected an array name", file);
        }
        if (r.subscripts.empty()) {
            throw InputError("references." + r.array, "(no subscript)",
                             "expected one iterator per subscript", file);
        }
        for (const auto& s : r.subscripts) {
            if (!names.count(s)) {
                std::string known;
                for (const auto& l : p.loops) {
                    known += (known.empty() ? "" : ", ") + l.name;
                }
                throw InputError("references." + r.array, s,
                                 "unknown iterator in a subscript; the loops are " + known, file);
            }
        }
    }
}

std::int64_t positiveCount(const std::string& text, const std::string& what,
                           const std::string& where) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (text.empty() || used != text.size() || v < 1 || v > 100000) {
        throw InputError(what, text.empty() ? "(empty)" : text, "expected a positive count", where);
    }
    return v;
}

} // namespace

Program parseRels(const std::string& text, const std::string& file) {
    std::vector<std::string> lines;
    {
        std::istringstream in(text);
        std::string l;
        while (std::getline(in, l)) {
            lines.push_back(trim(l));
        }
        while (!lines.empty() && lines.back().empty()) {
            lines.pop_back();
        }
    }
    const auto at = [&](std::size_t i) { return file + ":" + std::to_string(i + 1); };
    if (lines.size() < 4) {
        throw InputError("(file)", std::to_string(lines.size()) + " lines",
                         "expected <#statements>, <Stmt>:<loops>, <#references> and one line per "
                         "reference (the EATSS .rels format)",
                         file);
    }
    Program p;
    p.file = file;
    p.id = std::filesystem::path(file).stem().string();
    p.name = p.id;
    const std::int64_t statements = positiveCount(lines[0], "statements", at(0));
    if (statements != 1) {
        throw InputError("statements", lines[0],
                         "expected 1 (every .rels of the artifact has one statement)", at(0));
    }
    const auto colon = lines[1].find(':');
    if (colon == std::string::npos) {
        throw InputError("statement", lines[1], "expected <Stmt>:<it>[*],<it>[*],...", at(1));
    }
    p.statement = trim(lines[1].substr(0, colon));
    for (const auto& it : split(lines[1].substr(colon + 1), ',')) {
        Loop l;
        l.parallel = !it.empty() && it.back() == '*';
        l.name = trim(l.parallel ? it.substr(0, it.size() - 1) : it);
        if (!isName(l.name)) {
            throw InputError("loop", it.empty() ? "(empty)" : it,
                             "expected an iterator, with * when the loop is parallel", at(1));
        }
        p.loops.push_back(l);
    }
    const std::int64_t refs = positiveCount(lines[2], "references", at(2));
    if (static_cast<std::int64_t>(lines.size()) != 3 + refs) {
        throw InputError("references", lines[2],
                         "expected " + std::to_string(refs) + " reference lines after it, found " +
                             std::to_string(lines.size() - 3),
                         at(2));
    }
    for (std::size_t i = 3; i < lines.size(); ++i) {
        const auto parts = split(lines[i], ':');
        if (parts.size() < 2 || parts.size() > 3 || parts[0].empty() || parts[1].empty()) {
            throw InputError("reference", lines[i], "expected <Array>:<it>,<it>,...:<size>,...",
                             at(i));
        }
        Reference r;
        r.array = parts[0];
        r.subscripts = split(parts[1], ',');
        if (parts.size() == 3) {
            const auto sizes = split(parts[2], ',');
            if (sizes.size() != r.subscripts.size()) {
                throw InputError("reference", lines[i],
                                 "expected one extent per subscript (" +
                                     std::to_string(r.subscripts.size()) + ")",
                                 at(i));
            }
            for (const auto& sz : sizes) {
                r.extents.push_back(positiveCount(sz, "extent", at(i)));
            }
            // All 1 is what a program without extents is written with (toRels): not kept.
            if (std::all_of(r.extents.begin(), r.extents.end(),
                            [](std::int64_t x) { return x == 1; })) {
                r.extents.clear();
            }
        }
        try {
            Program one = p;
            one.references = {r};
            check(one, at(i));
        } catch (const InputError& e) {
            if (e.field() != "loops") {
                throw;
            }
            throw InputError(e.field(), e.value(), e.allowed(), at(1));
        }
        p.references.push_back(std::move(r));
    }
    check(p, file);
    return p;
}

Program programFromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("(top level)", j.dump().substr(0, 40), "expected an object", file);
    }
    for (const auto& [k, v] : j.items()) {
        if (k != "id" && k != "name" && k != "statement" && k != "loops" && k != "references" &&
            k != "source" && k != "note") {
            throw InputError(
                k, {}, "unknown field; expected id, name, statement, loops, references", file);
        }
    }
    Program p;
    p.file = file;
    const auto str = [&](const char* k, bool required) -> std::string {
        if (!j.contains(k)) {
            if (required) {
                throw InputError(k, {}, "missing", file);
            }
            return {};
        }
        if (!j.at(k).is_string()) {
            throw InputError(k, j.at(k).dump(), "expected a string", file);
        }
        return j.at(k).get<std::string>();
    };
    p.id = str("id", true);
    p.name = str("name", false);
    p.statement = str("statement", false);
    if (!j.contains("loops") || !j.at("loops").is_array()) {
        throw InputError("loops", {}, "expected [{\"name\", \"parallel\"}, ...]", file);
    }
    for (const auto& l : j.at("loops")) {
        if (!l.is_object() || !l.contains("name") || !l.at("name").is_string() ||
            (l.contains("parallel") && !l.at("parallel").is_boolean())) {
            throw InputError("loops", l.dump(), "expected {\"name\": \"i\", \"parallel\": true}",
                             file);
        }
        p.loops.push_back({l.at("name").get<std::string>(), l.value("parallel", false)});
    }
    if (!j.contains("references") || !j.at("references").is_array()) {
        throw InputError("references", {}, "expected [{\"array\", \"subscripts\"}, ...]", file);
    }
    for (const auto& r : j.at("references")) {
        if (!r.is_object() || !r.contains("array") || !r.at("array").is_string() ||
            !r.contains("subscripts") || !r.at("subscripts").is_array()) {
            throw InputError("references", r.dump(),
                             "expected {\"array\": \"A\", \"subscripts\": [\"i\", \"j\"]}", file);
        }
        Reference ref;
        ref.array = r.at("array").get<std::string>();
        for (const auto& s : r.at("subscripts")) {
            if (!s.is_string()) {
                throw InputError("references." + ref.array, s.dump(), "expected iterator names",
                                 file);
            }
            ref.subscripts.push_back(s.get<std::string>());
        }
        if (r.contains("extents")) {
            const auto& x = r.at("extents");
            if (!x.is_array() || x.size() != ref.subscripts.size()) {
                throw InputError("references." + ref.array + ".extents", x.dump(),
                                 "expected one positive integer per subscript (" +
                                     std::to_string(ref.subscripts.size()) + ")",
                                 file);
            }
            for (const auto& v : x) {
                if (!v.is_number_integer() || v.get<std::int64_t>() < 1) {
                    throw InputError("references." + ref.array + ".extents", v.dump(),
                                     "expected positive integers", file);
                }
                ref.extents.push_back(v.get<std::int64_t>());
            }
        }
        p.references.push_back(std::move(ref));
    }
    check(p, file);
    return p;
}

Program loadProgram(const std::string& idOrPath) {
    if (idOrPath.ends_with(".rels")) {
        return parseRels(readText(idOrPath), idOrPath);
    }
    const auto path = resolveProfile(idOrPath, "programs", "--program");
    return programFromJson(parseJson(readText(path), path.string()), path.string());
}

Gpu gpuFromDescription(const GpuProfile& g) {
    const std::string where = g.file.empty() ? "GPU " + g.id : g.file;
    const auto fact = [&](const char* key) -> std::optional<double> {
        const auto it = g.params.find(key);
        return it == g.params.end() ? std::nullopt : it->second.value;
    };
    const auto need = [&](const char* key, const char* why) {
        const auto v = fact(key);
        if (!v || !(*v > 0)) {
            throw InputError(key, {},
                             std::string("missing: EATSS needs it (") + why +
                                 "); type it into the GPU's " + key + " field",
                             where);
        }
        return *v;
    };
    Gpu out;
    out.id = g.id;
    out.name = g.name;
    out.threadsPerWarp = 32;
    out.threadsPerBlock = static_cast<std::int64_t>(fact("max_threads_per_block").value_or(1024));
    out.registersPerSm = static_cast<std::int64_t>(need("r_sm", "registers per SM"));
    out.sms = static_cast<std::int64_t>(need("n_sm", "the SMs"));
    out.l2Bytes = static_cast<std::int64_t>(need("l2_kb", "the L2 capacity") * 1024);
    std::string array;
    if (const auto unified = fact("l1_shared_kb"); unified && *unified > 0) {
        out.l1SharedBytes = static_cast<std::int64_t>(*unified * 1024);
        array = "l1_shared_kb";
    } else {
        const double smem = need("m_sm_kb", "shared memory per SM");
        const double l1 = fact("l1_pair_kb").value_or(0) / 2;
        out.l1SharedBytes = static_cast<std::int64_t>((smem + l1) * 1024);
        array = "m_sm_kb + l1_pair_kb / 2";
    }
    out.sharedPerBlockBytes = 49152;
    const double bytes = static_cast<double>(out.l1SharedBytes);
    out.caps = {0};
    for (const double kb : {32.0, 48.0}) {
        if (kb * 1024 <= bytes) {
            // floored: a cap rounded up would give shared memory more than the block may use
            out.caps.push_back(std::floor(kb * 1024 / bytes * 10000) / 10000);
        }
    }
    out.estimated = "EATSS parameters from the GPU description of " + g.id + ": L1+shared " +
                    formatNumber(bytes / 1024) + " KB (" + array +
                    "), 48 KB shared per block and split factors for 0, 32 and 48 KB of shared "
                    "memory, as the artifact's files give its devices (estimated, not the "
                    "artifact's own spec file)";
    return out;
}

Gpu loadGpu(const std::string& idOrPath) {
    std::filesystem::path path;
    try {
        path = resolveProfile(idOrPath, "eatss-gpus", "--gpu");
    } catch (const InputError& notEatss) {
        // Any GPU of the descriptions (issue 43: every GPU in every workspace).
        try {
            return gpuFromDescription(loadGpuProfile(idOrPath));
        } catch (const InputError& e) {
            if (e.field() == "--gpu") {
                throw InputError("--gpu", idOrPath,
                                 std::string(notEatss.allowed()) +
                                     "; or a GPU of cdx profiles (its EATSS parameters estimated)");
            }
            throw;
        }
    }
    const std::string file = path.string();
    const nlohmann::json j = parseJson(readText(path), file);
    if (j.is_object() && j.contains("facts")) { // a GPU description given by its path
        return gpuFromDescription(loadGpuProfile(file));
    }
    if (!j.is_object() || !j.contains("params") || !j.at("params").is_object()) {
        throw InputError("params", {}, "expected an object of GPU parameters", file);
    }
    Gpu g;
    g.id = j.value("id", std::string());
    g.name = j.value("name", g.id);
    const auto value = [&](const char* key) -> std::int64_t {
        const auto& p = j.at("params");
        if (!p.contains(key) || !p.at(key).is_object() || !p.at(key).contains("value") ||
            !p.at(key).at("value").is_number()) {
            throw InputError(std::string("params.") + key, {}, "missing; expected {\"value\": n}",
                             file);
        }
        const double v = p.at(key).at("value").get<double>();
        if (!(v >= 1) || v > 1e15 || v != std::floor(v)) {
            throw InputError(std::string("params.") + key, p.at(key).at("value").dump(),
                             "expected a positive integer", file);
        }
        return static_cast<std::int64_t>(v);
    };
    g.threadsPerWarp = value("t_p_w");
    g.threadsPerBlock = value("t_p_b");
    g.registersPerSm = value("r_p_s");
    g.l1SharedBytes = value("l1");
    g.l2Bytes = value("l2");
    g.sharedPerBlockBytes = value("shm_p_b");
    g.sms = value("n_sm");
    if (j.contains("caps")) {
        for (const auto& c : j.at("caps")) {
            if (!c.is_number() || c.get<double>() < 0 || c.get<double>() > 1) {
                throw InputError("caps", c.dump(), "expected split factors in [0, 1]", file);
            }
            g.caps.push_back(c.get<double>());
        }
    }
    return g;
}

std::string_view name(Mode m) {
    return m == Mode::Artifact ? "artifact" : "paper";
}
std::string_view name(Precision p) {
    return p == Precision::Double ? "double" : "float";
}
Mode parseMode(std::string_view s, const std::string& field) {
    if (s == "artifact") {
        return Mode::Artifact;
    }
    if (s == "paper") {
        return Mode::Paper;
    }
    throw InputError(field, std::string(s), "expected artifact or paper");
}
Precision parsePrecision(std::string_view s, const std::string& field) {
    if (s == "double") {
        return Precision::Double;
    }
    if (s == "float") {
        return Precision::Float;
    }
    throw InputError(field, std::string(s), "expected double or float");
}

namespace {

std::string fmt(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
}

// Constraint text: "T_i*T_k + T_k*T_j <= 18432".
std::string constraintText(const std::vector<std::vector<int>>& terms,
                           const std::vector<Loop>& loops, std::int64_t rhs) {
    std::string s;
    for (const auto& t : terms) {
        s += s.empty() ? "" : " + ";
        std::string prod;
        for (int i : t) {
            // append() rather than "T_" + string: GCC 12 -Wrestrict false positive (PR 105651).
            prod.append(prod.empty() ? "" : "*")
                .append("T_")
                .append(loops[static_cast<std::size_t>(i)].name);
        }
        s += prod;
    }
    return s.append(" <= ").append(std::to_string(rhs));
}

std::vector<int> loopIndices(const Reference& r, const std::vector<Loop>& loops) {
    std::vector<int> out;
    for (const auto& s : r.subscripts) {
        for (std::size_t i = 0; i < loops.size(); ++i) {
            if (loops[i].name == s) {
                out.push_back(static_cast<int>(i));
            }
        }
    }
    return out;
}

int loopIndex(const std::vector<Loop>& loops, const std::string& n) {
    for (std::size_t i = 0; i < loops.size(); ++i) {
        if (loops[i].name == n) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

} // namespace

Formulation formulate(const Program& p, const Gpu& g, const Options& o) {
    if (!(o.split >= 0 && o.split <= 1)) {
        throw InputError("--split", fmt(o.split), "expected a fraction in [0, 1]");
    }
    if (!(o.align >= 0 && o.align <= 1)) {
        throw InputError("--align", fmt(o.align),
                         "expected a warp fraction in [0, 1] (1, 0.5, 0.25, 0.125; 0: unaligned)");
    }
    Formulation f;
    f.options = o;
    f.loops = p.loops;
    const bool artifact = o.mode == Mode::Artifact;
    const std::size_t L = p.loops.size();
    const std::int64_t fp = o.precision == Precision::Double ? 2 : 1;

    // References: the artifact keys them by array name (a repeated name overwrites the earlier
    // reference, spec §1.6 item 4); the paper counts distinct cache lines, which the artifact's
    // abstractions make distinct names too.
    std::vector<std::string> order;
    std::map<std::string, Reference> byName;
    for (const auto& r : p.references) {
        if (!byName.count(r.array)) {
            order.push_back(r.array);
        }
        byName[r.array] = r;
    }
    for (const auto& n : order) {
        f.references.push_back(byName.at(n));
    }
    if (artifact && f.references.size() < p.references.size()) {
        f.notes.push_back("repeated array names: the artifact keeps the last reference of each "
                          "name (spec §1.6 item 4)");
    }
    f.nRefs = static_cast<int>(f.references.size());

    // Stride-1 counts: the artifact counts arrays with >= 2 subscripts only.
    f.c.assign(L, 0);
    for (const auto& r : f.references) {
        if (artifact && r.subscripts.size() < 2) {
            continue;
        }
        const int i = loopIndex(p.loops, r.subscripts.back());
        ++f.c[static_cast<std::size_t>(i)];
    }
    // The CMA loop.
    if (artifact) {
        int best = 0;
        for (std::size_t i = 0; i < L; ++i) {
            if (f.c[i] > best) {
                best = f.c[i];
                f.ls1 = static_cast<int>(i);
            }
        }
    } else {
        // Paper: the parallel loop with the most stride-1 references; ties: the loop used by
        // most arrays, then the first; no parallel candidate: any loop (spec §1.4).
        const auto uses = [&](std::size_t i) {
            int n = 0;
            for (const auto& r : f.references) {
                n += std::count(r.subscripts.begin(), r.subscripts.end(), p.loops[i].name) > 0;
            }
            return n;
        };
        for (bool parallelOnly : {true, false}) {
            for (std::size_t i = 0; i < L; ++i) {
                if (f.c[i] == 0 || (parallelOnly && !p.loops[i].parallel)) {
                    continue;
                }
                if (f.ls1 < 0) {
                    f.ls1 = static_cast<int>(i);
                    continue;
                }
                const auto b = static_cast<std::size_t>(f.ls1);
                if (f.c[i] > f.c[b] || (f.c[i] == f.c[b] && uses(i) > uses(b))) {
                    f.ls1 = static_cast<int>(i);
                }
            }
            if (f.ls1 >= 0) {
                break;
            }
        }
    }
    if (f.ls1 < 0) {
        throw InputError("program", p.id,
                         artifact ? "has no loop in the stride-1 subscript of a 2-D or larger "
                                    "array: the artifact exits here (spec §1.4; durbin, "
                                    "jacobi-1d); try --mode paper"
                                  : "has no stride-1 loop: no coalesced access to map");
    }
    const std::string ls1 = p.loops[static_cast<std::size_t>(f.ls1)].name;
    std::vector<std::vector<int>> cacheTerms, sharedTerms;
    for (const auto& r : f.references) {
        const bool cache = (!artifact || r.subscripts.size() >= 2) && r.subscripts.back() == ls1;
        (cache ? f.cacheSet : f.sharedSet).push_back(r.array);
        (cache ? cacheTerms : sharedTerms).push_back(loopIndices(r, p.loops));
    }

    // Units, alignment and budgets.
    if (artifact) {
        // The artifact divides every GPU parameter by d = 2 in FP64 (Python 2 integer
        // division) and byte capacities by 4 more (spec §1.6 items 1-3).
        const std::int64_t d = fp;
        const std::int64_t tpw = g.threadsPerWarp / d;
        f.tMax = g.threadsPerBlock / d;
        const std::int64_t regs = g.registersPerSm / d;
        const std::int64_t l1 = g.l1SharedBytes / (4 * d);
        const std::int64_t l2 = g.l2Bytes / (4 * d);
        const std::int64_t shm = g.sharedPerBlockBytes / (4 * d);
        const auto sh = static_cast<std::int64_t>(std::floor(static_cast<double>(l1) * o.split));
        if (sh > shm) {
            throw InputError("--split", fmt(o.split),
                             "gives " + std::to_string(sh) +
                                 " elements of shared memory, more than the per-block " +
                                 std::to_string(shm) +
                                 ": the artifact exits (code 42); allowed "
                                 "s <= " +
                                 fmt(static_cast<double>(shm) / static_cast<double>(l1)));
        }
        f.waf = static_cast<std::int64_t>(std::floor(o.align * static_cast<double>(tpw)));
        if (sh > 0) {
            f.sharedBudget = std::min(sh, shm);
        } else {
            f.notes.push_back("s = 0: the shared set is unconstrained (the artifact emits no "
                              "shared-memory constraint)");
        }
        if (l1 - sh > 0) {
            f.l1Budget = l1 - sh;
        }
        f.l2Budget = l2;
        f.blkMax = regs / (static_cast<std::int64_t>(f.nRefs) * 2);
        for (std::size_t i = 0; i < L; ++i) {
            if (p.loops[i].parallel) {
                f.blockLoops.push_back(static_cast<int>(i));
            }
        }
        f.weights.assign(L, 0);
        for (std::size_t i = 0; i < L; ++i) {
            const std::int64_t ci = f.c[i], par = p.loops[i].parallel ? 1 : 0;
            f.weights[i] = (ci - par) * ci * (static_cast<int>(i) == f.ls1 ? f.waf : 1);
        }
    } else {
        const std::int64_t b = o.precision == Precision::Double ? 8 : 4;
        f.tMax = g.threadsPerBlock;
        f.waf =
            static_cast<std::int64_t>(std::floor(o.align * static_cast<double>(g.threadsPerWarp)));
        const double cap = static_cast<double>(g.l1SharedBytes) / static_cast<double>(b);
        if (o.split > 0) {
            f.sharedBudget = static_cast<std::int64_t>(std::floor(o.split * cap));
        } else {
            f.notes.push_back("s = 0: everything to L1; the shared-memory constraint is dropped");
        }
        if (o.split < 1) {
            f.l1Budget = static_cast<std::int64_t>(std::floor((1 - o.split) * cap));
        } else {
            // §IV-H: with all of L1+shared given to shared memory, the L2 per SM replaces the
            // L1 constraint [uncertain reading, spec §1.2 C8].
            f.l1Budget = g.l2Bytes / (g.sms * b);
            f.notes.push_back("s = 1: the L1 constraint is replaced by the L2 per SM, L2/(n_SM b) "
                              "(spec §1.2 C8, an uncertain reading)");
        }
        f.blkMax = g.registersPerSm / (static_cast<std::int64_t>(f.nRefs) * fp);
        for (std::size_t i = 0; i < L && f.blockLoops.size() < 3; ++i) {
            if (p.loops[i].parallel) {
                f.blockLoops.push_back(static_cast<int>(i));
            }
        }
        f.weights.assign(L, 0);
        for (std::size_t i = 0; i < L; ++i) {
            const bool par = p.loops[i].parallel;
            if ((L >= 3 && !par) || (L == 2 && par)) {
                f.weights[i] = 0;
            } else {
                f.weights[i] = f.c[i] * (static_cast<int>(i) == f.ls1 ? f.waf : 1);
            }
        }
    }
    f.tMin = f.waf > 0 ? f.waf : 1;
    if (f.waf == 0) {
        f.notes.push_back("alignment 0: tile sizes are not aligned to warps");
    }
    if (f.tMin > f.tMax) {
        throw InputError("--align", fmt(o.align), "gives a warp multiple above the largest tile");
    }
    if (f.sharedBudget && !sharedTerms.empty()) {
        f.constraints.push_back({"shared", constraintText(sharedTerms, p.loops, *f.sharedBudget),
                                 sharedTerms, *f.sharedBudget});
    }
    if (f.l1Budget && !cacheTerms.empty()) {
        f.constraints.push_back(
            {"l1", constraintText(cacheTerms, p.loops, *f.l1Budget), cacheTerms, *f.l1Budget});
    }
    if (f.l2Budget && !cacheTerms.empty()) {
        f.constraints.push_back(
            {"l2", constraintText(cacheTerms, p.loops, *f.l2Budget), cacheTerms, *f.l2Budget});
    }
    f.constraints.push_back({"registers",
                             constraintText({f.blockLoops}, p.loops, f.blkMax) + " (blk)",
                             {f.blockLoops},
                             f.blkMax});
    return f;
}

namespace {

std::int64_t termValue(const std::vector<int>& t, const std::vector<std::int64_t>& tiles) {
    std::int64_t v = 1;
    for (int i : t) {
        v *= tiles[static_cast<std::size_t>(i)];
    }
    return v;
}

std::int64_t lhs(const Constraint& c, const std::vector<std::int64_t>& tiles) {
    std::int64_t s = 0;
    for (const auto& t : c.terms) {
        s += termValue(t, tiles);
    }
    return s;
}

std::int64_t objectiveOf(const Formulation& f, const std::vector<std::int64_t>& tiles) {
    std::int64_t w = termValue(f.blockLoops, tiles);
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        w += f.weights[i] * tiles[i];
    }
    return w;
}

} // namespace

Evaluation evaluate(const Formulation& f, const std::vector<std::int64_t>& tiles) {
    Evaluation e;
    if (tiles.size() != f.loops.size()) {
        throw InputError("--tiles", std::to_string(tiles.size()) + " sizes",
                         "expected one tile size per loop (" + std::to_string(f.loops.size()) +
                             ", in loop order)");
    }
    e.feasible = true;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const std::string t = "T_" + f.loops[i].name + " = " + std::to_string(tiles[i]);
        if (tiles[i] < f.tMin || tiles[i] > f.tMax) {
            e.feasible = false;
            e.reason =
                t + " is outside [" + std::to_string(f.tMin) + ", " + std::to_string(f.tMax) + "]";
            break;
        }
        if (f.waf > 0 && tiles[i] % f.waf != 0) {
            e.feasible = false;
            e.reason = t + " is not a multiple of " + std::to_string(f.waf) + " (warp alignment)";
            break;
        }
    }
    for (const auto& c : f.constraints) {
        ConstraintValue v{c.name, c.text, lhs(c, tiles), c.rhs, false};
        v.binding = v.lhs == v.rhs;
        if (v.lhs > v.rhs && e.feasible) {
            e.feasible = false;
            e.reason = c.name + ": " + std::to_string(v.lhs) + " > " + std::to_string(v.rhs);
        }
        e.constraints.push_back(v);
    }
    e.blk = termValue(f.blockLoops, tiles);
    e.objective = objectiveOf(f, tiles);
    return e;
}

namespace {

// The exact search (solveExact). The objective W = blk + sum H_i T_i is strictly increasing in
// every "relevant" loop (a block loop or H_i > 0) and does not depend on the others; every
// constraint is a sum of products of tile sizes, so it is non-decreasing in every T_i. Hence:
// - only the relevant loops are searched; for the last of them only its largest feasible value
//   can be optimal (W grows with it), found by bisection;
// - a branch is cut when an upper bound of W stays below the best: each unassigned relevant loop
//   at its largest value feasible with the others at their minimum (no completion exceeds it),
//   blk also capped by the register bound;
// - the ties of an optimal assignment of the relevant loops are counted, not enumerated: a loop
//   in no constraint multiplies the count by its domain size, the constrained ones are counted by
//   enumeration with the last bisected; the lexicographically first 16 optima are merged.
class ExactSearch {
public:
    explicit ExactSearch(const Formulation& f, const SolveControl* control = nullptr)
        : control_(control && control->report ? control : nullptr), f_(f), L_(f.loops.size()),
          step_(f.waf > 0 ? f.waf : 1), n_((f.tMax - f.tMin) / step_ + 1), t_(L_, f.tMin),
          isBlock_(L_, false), constraintsOf_(L_) {
        for (int i : f.blockLoops) {
            isBlock_[static_cast<std::size_t>(i)] = true;
        }
        for (std::size_t c = 0; c < f.constraints.size(); ++c) {
            for (const auto& term : f.constraints[c].terms) {
                for (int i : term) {
                    auto& list = constraintsOf_[static_cast<std::size_t>(i)];
                    if (std::find(list.begin(), list.end(), c) == list.end()) {
                        list.push_back(c);
                    }
                }
            }
        }
        for (std::size_t i = 0; i < L_; ++i) {
            if (isBlock_[i] || f.weights[i] > 0) {
                relevant_.push_back(i);
            } else if (!constraintsOf_[i].empty()) {
                tied_.push_back(i);
            } else {
                free_.push_back(i);
            }
        }
    }

    Solution run() {
        if (n_ <= 0 || !allFeasible()) {
            return s_;
        }
        if (relevant_.empty()) {
            leaf();
        } else {
            visit(0);
        }
        s_.tiles = s_.firstOptima.empty() ? std::vector<std::int64_t>{} : s_.firstOptima.front();
        return s_;
    }

private:
    std::int64_t value(std::int64_t index) const { return f_.tMin + index * step_; }

    bool allFeasible() const {
        for (const auto& c : f_.constraints) {
            if (lhs(c, t_) > c.rhs) {
                return false;
            }
        }
        return true;
    }
    // The constraints that involve loop i (the others do not change when T_i does).
    bool feasibleFor(std::size_t i) const {
        for (std::size_t c : constraintsOf_[i]) {
            if (lhs(f_.constraints[c], t_) > f_.constraints[c].rhs) {
                return false;
            }
        }
        return true;
    }
    // The largest index of loop i's domain that keeps t_ feasible (t_ is feasible as it is, with
    // T_i at its minimum); t_[i] is restored.
    std::int64_t maxIndex(std::size_t i) {
        const std::int64_t saved = t_[i];
        std::int64_t lo = 0, hi = n_ - 1;
        t_[i] = value(hi);
        if (feasibleFor(i)) {
            lo = hi;
        }
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo + 1) / 2;
            t_[i] = value(mid);
            if (feasibleFor(i)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        t_[i] = saved;
        return lo;
    }
    // An upper bound of W over every completion of the relevant loops from position k on.
    std::int64_t bound(std::size_t k) {
        std::int64_t blk = 1, sum = 0;
        for (std::size_t r = 0; r < relevant_.size(); ++r) {
            const std::size_t i = relevant_[r];
            const std::int64_t v = r < k ? t_[i] : value(maxIndex(i));
            if (isBlock_[i]) {
                blk = blk > f_.blkMax / v ? f_.blkMax + 1 : blk * v;
            }
            sum += f_.weights[i] * v;
        }
        return std::min(blk, f_.blkMax) + sum;
    }

    void visit(std::size_t k) {
        const std::size_t i = relevant_[k];
        const std::int64_t top = maxIndex(i);
        if (k + 1 == relevant_.size()) {
            t_[i] = value(top);
            leaf();
            t_[i] = f_.tMin;
            return;
        }
        // Largest first: good incumbents early, so that the bound cuts more.
        for (std::int64_t x = top; x >= 0; --x) {
            if (k < 2) {
                done_[k] = {top - x, top + 1}; // the share of this level done, for report()
                if (k == 0) {
                    done_[1] = {0, 1};
                }
            }
            tick();
            t_[i] = value(x);
            if (s_.feasible && bound(k + 1) < s_.objective) {
                continue; // a smaller T_i may still reach the best (the others can grow)
            }
            visit(k + 1);
        }
        t_[i] = f_.tMin;
    }

    // Every 4,096 steps: the progress to the caller, who may stop the search.
    void tick() {
        if (control_ && (++steps_ & 4095U) == 0) {
            const double outer =
                static_cast<double>(done_[0].first) +
                static_cast<double>(done_[1].first) /
                    static_cast<double>(std::max<std::int64_t>(done_[1].second, 1));
            const double fraction =
                outer / static_cast<double>(std::max<std::int64_t>(done_[0].second, 1));
            if (!control_->report(std::clamp(fraction, 0.0, 1.0), s_.visited)) {
                throw SolveCancelled();
            }
        }
    }

    void leaf() {
        tick();
        ++s_.visited;
        const std::int64_t w = objectiveOf(f_, t_);
        if (s_.feasible && w < s_.objective) {
            return;
        }
        if (!s_.feasible || w > s_.objective) {
            s_.feasible = true;
            s_.objective = w;
            s_.optima = 0;
            s_.firstOptima.clear();
        }
        s_.optima = addCount(s_.optima, ties());
        collectFirst(0);
    }

    static std::uint64_t addCount(std::uint64_t a, std::uint64_t b) {
        if (a > std::numeric_limits<std::uint64_t>::max() - b) {
            throw InputError("tile sizes", "optima",
                             "more tied optima than can be counted (over 2^64)");
        }
        return a + b;
    }
    static std::uint64_t mulCount(std::uint64_t a, std::uint64_t b) {
        if (b != 0 && a > std::numeric_limits<std::uint64_t>::max() / b) {
            throw InputError("tile sizes", "optima",
                             "more tied optima than can be counted (over 2^64)");
        }
        return a * b;
    }
    // The feasible values of the loops W does not depend on, given the relevant ones.
    std::uint64_t ties() {
        std::uint64_t count = countTied(0);
        for (std::size_t k = 0; k < free_.size(); ++k) {
            count = mulCount(count, static_cast<std::uint64_t>(n_));
        }
        return count;
    }
    std::uint64_t countTied(std::size_t k) {
        if (k == tied_.size()) {
            return 1;
        }
        const std::size_t i = tied_[k];
        if (k + 1 == tied_.size()) {
            return static_cast<std::uint64_t>(maxIndex(i)) + 1;
        }
        std::uint64_t total = 0;
        for (std::int64_t x = 0; x < n_; ++x) {
            t_[i] = value(x);
            if (!feasibleFor(i)) {
                break;
            }
            total = addCount(total, countTied(k + 1));
        }
        t_[i] = f_.tMin;
        return total;
    }
    // Merges this assignment's completions, in lexicographic order, into the first 16 optima.
    // Returns false once a completion no longer enters the list (the later ones are larger).
    bool collectFirst(std::size_t i) {
        while (i < L_ && (isBlock_[i] || f_.weights[i] > 0)) {
            ++i;
        }
        if (i == L_) {
            auto& first = s_.firstOptima;
            if (first.size() == kFirst && !(t_ < first.back())) {
                return false;
            }
            first.insert(std::upper_bound(first.begin(), first.end(), t_), t_);
            if (first.size() > kFirst) {
                first.pop_back();
            }
            return true;
        }
        bool more = true;
        for (std::int64_t x = 0; x < n_ && more; ++x) {
            t_[i] = value(x);
            if (!feasibleFor(i)) {
                break;
            }
            more = collectFirst(i + 1);
        }
        t_[i] = f_.tMin;
        return more;
    }

    static constexpr std::size_t kFirst = 16;
    const SolveControl* control_;
    std::uint64_t steps_ = 0;
    std::pair<std::int64_t, std::int64_t> done_[2] = {{0, 1}, {0, 1}}; // levels 0, 1: done, of
    const Formulation& f_;
    std::size_t L_;
    std::int64_t step_, n_;
    std::vector<std::int64_t> t_;
    std::vector<bool> isBlock_;
    std::vector<std::vector<std::size_t>> constraintsOf_;
    std::vector<std::size_t> relevant_, tied_, free_;
    Solution s_;
};

} // namespace

Solution solveExact(const Formulation& f) {
    return ExactSearch(f).run();
}

Solution solveExact(const Formulation& f, const SolveControl& control) {
    return ExactSearch(f, &control).run();
}

namespace {

// Every input of the exact search, as text: the key of a kept answer.
std::string searchKey(const Formulation& f) {
    nlohmann::json j = toJson(f);
    j["block_loops"] = f.blockLoops;
    nlohmann::json terms = nlohmann::json::array();
    for (const auto& c : f.constraints) {
        terms.push_back(c.terms);
    }
    j["terms"] = terms;
    return j.dump();
}

std::mutex keptMutex;
std::list<std::pair<std::string, Solution>> kept; // newest first
constexpr std::size_t kKept = 16;

} // namespace

Solution solveExactKept(const Formulation& f, const SolveControl& control) {
    const std::string key = searchKey(f);
    {
        const std::lock_guard lock(keptMutex);
        for (auto it = kept.begin(); it != kept.end(); ++it) {
            if (it->first == key) {
                kept.splice(kept.begin(), kept, it);
                return kept.front().second;
            }
        }
    }
    Solution s = solveExact(f, control); // SolveCancelled leaves nothing kept
    const std::lock_guard lock(keptMutex);
    kept.remove_if([&](const auto& k) { return k.first == key; });
    kept.emplace_front(key, s);
    if (kept.size() > kKept) {
        kept.pop_back();
    }
    return s;
}

nlohmann::json toJson(const Formulation& f) {
    nlohmann::json loops = nlohmann::json::array();
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        loops.push_back({{"name", f.loops[i].name},
                         {"parallel", f.loops[i].parallel},
                         {"weight", f.weights[i]},
                         {"c", f.c[i]}});
    }
    nlohmann::json cons = nlohmann::json::array();
    for (const auto& c : f.constraints) {
        cons.push_back({{"name", c.name}, {"text", c.text}, {"rhs", c.rhs}});
    }
    const auto opt = [](const std::optional<std::int64_t>& v) {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    };
    return {{"mode", std::string(name(f.options.mode))},
            {"split", f.options.split},
            {"align", f.options.align},
            {"precision", std::string(name(f.options.precision))},
            {"loops", loops},
            {"cma_loop", f.loops[static_cast<std::size_t>(f.ls1)].name},
            {"cache_set", f.cacheSet},
            {"shared_set", f.sharedSet},
            {"n_refs", f.nRefs},
            {"waf", f.waf},
            {"t_min", f.tMin},
            {"t_max", f.tMax},
            {"blk_max", f.blkMax},
            {"shared_budget", opt(f.sharedBudget)},
            {"l1_budget", opt(f.l1Budget)},
            {"l2_budget", opt(f.l2Budget)},
            {"constraints", cons},
            {"notes", f.notes}};
}

} // namespace cdx::eatss
