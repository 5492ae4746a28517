// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cdx {
struct SessionState;
}

// The die area's part of the line-up (issue 55): the process node is a setting of the chip's
// own. A GPU side is evaluated at its chip's node (chipNode: the H100 at 5 nm, the GTX 980 at
// 28 nm) unless one node is named for all sides. No Qt.
namespace cdx::area {

// Sets s.areaNode to `forAll`, or to the node of s.gpu (the calibration node, 28 nm, for a chip
// of a node the model does not carry), and says which and why: "5 nm, the chip's own node",
// "28 nm for all sides", "28 nm, the calibration node (the chip's 65 nm is not carried)".
std::string atChipNode(SessionState& s, std::optional<int> forAll);
// The nodes one may name for all sides: 28, 16, 7, 5.
std::vector<int> nodeChoices();

} // namespace cdx::area
