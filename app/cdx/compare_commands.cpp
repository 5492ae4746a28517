// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/compare_commands.hpp"

#include "cdx/arguments.hpp"
#include "compare/families.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

// Comparison spans every family, so it is a family of its own commands, like `profiles`.
namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kCompareUsage =
    "usage: cdx compare A.cdx.json B.cdx.json [--family talg|area|mwp|power|energy|eatss|chain]\n"
    "                   [--json]\n"
    "  Two saved sessions side by side, A the baseline and B the session: for each family (every\n"
    "  one by default) every headline and intermediate value its own command prints, with A, B,\n"
    "  B - A and the change in %, and one sentence naming what explains most of the difference\n"
    "  (an additive model's difference split over its terms). The values come from the same\n"
    "  model calls as cdx talg, area, mwp, power, energy, eatss and chain. A family a session\n"
    "  cannot be evaluated in (an energy time source that is a measured run: no database here)\n"
    "  says why, and its values on that side are empty. Sessions of different problems are\n"
    "  compared as they are.\n";

std::string number(const compare::ComparedValue& v, std::optional<double> x) {
    if (!x) {
        return "-";
    }
    return v.integer ? formatG(*x, 15) : formatG(*x, 6);
}

int runCompare(const std::vector<std::string>& args, std::ostream& out) {
    const auto [flags, files] = splitOperands(args, {"--family"});
    const Arguments a(flags, {"--family"}, {"--json"});
    if (files.size() != 2) {
        throw InputError("SESSIONS", std::to_string(files.size()) + " files",
                         "expected two session files, A (the baseline) and B");
    }
    const SessionState sa = loadSession(files[0]);
    const SessionState sb = loadSession(files[1]);
    const auto families = compare::compareSessions(sa, sb, a.optional("--family").value_or(""));

    if (a.has("--json")) {
        json byFamily = json::object();
        for (const auto& f : families) {
            byFamily[f.family] = compare::toJson(f);
        }
        out << json{{"command", "compare"},
                    {"a", files[0]},
                    {"b", files[1]},
                    {"families", byFamily}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "A (baseline): " << files[0] << "\nB:            " << files[1] << "\n";
    for (const auto& f : families) {
        o << "\n" << f.title << " (" << f.family << ")\n";
        if (!f.explanation.empty()) {
            o << "  " << f.explanation << "\n";
        }
        std::size_t width = 8;
        for (const auto& v : f.values) {
            width = std::max(width, v.name.size());
        }
        char head[256];
        std::snprintf(head, sizeof head, "  %-*s %16s %16s %16s %10s  %s\n",
                      static_cast<int>(width), "quantity", "A", "B", "B - A", "change", "unit");
        o << head;
        for (const auto& v : f.values) {
            char line[512];
            if (v.isText()) {
                std::snprintf(line, sizeof line, "  %-*s %16s %16s %16s %10s\n",
                              static_cast<int>(width), v.name.c_str(),
                              v.textA.empty() ? "-" : v.textA.c_str(),
                              v.textB.empty() ? "-" : v.textB.c_str(), "",
                              v.textA == v.textB ? "unchanged" : "changed");
            } else {
                std::snprintf(line, sizeof line, "  %-*s %16s %16s %16s %10s  %s\n",
                              static_cast<int>(width), v.name.c_str(), number(v, v.a).c_str(),
                              number(v, v.b).c_str(), number(v, v.delta()).c_str(),
                              compare::percentText(v.deltaPct()).c_str(), v.unit.c_str());
            }
            o << line;
        }
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> compareCommands() {
    return {{"compare",
             "two saved sessions side by side, family by family, and what explains "
             "the difference",
             kCompareUsage, runCompare}};
}

} // namespace cdx::cli
