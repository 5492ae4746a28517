// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_profiles.hpp"

#include "energy/energy_gpu.hpp"
#include "params/input_error.hpp"

#include <algorithm>
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
            field != "method" && field != "note" && field != "params" && field != "description") {
            throw InputError(field, {},
                             "unknown field; expected id, name, method and either params or "
                             "description (gpu, architecture, note)",
                             file);
        }
    }
    EnergyProfile p;
    p.file = file;
    p.id = stringField(j, "id", file, true);
    p.name = stringField(j, "name", file, true);
    p.method = stringField(j, "method", file, true);
    p.architecture = stringField(j, "architecture", file, false);
    p.note = stringField(j, "note", file, false);
    // The coefficients of a GPU description's energy block (k20c-a: the K20c's Model A): one
    // place for the chip's numbers (issue 43).
    if (j.contains("description")) {
        if (j.contains("params")) {
            throw InputError("params", {},
                             "not with description: the coefficients are the description's "
                             "energy block",
                             file);
        }
        const std::string gpuId = stringField(j, "description", file, true);
        // An id of a GPU description, never a path: a file names a chip, not another file.
        if (gpuId.find('/') != std::string::npos || gpuId.ends_with(".json")) {
            throw InputError("description", gpuId,
                             "expected the id of a GPU description with an energy block (k20c)",
                             file);
        }
        const EnergyProfile fromGpu = energyProfileOf(loadGpuProfile(gpuId));
        p.params = fromGpu.params;
        p.gpu = j.contains("gpu") ? stringField(j, "gpu", file, true) : fromGpu.gpu;
        if (p.architecture.empty()) {
            p.architecture = fromGpu.architecture;
        }
        return p;
    }
    p.gpu = stringField(j, "gpu", file, true);
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

namespace {
bool listed(const std::string& kind, const std::string& id) {
    const auto all = listAllProfiles(kind);
    return std::any_of(all.begin(), all.end(),
                       [&id](const ProfileEntry& e) { return e.id == id && e.error.empty(); });
}
} // namespace

std::vector<std::string> gpusWithEnergyCoefficients() {
    std::vector<std::string> ids;
    for (const auto& e : listAllProfiles("gpus")) {
        if (!e.error.empty()) {
            continue;
        }
        try {
            if (hasEnergyCoefficients(loadGpuProfile(e.path.string()))) {
                ids.push_back(e.id);
            }
        } catch (const InputError&) {
            // A broken file of the user's is listed with its error by the GPU lists.
        }
    }
    return ids;
}

