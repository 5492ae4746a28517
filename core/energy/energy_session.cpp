// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_session.hpp"

#include "params/input_error.hpp"
#include "session/session_block.hpp"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

namespace energy {

std::string_view name(TimeSourceKind k) {
    switch (k) {
    case TimeSourceKind::Given:
        return "given";
    case TimeSourceKind::Model:
        return "model";
    case TimeSourceKind::Measured:
        return "measured";
    }
    return "given";
}

TimeSourceKind parseTimeSourceKind(std::string_view s, const std::string& field) {
    for (auto k : {TimeSourceKind::Given, TimeSourceKind::Model, TimeSourceKind::Measured}) {
        if (s == name(k)) {
            return k;
        }
    }
    throw InputError(field, std::string(s), "expected given, model or measured");
}

} // namespace energy

EnergySettings defaultEnergySettings() {
    EnergySettings e;
    e.problem.stencil = energy::StencilKind::Jacobi2D;
    e.problem.s1 = 4096;
    e.problem.s2 = 4096;
    e.problem.t = 1024;
    e.problem.tS1 = 16;
    e.problem.tS2 = 64;
    e.problem.tT = 8;
    e.problem.tAlgS = 0.5;
    e.coefficients = energy::loadEnergyProfile("k20c-a");
    e.timeSource.tAlgS = 0.5;
    return e;
}

namespace {

ojson sizes(std::int64_t a, std::int64_t b, bool twoD) {
    return twoD ? ojson::array({a, b}) : ojson::array({a});
}

} // namespace

ojson energySessionToJson(const EnergySettings& e) {
    const auto& p = e.problem;
    const bool twoD = p.stencil == energy::StencilKind::Jacobi2D;
    ojson j{{"stencil", energy::name(p.stencil)},
            {"space", sizes(p.s1, p.s2, twoD)},
            {"time", p.t},
            {"tile", sizes(p.tS1, p.tS2, twoD)},
            {"tt", p.tT},
            {"ss", twoD ? ojson(nullptr) : ojson(p.sS)}};
    j["ops"] = p.ops ? ojson{{"fadd", p.ops->fadd},
                             {"fmul", p.ops->fmul},
                             {"iadd", p.ops->iadd},
                             {"imax", p.ops->imax}}
                     : ojson(nullptr);
    j["mu_sr"] = p.muSr ? ojson(*p.muSr) : ojson(nullptr);
    j["coefficients"] = energy::toJson(e.coefficients);
    j["variant"] = {{"count", energy::name(e.variant.count)},
                    {"j1d_count", energy::name(e.variant.j1dCount)},
                    {"j1d_sr", energy::name(e.variant.j1dSr)},
                    {"pitch", energy::name(e.variant.j2dPitch)}};
    // The given time is kept whatever the source, so that switching back restores it.
    ojson ts{{"kind", energy::name(e.timeSource.kind)}, {"t_alg_s", e.timeSource.tAlgS}};
    // So is the chosen run (issue 58: a run chosen, then the source switched to given, was
    // dropped by a save, and the state saved was not the state on screen).
    if (e.timeSource.kind == energy::TimeSourceKind::Measured || e.timeSource.runId != 0) {
        ts["run"] = e.timeSource.runId;
    }
    j["time_source"] = ts;
    j["objective"] = energy::name(e.objective);
    j["weight"] = e.weight;
    j["within"] = e.within;
    return j;
}

