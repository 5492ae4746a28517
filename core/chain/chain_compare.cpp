// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_compare.hpp"

#include "chain/chain_model.hpp"
#include "params/format.hpp"
#include "session/session.hpp"

namespace cdx::chain {

namespace {

std::string hyperNodeName(const HyperNode& h) {
    std::string s;
    for (const auto& [i, j] : h.members) {
        s += (s.empty() ? "" : " + ") + std::string("⟨") + std::to_string(i) + "," +
             std::to_string(j) + "⟩";
    }
    return s;
}

} // namespace

std::string sideName(const SessionState& s) {
    return std::to_string(s.chain.dims.size() - 1) +
           " matrices, M = " + formatG(s.chain.memoryWords, 10);
}

compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "chain";
    f.title = "Matrix chains";
    std::optional<ChainResult> ra, rb;
    const auto side = [](const SessionState& s) {
        return analyseChain(s.chain.dims, s.chain.memoryWords, s.chain.beta);
    };
    compare::evaluateSides(
        f, [&] { ra = side(a); }, [&] { rb = side(b); });
    const auto num = [&](const char* key, const char* unit, auto get, bool integer = false) {
        compare::addNumber(f, key, unit, ra ? std::optional<double>(get(*ra)) : std::nullopt,
                           rb ? std::optional<double>(get(*rb)) : std::nullopt, integer);
    };
    num("fused_total", "elements", [](const ChainResult& r) { return r.fusedTotal; });
    num("S", "elements", [](const ChainResult& r) { return r.s; });
    num("F", "elements", [](const ChainResult& r) { return r.f; });
    num("reduction_pct", "%", [](const ChainResult& r) { return r.reductionPct; });
    num(
        "op_count", "multiply-adds",
        [](const ChainResult& r) { return static_cast<double>(r.oc.total); }, true);
    num(
        "matrices", "", [](const ChainResult& r) { return static_cast<double>(r.p.size() - 1); },
        true);
    num("M", "elements", [](const ChainResult& r) { return r.m; });
    compare::addText(f, "tree", ra ? ra->tree : "", rb ? rb->tree : "");
    if (!ra || !rb) {
        return f;
    }
    // F(1, n) is the sum of the hyper-nodes' chosen costs (D.23); with the same hyper-nodes on
    // both sides each one's difference is a share, and the product P0 Pn the last one.
    bool sameShape = ra->hyperNodes.size() == rb->hyperNodes.size();
    for (std::size_t i = 0; sameShape && i < ra->hyperNodes.size(); ++i) {
        sameShape = ra->hyperNodes[i].members == rb->hyperNodes[i].members;
    }
    const compare::ComparedValue& total = f.values.front();
    if (sameShape) {
        for (std::size_t i = 0; i < ra->hyperNodes.size(); ++i) {
            const auto& x = ra->hyperNodes[i];
            const auto& y = rb->hyperNodes[i];
            const std::string n = hyperNodeName(x);
            f.contributions.push_back(
                {n, y.costChosen - x.costChosen,
                 n + " " + compare::change(x.costChosen, y.costChosen) + " elements" +
                     (x.choice == y.choice ? ""
                                           : " (" + std::string(name(x.choice)) + " → " +
                                                 std::string(name(y.choice)) + ")")});
        }
        const double pa = static_cast<double>(ra->p.front()) * static_cast<double>(ra->p.back());
        const double pb = static_cast<double>(rb->p.front()) * static_cast<double>(rb->p.back());
        f.contributions.push_back(
            {"P0 Pn", pb - pa, "P0 Pn (the result's write) " + compare::change(pa, pb)});
        f.explanation = compare::explainSum(total, f.contributions);
    } else if (ra->tree == rb->tree) {
        // The same op-count tree, fused differently (another M moves the fusion choices).
        const auto groups = [](const ChainResult& r) {
            std::string out;
            for (const auto& h : r.hyperNodes) {
                out += (out.empty() ? "" : "; ") + hyperNodeName(h);
            }
            return out;
        };
        f.explanation = "fused_total " + compare::percentText(total.deltaPct()) + " (" +
                        compare::change(*total.a, *total.b) + " elements): the same tree " +
                        ra->tree + ", fused into " + std::to_string(ra->hyperNodes.size()) + " → " +
                        std::to_string(rb->hyperNodes.size()) + " hyper-nodes (" + groups(*ra) +
                        " → " + groups(*rb) +
                        "), so no hyper-node is compared with one of the other";
    } else {
        f.explanation = "fused_total " + compare::percentText(total.deltaPct()) + " (" +
                        compare::change(*total.a, *total.b) + " elements): the trees differ (" +
                        ra->tree + " → " + rb->tree +
                        "), so no hyper-node is compared with one "
                        "of the other";
    }
    return f;
}

} // namespace cdx::chain
