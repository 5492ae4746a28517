// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg_compare.hpp"

#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::talg {

using compare::change;

TalgComparison compareTalg(const TalgCase& a, const TalgCase& b) {
    TalgResult ra, rb;
    try {
        ra = evaluate(a.stencil, a.problem, a.tiles, a.gpu, a.variant);
    } catch (const InputError& e) {
        throw InputError("baseline " + e.field(), e.value(), e.allowed());
    }
    rb = evaluate(b.stencil, b.problem, b.tiles, b.gpu, b.variant);
    return compareTalg(a, ra, b, rb);
}

TalgComparison compareTalg(const TalgCase& a, const TalgResult& ra, const TalgCase& b,
                           const TalgResult& rb) {
    TalgComparison c;
    c.a = ra;
    c.b = rb;
    c.tAlg = {"T_alg", "s", "eqs. 6 / 17 / 30", std::nullopt, std::nullopt, false, {}, {}};
    if (ra.feasible) {
        c.tAlg.a = ra.tAlg;
    }
    if (rb.feasible) {
        c.tAlg.b = rb.tAlg;
    }
    // Every intermediate value, in the baseline's order, then those only the session has.
    const auto ea = breakdownEntries(ra, a.problem.dim);
    const auto eb = breakdownEntries(rb, b.problem.dim);
    for (const auto& e : ea) {
        compare::ComparedValue v{e.symbol,     e.unit,    e.equation, e.value,
                                 std::nullopt, e.integer, {},         {}};
        const auto other = std::find_if(
            eb.begin(), eb.end(), [&e](const BreakdownEntry& x) { return x.symbol == e.symbol; });
        if (other != eb.end()) {
            v.b = other->value;
        }
        c.values.push_back(std::move(v));
    }
    for (const auto& e : eb) {
        if (std::none_of(ea.begin(), ea.end(),
                         [&e](const BreakdownEntry& x) { return x.symbol == e.symbol; })) {
            c.values.push_back(
                {e.symbol, e.unit, e.equation, std::nullopt, e.value, e.integer, {}, {}});
        }
    }

    if (!ra.feasible || !rb.feasible) {
        const auto why = [](const TalgResult& r) { return describe(r.excludedBy); };
        c.explanation = !ra.feasible && !rb.feasible
                            ? "T_alg: both tilings are infeasible (baseline: " + why(ra) +
                                  "; session: " + why(rb) + ")"
                        : !ra.feasible
                            ? "T_alg: the baseline's tiling is infeasible (" + why(ra) +
                                  "), the session's takes " + formatG(rb.tAlg, 4) + " s"
                            : "T_alg: the session's tiling is infeasible (" + why(rb) +
                                  "), the baseline's takes " + formatG(ra.tAlg, 4) + " s";
        return c;
    }

    const TalgBreakdown& ba = ra.breakdown;
    const TalgBreakdown& bb = rb.breakdown;
    const double na = static_cast<double>(ba.nW), nb = static_cast<double>(bb.nW);
    const double rA = static_cast<double>(ba.rounds), rB = static_cast<double>(bb.rounds);
    const double tsA = a.gpu.tSyncSeconds, tsB = b.gpu.tSyncSeconds;
    const double computeA = na * rA * ba.tUnit, computeB = nb * rB * bb.tUnit;
    const double syncA = na * tsA, syncB = nb * tsB;
    double nW = 0, rounds = 0, tUnit = 0, tSync = 0;
    if (computeA > 0 && computeB > 0) {
        const double l = compare::logMean(computeA, computeB);
        nW += l * std::log(nb / na);
        rounds += l * std::log(rB / rA);
        tUnit += l * std::log(bb.tUnit / ba.tUnit);
    } else {
        tUnit += computeB - computeA; // a zero C_iter and no transfer: no factors to split
    }
    if (syncA > 0 && syncB > 0) {
        const double l = compare::logMean(syncA, syncB);
        nW += l * std::log(nb / na);
        tSync += l * std::log(tsB / tsA);
    } else {
        tSync += syncB - syncA;
    }
    const auto kn = [](const TalgBreakdown& x, const Gpu& g) {
        return static_cast<double>(x.k) * static_cast<double>(g.nSm);
    };
    c.contributions = {
        {"N_w", nW,
         "N_w " + change(na, nb) + " wavefronts (kernel calls; T = " +
             change(static_cast<double>(a.problem.time), static_cast<double>(b.problem.time)) +
             ", tT = " +
             change(static_cast<double>(a.tiles.time), static_cast<double>(b.tiles.time)) + ")"},
        {"rounds", rounds,
         "rounds " + change(rA, rB) + " (ceil(w / (k n_SM)): w = " +
             change(static_cast<double>(ba.w), static_cast<double>(bb.w)) +
             " tiles per wavefront, k n_SM = " + change(kn(ba, a.gpu), kn(bb, b.gpu)) + ")"},
        {"T_unit", tUnit,
         "T_unit " + change(ba.tUnit, bb.tUnit) +
             " s (k = " + change(static_cast<double>(ba.k), static_cast<double>(bb.k)) +
             " resident blocks, N_sub = " +
             change(static_cast<double>(ba.nSub), static_cast<double>(bb.nSub)) +
             ", zeta = max(m', c) = " + change(ba.zeta, bb.zeta) + " s with m' = " +
             change(ba.mPrime, bb.mPrime) + " s, c = " + change(ba.c, bb.c) + " s)"},
        {"T_sync", tSync, "T_sync " + change(tsA, tsB) + " s per kernel call"}};

    // The largest share first, each with its detail; the factors that did not change contribute
    // exactly nothing and are named as unchanged.
    std::string s = compare::explainSum(c.tAlg, c.contributions);
    // Two different configurations (not two tilings of one): say what else differs.
    std::vector<std::string> differs;
    if (a.gpu.id != b.gpu.id) {
        differs.push_back("GPU " + a.gpu.id + " → " + b.gpu.id);
    }
    if (a.stencil.id != b.stencil.id) {
        differs.push_back("stencil " + a.stencil.id + " → " + b.stencil.id);
    }
    if (a.problem.space != b.problem.space || a.problem.time != b.problem.time ||
        a.problem.dim != b.problem.dim) {
        differs.push_back("problem size");
    }
    if (!(a.variant == b.variant)) {
        differs.push_back("model variant");
    }
    for (std::size_t i = 0; i < differs.size(); ++i) {
        s.append(i == 0 ? " (the two also differ in " : ", ").append(differs[i]);
    }
    if (!differs.empty()) {
        s.append(")");
    }
    c.explanation = s;
    return c;
}

