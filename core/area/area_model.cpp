// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_model.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace cdx::area {

using nlohmann::json;

std::string_view name(Form f) {
    switch (f) {
    case Form::Canonical:
        return "canonical";
    case Form::C6Literal:
        return "c6";
    case Form::C7Printed:
        return "c7";
    }
    return "?";
}

Form parseForm(std::string_view s, const std::string& field) {
    for (Form f : {Form::Canonical, Form::C6Literal, Form::C7Printed}) {
        if (s == name(f)) {
            return f;
        }
    }
    throw InputError(field, std::string(s),
                     "expected canonical (C.6, L2 intercept per SM), c6 (L2 intercept once per "
                     "chip) or c7 (eq. C.7 as printed)");
}

namespace {

void requireFinite(double v, const char* field, bool allowZero) {
    const bool ok = std::isfinite(v) && (allowZero ? v >= 0 : v > 0) && v <= 1048576.0;
    if (!ok) {
        throw InputError(field, formatNumber(v),
                         allowZero ? "must be a finite size in [0, 1048576] KB (0 = no cache)"
                                   : "must be a finite size in (0, 1048576] KB");
    }
}

} // namespace

void validate(const Architecture& a) {
    if (a.nSm < 1 || a.nSm > 1048576) {
        throw InputError("n_sm", std::to_string(a.nSm), "must be an integer in [1, 1048576]");
    }
    if (a.nV < 1 || a.nV > 1048576) {
        throw InputError("n_v", std::to_string(a.nV), "must be an integer in [1, 1048576]");
    }
    requireFinite(a.rVuKb, "r_vu_kb", false);
    requireFinite(a.mSmKb, "m_sm_kb", false);
    requireFinite(a.l1PairKb, "l1_pair_kb", true);
    requireFinite(a.l2Kb, "l2_kb", true);
}

namespace {

constexpr std::array kCoefficientKeys{
    CoefficientKey{"beta_vu", "mm2/VU", "core logic per vector unit, without the register file"},
    CoefficientKey{"beta_r", "mm2/(KB VU)", "register-file slope"},
    CoefficientKey{"alpha_r", "mm2/VU", "register-file intercept (per vector unit)"},
    CoefficientKey{"beta_m", "mm2/(KB SM)", "shared-memory slope"},
    CoefficientKey{"alpha_m", "mm2/SM", "shared-memory intercept (per SM)"},
    CoefficientKey{"beta_l1", "mm2/(KB pair)", "L1 slope (per SM pair)"},
    CoefficientKey{"alpha_l1", "mm2/pair", "L1 intercept (per SM pair)"},
    CoefficientKey{"beta_l2", "mm2/KB", "L2 slope"},
    CoefficientKey{"alpha_l2", "mm2/SM",
                   "L2 intercept (per L2 slice = per SM; once per chip in c6)"},
    CoefficientKey{"alpha_oh", "mm2/SM", "common overhead per SM (I/O, memory controllers, ...)"},
};

constexpr std::array kC7Keys{
    CoefficientKey{"c7_per_vu", "mm2/VU", "C.7 n_SM n_V coefficient"},
    CoefficientKey{"c7_rf", "mm2/(KB VU)", "C.7 R_VU n_SM n_V coefficient"},
    CoefficientKey{"c7_smem", "mm2/(KB SM)", "C.7 M_SM n_SM coefficient"},
    CoefficientKey{"c7_l1", "mm2/(KB SM)", "C.7 L1_pair n_SM coefficient"},
    CoefficientKey{"c7_l2", "mm2/KB", "C.7 L2 coefficient"},
    CoefficientKey{"c7_per_sm", "mm2/SM", "C.7 n_SM constant"},
};

constexpr const char* kAllowedCoefficient = "a finite number >= 0 [mm2 ...]";

std::map<std::string, Quantity> parseBlock(const json& obj, std::span<const CoefficientKey> keys,
                                           const std::string& block, const std::string& file) {
    if (!obj.is_object()) {
        throw InputError(block, obj.dump().substr(0, 40), "expected an object", file);
    }
    std::string known;
    for (const auto& k : keys) {
        known += (known.empty() ? "" : ", ") + std::string(k.key);
    }
    std::map<std::string, Quantity> out;
    for (const auto& item : obj.items()) {
        const std::string& name = item.key(); // not a structured binding: clang 14 (the fuzz
        const auto& q = item.value();         // build) cannot capture one in a lambda
        const auto it = std::find_if(keys.begin(), keys.end(),
                                     [&](const CoefficientKey& k) { return k.key == name; });
        if (it == keys.end()) {
            throw InputError(block + "." + name, {}, "unknown key; known keys: " + known, file);
        }
        Quantity v = quantityFromJson(q, it->unit, kAllowedCoefficient, block + "." + name, file);
        if (!v.value || !std::isfinite(*v.value) || *v.value < 0) {
            throw InputError(block + "." + name + ".value",
                             v.value ? formatNumber(*v.value) : "null",
                             std::string("expected ") + kAllowedCoefficient, file);
        }
        out[name] = v;
    }
    for (const auto& k : keys) {
        if (!out.contains(std::string(k.key))) {
            throw InputError(block + "." + std::string(k.key), {},
                             "missing; expected {\"value\": x, \"unit\": \"" + std::string(k.unit) +
                                 "\", \"source\": \"...\"}",
                             file);
        }
    }
    return out;
}

std::array<double, 2> parseRange(const json& r, const char* key, std::array<double, 2> fallback,
                                 const std::string& file) {
    if (!r.contains(key)) {
        return fallback;
    }
    const auto& v = r.at(key);
    const std::string field = std::string("calibration_ranges.") + key;
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() ||
        v[0].get<double>() > v[1].get<double>() || v[0].get<double>() < 0) {
        throw InputError(field, v.dump(), "expected [min, max] with 0 <= min <= max", file);
    }
    return {v[0].get<double>(), v[1].get<double>()};
}

