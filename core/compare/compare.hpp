// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

// Two configurations side by side (issue 29): a quantity of the baseline `a` and of the
// session `b`, their difference and its share. Each family's comparison (talg_compare, ...)
// returns these for every quantity its own command prints, and says in one sentence which of
// its terms explains the difference. No Qt; pure functions of the two evaluations.
namespace cdx::compare {

struct ComparedValue {
    std::string name;   // as the family's command names it ("T_alg", "rounds")
    std::string unit;   // "s", "words", "" (a count)
    std::string source; // the equation ("eq. 5")
    std::optional<double> a, b;
    bool integer = false;
    // A quantity that is a word, not a number ("memory_bound"): both texts, no delta.
    std::string textA, textB;
    bool isText() const { return !textA.empty() || !textB.empty(); }
    // b - a (nullopt where a side has no value).
    std::optional<double> delta() const;
    // 100 (b - a) / |a| (nullopt where a side has no value or a = 0 and b != 0; 0 when equal).
    std::optional<double> deltaPct() const;
};

// One additive share of a total's difference: the terms of a comparison sum to the total's
// b - a (exactly in real arithmetic, to rounding in doubles).
struct Contribution {
    std::string term;   // "rounds", "T_unit"
    double amount = 0;  // in the total's unit
    std::string detail; // "rounds 3 -> 4 (w = 49 tiles per wavefront over k n_SM = 16)"
};

// ln-mean of two positive numbers, L(x, x) = x: the weight of the log-mean Divisia split, in
// which a product's difference is the sum over its factors f of L(P_a, P_b) ln(f_b / f_a).
double logMean(double x, double y);

// {"a": ..., "b": ..., "delta": ..., "delta_pct": ...} (null where there is no value).
nlohmann::ordered_json toJson(const ComparedValue& v);

// "+38.20 %", "-3.10 %", "unchanged", "n/a".
std::string percentText(std::optional<double> pct);

// "3" or "3 → 4" (%.4g).
std::string change(double a, double b, int digits = 4);

// The decimals (0 to 15, in the total's unit) at which the parts of a split, each rounded, add
// up to the total's difference rounded alike (issue 44: at a fixed 3 digits terms that nearly
// cancel could not be seen to add up). At least enough for 3 significant digits of the total.
int splitDecimals(const ComparedValue& total, const std::vector<Contribution>& parts);
// `x` with exactly `decimals` decimals and a sign: "+0.800", "-0.796".
std::string signedFixed(double x, int decimals);

// A comparison sentence for a total that is the sum of `parts`: "E_alg +3.20 % (67.26 →
// 69.41 J): shared<->register +1.9 J; global<->shared +0.3 J; arithmetic unchanged", the parts
// that moved largest first by |amount|, each with its detail.
std::string explainSum(const ComparedValue& total, const std::vector<Contribution>& parts);

// One family's comparison of two sessions (cdx compare, the workspaces' Compare views): every
// quantity its command prints, the additive split of its headline where the model has one, and
// the sentence. `error`: why a side could not be evaluated (its values are null).
struct FamilyComparison {
    std::string family; // "talg"
    std::string title;  // "Tiled stencils (T_alg)"
    std::vector<ComparedValue> values;
    std::vector<Contribution> contributions;
    std::string explanation;
    std::string error;
};

// The quantity the contributions split: the value whose Δ their sum equals (to rounding);
// nullptr without contributions or when none matches.
const ComparedValue* splitTotal(const FamilyComparison& c);

// {"title", "quantities": {name: toJson(value)}, "contributions": {term: amount},
// "explanation", "error"}.
nlohmann::ordered_json toJson(const FamilyComparison& c);

// Building a FamilyComparison.
void addNumber(FamilyComparison& f, const std::string& name, const std::string& unit,
               std::optional<double> a, std::optional<double> b, bool integer = false,
               const std::string& source = {});
void addText(FamilyComparison& f, const std::string& name, const std::string& a,
             const std::string& b);
// Every number and string of two JSON objects by key path ("trace.mem_l"), in `a`'s order then
// `b`'s (a side that is null has no values); arrays and booleans are left out.
void addJson(FamilyComparison& f, const nlohmann::json& a, const nlohmann::json& b,
             const std::string& prefix = {});
// Runs each side's evaluation; an InputError is recorded in f.error ("baseline: …",
// "session: …") and that side keeps no values. True when both sides were evaluated.
bool evaluateSides(FamilyComparison& f, const std::function<void()>& a,
                   const std::function<void()>& b);

} // namespace cdx::compare
