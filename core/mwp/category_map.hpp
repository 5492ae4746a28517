// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/regime_map.hpp"

#include <cstddef>
#include <vector>

// The Chapter V category map (spec mwp-cwp-power.md §3.4, Figures 114/115): the throughput
// model's category 1-10 over any two inputs, on the same axes as the regime map (MapAxis), with
// the predicted performance of every cell. The regime map answers "which Chapter II case"; this
// one "which of the ten Chapter V diagnoses".
namespace cdx::mwp {

struct CategoryCell {
    int category = 0;      // 1..10; 0: no memory instructions (no category)
    double perfGflops = 0; // eq. (64)
    bool valid = true;     // false: the inputs are outside the model's domain at this point
};

struct CategoryMap {
    AxisRange x, y;
    std::vector<double> xs, ys;
    std::vector<CategoryCell> cells; // row-major: cells[iy * xs.size() + ix]
    const CategoryCell& at(std::size_t ix, std::size_t iy) const {
        return cells[iy * xs.size() + ix];
    }
    int counts[11] = {}; // valid cells per category 0..10
};

// Throws validateMapAxes's errors.
CategoryMap categoryMap(const Device& d, const Kernel& k, const MwpVariant& v, const AxisRange& x,
                        const AxisRange& y);
// Cell edges where the category changes (an invalid cell is a class of its own).
std::vector<Boundary> categoryBoundaries(const CategoryMap& m);

} // namespace cdx::mwp
