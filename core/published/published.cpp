// SPDX-License-Identifier: GPL-3.0-or-later
#include "published/published.hpp"

#include "params/input_error.hpp"
#include "params/json_files.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace cdx::published {

using nlohmann::json;

const std::vector<std::string>& families() {
    static const std::vector<std::string> all{"talg", "area", "mwp", "energy", "eatss", "chain"};
    return all;
}

const char* name(Verdict v) {
    switch (v) {
    case Verdict::Reproduced:
        return "reproduced";
    case Verdict::WithinErratum:
        return "differs within the erratum";
    case Verdict::Differs:
        return "differs";
    }
    return "differs";
}

Verdict verdict(const Entry& e, double computed) {
    if (std::isfinite(computed) && std::abs(computed - e.published) <= e.tolerance) {
        return Verdict::Reproduced;
    }
    if (e.corrected && std::isfinite(computed) &&
        std::abs(computed - *e.corrected) <= e.tolerance) {
        return Verdict::WithinErratum;
    }
    return Verdict::Differs;
}

namespace {

std::string text(const json& j, const char* key, const std::string& where, bool required = true) {
    if (!j.contains(key) || j[key].is_null()) {
        if (required) {
            throw InputError(where + "." + key, "missing", "a string is required");
        }
        return {};
    }
    if (!j[key].is_string()) {
        throw InputError(where + "." + key, j[key].dump(), "expected a string");
    }
    return j[key].get<std::string>();
}

double number(const json& j, const char* key, const std::string& where) {
    if (!j.contains(key) || !j[key].is_number()) {
        throw InputError(where + "." + key, j.contains(key) ? j[key].dump() : "missing",
                         "expected a finite number");
    }
    const double v = j[key].get<double>();
    if (!std::isfinite(v)) {
        throw InputError(where + "." + key, j[key].dump(), "expected a finite number");
    }
    return v;
}

} // namespace

namespace {

// The header both files share: {"schema": SCHEMA, "version": 1, ...}.
void checkHeader(const json& j, const std::string& file, const char* schema) {
    if (!j.is_object()) {
        throw InputError(file, j.dump(), "expected a JSON object");
    }
    if (!j.contains("schema") || !j["schema"].is_string() || j["schema"] != schema) {
        throw InputError(file + ": schema", j.contains("schema") ? j["schema"].dump() : "missing",
                         std::string("expected \"") + schema + "\"");
    }
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] != 1) {
        throw InputError(file + ": version",
                         j.contains("version") ? j["version"].dump() : "missing", "expected 1");
    }
}

void checkFamily(const std::string& family, const std::string& where) {
    if (std::find(families().begin(), families().end(), family) == families().end()) {
        throw InputError(where, family, "expected one of talg, area, mwp, energy, eatss, chain");
    }
}

std::vector<std::string> commandOf(const json& e, const std::string& where) {
    if (!e.contains("command") || !e["command"].is_array() || e["command"].empty()) {
        throw InputError(where + ".command", "", "expected the cdx arguments as strings");
    }
    std::vector<std::string> out;
    for (const auto& a : e["command"]) {
        if (!a.is_string()) {
            throw InputError(where + ".command", a.dump(), "expected strings");
        }
        out.push_back(a.get<std::string>());
    }
    return out;
}

// A JSON pointer that is not empty (the whole output is not a number) and parses ("~2" does
// not).
void checkPointer(const std::string& pointer, const std::string& where, const char* expected) {
    if (pointer.empty() || pointer[0] != '/') {
        throw InputError(where, pointer, expected);
    }
    try {
        (void)json::json_pointer(pointer);
    } catch (const json::exception&) {
        throw InputError(where, pointer, "not a valid JSON pointer (\"~\" must be ~0 or ~1)");
    }
}

std::vector<std::filesystem::path> jsonFilesOf(const char* folder) {
    if (const auto path = profileFolder(folder)) {
        return jsonFilesIn(*path);
    }
    throw InputError(folder, std::string("profiles/") + folder + "/",
                     "no such folder on the profile search path (CDX_PROFILES_DIR, the "
                     "installed share/codesign-explorer/profiles, the source tree)");
}

} // namespace

const char* name(Kind k) {
    return k == Kind::Printed ? "printed" : "derived";
}

