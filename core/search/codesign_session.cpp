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
    if (!grid.empty()) {
        j["grid"] = grid;
    }
    return j;
}

CodesignSettings codesignSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kCodesignSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"workload", "area_range_mm2", "budget_mm2", "limits", "grid"}, key);
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
        r.warnUnknownFields(g, {"n_sm", "n_v", "m_sm_kb", "bandwidth_gbs"}, gk);
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
    }
    return c;
}

} // namespace cdx
