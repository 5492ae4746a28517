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

namespace cdx::compare {

namespace {
FamilyComparison compareTalgSessions(const SessionState& a, const SessionState& b) {
    return talg::compareSettings(a, b);
}
} // namespace

const std::vector<CompareFamily>& compareFamilies() {
    static const std::vector<CompareFamily> families{
        {"talg", &compareTalgSessions},       {"area", &area::compareSessions},
        {"mwp", &mwp::compareSessions},       {"power", &mwp::comparePowerSessions},
        {"energy", &energy::compareSessions}, {"eatss", &eatss::compareSessions},
        {"chain", &chain::compareSessions},
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
