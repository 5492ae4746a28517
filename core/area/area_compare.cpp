// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_compare.hpp"

#include "area/area_model.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

namespace cdx::area {

std::string sideName(const SessionState& s) {
    return profileLabel(s.gpu);
}

compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "area";
    f.title = "Die area";
    std::optional<AreaBreakdown> ra, rb;
    std::optional<Architecture> xa, xb;
    compare::evaluateSides(
        f,
        [&] {
            xa = a.architecture();
            ra = areaBreakdown(*xa, a.areaSet(), a.areaForm);
        },
        [&] {
            xb = b.architecture();
            rb = areaBreakdown(*xb, b.areaSet(), b.areaForm);
        });
    const auto get = [](const auto& r, auto field) -> std::optional<double> {
        return r ? std::optional<double>(field(*r)) : std::nullopt;
    };
    compare::addNumber(f, "total_mm2", "mm²",
                       get(ra, [](const AreaBreakdown& x) { return x.total; }),
                       get(rb, [](const AreaBreakdown& x) { return x.total; }));
    compare::addNumber(f, "total_floor_mm2", "mm²",
                       get(ra, [](const AreaBreakdown& x) { return x.totalFloor; }),
                       get(rb, [](const AreaBreakdown& x) { return x.totalFloor; }));
    compare::addNumber(f, "per_sm_mm2", "mm²",
                       get(ra, [](const AreaBreakdown& x) { return x.perSm; }),
                       get(rb, [](const AreaBreakdown& x) { return x.perSm; }));
    const std::pair<const char*, double Architecture::*> inputs[] = {
        {"n_sm", nullptr},
        {"n_v", nullptr},
        {"r_vu_kb", &Architecture::rVuKb},
        {"m_sm_kb", &Architecture::mSmKb},
        {"l1_pair_kb", &Architecture::l1PairKb},
        {"l2_kb", &Architecture::l2Kb}};
    for (const auto& input : inputs) {
        // Not a structured binding: clang does not capture those in a lambda.
        const char* const key = input.first;
        double Architecture::*const member = input.second;
        const auto value = [&](const std::optional<Architecture>& x) -> std::optional<double> {
            if (!x) {
                return std::nullopt;
            }
            if (member) {
                return (*x).*member;
            }
            return static_cast<double>(std::string_view(key) == "n_sm" ? x->nSm : x->nV);
        };
        compare::addNumber(f, std::string("architecture.") + key, "", value(xa), value(xb),
                           !member);
    }
    // The process node (issue 32): a session scaled to another node than the baseline's says
    // so beside the components it changed.
    compare::addNumber(f, "node.nm", "nm", ra ? std::optional<double>(a.areaNode) : std::nullopt,
                       rb ? std::optional<double>(b.areaNode) : std::nullopt, true);
    for (const Component c : kComponents) {
        const std::string key(name(c));
        compare::addNumber(f, "components." + key, "mm²",
                           get(ra, [c](const AreaBreakdown& x) { return x.mm2(c); }),
                           get(rb, [c](const AreaBreakdown& x) { return x.mm2(c); }));
    }
    for (const Component c : kComponents) {
        const std::string key(name(c));
        compare::addNumber(f, "percent." + key, "%",
                           get(ra, [c](const AreaBreakdown& x) { return x.percent(c); }),
                           get(rb, [c](const AreaBreakdown& x) { return x.percent(c); }));
    }
    const std::pair<const char*, double AreaBreakdown::*> groups[] = {
        {"compute", &AreaBreakdown::compute},
        {"memory", &AreaBreakdown::memory},
        {"storage_without_rf", &AreaBreakdown::storageNoRf},
        {"overhead", &AreaBreakdown::overhead}};
    for (const auto& [key, member] : groups) {
        compare::addNumber(f, std::string("groups.") + key, "mm²",
                           ra ? std::optional((*ra).*member) : std::nullopt,
                           rb ? std::optional((*rb).*member) : std::nullopt);
    }
    if (!ra || !rb) {
        return f;
    }
    // The total is the sum of the components: their differences are its split.
    for (const Component c : kComponents) {
        f.contributions.push_back(
            {std::string(label(c)), rb->mm2(c) - ra->mm2(c),
             std::string(label(c)) + " " + compare::change(ra->mm2(c), rb->mm2(c)) + " mm²"});
    }
    compare::ComparedValue total = f.values.front();
    total.name = "die area";
    f.explanation = compare::explainSum(total, f.contributions);
    return f;
}

} // namespace cdx::area
