// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/roofline.hpp"

#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/units.hpp"
#include "session/session.hpp"

#include <algorithm>
#include <cstdio>

namespace cdx::search {

RooflineCeilings rooflineCeilings(const Stencil& st, const Gpu& g, const talg::TalgVariant& v) {
    if (!(st.cIterSeconds > 0) || g.nSm < 1 || g.nV < 1 || !(g.lSecondsPerGb > 0) ||
        st.bytesPerWord < 1) {
        throw InputError("roofline", "C_iter, n_SM, n_V, L or b_w",
                         "expected positive values (a GPU and stencil the model accepts)");
    }
    RooflineCeilings c;
    c.peakPointsPerS = static_cast<double>(g.nSm * g.nV) / st.cIterSeconds;
    c.bandwidthBytesPerS = units::bytesPerGigabyte(v.gigabyte) / g.lSecondsPerGb;
    c.impliedBytesPerS = c.bandwidthBytesPerS * static_cast<double>(g.nSm);
    c.ridgePointsPerByte = c.peakPointsPerS / c.bandwidthBytesPerS;
    c.flopsPerPoint = st.flopsPerPoint;
    c.bytesPerWord = st.bytesPerWord;
    return c;
}

RooflinePoint rooflinePoint(const RooflineCeilings& c, const talg::Problem& p, const talg::Tiles& t,
                            const talg::TalgResult& r) {
    if (!r.feasible) {
        throw InputError("tiles", "infeasible", "expected a feasible tiling (eq. 31)");
    }
    const auto& b = r.breakdown;
    RooflinePoint pt;
    pt.tiles = t;
    pt.points = static_cast<double>(p.space[0]) * static_cast<double>(p.space[1]) *
                static_cast<double>(p.space[2]) * static_cast<double>(p.time);
    pt.bytes = static_cast<double>(b.nW) * static_cast<double>(b.w) * static_cast<double>(b.nSub) *
               static_cast<double>(b.mIo) * c.bytesPerWord;
    pt.intensity = pt.bytes > 0 ? pt.points / pt.bytes : 0;
    pt.tAlg = r.tAlg;
    pt.pointsPerS = pt.points / r.tAlg;
    pt.boundPointsPerS = std::min(c.peakPointsPerS, pt.intensity * c.bandwidthBytesPerS);
    pt.fractionOfBound = pt.boundPointsPerS > 0 ? pt.pointsPerS / pt.boundPointsPerS : 0;
    pt.aboveBandwidthRoof = pt.pointsPerS > pt.intensity * c.bandwidthBytesPerS * (1 + 1e-12);
    pt.k = b.k;
    pt.syncSeconds = b.syncTime;
    pt.utilisation = b.utilisation;
    pt.computeBound = b.computeBound;
    return pt;
}

RooflinePoint rooflinePoint(const Stencil& st, const talg::Problem& p, const talg::Tiles& t,
                            const Gpu& g, const talg::TalgVariant& v) {
    const talg::TalgResult r = talg::evaluate(st, p, t, g, v);
    if (!r.feasible) {
        throw InputError("tiles", "infeasible",
                         std::string("expected a feasible tiling; excluded by ")
                             .append(talg::name(r.excludedBy)));
    }
    return rooflinePoint(rooflineCeilings(st, g, v), p, t, r);
}

std::string rooflineExplanation(const RooflineCeilings& c, const RooflinePoint& pt) {
    const double roofBw = pt.intensity * c.bandwidthBytesPerS;
    std::string s = "At " + formatG(pt.intensity, 4) + " points/B the roofline allows " +
                    formatG(pt.boundPointsPerS / 1e9, 4) + " Gpoints/s (" +
                    (roofBw < c.peakPointsPerS ? "bandwidth-bound: below the ridge at " +
                                                     formatG(c.ridgePointsPerByte, 4) + " points/B"
                                               : "compute-bound: right of the ridge") +
                    "); the model predicts " + formatG(pt.pointsPerS / 1e9, 4) + " Gpoints/s, " +
                    formatG(100 * pt.fractionOfBound, 3) + " % of it.";
    if (pt.pointsPerS > c.peakPointsPerS * (1 + 1e-12)) {
        s += " The prediction is above the compute roof: T_alg < T_ideal, the artefact of the "
             "printed pitch or of eq. 22 (spec erratum I1).";
    }
    if (pt.aboveBandwidthRoof) {
        s += " The prediction is above the device-wide bandwidth roof: the model charges the "
             "measured L per tile on every SM at once, as if the GPU had up to " +
             formatG(c.impliedBytesPerS / 1e9, 4) + " GB/s (spec erratum I10).";
    }
    s += std::string(pt.fractionOfBound < 1 ? " Below the roof: " : " Where T_alg goes: ") +
         "N_w x T_sync = " + formatG(pt.syncSeconds, 4) + " s is " +
         formatG(100 * pt.syncSeconds / pt.tAlg, 3) + " % of T_alg; the SMs are " +
         formatG(100 * pt.utilisation, 3) + " % used over the rounds; " +
         (pt.k > 1 ? "transfer and compute overlap across the k = " + std::to_string(pt.k) +
                         " co-resident tiles but the first read and the last write do not"
                   : "with k = 1 a tile's transfer and compute add up (no overlap)") +
         "; and the tile is " + (pt.computeBound ? "compute" : "transfer") + "-bound (c " +
         (pt.computeBound ? ">=" : "<") + " m').";
    return s;
}

compare::FamilyComparison rooflineOfSession(const SessionState& s) {
    const Stencil st = s.modelStencil();
    const Gpu g = s.modelGpu();
    const RooflineCeilings c = rooflineCeilings(st, g, s.variant);
    const RooflinePoint pt = rooflinePoint(st, s.problem, s.tiles, g, s.variant);
    compare::FamilyComparison f;
    f.family = "roofline";
    f.title = "Stencil roofline";
    const auto n = [&f](const char* name, const char* unit, double v, bool integer = false) {
        compare::addNumber(f, name, unit, std::nullopt, v, integer);
    };
    n("gpoints_s", "Gpoints/s", pt.pointsPerS / 1e9);
    n("bound_gpoints_s", "Gpoints/s", pt.boundPointsPerS / 1e9);
    n("peak_gpoints_s", "Gpoints/s", c.peakPointsPerS / 1e9);
    n("bandwidth_gbs", "GB/s", c.bandwidthBytesPerS / 1e9);
    n("implied_gbs", "GB/s", c.impliedBytesPerS / 1e9);
    n("intensity", "points/B", pt.intensity);
    n("ridge", "points/B", c.ridgePointsPerByte);
    n("pct_of_bound", "%", 100 * pt.fractionOfBound);
    n("sync_pct", "%", 100 * pt.syncSeconds / pt.tAlg);
    n("utilisation_pct", "%", 100 * pt.utilisation);
    n("k", "", static_cast<double>(pt.k), true);
    n("T_alg", "s", pt.tAlg);
    compare::addText(f, "regime", "",
                     pt.intensity < c.ridgePointsPerByte ? "memory_bound" : "compute_bound");
    compare::addText(f, "tile_bound", "", pt.computeBound ? "compute" : "transfer");
    compare::addText(f, "above_bandwidth_roof", "", pt.aboveBandwidthRoof ? "yes" : "no");
    return f;
}

} // namespace cdx::search
