// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "params/model_inputs.hpp"
#include "search/tile_search.hpp"
#include "talg/talg.hpp"

#include <optional>
#include <string>
#include <vector>

// The roofline of a tiled stencil (issue 16; spec talg-time-model.md §2.1, §5, erratum I10): the
// GPU's compute ceiling n_SM n_V / C_iter [points/s] (the rate of T_ideal, thesis 8.3) and its
// bandwidth ceiling 1/L [B/s, device-wide as measured], a tiling placed by its arithmetic
// intensity (points computed per byte moved, over the whole run: S1 S2 S3 T points against
// N_w w N_sub m_io words) at its model-predicted rate (points / T_alg), and the roofline bound at
// that intensity. The model charges m_io L per tile on every SM at once, i.e. it assumes up to
// n_SM / L of aggregate bandwidth (I10): that implied roof is returned too, and a prediction above
// the device-wide roof is said to be so. GFLOP/s need the stencil's FLOPs per point; without
// them everything is in points.
namespace cdx::search {

struct RooflineCeilings {
    double peakPointsPerS = 0;     // n_SM n_V / C_iter
    double bandwidthBytesPerS = 0; // GB / L (the variant's GB)
    double impliedBytesPerS = 0;   // n_SM x that: what the model's per-SM L amounts to (I10)
    double ridgePointsPerByte = 0; // peak / bandwidth
    std::optional<double> flopsPerPoint;
    int bytesPerWord = 4;
};

struct RooflinePoint {
    talg::Tiles tiles;
    double points = 0;               // S1 S2 S3 T
    double bytes = 0;                // N_w w N_sub m_io words x b_w
    double intensity = 0;            // points / byte
    double tAlg = 0;                 // [s]
    double pointsPerS = 0;           // points / T_alg
    double boundPointsPerS = 0;      // min(peak, intensity x bandwidth)
    double fractionOfBound = 0;      // pointsPerS / boundPointsPerS
    bool aboveBandwidthRoof = false; // the I10 optimism shows
    std::int64_t k = 0;
    // Where T_alg goes beyond the roofline's time max(points / peak, bytes / bandwidth) [s].
    double syncSeconds = 0;    // N_w T_sync
    double utilisation = 0;    // w / (k n_SM rounds)
    bool computeBound = false; // c >= m'
};

RooflineCeilings rooflineCeilings(const Stencil& st, const Gpu& g, const talg::TalgVariant& v);
// InputError for an infeasible tiling (naming the constraint) or invalid inputs.
RooflinePoint rooflinePoint(const Stencil& st, const talg::Problem& p, const talg::Tiles& t,
                            const Gpu& g, const talg::TalgVariant& v);
// From a result of evaluate() for a feasible tiling.
RooflinePoint rooflinePoint(const RooflineCeilings& c, const talg::Problem& p, const talg::Tiles& t,
                            const talg::TalgResult& r);

// Why the prediction sits where it does, in words with the numbers.
std::string rooflineExplanation(const RooflineCeilings& c, const RooflinePoint& pt);

} // namespace cdx::search

namespace cdx {
struct SessionState;
}

namespace cdx::search {

// The session's tiling on its GPU's roofline (the Stencil roofline view's point and ceilings,
// the same calls) as named values, in the units the view prints: gpoints_s, bound_gpoints_s,
// peak_gpoints_s [Gpoints/s], bandwidth_gbs, implied_gbs [GB/s], intensity and ridge
// [points/B], pct_of_bound, sync_pct, utilisation_pct [%], k, T_alg [s], and as words `regime`
// ("memory_bound": left of the ridge, where the bandwidth roof binds; else "compute_bound"),
// `tile_bound` ("transfer" or "compute": c < m' or not) and `above_bandwidth_roof` ("yes": the
// I10 optimism shows). A lesson's {roofline:NAME} (core/lessons). InputError for an infeasible
// tiling or a GPU the model refuses.
compare::FamilyComparison rooflineOfSession(const SessionState& s);

} // namespace cdx::search
