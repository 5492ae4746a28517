// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_z3.hpp"

#include <z3++.h>

namespace cdx::eatss {

Z3Answer solveZ3(const Formulation& f) {
    Z3Answer out;
    unsigned major = 0, minor = 0, build = 0, revision = 0;
    Z3_get_version(&major, &minor, &build, &revision);
    out.version = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);

    z3::context ctx;
    std::vector<z3::expr> t;
    for (const auto& l : f.loops) {
        t.push_back(ctx.int_const(("T_" + l.name).c_str()));
    }
    const auto product = [&](const std::vector<int>& idx) {
        z3::expr e = ctx.int_val(1);
        for (int i : idx) {
            e = e * t[static_cast<std::size_t>(i)];
        }
        return e;
    };
    // The artifact's tactic (spec §3.2); its simplifier options are left at Z3's defaults (one of
    // them, expand_select_ite, is unknown to Z3 4.8, §3.5).
    z3::solver s = (z3::tactic(ctx, "simplify") & z3::tactic(ctx, "ufnia")).mk_solver();
    for (std::size_t i = 0; i < t.size(); ++i) {
        s.add(t[i] >= ctx.int_val(static_cast<int64_t>(f.tMin)));
        s.add(t[i] <= ctx.int_val(static_cast<int64_t>(f.tMax)));
        if (f.waf > 0) {
            s.add(z3::mod(t[i], ctx.int_val(static_cast<int64_t>(f.waf))) == 0);
        }
    }
    for (const auto& c : f.constraints) {
        z3::expr sum = ctx.int_val(0);
        for (const auto& term : c.terms) {
            sum = sum + product(term);
        }
        s.add(sum <= ctx.int_val(static_cast<int64_t>(c.rhs)));
    }
    z3::expr w = product(f.blockLoops);
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (f.weights[i] != 0) {
            w = w + ctx.int_val(static_cast<int64_t>(f.weights[i])) * t[i];
        }
    }
    std::int64_t best = 0;
    int failures = 0;
    while (failures < 3) {
        s.push();
        if (out.feasible) {
            // (n + 1) W > (n + 2) W_old
            s.add(ctx.int_val(failures + 1) * w >
                  ctx.int_val(static_cast<int64_t>(failures + 2) * best));
        }
        const z3::check_result r = s.check();
        ++out.calls;
        if (r == z3::sat) {
            const z3::model m = s.get_model();
            std::vector<std::int64_t> tiles;
            for (const auto& ti : t) {
                tiles.push_back(m.eval(ti, true).get_numeral_int64());
            }
            best = m.eval(w, true).get_numeral_int64();
            out.feasible = true;
            out.tiles = tiles;
            out.objective = best;
            out.trace.push_back({best, tiles});
        } else {
            ++failures;
            if (!out.feasible) {
                s.pop();
                break; // the model itself is infeasible
            }
        }
        s.pop();
    }
    return out;
}

} // namespace cdx::eatss
