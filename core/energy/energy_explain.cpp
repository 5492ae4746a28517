// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_explain.hpp"

#include "energy/energy_calibration.hpp"
#include "energy/energy_search.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <algorithm>
#include <cstdio>

namespace cdx::energy {

namespace {

std::string g(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string i(std::int64_t v) {
    return std::to_string(v);
}

const char* talgStencilId(StencilKind k) {
    return k == StencilKind::Jacobi1D ? "jacobi1d" : k == StencilKind::Jacobi2D ? "jacobi2d" : "";
}

} // namespace

Stencil talgStencilFor(StencilKind k, const GpuProfile& gpu) {
    const char* id = talgStencilId(k);
    if (*id == '\0') {
        throw InputError("time source", "model",
                         "the Talg model has no Smith-Waterman stencil, so it gives no T_alg; "
                         "give T_alg or choose a measured run");
    }
    const StencilProfile profile = loadStencilProfile(id);
    if (!cIterOf(gpu, profile)) { // C_iter is the GPU's (issue 43)
        throw InputError("time source", "model",
                         "the Talg model has no C_iter for " + profile.name + " on " +
                             profileLabel(gpu) +
                             " (none is published), so it gives no T_alg; give T_alg or choose a "
                             "measured run");
    }
    return toStencil(profile, gpu);
}

SettingsEvaluation evaluateSettings(const EnergySettings& e, const GpuProfile& gpu,
                                    const talg::TalgVariant& tv,
                                    const std::optional<runs::Run>& run) {
    SettingsEvaluation out;
    out.input = e.problem;
    try {
        const EnergyCoefficients c = coefficientsOf(e.coefficients);
        switch (e.timeSource.kind) {
        case TimeSourceKind::Given:
            out.input.tAlgS = e.timeSource.tAlgS;
            out.timeLabel = "given";
            break;
        case TimeSourceKind::Model: {
            const bool twoD = e.problem.stencil == StencilKind::Jacobi2D;
            const Stencil st = talgStencilFor(e.problem.stencil, gpu);
            const Gpu g = toGpu(gpu);
            const talg::Problem p{
                twoD ? 2 : 1, {e.problem.s1, twoD ? e.problem.s2 : 1, 1}, e.problem.t};
            const talg::Tiles t{{e.problem.tS1, twoD ? e.problem.tS2 : 1, 1}, e.problem.tT};
            const auto r = talg::evaluate(st, p, t, g, tv);
            if (!r.feasible) {
                throw InputError("tiles", "",
                                 "infeasible in the Talg model (" + talg::describe(r.excludedBy) +
                                     "), so it gives no T_alg");
            }
            out.input.tAlgS = r.tAlg;
            out.input.sharedWordsPerBlock = sharedWordsPerBlock(g);
            out.timeLabel = "Talg model on " + profileLabel(gpu);
            // The GPU as the session holds it, edits named (issue 44: the stock name stood
            // for an edited chip here).
            if (gpu.name == e.coefficients.gpu) {
                out.warnings.push_back(
                    "T_alg from the Talg model on " + profileLabel(gpu) +
                    ", whose Talg constants are estimated by rules of its facts (the model was "
                    "calibrated on Maxwell GPUs for hybrid-hexagonal tiling), with its own "
                    "energy coefficients: the time is an extrapolation");
            } else {
                out.warnings.push_back(
                    "T_alg from the Talg model on " + profileLabel(gpu) +
                    " (calibrated on Maxwell GPUs for hybrid-hexagonal tiling) with energy "
                    "coefficients of " +
                    e.coefficients.gpu + ": a cross-GPU estimate (spec §6.1 item 1)");
            }
            out.extrapolations.push_back(out.warnings.back());
            break;
        }
        case TimeSourceKind::Measured: {
            if (e.timeSource.runId == 0) {
                throw InputError("time source", "measured", "choose a measured run");
            }
            if (!run) {
                throw InputError("run", std::to_string(e.timeSource.runId),
                                 "is not in the run database (open the database that has it, "
                                 "or choose another run)");
            }
            std::string why;
            const auto in = energyInputOf(*run, &why, e.problem.ops, e.problem.muSr);
            if (!in) {
                throw InputError("run", std::to_string(run->id), why);
            }
            out.input = *in;
            // The source stays out of the label (titles): it can be a long sentence.
            out.timeLabel = "measured: run " + std::to_string(run->id) + " on " + run->gpu;
            out.runSource = run->source;
            out.measuredJ = run->energyJ;
            const auto& p = e.problem;
            if (in->stencil != p.stencil || in->s1 != p.s1 || in->s2 != p.s2 || in->t != p.t ||
                in->tS1 != p.tS1 || in->tS2 != p.tS2 || in->tT != p.tT ||
                (p.stencil != StencilKind::Jacobi2D && in->sS != p.sS)) {
                out.warnings.push_back("the run's problem and tiling are shown (they differ "
                                       "from the editor's)");
            }
            break;
        }
        }
        out.result = evaluateEnergy(out.input, c, e.variant);
    } catch (const InputError& err) {
        out.error = err.what();
    }
    return out;
}

std::array<CoefficientShare, 7>
coefficientShares(const EnergyInput& in, const EnergyCoefficients& c, const EnergyVariant& v) {
    static const char* const labels[7] = {"P_stat (static)",          "e_gs (global<->shared)",
                                          "e_sr (shared<->register)", "e_fadd (float add)",
                                          "e_fmul (float multiply)",  "e_iadd (integer add)",
                                          "e_imax (integer max)"};
    const auto f = features(in, v);
    const auto x = asArray(c);
    double total = 0;
    for (std::size_t k = 0; k < 7; ++k) {
        total += f[k] * x[k];
    }
    std::array<CoefficientShare, 7> out;
    for (std::size_t k = 0; k < 7; ++k) {
        out[k].key = std::string(kCoefficientKeys[k]);
        out[k].label = labels[k];
        out[k].joules = f[k] * x[k] + 0.0; // +0.0: a zero term is +0, never -0
        out[k].share = total > 0 ? out[k].joules / total : 0.0;
    }
    return out;
}

std::vector<ExplainedTerm> explainEnergy(const EnergyInput& in, const EnergyCoefficients& c,
                                         const EnergyVariant& v) {
    const EnergyResult r = evaluateEnergy(in, c, v);
    std::vector<ExplainedTerm> t;
    const bool ceil = v.count == TileCount::Ceil;
    const std::string countNote = ceil ? "; count ceil (partial tiles whole)" : "";
    switch (in.stencil) {
    case StencilKind::SmithWaterman:
        t.push_back({"V_tile", r.vTile, "points", "tS tT", i(in.tS1) + " * " + i(in.tT),
                     "B.6.2 (SW, orthogonal tiles)"});
        t.push_back({"M_io", r.mIo, "words", "4.25 (tS + tT)",
                     "4.25 * (" + i(in.tS1) + " + " + i(in.tT) + ")", "B.6.2 (SW)"});
        t.push_back({"SR", r.sr, "words", "V_tile + 5 tT tS/sS",
                     g(r.vTile) + " + 5 * " + i(in.tT) + " * " + i(in.tS1) + "/" + i(in.sS),
                     "B.6.2 (SW), spec §6.1 item 3"});
        t.push_back({"N_tiles", r.nTiles, "tiles", ceil ? "ceil(S/tS) ceil(T/tT)" : "S T / (tS tT)",
                     i(in.s1) + " * " + i(in.t) + " / (" + i(in.tS1) + " * " + i(in.tT) + ")",
                     "B.6.1" + countNote});
        break;
    case StencilKind::Jacobi1D: {
        const bool skewed = v.j1dCount == J1dCount::Skewed;
        t.push_back({"V_tile", r.vTile, "points", "tS tT", i(in.tS1) + " * " + i(in.tT),
                     "B.6.2 (J1D, time-skewed tiles)"});
        t.push_back({"M_io", r.mIo, "words", "2 (2 tT + tS)",
                     "2 * (2 * " + i(in.tT) + " + " + i(in.tS1) + ")", "B.6.2 (J1D)"});
        t.push_back({"SR", r.sr, "words",
                     v.j1dSr == J1dSr::Thesis ? "4 (2 tS + 4 tT tS/sS)" : "4 (2 tS + 4 tT) tS/sS",
                     v.j1dSr == J1dSr::Thesis ? "4 * (2 * " + i(in.tS1) + " + 4 * " + i(in.tT) +
                                                    " * " + i(in.tS1) + "/" + i(in.sS) + ")"
                                              : "4 * (2 * " + i(in.tS1) + " + 4 * " + i(in.tT) +
                                                    ") * " + i(in.tS1) + "/" + i(in.sS),
                     std::string("B.6.2 (J1D); j1d-sr ") + std::string(name(v.j1dSr)) +
                         " (spec §6.1 item 2)"});
        const std::string width = skewed ? "(S + tT)" : "S";
        t.push_back({"N_tiles", r.nTiles, "tiles",
                     ceil ? "ceil(T/tT) ceil(" + width + "/tS)" : "T " + width + " / (tS tT)",
                     i(in.t) + " * " +
                         (skewed ? "(" + i(in.s1) + " + " + i(in.tT) + ")" : i(in.s1)) + " / (" +
                         i(in.tS1) + " * " + i(in.tT) + ")",
                     std::string("not in the thesis; j1d-count ") + std::string(name(v.j1dCount)) +
                         countNote});
        break;
    }
    case StencilKind::Jacobi2D: {
        const std::int64_t w = in.tS1 + in.tT - 2;
        const bool geometric = v.j2dPitch == J2dPitch::Geometric;
        const std::int64_t pitch = geometric ? in.tS1 + w : 2 * in.tS1 + in.tT;
        t.push_back({"w_tile", static_cast<double>(w), "points", "tS1 + tT - 2",
                     i(in.tS1) + " + " + i(in.tT) + " - 2", "A.4 (the hexagon's widest row)"});
        t.push_back({"pitch", static_cast<double>(pitch), "points",
                     geometric ? "tS1 + w_tile" : "2 tS1 + tT",
                     geometric ? i(in.tS1) + " + " + i(w) : "2 * " + i(in.tS1) + " + " + i(in.tT),
                     geometric ? "B.5 (pitch geometric, volume-consistent)"
                               : "A.5 (pitch paper; spec §6.1 item 7)"});
        t.push_back({"V_tile", r.vTile, "points", "tS2 (tT/2) (2 tS1 + tT - 2)",
                     i(in.tS2) + " * " + i(in.tT / 2) + " * " + i(2 * in.tS1 + in.tT - 2),
                     "B.4 (J2D, hybrid-hexagonal tiles)"});
        t.push_back({"M_io", r.mIo, "words", "2 tS2 (tS1 + 2 tT)",
                     "2 * " + i(in.tS2) + " * (" + i(in.tS1) + " + 2 * " + i(in.tT) + ")", "B.3"});
        t.push_back({"SR", r.sr, "words", "mu_sr V_tile", g(r.muSr) + " * " + g(r.vTile),
                     "B.6 (mu_sr = 6: 5 reads + 1 write, spec §6.1 item 6)"});
        t.push_back({"N_tiles", r.nTiles, "tiles",
                     ceil ? "ceil(2T/tT) ceil(S1/pitch) ceil((S2+tT)/tS2)"
                          : "2 T S1 (S2 + tT) / (tT tS2 pitch)",
                     "2 * " + i(in.t) + " * " + i(in.s1) + " * (" + i(in.s2) + " + " + i(in.tT) +
                         ") / (" + i(in.tT) + " * " + i(in.tS2) + " * " + i(pitch) + ")",
                     "B.5" + countNote});
        if (r.mTileWords) {
            t.push_back({"M_tile", *r.mTileWords, "words", "2 (tS1 + tT + 1)(tS2 + tT + 1)",
                         "2 * " + i(in.tS1 + in.tT + 1) + " * " + i(in.tS2 + in.tT + 1),
                         "A.20 (shared memory per block; feasibility A.32)"});
        }
        break;
    }
    }
    const OpCounts& o = r.opCounts;
    t.push_back({"E_iter", r.eIter, "J/point",
                 "op_fadd e_fadd + op_fmul e_fmul + op_iadd e_iadd + op_imax e_imax",
                 g(o.fadd) + " * " + g(c.eFaddJ) + " + " + g(o.fmul) + " * " + g(c.eFmulJ) + " + " +
                     g(o.iadd) + " * " + g(c.eIaddJ) + " + " + g(o.imax) + " * " + g(c.eImaxJ),
                 "B.2 (op counts: spec §6.1 item 5)"});
    t.push_back({"E_gs", r.eGs, "J/tile", "e_gs M_io", g(c.eGsJ) + " * " + g(r.mIo), "B.2"});
    t.push_back({"E_sr", r.eSr, "J/tile", "e_sr SR", g(c.eSrJ) + " * " + g(r.sr), "B.2"});
    t.push_back({"E_ar", r.eAr, "J/tile", "E_iter V_tile", g(r.eIter) + " * " + g(r.vTile), "B.2"});
    t.push_back({"E_tile", r.eTile, "J/tile", "E_gs + E_sr + E_ar",
                 g(r.eGs) + " + " + g(r.eSr) + " + " + g(r.eAr), "B.2"});
    t.push_back({"E_dyn", r.eDyn, "J", "N_tiles E_tile", g(r.nTiles) + " * " + g(r.eTile), "B.1"});
    t.push_back({"E_stat", r.eStat, "J", "P_stat T_alg", g(c.pStatW) + " * " + g(r.tAlgS),
                 "B.1 (T_alg: the time source)"});
    t.push_back({"E_alg", r.eAlg, "J", "E_stat + E_dyn", g(r.eStat) + " + " + g(r.eDyn), "B.1"});
    t.push_back({"e_pt", r.ePt, "J/point", "E_dyn / (N_tiles V_tile)",
                 g(r.eDyn) + " / (" + g(r.nTiles) + " * " + g(r.vTile) + ")",
                 "spec §1.7 (per point, dynamic)"});
    t.push_back(
        {"P_avg", r.pAvg, "W", "E_alg / T_alg", g(r.eAlg) + " / " + g(r.tAlgS), "average power"});
    t.push_back({"EDP", r.edp, "J s", "E_alg T_alg", g(r.eAlg) + " * " + g(r.tAlgS),
                 "energy-delay product (B.8)"});
    t.push_back(
        {"GOP/J", r.gopPerJ, "GOP/J", "V_alg sum_j op_j / E_alg / 1e9",
         g(r.vAlg) + " * " + g(o.fadd + o.fmul + o.iadd + o.imax) + " / " + g(r.eAlg) + " / 1e9",
         "M_E (000 §2.3.2; spec §6.1 item 20)"});
    return t;
}

std::vector<PerPointCurve> perPointCurves(const EnergyInput& in, const EnergyCoefficients& c,
                                          const EnergyVariant& v) {
    const bool twoD = in.stencil == StencilKind::Jacobi2D;
    // Tile heights: powers of two up to T (even ones for jacobi2d), and the session's.
    std::vector<std::int64_t> heights;
    for (std::int64_t h = twoD ? 2 : 1; h <= std::min<std::int64_t>(in.t, 64); h *= 2) {
        heights.push_back(h);
    }
    if (std::find(heights.begin(), heights.end(), in.tT) == heights.end() && in.tT <= in.t) {
        heights.push_back(in.tT);
        std::sort(heights.begin(), heights.end());
    }
    // Widths: 1, 1.5, 2, 3, 4, 6, ... x the sub-tile count (1-D) up to the domain, and the
    // session's width.
    const std::int64_t subTiles = twoD ? 1 : std::max<std::int64_t>(1, in.tS1 / in.sS);
    std::vector<std::int64_t> widths;
    for (std::int64_t b = 1; b <= in.s1 && b <= (std::int64_t(1) << 20); b *= 2) {
        for (std::int64_t w : {b, b + b / 2}) {
            const std::int64_t x = w * subTiles;
            if (w >= 1 && x <= in.s1 && (w == b || b >= 2)) {
                widths.push_back(x);
            }
        }
    }
    widths.push_back(in.tS1);
    std::sort(widths.begin(), widths.end());
    widths.erase(std::unique(widths.begin(), widths.end()), widths.end());
    std::vector<PerPointCurve> out;
    for (std::int64_t h : heights) {
        PerPointCurve curve;
        curve.tT = h;
        for (std::int64_t w : widths) {
            EnergyInput q = in;
            q.tT = h;
            q.tS1 = w;
            if (!twoD) {
                q.sS = w / subTiles;
                if (q.sS < 1 || w % subTiles != 0) {
                    continue;
                }
            }
            q.tAlgS = 1; // e_pt is dynamic: T_alg does not enter it
            try {
                const EnergyResult r = evaluateEnergy(q, c, v);
                if (r.feasible) { // e.g. M_tile within in.sharedWordsPerBlock, when given
                    curve.points.emplace_back(w, r.ePt);
                }
            } catch (const InputError&) {
                // a width or height the model refuses (beyond 64 bits): not drawn
            }
        }
        if (!curve.points.empty()) {
            out.push_back(std::move(curve));
        }
    }
    return out;
}

} // namespace cdx::energy