std::string sideName(const TalgSettings& s) {
    std::string tiles;
    for (int i = 0; i < s.problem.dim; ++i) {
        tiles += (i ? "\u00d7" : "") + std::to_string(s.tiles.space[static_cast<std::size_t>(i)]);
    }
    return profileLabel(s.gpu) + ", tiles " + tiles + ", tT " + std::to_string(s.tiles.time);
}

compare::FamilyComparison compareSettings(const TalgSettings& a, const TalgSettings& b) {
    compare::FamilyComparison f;
    f.family = "talg";
    f.title = "Tiled stencils (T_alg)";
    std::optional<TalgCase> ca, cb;
    std::optional<TalgResult> ra, rb;
    const auto side = [](const TalgSettings& s, std::optional<TalgCase>& c,
                         std::optional<TalgResult>& r) {
        c = TalgCase{toStencil(s.stencil, s.gpu), s.problem, s.tiles, toGpu(s.gpu), s.variant};
        r = evaluate(c->stencil, c->problem, c->tiles, c->gpu, c->variant);
    };
    compare::evaluateSides(
        f, [&] { side(a, ca, ra); }, [&] { side(b, cb, rb); });
    if (ra && rb) {
        TalgComparison c = compareTalg(*ca, *ra, *cb, *rb);
        f.values.push_back(c.tAlg);
        for (auto& v : c.values) {
            if (v.name != "T_alg") {
                f.values.push_back(std::move(v));
            }
        }
        f.contributions = std::move(c.contributions);
        f.explanation = std::move(c.explanation);
        return f;
    }
    // One side only: its values, the other's null; the explanation is the error.
    const TalgResult& r = ra ? *ra : *rb;
    const TalgCase& tc = ra ? *ca : *cb;
    if (!ra && !rb) {
        return f;
    }
    compare::addNumber(f, "T_alg", "s", ra && r.feasible ? std::optional(r.tAlg) : std::nullopt,
                       rb && r.feasible ? std::optional(r.tAlg) : std::nullopt, false,
                       "eqs. 6 / 17 / 30");
    for (const auto& e : breakdownEntries(r, tc.problem.dim)) {
        if (e.symbol != "T_alg") {
            compare::addNumber(f, e.symbol, e.unit, ra ? std::optional(e.value) : std::nullopt,
                               rb ? std::optional(e.value) : std::nullopt, e.integer, e.equation);
        }
    }
    return f;
}

} // namespace cdx::talg
