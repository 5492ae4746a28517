// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_model.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_runs.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Calibration workbench of the energy model (thesis App. B.7.1, B.8.2; spec energy-model.md
// §1.8, §2.3, §5.1): the hardware coefficients fitted to measured runs by L1 regression with
// non-negativity, solved as a linear program (GLPK), on a seeded train/test split; the RMS
// error per stencil; and the Table B.3-style validation of the energy-optimal tile choice.
namespace cdx::energy {

// The seven coefficients in the order of EnergyCoefficients and of the profile keys.
inline constexpr std::array<std::string_view, 7> kCoefficientKeys{
    "p_stat_w", "e_gs_j", "e_sr_j", "e_fadd_j", "e_fmul_j", "e_iadd_j", "e_imax_j"};
std::array<double, 7> asArray(const EnergyCoefficients& c);
EnergyCoefficients fromArray(const std::array<double, 7>& a);

// E_alg is linear in the coefficients: E_alg = f . X. The feature vector f of one configuration
// (T_alg, N M_io, N SR, N V op_fadd, N V op_fmul, N V op_iadd, N V op_imax).
std::array<double, 7> features(const EnergyInput& in, const EnergyVariant& v);

// Spec §6.1 item 12: the thesis's objective is the absolute error sum_i |E_alg^i - E_meas^i|
// (so large runs weigh more); `Relative` minimises sum_i |E_alg^i - E_meas^i| / E_meas^i.
enum class FitError { Absolute, Relative };
std::string_view name(FitError e); // "absolute", "relative"
FitError parseFitError(std::string_view s, const std::string& field);

struct CalibrationOptions {
    double trainFraction = 0.10; // of each stencil's runs (at least one each), the rest test
    std::uint64_t seed = 1;      // of the split
    FitError error = FitError::Absolute;
    EnergyVariant variant;
    // Coefficients the training runs cannot determine (no run has the feature: e_iadd, e_imax
    // without sw runs) keep these values, and the result says so.
    EnergyCoefficients base;
    std::string baseName; // for that message ("k20c-b")
};

struct FittedCoefficient {
    std::string key;
    double value = 0;
    bool determined = true; // false: kept from the base profile
    std::string note;
};

struct RunPrediction {
    std::int64_t id = 0;
    StencilKind stencil = StencilKind::Jacobi2D;
    std::string experiment;
    bool train = false;
    double eMeasJ = 0;
    double ePredJ = 0;
    double relErrorPct = 0; // 100 (pred - meas) / meas
};

struct StencilFitStats {
    StencilKind stencil = StencilKind::Jacobi2D;
    std::size_t train = 0, test = 0;
    double rmseTrainPct = 0; // RMS of the relative errors (spec §5.1); NaN without runs
    double rmseTestPct = 0;
};

struct CalibrationResult {
    EnergyCoefficients fitted;
    std::array<FittedCoefficient, 7> coefficients;
    std::size_t trainCount = 0, testCount = 0;
    double objective = 0;                    // the L1 error on the training runs (J, or relative)
    std::vector<RunPrediction> predictions;  // every run, in input order
    std::vector<StencilFitStats> perStencil; // stencils that have runs, in enum order
    std::vector<std::string> warnings;       // undetermined or collinear coefficients
};

// Fits the coefficients. InputError when there are no runs, a fraction outside (0, 1], or
// the LP fails (the message says why).
CalibrationResult calibrateEnergy(const std::vector<MeasuredEnergyRun>& runs,
                                  const CalibrationOptions& options);

// Predictions of given coefficients for measured runs (no fit): every run "test".
std::vector<RunPrediction> predictRuns(const std::vector<MeasuredEnergyRun>& runs,
                                       const EnergyCoefficients& c, const EnergyVariant& v);
// Per-stencil RMS of the relative errors of predictions.
std::vector<StencilFitStats> fitStats(const std::vector<RunPrediction>& predictions);

// Table B.3 (spec §1.9): for each experiment (GPU, stencil, problem) with at least two measured
// tilings, the model's pick (least predicted energy among the measured tilings) against the
// measured best; E_err = 100 (E_meas(pick) - E_meas(best)) / E_meas(best).
struct ExperimentPick {
    std::string experiment;
    StencilKind stencil = StencilKind::Jacobi2D;
    std::size_t tilings = 0;
    std::int64_t modelPick = 0; // run ids
    std::int64_t measuredBest = 0;
    double lossPct = 0;
};
struct SelectionStats {
    StencilKind stencil = StencilKind::Jacobi2D;
    std::size_t experiments = 0;
    std::size_t wrong = 0;
    double rmseLossPct = 0; // RMS of E_err over the experiments
    double maxLossPct = 0;
};
struct SelectionValidation {
    std::vector<ExperimentPick> experiments;
    std::vector<SelectionStats> perStencil;
    std::size_t singleTiling = 0; // experiments with one tiling (no choice to validate)
};
SelectionValidation validateSelection(const std::vector<MeasuredEnergyRun>& runs,
                                      const EnergyCoefficients& c, const EnergyVariant& v);

// A profile of fitted coefficients: method "regression", note "fitted from N runs (date) ...",
// the test RMSE per stencil as rmse_*_pct.
EnergyProfile fittedProfile(const CalibrationResult& r, const std::string& id,
                            const std::string& gpu, const std::string& date);

} // namespace cdx::energy
