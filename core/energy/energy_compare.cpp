// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_compare.hpp"

#include "energy/energy_explain.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

#include <map>

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
    // The units of `cdx energy --json` (per tile and per point where the model's term is).
    static const std::map<std::string, std::string> units{
        {"E_alg", "J"},
        {"E_stat", "J"},
        {"E_dyn", "J"},
        {"E_dyn_gs", "J"},
        {"E_dyn_sr", "J"},
        {"E_dyn_ar", "J"},
        {"E_tile", "J/tile"},
        {"E_gs", "J/tile"},
        {"E_sr", "J/tile"},
        {"E_ar", "J/tile"},
        {"E_iter", "J/point"},
        {"e_pt", "J/point"},
        {"P_avg", "W"},
        {"EDP", "J·s"},
        {"t_alg_s", "s"},
        {"N_tiles", "tiles"},
        {"V_tile", "points"},
        {"M_io", "words/tile"},
        {"SR", "words/tile"},
        {"M_tile", "words"},
        {"V_eff", "points"},
        {"V_alg", "points"},
        {"M_io_per_V_tile", "words/point"},
    };
    for (auto& v : f.values) {
        if (const auto u = units.find(v.name); u != units.end()) {
            v.unit = u->second;
        }
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
