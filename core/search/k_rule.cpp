// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/k_rule.hpp"

#include "params/input_error.hpp"

#include <cstdio>

namespace cdx::search {

namespace {

// The best weighted time of the single design of `o` with shared memory `mSmKb` (nullopt when
// some workload problem has no feasible tiling).
std::optional<double> bestTime(const Workload& w, CodesignOptions o, double mSmKb) {
    o.grid.mSmKb = {mSmKb};
    o.areaMin = 0;
    o.areaMax = std::numeric_limits<double>::infinity();
    o.withReference = false;
    o.progress = nullptr;
    const CodesignResult r = runCodesign(w, o);
    if (r.designs.empty() || !r.designs.front().feasible) {
        return std::nullopt;
    }
    return r.designs.front().weightedTime;
}

std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g s", s);
    return buf;
}

std::string kb(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g KB", v);
    return buf;
}

} // namespace

std::optional<KRuleNote> kRuleNote(const Workload& w, const CodesignOptions& one,
                                   const std::vector<double>& mSmKbAxis) {
    if (one.grid.size() != 1) {
        throw InputError("grid", std::to_string(one.grid.size()) + " designs",
                         "expected one design (one n_SM, one n_V, one M_SM)");
    }
    if (one.variant.k != talg::KRule::Max) {
        return std::nullopt;
    }
    KRuleNote n;
    n.nSm = one.grid.nSm.front();
    n.nV = one.grid.nV.front();
    n.mSmKb = one.grid.mSmKb.front();
    const auto time = bestTime(w, one, n.mSmKb);
    if (!time) {
        return std::nullopt;
    }
    n.time = *time;
    bool faster = false;
    for (const double m : mSmKbAxis) {
        if (m >= n.mSmKb) {
            continue;
        }
        const auto t = bestTime(w, one, m);
        if (t && *t < n.time && (!faster || *t < n.smallerTime)) {
            faster = true;
            n.smallerMSmKb = m;
            n.smallerTime = *t;
        }
    }
    if (!faster) {
        return std::nullopt;
    }
    CodesignOptions optimize = one;
    optimize.variant.k = talg::KRule::Optimize;
    n.optimizeTime = bestTime(w, optimize, n.mSmKb).value_or(n.time);
    return n;
}

std::string sentence(const KRuleNote& n) {
    return "Under k = max, " + kb(n.mSmKb) + " of shared memory per SM is slower than " +
           kb(n.smallerMSmKb) + " (best workload time " + seconds(n.time) + " against " +
           seconds(n.smallerTime) +
           "): more thread blocks fit on each SM and k = max runs them all, so they share its "
           "memory time. k = optimize, which tries every k up to the most that fit, gives " +
           seconds(n.optimizeTime) + " at " + kb(n.mSmKb) + ".";
}

} // namespace cdx::search
