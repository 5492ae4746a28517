// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/run_stats.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

namespace cdx::runs {

namespace {

talg::Problem problemOf(const Run& r) {
    return talg::Problem{r.dim, r.space, r.time};
}
talg::Tiles tilesOf(const Run& r) {
    // The run's threads per block (issue 57: they count with hiding = occupancy); none given,
    // PPCG's default.
    return talg::Tiles{r.tile, r.tt, r.threads.value_or(0)};
}

RunPair pairOf(const Run& r) {
    RunPair p;
    p.run = r;
    return p;
}

// T_alg of a run, or nullopt with the reason (infeasible or invalid tiling).
std::optional<double> predictTime(const Run& r, const Gpu& g, const Stencil& s,
                                  const talg::TalgVariant& v, std::string* reason) {
    try {
        const auto res = talg::evaluate(s, problemOf(r), tilesOf(r), g, v);
        if (!res.feasible) {
            if (reason) {
                *reason = "infeasible tiling: " + talg::describe(res.excludedBy);
            }
            return std::nullopt;
        }
        return res.tAlg;
    } catch (const InputError& e) {
        if (reason) {
            *reason = e.what();
        }
        return std::nullopt;
    }
}

// One prediction; `predicted` false with the reason when there is none.
Prediction predictOne(const Run& r, const Gpu& g, const Stencil& s, const talg::TalgVariant& v) {
    Prediction p;
    if (const auto t = predictTime(r, g, s, v, &p.reason)) {
        p.predicted = true;
        p.tAlg = *t;
        p.relError = (*t - r.timeSeconds) / r.timeSeconds;
    }
    return p;
}
void predict(RunPair& p, const Gpu& g, const Stencil& s, const talg::TalgVariant& v) {
    Prediction one = predictOne(p.run, g, s, v);
    p.predicted = one.predicted;
    p.tAlg = one.tAlg;
    p.relError = one.relError;
    p.reason = std::move(one.reason);
}

void markNearBest(std::vector<RunPair>& pairs, double within) {
    std::map<std::string, double> best;
    for (const auto& p : pairs) {
        const auto k = experimentKey(p.run);
        const auto it = best.find(k);
        if (it == best.end() || p.run.timeSeconds < it->second) {
            best[k] = p.run.timeSeconds;
        }
    }
    for (auto& p : pairs) {
        p.nearBest = p.run.timeSeconds <= (1 + within) * best[experimentKey(p.run)];
    }
}

void checkWithin(double within) {
    if (!std::isfinite(within) || within < 0) {
        throw InputError("within", formatNumber(within), "must be a fraction >= 0 (0.2 = 20 %)");
    }
}

// The sums of errorStats, in the order the errors are added (so that two ways of walking the
// same runs give the same bits).
struct ErrorSums {
    ErrorStats s;
    double sq = 0, abs = 0, sum = 0;
    void add(double e) {
        ++s.n;
        sq += e * e;
        abs += std::abs(e);
        sum += e;
    }
    ErrorStats done() const {
        ErrorStats out = s;
        if (out.n > 0) {
            const double n = static_cast<double>(out.n);
            out.rmse = std::sqrt(sq / n);
            out.mape = abs / n;
            out.meanSigned = sum / n;
        }
        return out;
    }
};

// Sum of squared relative residuals. The runs in `use` were validated by predict(); one
// PreparedTalg per problem keeps each evaluation cheap (the calibration calls this thousands
// of times).
double sumSquares(const std::vector<RunPair>& pairs, const std::vector<std::size_t>& use,
                  const Gpu& g, const Stencil& s, const talg::TalgVariant& v) {
    std::map<std::string, talg::PreparedTalg> prepared;
    double sum = 0;
    for (auto i : use) {
        const Run& r = pairs[i].run;
        const std::string key = experimentKey(r);
        auto it = prepared.find(key);
        if (it == prepared.end()) {
            it = prepared.emplace(key, talg::PreparedTalg(s, problemOf(r), g, v)).first;
        }
        const auto res = it->second.evaluate(tilesOf(r));
        if (!res.feasible) {
            return std::numeric_limits<double>::infinity();
        }
        const double e = (res.tAlg - r.timeSeconds) / r.timeSeconds;
        sum += e * e;
    }
    return sum;
}

double& field(Gpu& g, Stencil& s, FitParameter p) {
    switch (p) {
    case FitParameter::CIter:
        return s.cIterSeconds;
    case FitParameter::L:
        return g.lSecondsPerGb;
    case FitParameter::TauSync:
        return g.tauSyncSeconds;
    case FitParameter::TSync:
        return g.tSyncSeconds;
    }
    return s.cIterSeconds;
}

} // namespace

ProfileSet ProfileSet::shipped() {
    ProfileSet p;
    // Shipped and the user's (issue 43: runs on the user's own GPU are predicted with its own
    // description); a profile of the user's that cannot be read is left out, its runs then say
    // "no profile for GPU ...".
    for (const auto& e : listAllProfiles("gpus")) {
        if (e.error.empty() && p.gpus.count(e.id) == 0) {
            try {
                p.gpus[e.id] = loadGpuProfile(e.path.string());
            } catch (const InputError&) {
            }
        }
    }
    for (const auto& e : listAllProfiles("stencils")) {
        if (e.error.empty() && p.stencils.count(e.id) == 0) {
            try {
                p.stencils[e.id] = readStencilProfile(e.path);
            } catch (const InputError&) {
            }
        }
    }
    return p;
}

void ProfileSet::addStored(const RunStore& store) {
    addStored(store.storedProfiles(), store.path().string());
}

void ProfileSet::addStored(const std::vector<StoredProfile>& stored, const std::string& file) {
    for (const auto& p : stored) {
        const std::string where = file + ": profiles." + p.kind + "." + p.id;
        try {
            if (p.kind == "gpus" && gpus.count(p.id) == 0) {
                gpus[p.id] = gpuProfileFromJson(parseJson(p.json, where), where, false, false);
            } else if (p.kind == "stencils" && stencils.count(p.id) == 0) {
                stencils[p.id] = stencilProfileFromJson(parseJson(p.json, where), where);
            }
        } catch (const InputError&) {
            // a damaged stored profile: its runs say "no profile for ..."
        }
    }
}

ErrorStats errorStats(const std::vector<RunPair>& pairs, bool nearBestOnly) {
    ErrorSums sums;
    for (const auto& p : pairs) {
        if (p.predicted && (!nearBestOnly || p.nearBest)) {
            sums.add(p.relError);
        }
    }
    return sums.done();
}

RunPredictions predictRuns(const std::vector<Run>& runs, const ProfileSet& profiles,
                           const talg::TalgVariant& v) {
    RunPredictions out;
    out.runs.reserve(runs.size());
    out.experiment.reserve(runs.size());
    std::map<std::string, std::size_t> experiments;
    // The model inputs of each (GPU, stencil) pair, converted once (per run they were half of
    // a filter step over 2,000 runs, issue 33); a conversion error is kept with them.
    struct Inputs {
        std::optional<Gpu> gpu;
        std::optional<Stencil> stencil;
        std::string error;
    };
    std::map<std::pair<std::string, std::string>, Inputs> inputs;
    for (const auto& r : runs) {
        Prediction p;
        const auto g = profiles.gpus.find(r.gpu);
        const auto s = profiles.stencils.find(r.stencil);
        if (g == profiles.gpus.end() || s == profiles.stencils.end()) {
            p.reason = "no profile for GPU '" + r.gpu + "' or stencil '" + r.stencil + "'";
        } else {
            auto [it, fresh] = inputs.try_emplace({r.gpu, r.stencil});
            if (fresh) {
                try {
                    it->second.gpu = toGpu(g->second);
                    it->second.stencil = toStencil(s->second, g->second);
                } catch (const InputError& e) {
                    it->second.error = e.what();
                }
            }
            if (!it->second.error.empty()) {
                p.reason = it->second.error;
            } else {
                try {
                    p = predictOne(r, *it->second.gpu, *it->second.stencil, v);
                } catch (const InputError& e) {
                    p.reason = e.what();
                }
            }
        }
        const auto [e, fresh] = experiments.try_emplace(experimentKey(r), out.best.size());
        if (fresh) {
            out.best.push_back(r.timeSeconds);
        } else if (r.timeSeconds < out.best[e->second]) {
            out.best[e->second] = r.timeSeconds;
        }
        out.experiment.push_back(e->second);
        out.runs.push_back(std::move(p));
    }
    return out;
}

RunStats runStats(const std::vector<Run>& runs, const ProfileSet& profiles,
                  const talg::TalgVariant& v, double within) {
    checkWithin(within);
    RunPredictions predictions = predictRuns(runs, profiles, v);
    RunStats st;
    st.within = within;
    st.pairs.reserve(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        RunPair p = pairOf(runs[i]);
        Prediction& one = predictions.runs[i];
        p.predicted = one.predicted;
        p.tAlg = one.tAlg;
        p.relError = one.relError;
        p.reason = std::move(one.reason);
        p.nearBest = predictions.nearBest(runs, i, within);
        st.unpredicted += p.predicted ? 0 : 1;
        st.pairs.push_back(std::move(p));
    }
    st.experiments = predictions.best.size();
    st.all = errorStats(st.pairs, false);
    st.nearBest = errorStats(st.pairs, true);
    return st;
}

RunSummary summarize(const std::vector<Run>& list, const RunPredictions& predictions,
                     const std::vector<std::size_t>& shown, double within) {
    checkWithin(within);
    if (predictions.runs.size() != list.size()) {
        throw InputError("predictions", std::to_string(predictions.runs.size()) + " runs",
                         "must be those of the list (" + std::to_string(list.size()) + " runs)");
    }
    RunSummary out;
    out.within = within;
    out.runs = shown.size();
    ErrorSums all, near;
    std::vector<char> seen(predictions.best.size(), 0);
    for (const std::size_t i : shown) {
        if (i >= list.size()) {
            throw InputError("shown", std::to_string(i),
                             "must index the list (0.." + std::to_string(list.size()) + ")");
        }
        const Prediction& p = predictions.runs[i];
        char& s = seen[predictions.experiment[i]];
        out.experiments += s ? 0 : 1;
        s = 1;
        if (!p.predicted) {
            ++out.unpredicted;
            continue;
        }
        all.add(p.relError);
        if (predictions.nearBest(list, i, within)) {
            near.add(p.relError);
        }
    }
    out.all = all.done();
    out.nearBest = near.done();
    return out;
}

std::vector<Run> runsOnSlice(const std::vector<Run>& runs, const std::string& gpu,
                             const std::string& stencil, const talg::Problem& problem,
                             const talg::Tiles& tiles, const std::vector<std::string>& free) {
    const auto isFree = [&](const char* name) {
        return std::find(free.begin(), free.end(), name) != free.end();
    };
    const char* names[3] = {"tS1", "tS2", "tS3"};
    std::vector<Run> out;
    for (const auto& r : runs) {
        if (r.gpu != gpu || r.stencil != stencil || r.dim != problem.dim ||
            r.space != problem.space || r.time != problem.time) {
            continue;
        }
        bool same = isFree("tT") || r.tt == tiles.time;
        for (int i = 0; i < problem.dim && same; ++i) {
            const auto idx = static_cast<std::size_t>(i);
            same = isFree(names[i]) || r.tile[idx] == tiles.space[idx];
        }
        if (same) {
            out.push_back(r);
        }
    }
    return out;
}

std::string_view name(FitParameter p) {
    switch (p) {
    case FitParameter::CIter:
        return "c_iter_s";
    case FitParameter::L:
        return "l_s_per_gb";
    case FitParameter::TauSync:
        return "tau_sync_s";
    case FitParameter::TSync:
        return "t_sync_s";
    }
    return "?";
}

FitParameter parseFitParameter(const std::string& s, const std::string& f) {
    for (auto p :
         {FitParameter::CIter, FitParameter::L, FitParameter::TauSync, FitParameter::TSync}) {
        if (s == name(p)) {
            return p;
        }
    }
    throw InputError(f, s, "expected one of c_iter_s, l_s_per_gb, tau_sync_s, t_sync_s");
}

Calibration calibrate(const std::vector<Run>& runs, const GpuProfile& gpuProfile,
                      const StencilProfile& stencilProfile, const talg::TalgVariant& v,
                      const CalibrationOptions& o, const std::string& date) {
    if (o.parameters.empty()) {
        throw InputError("--fit", "(none)",
                         "at least one of c_iter_s, l_s_per_gb, tau_sync_s, t_sync_s");
    }
    Calibration c;
    c.gpu = gpuProfile.id;
    c.stencil = stencilProfile.id;
    Gpu g = toGpu(gpuProfile);
    Stencil s = toStencil(stencilProfile, gpuProfile);
    std::vector<RunPair> pairs;
    for (const auto& r : runs) {
        if (r.gpu == c.gpu && r.stencil == c.stencil) {
            pairs.push_back(pairOf(r));
        }
    }
    for (auto& p : pairs) {
        predict(p, g, s, v);
    }
    markNearBest(pairs, o.within);
    std::vector<std::size_t> use;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (pairs[i].predicted && (!o.nearBestOnly || pairs[i].nearBest)) {
            use.push_back(i);
        }
    }
    if (use.empty()) {
        throw InputError("runs", std::to_string(pairs.size()) + " runs",
                         "at least one run of GPU '" + c.gpu + "' and stencil '" + c.stencil +
                             "' with a feasible prediction" +
                             (o.nearBestOnly ? " within the chosen subset" : ""));
    }
    c.runsUsed = use.size();
    std::vector<RunPair> usedPairs;
    for (auto i : use) {
        usedPairs.push_back(pairs[i]);
    }
    c.before = errorStats(usedPairs, false);
    for (auto p : o.parameters) {
        c.values.push_back({p, field(g, s, p), 0});
    }
    // Coordinate descent in log space: each parameter by a scan over +-3 decades around its
    // current value, then golden sections in the best bracket.
    double best = sumSquares(pairs, use, g, s, v);
    for (int sweep = 0; sweep < 12; ++sweep) {
        const double start = best;
        for (auto p : o.parameters) {
            double& x = field(g, s, p);
            const double x0 = x > 0 ? x : 1e-12;
            const auto at = [&](double logX) {
                x = std::exp(logX);
                return sumSquares(pairs, use, g, s, v);
            };
            const double centre = std::log(x0);
            constexpr int kScan = 61;
            // +-3 decades first, then ever narrower around the current value.
            const double span = std::max(std::log(1000.0) / std::pow(8.0, sweep), 1e-6);
            double bestLog = centre, bestVal = best;
            const double step = 2 * span / (kScan - 1);
            for (int i = 0; i < kScan; ++i) {
                const double lx = centre - span + step * i;
                const double val = at(lx);
                if (val < bestVal) {
                    bestVal = val;
                    bestLog = lx;
                }
            }
            double a = bestLog - step, b = bestLog + step;
            const double phi = (std::sqrt(5.0) - 1) / 2;
            double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
            double f1 = at(x1), f2 = at(x2);
            for (int it = 0; it < 60; ++it) {
                if (f1 < f2) {
                    b = x2;
                    x2 = x1;
                    f2 = f1;
                    x1 = b - phi * (b - a);
                    f1 = at(x1);
                } else {
                    a = x1;
                    x1 = x2;
                    f1 = f2;
                    x2 = a + phi * (b - a);
                    f2 = at(x2);
                }
            }
            const double mid = f1 < f2 ? x1 : x2;
            const double midVal = std::min(f1, f2);
            if (midVal < bestVal) {
                bestVal = midVal;
                bestLog = mid;
            }
            if (bestVal <= best) {
                x = std::exp(bestLog);
                best = bestVal;
            } else {
                x = x0;
            }
        }
        if (start - best <= 1e-14 * std::max(1.0, start)) {
            break;
        }
    }
    for (auto& fv : c.values) {
        fv.after = field(g, s, fv.parameter);
    }
    c.residuals = pairs;
    for (auto& p : c.residuals) {
        p.predicted = false;
        p.reason.clear();
        predict(p, g, s, v);
    }
    markNearBest(c.residuals, o.within);
    usedPairs.clear();
    for (auto i : use) {
        usedPairs.push_back(c.residuals[i]);
    }
    c.after = errorStats(usedPairs, false);
    // The fitted profiles: changed values carry their provenance.
    c.fittedGpu = gpuProfile;
    c.fittedStencil = stencilProfile;
    const std::string source = "fitted from " + std::to_string(c.runsUsed) + " runs (" + date + ")";
    for (const auto& fv : c.values) {
        const std::string key(name(fv.parameter));
        if (fv.parameter == FitParameter::CIter) {
            // C_iter is the chip's (issue 43): the fitted value goes into the GPU description,
            // where it takes precedence over an estimate, as over the stencil's own.
            c.fittedGpu.cIterByStencil[c.fittedStencil.id] =
                Quantity{fv.after, "s", source, false, "fitted", {}};
            // and in the stencil's file for this GPU, as --out-stencil wrote it before
            c.fittedStencil.cIterByGpu[c.gpu] =
                Quantity{fv.after, "s", source, false, "fitted", {}};
        } else {
            c.fittedGpu.params[key] = Quantity{
                fv.after,
                c.fittedGpu.params[key].unit.empty() ? std::string("s") : c.fittedGpu.params[key].unit,
                source,
                false,
                "fitted",
                {}};
        }
    }
    return c;
}

