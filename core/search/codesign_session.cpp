// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign_session.hpp"

#include "session/session_block.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace cdx {

search::HardwareGrid gridOf(const CodesignSettings& c) {
    search::HardwareGrid g = search::thesisGrid();
    if (!c.gridNSm.empty()) {
        g.nSm = c.gridNSm;
    }
    if (!c.gridNV.empty()) {
        g.nV = c.gridNV;
    }
    if (!c.gridMSmKb.empty()) {
        g.mSmKb = c.gridMSmKb;
    }
    g.bandwidthGBs = c.gridBandwidthGBs;
    if (c.chipOn) {
        g.clockMhz = c.gridClockMhz;
        g.memoryUnits.assign(c.gridMemoryUnits.begin(), c.gridMemoryUnits.end());
    }
    return g;
}

using ojson = nlohmann::ordered_json;

ojson codesignSessionToJson(const CodesignSettings& c) {
    ojson j{{"workload", c.workload},
            {"area_range_mm2", {c.areaMin, c.areaMax}},
            {"budget_mm2", {c.budgetMin, c.budgetMax}}};
    // Written when not the default, so files without limits stay as they were.
    const CodesignSettings d;
    if (c.reticleOn != d.reticleOn || c.reticleMm2 != d.reticleMm2 || c.powerOn != d.powerOn ||
        c.powerW != d.powerW) {
        j["limits"] = {{"reticle", c.reticleOn},
                       {"reticle_mm2", c.reticleMm2},
                       {"power", c.powerOn},
                       {"power_w", c.powerW}};
    }
    ojson grid = ojson::object();
    if (!c.gridNSm.empty()) {
        grid["n_sm"] = c.gridNSm;
    }
    if (!c.gridNV.empty()) {
        grid["n_v"] = c.gridNV;
    }
    if (!c.gridMSmKb.empty()) {
        grid["m_sm_kb"] = c.gridMSmKb;
    }
    if (!c.gridBandwidthGBs.empty()) {
        grid["bandwidth_gbs"] = c.gridBandwidthGBs;
    }
    if (!c.gridClockMhz.empty()) {
        grid["clock_mhz"] = c.gridClockMhz;
    }
    if (!c.gridMemoryUnits.empty()) {
        grid["memory_units"] = c.gridMemoryUnits;
    }
    if (c.chipOn != d.chipOn || c.memoryTech != d.memoryTech || c.wholeDie != d.wholeDie ||
        c.objective != d.objective) {
        j["chip"] = {{"on", c.chipOn},
                     {"memory", c.memoryTech},
                     {"whole_die", c.wholeDie},
                     {"objective", c.objective}};
    }
    if (!grid.empty()) {
        j["grid"] = grid;
    }
    return j;
}

CodesignSettings codesignSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kCodesignSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(
        block, {"workload", "area_range_mm2", "budget_mm2", "limits", "grid", "chip"}, key);
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
    if (block.contains("limits")) {
        const auto& l = block.at("limits");
        const std::string lk = key + ".limits";
        r.requireObject(l, lk);
        r.warnUnknownFields(l, {"reticle", "reticle_mm2", "power", "power_w"}, lk);
        const auto flag = [&](const char* field, bool& out) {
            if (l.contains(field)) {
                if (!l.at(field).is_boolean()) {
                    throw InputError(SessionReader::path(lk, field), l.at(field).dump(),
                                     "expected true or false", r.file());
                }
                out = l.at(field).get<bool>();
            }
        };
        const auto positive = [&](const char* field, double& out, const char* unit) {
            if (l.contains(field)) {
                const auto& v = l.at(field);
                if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0) {
                    throw InputError(SessionReader::path(lk, field), v.dump().substr(0, 60),
                                     std::string("expected a number > 0 (") + unit + ")", r.file());
                }
                out = v.get<double>();
            }
        };
        flag("reticle", c.reticleOn);
        positive("reticle_mm2", c.reticleMm2, "mm2");
        flag("power", c.powerOn);
        positive("power_w", c.powerW, "W");
    }
    if (block.contains("grid")) {
        const auto& g = block.at("grid");
        const std::string gk = key + ".grid";
        r.requireObject(g, gk);
        r.warnUnknownFields(
            g, {"n_sm", "n_v", "m_sm_kb", "bandwidth_gbs", "clock_mhz", "memory_units"}, gk);
        const auto integers = [&](const char* field, std::vector<std::int64_t>& out) {
            if (!g.contains(field)) {
                return;
            }
            const auto& v = g.at(field);
            bool ok = v.is_array() && !v.empty() && v.size() <= 4096;
            for (std::size_t i = 0; ok && i < v.size(); ++i) {
                ok = v[i].is_number_integer() && v[i].get<std::int64_t>() >= 1 &&
                     v[i].get<std::int64_t>() <= 1048576;
            }
            if (!ok) {
                throw InputError(SessionReader::path(gk, field), v.dump().substr(0, 60),
                                 "expected a list of 1 to 4096 integers in [1, 1048576]", r.file());
            }
            out = v.get<std::vector<std::int64_t>>();
        };
        const auto sizes = [&](const char* field, std::vector<double>& out, const char* unit) {
            if (!g.contains(field)) {
                return;
            }
            const auto& v = g.at(field);
            bool ok = v.is_array() && !v.empty() && v.size() <= 4096;
            for (std::size_t i = 0; ok && i < v.size(); ++i) {
                ok = v[i].is_number() && std::isfinite(v[i].get<double>()) &&
                     v[i].get<double>() > 0 && v[i].get<double>() <= 1048576;
            }
            if (!ok) {
                throw InputError(SessionReader::path(gk, field), v.dump().substr(0, 60),
                                 std::string("expected a list of 1 to 4096 numbers in (0, "
                                             "1048576] ") +
                                     unit,
                                 r.file());
            }
            out = v.get<std::vector<double>>();
        };
        integers("n_sm", c.gridNSm);
        integers("n_v", c.gridNV);
        sizes("m_sm_kb", c.gridMSmKb, "KB");
        sizes("bandwidth_gbs", c.gridBandwidthGBs, "GB/s");
        sizes("clock_mhz", c.gridClockMhz, "MHz");
        integers("memory_units", c.gridMemoryUnits);
        for (const std::int64_t u : c.gridMemoryUnits) {
            if (u > 64) {
                throw InputError(SessionReader::path(gk, "memory_units"), std::to_string(u),
                                 "expected stacks or chips from 1 to 64", r.file());
            }
        }
    }
    if (block.contains("chip")) {
        const auto& ch = block.at("chip");
        const std::string ck = key + ".chip";
        r.requireObject(ch, ck);
        r.warnUnknownFields(ch, {"on", "memory", "whole_die", "objective"}, ck);
        for (auto [field, out] :
             {std::pair{"on", &c.chipOn}, std::pair{"whole_die", &c.wholeDie}}) {
            if (ch.contains(field)) {
                if (!ch.at(field).is_boolean()) {
                    throw InputError(SessionReader::path(ck, field), ch.at(field).dump(),
                                     "expected true or false", r.file());
                }
                *out = ch.at(field).get<bool>();
            }
        }
        if (ch.contains("memory")) {
            c.memoryTech = r.stringMember(ch, "memory", ck);
        }
        if (ch.contains("objective")) {
            c.objective = r.stringMember(ch, "objective", ck);
            try {
                search::parseObjective(c.objective, ck + ".objective");
            } catch (const InputError& e) {
                throw InputError(e.field(), e.value(), e.allowed(), r.file());
            }
        }
    }
    return c;
}

} // namespace cdx
