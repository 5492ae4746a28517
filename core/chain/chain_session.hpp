// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_extensions.hpp"
#include "chain/chain_model.hpp"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <vector>

// The Matrix chains workspace's part of a session. In the `.cdx.json` file:
// "chain": {"dims": [P0, P1, ..., Pn], "memory_words": M, "beta": "corrected"|"thesis",
//   "single_mm_node": T (1-based, the op-count tree's node the single-MM view shows),
//   "table_d1": {"chains": N, "seed": S, "sizes": [LOW, HIGH]}}; "single_mm_node" and
// "table_d1" are optional.
namespace cdx {

class SessionReader;

struct ChainSettings {
    std::vector<std::int64_t> dims{936, 1008, 552, 368, 1016, 616, 544}; // spec §6.1
    double memoryWords = 65536;
    chain::Beta beta = chain::Beta::Corrected;
    int singleMMNode = 1;
    int tableChains = 1000;
    std::uint64_t tableSeed = 1;
    std::int64_t tableLo = 320, tableHi = 1024;
    bool operator==(const ChainSettings&) const = default;
};

// The thesis's worked example (D.7) at M = 65536 with the corrected beta.
ChainSettings defaultChainSettings();

inline constexpr const char* kChainSessionKey = "chain";

nlohmann::ordered_json chainSessionToJson(const ChainSettings& c);
// Unknown fields are warnings; bad dimensions, capacity, beta or node are an InputError naming
// the file and the field ("chain.dims[3]").
ChainSettings chainSessionFromJson(const nlohmann::json& block, const SessionReader& r);

// The Table D.1 configuration of a session: n = 2..20, both thesis capacities, its beta.
chain::TableD1Config tableD1Config(const ChainSettings& c);

} // namespace cdx