namespace {
std::vector<double> ranks(const std::vector<double>& x) {
    std::vector<std::size_t> order(x.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(),
              [&x](std::size_t a, std::size_t b) { return x[a] < x[b]; });
    std::vector<double> r(x.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && x[order[j + 1]] == x[order[i]]) {
            ++j;
        }
        const double mean = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
        for (std::size_t k = i; k <= j; ++k) {
            r[order[k]] = mean;
        }
        i = j + 1;
    }
    return r;
}
} // namespace

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    if (n < 2) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < n; ++i) {
        ma += ra[i];
        mb += rb[i];
    }
    ma /= static_cast<double>(n);
    mb /= static_cast<double>(n);
    double cov = 0, va = 0, vb = 0;
    for (std::size_t i = 0; i < n; ++i) {
        cov += (ra[i] - ma) * (rb[i] - mb);
        va += (ra[i] - ma) * (ra[i] - ma);
        vb += (rb[i] - mb) * (rb[i] - mb);
    }
    if (va == 0 || vb == 0) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return cov / std::sqrt(va * vb);
}

namespace {
// One experiment's runs with a prediction: each run, its prediction and its measurement.
struct Ranked {
    const Run* run;
    double predicted;
};
RankingStats rankExperiment(const std::vector<Ranked>& list, std::size_t top);
} // namespace

