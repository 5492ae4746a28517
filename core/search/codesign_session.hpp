// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

// The codesign view's part of a session. In the `.cdx.json` file:
// "codesign": {"workload": "ppopp17", "area_range_mm2": [200, 650], "budget_mm2": [425, 450]}
// (every field optional: a missing one keeps its default).
namespace cdx {

class SessionReader;

// The codesign view's settings: which workload, the area range searched and the budget band.
struct CodesignSettings {
    std::string workload = "ppopp17"; // a named workload (search/workload.hpp) or a file
    double areaMin = 200;             // search range [mm^2] (the thesis' budgets)
    double areaMax = 650;
    double budgetMin = 425; // highlighted budget band [mm^2] (Table C.2)
    double budgetMax = 450;

    bool operator==(const CodesignSettings&) const = default;
};

inline constexpr const char* kCodesignSessionKey = "codesign";

nlohmann::ordered_json codesignSessionToJson(const CodesignSettings& c);
// Unknown fields are warnings; a range that is not [min, max] with 0 <= min <= max or an
// empty workload is an InputError naming the file and the field.
CodesignSettings codesignSessionFromJson(const nlohmann::json& block, const SessionReader& r);

} // namespace cdx
