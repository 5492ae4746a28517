// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/throughput_model.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cdx::cli {

// `cdx mwp` (the MWP-CWP model with every intermediate value and the Ch. V category) and
// `cdx power` (the IPP power model, energy, GIPS/W and the optimal number of active SMs).
std::vector<Command> mwpCommands();

nlohmann::ordered_json mwpVariantJson(const mwp::MwpVariant& v);
nlohmann::ordered_json mwpResultJson(const mwp::MwpResult& r);
nlohmann::ordered_json throughputJson(const mwp::ThroughputResult& t);

} // namespace cdx::cli
