// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/run_import.hpp"

#include "params/csv.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <chrono>
#include <cmath>
#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

namespace cdx::runs {

namespace {

const std::vector<std::string> kRequired{"gpu", "stencil", "s1", "t", "ts1", "tt", "time_s"};
const std::vector<std::string> kOptional{"s2",      "s3",       "ts2",     "ts3",   "ss",
                                         "threads", "energy_j", "power_w", "notes", "source"};

std::string nowUtc() {
    const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) {
        s += (s.empty() ? "" : ", ") + x;
    }
    return s;
}

// Field readers: each records an issue and returns nullopt when the value is invalid.
class RowReader {
public:
    RowReader(std::size_t line, std::vector<RowIssue>& issues) : line_(line), issues_(issues) {}
    bool ok() const { return ok_; }
    void fail(const std::string& column, const std::string& value, const std::string& allowed) {
        issues_.push_back({line_, column, value, allowed});
        ok_ = false;
    }
    std::optional<std::int64_t> integer(const std::string& column, const std::string& text,
                                        std::int64_t min, const std::string& allowed) {
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (text.empty() || used != text.size() || v < min || v > talg::kMaxExtent) {
            fail(column, text.empty() ? "(empty)" : text, allowed);
            return std::nullopt;
        }
        return v;
    }
    std::optional<double> real(const std::string& column, const std::string& text, bool positive,
                               const std::string& allowed) {
        std::size_t used = 0;
        double v = std::nan("");
        try {
            v = std::stod(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (text.empty() || used != text.size() || !std::isfinite(v) || v < 0 ||
            (positive && v == 0)) {
            fail(column, text.empty() ? "(empty)" : text, allowed);
            return std::nullopt;
        }
        return v;
    }

private:
    std::size_t line_;
    std::vector<RowIssue>& issues_;
    bool ok_ = true;
};

// Checks and fills one run from named text fields (CSV cells or JSON values as text).
void readRun(const std::map<std::string, std::string>& f, std::size_t line,
             const std::string& source, const KnownIds& ids, ParsedRuns& out,
             std::map<std::string, std::size_t>& seen) {
    RowReader rr(line, out.issues);
    Run r;
    const auto get = [&](const std::string& k) {
        const auto it = f.find(k);
        return it == f.end() ? std::string() : it->second;
    };
    r.gpu = get("gpu");
    if (std::find(ids.gpus.begin(), ids.gpus.end(), r.gpu) == ids.gpus.end()) {
        rr.fail("gpu", r.gpu.empty() ? "(empty)" : r.gpu,
                "a known GPU id (" + joined(ids.gpus) + "); unknown GPUs are not created");
    }
    r.stencil = get("stencil");
    const auto st = ids.stencils.find(r.stencil);
    if (st == ids.stencils.end()) {
        std::vector<std::string> known;
        for (const auto& [id, d] : ids.stencils) {
            known.push_back(id);
        }
        rr.fail("stencil", r.stencil.empty() ? "(empty)" : r.stencil,
                "a known stencil id (" + joined(known) + ")");
    } else {
        r.dim = st->second;
    }
    const char* sNames[3] = {"s1", "s2", "s3"};
    const char* tNames[3] = {"ts1", "ts2", "ts3"};
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const std::string s = get(sNames[i]);
        const std::string ts = get(tNames[i]);
        if (i < r.dim) {
            if (auto v = rr.integer(sNames[i], s, 1, "a positive integer (problem size)")) {
                r.space[idx] = *v;
            }
            if (auto v = rr.integer(tNames[i], ts, 1, "a positive integer (tile size)")) {
                r.tile[idx] = *v;
            }
        } else {
            for (const auto& [name, text] : {std::pair{sNames[i], s}, {tNames[i], ts}}) {
                if (!text.empty() && text != "1") {
                    rr.fail(name, text,
                            "empty: stencil '" + r.stencil + "' is " + std::to_string(r.dim) + "D");
                }
            }
        }
    }
    for (int i = 0; i < r.dim && i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        if (r.tile[idx] > r.space[idx] && rr.ok()) {
            rr.fail(tNames[i], std::to_string(r.tile[idx]),
                    "at most " + std::string(sNames[i]) + " = " + std::to_string(r.space[idx]));
        }
    }
    if (auto v = rr.integer("t", get("t"), 1, "a positive integer (time steps)")) {
        r.time = *v;
    }
    // A sub-tile means a time-skewed or orthogonal 1-D tiling (thesis App. B): any tT >= 1.
    // Without one the tiling is hexagonal (the Talg model): tT even.
    const std::string ssText = get("ss");
    if (!ssText.empty()) {
        if (r.dim != 1) {
            rr.fail("ss", ssText,
                    "empty: only 1-D stencils (sw, jacobi1d) have sub-tiles; stencil '" +
                        r.stencil + "' is " + std::to_string(r.dim) + "D");
        } else if (auto v = rr.integer("ss", ssText, 1,
                                       "a positive integer dividing ts1 (the sub-tile)")) {
            if (rr.ok() && r.tile[0] % *v != 0) {
                rr.fail("ss", ssText,
                        "a positive integer dividing ts1 = " + std::to_string(r.tile[0]));
            }
            r.subTile = *v;
        }
    } else if (ids.subTileRequired.count(r.stencil) != 0) {
        rr.fail("ss", "(empty)",
                "the sub-tile size (a positive integer dividing ts1): stencil '" + r.stencil +
                    "' is tiled with sub-tiles");
    }
    if (r.subTile) {
        if (auto v = rr.integer("tt", get("tt"), 1, "a positive integer (tile height)")) {
            r.tt = *v;
        }
    } else if (auto v = rr.integer("tt", get("tt"), 2, "an even integer >= 2 (hexagonal tiles)")) {
        if (*v % 2 != 0) {
            rr.fail("tt", get("tt"),
                    "an even integer >= 2 (hexagonal tiles; a tiling with sub-tiles gives ss)");
        }
        r.tt = *v;
    }
    if (!get("threads").empty()) {
        r.threads = rr.integer("threads", get("threads"), 1, "a positive integer or empty");
    }
    if (auto v = rr.real("time_s", get("time_s"), true, "a finite number > 0 [s]")) {
        r.timeSeconds = *v;
    }
    if (!get("energy_j").empty()) {
        r.energyJ =
            rr.real("energy_j", get("energy_j"), false, "a finite number >= 0 [J] or empty");
    }
    if (!get("power_w").empty()) {
        r.powerW = rr.real("power_w", get("power_w"), false, "a finite number >= 0 [W] or empty");
    }
    r.notes = get("notes");
    r.source = get("source").empty() ? source : get("source");
    if (!rr.ok()) {
        return;
    }
    r.hash = contentHash(r);
    if (const auto it = seen.find(r.hash); it != seen.end()) {
        rr.fail("(row)", "duplicate",
                "a measurement once; this row repeats line " + std::to_string(it->second));
        return;
    }
    seen[r.hash] = line;
    out.runs.push_back(std::move(r));
    out.lines.push_back(line);
}

} // namespace

std::string RowIssue::message() const {
    std::string s = line ? "line " + std::to_string(line) + ", " : std::string();
    s += "column " + column;
    if (!value.empty()) {
        s += " = " + value;
    }
    return s + ": expected " + allowed;
}

void KnownIds::merge(const KnownIds& other) {
    for (const auto& g : other.gpus) {
        if (std::find(gpus.begin(), gpus.end(), g) == gpus.end()) {
            gpus.push_back(g);
        }
    }
    stencils.insert(other.stencils.begin(), other.stencils.end());
    subTileRequired.insert(other.subTileRequired.begin(), other.subTileRequired.end());
}

ParsedRuns parseRunsCsv(const std::string& text, const std::string& source, const KnownIds& ids) {
    ParsedRuns out;
    std::istringstream in(text);
    std::string headerLine;
    if (!std::getline(in, headerLine) || headerLine.find_first_not_of(" \r") == std::string::npos) {
        out.issues.push_back({1, "(header)", "",
                              "a header line naming the columns: " + joined(kRequired) +
                                  " (required), " + joined(kOptional) + " (optional)"});
        return out;
    }
    if (headerLine.size() >= 3 && headerLine.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        headerLine.erase(0, 3); // UTF-8 byte-order mark
    }
    if (headerLine.find(',') == std::string::npos &&
        (headerLine.find(';') != std::string::npos || headerLine.find('\t') != std::string::npos)) {
        out.issues.push_back({1, "(delimiter)",
                              headerLine.find(';') != std::string::npos ? "';'" : "tab",
                              "',' between columns (comma-separated values)"});
        return out;
    }
    bool badQuote = false;
    const auto header = splitCsvRecord(headerLine, &badQuote);
    std::set<std::string> names;
    for (const auto& h : header) {
        const bool known = std::find(kRequired.begin(), kRequired.end(), h) != kRequired.end() ||
                           std::find(kOptional.begin(), kOptional.end(), h) != kOptional.end();
        if (!known) {
            out.issues.push_back(
                {1, h.empty() ? "(empty)" : h, "",
                 "a known column: " + joined(kRequired) + ", " + joined(kOptional)});
        } else if (!names.insert(h).second) {
            out.issues.push_back({1, h, "", "each column once"});
        }
    }
    for (const auto& r : kRequired) {
        if (!names.count(r)) {
            out.issues.push_back({1, r, "(missing)", "a column named " + r});
        }
    }
    if (!out.issues.empty()) {
        return out;
    }
    std::map<std::string, std::size_t> seen;
    std::string line;
    std::size_t lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.find_first_not_of(" \r") == std::string::npos) {
            continue;
        }
        ++out.rows;
        const auto cells = splitCsvRecord(line, &badQuote);
        if (badQuote) {
            out.issues.push_back({lineNo, "(row)", "", "closed quotes"});
            continue;
        }
        if (cells.size() != header.size()) {
            out.issues.push_back({lineNo, "(row)", std::to_string(cells.size()) + " fields",
                                  std::to_string(header.size()) + " fields like the header"});
            continue;
        }
        std::map<std::string, std::string> f;
        for (std::size_t i = 0; i < header.size(); ++i) {
            f[header[i]] = cells[i];
        }
        readRun(f, lineNo, source, ids, out, seen);
    }
    return out;
}