EnergyProfile loadEnergyProfile(const std::string& idOrPath) {
    const bool bareId = idOrPath.find('/') == std::string::npos && !idOrPath.ends_with(".json");
    if (bareId && !listed("energy", idOrPath) && listed("gpus", idOrPath)) {
        return energyProfileOf(loadGpuProfile(idOrPath)); // a GPU description's energy block
    }
    std::filesystem::path path;
    try {
        path = resolveProfile(idOrPath, "energy", "--coefficients");
    } catch (const InputError& e) {
        std::string gpus;
        for (const auto& id : gpusWithEnergyCoefficients()) {
            gpus += (gpus.empty() ? "" : ", ") + id;
        }
        throw InputError(e.field(), e.value(),
                         e.allowed() + "; or a GPU with energy coefficients: " +
                             (gpus.empty() ? "(none)" : gpus),
                         e.where());
    }
    const nlohmann::json j = parseJson(readText(path), path.string());
    if (j.is_object() && j.contains("facts")) { // the path of a GPU description
        return energyProfileOf(gpuProfileFromJson(j, path.string(), false));
    }
    return energyProfileFromJson(j, path.string());
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
        // Its kind and rule too (a session lost them: the K20c's published coefficients came
        // back with no kind, and equality against the state saved failed; issue 58).
        if (!it->second.rule.empty()) {
            q["rule"] = it->second.rule;
        }
        if (!it->second.kind.empty()) {
            q["kind"] = it->second.kind;
        }
        if (!it->second.source.empty()) {
            q["source"] = it->second.source;
        }
        if (it->second.edited) { // kept through a saved session (the label and the domain check)
            q["edited"] = true;
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

EnergyStencil loadEnergyStencil(const std::string& idOrPath) {
    EnergyStencil st;
    if (idOrPath == "sw" || idOrPath == "jacobi1d" || idOrPath == "jacobi2d") {
        st.tiling = parseStencilKind(idOrPath, "--stencil");
        st.id = idOrPath;
        st.name = idOrPath;
        st.talgStencil = idOrPath == "sw" ? "" : idOrPath;
        st.source = "built in (spec energy-model.md §1.4-1.6)";
        return st;
    }
    if (idOrPath.find('/') == std::string::npos && !idOrPath.ends_with(".json")) {
        throw InputError("--stencil", idOrPath,
                         "expected sw, jacobi1d, jacobi2d or the path of an energy stencil file "
                         "(.json)");
    }
    const std::string file = idOrPath;
    const nlohmann::json j = parseJson(readText(file), file);
    if (!j.is_object()) {
        throw InputError("(top level)", j.dump().substr(0, 40), "expected an object", file);
    }
    for (const auto& [field, _] : j.items()) {
        if (field != "id" && field != "name" && field != "tiling" && field != "ops" &&
            field != "mu_sr" && field != "talg_stencil" && field != "source" && field != "note") {
            throw InputError(field, {},
                             "unknown field; expected id, name, tiling, ops, mu_sr, talg_stencil, "
                             "source (note)",
                             file);
        }
    }
    st.file = file;
    st.id = stringField(j, "id", file, true);
    st.name = stringField(j, "name", file, false);
    st.source = stringField(j, "source", file, false);
    const std::string tiling = stringField(j, "tiling", file, true);
    try {
        st.tiling = parseStencilKind(tiling, "tiling");
    } catch (const InputError& e) {
        throw InputError("tiling", tiling, e.allowed(), file);
    }
    st.talgStencil = st.tiling == StencilKind::SmithWaterman ? ""
                     : st.tiling == StencilKind::Jacobi1D    ? "jacobi1d"
                                                             : "jacobi2d";
    if (j.contains("talg_stencil")) {
        st.talgStencil = stringField(j, "talg_stencil", file, true);
    }
    const auto number = [&](const nlohmann::json& v, const std::string& field) {
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0) {
            throw InputError(field, v.dump(), "expected a finite number >= 0", file);
        }
        return v.get<double>();
    };
    if (j.contains("ops")) {
        const auto& o = j.at("ops");
        if (!o.is_object()) {
            throw InputError("ops", o.dump().substr(0, 40),
                             "expected {\"fadd\", \"fmul\", \"iadd\", \"imax\"} (per point)", file);
        }
        OpCounts c;
        for (const auto& [k, v] : o.items()) {
            double* slot = k == "fadd"   ? &c.fadd
                           : k == "fmul" ? &c.fmul
                           : k == "iadd" ? &c.iadd
                           : k == "imax" ? &c.imax
                                         : nullptr;
            if (!slot) {
                throw InputError("ops." + k, {},
                                 "unknown operation; expected fadd, fmul, iadd, imax", file);
            }
            *slot = number(v, "ops." + k);
        }
        st.ops = c;
    }
    if (j.contains("mu_sr")) {
        if (st.tiling != StencilKind::Jacobi2D) {
            throw InputError("mu_sr", j.at("mu_sr").dump(),
                             "only for the jacobi2d tiling (shared<->register words per point)",
                             file);
        }
        st.muSr = number(j.at("mu_sr"), "mu_sr");
    }
    return st;
}

std::optional<double> statedRmsePct(const EnergyProfile& p, StencilKind k) {
    const char* key = k == StencilKind::SmithWaterman ? "rmse_sw_pct"
                      : k == StencilKind::Jacobi1D    ? "rmse_j1d_pct"
                                                      : "rmse_j2d_pct";
    const auto it = p.params.find(key);
    return it == p.params.end() ? std::nullopt : it->second.value;
}

} // namespace cdx::energy