std::vector<Entry> loadFile(const std::filesystem::path& path) {
    return entriesFromText(readText(path), path.string());
}

std::vector<Entry> entriesFromText(const std::string& content, const std::string& file) {
    const json j = parseJson(content, file);
    checkHeader(j, file, "codesign-explorer-published");
    const std::string document = text(j, "document", file + ": ");
    if (!j.contains("entries") || !j["entries"].is_array()) {
        throw InputError(file + ": entries", "", "expected an array of entries");
    }
    std::vector<Entry> out;
    for (std::size_t i = 0; i < j["entries"].size(); ++i) {
        const json& e = j["entries"][i];
        const std::string where = file + ": entries[" + std::to_string(i) + "]";
        if (!e.is_object()) {
            throw InputError(where, e.dump(), "expected an object");
        }
        Entry x;
        x.file = file;
        x.document = document;
        x.id = text(e, "id", where);
        x.source = text(e, "source", where);
        x.family = text(e, "family", where);
        checkFamily(x.family, where + ".family");
        x.command = commandOf(e, where);
        x.quantity = text(e, "quantity", where);
        checkPointer(x.quantity, where + ".quantity",
                     "expected a JSON pointer into the command's --json output (\"/T_alg\")");
        x.published = number(e, "published", where);
        x.unit = text(e, "unit", where, false);
        x.tolerance = number(e, "tolerance", where);
        if (x.tolerance < 0) {
            throw InputError(where + ".tolerance", std::to_string(x.tolerance),
                             "expected an absolute tolerance >= 0");
        }
        x.variant = text(e, "variant", where, false);
        x.erratum = text(e, "erratum", where, false);
        const std::string kind = text(e, "kind", where, false);
        if (kind == "printed") {
            x.kind = Kind::Printed;
        } else if (kind == "derived") {
            x.kind = Kind::Derived;
            x.derivedFrom = text(e, "derived_from", where);
        } else {
            throw InputError(where + ".kind", kind.empty() ? "missing" : kind,
                             "expected printed (the document prints the value) or derived (a "
                             "worked example computed from its equations, with derived_from)");
        }
        if (e.contains("corrected") && !e["corrected"].is_null()) {
            x.corrected = number(e, "corrected", where);
            if (x.erratum.empty()) {
                throw InputError(where + ".corrected", e["corrected"].dump(),
                                 "a corrected value needs the erratum that explains it");
            }
        }
        out.push_back(std::move(x));
    }
    return out;
}

Validity loadValidityFile(const std::filesystem::path& path) {
    return validityFromText(readText(path), path.string());
}