ParsedRuns parseRunsJson(const std::string& text, const std::string& source, const KnownIds& ids) {
    ParsedRuns out;
    nlohmann::json j;
    try {
        j = parseJson(text, source);
    } catch (const InputError& e) {
        out.issues.push_back({0, e.field(), e.value(), e.allowed()}); // "runs[3].t_exec_s"
        return out;
    }
    if (!j.is_object() || j.value("schema", std::string()) != "codesign-explorer-runs" ||
        !j.contains("runs") || !j.at("runs").is_array()) {
        out.issues.push_back({0, "schema", "",
                              "an object {\"schema\": \"codesign-explorer-runs\", \"version\": 1, "
                              "\"runs\": [...]}"});
        return out;
    }
    if (!j.contains("version") || !j.at("version").is_number_integer() ||
        j.at("version") != 1) { // by value: get<int>() of 4294967297 would read 1
        out.issues.push_back(
            {0, "version", j.contains("version") ? j.at("version").dump() : "", "1"});
        return out;
    }
    std::map<std::string, std::size_t> seen;
    const auto& runs = j.at("runs");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        ++out.rows;
        const auto& r = runs[i];
        const std::size_t line = i + 1;
        if (!r.is_object()) {
            out.issues.push_back({line, "runs[" + std::to_string(i) + "]", "", "an object"});
            continue;
        }
        std::map<std::string, std::string> f;
        bool bad = false;
        for (const auto& item : r.items()) {
            const std::string& key = item.key(); // not a structured binding: clang 14 (the
            const auto& v = item.value();        // fuzz build) cannot capture one in a lambda
            const auto arrayTo = [&](const char* prefix) {
                if (!v.is_array() || v.empty() || v.size() > 3) {
                    out.issues.push_back({line, key, v.dump(), "an array of 1 to 3 integers"});
                    bad = true;
                    return;
                }
                for (std::size_t d = 0; d < v.size(); ++d) {
                    f[prefix + std::to_string(d + 1)] =
                        v[d].is_string() ? v[d].get<std::string>() : v[d].dump();
                }
            };
            if (key == "space") {
                arrayTo("s");
            } else if (key == "tile") {
                arrayTo("ts");
            } else if (key == "time") {
                f["t"] = v.dump();
            } else if (std::find(kRequired.begin(), kRequired.end(), key) != kRequired.end() ||
                       std::find(kOptional.begin(), kOptional.end(), key) != kOptional.end()) {
                f[key] = v.is_null()     ? std::string()
                         : v.is_string() ? v.get<std::string>()
                                         : v.dump();
            } else {
                out.issues.push_back({line, key, "",
                                      "a known field: gpu, stencil, space, time, "
                                      "tile, tt, ss, time_s, threads, "
                                      "energy_j, power_w, notes, source"});
                bad = true;
            }
        }
        if (!bad) {
            readRun(f, line, source, ids, out, seen);
        }
    }
    return out;
}

