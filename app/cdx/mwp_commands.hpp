#pragma once

#include "mwp/mwp_model.hpp"
#include "mwp/throughput_model.hpp"

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cdx::cli {

// `cdx mwp`: the MWP-CWP model with every intermediate value and the Ch. V category.
int runMwp(const std::vector<std::string>& args, std::ostream& out);
// `cdx power`: the IPP power model, energy, GIPS/W and the optimal number of active SMs.
int runPower(const std::vector<std::string>& args, std::ostream& out);

nlohmann::ordered_json mwpVariantJson(const mwp::MwpVariant& v);
nlohmann::ordered_json mwpResultJson(const mwp::MwpResult& r);
nlohmann::ordered_json throughputJson(const mwp::ThroughputResult& t);

extern const char* const kMwpUsage;
extern const char* const kPowerUsage;

} // namespace cdx::cli