Validity validityFromText(const std::string& content, const std::string& file) {
    const json j = parseJson(content, file);
    checkHeader(j, file, "codesign-explorer-validity");
    Validity v;
    v.file = file;
    v.family = text(j, "family", file + ": ");
    checkFamily(v.family, file + ": family");
    v.name = text(j, "name", file + ": ");
    v.model = text(j, "model", file + ": ");
    v.calibratedOn = text(j, "calibrated_on", file + ": ");
    for (const char* key : {"claims", "validation"}) {
        if (!j.contains(key) || !j[key].is_array()) {
            throw InputError(file + ": " + key, "", "expected an array");
        }
    }
    for (std::size_t i = 0; i < j["claims"].size(); ++i) {
        const std::string where = file + ": claims[" + std::to_string(i) + "]";
        const json& c = j["claims"][i];
        if (!c.is_object()) {
            throw InputError(where, c.dump(), "expected {\"claim\", \"source\"}");
        }
        v.claims.push_back({text(c, "claim", where), text(c, "source", where)});
    }
    for (std::size_t i = 0; i < j["validation"].size(); ++i) {
        const std::string where = file + ": validation[" + std::to_string(i) + "]";
        const json& m = j["validation"][i];
        if (!m.is_object()) {
            throw InputError(where, m.dump(), "expected an object");
        }
        Measurement x;
        x.id = text(m, "id", where);
        x.chip = text(m, "chip", where);
        if (!m.contains("calibration") || !m["calibration"].is_boolean()) {
            throw InputError(where + ".calibration", "", "expected true or false");
        }
        x.calibration = m["calibration"].get<bool>();
        x.command = commandOf(m, where);
        x.quantity = text(m, "quantity", where);
        checkPointer(x.quantity, where + ".quantity", "expected a JSON pointer");
        x.real = number(m, "real", where);
        x.unit = text(m, "unit", where, false);
        x.source = text(m, "source", where);
        v.validation.push_back(std::move(x));
    }
    if (j.contains("domain")) {
        if (!j["domain"].is_array()) {
            throw InputError(file + ": domain", j["domain"].dump(), "expected an array");
        }
        for (std::size_t i = 0; i < j["domain"].size(); ++i) {
            const std::string where = file + ": domain[" + std::to_string(i) + "]";
            const json& d = j["domain"][i];
            if (!d.is_object()) {
                throw InputError(where, d.dump(),
                                 "expected {\"what\", \"session\", \"one_of\" or "
                                 "\"min\"/\"max\", \"why\"}");
            }
            DomainCondition c;
            c.what = text(d, "what", where);
            c.pointer = text(d, "session", where);
            checkPointer(c.pointer, where + ".session",
                         "expected a JSON pointer into the session file");
            // A "{/pointer}" in it names the session value whose text is the key there (the
            // session GPU's id); that inner pointer must be one too (a fuzzed "{nicte/sl/id}"
            // threw out of domainValues).
            if (const auto open = c.pointer.find('{'); open != std::string::npos) {
                const auto close = c.pointer.find('}', open);
                if (close == std::string::npos) {
                    throw InputError(where + ".session", c.pointer,
                                     "a \"{\" without its \"}\" (expected {/pointer})");
                }
                checkPointer(c.pointer.substr(open + 1, close - open - 1), where + ".session",
                             "expected a JSON pointer between { and }");
            }
            c.why = text(d, "why", where);
            if (d.contains("one_of")) {
                if (!d["one_of"].is_array() || d["one_of"].empty()) {
                    throw InputError(where + ".one_of", d["one_of"].dump(),
                                     "expected a non-empty array of strings");
                }
                for (const json& o : d["one_of"]) {
                    if (!o.is_string()) {
                        throw InputError(where + ".one_of", o.dump(), "expected a string");
                    }
                    c.oneOf.push_back(o.get<std::string>());
                }
            }
            for (const char* key : {"min", "max"}) {
                if (d.contains(key)) {
                    const double x = number(d, key, where);
                    (std::string(key) == "min" ? c.min : c.max) = x;
                }
            }
            if (d.contains("zero_means_none")) {
                if (!d["zero_means_none"].is_boolean()) {
                    throw InputError(where + ".zero_means_none", d["zero_means_none"].dump(),
                                     "expected true or false");
                }
                c.zeroMeansNone = d["zero_means_none"].get<bool>();
            }
            if (d.contains("unedited")) {
                if (!d["unedited"].is_boolean() || !d["unedited"].get<bool>()) {
                    throw InputError(where + ".unedited", d["unedited"].dump(), "expected true");
                }
                c.unedited = true;
            }
            if (d.contains("measured")) {
                if (!d["measured"].is_boolean() || !d["measured"].get<bool>()) {
                    throw InputError(where + ".measured", d["measured"].dump(), "expected true");
                }
                c.measured = true;
            }
            for (const auto& [key, value] : d.items()) {
                static const std::set<std::string> known{"what",     "session",  "one_of",
                                                         "min",      "max",      "zero_means_none",
                                                         "unedited", "measured", "why"};
                if (known.count(key) == 0) {
                    throw InputError(where + "." + key, "",
                                     "unknown field; expected what, session, one_of, min, max, "
                                     "zero_means_none, unedited, measured, why");
                }
            }
            const int kinds = (c.oneOf.empty() ? 0 : 1) + (c.min || c.max ? 1 : 0) +
                              (c.unedited ? 1 : 0) + (c.measured ? 1 : 0);
            if (kinds != 1) {
                throw InputError(where, d.dump(),
                                 "expected either \"one_of\", \"min\"/\"max\", \"unedited\" "
                                 "or \"measured\"");
            }
            if (c.min && c.max && *c.min > *c.max) {
                throw InputError(where + ".min", std::to_string(*c.min), "must not exceed max");
            }
            v.domain.push_back(std::move(c));
        }
    }
    for (const auto& [key, value] : j.items()) {
        static const std::set<std::string> known{"schema", "version",    "family",
                                                 "name",   "model",      "calibrated_on",
                                                 "claims", "validation", "domain"};
        if (known.count(key) == 0) {
            throw InputError(file + ": " + key, "",
                             "unknown field; expected one of schema, "
                             "version, family, name, model, calibrated_on, "
                             "claims, validation, domain");
        }
    }
    return v;
}

