// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/tile_search.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

// Tilings to measure (issue 57, PPoPP'17's protocol as a feature): the model ranks tilings well
// near the top only roughly, so the search proposes a small, diverse set of the tilings it
// predicts within X % of its best (different shapes and, where threads count, block sizes) to
// be measured; the best measured one is the choice.
namespace cdx::search {

struct ProposalOptions {
    std::size_t count = 10;  // tilings proposed (>= 1)
    double within = 0.10;    // of the predicted best
    std::size_t pool = 5000; // candidates considered, the predicted best first
};

struct ProposedTiling {
    talg::Tiles tiles; // threads: the block's (PPCG's default resolved)
    double tAlg = 0;   // predicted [s]
    double vsBest = 0; // tAlg / best - 1
};

struct Proposal {
    TilePoint best;                      // the model's exact optimum (PPCG's default threads)
    std::vector<ProposedTiling> tilings; // ascending tAlg; the best first
    std::size_t candidates = 0;          // tilings (with their block sizes) within X %
};

// The predicted best first, then greedily the candidate farthest (in log2 of each tile size and
// of the threads) from those already chosen, ties to the faster prediction. Block sizes are
// varied (PPCG's default, half and twice it, within the GPU's limit) only when the variant
// uses them (hiding = occupancy). InputError as searchTiles, and for count 0 or within < 0.
Proposal proposeTilings(const Stencil& st, const talg::Problem& p, const Gpu& g,
                        const talg::TalgVariant& v, const ProposalOptions& o = {});

// Whether the optimum depends on C_iter (issue 57: an estimated C_iter, the clock rule, was 10
// to 150 % off fitted values on Pascal and Volta): the optimum again at half and at twice it.
struct CIterCheck {
    std::vector<std::pair<double, TilePoint>> optima; // (factor, that optimum)
    bool dependsOnIt = false;                         // an optimum other than `best`
};
CIterCheck checkCIter(const Stencil& st, const talg::Problem& p, const Gpu& g,
                      const talg::TalgVariant& v, const talg::Tiles& best,
                      const SearchOptions& o = {});

} // namespace cdx::search
