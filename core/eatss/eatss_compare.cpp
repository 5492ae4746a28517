// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_compare.hpp"

#include "eatss/eatss_model.hpp"
#include "params/format.hpp"
#include "session/session.hpp"

namespace cdx::eatss {

namespace {

struct EatssSide {
    Gpu gpu;
    Formulation f;
    Solution s;
    Evaluation e;
};

EatssSide eatssSide(const SessionState& st) {
    EatssSide out;
    out.gpu = loadGpu(st.eatss.gpu);
    out.f = formulate(st.eatss.program, out.gpu, st.eatss.options);
    out.s = solveExactKept(out.f); // the window's views have usually searched it already
    if (out.s.feasible) {
        out.e = evaluate(out.f, out.s.tiles);
    }
    return out;
}

std::string tileText(const EatssSide& x) {
    if (!x.s.feasible) {
        return "none";
    }
    std::string t = "(";
    for (std::size_t i = 0; i < x.s.tiles.size(); ++i) {
        t += (i ? ", " : "") + std::to_string(x.s.tiles[i]);
    }
    return t + ")";
}

} // namespace

std::string sideName(const SessionState& s) {
    // The options too: two sides of one program and GPU differ there (a split, a mode).
    return s.eatss.program.id + " on " + s.eatss.gpu + ", " +
           std::string(name(s.eatss.options.mode)) + ", s = " + formatG(s.eatss.options.split, 4) +
           ", φ = " + formatG(s.eatss.options.align, 4);
}

compare::FamilyComparison compareSessions(const SessionState& a, const SessionState& b) {
    compare::FamilyComparison f;
    f.family = "eatss";
    f.title = "EATSS";
    std::optional<EatssSide> sa, sb;
    compare::evaluateSides(
        f, [&] { sa = eatssSide(a); }, [&] { sb = eatssSide(b); });
    const auto opt = [](const std::optional<EatssSide>& x, auto get) -> std::optional<double> {
        return x ? get(*x) : std::optional<double>();
    };
    compare::addNumber(
        f, "objective", "",
        opt(sa,
            [](const EatssSide& x) {
                return x.s.feasible ? std::optional<double>(x.s.objective) : std::nullopt;
            }),
        opt(sb,
            [](const EatssSide& x) {
                return x.s.feasible ? std::optional<double>(x.s.objective) : std::nullopt;
            }),
        true, "W (spec eatss.md §1.6)");
    compare::addText(f, "program", sa ? a.eatss.program.id : "", sb ? b.eatss.program.id : "");
    compare::addText(f, "gpu", sa ? sa->gpu.id : "", sb ? sb->gpu.id : "");
    compare::addText(f, "mode", sa ? std::string(name(a.eatss.options.mode)) : "",
                     sb ? std::string(name(b.eatss.options.mode)) : "");
    compare::addText(f, "precision", sa ? std::string(name(a.eatss.options.precision)) : "",
                     sb ? std::string(name(b.eatss.options.precision)) : "");
    compare::addNumber(f, "split", "", sa ? std::optional(a.eatss.options.split) : std::nullopt,
                       sb ? std::optional(b.eatss.options.split) : std::nullopt);
    compare::addNumber(f, "align", "", sa ? std::optional(a.eatss.options.align) : std::nullopt,
                       sb ? std::optional(b.eatss.options.align) : std::nullopt);
    compare::addNumber(f, "blk", "points",
                       opt(sa,
                           [](const EatssSide& x) {
                               return x.s.feasible ? std::optional<double>(x.e.blk) : std::nullopt;
                           }),
                       opt(sb,
                           [](const EatssSide& x) {
                               return x.s.feasible ? std::optional<double>(x.e.blk) : std::nullopt;
                           }),
                       true);
    compare::addNumber(f, "optima", "",
                       opt(sa,
                           [](const EatssSide& x) {
                               return std::optional<double>(static_cast<double>(x.s.optima));
                           }),
                       opt(sb,
                           [](const EatssSide& x) {
                               return std::optional<double>(static_cast<double>(x.s.optima));
                           }),
                       true);
    // The tiles and weights by loop name, each constraint's value at the optimum by name.
    for (const auto* side : {&sa, &sb}) {
        if (!*side) {
            continue;
        }
        const EatssSide& x = **side;
        const bool isA = side == &sa;
        for (std::size_t i = 0; i < x.f.loops.size(); ++i) {
            const std::string loop = x.f.loops[i].name;
            const auto set = [&](const std::string& key, const std::string& unit,
                                 std::optional<double> v) {
                auto it =
                    std::find_if(f.values.begin(), f.values.end(),
                                 [&](const compare::ComparedValue& c) { return c.name == key; });
                if (it == f.values.end()) {
                    compare::addNumber(f, key, unit, std::nullopt, std::nullopt, true);
                    it = std::prev(f.values.end());
                }
                (isA ? it->a : it->b) = v;
            };
            set("tiles." + loop, "",
                x.s.feasible ? std::optional<double>(static_cast<double>(x.s.tiles[i]))
                             : std::nullopt);
            set("weights." + loop, "", static_cast<double>(x.f.weights[i]));
        }
        for (const auto& c : x.e.constraints) {
            for (const auto& entry : {std::pair{"constraints." + c.name + ".lhs", c.lhs},
                                      std::pair{"constraints." + c.name + ".rhs", c.rhs}}) {
                // Not a structured binding: clang does not capture those in a lambda.
                const std::string& key = entry.first;
                const std::int64_t value = entry.second;
                auto it =
                    std::find_if(f.values.begin(), f.values.end(),
                                 [&key](const compare::ComparedValue& v) { return v.name == key; });
                if (it == f.values.end()) {
                    compare::addNumber(f, key, "elements", std::nullopt, std::nullopt, true);
                    it = std::prev(f.values.end());
                }
                (isA ? it->a : it->b) = static_cast<double>(value);
            }
        }
    }
    if (!sa || !sb) {
        return f;
    }
    std::string s = "W " + compare::percentText(f.values.front().deltaPct());
    if (f.values.front().a && f.values.front().b) {
        s += " (" + compare::change(*f.values.front().a, *f.values.front().b) + ")";
    }
    s += ": tiles " + (tileText(*sa) == tileText(*sb) ? tileText(*sb) + " in both"
                                                      : tileText(*sa) + " → " + tileText(*sb));
    const auto binding = [](const EatssSide& x) {
        std::string out;
        for (const auto& c : x.e.constraints) {
            if (c.binding) {
                out += (out.empty() ? "" : ", ") + c.name;
            }
        }
        return out.empty() ? std::string("none") : out;
    };
    if (sa->s.feasible && sb->s.feasible) {
        s += binding(*sa) == binding(*sb) ? "; binding: " + binding(*sb)
                                          : "; binding: " + binding(*sa) + " → " + binding(*sb);
    }
    std::vector<std::string> config;
    if (sa->gpu.id != sb->gpu.id) {
        config.push_back("GPU " + sa->gpu.id + " → " + sb->gpu.id);
    }
    if (a.eatss.program.id != b.eatss.program.id) {
        config.push_back("program " + a.eatss.program.id + " → " + b.eatss.program.id);
    }
    if (a.eatss.options.split != b.eatss.options.split) {
        config.push_back("split " + compare::change(a.eatss.options.split, b.eatss.options.split));
    }
    if (a.eatss.options.align != b.eatss.options.align) {
        config.push_back("alignment " +
                         compare::change(a.eatss.options.align, b.eatss.options.align));
    }
    if (a.eatss.options.precision != b.eatss.options.precision) {
        config.push_back(std::string("precision ") + std::string(name(a.eatss.options.precision)) +
                         " → " + std::string(name(b.eatss.options.precision)));
    }
    if (a.eatss.options.mode != b.eatss.options.mode) {
        config.push_back(std::string("mode ") + std::string(name(a.eatss.options.mode)) + " → " +
                         std::string(name(b.eatss.options.mode)));
    }
    for (std::size_t i = 0; i < config.size(); ++i) {
        s += (i == 0 ? "; because of " : ", ") + config[i];
    }
    if (config.empty() && a.eatss.program.loops.size() == b.eatss.program.loops.size()) {
        s += "; same configuration";
    }
    f.explanation = s;
    return f;
}

} // namespace cdx::eatss