ParsedRuns parseRunsFile(const std::string& path, const KnownIds& ids) {
    const std::string text = readText(path);
    const std::string name = std::filesystem::path(path).filename().string();
    if (path.ends_with(".csv")) {
        return parseRunsCsv(text, name, ids);
    }
    if (path.ends_with(".json")) {
        return parseRunsJson(text, name, ids);
    }
    throw InputError("file", path, "expected a .csv or .json file of runs (docs/formats.md)");
}

ImportReport importRuns(RunStore& store, const ParsedRuns& parsed, ImportPolicy policy,
                        const std::function<void(std::size_t, std::size_t)>& progress) {
    ImportReport rep;
    rep.rows = parsed.rows;
    rep.issues = parsed.issues;
    std::set<std::size_t> badLines;
    for (const auto& i : parsed.issues) {
        badLines.insert(i.line);
    }
    rep.invalid = badLines.size();
    if (!parsed.issues.empty() && policy == ImportPolicy::AllOrNothing) {
        return rep; // nothing written
    }
    std::vector<Run> runs = parsed.runs;
    const std::string now = nowUtc();
    for (auto& r : runs) {
        r.importedAt = now;
    }
    // The user's GPUs and stencils the runs name are stored with them (issue 43): predictions
    // and calibrations stay possible when the file changes or is gone.
    std::vector<StoredProfile> profiles;
    std::set<std::pair<std::string, std::string>> named;
    for (const auto& r : runs) {
        named.insert({"gpus", r.gpu});
        named.insert({"stencils", r.stencil});
    }
    for (const auto& [kind, id] : named) {
        for (const auto& e : listAllProfiles(kind)) {
            if (e.user && e.error.empty() && e.id == id) {
                try {
                    const std::string json = kind == "gpus"
                                                 ? toJson(loadGpuProfile(e.path.string())).dump()
                                                 : toJson(readStencilProfile(e.path)).dump();
                    profiles.push_back({kind, id, json, now});
                } catch (const InputError&) {
                    // listed but unreadable now: its runs are stored, its description is not
                }
                break;
            }
        }
    }
    rep.insertedIds = store.insert(runs, progress, profiles);
    for (auto id : rep.insertedIds) {
        (id ? rep.inserted : rep.duplicates) += 1;
    }
    rep.committed = true;
    return rep;
}

} // namespace cdx::runs
