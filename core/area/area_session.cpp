// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_session.hpp"

#include "session/session_block.hpp"

#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

ojson areaSessionToJson(const AreaSettings& a) {
    ojson j{{"form", area::name(a.form)}};
    if (!a.coefficients.params.empty()) {
        j["coefficients"] = ojson::parse(area::toJson(a.coefficients).dump());
    }
    return j;
}

AreaSettings areaSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kAreaSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"form", "coefficients"}, key);
    AreaSettings a;
    if (block.contains("form")) {
        const std::string form = r.stringMember(block, "form", key);
        a.form = r.named([&] { return area::parseForm(form, key + ".form"); });
    }
    if (block.contains("coefficients")) {
        a.coefficients = area::coefficientSetFromJson(block.at("coefficients"),
                                                      r.file() + ": " + key + ".coefficients");
    }
    return a;
}

} // namespace cdx