std::vector<RankingStats> rankingStats(const std::vector<RunPair>& pairs, std::size_t top) {
    std::map<std::string, std::vector<Ranked>> byExperiment;
    for (const auto& p : pairs) {
        if (p.predicted) {
            byExperiment[experimentKey(p.run)].push_back({&p.run, p.tAlg});
        }
    }
    std::vector<RankingStats> out;
    for (const auto& [key, list] : byExperiment) {
        out.push_back(rankExperiment(list, top));
    }
    return out;
}

std::vector<RankingStats> rankingStats(const std::vector<Run>& list,
                                       const RunPredictions& predictions,
                                       const std::vector<std::size_t>& shown, std::size_t top) {
    std::map<std::size_t, std::vector<Ranked>> byExperiment;
    for (const std::size_t i : shown) {
        if (i >= list.size() || i >= predictions.runs.size()) {
            throw InputError("shown", std::to_string(i), "an index outside the list of runs");
        }
        if (predictions.runs[i].predicted) {
            byExperiment[predictions.experiment[i]].push_back({&list[i], predictions.runs[i].tAlg});
        }
    }
    std::vector<RankingStats> out;
    for (const auto& [key, runs] : byExperiment) {
        out.push_back(rankExperiment(runs, top));
    }
    return out;
}

