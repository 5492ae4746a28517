// SPDX-License-Identifier: GPL-3.0-or-later
#include "study/study.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>

namespace cdx::study {

namespace fs = std::filesystem;

namespace {

const char* const kFormat = "codesign-explorer-study";

[[noreturn]] void refuse(const std::string& field, const Json& value, const std::string& allowed) {
    std::string shown = value.is_string() ? value.get<std::string>() : value.dump();
    if (shown.size() > 80) {
        shown = shown.substr(0, 77) + "...";
    }
    throw InputError(field, shown, allowed);
}

bool looksLikePath(const std::string& s) {
    return s.find('/') != std::string::npos ||
           (s.size() > 5 && s.compare(s.size() - 5, 5, ".json") == 0);
}

// Relative paths made absolute against the study's folder, in strings at any depth but the
// inline workloads' items (their stencils are ids or absolute paths, as in a workload file).
Json resolvePaths(const Json& v, const fs::path& base) {
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (looksLikePath(s) && !fs::path(s).is_absolute() && !base.empty()) {
            return (base / s).lexically_normal().string();
        }
        return v;
    }
    if (v.is_object()) {
        Json out = Json::object();
        for (const auto& [k, e] : v.items()) {
            // An inline workload's items are a workload file's; a label or a description is
            // text, whatever it looks like.
            out[k] = k == "items" || k == "label" || k == "description" ? e : resolvePaths(e, base);
        }
        return out;
    }
    if (v.is_array()) {
        Json out = Json::array();
        for (const auto& e : v) {
            out.push_back(resolvePaths(e, base));
        }
        return out;
    }
    return v;
}

// `out` + `sep` + `item`, the separator only between items (appended in place: GCC 12 warned of
// an overflow in "sep + item" temporaries at -O3).
void appendItem(std::string& out, const char* sep, const std::string& item) {
    if (!out.empty()) {
        out += sep;
    }
    out += item;
}

std::string scalarText(const Json& v) {
    if (v.is_string()) {
        return v.get<std::string>();
    }
    if (v.is_number_integer() || v.is_number_unsigned()) {
        return v.dump();
    }
    if (v.is_number_float()) {
        return formatNumber(v.get<double>());
    }
    return v.dump();
}

// [a-z][a-z0-9_]{0,39}: a flag's name (by hand: std::regex under GCC 12 at -O1 with the
// sanitizers warns of an uninitialised std::function inside it).
bool isFlagName(const std::string& s) {
    if (s.empty() || s.size() > 40 || s[0] < 'a' || s[0] > 'z') {
        return false;
    }
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

// A flag's value: a scalar, or a list of scalars (comma-joined), or true (a bare flag).
void checkFlagValue(const std::string& field, const Json& v) {
    if (v.is_string() || v.is_number() || v.is_boolean()) {
        if (v.is_number_float() && !std::isfinite(v.get<double>())) {
            refuse(field, v, "expected a finite number");
        }
        if (v.is_string() && v.get<std::string>().empty()) {
            refuse(field, v, "expected a non-empty text");
        }
        return;
    }
    if (v.is_array() && !v.empty() && std::all_of(v.begin(), v.end(), [](const Json& e) {
            return e.is_string() || e.is_number();
        })) {
        return;
    }
    refuse(field, v, "expected a number, a text, true, or a non-empty list of numbers and texts");
}

// An object value: a bundle of flags. "label" names it; "set" is an object of --set keys;
// under "gpu", "id" is the --gpu value; under "workload", "items" makes it an inline mix.
void checkBundle(const std::string& field, const std::string& axis, const Json& v) {
    if (axis == "workload" && v.contains("items")) {
        if (!v["items"].is_array() || v["items"].empty()) {
            refuse(field + ".items", v["items"], "expected a non-empty list of workload items");
        }
        for (const auto& [k, e] : v.items()) {
            if (k != "items" && k != "id" && k != "description" && k != "label" && k != "schema" &&
                k != "version") {
                refuse(field + "." + k, e,
                       "an inline workload takes items, id, description, label (docs/formats.md)");
            }
        }
        return;
    }
    for (const auto& [k, e] : v.items()) {
        const std::string f = field + "." + k;
        if (k == "label") {
            if (!e.is_string() || e.get<std::string>().empty()) {
                refuse(f, e, "expected a non-empty text");
            }
        } else if (k == "set") {
            if (!e.is_object() || e.empty()) {
                refuse(f, e, "expected an object of --set keys and values, {\"n_sm\": 160}");
            }
            for (const auto& [sk, se] : e.items()) {
                if (!se.is_number() && !se.is_string() && !se.is_null()) {
                    refuse(f + "." + sk, se, "expected a number, a text or null");
                }
            }
        } else if (!isFlagName(k)) {
            refuse(f, e, "a flag name: lower-case letters, digits and '_'");
        } else {
            checkFlagValue(f, e);
        }
    }
    if (axis == "gpu" && !v.contains("id")) {
        refuse(field, v, "a GPU value as an object needs \"id\" (an id or a profile path)");
    }
}

void checkValue(const std::string& field, const std::string& axis, const Json& v) {
    if (v.is_object()) {
        if (v.empty()) {
            refuse(field, v, "expected a value or a non-empty object of flags");
        }
        checkBundle(field, axis, v);
        return;
    }
    if (v.is_boolean() && !v.get<bool>()) {
        return; // an unset flag
    }
    checkFlagValue(field, v);
}

std::string bundleLabel(const std::string& axis, const Json& v) {
    if (v.contains("label")) {
        return v["label"].get<std::string>();
    }
    if (axis == "workload" && v.contains("items")) {
        return v.contains("id") ? scalarText(v["id"]) : "mix-" + fnv1a64(v.dump()).substr(0, 8);
    }
    std::string out;
    for (const auto& [k, e] : v.items()) {
        if (k == "set") {
            for (const auto& [sk, se] : e.items()) {
                appendItem(out, " ", sk + "=" + scalarText(se));
            }
        } else if (axis == "gpu" && k == "id") {
            std::string id = scalarText(e);
            if (!out.empty()) {
                id += ' ';
                id += out;
            }
            out = id;
        } else {
            appendItem(out, " ", k + "=" + scalarText(e));
        }
    }
    return out;
}

Json columnOf(const std::string& axis, const Json& v) {
    if (v.is_number()) {
        return v;
    }
    if (v.is_string()) {
        return v;
    }
    if (v.is_boolean()) {
        return v.get<bool>() ? 1 : 0;
    }
    if (v.is_array()) {
        std::string out;
        for (const auto& e : v) {
            appendItem(out, ",", scalarText(e));
        }
        return out;
    }
    return bundleLabel(axis, v);
}

// {"range": [from, to, step]}: from, from+step, ..., to (within a millionth of a step).
std::vector<Json> expandRange(const std::string& field, const Json& r) {
    if (!r.is_array() || r.size() != 3 ||
        !std::all_of(r.begin(), r.end(), [](const Json& e) { return e.is_number(); })) {
        refuse(field, r, "expected [FROM, TO, STEP], three numbers");
    }
    const double from = r[0].get<double>();
    const double to = r[1].get<double>();
    const double step = r[2].get<double>();
    if (!std::isfinite(from) || !std::isfinite(to) || !(step > 0) || !std::isfinite(step) ||
        to < from) {
        refuse(field, r, "expected FROM <= TO and STEP > 0, all finite");
    }
    const double n = (to - from) / step;
    const double whole = std::round(n);
    if (std::abs(n - whole) > 1e-6 || whole > 100000) {
        refuse(field, r, "STEP must reach TO from FROM in at most 100000 steps");
    }
    const bool integers = std::all_of(r.begin(), r.end(), [](const Json& e) {
        return e.is_number_integer() || e.is_number_unsigned();
    });
    std::vector<Json> out;
    for (std::int64_t i = 0; i <= static_cast<std::int64_t>(whole); ++i) {
        if (integers) {
            out.emplace_back(r[0].get<std::int64_t>() + i * r[2].get<std::int64_t>());
        } else {
            out.emplace_back(from + static_cast<double>(i) * step);
        }
    }
    return out;
}

void checkAxisName(const std::string& field, const Json& name, std::set<std::string>& seen) {
    if (!name.is_string() || !isFlagName(name.get<std::string>())) {
        refuse(field, name,
               "an axis name is a flag of the question's command: lower-case letters, digits "
               "and '_' (n_sm for --n-sm), at most 40");
    }
    static const std::set<std::string> reserved{"json",   "point", "answer", "status",
                                                "reason", "out",   "help"};
    if (reserved.count(name.get<std::string>())) {
        refuse(field, name, "is reserved (json, point, answer, status, reason, out, help)");
    }
    if (!seen.insert(name.get<std::string>()).second) {
        refuse(field, name, "names another axis already: each axis once");
    }
}

AxisValue makeValue(const std::string& field, const std::string& axis, const Json& raw,
                    const fs::path& base) {
    checkValue(field, axis, raw);
    const Json v = resolvePaths(raw, base);
    return {columnOf(axis, v), v};
}

void writeInlineWorkload(const Json& v, std::string& path) {
    Json file = Json::object();
    file["schema"] = "codesign-explorer-workload";
    file["version"] = 1;
    file["id"] = v.contains("id") ? v["id"] : Json(bundleLabel("workload", v));
    if (v.contains("description")) {
        file["description"] = v["description"];
    }
    file["items"] = v["items"];
    const std::string text = file.dump(1);
    const fs::path p =
        fs::temp_directory_path() / ("cdx-study-workload-" + fnv1a64(text) + ".json");
    std::error_code ec;
    if (!fs::exists(p, ec)) {
        writeTextAtomic(p, text);
    }
    path = p.string();
}

void appendFlags(const std::string& axis, const Json& v, int axisIndex,
                 std::vector<Argument>& out) {
    const auto add = [&](const std::string& flag, const Json& value) {
        if (value.is_boolean()) {
            if (value.get<bool>()) {
                out.push_back({flag, axisIndex});
            }
            return;
        }
        out.push_back({flag, axisIndex});
        if (value.is_array()) {
            std::string joined;
            for (const auto& e : value) {
                appendItem(joined, ",", scalarText(e));
            }
            out.push_back({joined, axisIndex});
        } else {
            out.push_back({scalarText(value), axisIndex});
        }
    };
    if (!v.is_object()) {
        add(flagOf(axis), v);
        return;
    }
    if (axis == "workload" && v.contains("items")) {
        std::string path;
        writeInlineWorkload(v, path);
        add("--workload", path);
        return;
    }
    for (const auto& [k, e] : v.items()) {
        if (k == "label") {
            continue;
        }
        if (k == "set") {
            for (const auto& [sk, se] : e.items()) {
                add("--set", sk + "=" + (se.is_null() ? std::string("null") : scalarText(se)));
            }
        } else if (axis == "gpu" && k == "id") {
            add("--gpu", e);
        } else {
            add(flagOf(k), e);
        }
    }
}

} // namespace

std::string flagOf(const std::string& key) {
    std::string f = "--" + key;
    std::replace(f.begin() + 2, f.end(), '_', '-');
    return f;
}

std::string fnv1a64(const std::string& text) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

Spec parseSpec(const Json& j, const fs::path& base, const std::vector<std::string>& questions) {
    if (!j.is_object()) {
        refuse("study", j, "expected a JSON object (docs/formats.md, \"Study files\")");
    }
    static const std::set<std::string> keys{
        "format", "version", "name", "description", "question", "fixed", "axes", "points", "top"};
    for (const auto& [k, v] : j.items()) {
        if (!keys.count(k)) {
            refuse(k, v,
                   "unknown key; a study has format, version, name, description, question, "
                   "fixed, axes, points, top");
        }
    }
    if (!j.contains("format") || j["format"] != kFormat) {
        refuse("format", j.value("format", Json()), std::string("expected \"") + kFormat + "\"");
    }
    if (!j.contains("version") || j["version"] != 1) {
        refuse("version", j.value("version", Json()), "expected 1");
    }
    Spec s;
    if (j.contains("name") && (!j["name"].is_string() || j["name"].get<std::string>().empty())) {
        refuse("name", j["name"], "expected a non-empty text");
    }
    if (j.contains("description") && !j["description"].is_string()) {
        refuse("description", j["description"], "expected a text");
    }
    s.name = j.contains("name") ? j["name"].get<std::string>() : "study";
    if (!j.contains("question") || !j["question"].is_string() ||
        std::find(questions.begin(), questions.end(), j["question"].get<std::string>()) ==
            questions.end()) {
        std::string list;
        for (const auto& q : questions) {
            appendItem(list, ", ", q);
        }
        refuse("question", j.value("question", Json()), "expected one of " + list);
    }
    s.question = j["question"].get<std::string>();
    if (j.contains("top")) {
        const Json& t = j["top"];
        if (!t.is_number_integer() || t.get<std::int64_t>() < 1 || t.get<std::int64_t>() > 1000) {
            refuse("top", t, "expected an integer in [1, 1000] (answer rows per point)");
        }
        s.top = t.get<int>();
    }
    if (j.contains("fixed")) {
        if (!j["fixed"].is_object()) {
            refuse("fixed", j["fixed"], "expected an object of flags, {\"time\": 1024}");
        }
        for (const auto& [k, v] : j["fixed"].items()) {
            if (!isFlagName(k)) {
                refuse("fixed." + k, v, "a flag name: lower-case letters, digits and '_'");
            }
            checkValue("fixed." + k, k, v);
            s.fixed[k] = resolvePaths(v, base);
        }
    }
    std::set<std::string> seen;
    const bool hasAxes = j.contains("axes");
    const bool listed = j.contains("points") && !(j["points"].is_string());
    if (j.contains("points") && j["points"].is_string() && j["points"] != "product") {
        refuse("points", j["points"], "expected \"product\" or a list of points");
    }
    if (hasAxes) {
        if (listed) {
            refuse("axes", j["axes"],
                   "give either axes (their product is the points) or a list of points, not both");
        }
        if (!j["axes"].is_array() || j["axes"].empty()) {
            refuse("axes", j["axes"], "expected a non-empty list of {\"name\", \"values\"}");
        }
        for (std::size_t a = 0; a < j["axes"].size(); ++a) {
            const Json& ax = j["axes"][a];
            const std::string field = "axes[" + std::to_string(a) + "]";
            if (!ax.is_object()) {
                refuse(field, ax, "expected {\"name\": ..., \"values\": [...]} or \"range\"");
            }
            for (const auto& [k, v] : ax.items()) {
                if (k != "name" && k != "values" && k != "range") {
                    refuse(field + "." + k, v, "an axis has name, and values or range");
                }
            }
            checkAxisName(field + ".name", ax.value("name", Json()), seen);
            Axis axis;
            axis.name = ax["name"].get<std::string>();
            if (ax.contains("values") == ax.contains("range")) {
                refuse(field, ax,
                       "expected either \"values\": [...] or \"range\": [FROM, TO, STEP]");
            }
            std::vector<Json> raw;
            if (ax.contains("range")) {
                raw = expandRange(field + ".range", ax["range"]);
            } else {
                if (!ax["values"].is_array() || ax["values"].empty()) {
                    refuse(field + ".values", ax["values"], "expected a non-empty list");
                }
                raw.assign(ax["values"].begin(), ax["values"].end());
            }
            std::set<std::string> labels;
            for (std::size_t i = 0; i < raw.size(); ++i) {
                const std::string vf = field + ".values[" + std::to_string(i) + "]";
                axis.values.push_back(makeValue(vf, axis.name, raw[i], base));
                if (!labels.insert(axis.values.back().column.dump()).second) {
                    refuse(vf, raw[i],
                           "another value of axis '" + axis.name +
                               "' has the same label: give each a distinct \"label\"");
                }
            }
            if (s.fixed.contains(axis.name)) {
                refuse(field + ".name", ax["name"], "is fixed too: an axis or fixed, not both");
            }
            s.axes.push_back(std::move(axis));
        }
    } else if (listed) {
        const Json& pts = j["points"];
        if (!pts.is_array() || pts.empty()) {
            refuse("points", pts, "expected \"product\" or a non-empty list of points");
        }
        if (pts.size() > kMaxPoints) {
            refuse("points", Json(pts.size()), "at most 10000000 points");
        }
        // The axes: the first point's keys, in order; every point names the same ones.
        if (!pts[0].is_object() || pts[0].empty()) {
            refuse("points[0]", pts[0], "expected an object of axis values");
        }
        for (const auto& [k, v] : pts[0].items()) {
            checkAxisName("points[0]." + k, Json(k), seen);
            if (s.fixed.contains(k)) {
                refuse("points[0]." + k, v, "is fixed too: an axis or fixed, not both");
            }
            s.axes.push_back({k, {}});
        }
        // Each axis's values met so far, by their text (a list of a million points is read in
        // one pass, not compared value by value), and their labels (distinct per axis).
        std::vector<std::map<std::string, std::uint32_t>> known(s.axes.size());
        std::vector<std::set<std::string>> labels(s.axes.size());
        for (std::size_t p = 0; p < pts.size(); ++p) {
            const std::string field = "points[" + std::to_string(p) + "]";
            if (!pts[p].is_object() || pts[p].size() != s.axes.size()) {
                refuse(field, pts[p],
                       "expected an object with the same axes as points[0] (" +
                           std::to_string(s.axes.size()) + ")");
            }
            std::vector<std::uint32_t> idx;
            for (std::size_t a = 0; a < s.axes.size(); ++a) {
                auto& axis = s.axes[a];
                if (!pts[p].contains(axis.name)) {
                    refuse(field + "." + axis.name, pts[p],
                           "missing: every point names every axis");
                }
                const std::string key = pts[p][axis.name].dump();
                if (const auto it = known[a].find(key); it != known[a].end()) {
                    idx.push_back(it->second);
                    continue;
                }
                AxisValue v =
                    makeValue(field + "." + axis.name, axis.name, pts[p][axis.name], base);
                if (!labels[a].insert(v.column.dump()).second) {
                    refuse(field + "." + axis.name, pts[p][axis.name],
                           "another value of axis '" + axis.name +
                               "' has the same label: give each a distinct \"label\"");
                }
                axis.values.push_back(std::move(v));
                const auto index = static_cast<std::uint32_t>(axis.values.size() - 1);
                known[a][key] = index;
                idx.push_back(index);
            }
            s.explicitPoints.push_back(std::move(idx));
        }
    } else {
        refuse("axes", Json(),
               "a study needs axes (their product is the points) or a list of points");
    }
    if (s.explicitPoints.empty()) {
        std::uint64_t n = 1;
        for (const auto& a : s.axes) {
            n *= a.values.size();
            if (n > kMaxPoints) {
                refuse("axes", Json(a.name),
                       "the product of the axes has more than 10000000 points: split the study");
            }
        }
    }
    // The canonical text: what was resolved, in one form, so that the same study hashes alike.
    Json c = Json::object();
    c["format"] = kFormat;
    c["version"] = 1;
    c["name"] = s.name;
    c["question"] = s.question;
    c["top"] = s.top;
    c["fixed"] = s.fixed;
    Json axes = Json::array();
    for (const auto& a : s.axes) {
        Json values = Json::array();
        for (const auto& v : a.values) {
            values.push_back(v.value);
        }
        axes.push_back(Json{{"name", a.name}, {"values", values}});
    }
    c["axes"] = axes;
    if (!s.explicitPoints.empty()) {
        Json pts = Json::array();
        for (const auto& p : s.explicitPoints) {
            pts.push_back(p);
        }
        c["point_indices"] = pts;
    }
    s.canonical = c.dump();
    s.hash = fnv1a64(s.canonical);
    return s;
}

Spec readSpec(const fs::path& file, const std::vector<std::string>& questions) {
    const Json j = Json::parse(readText(file), nullptr, false);
    if (j.is_discarded()) {
        // The shared reader names the line and column of the error.
        (void)parseJson(readText(file), file.string());
        throw InputError("study", file.string(), "is not valid JSON");
    }
    try {
        return parseSpec(j, fs::absolute(file).parent_path(), questions);
    } catch (const InputError& e) {
        throw InputError(e.field(), e.value(), e.allowed(), file.string());
    }
}

Spec specFromCanonical(const std::string& canonical, const std::vector<std::string>& questions) {
    const Json c = Json::parse(canonical, nullptr, false);
    if (c.is_discarded() || !c.is_object() || !c.contains("axes")) {
        throw InputError("study", canonical.substr(0, 60), "is not a resolved study");
    }
    Json j = Json::object();
    for (const char* k : {"format", "version", "name", "question", "top", "fixed"}) {
        if (c.contains(k)) {
            j[k] = c[k];
        }
    }
    if (c.contains("point_indices")) {
        // A resolved list: every axis with a name and values, every point an index per axis.
        const Json& axes = c["axes"];
        if (!axes.is_array() || axes.empty()) {
            refuse("axes", axes, "a resolved study has a non-empty list of axes");
        }
        for (std::size_t a = 0; a < axes.size(); ++a) {
            if (!axes[a].is_object() || !axes[a].contains("name") || !axes[a]["name"].is_string() ||
                !axes[a].contains("values") || !axes[a]["values"].is_array() ||
                axes[a]["values"].empty()) {
                refuse("axes[" + std::to_string(a) + "]", axes[a],
                       "a resolved axis has a name and a non-empty list of values");
            }
        }
        const Json& indices = c["point_indices"];
        if (!indices.is_array() || indices.empty()) {
            refuse("point_indices", indices, "expected a non-empty list of points");
        }
        Json pts = Json::array();
        for (std::size_t p = 0; p < indices.size(); ++p) {
            const Json& point = indices[p];
            const std::string field = "point_indices[" + std::to_string(p) + "]";
            if (!point.is_array() || point.size() != axes.size()) {
                refuse(field, point,
                       "expected one value index per axis (" + std::to_string(axes.size()) + ")");
            }
            Json named = Json::object();
            for (std::size_t a = 0; a < axes.size(); ++a) {
                if (!point[a].is_number_integer()) {
                    refuse(field, point, "expected value indices, integers >= 0");
                }
                const auto i = point[a].get<std::int64_t>();
                if (i < 0 || static_cast<std::size_t>(i) >= axes[a]["values"].size()) {
                    refuse(field, point,
                           "an index outside axis '" + axes[a]["name"].get<std::string>() +
                               "' (0 .. " + std::to_string(axes[a]["values"].size() - 1) + ")");
                }
                named[axes[a]["name"].get<std::string>()] =
                    axes[a]["values"][static_cast<std::size_t>(i)];
            }
            pts.push_back(named);
        }
        j["points"] = pts;
    } else {
        j["axes"] = c["axes"];
    }
    Spec s = parseSpec(j, {}, questions);
    if (s.canonical != canonical) {
        throw InputError("study", s.name, "its resolved text does not read back the same");
    }
    return s;
}

std::uint64_t pointCount(const Spec& s) {
    if (!s.explicitPoints.empty()) {
        return s.explicitPoints.size();
    }
    std::uint64_t n = 1;
    for (const auto& a : s.axes) {
        n *= a.values.size();
    }
    return n;
}

std::vector<std::uint32_t> pointAt(const Spec& s, std::uint64_t index) {
    if (!s.explicitPoints.empty()) {
        return s.explicitPoints.at(index);
    }
    std::vector<std::uint32_t> idx(s.axes.size());
    for (std::size_t a = s.axes.size(); a-- > 0;) {
        const std::uint64_t n = s.axes[a].values.size();
        idx[a] = static_cast<std::uint32_t>(index % n);
        index /= n;
    }
    return idx;
}

std::vector<Argument> pointArguments(const Spec& s, std::uint64_t index) {
    std::vector<Argument> out;
    for (const auto& [k, v] : s.fixed.items()) {
        appendFlags(k, v, -1, out);
    }
    const auto idx = pointAt(s, index);
    for (std::size_t a = 0; a < s.axes.size(); ++a) {
        appendFlags(s.axes[a].name, s.axes[a].values[idx[a]].value, static_cast<int>(a), out);
    }
    return out;
}

} // namespace cdx::study
