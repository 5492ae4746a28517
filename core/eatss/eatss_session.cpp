// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_session.hpp"

#include "params/input_error.hpp"
#include "session/session_block.hpp"

#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

namespace eatss {

ojson toJson(const Program& p) {
    ojson loops = ojson::array();
    for (const auto& l : p.loops) {
        loops.push_back({{"name", l.name}, {"parallel", l.parallel}});
    }
    ojson refs = ojson::array();
    for (const auto& r : p.references) {
        ojson ref{{"array", r.array}, {"subscripts", r.subscripts}};
        if (!r.extents.empty()) {
            ref["extents"] = r.extents;
        }
        refs.push_back(std::move(ref));
    }
    ojson j{{"id", p.id}};
    if (!p.name.empty()) {
        j["name"] = p.name;
    }
    if (!p.statement.empty()) {
        j["statement"] = p.statement;
    }
    j["loops"] = loops;
    j["references"] = refs;
    return j;
}

std::string toRels(const Program& p) {
    std::string s = "1\n" + (p.statement.empty() ? std::string("S1") : p.statement) + ":";
    for (std::size_t i = 0; i < p.loops.size(); ++i) {
        s += (i ? "," : "") + p.loops[i].name + (p.loops[i].parallel ? "*" : "");
    }
    s += "\n" + std::to_string(p.references.size()) + "\n";
    for (const auto& r : p.references) {
        s += r.array + ":";
        std::string sizes;
        for (std::size_t i = 0; i < r.subscripts.size(); ++i) {
            s += (i ? "," : "") + r.subscripts[i];
            // The typed extents, or 1 where the program gave none (the model does not use them).
            const std::int64_t n = i < r.extents.size() ? r.extents[i] : 1;
            if (i) {
                sizes += ',';
            }
            sizes += std::to_string(n);
        }
        s += ":" + sizes + "\n";
    }
    return s;
}

} // namespace eatss

EatssSettings defaultEatssSettings() {
    EatssSettings e;
    e.program = eatss::loadProgram("gemm");
    e.gpu = "a100";
    e.options = {eatss::Mode::Artifact, 0.25, 1.0, eatss::Precision::Double};
    e.mapX = "j";
    e.mapY = "k";
    return e;
}

ojson eatssSessionToJson(const EatssSettings& e) {
    ojson j{{"program", eatss::toJson(e.program)},
            {"gpu", e.gpu},
            {"mode", eatss::name(e.options.mode)},
            {"split", e.options.split},
            {"align", e.options.align},
            {"precision", eatss::name(e.options.precision)}};
    if (!e.mapX.empty() || !e.mapY.empty()) {
        j["map"] = {{"x", e.mapX}, {"y", e.mapY}};
    }
    return j;
}

EatssSettings eatssSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kEatssSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"program", "gpu", "mode", "split", "align", "precision", "map"},
                        key);
    const auto at = [&](const char* k) { return SessionReader::path(key, k); };
    EatssSettings e;
    e.program =
        eatss::programFromJson(r.member(block, "program", key), r.file() + ": " + at("program"));
    e.gpu = r.stringMember(block, "gpu", key);
    try {
        (void)eatss::loadGpu(e.gpu);
    } catch (const InputError& err) {
        throw InputError(at("gpu"), e.gpu, err.allowed(), r.file());
    }
    e.options.mode =
        r.named([&] { return eatss::parseMode(r.stringMember(block, "mode", key), at("mode")); });
    e.options.precision = r.named([&] {
        return eatss::parsePrecision(r.stringMember(block, "precision", key), at("precision"));
    });
    e.options.split =
        r.number(r.member(block, "split", key), at("split"), "expected a fraction in [0, 1]");
    e.options.align =
        r.number(r.member(block, "align", key), at("align"), "expected a warp fraction in [0, 1]");
    if (block.contains("map")) {
        const auto& m = block.at("map");
        r.requireObject(m, at("map"));
        r.warnUnknownFields(m, {"x", "y"}, at("map"));
        e.mapX = r.stringMember(m, "x", at("map"));
        e.mapY = r.stringMember(m, "y", at("map"));
        for (const auto* name : {&e.mapX, &e.mapY}) {
            bool found = false;
            for (const auto& l : e.program.loops) {
                found = found || l.name == *name;
            }
            if (!found) {
                throw InputError(at("map"), *name, "expected a loop of the program", r.file());
            }
        }
    }
    // The model's own checks (split within the per-block shared memory, alignment range).
    try {
        (void)eatss::formulate(e.program, eatss::loadGpu(e.gpu), e.options);
    } catch (const InputError& err) {
        // A program the artifact cannot formulate is still a valid session (the views say so);
        // only the options are checked here.
        if (err.field() == "--split" || err.field() == "--align") {
            throw InputError(key + "." + err.field().substr(2), err.value(), err.allowed(),
                             r.file());
        }
    }
    return e;
}

} // namespace cdx
