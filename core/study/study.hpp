// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

// A design study (issue 60): many questions of one kind asked at the points of a product of
// axes (or of an explicit list), described by one JSON file (docs/formats.md, "Study files").
// This part knows no model family: an axis value is a set of command flags, and which command
// answers a question, and how its answer becomes rows, is the caller's (app/cdx/study_eval).
// Points are numbered 0 .. count-1, the first axis the slowest, and computed from their number,
// so that memory never grows with the number of points.
namespace cdx::study {

using Json = nlohmann::ordered_json;

// One value of an axis: its column value in the results (a number, or a text label) and the
// flags it stands for ("--gpu", "h100-sxm5", "--set", "n_sm=160").
struct AxisValue {
    Json column; // number or string
    Json value;  // as written (after a range is expanded, and paths made absolute)
};

struct Axis {
    std::string name; // [a-z][a-z0-9_]*: a flag of the question's command, '_' for '-'
    std::vector<AxisValue> values;
};

struct Spec {
    std::string name;
    std::string question; // optimize | codesign | energy | mwp | lineup (checked by the caller)
    Json fixed = Json::object(); // flags of every point
    std::vector<Axis> axes;
    // Explicit points: for each point, the index of its value in every axis (axes in order).
    // Empty: the product of the axes.
    std::vector<std::vector<std::uint32_t>> explicitPoints;
    int top = 1;           // answer rows per point where a question has a ranked list
    std::string canonical; // the spec as resolved (absolute paths, ranges expanded), compact
    std::string hash;      // FNV-1a 64 of `canonical`, 16 hex digits
};

inline constexpr std::uint64_t kMaxPoints = 10'000'000;

// Reads a study file's JSON. Relative paths in values (a value with '/' or ending in ".json")
// are made absolute against `base` (the study file's folder). Refuses, naming the field
// ("axes[2].values[1]", "points[4].node"), anything malformed: an unknown key, an empty axis,
// a name used twice, a range that does not step to its end, more than kMaxPoints points.
// `questions` lists the questions a caller can answer.
Spec parseSpec(const Json& j, const std::filesystem::path& base,
               const std::vector<std::string>& questions);
// The same from a file (its folder is the base) or from the text of a resolved spec (a worker's:
// paths are already absolute).
Spec readSpec(const std::filesystem::path& file, const std::vector<std::string>& questions);
Spec specFromCanonical(const std::string& canonical, const std::vector<std::string>& questions);

std::uint64_t pointCount(const Spec& s);
// The value index of every axis at point `index` (< pointCount).
std::vector<std::uint32_t> pointAt(const Spec& s, std::uint64_t index);

// Which flag a piece of a point's arguments came from: the axis (index into axes), or fixed (-1).
struct Argument {
    std::string text;
    int axis = -1;
};
// The command-line arguments of a point: the fixed flags, then each axis value's, in order.
// An object value is a bundle of flags ({"pitch": "paper", "set": {"n_sm": 160}}; under the
// axis "gpu", "id" is --gpu itself); an inline workload ({"items": [...]}) is written once to a
// file in the temporary folder, named by its hash, and passed as --workload PATH.
std::vector<Argument> pointArguments(const Spec& s, std::uint64_t index);

// "--n-sm" for the key "n_sm".
std::string flagOf(const std::string& key);

// FNV-1a 64 of a text, as 16 hex digits.
std::string fnv1a64(const std::string& text);

} // namespace cdx::study
