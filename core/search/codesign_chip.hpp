// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The chip model of a codesign (issue 59) from a GPU description: its voltage curve, clock,
// memory and full die (area/chip_gpu.hpp), and the blocks of one design's area.

#include "params/profiles.hpp"
#include "search/codesign.hpp"

#include <string>
#include <vector>

namespace cdx::search {

// `memoryTech` empty: the GPU's own technology. `at28nm`: the coefficient set before it is
// carried to a node (the tensor-core fraction is calibrated with it on GH100). InputError
// naming the missing key for a GPU without the die block, a clock, a memory or a node of the
// chip model.
ChipModel chipModelOf(const GpuProfile& gpu, const std::string& memoryTech, bool wholeDie,
                      const area::CoefficientSet& at28nm);

// The blocks of a design's area: the SM array and, with the whole die, tensor cores and FP64
// units, L2, I/O; with the chip model the memory interface of its stacks. Sum = d.area.
std::vector<area::DieBlock> designBlocks(const CodesignOptions& o, const DesignPoint& d);

} // namespace cdx::search
