// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/memory_tech.hpp"

#include "params/input_error.hpp"

#include <cmath>

namespace cdx::area {

const std::vector<MemoryTechKey>& memoryTechKeys() {
    static const std::vector<MemoryTechKey> keys{
        {"width_bits", "bit", "interface width of one stack or chip"},
        {"pin_rate_gbps", "Gb/s", "data rate per pin used by default"},
        {"pin_rate_max_gbps", "Gb/s", "fastest data rate per pin of the technology"},
        {"capacity_gb", "GB", "capacity of one stack or chip"},
        {"phy_mm2", "mm2", "PHY area on the GPU die per stack or chip (does not shrink)"},
        {"controller_mm2_7nm", "mm2", "memory controller area per stack or chip at 7 nm"},
        {"energy_pj_per_bit", "pJ/bit", "energy per bit moved"},
        {"floor_w", "W", "power per stack or chip with no traffic (clock held)"},
    };
    return keys;
}

namespace {
std::string keyList() {
    std::string out;
    for (const auto& k : memoryTechKeys()) {
        out += (out.empty() ? "" : ", ") + std::string(k.key);
    }
    return out;
}
} // namespace

double MemoryTech::value(const std::string& key) const {
    const auto it = params.find(key);
    if (it == params.end() || !it->second.value) {
        throw InputError("params." + key, {}, "missing in the memory technology " + id, file);
    }
    return *it->second.value;
}

MemoryTech memoryTechFromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a memory technology object", file);
    }
    for (const auto& [field, _] : j.items()) {
        if (field != "id" && field != "name" && field != "unit" && field != "note" &&
            field != "params") {
            throw InputError(field, {}, "unknown field; expected id, name, unit, note, params",
                             file);
        }
    }
    MemoryTech t;
    t.file = file;
    for (auto [key, slot] : {std::pair{"id", &t.id}, std::pair{"name", &t.name},
                             std::pair{"unit", &t.unit}, std::pair{"note", &t.note}}) {
        const bool required = std::string(key) != "note";
        if (!j.contains(key)) {
            if (required) {
                throw InputError(key, {}, "missing; expected a non-empty string", file);
            }
            continue;
        }
        if (!j.at(key).is_string() || (required && j.at(key).get<std::string>().empty())) {
            throw InputError(key, j.at(key).dump(), "expected a non-empty string", file);
        }
        *slot = j.at(key).get<std::string>();
    }
    if (t.unit != "stack" && t.unit != "chip") {
        throw InputError("unit", t.unit, "expected stack (HBM) or chip (GDDR)", file);
    }
    if (!j.contains("params") || !j.at("params").is_object()) {
        throw InputError("params", {}, "missing; expected an object of " + keyList(), file);
    }
    for (const auto& [name, q] : j.at("params").items()) {
        const MemoryTechKey* key = nullptr;
        for (const auto& k : memoryTechKeys()) {
            key = name == k.key ? &k : key;
        }
        if (key == nullptr) {
            throw InputError("params." + name, {}, "unknown key; known keys: " + keyList(), file);
        }
        const std::string path = "params." + name;
        const std::string allowed = "a finite number > 0";
        Quantity v = quantityFromJson(q, key->unit, allowed, path, file);
        if (!v.value || !std::isfinite(*v.value) || *v.value <= 0) {
            throw InputError(path + ".value", v.value ? formatNumber(*v.value) : "null",
                             "expected " + allowed, file);
        }
        t.params[name] = std::move(v);
    }
    for (const auto& k : memoryTechKeys()) {
        if (!t.params.contains(k.key)) {
            throw InputError("params." + std::string(k.key), {},
                             std::string("missing; expected {\"value\": a finite number > 0, "
                                         "\"unit\": \"") +
                                 k.unit + "\", \"kind\": ..., \"source\": \"...\"}",
                             file);
        }
    }
    if (t.value("pin_rate_gbps") > t.value("pin_rate_max_gbps")) {
        throw InputError(
            "params.pin_rate_gbps", formatNumber(t.value("pin_rate_gbps")),
            "at most pin_rate_max_gbps (" + formatNumber(t.value("pin_rate_max_gbps")) + ")", file);
    }
    return t;
}

MemoryTech loadMemoryTech(const std::string& idOrPath) {
    const auto path = resolveProfile(idOrPath, "memory", "--memory");
    return memoryTechFromJson(parseJson(readText(path), path.string()), path.string());
}

MemoryResult evaluateMemory(const MemoryTech& tech, const MemoryConfig& c, double logicScaleVs7nm) {
    if (c.units < 1 || c.units > 64) {
        throw InputError("memory.units", std::to_string(c.units),
                         "a whole number of " + tech.unit + "s from 1 to 64");
    }
    const double maxRate = tech.value("pin_rate_max_gbps");
    if (!std::isfinite(c.pinRateGbps) || c.pinRateGbps < 0 || c.pinRateGbps > maxRate) {
        throw InputError("memory.pin_rate_gbps", formatNumber(c.pinRateGbps),
                         "above 0 and at most " + formatNumber(maxRate) + " Gb/s for " + tech.name +
                             " (0: its default, " + formatNumber(tech.value("pin_rate_gbps")) +
                             ")");
    }
    if (!std::isfinite(logicScaleVs7nm) || logicScaleVs7nm <= 0 || logicScaleVs7nm > 10) {
        throw InputError("memory.logic_scale", formatNumber(logicScaleVs7nm),
                         "the node's logic area factor against 7 nm, in (0, 10]");
    }
    MemoryResult r;
    const double units = c.units;
    r.pinRateGbps = c.pinRateGbps > 0 ? c.pinRateGbps : tech.value("pin_rate_gbps");
    r.bandwidthGBs = units * tech.value("width_bits") * r.pinRateGbps / 8;
    if (!std::isfinite(c.trafficGBs) || c.trafficGBs < 0 || c.trafficGBs > r.bandwidthGBs) {
        throw InputError("memory.traffic_gbs", formatNumber(c.trafficGBs),
                         "from 0 to the bandwidth, " + formatNumber(r.bandwidthGBs) + " GB/s");
    }
    r.capacityGB = units * tech.value("capacity_gb");
    r.phyMm2 = units * tech.value("phy_mm2");
    r.controllerMm2 = units * tech.value("controller_mm2_7nm") * logicScaleVs7nm;
    r.floorW = units * tech.value("floor_w");
    r.trafficW = tech.value("energy_pj_per_bit") * 1e-12 * c.trafficGBs * 8e9;
    r.powerW = r.floorW + r.trafficW;
    return r;
}

} // namespace cdx::area
