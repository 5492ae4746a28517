// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eatss/eatss_model.hpp"

#include <nlohmann/json_fwd.hpp>
#include <string>

// The EATSS workspace's part of a session. In the `.cdx.json` file:
// "eatss": {"program": {a program as profiles/programs/*.json}, "gpu": "a100",
//   "mode": "artifact"|"paper", "split": 0.25, "align": 1, "precision": "double"|"float",
//   "map": {"x": LOOP, "y": LOOP}}; "map" is optional.
namespace cdx {

class SessionReader;

struct EatssSettings {
    eatss::Program program;
    std::string gpu = "a100";
    eatss::Options options;
    std::string mapX, mapY; // loop names of the objective map's axes ("": the first two)
    bool operator==(const EatssSettings&) const = default;
};

// spec eatss.md §2.3 (b): gemm on the A100, artifact mode, s = 0.25, phi = 1, FP64.
EatssSettings defaultEatssSettings();

inline constexpr const char* kEatssSessionKey = "eatss";

nlohmann::ordered_json eatssSessionToJson(const EatssSettings& e);
// Unknown fields are warnings; a bad program, GPU, mode, split, alignment or axis is an
// InputError naming the file and the field ("eatss.split").
EatssSettings eatssSessionFromJson(const nlohmann::json& block, const SessionReader& r);

namespace eatss {
nlohmann::ordered_json toJson(const Program& p);
// The artifact's .rels text of a program (extents written as 1: the model does not use them).
std::string toRels(const Program& p);
} // namespace eatss

} // namespace cdx
