// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/glossary_commands.hpp"

#include "cdx/arguments.hpp"
#include "glossary/glossary.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kGlossaryUsage =
    "usage: cdx glossary [TERM] [--family F] [--json]\n"
    "  What a symbol or a printed value means: its symbol as the papers write it, a plain\n"
    "  meaning, the unit, the equation and its source, and related keys. TERM is a key as the\n"
    "  commands print it (T_unit, blocks_limit_shared); a TERM that is no key lists every entry\n"
    "  whose key, symbol or meaning contains it. Without TERM, every entry.\n";

int runGlossary(const std::vector<std::string>& args, std::ostream& out) {
    // At most one word that is not a flag: the term.
    const auto [flags, words] = splitOperands(args, {"--family"});
    if (words.size() > 1) {
        throw InputError("TERM", words[1], "give one term (quote a phrase)");
    }
    const Arguments a(flags, {"--family"}, {"--json"});
    const std::string family = a.optional("--family").value_or("");
    const auto families = glossary::families();
    if (!family.empty() && std::find(families.begin(), families.end(), family) == families.end()) {
        std::string known;
        for (const auto& f : families) {
            known += (known.empty() ? "" : ", ") + f;
        }
        throw InputError("--family", family, "expected one of " + known);
    }
    const std::string term = words.empty() ? "" : words.front();
    std::vector<glossary::Entry> found;
    if (term.empty()) {
        for (const auto& e : glossary::entries()) {
            if (family.empty() || e.family == family) {
                found.push_back(e);
            }
        }
    } else {
        found = glossary::search(term, family);
        if (found.empty()) {
            throw InputError("TERM", term,
                             "no entry has it in its key, symbol or meaning (cdx glossary lists "
                             "every entry)");
        }
    }
    if (a.has("--json")) {
        json list = json::array();
        for (const auto& e : found) {
            list.push_back({{"key", e.key},
                            {"symbol", e.symbol},
                            {"meaning", e.meaning},
                            {"unit", e.unit},
                            {"equation", e.equation},
                            {"source", e.source},
                            {"family", e.family},
                            {"see_also", e.seeAlso}});
        }
        out << json{{"entries", list}}.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    for (const auto& e : found) {
        o << e.key << " (" << e.symbol << ")" << (e.unit.empty() ? "" : " [" + e.unit + "]")
          << "  — " << e.family << "\n  " << e.meaning << "\n  = " << e.equation << "   ("
          << e.source << ")\n";
        if (!e.seeAlso.empty()) {
            o << "  see also:";
            for (const auto& s : e.seeAlso) {
                o << ' ' << s;
            }
            o << '\n';
        }
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> glossaryCommands() {
    return {{"glossary", "what a symbol or a printed value means, with its equation and source",
             kGlossaryUsage, runGlossary}};
}

} // namespace cdx::cli
