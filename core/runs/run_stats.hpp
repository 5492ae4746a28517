// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"
#include "runs/run_store.hpp"
#include "talg/talg.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

// Predicted against measured (PPoPP'17 §5, spec talg-time-model.md §4.5): relative errors,
// RMSE and MAPE over all runs and over the runs within X % of the best measured run of each
// experiment; and calibration of C_iter (optionally L, tau_sync, T_sync) by least squares.
namespace cdx::runs {

// The GPU and stencil profiles the runs are predicted with: the shipped ones by id, replaced
// by any given here (the session's edited profiles, a calibrated one).
struct ProfileSet {
    std::map<std::string, GpuProfile> gpus;
    std::map<std::string, StencilProfile> stencils;
    static ProfileSet shipped();
    // The profiles stored with the runs (issue 43) whose id no profile file gives any more.
    void addStored(const RunStore& store);
    void addStored(const std::vector<StoredProfile>& stored, const std::string& where);
    void put(const GpuProfile& g) { gpus[g.id] = g; }
    void put(const StencilProfile& s) { stencils[s.id] = s; }
};

struct RunPair {
    Run run;
    bool predicted = false; // false: the model has no prediction (reason says why)
    std::string reason;     // infeasible tiling, invalid tiling, no C_iter, unknown id
    double tAlg = 0;        // predicted [s]
    double relError = 0;    // (T_alg - T_meas) / T_meas
    bool nearBest = false;  // T_meas <= (1 + within) x the experiment's best measured time
};

struct ErrorStats {
    std::size_t n = 0;
    double rmse = 0;       // sqrt(mean relError^2) (the relative RMSE of spec §4.5 [U])
    double mape = 0;       // mean |relError|
    double meanSigned = 0; // mean relError (< 0: the model is optimistic)
};
ErrorStats errorStats(const std::vector<RunPair>& pairs, bool nearBestOnly);

struct RunStats {
    std::vector<RunPair> pairs;
    ErrorStats all;
    ErrorStats nearBest;
    double within = 0.2;
    std::size_t unpredicted = 0;
    std::size_t experiments = 0;
};

// `within` >= 0 (0.2 = the paper's 20 %). Throws InputError for a negative or NaN within.
RunStats runStats(const std::vector<Run>& runs, const ProfileSet& profiles,
                  const talg::TalgVariant& v, double within = 0.2);

// The same predictions, made once for a list of runs that a view then filters many times
// (issue 44: a filter step over the paper's 68,000 runs may neither predict nor copy them
// again). One entry per run, in the list's order, and the experiments of the list.
struct Prediction {
    bool predicted = false; // false: no prediction (reason says why)
    double tAlg = 0;        // predicted [s]
    double relError = 0;    // (T_alg - T_meas) / T_meas
    std::string reason;     // as RunPair::reason
};
struct RunPredictions {
    std::vector<Prediction> runs;
    std::vector<std::size_t> experiment; // each run's experiment (experimentKey), 0-based
    std::vector<double> best;            // each experiment's best measured time [s]
    // Within `within` of its experiment's best measured run, as RunPair::nearBest.
    bool nearBest(const std::vector<Run>& list, std::size_t i, double within) const {
        return list[i].timeSeconds <= (1 + within) * best[experiment[i]];
    }
};
RunPredictions predictRuns(const std::vector<Run>& runs, const ProfileSet& profiles,
                           const talg::TalgVariant& v);

// How well the model chooses (issue 57), per experiment (GPU, stencil, problem) over its runs
// with a prediction:
// - Spearman's rank correlation of predicted and measured times (ties take their mean rank);
// - the regret of the model's choice: the measured time of the run it predicts fastest against
//   the best measured run, minus 1 (runs tied at the lowest prediction count by their mean: the
//   model cannot tell them apart);
// - the best measured run among the `top` it predicts fastest (PPoPP'17's protocol: measure a
//   few, keep the best) against the expected best of as many runs drawn at random, both as a
//   regret.
struct RankingStats {
    std::string gpu, stencil;
    std::string problem;        // "16384x16384, T 1000"
    std::size_t n = 0;          // runs with a prediction
    double spearman = 0;        // NaN below 2 runs or when one side is constant
    double choiceRegret = 0;    // measured(choice) / best - 1
    std::size_t choiceTies = 0; // runs tied at the lowest prediction
    std::size_t top = 0;        // min(top asked, n)
    double topRegret = 0;       // best measured of the model's top / best - 1
    double randomRegret = 0;    // E[best of `top` random runs] / best - 1 (exact)
};
std::vector<RankingStats> rankingStats(const std::vector<RunPair>& pairs, std::size_t top = 10);
// The same over the runs `shown` of a list predicted once (the runs view: no copy of a run).
std::vector<RankingStats> rankingStats(const std::vector<Run>& list,
                                       const RunPredictions& predictions,
                                       const std::vector<std::size_t>& shown, std::size_t top = 10);
// Spearman's rank correlation (mean ranks for ties); NaN for fewer than 2 values or a
// constant side.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

// RunStats without the pairs, over the runs `shown` (indices into the list, in any order;
// the sums run in the order given). Equal, to the last bit, to runStats of those runs in that
// order when `shown` holds whole experiments (as every filter of GPU, stencil and problem
// does); otherwise "near best" still means near the best of the whole experiment in the list.
struct RunSummary {
    std::size_t runs = 0;
    ErrorStats all;
    ErrorStats nearBest;
    double within = 0.2;
    std::size_t unpredicted = 0;
    std::size_t experiments = 0;
};
// InputError for a negative or NaN within, or an index outside the list.
RunSummary summarize(const std::vector<Run>& list, const RunPredictions& predictions,
                     const std::vector<std::size_t>& shown, double within);

// The runs of one experiment (GPU, stencil, problem) whose tiling equals `tiles` except in
// the sizes named in `free` ("tS1", "tS2", "tS3", "tT"): the measured points a tile-size
// sweep or a slice of the tile-space map can show.
std::vector<Run> runsOnSlice(const std::vector<Run>& runs, const std::string& gpu,
                             const std::string& stencil, const talg::Problem& problem,
                             const talg::Tiles& tiles, const std::vector<std::string>& free);

enum class FitParameter { CIter, L, TauSync, TSync };
std::string_view name(FitParameter p); // c_iter_s, l_s_per_gb, tau_sync_s, t_sync_s
FitParameter parseFitParameter(const std::string& s, const std::string& field);

struct CalibrationOptions {
    std::vector<FitParameter> parameters{FitParameter::CIter};
    bool nearBestOnly = false; // fit the runs within `within` of their experiment's best
    double within = 0.2;
};

struct FittedValue {
    FitParameter parameter;
    double before = 0;
    double after = 0;
};

struct Calibration {
    std::string gpu, stencil;
    std::size_t runsUsed = 0;
    std::vector<FittedValue> values;
    ErrorStats before, after;       // over the runs used
    std::vector<RunPair> residuals; // every run, after the fit
    GpuProfile fittedGpu;           // the profiles with the fitted values, source
    StencilProfile fittedStencil;   // "fitted from N runs (date)"
};

// Least squares of the relative residuals over the runs of one GPU x stencil (others are
// ignored), each parameter searched in log space (coordinate descent: a scan over six decades
// around the start, then golden sections). InputError when no run of the pair has a prediction.
Calibration calibrate(const std::vector<Run>& runs, const GpuProfile& gpu,
                      const StencilProfile& stencil, const talg::TalgVariant& v,
                      const CalibrationOptions& o, const std::string& date);

} // namespace cdx::runs
