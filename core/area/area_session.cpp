// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_session.hpp"

#include "session/session_block.hpp"

#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

ojson areaSessionToJson(const AreaSettings& a) {
    ojson j{{"form", area::name(a.form)}};
    // Written when not the default, so files of the calibration node stay as they were.
    if (a.node != area::kCalibrationNode || a.overhead != area::OverheadScaling::Logic) {
        j["node"] = a.node;
        j["overhead_scaling"] = area::name(a.overhead);
    }
    if (!a.coefficients.params.empty()) {
        j["coefficients"] = ojson::parse(area::toJson(a.coefficients).dump());
    }
    return j;
}

AreaSettings areaSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kAreaSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"form", "node", "overhead_scaling", "coefficients"}, key);
    AreaSettings a;
    if (block.contains("form")) {
        const std::string form = r.stringMember(block, "form", key);
        a.form = r.named([&] { return area::parseForm(form, key + ".form"); });
    }
    if (block.contains("node")) {
        const auto& n = block.at("node");
        if (!n.is_number_integer()) {
            throw InputError(key + ".node", n.dump().substr(0, 40),
                             "expected " + area::allowedNodes(), r.file());
        }
        a.node = r.named([&] { return area::processNode(n.get<int>(), key + ".node").nm; });
    }
    if (block.contains("overhead_scaling")) {
        const std::string o = r.stringMember(block, "overhead_scaling", key);
        a.overhead =
            r.named([&] { return area::parseOverheadScaling(o, key + ".overhead_scaling"); });
    }
    if (block.contains("coefficients")) {
        a.coefficients = area::coefficientSetFromJson(block.at("coefficients"),
                                                      r.file() + ": " + key + ".coefficients");
    }
    return a;
}

} // namespace cdx
