// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "talg/talg.hpp"
#include "talg/talg_session.hpp"

#include <string>
#include <vector>

// Two Talg configurations side by side (issue 29): a baseline `a` (another GPU, stencil,
// problem, variant or just another tiling) against the session `b`. Every intermediate value
// of both with its difference, and the difference of T_alg split exactly over the model's
// factors: T_alg = N_w (rounds T_unit + T_sync) (eqs. 6 / 17 / 30), so
//   dT_alg = sum over f in {N_w, rounds, T_unit} of L(C_a, C_b) ln(f_b / f_a)    (C = N_w rounds
//   T_unit)
//          + sum over f in {N_w, T_sync}         of L(S_a, S_b) ln(f_b / f_a)    (S = N_w T_sync)
// with L the logarithmic mean (the log-mean Divisia split: no residual, and a factor that does
// not change contributes nothing).
namespace cdx::talg {

struct TalgCase {
    Stencil stencil;
    Problem problem;
    Tiles tiles;
    Gpu gpu;
    TalgVariant variant;
};

struct TalgComparison {
    TalgResult a, b;
    compare::ComparedValue tAlg;                      // null on an infeasible side
    std::vector<compare::ComparedValue> values;       // breakdownEntries of both, matched by name
    std::vector<compare::Contribution> contributions; // N_w, rounds, T_unit, T_sync; both feasible
    std::string explanation; // "T_alg +38.20 % (…): rounds 3 -> 4 (…) +3.1 s; …"
};

// Evaluates both (InputError as evaluate() for either side; the field is prefixed "baseline "
// for `a`).
TalgComparison compareTalg(const TalgCase& a, const TalgCase& b);
// With the two results already evaluated (the views have them): the same comparison.
TalgComparison compareTalg(const TalgCase& a, const TalgResult& ra, const TalgCase& b,
                           const TalgResult& rb);

// The family's part of `cdx compare` and of the Compare views: T_alg first, then every value
// of `cdx talg`'s breakdown, of the baseline `a` and the session `b`.
compare::FamilyComparison compareSettings(const TalgSettings& a, const TalgSettings& b);

// A side as titles name it: "GTX 980, edited: n_sm, tiles 128×32, tT 4" (two tilings of one run
// differ only in the tiles).
std::string sideName(const TalgSettings& s);

} // namespace cdx::talg