namespace {
RankingStats rankExperiment(const std::vector<Ranked>& list, std::size_t top) {
    {
        RankingStats s;
        const Run& first = *list.front().run;
        s.gpu = first.gpu;
        s.stencil = first.stencil;
        for (int i = 0; i < first.dim; ++i) {
            if (i > 0) {
                s.problem.push_back('x');
            }
            s.problem.append(std::to_string(first.space[static_cast<std::size_t>(i)]));
        }
        s.problem.append(", T ").append(std::to_string(first.time));
        s.n = list.size();
        std::vector<double> predicted, measured;
        for (const Ranked& p : list) {
            predicted.push_back(p.predicted);
            measured.push_back(p.run->timeSeconds);
        }
        s.spearman = spearman(predicted, measured);
        const double best = *std::min_element(measured.begin(), measured.end());
        const double lowest = *std::min_element(predicted.begin(), predicted.end());
        double tied = 0;
        for (std::size_t i = 0; i < s.n; ++i) {
            if (predicted[i] == lowest) {
                tied += measured[i];
                ++s.choiceTies;
            }
        }
        s.choiceRegret = tied / static_cast<double>(s.choiceTies) / best - 1;
        // The model's top: the `top` lowest predictions (ties broken by the run's order in the
        // list, which the database gives by id, never by the measurement).
        s.top = std::min(top, s.n);
        std::vector<std::size_t> order(s.n);
        for (std::size_t i = 0; i < s.n; ++i) {
            order[i] = i;
        }
        // Only the first `top` are needed (a filter step of the runs view ranks 68,000 runs).
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(s.top),
                          order.end(), [&predicted](std::size_t a, std::size_t b) {
                              return predicted[a] < predicted[b] ||
                                     (predicted[a] == predicted[b] && a < b);
                          });
        double topBest = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < s.top; ++i) {
            topBest = std::min(topBest, measured[order[i]]);
        }
        s.topRegret = s.top > 0 ? topBest / best - 1 : 0;
        // E[min of `top` drawn without replacement]: the i-th fastest (0-based) is the best of
        // the draw with probability C(n-1-i, top-1) / C(n, top), a product of ratios.
        std::vector<double> sorted = measured;
        std::sort(sorted.begin(), sorted.end());
        double expected = 0;
        if (s.top > 0) {
            double pr = static_cast<double>(s.top) / static_cast<double>(s.n); // i = 0
            for (std::size_t i = 0; i + s.top <= s.n; ++i) {
                expected += pr * sorted[i];
                // P(i+1) / P(i) = (n-1-i-(top-1)) / (n-1-i)
                const double remaining = static_cast<double>(s.n - 1 - i);
                pr = remaining > 0 ? pr * (remaining - static_cast<double>(s.top - 1)) / remaining
                                   : 0;
            }
        }
        s.randomRegret = s.top > 0 ? expected / best - 1 : 0;
        return s;
    }
}
} // namespace

} // namespace cdx::runs
