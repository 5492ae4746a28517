// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/chain_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "chain/chain_extensions.hpp"
#include "chain/chain_model.hpp"
#include "params/input_error.hpp"

#include <cmath>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kChainUsage =
    "usage: cdx chain --dims P0,P1,...,Pn --memory-words M [--beta corrected|thesis] [--json]\n"
    "       cdx chain --table-d1 [--n FROM..TO] [--chains N] [--seed S] [--sizes LOW..HIGH]\n"
    "                 [--multiple K] [--memory-words M1,M2,...] [--beta corrected|thesis]\n"
    "                 [--json]\n"
    "  Off-chip data movement of the matrix chain A1..An (Ai is P(i-1) x Pi) on a GPU with M\n"
    "  elements of on-chip memory (thesis App. D; spec matrix-chain.md): the minimum-op-count\n"
    "  tree (Algorithm 10, ties to the smallest k), its data movement without fusion S (D.18)\n"
    "  and with the best legal fusion of parent-child products F (the hyper-node recurrence\n"
    "  D.19-D.26), every node's costs, choice (p no fusion, l fuse left, r fuse right) and\n"
    "  tiles, in elements. --beta corrected (default) is beta = P(i-1)/P(k2), what the algebra\n"
    "  of D.11 needs; thesis is the printed P(i-1)/Pk, which reproduces Fig. D.11 and Table D.1.\n"
    "  Also printed, labelled as extensions (not in the thesis): integer tiles with ceilings\n"
    "  against their exact optimum, and the minimum over all parenthesizations.\n"
    "  --table-d1 runs the thesis's statistical experiment: random chains of each length n\n"
    "  (default 2..20, 1000 per n, seed 1), sizes uniform in LOW..HIGH (default 320..1024; the\n"
    "  thesis does not state its distribution), each capacity (default 65536,98304 elements,\n"
    "  the thesis's \"64KB\" and \"96KB\") on the same chains; progress on stderr.\n";

std::string betaText(chain::Beta b) {
    return b == chain::Beta::Corrected
               ? "beta corrected (P(i-1)/P(k2), the algebra of D.11)"
               : "beta thesis (P(i-1)/Pk as printed; reproduces Fig. D.11 and Table D.1)";
}

// append() rather than "T" + string: GCC 12 -Wrestrict false positive (PR 105651).
std::string label(const char* prefix, int number) {
    std::string out = prefix;
    return out.append(std::to_string(number));
}

std::string nodeName(const chain::ChainResult& r, int i, int j) {
    for (std::size_t t = 0; t < r.nodes.size(); ++t) {
        if (r.nodes[t].i == i && r.nodes[t].j == j) {
            return label("T", static_cast<int>(t + 1));
        }
    }
    return label("A", i);
}

std::string choiceText(chain::Choice c) {
    switch (c) {
    case chain::Choice::NoFuse:
        return "no fusion";
    case chain::Choice::FuseLeft:
        return "fuse left";
    case chain::Choice::FuseRight:
        return "fuse right";
    case chain::Choice::Leaf:
        break;
    }
    return "leaf";
}

json num(double v) {
    return std::isnan(v) ? json(nullptr) : json(v);
}

json hyperJson(const std::vector<chain::HyperNode>& hs) {
    json arr = json::array();
    for (const auto& h : hs) {
        json members = json::array();
        for (const auto& [i, j] : h.members) {
            members.push_back({i, j});
        }
        arr.push_back({{"i", h.i},
                       {"j", h.j},
                       {"choice", std::string(chain::name(h.choice))},
                       {"members", members},
                       {"cost_unfused", h.costUnfused},
                       {"cost", h.costChosen},
                       {"tiles", {h.x, h.y}}});
    }
    return arr;
}