double value(const std::map<std::string, Quantity>& m, const char* key) {
    return *m.at(key).value;
}

} // namespace

std::span<const CoefficientKey> coefficientKeys() {
    return kCoefficientKeys;
}

std::span<const CoefficientKey> printedC7Keys() {
    return kC7Keys;
}

Coefficients CoefficientSet::coefficients() const {
    return {value(params, "beta_vu"),  value(params, "beta_r"),  value(params, "alpha_r"),
            value(params, "beta_m"),   value(params, "alpha_m"), value(params, "beta_l1"),
            value(params, "alpha_l1"), value(params, "beta_l2"), value(params, "alpha_l2"),
            value(params, "alpha_oh")};
}

std::optional<PrintedC7> CoefficientSet::c7() const {
    if (printedC7.empty()) {
        return std::nullopt;
    }
    return PrintedC7{value(printedC7, "c7_per_vu"), value(printedC7, "c7_rf"),
                     value(printedC7, "c7_smem"),   value(printedC7, "c7_l1"),
                     value(printedC7, "c7_l2"),     value(printedC7, "c7_per_sm")};
}

CoefficientSet coefficientSetFromJson(const json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected an area coefficient set object", file);
    }
    CoefficientSet s;
    s.file = file;
    for (const auto& [field, _] : j.items()) {
        if (field != "id" && field != "name" && field != "process" && field != "note" &&
            field != "params" && field != "printed_c7" && field != "calibration_ranges") {
            throw InputError(field, {},
                             "unknown field; expected id, name, process, note, params, "
                             "printed_c7, calibration_ranges",
                             file);
        }
    }
    for (const char* key : {"id", "name"}) {
        if (!j.contains(key) || !j.at(key).is_string() || j.at(key).get<std::string>().empty()) {
            throw InputError(key, j.contains(key) ? j.at(key).dump() : "",
                             "missing; expected a non-empty string", file);
        }
    }
    s.id = j.at("id").get<std::string>();
    s.name = j.at("name").get<std::string>();
    for (auto [key, slot] : {std::pair{"process", &s.process}, std::pair{"note", &s.note}}) {
        if (j.contains(key)) {
            if (!j.at(key).is_string()) {
                throw InputError(key, j.at(key).dump(), "expected a string", file);
            }
            *slot = j.at(key).get<std::string>();
        }
    }
    if (!j.contains("params")) {
        throw InputError("params", {},
                         "missing; expected the ten coefficients beta_vu ... alpha_oh", file);
    }
    s.params = parseBlock(j.at("params"), kCoefficientKeys, "params", file);
    if (j.contains("printed_c7")) {
        s.printedC7 = parseBlock(j.at("printed_c7"), kC7Keys, "printed_c7", file);
    }
    if (j.contains("calibration_ranges")) {
        const auto& r = j.at("calibration_ranges");
        if (!r.is_object()) {
            throw InputError("calibration_ranges", r.dump().substr(0, 40), "expected an object",
                             file);
        }
        s.ranges.rVuKb = parseRange(r, "r_vu_kb", s.ranges.rVuKb, file);
        s.ranges.mSmKb = parseRange(r, "m_sm_kb", s.ranges.mSmKb, file);
        s.ranges.l1PairKb = parseRange(r, "l1_pair_kb", s.ranges.l1PairKb, file);
        s.ranges.l2PerSmKb = parseRange(r, "l2_per_sm_kb", s.ranges.l2PerSmKb, file);
        s.ranges.nV = parseRange(r, "n_v", s.ranges.nV, file);
        if (r.contains("source") && r.at("source").is_string()) {
            s.rangesSource = r.at("source").get<std::string>();
        }
    }
    return s;
}

