#include "energy/energy_profiles.hpp"

#include "params/input_error.hpp"

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

namespace cdx::energy {

namespace {

struct Key {
    const char* name;
    const char* unit;
    bool required;
};
constexpr std::array<Key, 10> kKeys{{
    {"p_stat_w", "W", true},
    {"e_gs_j", "J/word", true},
    {"e_sr_j", "J/word", true},
    {"e_fadd_j", "J/op", true},
    {"e_fmul_j", "J/op", true},
    {"e_iadd_j", "J/op", true},
    {"e_imax_j", "J/op", true},
    {"rmse_sw_pct", "%", false},
    {"rmse_j1d_pct", "%", false},
    {"rmse_j2d_pct", "%", false},
}};

std::string knownKeys() {
    std::string s;
    for (const auto& k : kKeys) {
        s += (s.empty() ? "" : ", ") + std::string(k.name);
    }
    return s;
}

std::string stringField(const nlohmann::json& j, const char* field, const std::string& file,
                        bool required) {
    if (!j.contains(field)) {
        if (required) {
            throw InputError(field, {}, "missing; expected a non-empty string", file);
        }
        return {};
    }
    const auto& v = j.at(field);
    if (!v.is_string() || (required && v.get<std::string>().empty())) {
        throw InputError(field, v.dump(), "expected a non-empty string", file);
    }
    return v.get<std::string>();
}

double required(const EnergyProfile& p, const char* key) {
    const auto it = p.params.find(key);
    if (it == p.params.end() || !it->second.value) {
        throw InputError(key, {}, "missing; expected a finite number >= 0", p.file);
    }
    return *it->second.value;
}

} // namespace

EnergyProfile energyProfileFromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("(top level)", j.dump().substr(0, 40), "expected an object", file);
    }
    for (const auto& [field, _] : j.items()) {
        if (field != "id" && field != "name" && field != "gpu" && field != "architecture" &&
            field != "method" && field != "note" && field != "params") {
            throw InputError(field, {},
                             "unknown field; expected id, name, gpu, method, params "
                             "(architecture, note)",
                             file);
        }
    }
    EnergyProfile p;
    p.file = file;
    p.id = stringField(j, "id", file, true);
    p.name = stringField(j, "name", file, true);
    p.gpu = stringField(j, "gpu", file, true);
    p.method = stringField(j, "method", file, true);
    p.architecture = stringField(j, "architecture", file, false);
    p.note = stringField(j, "note", file, false);
    if (!j.contains("params") || !j.at("params").is_object()) {
        throw InputError("params", j.contains("params") ? j.at("params").dump().substr(0, 40) : "",
                         "expected an object of coefficients (" + knownKeys() + ")", file);
    }
    for (const auto& [name, q] : j.at("params").items()) {
        const Key* key = nullptr;
        for (const auto& k : kKeys) {
            if (name == k.name) {
                key = &k;
            }
        }
        if (!key) {
            throw InputError("params." + name, {}, "unknown key; known keys: " + knownKeys(), file);
        }
        const std::string path = "params." + name;
        const std::string allowed = "a finite number >= 0";
        Quantity v = quantityFromJson(q, key->unit, allowed, path, file);
        if (!v.value) {
            throw InputError(path + ".value", "null", "expected " + allowed, file);
        }
        if (!std::isfinite(*v.value) || *v.value < 0) {
            throw InputError(path + ".value", formatNumber(*v.value), "expected " + allowed, file);
        }
        p.params[name] = std::move(v);
    }
    for (const auto& k : kKeys) {
        if (k.required && !p.params.contains(k.name)) {
            throw InputError("params." + std::string(k.name), {},
                             "missing; expected {\"value\": a finite number >= 0, \"unit\": \"" +
                                 std::string(k.unit) + "\", \"source\": \"...\"}",
                             file);
        }
    }
    return p;
}

EnergyProfile loadEnergyProfile(const std::string& idOrPath) {
    const auto path = resolveProfile(idOrPath, "energy", "--coefficients");
    return energyProfileFromJson(parseJson(readText(path), path.string()), path.string());
}

nlohmann::ordered_json toJson(const EnergyProfile& p) {
    nlohmann::ordered_json j;
    j["id"] = p.id;
    j["name"] = p.name;
    j["gpu"] = p.gpu;
    if (!p.architecture.empty()) {
        j["architecture"] = p.architecture;
    }
    j["method"] = p.method;
    if (!p.note.empty()) {
        j["note"] = p.note;
    }
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& k : kKeys) { // the file's order, not the map's
        const auto it = p.params.find(k.name);
        if (it == p.params.end() || !it->second.value) {
            continue;
        }
        nlohmann::ordered_json q{{"value", *it->second.value}, {"unit", it->second.unit}};
        if (!it->second.source.empty()) {
            q["source"] = it->second.source;
        }
        params[k.name] = std::move(q);
    }
    j["params"] = std::move(params);
    return j;
}

EnergyCoefficients coefficientsOf(const EnergyProfile& p) {
    EnergyCoefficients c;
    c.pStatW = required(p, "p_stat_w");
    c.eGsJ = required(p, "e_gs_j");
    c.eSrJ = required(p, "e_sr_j");
    c.eFaddJ = required(p, "e_fadd_j");
    c.eFmulJ = required(p, "e_fmul_j");
    c.eIaddJ = required(p, "e_iadd_j");
    c.eImaxJ = required(p, "e_imax_j");
    return c;
}

EnergyCoefficients loadEnergyCoefficients(const std::string& idOrPath) {
    return coefficientsOf(loadEnergyProfile(idOrPath));
}

std::optional<double> statedRmsePct(const EnergyProfile& p, StencilKind k) {
    const char* key = k == StencilKind::SmithWaterman ? "rmse_sw_pct"
                      : k == StencilKind::Jacobi1D    ? "rmse_j1d_pct"
                                                      : "rmse_j2d_pct";
    const auto it = p.params.find(key);
    return it == p.params.end() ? std::nullopt : it->second.value;
}

} // namespace cdx::energy
