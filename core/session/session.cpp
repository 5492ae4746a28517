#include "session/session.hpp"

#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"
#include "search/tile_search.hpp"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

namespace cdx {

using json = nlohmann::ordered_json;

namespace {

json sizesJson(const std::array<std::int64_t, 3>& v, int dim) {
    json a = json::array();
    for (int i = 0; i < dim; ++i) {
        a.push_back(v[static_cast<std::size_t>(i)]);
    }
    return a;
}

std::array<std::int64_t, 3> sizesFrom(const nlohmann::json& a, int dim, const std::string& field,
                                      const std::string& file) {
    if (!a.is_array() || static_cast<int>(a.size()) != dim) {
        throw InputError(field, a.dump(),
                         "expected an array of " + std::to_string(dim) +
                             " positive integers (the stencil is " + std::to_string(dim) + "D)",
                         file);
    }
    std::array<std::int64_t, 3> out{1, 1, 1};
    for (int i = 0; i < dim; ++i) {
        const auto& v = a[static_cast<std::size_t>(i)];
        if (!v.is_number_integer()) {
            throw InputError(field, a.dump(), "expected integers", file);
        }
        out[static_cast<std::size_t>(i)] = v.get<std::int64_t>();
    }
    return out;
}

const nlohmann::json& member(const nlohmann::json& j, const char* key, const std::string& file) {
    if (!j.contains(key)) {
        throw InputError(key, {}, "missing", file);
    }
    return j.at(key);
}

std::string stringMember(const nlohmann::json& j, const char* key, const std::string& file) {
    const auto& v = member(j, key, file);
    if (!v.is_string()) {
        throw InputError(key, v.dump(), "expected a string", file);
    }
    return v.get<std::string>();
}

json axisJson(const mwp::AxisRange& r) {
    return {{"axis", mwp::name(r.axis)},
            {"min", r.min},
            {"max", r.max},
            {"steps", r.steps},
            {"log", r.log}};
}

mwp::AxisRange axisFrom(const nlohmann::json& a, const std::string& field,
                        const std::string& file) {
    if (!a.is_object()) {
        throw InputError(field, a.dump().substr(0, 40), "expected an object", file);
    }
    mwp::AxisRange r;
    try {
        r.axis = mwp::parseMapAxis(stringMember(a, "axis", file), field + ".axis");
    } catch (const InputError& e) {
        throw InputError(e.field(), e.value(), e.allowed(), file);
    }
    const auto number = [&](const char* key) {
        const auto& v = member(a, key, file);
        if (!v.is_number() || !std::isfinite(v.get<double>())) {
            throw InputError(field + "." + key, v.dump(), "expected a finite number", file);
        }
        return v.get<double>();
    };
    r.min = number("min");
    r.max = number("max");
    const auto& steps = member(a, "steps", file);
    if (!steps.is_number_integer() || steps.get<int>() < 2 || steps.get<int>() > 2000) {
        throw InputError(field + ".steps", steps.dump(), "expected an integer in [2, 2000]", file);
    }
    r.steps = steps.get<int>();
    const auto& log = member(a, "log", file);
    if (!log.is_boolean()) {
        throw InputError(field + ".log", log.dump(), "expected true or false", file);
    }
    r.log = log.get<bool>();
    if (r.min > r.max || (r.log && r.min <= 0)) {
        throw InputError(field, formatNumber(r.min) + ":" + formatNumber(r.max),
                         "expected min <= max (and min > 0 on a log axis)", file);
    }
    return r;
}

} // namespace

mwp::Device MwpSettings::device() const {
    return mwp::deviceOf(gpu);
}

mwp::Kernel MwpSettings::model() const {
    return mwp::kernelOf(kernel, gpu);
}

MwpSettings defaultMwpSettings() {
    MwpSettings m;
    m.gpu = loadMwpGpuProfile("gtx280");
    m.kernel = loadKernelProfile("example-i");
    return m;
}

area::CoefficientSet SessionState::areaSet() const {
    return areaCoefficients.params.empty() ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                                           : areaCoefficients;
}

bool sameSession(const SessionState& a, const SessionState& b) {
    return sessionToJson(a) == sessionToJson(b);
}

std::string sessionToJson(const SessionState& s) {
    const talg::TalgVariant& v = s.variant;
    json variant{{"pitch", talg::name(v.pitch)},
                 {"nw", talg::name(v.nw)},
                 {"k", talg::name(v.k)},
                 {"w3d", talg::name(v.width3d)},
                 {"nsslabs", talg::name(v.subSlabs)},
                 {"gb", talg::name(v.gigabyte)},
                 {"r_tile", v.registersPerTile ? json(*v.registersPerTile) : json(nullptr)}};
    json j{{"schema", kSessionSchema},
           {"version", kSessionVersion},
           {"gpu", json::parse(toJson(s.gpu).dump())},
           {"stencil", json::parse(toJson(s.stencil).dump())},
           {"problem",
            {{"space", sizesJson(s.problem.space, s.problem.dim)}, {"time", s.problem.time}}},
           {"tiles", {{"tile", sizesJson(s.tiles.space, s.problem.dim)}, {"tt", s.tiles.time}}},
           {"variant", variant},
           {"within", s.within}};
    json areaJ{{"form", area::name(s.areaForm)}};
    if (!s.areaCoefficients.params.empty()) {
        areaJ["coefficients"] = json::parse(area::toJson(s.areaCoefficients).dump());
    }
    j["area"] = areaJ;
    j["codesign"] = {{"workload", s.codesign.workload},
                     {"area_range_mm2", {s.codesign.areaMin, s.codesign.areaMax}},
                     {"budget_mm2", {s.codesign.budgetMin, s.codesign.budgetMax}}};
    const mwp::MwpVariant& mv = s.mwp.variant;
    j["mwp"] = {{"gpu", json::parse(toJson(s.mwp.gpu).dump())},
                {"kernel", json::parse(toJson(s.mwp.kernel).dump())},
                {"variant",
                 {{"case2", mwp::name(mv.case2)},
                  {"mem_l_coal", mwp::name(mv.memLCoal)},
                  {"rep", mwp::name(mv.rep)},
                  {"npw", mwp::name(mv.independentWarps)},
                  {"eq63", mwp::name(mv.optimalCores)},
                  {"temperature", mwp::name(mv.temperature)},
                  {"clamp_access_rate", mv.clampAccessRate}}},
                {"map", {{"x", axisJson(s.mwp.mapX)}, {"y", axisJson(s.mwp.mapY)}}}};
    return j.dump(2) + "\n";
}

SessionState sessionFromJson(const std::string& text, const std::string& file) {
    const nlohmann::json j = parseJson(text, file);
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a session object", file);
    }
    if (stringMember(j, "schema", file) != kSessionSchema) {
        throw InputError("schema", j.at("schema").dump(),
                         std::string("expected \"") + kSessionSchema + "\"", file);
    }
    const auto& ver = member(j, "version", file);
    if (!ver.is_number_integer() || ver.get<int>() < 1) {
        throw InputError("version", ver.dump(), "expected a positive integer", file);
    }
    if (ver.get<int>() > kSessionVersion) {
        throw InputError("version", ver.dump(),
                         "written by a newer Codesign Explorer (this one reads up to version " +
                             std::to_string(kSessionVersion) + ")",
                         file);
    }
    SessionState s;
    s.gpu = gpuProfileFromJson(member(j, "gpu", file), file + ": gpu");
    s.stencil = stencilProfileFromJson(member(j, "stencil", file), file + ": stencil");
    const int dim = s.stencil.dim;
    const auto& problem = member(j, "problem", file);
    s.problem.dim = dim;
    s.problem.space = sizesFrom(member(problem, "space", file), dim, "problem.space", file);
    const auto& time = member(problem, "time", file);
    if (!time.is_number_integer()) {
        throw InputError("problem.time", time.dump(), "expected a positive integer", file);
    }
    s.problem.time = time.get<std::int64_t>();
    const auto& tiles = member(j, "tiles", file);
    s.tiles.space = sizesFrom(member(tiles, "tile", file), dim, "tiles.tile", file);
    const auto& tt = member(tiles, "tt", file);
    if (!tt.is_number_integer()) {
        throw InputError("tiles.tt", tt.dump(), "expected an even integer >= 2", file);
    }
    s.tiles.time = tt.get<std::int64_t>();
    try {
        const auto& v = member(j, "variant", file);
        s.variant.pitch = talg::parsePitch(stringMember(v, "pitch", file), "variant.pitch");
        s.variant.nw = talg::parseWavefrontCount(stringMember(v, "nw", file), "variant.nw");
        s.variant.k = talg::parseKRule(stringMember(v, "k", file), "variant.k");
        s.variant.width3d = talg::parseWidth3D(stringMember(v, "w3d", file), "variant.w3d");
        s.variant.subSlabs =
            talg::parseSubSlabCount(stringMember(v, "nsslabs", file), "variant.nsslabs");
        s.variant.gigabyte = talg::parseGigaByte(stringMember(v, "gb", file), "variant.gb");
        if (v.contains("r_tile") && !v.at("r_tile").is_null()) {
            if (!v.at("r_tile").is_number_integer()) {
                throw InputError("variant.r_tile", v.at("r_tile").dump(),
                                 "expected a positive integer or null", file);
            }
            s.variant.registersPerTile = v.at("r_tile").get<std::int64_t>();
        }
    } catch (const InputError& e) {
        if (!e.where().empty()) {
            throw;
        }
        throw InputError(e.field(), e.value(), e.allowed(), file);
    }
    const auto& within = member(j, "within", file);
    if (!within.is_number() || within.get<double>() < 0) {
        throw InputError("within", within.dump(), "expected a fraction >= 0", file);
    }
    s.within = within.get<double>();
    // Area and codesign settings (optional: sessions written before them open with defaults).
    if (j.contains("area")) {
        const auto& a = j.at("area");
        if (!a.is_object()) {
            throw InputError("area", a.dump().substr(0, 40), "expected an object", file);
        }
        if (a.contains("form")) {
            try {
                s.areaForm = area::parseForm(stringMember(a, "form", file), "area.form");
            } catch (const InputError& e) {
                throw InputError(e.field(), e.value(), e.allowed(), file);
            }
        }
        if (a.contains("coefficients")) {
            s.areaCoefficients =
                area::coefficientSetFromJson(a.at("coefficients"), file + ": area.coefficients");
        }
    }
    if (j.contains("codesign")) {
        const auto& c = j.at("codesign");
        if (!c.is_object()) {
            throw InputError("codesign", c.dump().substr(0, 40), "expected an object", file);
        }
        if (c.contains("workload")) {
            s.codesign.workload = stringMember(c, "workload", file);
        }
        const auto range = [&](const char* key, double& lo, double& hi) {
            if (!c.contains(key)) {
                return;
            }
            const auto& r = c.at(key);
            if (!r.is_array() || r.size() != 2 || !r[0].is_number() || !r[1].is_number() ||
                r[0].get<double>() < 0 || r[0].get<double>() > r[1].get<double>()) {
                throw InputError(std::string("codesign.") + key, r.dump(),
                                 "expected [min, max] with 0 <= min <= max (mm2)", file);
            }
            lo = r[0].get<double>();
            hi = r[1].get<double>();
        };
        range("area_range_mm2", s.codesign.areaMin, s.codesign.areaMax);
        range("budget_mm2", s.codesign.budgetMin, s.codesign.budgetMax);
    }
    // MWP-CWP settings (optional: older sessions open with the default GTX 280 / Example I).
    if (j.contains("mwp")) {
        const auto& m = j.at("mwp");
        if (!m.is_object()) {
            throw InputError("mwp", m.dump().substr(0, 40), "expected an object", file);
        }
        s.mwp.gpu = gpuProfileFromJson(member(m, "gpu", file), file + ": mwp.gpu", false);
        s.mwp.kernel = kernelProfileFromJson(member(m, "kernel", file), file + ": mwp.kernel");
        if (m.contains("variant")) {
            const auto& v = m.at("variant");
            mwp::MwpVariant& mv = s.mwp.variant;
            try {
                mv.case2 = mwp::parseCase2Rule(stringMember(v, "case2", file), "mwp.variant.case2");
                mv.memLCoal = mwp::parseMemLCoalForm(stringMember(v, "mem_l_coal", file),
                                                     "mwp.variant.mem_l_coal");
                mv.rep = mwp::parseRepRounding(stringMember(v, "rep", file), "mwp.variant.rep");
                mv.independentWarps =
                    mwp::parseIndependentWarps(stringMember(v, "npw", file), "mwp.variant.npw");
                mv.optimalCores =
                    mwp::parseOptimalCoresRule(stringMember(v, "eq63", file), "mwp.variant.eq63");
                mv.temperature = mwp::parseTemperatureReading(stringMember(v, "temperature", file),
                                                              "mwp.variant.temperature");
            } catch (const InputError& e) {
                throw InputError(e.field(), e.value(), e.allowed(), file);
            }
            const auto& clamp = member(v, "clamp_access_rate", file);
            if (!clamp.is_boolean()) {
                throw InputError("mwp.variant.clamp_access_rate", clamp.dump(),
                                 "expected true or false", file);
            }
            mv.clampAccessRate = clamp.get<bool>();
        }
        if (m.contains("map")) {
            const auto& map = m.at("map");
            s.mwp.mapX = axisFrom(member(map, "x", file), "mwp.map.x", file);
            s.mwp.mapY = axisFrom(member(map, "y", file), "mwp.map.y", file);
        }
        try {
            mwp::validate(s.mwp.device(), s.mwp.model());
        } catch (const InputError& e) {
            throw InputError("mwp: " + e.field(), e.value(), e.allowed(), file);
        }
    } else {
        s.mwp = defaultMwpSettings();
    }
    // Everything the model needs must be valid; a missing C_iter is allowed (the user
    // supplies it in the editor), so validate with a placeholder when it is absent.
    Stencil st;
    try {
        st = s.modelStencil();
    } catch (const InputError&) {
        st = toStencil(StencilProfile{s.stencil.id,
                                      s.stencil.name,
                                      s.stencil.dim,
                                      {},
                                      {},
                                      s.stencil.params,
                                      {{s.gpu.id, Quantity{1.0, "s", {}, {}}}}},
                       s.gpu.id);
    }
    try {
        talg::validate(st, s.problem, s.tiles, s.modelGpu(), s.variant);
    } catch (const InputError& e) {
        throw InputError(e.field(), e.value(), e.allowed(), file);
    }
    return s;
}

void saveSession(const SessionState& s, const std::filesystem::path& path) {
    writeTextAtomic(path, sessionToJson(s));
}

SessionState loadSession(const std::filesystem::path& path) {
    return sessionFromJson(readText(path), path.string());
}

bool applyOptimalTiles(SessionState& s) {
    const auto r = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                       search::SearchOptions{s.within, {}, {}});
    if (!r.found) {
        return false;
    }
    s.tiles = r.best.tiles;
    return true;
}

SessionState defaultSession() {
    SessionState s;
    s.gpu = loadGpuProfile("gtx980");
    s.stencil = loadStencilProfile("heat2d");
    s.problem = talg::Problem{2, {8192, 8192, 1}, 8192};
    s.tiles = talg::Tiles{{8, 256, 1}, 8};
    s.areaCoefficients = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    s.mwp = defaultMwpSettings();
    applyOptimalTiles(s);
    return s;
}

} // namespace cdx
