// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_search.hpp"

#include "params/input_error.hpp"
#include "search/tile_search.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>

namespace cdx::energy {

std::string_view name(Objective o) {
    switch (o) {
    case Objective::Time:
        return "time";
    case Objective::Edp:
        return "edp";
    case Objective::Weighted:
        return "weighted";
    default:
        return "energy";
    }
}

Objective parseObjective(std::string_view s, const std::string& field) {
    for (Objective o : {Objective::Energy, Objective::Time, Objective::Edp, Objective::Weighted}) {
        if (s == name(o)) {
            return o;
        }
    }
    throw InputError(field, std::string(s), "expected energy, time, edp or weighted");
}

namespace {

// Smaller objective value, then the tie-break order of DESIGN.md (tT, tS1, tS2, tS3).
bool better(const EnergyPoint& a, const EnergyPoint& b, Objective o) {
    const double x = a.value(o), y = b.value(o);
    return x != y ? x < y : search::tieBreakLess(a.tiles, b.tiles);
}

// The time-energy Pareto front, streamed: key time, energies strictly falling with time.
class ParetoFront {
public:
    void add(const EnergyPoint& q) {
        auto next = front_.upper_bound(q.tAlg); // first with a larger time
        if (next != front_.begin()) {
            const auto prev = std::prev(next); // the largest time <= q's: the least energy so far
            if (prev->second.eAlg <= q.eAlg) {
                return; // dominated (or equal)
            }
            if (prev->first == q.tAlg) {
                front_.erase(prev);
            }
        }
        auto it = front_.emplace(q.tAlg, q).first;
        ++it;
        while (it != front_.end() && it->second.eAlg >= q.eAlg) {
            it = front_.erase(it);
        }
    }
    std::vector<EnergyPoint> points() const {
        std::vector<EnergyPoint> out;
        out.reserve(front_.size());
        for (const auto& [t, q] : front_) {
            out.push_back(q);
        }
        return out;
    }

private:
    std::map<double, EnergyPoint> front_;
};

// splitmix64: a fixed, portable sequence for the reservoir sample.
std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

} // namespace

std::int64_t sharedWordsPerBlock(const Gpu& gpu) {
    return static_cast<std::int64_t>(gpu.mTbKb * 1024 / 4);
}

std::optional<EnergyPoint> evaluateTiling(const EnergyInput& problem, const EnergyCoefficients& c,
                                          const EnergyVariant& v, const Stencil& talgStencil,
                                          const Gpu& gpu, const talg::TalgVariant& tv) {
    const bool twoD = problem.stencil == StencilKind::Jacobi2D;
    const talg::Problem p{twoD ? 2 : 1, {problem.s1, twoD ? problem.s2 : 1, 1}, problem.t};
    const talg::Tiles t{{problem.tS1, twoD ? problem.tS2 : 1, 1}, problem.tT};
    const auto r = talg::evaluate(talgStencil, p, t, gpu, tv);
    if (!r.feasible) {
        return std::nullopt;
    }
    EnergyInput in = problem;
    in.tAlgS = r.tAlg;
    in.sharedWordsPerBlock = sharedWordsPerBlock(gpu);
    const EnergyResult e = evaluateEnergy(in, c, v);
    if (!e.feasible) {
        return std::nullopt;
    }
    return EnergyPoint{t, in.sS, r.tAlg, e.eAlg, e.edp, 0};
}

EnergySearchResult optimizeEnergy(const EnergyInput& problem, const EnergyCoefficients& c,
                                  const EnergyVariant& v, const Stencil& talgStencil,
                                  const Gpu& gpu, const talg::TalgVariant& tv,
                                  const EnergySearchOptions& options) {
    if (!std::isfinite(options.within) || options.within < 0) {
        throw InputError("within", formatNumber(options.within),
                         "must be a finite fraction >= 0 (0.10 = within 10 % of the best)");
    }
    if (!(options.weight >= 0 && options.weight <= 1)) {
        throw InputError("weight", formatNumber(options.weight),
                         "must be in [0, 1] (the weight of energy in the weighted objective)");
    }
    if (problem.stencil == StencilKind::SmithWaterman) {
        throw InputError("stencil", "sw",
                         "the Talg model has no Smith-Waterman stencil, so tilings have no time; "
                         "expected jacobi1d or jacobi2d");
    }
    const bool twoD = problem.stencil == StencilKind::Jacobi2D;
    const talg::Problem p{twoD ? 2 : 1, {problem.s1, twoD ? problem.s2 : 1, 1}, problem.t};
    EnergyInput in = problem;
    in.sharedWordsPerBlock = sharedWordsPerBlock(gpu);

    // A tiling the energy model refuses (a tile larger than the domain) is no candidate.
    std::uint64_t refused = 0;
    const auto evaluate = [&](const talg::Tiles& t, double tAlg) -> std::optional<EnergyPoint> {
        in.tS1 = t.space[0];
        in.tS2 = twoD ? t.space[1] : 0;
        in.tT = t.time;
        in.sS = twoD ? 0 : t.space[0];
        in.tAlgS = tAlg;
        const EnergyResult e = evaluateEnergy(in, c, v);
        if (!e.feasible) {
            return std::nullopt;
        }
        return EnergyPoint{t, in.sS, tAlg, e.eAlg, e.edp};
    };

    // Pass 1: the optimum under each objective (the sample and the front on the way).
    EnergySearchResult res;
    res.objective = options.objective;
    ParetoFront front;
    std::uint64_t seen = 0, rng = 1;
    const auto counts = search::forEachFeasibleTiling(
        talgStencil, p, gpu, tv, [&](const talg::Tiles& t, const talg::TalgResult& r) {
            const auto e = evaluate(t, r.tAlg);
            if (!e) {
                ++refused;
                return;
            }
            const EnergyPoint& q = *e;
            ++seen;
            if (options.maxCloud > 0) {
                if (res.cloud.size() < options.maxCloud) {
                    res.cloud.push_back(q);
                } else {
                    const std::uint64_t j = splitmix(rng) % seen; // Algorithm R
                    if (j < options.maxCloud) {
                        res.cloud[static_cast<std::size_t>(j)] = q;
                    }
                }
            }
            if (options.pareto) {
                front.add(q);
            }
            if (!res.found) {
                res.found = true;
                res.timeOptimal = res.energyOptimal = res.edpOptimal = q;
                return;
            }
            if (better(q, res.timeOptimal, Objective::Time)) {
                res.timeOptimal = q;
            }
            if (better(q, res.energyOptimal, Objective::Energy)) {
                res.energyOptimal = q;
            }
            if (better(q, res.edpOptimal, Objective::Edp)) {
                res.edpOptimal = q;
            }
        });
    res.feasiblePoints = counts.feasiblePoints - refused;
    if (refused > 0) {
        res.warnings.push_back(std::to_string(refused) +
                               " tilings feasible for the Talg model are infeasible for the "
                               "energy model and were left out");
    }
    if (!res.found) {
        return res;
    }
    res.pareto = front.points();
    const double eStar = res.energyOptimal.eAlg, tStar = res.timeOptimal.tAlg;
    const double w = options.weight;
    const auto weigh = [&](EnergyPoint& q) {
        q.weighted = w * q.eAlg / eStar + (1 - w) * q.tAlg / tStar;
    };
    for (auto* q : {&res.timeOptimal, &res.energyOptimal, &res.edpOptimal}) {
        weigh(*q);
    }
    for (auto& q : res.cloud) {
        weigh(q);
    }
    for (auto& q : res.pareto) {
        weigh(q);
    }
    const Objective o = options.objective;
    if (o == Objective::Weighted) {
        // Pass 1b: the weighted optimum (it needs E* and T* first).
        std::optional<EnergyPoint> best;
        search::forEachFeasibleTiling(talgStencil, p, gpu, tv,
                                      [&](const talg::Tiles& t, const talg::TalgResult& r) {
                                          auto e = evaluate(t, r.tAlg);
                                          if (!e) {
                                              return;
                                          }
                                          weigh(*e);
                                          if (!best || better(*e, *best, o)) {
                                              best = *e;
                                          }
                                      });
        res.best = *best;
    } else {
        res.best = o == Objective::Time     ? res.timeOptimal
                   : o == Objective::Energy ? res.energyOptimal
                                            : res.edpOptimal;
    }

    // Pass 2: the tilings within X % of the best, keeping only the best maxWithin of them.
    const double limit = (1.0 + options.within) * res.best.value(o);
    const auto byObjective = [o](const EnergyPoint& a, const EnergyPoint& b) {
        return better(a, b, o);
    };
    std::vector<EnergyPoint> kept;
    search::forEachFeasibleTiling(
        talgStencil, p, gpu, tv, [&](const talg::Tiles& t, const talg::TalgResult& r) {
            auto e = evaluate(t, r.tAlg);
            if (!e) {
                return;
            }
            weigh(*e);
            if (e->value(o) > limit) {
                return;
            }
            const EnergyPoint& q = *e;
            ++res.withinCount;
            kept.push_back(q);
            if (kept.size() >= 2 * std::max<std::size_t>(1, options.maxWithin)) {
                std::nth_element(kept.begin(),
                                 kept.begin() + static_cast<std::ptrdiff_t>(options.maxWithin),
                                 kept.end(), byObjective);
                kept.resize(options.maxWithin);
            }
        });
    std::sort(kept.begin(), kept.end(), byObjective);
    if (kept.size() > options.maxWithin) {
        kept.resize(options.maxWithin);
    }
    res.within = std::move(kept);
    if (res.withinCount > res.within.size()) {
        res.warnings.push_back(std::to_string(res.withinCount) + " tilings are within " +
                               formatNumber(options.within * 100) + " % of the best; the best " +
                               std::to_string(res.within.size()) + " are listed");
    }
    return res;
}

} // namespace cdx::energy
