// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "area/process_node.hpp"

#include <nlohmann/json_fwd.hpp>

// The area views' part of a session: which form of the area model, which coefficient set and
// which process node. In the `.cdx.json` file: "area": {"form": "canonical"|"c6"|"c7",
// "node": 28|16|7|5, "overhead_scaling": "logic"|"sram"|"none",
// "coefficients": {a coefficient set as in profiles/area/}} (all optional).
namespace cdx {

class SessionReader;

struct AreaSettings {
    area::Form form = area::Form::Canonical;
    area::CoefficientSet coefficients; // empty: the shipped default set
    int node = area::kCalibrationNode; // the set is carried there (area/process_node.hpp)
    area::OverheadScaling overhead = area::OverheadScaling::Logic;
};

inline constexpr const char* kAreaSessionKey = "area";

nlohmann::ordered_json areaSessionToJson(const AreaSettings& a);
// Unknown fields are warnings; an unknown form or a bad coefficient set is an InputError
// naming the file and the field ("area.form", "area.coefficients: ...").
AreaSettings areaSessionFromJson(const nlohmann::json& block, const SessionReader& r);

} // namespace cdx
