// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_model.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

// What the thesis does not do but a user of Appendix D asks next (spec §5.4, each labelled an
// extension wherever it is shown), the fusion legality rule of Fig. D.9, the data movement
// against on-chip memory M, and the statistical experiment of Table D.1.
namespace cdx::chain {

// ---- One multiplication at any tiles (the forms before the optimum: D.2, D.4, Case 3) ----
enum class SingleCaseId { Output, Input1, Input2 };
// Elements moved by R = A1 A2 (P0 x P1 times P1 x P2) with real tiles t1, t2 (streamed depths
// cancel): Output (D.2) t1 = x along P0, t2 = y along P2, x y <= M; Input1 (D.4) t1 = x along
// P0, t2 = z along P1, x z <= M; Input2 t1 = y along P2, t2 = z along P1, y z <= M.
double singleCostAt(SingleCaseId c, double p0, double p1, double p2, double t1, double t2);

// ---- Extension: integer tiles with ceilings ----
// A tiled kernel whose tile is x along a dimension of size a and y along one of size b moves
//   cost(x, y) = ceil(a/x) ceil(b/y) (c1 x + c2 y) + offset
// elements: partial edge tiles are charged as full ones and the streamed depths (z, z') are free
// (they cancel, spec §0.1). x, y integers, 1 <= x <= a, 1 <= y <= b, x y <= M. The continuous
// closed forms are the minimum of the same expression without ceilings, so no integer tiling
// beats them (the thesis-beta right fusion excepted: its closed form is not this minimum).
struct TileCostForm {
    double a = 0, b = 0, c1 = 0, c2 = 0, offset = 0;
    std::string xDim, yDim; // the matrix dimensions x and y run along, e.g. "P0"
};
TileCostForm unfusedForm(double p0, double p1, double p2);               // D.2, R stationary
TileCostForm leftFusedForm(double p0, double p1, double p2, double p3);  // D.7
TileCostForm rightFusedForm(double p0, double p1, double p2, double p3); // D.11
double costAt(const TileCostForm& form, double x, double y);             // with ceilings

struct IntegerTiles {
    std::int64_t x = 0, y = 0;
    double cost = 0;
};
// The closed-form tiles made integers: floored, clamped to [1, dimension], then shrunk until
// x y <= M.
IntegerTiles roundedTiles(const TileCostForm& form, double x, double y, double m);
// The exact integer optimum (ties: smallest x, then smallest y). For a fixed count ceil(a/x)
// the smallest such x is best (smaller c1 x, looser y <= M/x), so only the O(sqrt a) values
// ceil(a/q) are tried for x, and likewise for y: O(sqrt(a) sqrt(b)) evaluations.
IntegerTiles bestIntegerTiles(const TileCostForm& form, double m);

struct IntegerNode {
    int i = 0, j = 0;
    Choice choice = Choice::NoFuse;
    std::string xDim, yDim;
    double continuousCost = 0; // the closed form (D.3, D.10 or D.14)
    IntegerTiles rounded, best;
};
struct IntegerPlan {
    std::vector<IntegerNode> fused;   // the F plan's hyper-nodes, pre-order
    std::vector<IntegerNode> unfused; // every op-count-tree node unfused (the S plan)
    double fusedContinuous = 0, fusedRounded = 0, fusedBest = 0;
    double sContinuous = 0, sRounded = 0, sBest = 0;
};
IntegerPlan integerPlan(const ChainResult& r);

// ---- Extension: the minimum data movement over all parenthesizations ----
// The hyper-node recurrence with the splits k, k1, k2 free instead of read from the op-count
// tree (O(n^4)); ties: smallest k, then no fusion, fuse left, fuse right, then smallest k1/k2.
struct AllTrees {
    double sMin = 0;                   // min over trees of S (D.18): no fusion
    std::string sTree;                 // a tree reaching it
    std::int64_t sTreeOps = 0;         // its op count
    double fusedTotal = 0;             // min over trees and legal fusions, root write included
    std::string tree;                  // a tree reaching it
    std::int64_t treeOps = 0;          // its op count (>= the minimum op count)
    std::vector<HyperNode> hyperNodes; // its fused plan, pre-order
    double opsAbovePct = 0;            // 100 (its op count - the minimum) / the minimum
    double gainVsOpTreePct = 0;        // 100 (op-tree fused total - this) / op-tree fused total
};
AllTrees allTrees(const std::vector<std::int64_t>& p, double m, Beta beta);

// ---- Fusion legality (Fig. D.9, spec §5.2) ----
// A set of fused parent-child edges is legal when no node lies on two of them (no three
// multiplications fused): a matching.
struct TreeEdge {
    int parent = 0, child = 0; // any node ids
};
bool legalFusion(const std::vector<TreeEdge>& fused);
// The 7-node sub-tree of Fig. D.9 with its edges numbered 1-6 (1, 2 under the left child, 3, 4
// under the right child, 5 root-left, 6 root-right): every legal set of `size` edges.
std::vector<std::vector<int>> figureD9LegalSets(int size);

// ---- Data movement against on-chip memory ----
struct MemoryPoint {
    double m = 0, s = 0, fusedTotal = 0, reductionPct = 0;
};
// `count` capacities spaced geometrically over [mLo, mHi] (count >= 2), plus the two of the
// thesis (65536 and 98304 elements) when they fall inside, in increasing order.
std::vector<MemoryPoint> memorySweep(const std::vector<std::int64_t>& p, Beta beta, double mLo,
                                     double mHi, int count);

// ---- Table D.1: reduction of F over S for random chains ----
// The thesis does not give the size distribution or the seed (spec §7.2): sizes here are
// uniform integers in [lo, hi] that are multiples of `multiple` (default U{320..1024}, which
// reproduces the printed averages within about 0.4 pp with the thesis beta), drawn from a
// seeded mt19937_64 by rejection (the same chains on every platform), and every capacity is
// applied to the same chains.
struct TableD1Config {
    int nMin = 2, nMax = 20, chainsPerN = 1000;
    std::uint64_t seed = 1;
    std::int64_t lo = 320, hi = 1024, multiple = 1;
    std::vector<double> memories{65536, 98304};
    Beta beta = Beta::Corrected;
};
void validate(const TableD1Config& c); // InputError naming the field
std::string describeDistribution(const TableD1Config& c);

struct ReductionStats {
    double avg = 0, min = 0, max = 0;
    int count = 0;
};
struct TableD1Row {
    int n = 0;
    std::vector<ReductionStats> perMemory; // one per config.memories
};
struct TableD1 {
    TableD1Config config;
    std::vector<TableD1Row> rows;
    // The thesis's "(all)" row: the mean of the per-n averages over n >= 3 (its 9.44 % and
    // 13.27 % exclude n = 2, spec §7.1) and the extremes; the same over every n as well.
    std::vector<ReductionStats> allFrom3, allRows;
    bool cancelled = false;
    int chainsDone = 0;
};
// progress(done, total) is called after every chain; returning false stops the run (the rows
// finished so far are kept and `cancelled` is set).
TableD1 tableD1(const TableD1Config& config,
                const std::function<bool(int done, int total)>& progress = {});

// Table D.1 as printed (n = 2..20): {n, avg64, min64, max64, avg96, min96, max96}.
struct PrintedTableD1Row {
    int n;
    double avg64, min64, max64, avg96, min96, max96;
};
const std::vector<PrintedTableD1Row>& printedTableD1();

} // namespace cdx::chain
