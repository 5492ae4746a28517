// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/families.hpp"

#include "area/area_compare.hpp"
#include "chain/chain_compare.hpp"
#include "eatss/eatss_compare.hpp"
#include "energy/energy_compare.hpp"
#include "mwp/mwp_compare.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "search/codesign_compare.hpp"
#include "session/session.hpp"
#include "talg/talg_compare.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace cdx::compare {

namespace {
FamilyComparison compareTalgSessions(const SessionState& a, const SessionState& b) {
    return talg::compareSettings(a, b);
}
std::string talgSide(const SessionState& s) {
    return talg::sideName(s);
}
} // namespace

const std::vector<CompareFamily>& compareFamilies() {
    static const std::vector<CompareFamily> families{
        {"talg", &compareTalgSessions, &talgSide},
        {"area", &area::compareSessions, &area::sideName},
        {"codesign", &search::compareDesigns, &area::sideName},
        {"mwp", &mwp::compareSessions, &mwp::sideName},
        {"power", &mwp::comparePowerSessions, &mwp::sideName},
        {"energy", &energy::compareSessions, &energy::sideName},
        {"eatss", &eatss::compareSessions, &eatss::sideName},
        {"chain", &chain::compareSessions, &chain::sideName},
    };
    return families;
}

std::string familyIds() {
    std::string out;
    for (const auto& f : compareFamilies()) {
        out += (out.empty() ? "" : ", ") + f.id;
    }
    return out;
}

std::string sideLabel(const SessionState& s, const std::vector<std::string>& families) {
    if (!s.title.empty()) {
        return s.title;
    }
    std::vector<std::string> parts;
    for (const auto& id : families) {
        for (const auto& f : compareFamilies()) {
            if (f.id == id) {
                std::string p = f.side(s);
                if (std::find(parts.begin(), parts.end(), p) == parts.end()) {
                    parts.push_back(std::move(p));
                }
            }
        }
    }
    std::string out;
    for (const auto& p : parts) {
        out += (out.empty() ? "" : "; ") + p;
    }
    return out;
}

namespace {
std::string dims(const nlohmann::json& v) {
    if (!v.is_array()) {
        return v.dump();
    }
    std::string out;
    for (const auto& x : v) {
        out += (out.empty() ? "" : "\u00d7") +
               (x.is_number() ? formatNumber(x.get<double>()) : x.dump());
    }
    return out;
}
// The leaf paths under two JSON values that differ ("variant.case2"), at most `limit`.
void leafDiffs(const nlohmann::json& a, const nlohmann::json& b, const std::string& path,
               std::vector<std::string>& out, std::size_t limit) {
    if (out.size() >= limit || a == b) {
        return;
    }
    if (a.is_object() && b.is_object()) {
        for (const auto& [k, v] : a.items()) {
            leafDiffs(v, b.contains(k) ? b.at(k) : nlohmann::json(),
                      path.empty() ? k : path + "." + k, out, limit);
        }
        for (const auto& [k, v] : b.items()) {
            if (!a.contains(k)) {
                leafDiffs(nlohmann::json(), v, path.empty() ? k : path + "." + k, out, limit);
            }
        }
        return;
    }
    out.push_back(path);
}
} // namespace

std::vector<std::string> differences(const SessionState& a, const SessionState& b) {
    std::vector<std::string> out;
    const auto ja = nlohmann::json::parse(sessionToJson(a));
    const auto jb = nlohmann::json::parse(sessionToJson(b));
    const auto member = [](const nlohmann::json& j, const char* k) {
        return j.contains(k) ? j.at(k) : nlohmann::json();
    };
    // The Talg settings, in words.
    if (profileLabel(a.gpu) != profileLabel(b.gpu)) {
        out.push_back("GPU " + profileLabel(a.gpu) + " \u2192 " + profileLabel(b.gpu));
    } else if (member(ja, "gpu") != member(jb, "gpu")) {
        std::vector<std::string> fields;
        leafDiffs(member(ja, "gpu"), member(jb, "gpu"), "", fields, 4);
        std::string list;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            list += (i ? ", " : "") + fields[i];
        }
        out.push_back("GPU " + profileLabel(a.gpu) + ": " + list);
    }
    if (member(ja, "stencil") != member(jb, "stencil")) {
        out.push_back("stencil " + profileLabel(a.stencil) + " \u2192 " + profileLabel(b.stencil));
    }
    const auto problem = [&](const nlohmann::json& j) {
        const auto p = member(j, "problem");
        return dims(member(p, "space")) + ", T " + dims(member(p, "time"));
    };
    if (member(ja, "problem") != member(jb, "problem")) {
        out.push_back("problem " + problem(ja) + " \u2192 " + problem(jb));
    }
    const auto tiles = [&](const nlohmann::json& j) {
        const auto t = member(j, "tiles");
        return dims(member(t, "tile")) + ", tT " + dims(member(t, "tt"));
    };
    if (member(ja, "tiles") != member(jb, "tiles")) {
        out.push_back("tiles " + tiles(ja) + " \u2192 " + tiles(jb));
    }
    // Every other block by the fields that differ.
    static const std::vector<std::pair<std::string, std::string>> blocks{
        {"variant", "Talg variant"}, {"within", "near-optimal band"},
        {"area", "die area"},        {"codesign", "codesign"},
        {"mwp", "MWP-CWP"},          {"energy", "energy"},
        {"eatss", "EATSS"},          {"chain", "matrix chains"}};
    for (const auto& [key, name] : blocks) {
        const auto x = member(ja, key.c_str());
        const auto y = member(jb, key.c_str());
        if (x == y) {
            continue;
        }
        std::vector<std::string> fields;
        leafDiffs(x, y, "", fields, 4);
        std::string list;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            list += (i ? ", " : "") + (fields[i].empty() ? key : fields[i]);
        }
        out.push_back(name + ": " + list);
    }
    return out;
}

std::vector<FamilyComparison> compareSessions(const SessionState& a, const SessionState& b,
                                              const std::string& family) {
    std::vector<FamilyComparison> out;
    for (const auto& f : compareFamilies()) {
        if (family.empty() || f.id == family) {
            out.push_back(f.compare(a, b));
        }
    }
    if (out.empty()) {
        throw InputError("--family", family, "expected one of " + familyIds());
    }
    return out;
}

} // namespace cdx::compare
