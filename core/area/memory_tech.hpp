// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Memory as units of a technology (issue 59): HBM stacks or GDDR chips, each with its width,
// pin rate, capacity, PHY and controller area and power (profiles/memory/*.json, every value
// with its kind and source; shared/spec/codesign-2027.md §2). A count of units gives the chip's
// bandwidth, capacity, interface area and memory power; the papers' raw bandwidth axis stays
// as it is beside it.

#include "params/profiles.hpp"

#include <map>
#include <string>
#include <vector>

namespace cdx::area {

struct MemoryTech {
    std::string id;   // "hbm3"
    std::string name; // "HBM3"
    std::string unit; // "stack" or "chip"
    std::string note;
    std::string file;
    // width_bits, pin_rate_gbps, pin_rate_max_gbps, capacity_gb, phy_mm2, controller_mm2_7nm,
    // energy_pj_per_bit, floor_w (memoryTechKeys()).
    std::map<std::string, Quantity> params;
    double value(const std::string& key) const; // InputError when missing
    bool operator==(const MemoryTech& o) const {
        return id == o.id && name == o.name && unit == o.unit && note == o.note &&
               params == o.params;
    }
};

struct MemoryTechKey {
    const char* key;
    const char* unit;
    const char* meaning;
};
const std::vector<MemoryTechKey>& memoryTechKeys();

// Reads a technology (profiles/memory/<id>.json or a path); InputError naming the file and the
// field: unknown or missing keys, wrong units, values that are not finite and positive, a unit
// other than "stack" or "chip", a default pin rate above the maximum.
MemoryTech memoryTechFromJson(const nlohmann::json& j, const std::string& file);
MemoryTech loadMemoryTech(const std::string& idOrPath);

// The memory of a chip: `units` stacks or chips of `tech` at `pinRateGbps` (0: the
// technology's default), moving `trafficGBs` of data per second.
struct MemoryConfig {
    int units = 0;
    double pinRateGbps = 0;
    double trafficGBs = 0;
};

// Every value, with how it was computed.
struct MemoryResult {
    double pinRateGbps = 0;   // the rate used
    double bandwidthGBs = 0;  // units x width_bits x pin rate / 8
    double capacityGB = 0;    // units x capacity_gb
    double phyMm2 = 0;        // units x phy_mm2 (does not shrink with the node)
    double controllerMm2 = 0; // units x controller_mm2_7nm x logicScale (the node's, vs 7 nm)
    double floorW = 0;        // units x floor_w
    double trafficW = 0;      // energy_pj_per_bit x traffic in bits per second
    double powerW = 0;        // floorW + trafficW
};

// InputError naming the field for units < 1 or > 64, a pin rate outside (0, pin_rate_max_gbps],
// a negative or non-finite traffic or a traffic above the bandwidth, a logic scale outside
// (0, 10].
MemoryResult evaluateMemory(const MemoryTech& tech, const MemoryConfig& c,
                            double logicScaleVs7nm = 1.0);

} // namespace cdx::area
