// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/lineup_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "lineup/lineup.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

// A line-up spans the families, like compare: a family of its own commands.
namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kLineupUsage =
    "usage: cdx lineup --gpu ID,ID[,ID...] [--stencil ID --space S1[,S2[,S3]] --time T]\n"
    "                  [--family talg|area|codesign|mwp|power|occupancy|energy|eatss|chain]\n"
    "                  [--node 28|16|7|5|4|3|2] [variant flags] [--json]\n"
    "       cdx lineup SESSION.cdx.json SESSION.cdx.json [SESSION...] [--family F] [--optimize]\n"
    "                  [--node 28|16|7|5|4|3|2] [--json]\n"
    "  2 to 12 configurations of one family side by side (default family: talg): GPUs, each in\n"
    "  the default session with the stencil, problem and variant given (the GPU fills both of\n"
    "  the session's GPU slots), or saved sessions. GPUs are put at their own optimum where the\n"
    "  family searches: T_alg at the exact optimal tiles (as cdx optimize), Energy at the tiles\n"
    "  of its objective with T_alg from the Talg model (as cdx energy-optimize). Sessions are\n"
    "  taken as saved (their values equal cdx compare's), or at their optimum with --optimize.\n"
    "  Prints the headline quantity per side with its optimum, the sentence naming the lowest\n"
    "  and highest, then every quantity the family's command prints, one column per side. A\n"
    "  side that cannot be evaluated says why; the others are shown. The die area and codesign\n"
    "  put each GPU at its chip's own process node (the H100 at 5 nm, the GTX 980 at 28 nm; a\n"
    "  chip of a node the model does not carry at 28 nm, said per side); --node puts every\n"
    "  side, sessions included, at one node. The title says which.\n";

std::vector<std::string> splitIds(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        out.push_back(part);
    }
    if (out.empty() || text.back() == ',' ||
        std::any_of(out.begin(), out.end(), [](const std::string& s) { return s.empty(); })) {
        throw InputError("--gpu", text, "expected 2 to 12 GPU ids separated by commas");
    }
    return out;
}

// The default session with the Talg flags given, one per GPU.
std::vector<SessionState> gpuSides(const Arguments& a, const std::vector<std::string>& ids) {
    SessionState base = defaultSession();
    if (a.has("--stencil")) {
        base.stencil = loadStencilProfile(a.required("--stencil"));
    }
    const int dim = base.stencil.dim;
    if (a.has("--space")) {
        const auto space = a.positiveList("--space", 3);
        if (static_cast<int>(space.size()) != dim) {
            throw InputError("--space", a.required("--space"),
                             "stencil '" + base.stencil.id + "' is " + std::to_string(dim) +
                                 "D: expected " + std::to_string(dim) + " size(s)");
        }
        base.problem = talg::Problem{};
        base.problem.dim = dim;
        for (std::size_t i = 0; i < space.size(); ++i) {
            base.problem.space[i] = space[i];
        }
    } else if (base.problem.dim != dim) {
        throw InputError("--space", "",
                         "stencil '" + base.stencil.id + "' is " + std::to_string(dim) +
                             "D: give its sizes");
    }
    if (a.has("--time")) {
        base.problem.time = a.positiveInteger("--time");
    }
    base.variant = parseVariant(a);
    std::vector<SessionState> out;
    for (const auto& id : ids) {
        SessionState s = base;
        s.gpu = loadGpuProfile(id);
        s.mwp.gpu = s.gpu;
        s.title.clear();
        out.push_back(std::move(s));
    }
    return out;
}

std::string number(const compare::ComparedValue& v) {
    if (v.isText()) {
        return v.textB.empty() ? "-" : v.textB;
    }
    return !v.b ? "-" : v.integer ? formatG(*v.b, 15) : formatG(*v.b, 6);
}

