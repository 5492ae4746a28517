// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// One chip, one description (issue 43; DESIGN.md "Parameters"): a GPU file holds the chip's
// facts and, in one block per family, the constants that family reads. Every value has a kind
// and a source; an estimate is a rule of the chip's other values, evaluated live.
namespace cdx {

// The kinds of a value, in the order the banner counts them: "vendor", "published" (a paper's
// table), "measured", "estimated" (a rule of the facts), "fitted" (from runs), "yours" (typed).
std::span<const std::string_view> valueKinds();
bool isValueKind(std::string_view kind);
// The quantity's kind: its own, or for a value of an older file that has none, inferred from
// its source ("estimate: ..." estimated, "set by user" or edited yours, "measured ..."
// measured, "fitted ..." fitted, a vendor document vendor, anything else published).
std::string kindOf(const Quantity& q);
// The values of `gpu` (its parameters and every C_iter) counted by kind: "3 estimated, 1 yours"
// (kinds with no value left out, in valueKinds() order; "no values" when empty). With `only`,
// just those kinds.
std::string kindCounts(const GpuProfile& gpu, const std::vector<std::string>& only = {});
std::map<std::string, int> kindTally(const GpuProfile& gpu);

// One block of the GPU file: "facts" (the chip's own numbers) or a family's constants. Each
// family registers its block once (gpu_blocks.cpp): the keys it owns and `complete`, which adds
// the family's estimation rules for values the file does not give (labelled "estimated";
// nothing is added where no sound rule exists, and the family's model then refuses naming the
// field).
struct GpuBlock {
    std::string_view id;    // the JSON member: "facts", "talg", "area", "mwp", ...
    std::string_view title; // for the editor and `cdx profiles --show`: "Tiled stencils (Talg)"
    std::vector<std::string_view> keys;
    void (*complete)(GpuProfile& gpu) = nullptr;
};
const std::vector<GpuBlock>& gpuBlocks();
// The block a GPU key belongs to ("facts" for a key no family claims).
std::string_view blockOfKey(std::string_view key);

// --- Rules -----------------------------------------------------------------------------------
// A rule is an arithmetic expression: numbers, + - * / and parentheses, min(a, b), max(a, b),
// and the names of the chip's other values: a parameter key ("clock_mhz") or one C_iter
// ("c_iter_s.heat2d"). InputError (field `field`) for a malformed rule.
std::vector<std::string> ruleInputs(const std::string& rule, const std::string& field = "rule");
// nullopt when an input has no value; InputError for a malformed rule or an unknown name.
std::optional<double>
evaluateRule(const std::string& rule,
             const std::function<std::optional<double>(const std::string&)>& lookup,
             const std::string& field = "rule");

// Re-derives every value of `gpu` that has a rule, inputs first. InputError naming the value
// for a cycle, an unknown input or a result outside the key's range ("tau_sync_s = -1: must be
// ..."). A value whose input has no value has none either.
void rederive(GpuProfile& gpu);
// The values whose rule uses `key`, directly or through another rule ("tau_sync_s",
// "c_iter_s.heat2d", ...).
std::vector<std::string> followersOf(const GpuProfile& gpu, const std::string& key);

// The values among `keys` (and the C_iter of `stencil`, when not empty) that are estimated,
// by name ("tau_sync_s", "c_iter_s.heat2d"): what a result names as estimated (issue 43).
std::vector<std::string> estimatedValues(const GpuProfile& gpu,
                                         const std::vector<std::string>& keys,
                                         const std::string& stencil = {});
// "estimated: tau_sync_s, c_iter_s.heat2d (rules of docs/model.md, Today's GPUs)" or "".
std::string estimatedLine(const GpuProfile& gpu, const std::vector<std::string>& keys,
                          const std::string& stencil = {});

// Adds `rule` for `key` as an estimate ("estimate: " + `why`) when the GPU has no value for it
// and every input of the rule has one; returns whether it did. For the families' `complete`.
bool addEstimate(GpuProfile& gpu, const std::string& key, const std::string& rule,
                 const std::string& why);
bool addCIterEstimate(GpuProfile& gpu, const std::string& stencil, const std::string& rule,
                      const std::string& why);
// Runs every block's `complete`, then rederive.
void completeGpu(GpuProfile& gpu);

// The one C_iter of `stencil` on `gpu`, first found of: the GPU description's value the user
// typed or fitted (talg.c_iter_s.STENCIL, kind yours or fitted); what the stencil's own file
// gives for this GPU's id (a stencil of the user's, a fitted stencil file, an older session's
// edit); the description's published, measured or estimated value. nullptr when none.
const Quantity* cIterOf(const GpuProfile& gpu, const StencilProfile& stencil);

// The chip's real die, for the Die area view's reference bar and `cdx area --gpu`: "GH100, 4N,
// 814 mm²" (the die: the architecture's last word; the process without its foundry).
struct Die {
    std::string label;
    double areaMm2 = 0;
};
// nullopt also while a fact the die depends on is edited (chipFactEditedInputs).
std::optional<Die> dieOf(const GpuProfile& gpu);

// Facts of the whole product describe the chip as built (issue 55: a 60-SM derivative of the
// H100 kept the GH100's 814 mm2 and 700 W as its vendor facts, and Die area reported the model
// as -36.5 % against them). Each names the facts it depends on.
struct ChipFact {
    std::string key;                 // "die_area_mm2"
    std::vector<std::string> inputs; // "n_sm", "n_v", ...
};
const std::vector<ChipFact>& chipFacts();
// The edited inputs of chip fact `key` in `gpu` ("n_sm, n_v"); empty when none is edited or
// `key` is no chip fact. While it is not empty the base chip's value does not describe `gpu`.
std::string chipFactEditedInputs(const GpuProfile& gpu, const std::string& key);
// A GPU file of the user's (JSON, "facts" or "params" form) written from an edited chip: every
// chip fact with an edited input whose own value was not typed is set aside: null, kind
// "yours", its source saying what the base's value was and why it does not apply. Called by
// asUserProfile before the edit marks are turned into sources.
void setAsideChipFacts(nlohmann::json& profile);

// `cdx profiles derive`: `base` as a profile of the user's with id `id` (and `name`, empty: the
// base's name + " (derived)"), after the `--set KEY=VALUE` assignments; every value written,
// C_iter of every stencil included. The JSON of a GPU file, ready for saveUserProfile.
nlohmann::json deriveGpuProfile(const GpuProfile& base, const std::string& id,
                                const std::string& name, const std::vector<std::string>& sets);

} // namespace cdx
