// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"

#include <span>
#include <string>
#include <string_view>

// Process-node scaling of the die-area model (issue 32, an extension of the thesis: the model
// is calibrated on TSMC 28 nm only). A coefficient set fitted at 28 nm is carried to another
// node by two published density ratios: logic (transistors per mm2) and SRAM (high-density
// bit-cell area). docs/codesign.md "Process nodes" gives the rules and their limits.
namespace cdx::area {

// One TSMC node class and its published densities.
struct ProcessNode {
    int nm = 28;                  // 28, 16, 7, 5, 4, 3, 2 (the CLI's --node)
    std::string_view name;        // "TSMC 7 nm (N7)"
    std::string_view alsoCovers;  // the GPU processes of this class ("12FFN", "4N", ...)
    double logicMtrPerMm2 = 0;    // logic density [million transistors per mm2]
    std::string_view logicSource; // where it is published
    double sramBitcellUm2 = 0;    // high-density 6T SRAM bit cell [um2]
    std::string_view sramSource;  // where it is published
};
// 28 (the calibration node), 16, 7, 5, 4, 3, 2, in that order.
std::span<const ProcessNode> processNodes();
inline constexpr int kCalibrationNode = 28;
// The node of `nm`; InputError naming `field` and the allowed values for any other number.
const ProcessNode& processNode(int nm, const std::string& field = "node");
// "28, 16, 7, 5, 4, 3 or 2 (...)"
std::string allowedNodes();
// A node as typed: its nm ("3") or, from N7 down, TSMC's name ("N3", "n3", "N3E"); InputError
// naming `field` and the allowed values for anything else.
int parseNode(const std::string& text, const std::string& field);

// What the fixed per-SM overhead alpha_oh (control, scheduling, wiring: thesis C.2) scales as:
// an explicit choice, since the thesis does not split it.
enum class OverheadScaling { Logic, Sram, None };
std::string_view name(OverheadScaling o); // "logic", "sram", "none"
OverheadScaling parseOverheadScaling(std::string_view s, const std::string& field);

// Area multipliers from 28 nm to a node: logic = D_logic(28) / D_logic(node), SRAM =
// bit cell(node) / bit cell(28); overhead per the choice (1 for None).
struct NodeFactors {
    int nm = 28;
    double logic = 1;
    double sram = 1;
    double overhead = 1;
};
NodeFactors nodeFactors(int nm, OverheadScaling overhead);

// The set carried from 28 nm to `nm`: vector-unit logic (beta_VU) and the register files
// (beta_R, alpha_R) scale as logic; shared memory, L1 and L2 (slopes and intercepts) as SRAM;
// alpha_oh as `overhead`. The printed C.7 block is dropped (its merged coefficients mix both
// kinds), so Form::C7Printed is refused at other nodes. Every scaled value's source says how.
// nm == 28 returns `s` unchanged.
CoefficientSet scaleToNode(const CoefficientSet& s, int nm, OverheadScaling overhead);

} // namespace cdx::area