std::optional<Validity> validityOf(const std::string& family) {
    for (auto& v : loadValidity()) {
        if (v.family == family) {
            return v;
        }
    }
    return std::nullopt;
}

std::string allowedText(const DomainCondition& c) {
    std::string s;
    if (c.unedited) {
        return "the profile's values, unedited";
    }
    if (c.measured) {
        return "measured or published values";
    }
    if (!c.oneOf.empty()) {
        for (std::size_t i = 0; i < c.oneOf.size(); ++i) {
            if (i > 0) {
                s.append(i + 1 == c.oneOf.size() ? " or " : ", ");
            }
            s.append(c.oneOf[i]);
        }
        return s;
    }
    if (c.zeroMeansNone) {
        s = "0 (none) or ";
    }
    if (c.min && c.max && *c.min == *c.max) {
        return s.append(formatNumber(*c.min));
    }
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "[" + string.
    if (c.min && c.max) {
        s.append("[").append(formatNumber(*c.min)).append(", ");
        return s.append(formatNumber(*c.max)).append("]");
    }
    s.append(c.min ? ">= " : "<= ");
    return s.append(formatNumber(c.min ? *c.min : *c.max));
}

std::string DomainValue::shortValue(bool names) const {
    // "estimated: l_s_per_gb, t_sync_s" and "edited: n_sm" count values by kind.
    for (const auto& [prefix, kind] :
         {std::pair<std::string, std::string>{"estimated: ", "estimated"}, {"edited: ", "yours"}}) {
        if (value.rfind(prefix, 0) == 0) {
            const std::string list = value.substr(prefix.size());
            if (list == "the value") {
                return kind;
            }
            const auto n = 1 + std::count(list.begin(), list.end(), ',');
            return std::to_string(n) + " " + kind + (names ? " (" + list + ")" : "");
        }
    }
    double v = 0; // from_chars: the '.' of the JSON the value came from, whatever the locale
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec == std::errc() && end == value.data() + value.size() && !value.empty()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4g", v);
        return buf;
    }
    return value;
}

std::string outsideSummary(const std::vector<DomainValue>& values) {
    int estimated = 0, yours = 0;
    std::vector<std::string> others;
    for (const auto& d : values) {
        if (d.inside) {
            continue;
        }
        const auto count = [&d](const std::string& prefix) {
            const std::string list = d.value.substr(prefix.size());
            return list == "the value"
                       ? 1
                       : 1 + static_cast<int>(std::count(list.begin(), list.end(), ','));
        };
        if (d.value.rfind("estimated: ", 0) == 0) {
            estimated += count("estimated: ");
        } else if (d.value.rfind("edited: ", 0) == 0) {
            yours += count("edited: ");
        } else {
            others.push_back(d.what + " " + d.shortValue());
        }
    }
    std::vector<std::string> parts;
    if (estimated > 0) {
        parts.push_back(std::to_string(estimated) + " estimated value" +
                        (estimated == 1 ? "" : "s"));
    }
    if (yours > 0) {
        parts.push_back(std::to_string(yours) + (yours == 1 ? " value" : " values") + " of yours");
    }
    for (auto& o : others) {
        parts.push_back(std::move(o));
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    }
    return out;
}

std::string DomainValue::message() const {
    // A number to 4 significant digits (issue 45: exported figures printed
    // "0.0003074227216133545"); a list of estimated or edited values as it is.
    std::string shown = value;
    double v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec == std::errc() && end == value.data() + value.size() && !value.empty()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4g", v);
        shown = buf;
    }
    std::string m = model;
    return m.append(": ")
        .append(what)
        .append(" = ")
        .append(shown)
        .append(", calibrated on ")
        .append(allowed)
        .append(": ")
        .append(why);
}
// A member that holds a profile's values rather than naming one.
bool isValueContainer(const std::string& key) {
    return key == "params" || key == "facts" || key == "talg" || key == "area" || key == "mwp" ||
           key == "power" || key == "temperature" || key == "energy";
}