CoefficientSet parseCoefficientSet(const std::string& jsonText, const std::string& file) {
    return coefficientSetFromJson(parseJson(jsonText, file), file);
}

json toJson(const CoefficientSet& s) {
    json j{{"id", s.id}, {"name", s.name}};
    if (!s.process.empty()) {
        j["process"] = s.process;
    }
    if (!s.note.empty()) {
        j["note"] = s.note;
    }
    json params = json::object();
    for (const auto& [k, q] : s.params) {
        params[k] = quantityToJson(q, false);
    }
    j["params"] = params;
    if (!s.printedC7.empty()) {
        json c7 = json::object();
        for (const auto& [k, q] : s.printedC7) {
            c7[k] = quantityToJson(q, false);
        }
        j["printed_c7"] = c7;
    }
    json r{{"r_vu_kb", s.ranges.rVuKb},
           {"m_sm_kb", s.ranges.mSmKb},
           {"l1_pair_kb", s.ranges.l1PairKb},
           {"l2_per_sm_kb", s.ranges.l2PerSmKb},
           {"n_v", s.ranges.nV}};
    if (!s.rangesSource.empty()) {
        r["source"] = s.rangesSource;
    }
    j["calibration_ranges"] = r;
    return j;
}

CoefficientSet loadCoefficientSet(const std::string& idOrPath) {
    const auto path = resolveProfile(idOrPath, "area", "--coefficients");
    return parseCoefficientSet(readText(path), path.string());
}

std::string_view name(Component c) {
    switch (c) {
    case Component::VectorUnits:
        return "vector_units";
    case Component::RegisterFiles:
        return "register_files";
    case Component::SharedMemory:
        return "shared_memory";
    case Component::L1:
        return "l1";
    case Component::L2:
        return "l2";
    case Component::Overhead:
        return "overhead";
    }
    return "?";
}

std::string_view label(Component c) {
    switch (c) {
    case Component::VectorUnits:
        return "Vector-unit logic";
    case Component::RegisterFiles:
        return "Register files";
    case Component::SharedMemory:
        return "Shared memory";
    case Component::L1:
        return "L1 cache";
    case Component::L2:
        return "L2 cache";
    case Component::Overhead:
        return "Overhead (I/O, MC, routing)";
    }
    return "?";
}

