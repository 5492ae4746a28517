// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

// The estimation rules behind the codesign's physical limits (issue 32, an extension of the
// thesis): a design's power and its memory PHY area. Both are labelled estimates; the IPP
// power model (mwp/power_model.hpp) has per-SM parameters only for the GTX 280 and GTX 580,
// neither of which is a design of this grid, so it does not apply here. docs/codesign.md
// "Physical limits" gives the rules, their sources and what they leave out.
namespace cdx::search {

// Board power per FP32 lane per GHz of one reference GPU of a node: TDP / (SMs x FP32 lanes per
// SM) / boost clock. It covers everything on the board (memory, tensor or FP64 units, I/O),
// so it is an estimate of a whole card built around the design, not of its SMs alone.
struct PowerRule {
    int nm = 28;
    std::string_view reference; // "GTX 980 (GM204)"
    double tdpW = 0;
    std::int64_t lanes = 0; // SMs x FP32 lanes per SM (enabled)
    double boostGHz = 0;
    std::string_view source;
    // Nodes without a published chip of their own (N4, N3, N2; issue 59): the N5 chip's rule
    // times TSMC's power at iso-speed against N5, said in `nodeSource`. 1 elsewhere.
    double nodeFactor = 1;
    std::string_view nodeSource;
    double wattsPerLaneGHz() const {
        return tdpW / static_cast<double>(lanes) / boostGHz * nodeFactor;
    }
};
// 28, 16, 7, 5, 4, 3, 2 (the area model's nodes).
std::span<const PowerRule> powerRules();
// The rule of `nm`; InputError naming "node" and the allowed values for any other.
const PowerRule& powerRule(int nm);
// n_SM n_V clock x the node's watts per lane per GHz [W].
double designPowerW(std::int64_t nSm, std::int64_t nV, double clockGHz, int nm);

// Memory PHY area per GB/s: LLMCompass's GA100 breakdown (58 mm2 of memory PHY, ISCA'24
// artifact) over the A100 40 GB's 1,555 GB/s; analog PHYs barely shrink, so the same figure is
// used at every node. An HBM figure: GDDR PHYs need more area per GB/s.
inline constexpr double kPhyMm2PerGBs = 58.0 / 1555.0;
inline constexpr std::string_view kPhySource =
    "estimate: 58 mm2 of memory PHY in LLMCompass's GA100 die breakdown (ISCA'24 artifact, "
    "ae/figure6/real_hardware/die_area.csv) / 1,555 GB/s (A100 40 GB), the same at every node";

} // namespace cdx::search
