// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

} // namespace cdx::compare
