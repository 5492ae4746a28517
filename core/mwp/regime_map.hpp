// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

// A regime map: the MWP-CWP case and MWP limiter over a grid of any two model inputs
// (spec §7.2 C7), with the boundaries where the bottleneck label changes.
namespace cdx::mwp {

enum class MapAxis {
    ActiveBlocksPerSm, // N = blocks x warps per block
    ThreadsPerBlock,
    ActiveSms,
    BandwidthGbs,
    FreqGhz,
    MemLd,
    DepartureDelUncoal,
    DepartureDelCoal,
    CompInsts, // total computation instructions; the mix is scaled proportionally
    CoalMemInsts,
    UncoalMemInsts,
    UncoalPerMw,
};
inline constexpr int kMapAxisCount = 12;
std::string_view name(MapAxis a);  // "active_blocks_per_sm", ...: the parameter keys
std::string_view label(MapAxis a); // "resident blocks per SM", ...
std::string_view unit(MapAxis a);
bool isInteger(MapAxis a);
MapAxis parseMapAxis(const std::string& s, const std::string& field);

// The value of `a` in the inputs, and the inputs with `a` set to `value` (integers rounded).
double axisValue(const Device& d, const Kernel& k, MapAxis a);
void setAxisValue(Device& d, Kernel& k, MapAxis a, double value);

struct AxisRange {
    MapAxis axis = MapAxis::ActiveBlocksPerSm;
    double min = 1;
    double max = 8;
    int steps = 200;
    bool log = false; // geometric spacing
    bool operator==(const AxisRange&) const = default;
};
std::vector<double> axisValues(const AxisRange& r);

// A range around the inputs' current value of `a`: integer axes over their natural span
// (resident blocks 1..max(8, 2x), threads 32..1024 in warps, SMs 1..#SM), others from a
// quarter to four times the value (log spacing); 200 steps at most.
AxisRange suggestedRange(MapAxis a, const Device& d, const Kernel& k);

// One cell of the map.
struct RegimeCell {
    Regime regime = Regime::MemoryBound;
    Limiter limiter = Limiter::None;
    double execCycles = 0;
    bool valid = true; // false: the inputs are outside the model's domain at this point
};
// The bottleneck label of a cell (spec §5.1 UI labels): short of warps (0), compute-bound (1),
// memory-bound and latency- (2), bandwidth- (3) or warp-limited (4). Cases 1 and 3 are one
// label each whatever MWP's binding term.
inline int regimeClass(const RegimeCell& c) {
    switch (c.regime) {
    case Regime::ShortOfWarps:
        return 0;
    case Regime::ComputeBound:
        return 1;
    case Regime::MemoryBound:
        break;
    }
    return 2 + static_cast<int>(c.limiter);
}

struct RegimeMap {
    AxisRange x, y;
    std::vector<double> xs, ys;
    std::vector<RegimeCell> cells; // row-major: cells[iy * xs.size() + ix]
    const RegimeCell& at(std::size_t ix, std::size_t iy) const {
        return cells[iy * xs.size() + ix];
    }
};

// Calls cell(ix, iy, device, kernel) for every point of the grid xs x ys with the two axes set;
// the map functions fill their cells from it. The rows are shared among the hardware threads
// (a map is 40,000 evaluations on every drag step, issue 33): `cell` may run on several threads
// at once, each call for another cell, and must write only that cell's own data.
void forEachMapPoint(
    const Device& d, const Kernel& k, const AxisRange& x, const AxisRange& y,
    const std::vector<double>& xs, const std::vector<double>& ys,
    const std::function<void(std::size_t, std::size_t, const Device&, const Kernel&)>& cell);

// InputError when an axis range is invalid (min > max, steps outside [2, 2000], log with
// min <= 0) or both axes are the same.
void validateMapAxes(const AxisRange& x, const AxisRange& y);

// Throws validateMapAxes's errors.
RegimeMap regimeMap(const Device& d, const Kernel& k, const MwpVariant& v, const AxisRange& x,
                    const AxisRange& y);

// Cell edges where the class changes: vertical edges between (ix, iy) and (ix+1, iy) and
// horizontal edges between (ix, iy) and (ix, iy+1).
struct Boundary {
    bool vertical;
    std::size_t ix, iy;
};
std::vector<Boundary> regimeBoundaries(const RegimeMap& m);
// The same for any map whose cell (ix, iy) has class cls(ix, iy).
std::vector<Boundary> classBoundaries(std::size_t nx, std::size_t ny,
                                      const std::function<int(std::size_t, std::size_t)>& cls);

} // namespace cdx::mwp
