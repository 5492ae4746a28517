// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"
#include "mwp/power_model.hpp"
#include "mwp/regime_map.hpp"
#include "params/profiles.hpp"

#include <nlohmann/json_fwd.hpp>
#include <string>

// The MWP-CWP / IPP views' part of a session. In the `.cdx.json` file:
// "mwp": {"gpu": {...}, "kernel": {...}, "variant": {...}, "map": {"x": AXIS, "y": AXIS}}
// with AXIS = {"axis": "comp_insts", "min": 1, "max": 400, "steps": 200, "log": false};
// "variant" and "map" are optional.
namespace cdx {

class SessionReader;

// The MWP-CWP / IPP views' inputs: their own GPU (the thesis's GPUs carry the MWP-CWP,
// power and temperature parameters; the Talg GPUs do not), the kernel, the variant and the
// regime map's axes.
struct MwpSettings {
    GpuProfile gpu;
    KernelProfile kernel;
    mwp::MwpVariant variant;
    mwp::AxisRange mapX{mwp::MapAxis::CompInsts, 1, 400, 200, false};
    mwp::AxisRange mapY{mwp::MapAxis::BandwidthGbs, 10, 400, 200, true};

    // Model inputs (throw InputError naming the missing or invalid key).
    mwp::Device device() const;
    mwp::Kernel model() const;
    bool operator==(const MwpSettings&) const = default;
};

// The IPP power of a session's kernel on its GPU (eqs. 35-48) and the active-SM sweep (eq. 62),
// as the Power view and the power comparison evaluate a session. InputError for a GPU
// without IPP power data (naming the GPUs that have it) or invalid inputs.
struct PowerEvaluation {
    int nSm = 0;
    mwp::PowerParams params;
    mwp::PowerResult result;
    mwp::OptimalSms optimum;
};
PowerEvaluation evaluatePower(const MwpSettings& m);

// GTX 280 with the spec's Example I kernel: every MWP-CWP, power and temperature view works.
MwpSettings defaultMwpSettings();

inline constexpr const char* kMwpSessionKey = "mwp";

nlohmann::ordered_json mwpSessionToJson(const MwpSettings& m);
// Unknown fields (in the block, its variant, map and axes) are warnings. Throws InputError
// naming the file and the field: a bad profile, an unknown variant or axis, inputs outside
// the model's domain ("mwp: ...").
MwpSettings mwpSessionFromJson(const nlohmann::json& block, const SessionReader& r);

// One regime-map axis; `field` names it in messages ("mwp.map.x").
nlohmann::ordered_json mwpAxisToJson(const mwp::AxisRange& a);
mwp::AxisRange mwpAxisFromJson(const nlohmann::json& a, const SessionReader& r,
                               const std::string& field);

// The "variant" object alone.
nlohmann::ordered_json mwpVariantToJson(const mwp::MwpVariant& v);
mwp::MwpVariant mwpVariantFromJson(const nlohmann::json& v, const SessionReader& r,
                                   const std::string& field);

} // namespace cdx
