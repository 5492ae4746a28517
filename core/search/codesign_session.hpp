// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/codesign.hpp"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

// The codesign view's part of a session. In the `.cdx.json` file:
// "codesign": {"workload": "ppopp17", "area_range_mm2": [200, 650], "budget_mm2": [425, 450],
// "limits": {"reticle": true, "reticle_mm2": 858, "power": false, "power_w": 300},
// "grid": {"n_sm": [...], "n_v": [...], "m_sm_kb": [...], "bandwidth_gbs": [...]}}
// (every field optional: a missing one keeps its default; a missing grid axis is the
// thesis' axis, a missing bandwidth axis the GPU's L only).
namespace cdx {

class SessionReader;

// The codesign view's settings: which workload, the area range searched and the budget band.
struct CodesignSettings {
    std::string workload = "ppopp17"; // a named workload (search/workload.hpp) or a file
    double areaMin = 200;             // search range [mm^2] (the thesis' budgets)
    double areaMax = 650;
    double budgetMin = 425; // highlighted budget band [mm^2] (Table C.2)
    double budgetMax = 450;
    // Physical limits (issue 32; search::PhysicalLimits).
    bool reticleOn = true;
    double reticleMm2 = 858;
    bool powerOn = false;
    double powerW = 300;
    // The grid (issue 32): empty = the thesis' axis (bandwidth: the GPU's L only).
    std::vector<std::int64_t> gridNSm;
    std::vector<std::int64_t> gridNV;
    std::vector<double> gridMSmKb;
    std::vector<double> gridBandwidthGBs;
    // The chip model (issue 59; search::ChipModel): off by default, the papers' codesign.
    // In the file: "chip": {"on": true, "memory": "hbm3e", "whole_die": true, "objective":
    // "time"} and the grid's "clock_mhz" and "memory_units" axes.
    bool chipOn = false;
    std::string memoryTech; // empty: the GPU's own
    bool wholeDie = false;
    std::string objective = "time";
    std::vector<double> gridClockMhz;          // empty: the GPU's clock
    std::vector<std::int64_t> gridMemoryUnits; // empty: the GPU's stacks or chips

    bool operator==(const CodesignSettings&) const = default;
};

inline constexpr const char* kCodesignSessionKey = "codesign";

// The hardware grid the settings describe: an axis left empty is the thesis' (thesisGrid()).
// The Codesign view searches it and the Architecture view's sliders step through it.
search::HardwareGrid gridOf(const CodesignSettings& c);

nlohmann::ordered_json codesignSessionToJson(const CodesignSettings& c);
// Unknown fields are warnings; a range that is not [min, max] with 0 <= min <= max or an
// empty workload is an InputError naming the file and the field.
CodesignSettings codesignSessionFromJson(const nlohmann::json& block, const SessionReader& r);

} // namespace cdx