std::string_view equation(Component c, Form f) {
    const bool c7 = f == Form::C7Printed;
    switch (c) {
    case Component::VectorUnits:
        return c7 ? "C.7: 0.0447 n_SM n_V (includes alpha_R)" : "C.6: n_SM n_V beta_VU";
    case Component::RegisterFiles:
        return c7 ? "C.7: 0.0043 R_VU n_SM n_V" : "C.6: n_SM n_V (beta_R R_VU + alpha_R)";
    case Component::SharedMemory:
        return c7 ? "C.7: 0.015 M_SM n_SM" : "C.6: n_SM (beta_M M_SM + alpha_M)";
    case Component::L1:
        return c7 ? "C.7: 0.08 L1_pair n_SM" : "C.6: n_SM/2 (beta_L1 L1_pair + alpha_L1)";
    case Component::L2:
        if (c7) {
            return "C.7: 0.041 L2_kB";
        }
        return f == Form::Canonical ? "beta_L2 L2 + alpha_L2 n_SM (spec 1.4)"
                                    : "C.6: beta_L2 L2 + alpha_L2 (once per chip)";
    case Component::Overhead:
        return c7 ? "C.7: 7.317 n_SM (includes the intercepts)" : "C.6: n_SM alpha_oh";
    }
    return "?";
}

std::string_view name(Warning w) {
    switch (w) {
    case Warning::OddSmsWithL1:
        return "odd_sms_with_l1";
    case Warning::VectorUnitsNotWarp:
        return "n_v_not_multiple_of_32";
    case Warning::SharedMemoryOffGrid:
        return "m_sm_off_grid";
    case Warning::RegisterFileOutside:
        return "r_vu_outside_calibration";
    case Warning::SharedMemoryOutside:
        return "m_sm_outside_calibration";
    case Warning::L1Outside:
        return "l1_outside_calibration";
    case Warning::L2Outside:
        return "l2_outside_calibration";
    case Warning::VectorUnitsExtrapolated:
        return "n_v_extrapolated";
    case Warning::NodeExtrapolated:
        return "node_extrapolated";
    }
    return "?";
}

namespace {
std::string range(const std::array<double, 2>& r, const char* unit) {
    std::string s("[");
    s.append(formatNumber(r[0])).append(", ").append(formatNumber(r[1])).append("] ").append(unit);
    return s;
}
} // namespace

std::string describe(Warning w, const CalibrationRanges& r) {
    switch (w) {
    case Warning::OddSmsWithL1:
        return "odd n_SM with an L1: n_SM/2 SM pairs is fractional (spec A22)";
    case Warning::VectorUnitsNotWarp:
        return "n_V is not a multiple of 32 (thesis C.14)";
    case Warning::SharedMemoryOffGrid:
        return "M_SM is not 12, 24, 36 or a multiple of 48 KB (thesis C.15, spec A11)";
    case Warning::RegisterFileOutside:
        return "R_VU outside the Cacti fit " + range(r.rVuKb, "KB") + ": extrapolated";
    case Warning::SharedMemoryOutside:
        return "M_SM outside the Cacti fit " + range(r.mSmKb, "KB") + ": extrapolated";
    case Warning::L1Outside:
        return "L1 per pair outside the Cacti fit " + range(r.l1PairKb, "KB") + ": extrapolated";
    case Warning::L2Outside:
        return "L2 per SM outside the Cacti fit " + range(r.l2PerSmKb, "KB") + ": extrapolated";
    case Warning::VectorUnitsExtrapolated:
        return "n_V outside " + range(r.nV, "") +
               "per SM, where the vector-unit logic was measured: linear extrapolation (spec A23)";
    case Warning::NodeExtrapolated:
        return "coefficients carried from 28 nm to another process node by published density "
               "ratios: an extension outside the calibration (docs/codesign.md)";
    }
    return "?";
}

double totalArea(const Architecture& a, const Coefficients& c, Form f) {
    const double sms = static_cast<double>(a.nSm);
    const double vus = sms * static_cast<double>(a.nV);
    double total = vus * c.betaVu + vus * (c.betaR * a.rVuKb + c.alphaR) +
                   sms * (c.betaM * a.mSmKb + c.alphaM) + sms * c.alphaOh;
    if (a.l1PairKb > 0) {
        total += sms / 2.0 * (c.betaL1 * a.l1PairKb + c.alphaL1);
    }
    if (a.l2Kb > 0) {
        total += c.betaL2 * a.l2Kb + c.alphaL2 * (f == Form::C6Literal ? 1.0 : sms);
    }
    return total;
}

