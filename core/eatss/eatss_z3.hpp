// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eatss/eatss_model.hpp"

#include <cstdint>
#include <vector>

// The artifact's own Z3 procedure (spec eatss.md §3.2), through Z3's C++ API, to set beside the
// exact optimum: the model's integer variables and constraints under the tactic
// `(then simplify ufnia)`; after each solution with objective W_old it asks for
// (n + 1) W > (n + 2) W_old, n the number of failed asks so far (W > 2 W_old, then 1.5, then
// 1.33 W_old), and stops after 3 UNSAT or unknown answers — so the answer is feasible and at
// least 3/4 of the optimum, not necessarily optimal.
namespace cdx::eatss {

struct Z3Step {
    std::int64_t objective = 0;
    std::vector<std::int64_t> tiles;
};

struct Z3Answer {
    bool feasible = false;
    std::vector<std::int64_t> tiles;
    std::int64_t objective = 0;
    int calls = 0;             // solver checks, SAT and UNSAT
    std::vector<Z3Step> trace; // every improvement, in order
    std::string version;       // Z3's
};

Z3Answer solveZ3(const Formulation& f);

} // namespace cdx::eatss
