// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign_session.hpp"

#include "session/session_block.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

ojson codesignSessionToJson(const CodesignSettings& c) {
    return {{"workload", c.workload},
            {"area_range_mm2", {c.areaMin, c.areaMax}},
            {"budget_mm2", {c.budgetMin, c.budgetMax}}};
}

CodesignSettings codesignSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kCodesignSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"workload", "area_range_mm2", "budget_mm2"}, key);
    CodesignSettings c;
    if (block.contains("workload")) {
        c.workload = r.stringMember(block, "workload", key);
        if (c.workload.empty()) {
            throw InputError(key + ".workload", "\"\"",
                             "expected a named workload (ppopp17, thesis) or a workload file",
                             r.file());
        }
    }
    const auto range = [&](const char* field, double& lo, double& hi) {
        if (!block.contains(field)) {
            return;
        }
        const auto& v = block.at(field);
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() ||
            !std::isfinite(v[0].get<double>()) || !std::isfinite(v[1].get<double>()) ||
            v[0].get<double>() < 0 || v[0].get<double>() > v[1].get<double>()) {
            throw InputError(SessionReader::path(key, field), v.dump().substr(0, 60),
                             "expected [min, max] with 0 <= min <= max (mm2)", r.file());
        }
        lo = v[0].get<double>();
        hi = v[1].get<double>();
    };
    range("area_range_mm2", c.areaMin, c.areaMax);
    range("budget_mm2", c.budgetMin, c.budgetMax);
    return c;
}

} // namespace cdx
