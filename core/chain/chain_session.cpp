// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_session.hpp"

#include "params/input_error.hpp"
#include "session/session_block.hpp"

#include <limits>
#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

ChainSettings defaultChainSettings() {
    return ChainSettings{};
}

ojson chainSessionToJson(const ChainSettings& c) {
    return ojson{
        {"dims", c.dims},
        {"memory_words", c.memoryWords},
        {"beta", chain::name(c.beta)},
        {"single_mm_node", c.singleMMNode},
        {"table_d1",
         {{"chains", c.tableChains}, {"seed", c.tableSeed}, {"sizes", {c.tableLo, c.tableHi}}}}};
}

ChainSettings chainSessionFromJson(const nlohmann::json& block, const SessionReader& r) {
    const std::string key = kChainSessionKey;
    r.requireObject(block, key);
    r.warnUnknownFields(block, {"dims", "memory_words", "beta", "single_mm_node", "table_d1"}, key);
    const auto at = [&](const char* k) { return SessionReader::path(key, k); };
    ChainSettings c;
    const auto& dims = r.member(block, "dims", key);
    if (!dims.is_array() || dims.size() < 3 || dims.size() > chain::kMaxMatrices + 1) {
        throw InputError(at("dims"), dims.dump(),
                         "expected an array of 3 to " + std::to_string(chain::kMaxMatrices + 1) +
                             " dimensions P0..Pn",
                         r.file());
    }
    c.dims.clear();
    for (std::size_t i = 0; i < dims.size(); ++i) {
        c.dims.push_back(r.integer(dims[i], at("dims") + "[" + std::to_string(i) + "]", 1,
                                   chain::kMaxDimension,
                                   "expected an integer dimension in [1, 2^20]"));
    }
    c.memoryWords = r.number(r.member(block, "memory_words", key), at("memory_words"),
                             "expected an on-chip capacity in [2, 1e15] elements");
    c.beta =
        r.named([&] { return chain::parseBeta(r.stringMember(block, "beta", key), at("beta")); });
    // The model's own checks (capacity range, op count within 63 bits), named.
    r.named([&] {
        try {
            (void)chain::analyseChain(c.dims, c.memoryWords, c.beta);
        } catch (const InputError& e) {
            throw InputError(e.field() == "--memory-words" ? at("memory_words") : at("dims"),
                             e.value(), e.allowed());
        }
        return 0;
    });
    const int n = static_cast<int>(c.dims.size()) - 1;
    if (block.contains("single_mm_node")) {
        c.singleMMNode =
            static_cast<int>(r.integer(block.at("single_mm_node"), at("single_mm_node"), 1, n - 1,
                                       "expected a node T1..T" + std::to_string(n - 1)));
    }
    if (block.contains("table_d1")) {
        const auto& t = block.at("table_d1");
        const std::string tk = at("table_d1");
        r.requireObject(t, tk);
        r.warnUnknownFields(t, {"chains", "seed", "sizes"}, tk);
        c.tableChains =
            static_cast<int>(r.integer(r.member(t, "chains", tk), SessionReader::path(tk, "chains"),
                                       1, 1000000, "expected 1..1000000 chains per n"));
        c.tableSeed = static_cast<std::uint64_t>(
            r.integer(r.member(t, "seed", tk), SessionReader::path(tk, "seed"), 0,
                      std::numeric_limits<std::int64_t>::max(), "expected a seed >= 0"));
        const auto& sizes = r.member(t, "sizes", tk);
        const std::string sk = SessionReader::path(tk, "sizes");
        if (!sizes.is_array() || sizes.size() != 2) {
            throw InputError(sk, sizes.dump(), "expected [LOW, HIGH]", r.file());
        }
        c.tableLo = r.integer(sizes[0], sk, 1, chain::kMaxDimension, "expected [LOW, HIGH]");
        c.tableHi = r.integer(sizes[1], sk, c.tableLo, chain::kMaxDimension,
                              "expected [LOW, HIGH] with LOW <= HIGH <= 2^20");
    }
    return c;
}

chain::TableD1Config tableD1Config(const ChainSettings& c) {
    chain::TableD1Config t;
    t.chainsPerN = c.tableChains;
    t.seed = c.tableSeed;
    t.lo = c.tableLo;
    t.hi = c.tableHi;
    t.beta = c.beta;
    return t;
}

} // namespace cdx
