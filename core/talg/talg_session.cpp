// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg_session.hpp"

#include "session/session_block.hpp"

#include <limits>
#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

namespace {

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();

ojson sizesJson(const std::array<std::int64_t, 3>& v, int dim) {
    ojson a = ojson::array();
    for (int i = 0; i < dim; ++i) {
        a.push_back(v[static_cast<std::size_t>(i)]);
    }
    return a;
}

std::array<std::int64_t, 3> sizesFrom(const nlohmann::json& a, int dim, const std::string& field,
                                      const SessionReader& r) {
    const std::string allowed = "expected an array of " + std::to_string(dim) +
                                " positive integers (the stencil is " + std::to_string(dim) + "D)";
    if (!a.is_array() || static_cast<int>(a.size()) != dim) {
        throw InputError(field, a.dump().substr(0, 60), allowed, r.file());
    }
    std::array<std::int64_t, 3> out{1, 1, 1};
    for (int i = 0; i < dim; ++i) {
        out[static_cast<std::size_t>(i)] =
            r.integer(a[static_cast<std::size_t>(i)], field + "[" + std::to_string(i + 1) + "]", 1,
                      kMaxInt, allowed);
    }
    return out;
}

} // namespace

ojson talgVariantToJson(const talg::TalgVariant& v) {
    ojson j{{"pitch", talg::name(v.pitch)},
            {"nw", talg::name(v.nw)},
            {"k", talg::name(v.k)},
            {"w3d", talg::name(v.width3d)},
            {"nsslabs", talg::name(v.subSlabs)},
            {"gb", talg::name(v.gigabyte)},
            {"r_tile", v.registersPerTile ? ojson(*v.registersPerTile) : ojson(nullptr)}};
    // Issue 57's extensions, written only when chosen: a session of the papers' model reads
    // as before (and in older versions).
    if (v.smem != talg::SharedFootprint::Eq19) {
        j["smem"] = talg::name(v.smem);
    }
    if (v.hiding != talg::Hiding::None) {
        j["hiding"] = talg::name(v.hiding);
    }
    if (v.bandwidth != talg::Bandwidth::PerTile) {
        j["bw"] = talg::name(v.bandwidth);
    }
    if (v.registersPerThread) {
        j["registers_per_thread"] = *v.registersPerThread;
    }
    return j;
}

talg::TalgVariant talgVariantFromJson(const nlohmann::json& v, const SessionReader& r,
                                      const std::string& field) {
    r.requireObject(v, field);
    r.warnUnknownFields(v,
                        {"pitch", "nw", "k", "w3d", "nsslabs", "gb", "r_tile", "smem", "hiding",
                         "bw", "registers_per_thread"},
                        field);
    const auto text = [&](const char* key) { return r.stringMember(v, key, field); };
    const auto at = [&](const char* key) { return SessionReader::path(field, key); };
    talg::TalgVariant out;
    r.named([&] {
        out.pitch = talg::parsePitch(text("pitch"), at("pitch"));
        out.nw = talg::parseWavefrontCount(text("nw"), at("nw"));
        out.k = talg::parseKRule(text("k"), at("k"));
        out.width3d = talg::parseWidth3D(text("w3d"), at("w3d"));
        out.subSlabs = talg::parseSubSlabCount(text("nsslabs"), at("nsslabs"));
        out.gigabyte = talg::parseGigaByte(text("gb"), at("gb"));
    });
    if (v.contains("r_tile") && !v.at("r_tile").is_null()) {
        out.registersPerTile = r.integer(v.at("r_tile"), at("r_tile"), 1, kMaxInt,
                                         "expected a positive integer or null");
    }
    r.named([&] {
        if (v.contains("smem")) {
            out.smem = talg::parseSharedFootprint(text("smem"), at("smem"));
        }
        if (v.contains("hiding")) {
            out.hiding = talg::parseHiding(text("hiding"), at("hiding"));
        }
        if (v.contains("bw")) {
            out.bandwidth = talg::parseBandwidth(text("bw"), at("bw"));
        }
    });
    if (v.contains("registers_per_thread") && !v.at("registers_per_thread").is_null()) {
        out.registersPerThread =
            r.integer(v.at("registers_per_thread"), at("registers_per_thread"), 1, 255,
                      "expected registers per thread, an integer in [1, 255], or null");
    }
    return out;
}