std::vector<Warning> calibrationWarnings(const Architecture& a, const CalibrationRanges& r) {
    std::vector<Warning> w;
    const double sms = static_cast<double>(a.nSm);
    const auto outside = [](double v, const std::array<double, 2>& range) {
        return v < range[0] || v > range[1];
    };
    if (a.nSm % 2 != 0 && a.l1PairKb > 0) {
        w.push_back(Warning::OddSmsWithL1);
    }
    if (a.nV % 32 != 0) {
        w.push_back(Warning::VectorUnitsNotWarp);
    }
    const bool onGrid = a.mSmKb == 12 || a.mSmKb == 24 || a.mSmKb == 36 ||
                        (std::fmod(a.mSmKb, 48.0) == 0 && a.mSmKb >= 48);
    if (!onGrid) {
        w.push_back(Warning::SharedMemoryOffGrid);
    }
    if (outside(a.rVuKb, r.rVuKb)) {
        w.push_back(Warning::RegisterFileOutside);
    }
    if (outside(a.mSmKb, r.mSmKb)) {
        w.push_back(Warning::SharedMemoryOutside);
    }
    if (a.l1PairKb > 0 && outside(a.l1PairKb, r.l1PairKb)) {
        w.push_back(Warning::L1Outside);
    }
    if (a.l2Kb > 0 && outside(a.l2Kb / sms, r.l2PerSmKb)) {
        w.push_back(Warning::L2Outside);
    }
    if (outside(static_cast<double>(a.nV), r.nV)) {
        w.push_back(Warning::VectorUnitsExtrapolated);
    }
    return w;
}

AreaBreakdown areaBreakdown(const Architecture& a, const CoefficientSet& s, Form f) {
    validate(a);
    AreaBreakdown b;
    b.form = f;
    const double sms = static_cast<double>(a.nSm);
    const double vus = sms * static_cast<double>(a.nV);
    std::array<double, 6> mm2{};
    if (f == Form::C7Printed) {
        const auto c7 = s.c7();
        if (!c7) {
            throw InputError(
                "form", "c7",
                "coefficient set '" + s.id + "' has no printed_c7 block; use canonical", s.file);
        }
        // Literal eq. C.7: the intercepts sit inside 0.0447 and 7.317, so nothing is dropped.
        mm2 = {c7->perVu * vus,           c7->rf * a.rVuKb * vus, c7->smem * a.mSmKb * sms,
               c7->l1 * a.l1PairKb * sms, c7->l2 * a.l2Kb,        c7->perSm * sms};
    } else {
        const Coefficients c = s.coefficients();
        mm2[0] = vus * c.betaVu;
        mm2[1] = vus * (c.betaR * a.rVuKb + c.alphaR);
        mm2[2] = sms * (c.betaM * a.mSmKb + c.alphaM);
        mm2[3] = a.l1PairKb > 0 ? sms / 2.0 * (c.betaL1 * a.l1PairKb + c.alphaL1) : 0.0;
        mm2[4] =
            a.l2Kb > 0 ? c.betaL2 * a.l2Kb + c.alphaL2 * (f == Form::C6Literal ? 1.0 : sms) : 0.0;
        mm2[5] = sms * c.alphaOh;
    }
    for (double v : mm2) {
        b.total += v;
    }
    for (std::size_t i = 0; i < mm2.size(); ++i) {
        b.components[i] = {kComponents[i], mm2[i], 100.0 * mm2[i] / b.total};
    }
    b.totalFloor = std::floor(b.total);
    b.perSm = b.total / sms;
    b.compute = mm2[0];
    b.memory = mm2[1] + mm2[2] + mm2[3] + mm2[4];
    b.storageNoRf = mm2[2] + mm2[3] + mm2[4];
    b.overhead = mm2[5];

    b.warnings = calibrationWarnings(a, s.ranges);
    if (s.node != 28) {
        b.warnings.push_back(Warning::NodeExtrapolated);
    }
    return b;
}

