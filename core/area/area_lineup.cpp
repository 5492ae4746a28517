// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_lineup.hpp"

#include "area/area_gpu.hpp"
#include "area/process_node.hpp"
#include "params/format.hpp"
#include "session/session.hpp"

namespace cdx::area {

std::string atChipNode(SessionState& s, std::optional<int> forAll) {
    if (forAll) {
        s.areaNode = processNode(*forAll, "node").nm;
        return std::to_string(s.areaNode) + " nm for all sides";
    }
    if (const auto own = chipNode(s.gpu)) {
        s.areaNode = *own;
        return std::to_string(s.areaNode) + " nm, the chip's own node";
    }
    s.areaNode = kCalibrationNode;
    const auto it = s.gpu.params.find("process_nm");
    const std::string why =
        it != s.gpu.params.end() && it->second.value
            ? "the chip's " + formatG(*it->second.value, 6) + " nm is not carried"
            : "the chip's node is not known";
    return std::to_string(s.areaNode) + " nm, the calibration node (" + why + ")";
}

std::vector<int> nodeChoices() {
    std::vector<int> out;
    for (const auto& n : processNodes()) {
        out.push_back(n.nm);
    }
    return out;
}

} // namespace cdx::area