void talgSessionToJson(const TalgSettings& t, ojson& session) {
    session["gpu"] = ojson::parse(toJson(t.gpu).dump());
    session["stencil"] = ojson::parse(toJson(t.stencil).dump());
    session["problem"] = {{"space", sizesJson(t.problem.space, t.problem.dim)},
                          {"time", t.problem.time}};
    session["tiles"] = {{"tile", sizesJson(t.tiles.space, t.problem.dim)}, {"tt", t.tiles.time}};
    if (t.tiles.threads > 0) { // issue 57: the block's threads, when not PPCG's default
        session["tiles"]["threads_per_block"] = t.tiles.threads;
    }
    session["variant"] = talgVariantToJson(t.variant);
    session["within"] = t.within;
}

TalgSettings talgSessionFromJson(const nlohmann::json& session, const SessionReader& r) {
    TalgSettings t;
    const auto& gpuJson = r.member(session, "gpu", {});
    t.gpu = gpuProfileFromJson(gpuJson, r.file() + ": gpu", true, false);
    // A file before issue 43 (format 1 or 2, the flat GPU) embedded only its own stencil's
    // C_iter; the other stencils' came from the shipped stencil files, where the shipped GPU's
    // description now keeps them. A workload (codesign, Architecture) needs them: taken from the
    // shipped description of the same id, as that file gave them.
    if (gpuJson.is_object() && !gpuJson.contains("facts") && t.gpu.cIterByStencil.empty()) {
        try {
            const GpuProfile shipped = loadGpuProfile(t.gpu.id);
            for (const auto& [stencil, q] : shipped.cIterByStencil) {
                if (q.kind != "estimated") { // an estimate needs a clock the old GPU has not
                    t.gpu.cIterByStencil.emplace(stencil, q);
                }
            }
        } catch (const InputError&) {
            // not a shipped id: the GPU of the file is all there is
        }
    }
    t.stencil = stencilProfileFromJson(r.member(session, "stencil", {}), r.file() + ": stencil");
    const int dim = t.stencil.dim;

    const auto& problem = r.member(session, "problem", {});
    r.requireObject(problem, "problem");
    r.warnUnknownFields(problem, {"space", "time"}, "problem");
    t.problem.dim = dim;
    t.problem.space = sizesFrom(r.member(problem, "space", "problem"), dim, "problem.space", r);
    t.problem.time = r.integer(r.member(problem, "time", "problem"), "problem.time", 1, kMaxInt,
                               "expected a positive integer");

    const auto& tiles = r.member(session, "tiles", {});
    r.requireObject(tiles, "tiles");
    r.warnUnknownFields(tiles, {"tile", "tt", "threads_per_block"}, "tiles");
    t.tiles.space = sizesFrom(r.member(tiles, "tile", "tiles"), dim, "tiles.tile", r);
    t.tiles.time = r.integer(r.member(tiles, "tt", "tiles"), "tiles.tt", 2, kMaxInt,
                             "expected an even integer >= 2 (tT)");
    if (tiles.contains("threads_per_block") && !tiles.at("threads_per_block").is_null()) {
        t.tiles.threads =
            r.integer(tiles.at("threads_per_block"), "tiles.threads_per_block", 0, 1024,
                      "expected threads per block, an integer in [0, 1024] (0: "
                      "PPCG's default, one per point of the innermost tile)");
    }

    t.variant = talgVariantFromJson(r.member(session, "variant", {}), r);

    t.within = r.number(r.member(session, "within", {}), "within", "expected a fraction >= 0");
    if (t.within < 0) {
        throw InputError("within", formatNumber(t.within), "expected a fraction >= 0", r.file());
    }

    // Everything the model needs must be valid; a missing C_iter is allowed (the user
    // supplies it in the editor), so validate with a placeholder when it is absent.
    Stencil st;
    try {
        st = toStencil(t.stencil, t.gpu);
    } catch (const InputError&) {
        StencilProfile placeholder = t.stencil;
        placeholder.cIterByGpu = {{t.gpu.id, Quantity{1.0, "s", {}, {}, {}, {}}}};
        st = toStencil(placeholder, t.gpu);
    }
    r.named([&] { talg::validate(st, t.problem, t.tiles, toGpu(t.gpu), t.variant); });
    return t;
}

} // namespace cdx