namespace {
// The names of the values under `j` marked "edited": true ("n_sm", "c_iter_s/gtx980").
void editedKeys(const json& j, const std::string& path, std::vector<std::string>& out) {
    if (!j.is_object()) {
        return;
    }
    if (j.contains("edited") && j["edited"].is_boolean() && j["edited"].get<bool>()) {
        out.push_back(path);
        return;
    }
    for (const auto& [key, value] : j.items()) {
        // A profile's values: "params/n_sm" (older files) and "facts/n_sm", "talg/tau_sync_s"
        // (a GPU description, issue 43) are "n_sm", "tau_sync_s".
        const bool container = isValueContainer(key);
        editedKeys(value, container ? path : path.empty() ? key : path + "/" + key, out);
    }
}
// The keys under `j` whose kind is "estimated" or whose "source" is an estimate ("l_s_per_gb").
// A GPU description's C_iter of every stencil is skipped: the session's own C_iter has a
// condition of its own (/gpu/talg/c_iter_s/{/stencil/id}), the other stencils' are not used.
void estimatedKeys(const json& j, const std::string& path, std::vector<std::string>& out) {
    if (!j.is_object()) {
        return;
    }
    if ((j.contains("kind") && j["kind"] == "estimated") ||
        (j.contains("source") && j["source"].is_string() &&
         j["source"].get<std::string>().starts_with("estimate:"))) {
        out.push_back(path);
        return;
    }
    for (const auto& [key, value] : j.items()) {
        if (key == "c_iter_s") {
            continue;
        }
        const bool container = isValueContainer(key);
        estimatedKeys(value, container ? path : path.empty() ? key : path + "/" + key, out);
    }
}

// The values under `j` that an "estimated" condition does not judge, counted by kind (vendor,
// published, measured, fitted, yours): what an "unedited" condition's row is about.
void judgedKinds(const json& j, std::map<std::string, int>& out) {
    if (!j.is_object()) {
        return;
    }
    if (j.contains("kind") && j["kind"].is_string()) {
        // A value the sources do not give (null, no rule: Jacobi 1D's C_iter) is no value.
        if ((!j.contains("value") || j["value"].is_null()) && !j.contains("rule")) {
            return;
        }
        const std::string kind = j["kind"].get<std::string>();
        const bool estimated =
            kind == "estimated" || (j.contains("source") && j["source"].is_string() &&
                                    j["source"].get<std::string>().starts_with("estimate:"));
        if (!estimated) {
            ++out[kind];
        }
        return;
    }
    for (const auto& [key, value] : j.items()) {
        judgedKinds(value, out);
    }
}

// "/stencil/c_iter_s/{/gpu/id}" with the session's GPU id; "" when the named value is missing.
std::string substitute(const std::string& pointer, const json& session) {
    const auto open = pointer.find('{');
    if (open == std::string::npos) {
        return pointer;
    }
    const auto close = pointer.find('}', open);
    if (close == std::string::npos) {
        return {};
    }
    json::json_pointer inner;
    try { // checked when the validity file was read (validityFromText); never thrown from here
        inner = json::json_pointer(pointer.substr(open + 1, close - open - 1));
    } catch (const json::exception&) {
        return {};
    }
    if (!session.contains(inner) || !session.at(inner).is_string()) {
        return {};
    }
    std::string key = session.at(inner).get<std::string>();
    // JSON pointer escapes of the key (RFC 6901).
    std::string escaped;
    for (const char ch : key) {
        escaped += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
    }
    return pointer.substr(0, open) + escaped + pointer.substr(close + 1);
}
} // namespace

