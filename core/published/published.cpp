#include "published/published.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>
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

std::vector<Entry> loadFile(const std::filesystem::path& path) {
    const std::string file = path.string();
    const json j = parseJson(readText(path), file);
    if (!j.is_object() || j.value("schema", "") != "codesign-explorer-published") {
        throw InputError(file + ": schema", j.is_object() ? j.value("schema", "missing") : "",
                         "expected \"codesign-explorer-published\"");
    }
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] != 1) {
        throw InputError(file + ": version", j.contains("version") ? j["version"].dump() : "",
                         "expected 1");
    }
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
        if (std::find(families().begin(), families().end(), x.family) == families().end()) {
            throw InputError(where + ".family", x.family,
                             "expected one of talg, area, mwp, energy, eatss, chain");
        }
        if (!e.contains("command") || !e["command"].is_array() || e["command"].empty()) {
            throw InputError(where + ".command", "", "expected the cdx arguments as strings");
        }
        for (const auto& a : e["command"]) {
            if (!a.is_string()) {
                throw InputError(where + ".command", a.dump(), "expected strings");
            }
            x.command.push_back(a.get<std::string>());
        }
        x.quantity = text(e, "quantity", where);
        if (x.quantity.empty() || x.quantity[0] != '/') {
            throw InputError(where + ".quantity", x.quantity,
                             "expected a JSON pointer into the command's --json output "
                             "(\"/T_alg\")");
        }
        x.published = number(e, "published", where);
        x.unit = text(e, "unit", where, false);
        x.tolerance = number(e, "tolerance", where);
        if (x.tolerance < 0) {
            throw InputError(where + ".tolerance", std::to_string(x.tolerance),
                             "expected an absolute tolerance >= 0");
        }
        x.variant = text(e, "variant", where, false);
        x.erratum = text(e, "erratum", where, false);
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

std::vector<Entry> loadAll() {
    for (const auto& dir : profileSearchPath()) {
        const auto folder = dir / "published";
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec)) {
            continue;
        }
        std::vector<std::filesystem::path> files;
        for (const auto& f : std::filesystem::directory_iterator(folder, ec)) {
            if (f.path().extension() == ".json") {
                files.push_back(f.path());
            }
        }
        std::sort(files.begin(), files.end());
        std::vector<Entry> all;
        std::set<std::string> ids;
        for (const auto& f : files) {
            for (auto& e : loadFile(f)) {
                if (!ids.insert(e.id).second) {
                    throw InputError(e.file + ": id", e.id, "is used twice; ids are unique");
                }
                all.push_back(std::move(e));
            }
        }
        return all;
    }
    throw InputError("published", "profiles/published/",
                     "no such folder on the profile search path (CDX_PROFILES_DIR, the "
                     "installed share/codesign-explorer/profiles, the source tree)");
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
