// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/category_map.hpp"

#include "mwp/throughput_model.hpp"
#include "params/input_error.hpp"

namespace cdx::mwp {

CategoryMap categoryMap(const Device& d, const Kernel& k, const MwpVariant& v, const AxisRange& x,
                        const AxisRange& y) {
    validateMapAxes(x, y);
    CategoryMap m{x, y, axisValues(x), axisValues(y), {}};
    m.cells.resize(m.xs.size() * m.ys.size());
    forEachMapPoint(d, k, x, y, m.xs, m.ys,
                    [&](std::size_t ix, std::size_t iy, const Device& dx, const Kernel& kx) {
                        CategoryCell& c = m.cells[iy * m.xs.size() + ix];
                        try {
                            const ThroughputResult t = throughput(dx, kx, v);
                            c.category = t.category;
                            c.perfGflops = t.perfGflops;
                        } catch (const InputError&) {
                            c.valid = false; // e.g. 0 SMs or 0 instructions at a range's corner
                        }
                    });
    for (const CategoryCell& c : m.cells) { // counted here: the cells are filled in parallel
        if (c.valid) {
            ++m.counts[c.category];
        }
    }
    return m;
}

std::vector<Boundary> categoryBoundaries(const CategoryMap& m) {
    return classBoundaries(m.xs.size(), m.ys.size(), [&](std::size_t ix, std::size_t iy) {
        const CategoryCell& c = m.at(ix, iy);
        return c.valid ? c.category : -1;
    });
}

} // namespace cdx::mwp
