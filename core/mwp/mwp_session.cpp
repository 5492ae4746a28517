// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_session.hpp"

#include "mwp/mwp_profiles.hpp"
#include "session/session_block.hpp"

#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

PowerEvaluation evaluatePower(const MwpSettings& m) {
    const mwp::Device d = m.device();
    const mwp::Kernel k = m.model();
    PowerEvaluation e;
    e.nSm = d.nSm;
    e.params = mwp::powerParamsOf(m.gpu);
    e.result = mwp::power(d, e.params, k, m.variant);
    e.optimum = mwp::optimalActiveSms(d, e.params, k, m.variant);
    return e;
}

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

ojson mwpAxisToJson(const mwp::AxisRange& a) {
    return {{"axis", mwp::name(a.axis)},
            {"min", a.min},
            {"max", a.max},
            {"steps", a.steps},
            {"log", a.log}};
}

mwp::AxisRange mwpAxisFromJson(const nlohmann::json& a, const SessionReader& r,
                               const std::string& field) {
    r.requireObject(a, field);
    r.warnUnknownFields(a, {"axis", "min", "max", "steps", "log"}, field);
    mwp::AxisRange out;
    const std::string axis = r.stringMember(a, "axis", field);
    out.axis = r.named([&] { return mwp::parseMapAxis(axis, field + ".axis"); });
    out.min = r.number(r.member(a, "min", field), field + ".min", "expected a finite number");
    out.max = r.number(r.member(a, "max", field), field + ".max", "expected a finite number");
    out.steps = static_cast<int>(r.integer(r.member(a, "steps", field), field + ".steps", 2, 2000,
                                           "expected an integer in [2, 2000]"));
    out.log = r.boolean(r.member(a, "log", field), field + ".log");
    if (out.min > out.max || (out.log && out.min <= 0)) {
        throw InputError(field, formatNumber(out.min) + ":" + formatNumber(out.max),
                         "expected min <= max (and min > 0 on a log axis)", r.file());
    }
    return out;
}

ojson mwpVariantToJson(const mwp::MwpVariant& v) {
    return {{"case2", mwp::name(v.case2)},
            {"mem_l_coal", mwp::name(v.memLCoal)},
            {"rep", mwp::name(v.rep)},
            {"npw", mwp::name(v.independentWarps)},
            {"eq63", mwp::name(v.optimalCores)},
            {"temperature", mwp::name(v.temperature)},
            {"clamp_access_rate", v.clampAccessRate}};
}

mwp::MwpVariant mwpVariantFromJson(const nlohmann::json& v, const SessionReader& r,
                                   const std::string& field) {
    r.requireObject(v, field);
    r.warnUnknownFields(
        v, {"case2", "mem_l_coal", "rep", "npw", "eq63", "temperature", "clamp_access_rate"},
        field);
    const auto text = [&](const char* key) { return r.stringMember(v, key, field); };
    const auto at = [&](const char* key) { return SessionReader::path(field, key); };
    mwp::MwpVariant out;
    r.named([&] {
        out.case2 = mwp::parseCase2Rule(text("case2"), at("case2"));
        out.memLCoal = mwp::parseMemLCoalForm(text("mem_l_coal"), at("mem_l_coal"));
        out.rep = mwp::parseRepRounding(text("rep"), at("rep"));
        out.independentWarps = mwp::parseIndependentWarps(text("npw"), at("npw"));
        out.optimalCores = mwp::parseOptimalCoresRule(text("eq63"), at("eq63"));
        out.temperature = mwp::parseTemperatureReading(text("temperature"), at("temperature"));
    });
    out.clampAccessRate =
        r.boolean(r.member(v, "clamp_access_rate", field), at("clamp_access_rate"));
    return out;
}

ojson mwpSessionToJson(const MwpSettings& m) {
    return {{"gpu", ojson::parse(toJson(m.gpu).dump())},
            {"kernel", ojson::parse(toJson(m.kernel).dump())},
            {"variant", mwpVariantToJson(m.variant)},
            {"map", {{"x", mwpAxisToJson(m.mapX)}, {"y", mwpAxisToJson(m.mapY)}}}};
}

MwpSettings mwpSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kMwpSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"gpu", "kernel", "variant", "map"}, key);
    MwpSettings m;
    m.gpu = gpuProfileFromJson(r.member(block, "gpu", key), r.file() + ": " + key + ".gpu", false);
    m.kernel =
        kernelProfileFromJson(r.member(block, "kernel", key), r.file() + ": " + key + ".kernel");
    if (block.contains("variant")) {
        m.variant = mwpVariantFromJson(block.at("variant"), r, key + ".variant");
    }
    if (block.contains("map")) {
        const auto& map = block.at("map");
        const std::string at = key + ".map";
        r.requireObject(map, at);
        r.warnUnknownFields(map, {"x", "y"}, at);
        m.mapX = mwpAxisFromJson(r.member(map, "x", at), r, at + ".x");
        m.mapY = mwpAxisFromJson(r.member(map, "y", at), r, at + ".y");
    }
    try {
        mwp::validate(m.device(), m.model());
    } catch (const InputError& e) {
        throw InputError(key + ": " + e.field(), e.value(), e.allowed(), r.file());
    }
    return m;
}

} // namespace cdx
