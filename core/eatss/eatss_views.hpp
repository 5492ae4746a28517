// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eatss/eatss_model.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

// What the EATSS workspace shows besides the optimum (all from core): the split x alignment grid
// of configurations, the objective over two tile sizes with the others fixed, the PPCG sizes
// string of a tile vector (spec eatss.md §2.4), and the published measurements of Fig. 7.
namespace cdx::eatss {

struct ConfigCell {
    double split = 0, align = 0;
    bool formulated = false; // false: the artifact exits (error says why)
    std::string error;
    Solution solution;
};
// Every split x alignment, in that order (rows: splits).
std::vector<ConfigCell> configurationGrid(const Program& p, const Gpu& g, Mode mode,
                                          Precision precision, const std::vector<double>& splits,
                                          const std::vector<double>& aligns);

// W over (T_x, T_y) on the aligned grid, the other loops at `tiles`; -1 where infeasible, and
// the index of the first violated constraint (in f.constraints; -1: feasible; -2: a bound).
struct ObjectiveMap {
    int x = 0, y = 1;
    std::vector<std::int64_t> xs, ys;
    std::vector<std::int64_t> w; // ys.size() x xs.size(), row-major by y
    std::vector<int> violated;   // same shape
    std::int64_t best = -1;      // the largest W on the map
    // Per constraint (f.constraints order), for each x: the largest y that satisfies that
    // constraint alone (its boundary on the map); -1: no y does.
    std::vector<std::vector<std::int64_t>> boundary;
};
ObjectiveMap objectiveMap(const Formulation& f, const std::vector<std::int64_t>& tiles, int x,
                          int y);

// `--sizes` for PPCG (§2.4): tile = the tile vector; block = [T_0, min(T_1, floor(0.5 max /
// T_0))] (at most half the GPU's threads per block; one dimension for a 1-deep nest). The grid
// needs the problem sizes, which the model does not use: it is left to PPCG.
std::string ppcgSizes(const std::vector<std::int64_t>& tiles, std::int64_t maxThreadsPerBlock);
std::vector<std::int64_t> ppcgBlock(const std::vector<std::int64_t>& tiles,
                                    std::int64_t maxThreadsPerBlock);

// Fig. 7 (spec §4.5): per benchmark, the median, default and best PPCG variants and EATSS.
enum Variant { Median = 0, Default = 1, Best = 2, Eatss = 3 };
struct Measurement {
    std::string bench;
    std::array<double, 4> ppw{};    // GFLOP/s per W
    std::array<double, 4> energy{}; // energyUnit
    std::array<double, 4> gflops{}; // GFLOP/s
};
struct Measurements {
    std::string gpu;
    std::string energyUnit; // "J" (GA100), "mJ" (Xavier)
    std::string source;
    std::vector<Measurement> rows;
};
// gpu "a100" or "xavier" (the paper's two testbeds); InputError otherwise.
Measurements loadFig7(const std::string& gpu);
double geometricMean(const std::vector<double>& v);

} // namespace cdx::eatss