json integerJson(const std::vector<chain::IntegerNode>& ns) {
    json arr = json::array();
    for (const auto& n : ns) {
        arr.push_back(
            {{"i", n.i},
             {"j", n.j},
             {"choice", std::string(chain::name(n.choice))},
             {"tile_dims", {n.xDim, n.yDim}},
             {"continuous", n.continuousCost},
             {"rounded", {{"tiles", {n.rounded.x, n.rounded.y}}, {"cost", n.rounded.cost}}},
             {"best", {{"tiles", {n.best.x, n.best.y}}, {"cost", n.best.cost}}}});
    }
    return arr;
}

std::vector<double> memoryList(const Arguments& a, std::vector<double> fallback) {
    const auto text = a.optional("--memory-words");
    if (!text) {
        return fallback;
    }
    return numberList(*text, "--memory-words",
                      "expected capacities in [2, 1e15] elements, separated by commas",
                      [](double v) { return v >= 2 && v <= 1e15; });
}

// "2..20" -> {2, 20}
std::pair<std::int64_t, std::int64_t> rangeArg(const Arguments& a, const std::string& flag,
                                               std::pair<std::int64_t, std::int64_t> fallback) {
    const auto text = a.optional(flag);
    if (!text) {
        return fallback;
    }
    const auto dots = text->find("..");
    if (dots == std::string::npos) {
        throw InputError(flag, *text, "expected LOW..HIGH, two integers");
    }
    return {parseInteger(text->substr(0, dots), flag), parseInteger(text->substr(dots + 2), flag)};
}