std::vector<DomainValue> domainValues(const Validity& v, const std::string& sessionJson) {
    const json session = json::parse(sessionJson, nullptr, false);
    std::vector<DomainValue> out;
    if (session.is_discarded()) {
        return out;
    }
    for (const auto& c : v.domain) {
        const std::string pointer = substitute(c.pointer, session);
        if (pointer.empty()) {
            continue;
        }
        const json::json_pointer at(pointer);
        if (!session.contains(at) || session.at(at).is_null()) {
            continue;
        }
        const json& x = session.at(at);
        std::string value;
        bool inside = true;
        if (c.measured) {
            std::vector<std::string> estimated;
            estimatedKeys(x, "", estimated);
            inside = estimated.empty();
            value = inside ? "measured or published" : "estimated: ";
            for (std::size_t i = 0; i < estimated.size(); ++i) {
                value.append(i == 0 ? "" : ", ")
                    .append(estimated[i].empty() ? "the value" : estimated[i]);
            }
        } else if (c.unedited) {
            // One value, one verdict (issue 44): this row judges whether values were edited;
            // estimated ones have their own ("measured") row and are not counted here, so
            // "unedited" never reads as "as published" above a row that calls them estimates.
            std::vector<std::string> edited;
            editedKeys(x, "", edited);
            inside = edited.empty();
            value = inside ? "unedited" : "edited: ";
            for (std::size_t i = 0; i < edited.size(); ++i) {
                value.append(i == 0 ? "" : ", ").append(edited[i]);
            }
            if (inside) {
                std::map<std::string, int> kinds;
                judgedKinds(x, kinds);
                std::string counts;
                for (const auto& k : {"vendor", "published", "measured", "fitted"}) {
                    if (const auto it = kinds.find(k); it != kinds.end()) {
                        counts +=
                            (counts.empty() ? "" : ", ") + std::to_string(it->second) + " " + k;
                    }
                }
                if (!counts.empty()) {
                    value += " (" + counts + ")";
                }
            }
        } else if (!c.oneOf.empty()) {
            value = x.is_string() ? x.get<std::string>() : x.dump();
            inside = std::find(c.oneOf.begin(), c.oneOf.end(), value) != c.oneOf.end();
            // A profile's id names it as edited when its values are ("gtx980, edited: n_sm"):
            // the edited values have rows of their own, but the id alone would read as
            // the published profile.
            if (c.pointer.ends_with("/id")) {
                std::vector<std::string> edited;
                editedKeys(session.at(at.parent_pointer()), "", edited);
                for (std::size_t i = 0; i < edited.size(); ++i) {
                    value.append(i == 0 ? ", edited: " : ", ").append(edited[i]);
                }
            }
        } else if (x.is_number() || x.is_array()) {
            // A number, or every number of an array (the first one outside is named).
            const auto in = [&c](double d) {
                return (c.zeroMeansNone && d == 0) ||
                       (std::isfinite(d) && (!c.min || d >= *c.min) && (!c.max || d <= *c.max));
            };
            for (const json& e : x.is_array() ? x : json::array({x})) {
                if (e.is_number() && !in(e.get<double>())) {
                    value = formatNumber(e.get<double>());
                    inside = false;
                    break;
                }
            }
            if (inside && x.is_number()) {
                value = formatNumber(x.get<double>());
            }
        } else {
            continue;
        }
        if (value.empty()) { // an array inside the bounds: its range
            value = x.is_array() && !x.empty() ? x.front().dump() + " ... " + x.back().dump()
                                               : x.dump();
        }
        out.push_back({c.what, value, allowedText(c), c.why, v.family, v.name, inside});
    }
    return out;
}

std::vector<DomainValue> outsideDomain(const Validity& v, const std::string& sessionJson) {
    std::vector<DomainValue> out;
    for (auto& d : domainValues(v, sessionJson)) {
        if (!d.inside) {
            out.push_back(std::move(d));
        }
    }
    return out;
}

std::vector<Validity> loadValidity() {
    std::vector<Validity> out;
    for (const auto& f : jsonFilesOf("validity")) {
        out.push_back(loadValidityFile(f));
    }
    return out;
}

std::vector<Entry> loadAll() {
    std::vector<Entry> all;
    std::set<std::string> ids;
    for (const auto& f : jsonFilesOf("published")) {
        for (auto& e : loadFile(f)) {
            if (!ids.insert(e.id).second) {
                throw InputError(e.file + ": id", e.id, "is used twice; ids are unique");
            }
            all.push_back(std::move(e));
        }
    }
    return all;
}

Entry find(const std::string& id) {
    for (auto& e : loadAll()) {
        if (e.id == id) {
            return e;
        }
    }
    throw InputError("published id", id, "unknown; see profiles/published/*.json");
}

} // namespace cdx::published