std::optional<std::int64_t> maxVectorUnits(double budgetMm2, const Architecture& a,
                                           const CoefficientSet& s, Form f) {
    if (!std::isfinite(budgetMm2) || budgetMm2 <= 0) {
        throw InputError("budget", formatNumber(budgetMm2), "must be a finite area > 0 [mm2]");
    }
    Architecture probe = a;
    probe.nV = 32;
    validate(probe);
    const auto area = [&](std::int64_t nV) {
        probe.nV = nV;
        return areaBreakdown(probe, s, f).total;
    };
    // Area is affine in n_V: solve, then step by whole warps so that the floating-point
    // boundary is decided by the same sum the breakdown reports.
    const double at32 = area(32);
    const double perWarp = area(64) - at32;
    if (at32 > budgetMm2) {
        return std::nullopt;
    }
    std::int64_t nV = 32 + 32 * static_cast<std::int64_t>(std::floor((budgetMm2 - at32) / perWarp));
    nV = std::clamp<std::int64_t>(nV, 32, 1048576 / 32 * 32);
    while (nV > 32 && area(nV) > budgetMm2) {
        nV -= 32;
    }
    while (nV + 32 <= 1048576 && area(nV + 32) <= budgetMm2) {
        nV += 32;
    }
    return nV;
}

MergedCoefficients mergedCoefficients(const Coefficients& c, double rVuKb) {
    MergedCoefficients m;
    m.c7PerVu = c.betaVu + c.alphaR;
    m.c7PerSm = c.alphaOh + c.alphaM + c.alphaL1 / 2 + c.alphaL2;
    m.cacheLessPerVu = c.betaVu + c.betaR * rVuKb + c.alphaR;
    m.cacheLessPerSm = c.alphaOh + c.alphaM;
    m.cacheLessPerSmemKb = c.betaM;
    return m;
}

Architecture cacheLess(Architecture a) {
    a.l1PairKb = 0;
    a.l2Kb = 0;
    return a;
}

Architecture architectureOf(const GpuProfile& p) {
    const std::string where = p.file.empty() ? "GPU " + p.id : p.file;
    const auto get = [&](const char* key) {
        const auto it = p.params.find(key);
        if (it == p.params.end() || !it->second.value) {
            throw InputError(key, {},
                             "missing: the area model needs " + std::string(key) +
                                 " (type it into the GPU's " + std::string(key) +
                                 " field; 0 KB means no cache for l1/l2; no rule estimates it "
                                 "for this GPU)",
                             where);
        }
        return *it->second.value;
    };
    Architecture a;
    a.nSm = static_cast<std::int64_t>(get("n_sm"));
    a.nV = static_cast<std::int64_t>(get("n_v"));
    a.mSmKb = get("m_sm_kb");
    a.rVuKb = get("r_vu_kb");
    a.l1PairKb = get("l1_pair_kb");
    a.l2Kb = get("l2_kb");
    validate(a);
    return a;
}

bool applyArchitecture(GpuProfile& gpu, const Architecture& a) {
    validate(a);
    const std::pair<const char*, double> values[] = {{"n_sm", static_cast<double>(a.nSm)},
                                                     {"n_v", static_cast<double>(a.nV)},
                                                     {"m_sm_kb", a.mSmKb},
                                                     {"r_vu_kb", a.rVuKb},
                                                     {"l1_pair_kb", a.l1PairKb},
                                                     {"l2_kb", a.l2Kb}};
    GpuProfile edited = gpu; // written back only when every key was accepted
    bool changed = false;
    for (const auto& [key, v] : values) {
        const auto it = edited.params.find(key);
        if (it == edited.params.end() || it->second.value != v) {
            setGpuParameter(edited, key, v);
            changed = true;
        }
    }
    if (changed) {
        gpu = std::move(edited);
    }
    return changed;
}

} // namespace cdx::area
