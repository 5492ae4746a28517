// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <nlohmann/json_fwd.hpp>

// The Talg part of a session: the GPU and stencil profiles (with their edited values and
// sources), the problem, the tiles, the model variant and the "within X %" of the views.
// Its fields sit at the top level of the `.cdx.json` file (format version 1, before the
// other families had blocks): "gpu", "stencil", "problem", "tiles", "variant", "within".
namespace cdx {

class SessionReader;

struct TalgSettings {
    GpuProfile gpu;
    StencilProfile stencil;
    talg::Problem problem;
    talg::Tiles tiles;
    talg::TalgVariant variant;
    double within = 0.10; // "within X% of the optimum" of the views
    bool operator==(const TalgSettings&) const = default;
};

// The top-level keys the Talg block owns, in file order.
inline constexpr const char* kTalgSessionKeys[] = {"gpu",   "stencil", "problem",
                                                   "tiles", "variant", "within"};

// Writes the six keys into `session` (an object).
void talgSessionToJson(const TalgSettings& t, nlohmann::ordered_json& session);
// Reads them from the session object; unknown fields inside "problem", "tiles" and
// "variant" are warnings. Throws InputError naming the file and the field: a bad profile,
// sizes that do not match the stencil's dimension, invalid tiles or variant. A missing
// C_iter for the GPU is allowed (the user supplies it in the editor).
TalgSettings talgSessionFromJson(const nlohmann::json& session, const SessionReader& r);

// The "variant" object alone.
nlohmann::ordered_json talgVariantToJson(const talg::TalgVariant& v);
talg::TalgVariant talgVariantFromJson(const nlohmann::json& v, const SessionReader& r,
                                      const std::string& field = "variant");

} // namespace cdx