int runLineup(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{"--gpu",  "--stencil", "--space",
                                    "--time", "--family",  "--node"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const auto [flags, files] = splitOperands(args, valued);
    const Arguments a(flags, valued, {"--json", "--optimize"});
    const std::string family = a.optional("--family").value_or("talg");
    std::vector<SessionState> sides;
    lineup::Options options; // labels: GPUs' names; sessions: their titles or sides
    options.optimise = a.has("--optimize");
    if (const auto node = a.optional("--node")) {
        const lineup::LineupFamily* f = lineup::lineupFamily(family);
        if (f && !f->chipSetting) {
            throw InputError("--node", *node,
                             "only the area and codesign line-ups have a process node");
        }
        if (f) {
            options.forAll = f->chipSetting->parse(*node, "--node");
        }
    }
    if (a.has("--gpu")) {
        if (!files.empty()) {
            throw InputError("SESSIONS", files.front(),
                             "give GPUs (--gpu) or session files, not both");
        }
        // EATSS and the matrix chains take their GPU and memory from their own settings: a
        // line-up of GPUs would show the same numbers on every side.
        if (family == "eatss" || family == "chain") {
            throw InputError("--family", family,
                             "a line-up of GPUs is of talg, area, codesign, mwp, power, occupancy "
                             "or energy (EATSS and the matrix chains take their GPU from their own "
                             "settings): line up sessions instead");
        }
        sides = gpuSides(a, splitIds(a.required("--gpu")));
        for (const auto& s : sides) {
            options.labels.push_back(profileLabel(s.gpu));
        }
        options.chips.assign(sides.size(), true);
        options.optimise = true;
    } else {
        for (const auto& f : files) {
            sides.push_back(loadSession(f));
        }
    }
    if (checkingOnly()) {
        return 0; // a study's check (issue 60): the input is valid
    }
    const bool progress = sides.size() > 2 && !a.has("--json");
    const lineup::Lineup l =
        lineup::lineUp(std::move(sides), family, options,
                       [progress](std::size_t done, std::size_t total, const std::string& side) {
                           if (progress && done < total) {
                               std::cerr << "cdx lineup: " << side << " (" << done + 1 << " of "
                                         << total << ")\n";
                           }
                       });

    if (a.has("--json")) {
        json j{{"command", "lineup"}};
        const json body = lineup::toJson(l);
        for (auto it = body.begin(); it != body.end(); ++it) {
            j[it.key()] = it.value();
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << l.title << " (" << l.family << "): " << l.headline
      << (l.unit.empty() ? "" : " [" + l.unit + "]") << " per side"
      << (l.settings.empty() ? "" : ", " + l.settings) << "\n  " << l.sentence << "\n\n";
    std::size_t width = 4;
    for (const auto& s : l.sides) {
        width = std::max(width, s.label.size());
    }
    for (std::size_t i = 0; i < l.sides.size(); ++i) {
        const auto& s = l.sides[i];
        const auto v = s.value(l.headline);
        char line[1024];
        const std::string how =
            !s.error.empty()
                ? s.error
                : s.optimum + (s.optimum.empty() || s.setting.empty() ? "" : "; ") + s.setting;
        std::snprintf(line, sizeof line, "  %2zu  %-*s  %14s  %s\n", i + 1, static_cast<int>(width),
                      s.label.c_str(), v ? formatG(*v, 6).c_str() : "-", how.c_str());
        o << line;
        for (const auto& w : s.warnings) { // as the family's own command warns
            o << "      " << std::string(width, ' ') << "  warning: " << w << "\n";
        }
    }
    // Every quantity, one column per side (numbered as above).
    std::vector<std::string> names;
    for (const auto& s : l.sides) {
        for (const auto& v : s.values) {
            if (std::find(names.begin(), names.end(), v.name) == names.end()) {
                names.push_back(v.name);
            }
        }
    }
    std::size_t nameWidth = 8;
    for (const auto& n : names) {
        nameWidth = std::max(nameWidth, n.size());
    }
    o << "\n  " << std::string(nameWidth, ' ');
    for (std::size_t i = 0; i < l.sides.size(); ++i) {
        char head[32];
        std::snprintf(head, sizeof head, " %14zu", i + 1);
        o << head;
    }
    o << "  unit\n";
    for (const auto& n : names) {
        char cell[64];
        std::snprintf(cell, sizeof cell, "  %-*s", static_cast<int>(nameWidth), n.c_str());
        o << cell;
        std::string unit;
        for (const auto& s : l.sides) {
            const auto it =
                std::find_if(s.values.begin(), s.values.end(),
                             [&](const compare::ComparedValue& v) { return v.name == n; });
            std::snprintf(cell, sizeof cell, " %14s",
                          it == s.values.end() ? "-" : number(*it).c_str());
            o << cell;
            if (it != s.values.end() && unit.empty()) {
                unit = it->unit;
            }
        }
        o << "  " << unit << "\n";
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> lineupCommands() {
    return {{"lineup",
             "2 to 12 GPUs or sessions of one family side by side, each at its own optimum",
             kLineupUsage, runLineup}};
}

} // namespace cdx::cli
