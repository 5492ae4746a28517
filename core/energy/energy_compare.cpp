// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_compare.hpp"

#include "energy/energy_explain.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

namespace cdx::energy {

namespace {

EnergyResult energySide(const SessionState& s) {
    SettingsEvaluation e = evaluateSettings(s.energy, s.gpu, s.variant, std::nullopt);
    if (!e.result) {
        throw InputError("energy", "", e.error);
    }
    return *e.result;
}

} // namespace

compare::FamilyComparison compareResults(const EnergyResult* ra, const EnergyResult* rb) {
    compare::FamilyComparison f;
    f.family = "energy";
    f.title = "Energy";
    compare::addJson(f, ra ? toJson(*ra) : nlohmann::json(), rb ? toJson(*rb) : nlohmann::json());
    for (auto& v : f.values) {
        v.unit = v.name.rfind("E_", 0) == 0 || v.name == "e_pt" ? "J"
                 : v.name == "P_avg"                            ? "W"
                 : v.name == "EDP"                              ? "J·s"
                 : v.name == "t_alg_s"                          ? "s"
                                                                : v.unit;
    }
    if (!ra || !rb) {
        return f;
    }
    // E_alg = P_stat T_alg + N_tiles (E_gs + E_sr + E_ar) (B.1, B.2): four exact terms.
    const auto term = [](const char* name, double x, double y) {
        return compare::Contribution{name, y - x,
                                     std::string(name) + " " + compare::change(x, y) + " J"};
    };
    f.contributions = {term("static", ra->eStat, rb->eStat),
                       term("global<->shared", ra->eDynGs, rb->eDynGs),
                       term("shared<->register", ra->eDynSr, rb->eDynSr),
                       term("arithmetic", ra->eDynAr, rb->eDynAr)};
    const auto total =
        std::find_if(f.values.begin(), f.values.end(),
                     [](const compare::ComparedValue& v) { return v.name == "E_alg"; });
    f.explanation = compare::explainSum(*total, f.contributions);
    return f;
}

std::string sideName(const SessionState& s) {
    return profileLabel(s.gpu);
}

compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison errors;
    std::optional<EnergyResult> ra, rb;
    compare::evaluateSides(
        errors, [&] { ra = energySide(a); }, [&] { rb = energySide(b); });
    compare::FamilyComparison f = compareResults(ra ? &*ra : nullptr, rb ? &*rb : nullptr);
    if (!errors.error.empty()) {
        f.error = errors.error;
        f.explanation = errors.explanation;
    }
    return f;
}

} // namespace cdx::energy
