// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "params/profiles.hpp"

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

// Energy coefficient profiles (profiles/energy/*.json): every coefficient with unit and source.
namespace cdx::energy {

struct EnergyProfile {
    std::string id;
    std::string name;
    std::string gpu;
    std::string method; // "micro-benchmark", "regression", "user", ...
    std::string architecture;
    std::string note;
    std::string file; // where it was read from, for messages
    std::map<std::string, Quantity> params;
    // Equal in what it describes: `file` (where it was read from) is neither written nor
    // compared, so one profile read from two places is one profile.
    bool operator==(const EnergyProfile& o) const {
        return id == o.id && name == o.name && gpu == o.gpu && method == o.method &&
               architecture == o.architecture && note == o.note && params == o.params;
    }
};

// Reads a profile; throws InputError naming the file, the key, the value and what is allowed
// (unknown or missing keys, wrong units, null, negative or non-finite values).
// Keys: p_stat_w [W]; e_gs_j, e_sr_j [J/word]; e_fadd_j, e_fmul_j, e_iadd_j, e_imax_j [J/op];
// optional rmse_sw_pct, rmse_j1d_pct, rmse_j2d_pct [%] (the stated model errors).
EnergyProfile energyProfileFromJson(const nlohmann::json& j, const std::string& file);
// An id of profiles/energy ("k20c-a", "k20c-b"), the id of a GPU description with an energy
// block ("k20c", a GPU of the user's derived from it: energy/energy_gpu.hpp) or a path of
// either; an unknown id lists the known ones (flag "--coefficients"). A profile file may name
// a description instead of holding params ("description": "k20c": k20c-a is the K20c's block).
EnergyProfile loadEnergyProfile(const std::string& idOrPath);
// The GPU descriptions, shipped and the user's, that carry every energy coefficient.
std::vector<std::string> gpusWithEnergyCoefficients();

// The profile as profiles/energy/*.json writes it (energyProfileFromJson reads it back).
nlohmann::ordered_json toJson(const EnergyProfile& p);

EnergyCoefficients coefficientsOf(const EnergyProfile& p);
// Shorthand: loadEnergyProfile + coefficientsOf.
EnergyCoefficients loadEnergyCoefficients(const std::string& idOrPath);
// A stencil for the energy model: one of the three plug-ins' tilings with its own operations per
// point and mu_sr. "sw", "jacobi1d", "jacobi2d" are the built-in ones (the defaults of spec
// §1.4-1.6); any other argument is a JSON file (spec §6.1 items 5-6: other stencils on the same
// tilings, e.g. Heat 2D or Laplacian 2D on hybrid-hexagonal tiles):
// {"id", "name", "tiling": "sw"|"jacobi1d"|"jacobi2d", "ops": {"fadd", "fmul", "iadd", "imax"},
//  "mu_sr": x (jacobi2d only, optional), "talg_stencil": ID (optional: the Talg stencil profile
//  whose times the Talg-model time source uses; default the tiling's jacobi1d/jacobi2d),
//  "source": "..."}. Unknown fields, negative or non-finite counts are InputErrors naming the
// file and the field (flag `--stencil`).
struct EnergyStencil {
    std::string id;
    std::string name;
    std::string file; // empty for the built-in ones
    StencilKind tiling = StencilKind::Jacobi2D;
    std::optional<OpCounts> ops; // nullopt: the tiling's defaults
    std::optional<double> muSr;
    std::string talgStencil; // "" : sw has none
    std::string source;
};
EnergyStencil loadEnergyStencil(const std::string& idOrPath);

// The RMS error [%] the source states for this stencil, if the profile gives one.
std::optional<double> statedRmsePct(const EnergyProfile& p, StencilKind k);

} // namespace cdx::energy
