// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cdx {
struct SessionState;
}

// A line-up (issue 46): N configurations of one family side by side (2 to 12), GPUs or saved
// sessions, each at its own optimum where the family searches (T_alg's exact tile search,
// Energy's energy-optimal tiling), with every quantity its command prints. It is compare's
// mechanism for N sides: a side's quantities are those `cdx compare` gives for it, so a
// line-up of sessions equals compare pairwise on the quantities they share. No Qt.
namespace cdx::lineup {

inline constexpr std::size_t kMinSides = 2;
inline constexpr std::size_t kMaxSides = 12;

// One side: its name, what its own optimum is where the family searches ("tiles 128×32,
// tT 2"), every quantity (compare's values, `a` unset, `b` the side's), or why it could not be
// evaluated.
struct Side {
    std::string label;
    std::string optimum;
    // Where the family has a setting of the chip's own (the die area's node): the value this
    // side was evaluated at and why ("5 nm, the chip's own node"); empty otherwise.
    std::string setting;
    std::vector<compare::ComparedValue> values;
    std::string error;
    // What `cdx optimize` (and every command of the family) warns of for this side: outside
    // the calibration domain of the family's model, by kind ("outside the calibration domain
    // of the time model: 5 estimated values and GPU profile h100-sxm5").
    std::vector<std::string> warnings;
    // The value of quantity `name` on this side (nullopt where it has none or is text).
    std::optional<double> value(const std::string& name) const;
};

struct Lineup {
    std::string family;   // "talg"
    std::string title;    // "Tiled stencils (T_alg)"
    std::string headline; // the quantity the bars show: "T_alg"
    std::string unit;     // its unit: "s"
    bool lowerIsBetter = true;
    std::vector<Side> sides;
    // How the chip setting was chosen, for the title: "each GPU at its chip's own node",
    // "every GPU at 28 nm"; empty where the family has none or no side is a GPU.
    std::string settings;
    // "Fastest: H100 SXM5 at 0.77 s, 12.9 × faster than the slowest (GTX 980, 9.93 s)".
    std::string sentence;
};

// A setting of the model that belongs to the chip (issue 55: the die area's process node). A
// GPU side takes its chip's own value unless the user names one value for all sides; a saved
// session keeps its own. `apply` sets it on the side (the chip's own value when `forAll` is
// unset) and says what it set and why ("5 nm, the chip's own node", "28 nm for all sides");
// `choices` lists the values one may name for all.
struct ChipSetting {
    std::string name; // "node"
    std::string unit; // "nm"
    std::string flag; // the CLI's flag: "--node"
    std::string (*apply)(SessionState& s, std::optional<int> forAll) = nullptr;
    std::vector<int> (*choices)() = nullptr;
    // The value as typed on the command line ("3", "N3"); InputError naming `field` and the
    // allowed values.
    int (*parse)(const std::string& text, const std::string& field) = nullptr;
};

// A family's registration (lineup.cpp, one line each, beside compare's): its id (the compare
// family's), the headline quantity, and, where the family searches, the function that puts a
// side at its own optimum and says what it chose. `evaluate`: the side's quantities; null: the
// compare family's (compare(s, s)).
struct LineupFamily {
    std::string id;
    std::string headline;
    bool lowerIsBetter = true;
    std::string (*optimise)(SessionState& s) = nullptr;
    compare::FamilyComparison (*evaluate)(const SessionState& s) = nullptr;
    const ChipSetting* chipSetting = nullptr; // null: the family has none
    std::string validity;                     // its validity file (profiles/validity/); "": none
    // What the GPU sides of a line-up share, as the family uses them ("jacobi2d 4096×4096, T
    // 1024", "kernel blackscholes"): the line-up names it once, above the bars. Null: nothing
    // (the die area and codesign).
    std::string (*shared)(const SessionState& s) = nullptr;
};
const std::vector<LineupFamily>& lineupFamilies();
// "talg, area, codesign, mwp, power, occupancy, energy, eatss, chain".
std::string familyIds();

// Progress of a line-up: sides done of all, and the side being evaluated.
using Progress = std::function<void(std::size_t done, std::size_t total, const std::string& side)>;

// How a line-up is made: each side at its optimum where the family searches; which sides are
// GPUs (they take the chip setting, `chips[i]`; empty: none is); one value of the chip
// setting named for every side (a session side included), or none: each chip's own.
struct Options {
    bool optimise = false;
    std::vector<std::string> labels;
    std::vector<bool> chips;
    std::optional<int> forAll;
};

// The family of `id`, or null.
const LineupFamily* lineupFamily(const std::string& id);

// The sides of one family (InputError for an unknown family, naming those allowed, or for
// fewer than 2 or more than 12 sides). `optimise`: each side put at its own optimum first
// where the family searches (a side that cannot be is evaluated as it is, with the reason in
// its error). `labels`: the sides' names (empty: each session's side name). A side whose
// evaluation throws keeps its error; the others are evaluated. A value for all
// (`options.forAll`) for a family without a chip setting, or outside its choices, is an
// InputError naming the setting's flag and the values allowed.
Lineup lineUp(std::vector<SessionState> sides, const std::string& family, const Options& options,
              const Progress& progress = {});
Lineup lineUp(std::vector<SessionState> sides, const std::string& family, bool optimise,
              const std::vector<std::string>& labels = {}, const Progress& progress = {});

// The sentence of a line-up: which side is best on the headline and by how much against the
// worst, or why there is none.
std::string sentence(const Lineup& l);

// {"family", "title", "headline", "unit", "lower_is_better", "sentence", "settings", "sides":
// [{"label", "optimum", "setting", "error", "warnings", "quantities": {name: value or text or
// null}, "units": {name: unit}}]}.
nlohmann::ordered_json toJson(const Lineup& l);

} // namespace cdx::lineup
