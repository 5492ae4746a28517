// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/tile_lineup.hpp"

#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "search/tile_search.hpp"
#include "session/session.hpp"

namespace cdx::search {

std::string optimiseTiles(SessionState& s) {
    SearchOptions o = withinOptions(s.within);
    o.maxWithin = 1; // only the optimum (0 would count the tilings within in a second pass)
    const SearchResult r = searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant, o);
    if (!r.found) {
        throw InputError("tiles", "",
                         "no tiling of the space satisfies eq. 31 (tT even <= T, innermost tile a "
                         "multiple of 32 <= its extent, M_tile within the per-block shared "
                         "memory)");
    }
    s.tiles = r.best.tiles;
    std::string tiles;
    for (int i = 0; i < s.problem.dim; ++i) {
        tiles += (i ? "×" : "") + std::to_string(r.best.tiles.space[static_cast<std::size_t>(i)]);
    }
    return "tiles " + tiles + ", tT " + std::to_string(r.best.tiles.time) + " (exact optimum)";
}

std::string sharedProblem(const SessionState& s) {
    std::string sizes;
    for (int i = 0; i < s.problem.dim; ++i) {
        sizes.append(i > 0 ? "×" : "");
        sizes.append(std::to_string(s.problem.space[static_cast<std::size_t>(i)]));
    }
    std::string out = profileLabel(s.stencil);
    out.append(" ").append(sizes).append(", T ").append(std::to_string(s.problem.time));
    return out;
}

} // namespace cdx::search
