// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

// The Energy workspace's part of a session. In the `.cdx.json` file:
// "energy": {"stencil": "jacobi2d", "space": [S1, S2], "time": T, "tile": [tS1, tS2], "tt": tT,
//   "ss": sS|null, "ops": {"fadd", "fmul", "iadd", "imax"}|null, "mu_sr": x|null,
//   "coefficients": {an energy profile, as profiles/energy/*.json},
//   "variant": {"count", "j1d_count", "j1d_sr", "pitch"},
//   "time_source": {"kind": "given", "t_alg_s": s} | {"kind": "model"} |
//                  {"kind": "measured", "run": id},
//   "objective": "energy"|"time"|"edp"|"weighted", "weight": 0.5, "within": 0.10}
// "variant", "ops", "mu_sr", "objective", "weight" and "within" are optional.
namespace cdx {

class SessionReader;

namespace energy {

// Where T_alg comes from (spec energy-model.md §6.1 item 1): a value the user gives, the Talg
// model of the session's GPU (jacobi1d/jacobi2d; Maxwell-calibrated, a cross-GPU estimate for
// the K20c coefficients), or a measured run of the run database (its tiling and time).
enum class TimeSourceKind { Given, Model, Measured };
std::string_view name(TimeSourceKind k); // "given", "model", "measured"
TimeSourceKind parseTimeSourceKind(std::string_view s, const std::string& field);

struct TimeSource {
    TimeSourceKind kind = TimeSourceKind::Given;
    double tAlgS = 0.5;     // Given
    std::int64_t runId = 0; // Measured (0: none chosen yet)
    bool operator==(const TimeSource&) const = default;
};

} // namespace energy

struct EnergySettings {
    energy::EnergyInput problem; // its tAlgS is the given time (time source "given")
    energy::EnergyProfile coefficients;
    energy::EnergyVariant variant;
    energy::TimeSource timeSource;
    energy::Objective objective = energy::Objective::Energy;
    double weight = 0.5; // of energy, for the weighted objective
    double within = 0.10;
    bool operator==(const EnergySettings&) const = default;
};

// Spec energy-model.md §3.3: J2D, S1 = S2 = 4096, T = 1024, tiles 16 x 64 x 8, T_alg = 0.5 s
// (given), K20c Model A coefficients.
EnergySettings defaultEnergySettings();

inline constexpr const char* kEnergySessionKey = "energy";

nlohmann::ordered_json energySessionToJson(const EnergySettings& e);
// Unknown fields are warnings. Throws InputError naming the file and the field ("energy.tt"):
// a bad profile, unknown stencil or variant, sizes the stencil does not use, odd tT for
// jacobi2d, sS not dividing tS, T_alg <= 0, within outside (0, 1].
EnergySettings energySessionFromJson(const nlohmann::json& block, const SessionReader& r);

} // namespace cdx