int runTableD1(const Arguments& a, std::ostream& out) {
    chain::TableD1Config c;
    const auto [nMin, nMax] = rangeArg(a, "--n", {2, 20});
    if (nMin < 2 || nMax > static_cast<std::int64_t>(chain::kMaxMatrices) || nMin > nMax) {
        throw InputError("--n", std::to_string(nMin) + ".." + std::to_string(nMax),
                         "expected chain lengths 2 <= FROM <= TO <= " +
                             std::to_string(chain::kMaxMatrices));
    }
    c.nMin = static_cast<int>(nMin);
    c.nMax = static_cast<int>(nMax);
    if (a.has("--chains")) {
        const std::int64_t chains = a.positiveInteger("--chains");
        if (chains > 1000000) {
            throw InputError("--chains", std::to_string(chains), "expected 1..1000000");
        }
        c.chainsPerN = static_cast<int>(chains);
    }
    if (a.has("--seed")) {
        c.seed = static_cast<std::uint64_t>(parseInteger(a.required("--seed"), "--seed"));
    }
    const auto [lo, hi] = rangeArg(a, "--sizes", {320, 1024});
    c.lo = lo;
    c.hi = hi;
    if (a.has("--multiple")) {
        c.multiple = a.positiveInteger("--multiple");
    }
    c.memories = memoryList(a, {65536, 98304});
    if (const auto b = a.optional("--beta")) {
        c.beta = chain::parseBeta(*b, "--beta");
    }
    chain::validate(c);
    int lastN = c.nMin - 1;
    const chain::TableD1 t = chain::tableD1(c, [&](int done, int total) {
        const int n = c.nMin + (done - 1) / c.chainsPerN;
        if (done % c.chainsPerN == 0 && n != lastN) {
            lastN = n;
            std::cerr << "table-d1: n = " << n << " done (" << done << "/" << total << " chains)\n";
        }
        return true;
    });
    const auto& printed = chain::printedTableD1();
    const auto thesisAvg = [&](int n, double m) -> double {
        for (const auto& p : printed) {
            if (p.n == n) {
                return m == 65536 ? p.avg64 : m == 98304 ? p.avg96 : std::nan("");
            }
        }
        return std::nan("");
    };
    if (a.has("--json")) {
        json rows = json::array();
        for (const auto& r : t.rows) {
            json per = json::array();
            for (std::size_t mi = 0; mi < c.memories.size(); ++mi) {
                const auto& s = r.perMemory[mi];
                per.push_back({{"memory_words", c.memories[mi]},
                               {"avg", s.avg},
                               {"min", s.min},
                               {"max", s.max},
                               {"thesis_avg", num(thesisAvg(r.n, c.memories[mi]))}});
            }
            rows.push_back({{"n", r.n}, {"chains", c.chainsPerN}, {"reduction_pct", per}});
        }
        const auto summary = [&](const std::vector<chain::ReductionStats>& v) {
            json arr = json::array();
            for (std::size_t mi = 0; mi < v.size(); ++mi) {
                arr.push_back({{"memory_words", c.memories[mi]},
                               {"avg", v[mi].avg},
                               {"min", v[mi].min},
                               {"max", v[mi].max},
                               {"rows", v[mi].count}});
            }
            return arr;
        };
        json j = {{"command", "chain-table-d1"},
                  {"beta", std::string(chain::name(c.beta))},
                  {"n", {c.nMin, c.nMax}},
                  {"chains_per_n", c.chainsPerN},
                  {"seed", c.seed},
                  {"sizes", {c.lo, c.hi}},
                  {"multiple", c.multiple},
                  {"memory_words", c.memories},
                  {"distribution", chain::describeDistribution(c)},
                  {"rows", rows},
                  {"all_from_n3", summary(t.allFrom3)},
                  {"all_rows", summary(t.allRows)}};
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "Table D.1: reduction (%) of the fused data movement F(1,n) + P0 Pn over S(1,n), "
      << c.chainsPerN << " random chains per n\n";
    o << "  " << betaText(c.beta) << "\n";
    o << "  " << chain::describeDistribution(c) << "\n";
    char buf[64];
    const auto cell = [&](double v) {
        // Reductions that are zero up to rounding print as 0.00, not -0.00.
        std::snprintf(buf, sizeof buf, " %7.2f", std::abs(v) < 5e-3 ? 0.0 : v);
        return std::string(buf);
    };
    const auto hasThesis = [](double m) { return m == 65536 || m == 98304; };
    std::string heads = "       ";
    for (const double m : c.memories) {
        std::string head = " M = " + fmt(m);
        head.resize(hasThesis(m) ? 32 : 24, ' ');
        heads.append("|").append(head);
    }
    heads.erase(heads.find_last_not_of(' ') + 1);
    o << heads << "\n     n ";
    for (const double m : c.memories) {
        o << "|     avg     min     max" << (hasThesis(m) ? "  thesis" : "");
    }
    o << "\n";
    for (const auto& r : t.rows) {
        std::snprintf(buf, sizeof buf, "%6d ", r.n);
        o << buf;
        for (std::size_t mi = 0; mi < c.memories.size(); ++mi) {
            const auto& s = r.perMemory[mi];
            o << "|" << cell(s.avg) << cell(s.min) << cell(s.max);
            if (hasThesis(c.memories[mi])) {
                const double th = thesisAvg(r.n, c.memories[mi]);
                o << (std::isnan(th) ? std::string("       -") : cell(th));
            }
        }
        o << "\n";
    }
    const auto summaryLine = [&](const char* label, const std::vector<chain::ReductionStats>& v,
                                 bool withThesis) {
        o << label;
        for (std::size_t mi = 0; mi < v.size(); ++mi) {
            o << "|" << cell(v[mi].avg) << cell(v[mi].min) << cell(v[mi].max);
            if (hasThesis(c.memories[mi])) {
                o << (withThesis ? cell(c.memories[mi] == 65536 ? 9.44 : 13.27)
                                 : std::string("       -"));
            }
        }
        o << "\n";
    };
    if (!t.rows.empty()) {
        // The thesis's (all) row covers n = 3..20.
        summaryLine("  n>=3 ", t.allFrom3, c.nMin <= 3 && c.nMax == 20);
        summaryLine("   all ", t.allRows, false);
    }
    o << "  avg of the \"n>=3\" row: the mean of the per-n averages over n = 3.." << c.nMax
      << ", as the thesis's (all) row is computed (its 9.44 % and 13.27 % exclude n = 2)\n";
    out << o.str();
    return 0;
}

int runChain(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--dims", "--memory-words", "--beta", "--n", "--chains", "--seed", "--sizes",
                       "--multiple"},
                      {"--json", "--table-d1"});
    if (a.has("--table-d1")) {
        if (a.has("--dims")) {
            throw InputError("--dims", a.required("--dims"),
                             "not with --table-d1 (the experiment draws its chains)");
        }
        return runTableD1(a, out);
    }
    for (const char* f : {"--n", "--chains", "--seed", "--sizes", "--multiple"}) {
        if (a.has(f)) {
            throw InputError(f, a.required(f), "only with --table-d1");
        }
    }
    const std::vector<std::int64_t> dims = a.positiveList("--dims", chain::kMaxMatrices + 1, 3);
    a.required("--memory-words"); // names the flag when it is missing
    const double m = a.number("--memory-words", 0);
    chain::Beta beta = chain::Beta::Corrected;
    if (const auto b = a.optional("--beta")) {
        beta = chain::parseBeta(*b, "--beta");
    }
    const chain::ChainResult r = chain::analyseChain(dims, m, beta);
    const chain::IntegerPlan ip = chain::integerPlan(r);
    const chain::AllTrees all = chain::allTrees(dims, m, beta);
    const int n = static_cast<int>(dims.size()) - 1;
    const std::string kExtension = "extension (not in the thesis; spec matrix-chain.md §5.4)";
    const std::string kUnvalidated =
        "model prediction: the thesis did not validate these closed forms by measurement "
        "(§8.1.4)";

    // One or two multiplications: every closed form, whichever tree the op count picks.
    const auto p = [&](std::size_t i) { return static_cast<double>(dims[i]); };
    std::optional<chain::SingleMM> oneMM;
    std::optional<chain::TwoMM> two;
    double twoRightAtTiles = 0;
    if (n == 2) {
        oneMM = chain::singleMM(p(0), p(1), p(2), m);
    } else if (n == 3) {
        two = chain::twoMM(p(0), p(1), p(2), p(3), m, beta);
        twoRightAtTiles =
            chain::rightFusedCostAt(p(0), p(1), p(2), p(3), two->fusedRight.x, two->fusedRight.y);
    }
    if (a.has("--json")) {
        json nodes = json::array();
        for (std::size_t t = 0; t < r.nodes.size(); ++t) {
            const auto& nd = r.nodes[t];
            nodes.push_back({{"name", label("T", static_cast<int>(t + 1))},
                             {"i", nd.i},
                             {"j", nd.j},
                             {"k", nd.k},
                             {"choice", std::string(chain::name(nd.choice))},
                             {"cost", nd.f},
                             {"tiles", {nd.x, nd.y}},
                             {"ops", nd.ops},
                             {"s_node", nd.s},
                             {"hp", nd.hp},
                             {"hl", num(nd.hl)},
                             {"hr", num(nd.hr)},
                             {"Fp", nd.fp},
                             {"Fl", num(nd.fl)},
                             {"Fr", num(nd.fr)},
                             {"alpha", num(nd.alpha)},
                             {"alpha_prime", num(nd.alphaPrime)},
                             {"beta", num(nd.beta)},
                             {"beta_prime", num(nd.betaPrime)}});
        }
        json j = {{"command", "chain"},
                  {"dims", dims},
                  {"memory_words", m},
                  {"beta", std::string(chain::name(beta))},
                  {"opcount", r.oc.total},
                  {"tree", r.tree},
                  {"S", r.s},
                  {"F", r.f},
                  {"fused_total", r.fusedTotal},
                  {"reduction_pct", r.reductionPct},
                  {"nodes", nodes},
                  {"hyper_nodes", hyperJson(r.hyperNodes)},
                  {"extensions",
                   {{"label", kExtension},
                    {"integer_tiles",
                     {{"rule", "ceil(a/x) ceil(b/y) tiles of integer x, y with x y <= M; rounded = "
                               "closed-form tiles floored and clamped"},
                      {"fused", integerJson(ip.fused)},
                      {"fused_continuous", ip.fusedContinuous},
                      {"fused_rounded", ip.fusedRounded},
                      {"fused_best", ip.fusedBest},
                      {"S_continuous", ip.sContinuous},
                      {"S_rounded", ip.sRounded},
                      {"S_best", ip.sBest}}},
                    {"all_trees",
                     {{"S_min", all.sMin},
                      {"S_tree", all.sTree},
                      {"S_tree_opcount", all.sTreeOps},
                      {"fused_total", all.fusedTotal},
                      {"tree", all.tree},
                      {"opcount", all.treeOps},
                      {"opcount_above_minimum_pct", all.opsAbovePct},
                      {"gain_vs_opcount_tree_pct", all.gainVsOpTreePct},
                      {"hyper_nodes", hyperJson(all.hyperNodes)}}}}},
                  {"warnings", r.warnings},
                  {"note", kUnvalidated}};
        // Algorithm 10's tables, row i - 1, column j - 1 (null below the diagonal; split also
        // on it).
        json opTable = json::array(), splitTable = json::array();
        for (int i = 1; i <= n; ++i) {
            json opRow = json::array(), splitRow = json::array();
            for (int c = 1; c <= n; ++c) {
                const auto ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(c);
                opRow.push_back(i <= c ? json(r.oc.opcount[ui][uj]) : json(nullptr));
                splitRow.push_back(i < c ? json(r.oc.split[ui][uj]) : json(nullptr));
            }
            opTable.push_back(opRow);
            splitTable.push_back(splitRow);
        }
        j["opcount_table"] = opTable;
        j["split_table"] = splitTable;
        if (oneMM) { // one multiplication: the three stationary cases of Table D.2
            const chain::SingleMM& s = *oneMM;
            const auto single = [](const chain::SingleCase& c) {
                return json{{"cost", c.cost},
                            {"tiles", {c.tile1, c.tile2}},
                            {"tile_dims", {c.tile1Dim, c.tile2Dim}},
                            {"tiles_fit", c.tilesFit}};
            };
            j["single_mm"] = {{"output_stationary", single(s.outputStationary)},
                              {"input1_stationary", single(s.input1Stationary)},
                              {"input2_stationary", single(s.input2Stationary)},
                              {"output_is_best", s.outputIsBest}};
        }
        if (two) { // two multiplications: both trees' closed forms (D.10, D.14, D.16, D.17)
            const chain::TwoMM& t = *two;
            j["two_mm"] = {
                {"unfused_left", t.unfusedLeft},
                {"unfused_right", t.unfusedRight},
                {"fused_left",
                 {{"cost", t.fusedLeft.cost}, {"tiles", {t.fusedLeft.x, t.fusedLeft.y}}}},
                {"fused_right",
                 {{"cost", t.fusedRight.cost},
                  {"tiles", {t.fusedRight.x, t.fusedRight.y}},
                  {"cost_at_tiles", chain::rightFusedCostAt(p(0), p(1), p(2), p(3), t.fusedRight.x,
                                                            t.fusedRight.y)}}}};
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "Matrix chain A1..A" << n << ", M = " << fmt(m)
      << " elements (sqrt M = " << fmt(std::sqrt(m), 6) << "), " << betaText(beta) << "\n";
    o << "  dims P0..P" << n << ":";
    for (const auto d : dims) {
        o << " " << d;
    }
    o << "\n";
    o << "  minimum op count (Algorithm 10): " << r.oc.total << " multiply-adds, tree " << r.tree
      << "\n";
    o << "  S(1," << n << ") no fusion (D.18): " << fmt(r.s) << " elements\n";
    o << "  F(1," << n << ") (D.23): " << fmt(r.f)
      << "; fused total F + P0 Pn: " << fmt(r.fusedTotal) << " elements; reduction "
      << fmt(r.reductionPct + 0.0, 5) << " %\n"; // + 0.0: a -0 prints as 0
    o << "  node  <i,j>    k       hp          hl          hr          Fp          Fl          "
         "Fr          F  choice      tile x  tile y\n";
    char buf[256];
    const auto col = [&](double v) {
        if (std::isnan(v)) {
            return std::string("          -");
        }
        std::snprintf(buf, sizeof buf, "%11.0f", v);
        return std::string(buf);
    };
    for (std::size_t t = 0; t < r.nodes.size(); ++t) {
        const auto& nd = r.nodes[t];
        std::snprintf(
            buf, sizeof buf, "  T%-3zu <%d,%d>%*s%2d", t + 1, nd.i, nd.j,
            static_cast<int>(7 - std::to_string(nd.i).size() - std::to_string(nd.j).size()), "",
            nd.k);
        o << buf << " " << col(nd.hp) << " " << col(nd.hl) << " " << col(nd.hr) << " " << col(nd.fp)
          << " " << col(nd.fl) << " " << col(nd.fr) << " " << col(nd.f);
        std::snprintf(buf, sizeof buf, "  %-10s %7.2f %7.2f", choiceText(nd.choice).c_str(), nd.x,
                      nd.y);
        o << buf << "\n";
    }
    o << "  fused tree (hyper-nodes; cost = D.3, D.10 or D.14 with its own output write):\n";
    for (const auto& h : r.hyperNodes) {
        std::string members;
        for (const auto& [i, j] : h.members) {
            members.append(members.empty() ? "" : "+").append(nodeName(r, i, j));
        }
        std::snprintf(buf, sizeof buf,
                      "    %-8s <%d,%d> %-10s cost %14.2f (unfused %12.0f)  tiles %.2f x %.2f\n",
                      members.c_str(), h.i, h.j, choiceText(h.choice).c_str(), h.costChosen,
                      h.costUnfused, h.x, h.y);
        o << buf;
    }
    o << "  " << kExtension << ":\n";
    o << "    integer tiles with ceilings: fused plan " << fmt(ip.fusedRounded)
      << " at the floored closed-form tiles, " << fmt(ip.fusedBest)
      << " at the integer optimum (continuous " << fmt(ip.fusedContinuous) << "); S plan "
      << fmt(ip.sRounded) << " / " << fmt(ip.sBest) << " (continuous " << fmt(ip.sContinuous)
      << ")\n";
    o << "    all parenthesizations: min S " << fmt(all.sMin) << " by " << all.sTree
      << "; min fused total " << fmt(all.fusedTotal) << " by " << all.tree << " (op count "
      << all.treeOps << "), " << fmt(all.gainVsOpTreePct + 0.0, 4)
      << " % below the op-count tree's fused total\n";
    if (oneMM) {
        o << "  one product (Table D.2): R stationary " << fmt(oneMM->outputStationary.cost)
          << ", A1 stationary " << fmt(oneMM->input1Stationary.cost) << ", A2 stationary "
          << fmt(oneMM->input2Stationary.cost) << " elements\n";
    }
    if (two) {
        o << "  two products (D.10, D.14, D.16, D.17): unfused (A1A2)A3 " << fmt(two->unfusedLeft)
          << ", A1(A2A3) " << fmt(two->unfusedRight) << "; fused left " << fmt(two->fusedLeft.cost)
          << " at " << fmt(two->fusedLeft.x, 6) << " x " << fmt(two->fusedLeft.y, 6)
          << ", fused right " << fmt(two->fusedRight.cost) << " at " << fmt(two->fusedRight.x, 6)
          << " x " << fmt(two->fusedRight.y, 6) << " (D.11 there " << fmt(twoRightAtTiles) << ")\n";
    }
    for (const auto& w : r.warnings) {
        o << "warning: " << w << "\n";
    }
    o << "note: " << kUnvalidated << "\n";
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> chainCommands() {
    return {{"chain",
             "data movement of a matrix chain, fusion and parenthesization (thesis App. D)",
             kChainUsage, runChain}};
}

} // namespace cdx::cli