EnergySettings energySessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kEnergySessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block,
                        {"stencil", "space", "time", "tile", "tt", "ss", "ops", "mu_sr",
                         "coefficients", "variant", "time_source", "objective", "weight", "within"},
                        key);
    const auto at = [&](const char* k) { return SessionReader::path(key, k); };
    constexpr std::int64_t kMax = std::int64_t(1) << 40;
    const std::string positive = "expected an integer in [1, 2^40]";
    EnergySettings e;
    auto& p = e.problem;
    const std::string stencil = r.stringMember(block, "stencil", key);
    p.stencil = r.named([&] { return energy::parseStencilKind(stencil, at("stencil")); });
    const bool twoD = p.stencil == energy::StencilKind::Jacobi2D;
    const auto pair = [&](const char* k, std::int64_t& a, std::int64_t& b) {
        const auto& v = r.member(block, k, key);
        const std::size_t n = twoD ? 2 : 1;
        if (!v.is_array() || v.size() != n) {
            throw InputError(at(k), v.dump(),
                             twoD ? "expected [S1, S2] (jacobi2d is 2-D)"
                                  : "expected [S] (the stencil is 1-D)",
                             r.file());
        }
        a = r.integer(v[0], at(k) + "[0]", 1, kMax, positive);
        b = twoD ? r.integer(v[1], at(k) + "[1]", 1, kMax, positive) : 0;
    };
    pair("space", p.s1, p.s2);
    pair("tile", p.tS1, p.tS2);
    p.t = r.integer(r.member(block, "time", key), at("time"), 1, kMax, positive);
    p.tT = r.integer(r.member(block, "tt", key), at("tt"), 1, kMax, positive);
    if (block.contains("ss") && !block.at("ss").is_null()) {
        p.sS = r.integer(block.at("ss"), at("ss"), 1, kMax, positive);
    } else if (!twoD) {
        throw InputError(at("ss"), "null", "expected the sub-tile size (dividing tS)", r.file());
    }
    if (block.contains("ops") && !block.at("ops").is_null()) {
        const auto& o = block.at("ops");
        r.requireObject(o, at("ops"));
        r.warnUnknownFields(o, {"fadd", "fmul", "iadd", "imax"}, at("ops"));
        const std::string allowed = "expected a finite number >= 0 (operations per point)";
        energy::OpCounts c;
        c.fadd = r.number(r.member(o, "fadd", at("ops")), at("ops") + ".fadd", allowed);
        c.fmul = r.number(r.member(o, "fmul", at("ops")), at("ops") + ".fmul", allowed);
        c.iadd = r.number(r.member(o, "iadd", at("ops")), at("ops") + ".iadd", allowed);
        c.imax = r.number(r.member(o, "imax", at("ops")), at("ops") + ".imax", allowed);
        p.ops = c;
    }
    if (block.contains("mu_sr") && !block.at("mu_sr").is_null()) {
        p.muSr = r.number(block.at("mu_sr"), at("mu_sr"), "expected a finite number >= 0");
    }
    e.coefficients = energy::energyProfileFromJson(r.member(block, "coefficients", key),
                                                   r.file() + ": " + at("coefficients"));
    if (block.contains("variant")) {
        const auto& v = block.at("variant");
        const std::string vf = at("variant");
        r.requireObject(v, vf);
        r.warnUnknownFields(v, {"count", "j1d_count", "j1d_sr", "pitch"}, vf);
        const auto text = [&](const char* k) { return r.stringMember(v, k, vf); };
        r.named([&] {
            e.variant.count = energy::parseTileCount(text("count"), vf + ".count");
            e.variant.j1dCount = energy::parseJ1dCount(text("j1d_count"), vf + ".j1d_count");
            e.variant.j1dSr = energy::parseJ1dSr(text("j1d_sr"), vf + ".j1d_sr");
            e.variant.j2dPitch = energy::parseJ2dPitch(text("pitch"), vf + ".pitch");
        });
    }
    {
        const auto& ts = r.member(block, "time_source", key);
        const std::string tf = at("time_source");
        r.requireObject(ts, tf);
        r.warnUnknownFields(ts, {"kind", "t_alg_s", "run"}, tf);
        const std::string kind = r.stringMember(ts, "kind", tf);
        e.timeSource.kind =
            r.named([&] { return energy::parseTimeSourceKind(kind, tf + ".kind"); });
        if (e.timeSource.kind == energy::TimeSourceKind::Given || ts.contains("t_alg_s")) {
            e.timeSource.tAlgS = r.number(r.member(ts, "t_alg_s", tf), tf + ".t_alg_s",
                                          "expected a finite time > 0 [s]");
            if (!(e.timeSource.tAlgS > 0) || !std::isfinite(e.timeSource.tAlgS)) {
                throw InputError(tf + ".t_alg_s", formatNumber(e.timeSource.tAlgS),
                                 "expected a finite time > 0 [s]", r.file());
            }
        }
        if (e.timeSource.kind == energy::TimeSourceKind::Measured || ts.contains("run")) {
            e.timeSource.runId =
                r.integer(r.member(ts, "run", tf), tf + ".run", 1,
                          std::numeric_limits<std::int64_t>::max(), "expected a run id >= 1");
        }
    }
    p.tAlgS = e.timeSource.tAlgS;
    if (block.contains("objective")) {
        const std::string o = r.stringMember(block, "objective", key);
        e.objective = r.named([&] { return energy::parseObjective(o, at("objective")); });
    }
    if (block.contains("weight")) {
        e.weight = r.number(block.at("weight"), at("weight"), "expected a number in [0, 1]");
        if (!(e.weight >= 0 && e.weight <= 1)) {
            throw InputError(at("weight"), formatNumber(e.weight),
                             "expected a number in [0, 1] (the weight of energy)", r.file());
        }
    }
    if (block.contains("within")) {
        e.within = r.number(block.at("within"), at("within"), "expected a fraction in (0, 1]");
        if (!(e.within > 0 && e.within <= 1)) {
            throw InputError(at("within"), formatNumber(e.within), "expected a fraction in (0, 1]",
                             r.file());
        }
    }
    // The model's own checks (odd tT for jacobi2d, sS | tS, ...), named in the block.
    try {
        energy::stencilModel(p.stencil).validate(p);
        energy::evaluateEnergy(p, energy::coefficientsOf(e.coefficients), e.variant);
    } catch (const InputError& err) {
        throw InputError(key + "." + err.field(), err.value(), err.allowed(), r.file());
    }
    return e;
}

} // namespace cdx
