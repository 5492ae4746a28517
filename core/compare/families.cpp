// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/families.hpp"

#include "area/area_compare.hpp"
#include "chain/chain_compare.hpp"
#include "eatss/eatss_compare.hpp"
#include "energy/energy_compare.hpp"
#include "mwp/mwp_compare.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"
#include "talg/talg_compare.hpp"

#include <algorithm>

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
