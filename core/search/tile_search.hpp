// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// Exact tile-size optimisation by exhaustive enumeration of the feasible space
// of eq. 31 (spec/talg-time-model.md §1.8, DESIGN.md "Search space").
namespace cdx::search {

inline constexpr std::size_t kDefaultMaxWithin = 1000;

struct SearchOptions {
    double within = 0.10; // report the points with T_alg <= (1 + within) * T_min
    // ... at most this many, the best first (T_alg, then the tie-break); `withinCount` counts
    // them all. Memory is O(maxWithin) whatever the size of the feasible space.
    std::size_t maxWithin = kDefaultMaxWithin;
    // Pin tile sizes to search a slice (e.g. tS1 = 8 for PPoPP'17 Fig. 4); unset = free.
    std::array<std::optional<std::int64_t>, 3> fixedSpace{};
    std::optional<std::int64_t> fixedTime;
    // Long searches: `progress(fraction, pass)` after each tT value (pass 2 is the count of a
    // capped list); a set `cancel` flag stops the search with SearchCancelled (no result).
    std::function<void(double, int)> progress{};
    const std::atomic<bool>* cancel = nullptr;
    // Threads for the search: 0 = one per core once kParallelPoints or more tilings fit the
    // shared memory. Threads take whole tT values; the result does not depend on their number.
    unsigned threads = 0;
};

inline constexpr std::uint64_t kParallelPoints = 200'000;
// Talg evaluations per second and thread in the search (bench_search on the CI machine,
// docs/performance.md): the rate behind estimateSearch().
inline constexpr double kEvaluationsPerSecond = 13e6;

// The options of a search for the tilings within `within` (the defaults otherwise).
inline SearchOptions withinOptions(double within) {
    SearchOptions o;
    o.within = within;
    return o;
}

// Thrown by a search whose `cancel` flag was set: it leaves no partial result.
struct SearchCancelled : std::runtime_error {
    SearchCancelled() : std::runtime_error("search cancelled") {}
};

struct TilePoint {
    talg::Tiles tiles;
    double tAlg = 0;
    std::int64_t k = 0;
};

// Infeasible points of the enumerated box, by the constraint that excludes them.
struct InfeasibleCounts {
    std::uint64_t sharedMemoryPerBlock = 0;
    std::uint64_t noResidentBlock = 0;
    std::uint64_t occupancy = 0; // hiding = occupancy: no block of the threads fits (issue 57)
    std::uint64_t total() const { return sharedMemoryPerBlock + noResidentBlock + occupancy; }
};

struct SearchResult {
    bool found = false;            // false: no feasible point at all
    TilePoint best;                // exact minimum; ties -> smallest (tT, tS1, tS2, tS3)
    std::vector<TilePoint> within; // ascending T_alg, ties in the same order; best first;
                                   // at most maxWithin of them
    std::uint64_t withinCount = 0; // every feasible tiling within, listed or not
    double withinFraction = 0;
    std::uint64_t boxPoints = 0; // tT even in [2,T], tS_i in [1,S_i], innermost multiple of 32
    std::uint64_t feasiblePoints = 0;
    // The edges of the feasible region (when found): the smallest and the largest value of
    // each tile size over the feasible tilings (PPoPP'17 Fig. 4: tT in [2, 58], tS2 in [32, 544]).
    talg::Tiles feasibleLow;
    talg::Tiles feasibleHigh;
    InfeasibleCounts infeasible;   // boxPoints = feasiblePoints + infeasible.total()
    std::uint64_t evaluations = 0; // Talg evaluations actually made
};

// The box is enumerated with the tiles in (tT, tS1, tS2, tS3) order. M_tile grows
// with every tile size, so once a point exceeds the per-block shared memory all
// larger sizes along that axis do too: those are counted, not evaluated.
// Throws InputError for an invalid problem/GPU/variant or within < 0.
SearchResult searchTiles(const Stencil& st, const talg::Problem& p, const Gpu& g,
                         const talg::TalgVariant& v, const SearchOptions& opt = {});

// The same enumeration, for searches with another objective (energy, EDP): `visit` is called for
// every feasible tiling of the box, in tie-break order, with its T_alg result. Returns the
// counts and the time optimum (`within` stays empty). Memory does not grow with the box.
using TilingVisitor = std::function<void(const talg::Tiles&, const talg::TalgResult&)>;
SearchResult forEachFeasibleTiling(const Stencil& st, const talg::Problem& p, const Gpu& g,
                                   const talg::TalgVariant& v, const TilingVisitor& visit);

// What a search would cost, known before it runs: the tilings of the box that fit the per-block
// shared memory (each is evaluated, or found to leave no resident block) counted without
// evaluating one, and the time that takes at kEvaluationsPerSecond per thread (one pass; a
// capped within list can need a second counting pass). Cheap (at most 65² staircase walks):
// exact for 1D, and in 2D/3D unless an enumerated axis has more than 65 fitting values; then
// the count is interpolated between bounds that hold it.
struct SearchEstimate {
    std::uint64_t boxPoints = 0;
    std::uint64_t fittingPoints = 0; // = feasiblePoints + infeasible.noResidentBlock if exact
    std::uint64_t fittingLow = 0;    // fittingLow <= the exact count <= fittingHigh
    std::uint64_t fittingHigh = 0;
    bool exact() const { return fittingLow == fittingHigh; }
    unsigned threads = 1;
    double seconds = 0;
};
SearchEstimate estimateSearch(const Stencil& st, const talg::Problem& p, const Gpu& g,
                              const talg::TalgVariant& v, const SearchOptions& opt = {});

// An estimated duration as a person reads it: "0.4 s", "45 s", "12 min", "3.2 h".
std::string roughDuration(double seconds);

// Lexicographic (tT, tS1, tS2, tS3): the tie-breaking order of DESIGN.md.
bool tieBreakLess(const talg::Tiles& a, const talg::Tiles& b);

} // namespace cdx::search
