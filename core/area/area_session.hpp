// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"

#include <nlohmann/json_fwd.hpp>

// The area views' part of a session: which form of the area model and which coefficient
// set. In the `.cdx.json` file: "area": {"form": "canonical"|"c6"|"c7",
// "coefficients": {a coefficient set as in profiles/area/}} (both optional).
namespace cdx {

class SessionReader;

struct AreaSettings {
    area::Form form = area::Form::Canonical;
    area::CoefficientSet coefficients; // empty: the shipped default set
};

inline constexpr const char* kAreaSessionKey = "area";

nlohmann::ordered_json areaSessionToJson(const AreaSettings& a);
// Unknown fields are warnings; an unknown form or a bad coefficient set is an InputError
// naming the file and the field ("area.form", "area.coefficients: ...").
AreaSettings areaSessionFromJson(const nlohmann::json& block, const SessionReader& r);

} // namespace cdx
