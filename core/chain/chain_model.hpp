// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Matrix chains (thesis Appendix D; spec matrix-chain.md): off-chip data movement of single and
// fused matrix multiplications on a two-level memory with on-chip capacity M (elements), the
// minimum-op-count parenthesization (Algorithm 10), its data movement without fusion (S, D.18)
// and with the best legal fusion of parent-child pairs (the hyper-node recurrence, D.19-D.26).
// Tile sizes are real numbers, as in the thesis. Units: elements (words), multiply-adds.
namespace cdx::chain {

inline constexpr std::size_t kMaxMatrices = 200; // chain length accepted by analyseChain
inline constexpr std::int64_t kMaxDimension = 1 << 20;

// ---- One matrix multiplication R = A1 A2 (A1 P0 x P1, A2 P1 x P2): Table D.2. ----
struct SingleCase {
    double cost = 0; // h*: elements moved off-chip
    double tile1 = 0, tile2 = 0;
    std::string tile1Dim, tile2Dim; // which matrix dimension each tile runs along ("P0", ...)
    bool tilesFit = true;           // the closed form's tiles lie within the matrix sizes
};
struct SingleMM {
    SingleCase outputStationary; // Case 1, D.3
    SingleCase input1Stationary; // Case 2, D.5
    SingleCase input2Stationary; // Case 3, D.6
    // The thesis uses Case 1 throughout, claiming it is always best (spec §1.5): false when this
    // says otherwise.
    bool outputIsBest = true;
};
SingleMM singleMM(double p0, double p1, double p2, double m);

// ---- Two multiplications R = A1 A2 A3 (sizes P0..P3): D.10, D.14, D.16, D.17, Table D.3. ----
// beta of the right fusion (spec §3.3): `Corrected` P0/P2 is what the algebra of D.11 needs
// (the default); `Thesis` P0/P1 as printed, which reproduces Fig. D.11 and Table D.1.
enum class Beta { Corrected, Thesis };
std::string_view name(Beta b); // "corrected", "thesis"
Beta parseBeta(std::string_view s, const std::string& field);

struct Fused {
    double cost = 0;       // includes writing R, excludes its first read
    double x = 0, y = 0;   // the T tile (x along the first dimension of T)
    double shape = 0;      // alpha or beta
    double shapePrime = 0; // alpha' or beta'
};
struct TwoMM {
    double unfusedLeft = 0;  // (A1 A2) A3, D.16
    double unfusedRight = 0; // A1 (A2 A3), D.17
    Fused fusedLeft;         // D.10
    Fused fusedRight;        // D.14 with the chosen beta
};
TwoMM twoMM(double p0, double p1, double p2, double p3, double m, Beta beta);
// D.10 and D.14 alone, unchecked (the recurrences call them with validated sizes).
Fused leftFused(double p0, double p1, double p2, double p3, double m);
Fused rightFused(double p0, double p1, double p2, double p3, double m, Beta beta);
// D.11, the right fusion's cost at real tiles (x, y) with x y = M: its minimum is the corrected
// closed form; at the thesis beta's tiles it is above that, not the thesis's formula (O-12).
double rightFusedCostAt(double p0, double p1, double p2, double p3, double x, double y);

// ---- Chains ----
struct OpCount {
    std::vector<std::vector<std::int64_t>> opcount; // [i][j], 1-based, i <= j
    std::vector<std::vector<int>> split;            // [i][j]: k of (A_i..k)(A_k+1..j)
    std::int64_t total = 0;
};
// Algorithm 10 (Theta(n^3)); ties keep the smallest k (strict <, spec §4).
OpCount opCount(const std::vector<std::int64_t>& p);
// "((A1(A2A3))((A4A5)A6))"
std::string treeText(const OpCount& oc, int i, int j);

enum class Choice { Leaf, NoFuse, FuseLeft, FuseRight };
std::string_view name(Choice c); // "leaf", "p", "l", "r"

struct Node {
    int i = 0, j = 0, k = 0;
    std::int64_t ops = 0;          // P_{i-1} P_k P_j
    double s = 0;                  // D.3 of this node alone (read inputs + write it)
    double hp = 0, hl = 0, hr = 0; // local costs; NaN when the option does not exist
    double fp = 0, fl = 0, fr = 0; // subtree totals per option; NaN when none
    double f = 0;                  // the minimum
    Choice choice = Choice::NoFuse;
    double x = 0, y = 0;                                       // tile sizes of the chosen option
    double alpha = 0, alphaPrime = 0, beta = 0, betaPrime = 0; // NaN when not used
};

// A hyper-node of the fused tree: one node (unfused) or a fused parent-child pair.
struct HyperNode {
    int i = 0, j = 0; // the parent's range
    Choice choice = Choice::NoFuse;
    std::vector<std::pair<int, int>> members; // the nodes it contains (1 or 2)
    double costUnfused = 0;                   // sum of D.3 of its members (the S plan)
    double costChosen = 0;                    // D.3, D.10 or D.14 (the F plan)
    double x = 0, y = 0;
};

struct ChainResult {
    std::vector<std::int64_t> p;
    double m = 0;
    Beta beta = Beta::Corrected;
    OpCount oc;
    std::string tree;
    double s = 0;          // S(1, n), D.18: no fusion, every node written (root included)
    double f = 0;          // F(1, n), D.23
    double fusedTotal = 0; // F(1, n) + P0 Pn
    double reductionPct = 0;
    std::vector<Node> nodes; // the op-count tree's internal nodes as the thesis numbers them
                             // T1, T2, ...: by length j - i, then by i
    std::vector<HyperNode> hyperNodes; // the fused tree, pre-order
    std::vector<std::string> warnings; // sizes below the tiles (closed forms invalid)
};

// The whole pipeline (spec §5.3). InputError for fewer than two or more than kMaxMatrices
// matrices, a dimension outside [1, kMaxDimension], M outside [2, 1e15] or an op count beyond
// 63 bits.
ChainResult analyseChain(const std::vector<std::int64_t>& p, double m, Beta beta);

} // namespace cdx::chain
