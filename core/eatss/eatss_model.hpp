// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// EATSS, energy-aware tile-size selection for affine programs on GPUs (CGO'24; spec eatss.md):
// from a loop nest's references and a GPU, the integer program (tile sizes T_i; warp alignment,
// L1 / shared / L2 capacities under a split factor, registers by precision) and its objective,
// in the artifact's exact semantics (`gpu-tss-energy.py`, spec §1.6, the default) or the paper's
// (§1.2-1.4); every derived quantity returned; and its exact optimum by enumeration with ties.
namespace cdx {
struct GpuProfile; // params/profiles.hpp
} // namespace cdx

namespace cdx::eatss {

struct Loop {
    std::string name;
    bool parallel = false;
    bool operator==(const Loop&) const = default;
};
struct Reference {
    std::string array;
    std::vector<std::string> subscripts; // iterator per subscript, row-major (last = stride 1)
    // The array's extents as the .rels file gave them (one per subscript; empty: not given).
    // The model does not use them (nor does the artifact); they are kept so that a program
    // written back (toRels, a session) says what the user typed.
    std::vector<std::int64_t> extents;
    bool operator==(const Reference&) const = default;
};
struct Program {
    std::string id;
    std::string name;
    std::string file;
    std::string statement;
    std::vector<Loop> loops; // outer -> inner
    std::vector<Reference> references;
    // Equal in what it holds: `file` (where it was read from) is neither written nor
    // compared.
    bool operator==(const Program& o) const {
        return id == o.id && name == o.name && statement == o.statement && loops == o.loops &&
               references == o.references;
    }
};

// The artifact's `.rels` (spec §2.2): "<#statements>\n<Stmt>:<it>[*],...\n<#refs>\n
// <Array>:<it>,...:<size>,...". Strict: InputError with the file, the line and the reason
// (a malformed line, a count that does not match, zero loops, an unknown iterator in a
// subscript, a repeated loop).
Program parseRels(const std::string& text, const std::string& file);
// The JSON form: {"id", "name", "statement", "loops": [{"name", "parallel"}],
// "references": [{"array", "subscripts": [...]}], "source"}; the same checks.
Program programFromJson(const nlohmann::json& j, const std::string& file);
// An id of profiles/programs (`gemm`) or a path (.rels or .json).
Program loadProgram(const std::string& idOrPath);

struct Gpu {
    std::string id, name;
    std::int64_t threadsPerWarp = 32, threadsPerBlock = 1024, registersPerSm = 65536;
    std::int64_t l1SharedBytes = 0, l2Bytes = 0, sharedPerBlockBytes = 49152;
    std::int64_t sms = 0;
    std::vector<double> caps; // the artifact's split factors for this GPU
    // Empty for the artifact's own devices; for a GPU description (issue 43), how its EATSS
    // parameters were estimated from the chip's facts (results name it).
    std::string estimated;
};
// An id of profiles/eatss-gpus (a100, xavier, rtx2080ti: the artifact's spec files) or a path
// to one; else any GPU description (cdx profiles: h100-sxm5, a GPU of the user's, a path), its
// EATSS parameters estimated from its facts (gpuFromDescription).
Gpu loadGpu(const std::string& idOrPath);
// The EATSS parameters of a GPU description, by the artifact's own conventions: 32 threads per
// warp, the description's threads per block, registers per SM, SMs and L2; L1 and shared memory
// as one array (l1_shared_kb, or shared memory plus its L1 where they are apart), 48 KB of
// shared memory per block (the static limit the artifact's files give every device), and the
// split factors that give shared memory 0, 32 and 48 KB of the array (the artifact's own caps
// are such shares: 24 or 32 and 48 KB). InputError naming the missing fact.
Gpu gpuFromDescription(const GpuProfile& g);

enum class Mode { Artifact, Paper };
enum class Precision { Double, Float };
std::string_view name(Mode m);      // "artifact", "paper"
std::string_view name(Precision p); // "double", "float"
Mode parseMode(std::string_view s, const std::string& field);
Precision parsePrecision(std::string_view s, const std::string& field);

struct Options {
    Mode mode = Mode::Artifact;
    double split = 0.25; // s: the share of L1+shared given to shared memory
    double align = 1.0;  // phi: the warp fraction the tile sizes are multiples of (0: none)
    Precision precision = Precision::Double;
    bool operator==(const Options&) const = default;
};

// A capacity, register or bound constraint: sum/product over tile sizes <= rhs.
struct Constraint {
    std::string name; // "shared", "l1", "l2", "registers"
    std::string text; // "T_i*T_k <= 6144"
    // The terms: each a product of loop indices (repeated index = power).
    std::vector<std::vector<int>> terms;
    std::int64_t rhs = 0;
};

// Everything derived from the program and the GPU (spec §1.6 / §2.2), for the view to explain.
struct Formulation {
    Options options;
    std::vector<Loop> loops;
    std::vector<Reference> references; // as used (artifact: one per array name, the last)
    std::vector<int> c;                // stride-1 counts per loop
    int ls1 = -1;                      // the CMA loop
    std::vector<std::string> cacheSet, sharedSet;
    int nRefs = 0;
    std::vector<std::int64_t> weights; // H_i
    std::vector<int> blockLoops;       // the loops whose product is blk / B_size
    std::int64_t waf = 0;              // tile sizes are multiples of it (0: unaligned)
    std::int64_t tMin = 1, tMax = 0;   // tile-size bounds
    std::int64_t blkMax = 0;           // registers bound on blk
    std::optional<std::int64_t> sharedBudget, l1Budget, l2Budget; // elements; nullopt: none
    std::vector<Constraint> constraints;
    std::vector<std::string> notes; // e.g. "SH = 0: the shared set is unconstrained"
};

// InputError when the configuration cannot be formulated, naming why: the artifact exits
// without a CMA loop (only 1-D arrays) or when s * L1 exceeds the per-block shared memory.
Formulation formulate(const Program& p, const Gpu& g, const Options& o);

struct ConstraintValue {
    std::string name;
    std::string text;
    std::int64_t lhs = 0, rhs = 0;
    bool binding = false; // lhs == rhs
};
struct Evaluation {
    bool feasible = false;
    std::string reason; // the first violated rule
    std::int64_t objective = 0;
    std::int64_t blk = 0;
    std::vector<ConstraintValue> constraints;
};
// Evaluates one tile vector (loop order): alignment, bounds, each constraint with its slack.
Evaluation evaluate(const Formulation& f, const std::vector<std::int64_t>& tiles);

struct Solution {
    bool feasible = false;
    std::vector<std::int64_t> tiles; // the lexicographically smallest optimum
    std::int64_t objective = 0;
    std::uint64_t optima = 0; // tile vectors with the optimal objective (ties + 1)
    std::vector<std::vector<std::int64_t>> firstOptima; // up to 16 of them, lexicographic
    std::uint64_t visited = 0;                          // tile vectors evaluated
};
// Exact: a depth-first enumeration of the aligned domain that stops a dimension at its first
// infeasible value (every constraint is monotone non-decreasing in every T_i) and prunes a
// branch whose objective bound is below the best (spec §3.4). Every optimum is counted.
Solution solveExact(const Formulation& f);

// Progress and Cancel for a long exact search (issue 44: a user's program with many relevant
// loops must never freeze the window). `report(fraction, visited)` is called every 4,096 steps
// of the enumeration with the share done of the outermost searched loops' values (0..1, never
// decreasing) and the tile vectors evaluated so far; returning false stops the search, which
// then throws SolveCancelled (no partial optimum: it would not be the optimum).
struct SolveControl {
    std::function<bool(double fraction, std::uint64_t visited)> report;
};
struct SolveCancelled : std::runtime_error {
    SolveCancelled() : std::runtime_error("the exact search was cancelled") {}
};
Solution solveExact(const Formulation& f, const SolveControl& control);
// The same, answered from the last 16 answers when an equal formulation was solved before in
// this process (thread-safe): a user's program can take seconds, and the window asks for its
// optimum from several views, the status line and Compare. A cancelled search keeps nothing.
Solution solveExactKept(const Formulation& f, const SolveControl& control = {});

nlohmann::json toJson(const Formulation& f);

} // namespace cdx::eatss
