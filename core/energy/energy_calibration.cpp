// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_calibration.hpp"

#include "params/format.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <glpk.h>
#include <limits>
#include <map>
#include <memory>
#include <random>

namespace cdx::energy {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const char* const kCoefficientNames[7] = {"P_stat", "e_gs",   "e_sr",  "e_fadd",
                                          "e_fmul", "e_iadd", "e_imax"};

// Uniform integer in [0, n) from a 64-bit engine, the same on every standard library
// (std::uniform_int_distribution is implementation-defined): rejection sampling.
std::size_t uniformBelow(std::mt19937_64& g, std::size_t n) {
    const std::uint64_t range = n;
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                                std::numeric_limits<std::uint64_t>::max() % range;
    std::uint64_t x = 0;
    do {
        x = g();
    } while (x >= limit);
    return static_cast<std::size_t>(x % range);
}

// Which runs train: per stencil, round(fraction * n) of them (at least one), drawn by a
// seeded Fisher-Yates shuffle of their positions.
std::vector<bool> trainMask(const std::vector<MeasuredEnergyRun>& runs, double fraction,
                            std::uint64_t seed) {
    std::vector<bool> train(runs.size(), false);
    std::mt19937_64 g(seed);
    for (auto kind : {StencilKind::SmithWaterman, StencilKind::Jacobi1D, StencilKind::Jacobi2D}) {
        std::vector<std::size_t> idx;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            if (runs[i].input.stencil == kind) {
                idx.push_back(i);
            }
        }
        if (idx.empty()) {
            continue;
        }
        for (std::size_t i = idx.size() - 1; i > 0; --i) {
            std::swap(idx[i], idx[uniformBelow(g, i + 1)]);
        }
        const auto n = std::max<std::size_t>(
            1, static_cast<std::size_t>(std::llround(fraction * static_cast<double>(idx.size()))));
        for (std::size_t i = 0; i < std::min(n, idx.size()); ++i) {
            train[idx[i]] = true;
        }
    }
    return train;
}

// Deletes the problem and then GLPK's environment of this thread: GLPK allocates one per
// thread on first use and keeps it until glp_free_env, so a fit in a worker thread of the
// explorer would leave it behind (it is re-created on the next use; this library is GLPK's
// only user in the process).
struct GlpDeleter {
    void operator()(glp_prob* p) const {
        glp_delete_prob(p);
        glp_free_env();
    }
};

// The rank of the columns (each scaled to unit length), by modified Gram-Schmidt.
std::size_t columnRank(const std::vector<std::vector<double>>& cols) {
    std::vector<std::vector<double>> basis;
    for (auto c : cols) {
        double norm = 0;
        for (double x : c) {
            norm += x * x;
        }
        norm = std::sqrt(norm);
        if (norm == 0) {
            continue;
        }
        for (double& x : c) {
            x /= norm;
        }
        for (const auto& b : basis) {
            double dot = 0;
            for (std::size_t i = 0; i < c.size(); ++i) {
                dot += c[i] * b[i];
            }
            for (std::size_t i = 0; i < c.size(); ++i) {
                c[i] -= dot * b[i];
            }
        }
        double rest = 0;
        for (double x : c) {
            rest += x * x;
        }
        rest = std::sqrt(rest);
        if (rest > 1e-9) {
            for (double& x : c) {
                x /= rest;
            }
            basis.push_back(std::move(c));
        }
    }
    return basis.size();
}

// Columns proportional to each other (cosine 1 within 1e-12): only a combination of their
// coefficients is determined.
std::vector<std::vector<std::size_t>>
proportionalGroups(const std::vector<std::vector<double>>& cols,
                   const std::vector<std::size_t>& which) {
    std::vector<std::vector<std::size_t>> groups;
    std::vector<bool> used(which.size(), false);
    const auto norm = [](const std::vector<double>& c) {
        double s = 0;
        for (double x : c) {
            s += x * x;
        }
        return std::sqrt(s);
    };
    for (std::size_t a = 0; a < which.size(); ++a) {
        if (used[a]) {
            continue;
        }
        std::vector<std::size_t> g{which[a]};
        for (std::size_t b = a + 1; b < which.size(); ++b) {
            const auto& ca = cols[which[a]];
            const auto& cb = cols[which[b]];
            double dot = 0;
            for (std::size_t i = 0; i < ca.size(); ++i) {
                dot += ca[i] * cb[i];
            }
            if (std::abs(dot / (norm(ca) * norm(cb)) - 1) < 1e-12) {
                g.push_back(which[b]);
                used[b] = true;
            }
        }
        if (g.size() > 1) {
            groups.push_back(std::move(g));
        }
    }
    return groups;
}

double rms(const std::vector<double>& v) {
    if (v.empty()) {
        return kNaN;
    }
    double s = 0;
    for (double x : v) {
        s += x * x;
    }
    return std::sqrt(s / static_cast<double>(v.size()));
}

RunPrediction predictOne(const MeasuredEnergyRun& r, const EnergyCoefficients& c,
                         const EnergyVariant& v) {
    RunPrediction p;
    p.id = r.id;
    p.stencil = r.input.stencil;
    p.experiment = r.experiment;
    p.eMeasJ = r.eMeasJ;
    p.ePredJ = evaluateEnergy(r.input, c, v).eAlg;
    p.relErrorPct = 100 * (p.ePredJ - p.eMeasJ) / p.eMeasJ;
    return p;
}

} // namespace

std::array<double, 7> asArray(const EnergyCoefficients& c) {
    return {c.pStatW, c.eGsJ, c.eSrJ, c.eFaddJ, c.eFmulJ, c.eIaddJ, c.eImaxJ};
}

EnergyCoefficients fromArray(const std::array<double, 7>& a) {
    return {a[0], a[1], a[2], a[3], a[4], a[5], a[6]};
}

std::array<double, 7> features(const EnergyInput& in, const EnergyVariant& v) {
    // E_alg is linear in the coefficients (B.1-B.2): the k-th feature is E_alg with the k-th
    // coefficient 1 and the others 0, through the one model code.
    std::array<double, 7> f{};
    for (std::size_t k = 0; k < 7; ++k) {
        std::array<double, 7> unit{};
        unit[k] = 1;
        f[k] = evaluateEnergy(in, fromArray(unit), v).eAlg;
    }
    return f;
}

std::string_view name(FitError e) {
    return e == FitError::Absolute ? "absolute" : "relative";
}

FitError parseFitError(std::string_view s, const std::string& field) {
    if (s == "absolute") {
        return FitError::Absolute;
    }
    if (s == "relative") {
        return FitError::Relative;
    }
    throw InputError(field, std::string(s), "expected absolute or relative");
}

std::vector<RunPrediction> predictRuns(const std::vector<MeasuredEnergyRun>& runs,
                                       const EnergyCoefficients& c, const EnergyVariant& v) {
    std::vector<RunPrediction> out;
    out.reserve(runs.size());
    for (const auto& r : runs) {
        out.push_back(predictOne(r, c, v));
    }
    return out;
}

std::vector<StencilFitStats> fitStats(const std::vector<RunPrediction>& predictions) {
    std::vector<StencilFitStats> out;
    for (auto kind : {StencilKind::SmithWaterman, StencilKind::Jacobi1D, StencilKind::Jacobi2D}) {
        std::vector<double> train, test;
        for (const auto& p : predictions) {
            if (p.stencil == kind) {
                (p.train ? train : test).push_back(p.relErrorPct);
            }
        }
        if (train.empty() && test.empty()) {
            continue;
        }
        out.push_back({kind, train.size(), test.size(), rms(train), rms(test)});
    }
    return out;
}

CalibrationResult calibrateEnergy(const std::vector<MeasuredEnergyRun>& runs,
                                  const CalibrationOptions& o) {
    if (runs.empty()) {
        throw InputError("runs", "0",
                         "expected measured runs with energy_j of sw, jacobi1d (with ss) or "
                         "jacobi2d to fit the coefficients to");
    }
    if (!(o.trainFraction > 0 && o.trainFraction <= 1)) {
        throw InputError("--train-fraction", formatG(o.trainFraction, 6),
                         "expected a fraction in (0, 1] (0.10: the thesis's 10 % sample)");
    }
    for (const auto& r : runs) {
        if (!(r.eMeasJ > 0) || !std::isfinite(r.eMeasJ)) {
            throw InputError("energy_j", formatG(r.eMeasJ, 6),
                             "expected a finite measured energy > 0 [J] (run " +
                                 std::to_string(r.id) + ")");
        }
    }
    CalibrationResult res;
    const std::vector<bool> train = trainMask(runs, o.trainFraction, o.seed);
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (train[i]) {
            rows.push_back(i);
        }
    }
    res.trainCount = rows.size();
    res.testCount = runs.size() - rows.size();

    // Features of the training runs, column-wise.
    std::vector<std::vector<double>> cols(7, std::vector<double>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto f = features(runs[rows[r]].input, o.variant);
        for (std::size_t k = 0; k < 7; ++k) {
            cols[k][r] = f[k];
        }
    }
    const auto base = asArray(o.base);
    std::vector<std::size_t> free; // coefficients some training run depends on
    for (std::size_t k = 0; k < 7; ++k) {
        const bool any =
            std::any_of(cols[k].begin(), cols[k].end(), [](double x) { return x > 0; });
        res.coefficients[k].key = std::string(kCoefficientKeys[k]);
        if (any) {
            free.push_back(k);
        } else {
            res.coefficients[k].determined = false;
            res.coefficients[k].value = base[k];
            res.coefficients[k].note = "kept from " +
                                       (o.baseName.empty() ? "the base profile" : o.baseName) +
                                       ": no training run depends on it";
            res.warnings.push_back(
                std::string(kCoefficientNames[k]) + " is not determined by the " +
                "training runs (no run depends on it); kept at " + formatG(base[k], 6) + " from " +
                (o.baseName.empty() ? "the base profile" : o.baseName));
        }
    }

    // LP: min sum_i w_i u_i  s.t.  -u_i <= sum_k f_ik x_k - E_i' <= u_i,  x >= 0, u >= 0,
    // where E_i' is the measurement less the fixed coefficients' share and w_i = 1 (absolute)
    // or 1/E_i (relative). Columns are scaled to a largest entry of 1 (x_k = y_k / s_k) so that
    // the simplex sees numbers near 1 instead of 1e9 and 1e-10.
    std::unique_ptr<glp_prob, GlpDeleter> lp(glp_create_prob());
    glp_set_obj_dir(lp.get(), GLP_MIN);
    const int nx = static_cast<int>(free.size());
    const int nu = static_cast<int>(rows.size());
    glp_add_cols(lp.get(), nx + nu);
    std::vector<double> scale(free.size());
    for (int c = 0; c < nx; ++c) {
        const auto& col = cols[free[static_cast<std::size_t>(c)]];
        scale[static_cast<std::size_t>(c)] = *std::max_element(col.begin(), col.end());
        glp_set_col_bnds(lp.get(), c + 1, GLP_LO, 0, 0);
        glp_set_obj_coef(lp.get(), c + 1, 0);
    }
    // Rows are scaled by the measurement magnitude too (J-scale numbers stay near 1).
    double eScale = 0;
    for (std::size_t i : rows) {
        eScale = std::max(eScale, runs[i].eMeasJ);
    }
    for (int u = 0; u < nu; ++u) {
        const std::size_t i = rows[static_cast<std::size_t>(u)];
        glp_set_col_bnds(lp.get(), nx + u + 1, GLP_LO, 0, 0);
        const double w = o.error == FitError::Absolute ? 1.0 : eScale / runs[i].eMeasJ;
        glp_set_obj_coef(lp.get(), nx + u + 1, w);
    }
    glp_add_rows(lp.get(), 2 * nu);
    std::vector<int> ia{0}, ja{0};
    std::vector<double> ar{0};
    for (int u = 0; u < nu; ++u) {
        const std::size_t r = static_cast<std::size_t>(u);
        const std::size_t i = rows[r];
        double rhs = runs[i].eMeasJ;
        for (std::size_t k = 0; k < 7; ++k) {
            if (!res.coefficients[k].determined) {
                rhs -= cols[k][r] * base[k];
            }
        }
        rhs /= eScale;
        // Row 2u+1: f.x - u <= E';  row 2u+2: f.x + u >= E'.
        glp_set_row_bnds(lp.get(), 2 * u + 1, GLP_UP, 0, rhs);
        glp_set_row_bnds(lp.get(), 2 * u + 2, GLP_LO, rhs, 0);
        for (int c = 0; c < nx; ++c) {
            const double a =
                cols[free[static_cast<std::size_t>(c)]][r] / scale[static_cast<std::size_t>(c)];
            if (a != 0) {
                for (int row : {2 * u + 1, 2 * u + 2}) {
                    ia.push_back(row);
                    ja.push_back(c + 1);
                    ar.push_back(a);
                }
            }
        }
        ia.push_back(2 * u + 1);
        ja.push_back(nx + u + 1);
        ar.push_back(-1);
        ia.push_back(2 * u + 2);
        ja.push_back(nx + u + 1);
        ar.push_back(1);
    }
    glp_load_matrix(lp.get(), static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
    glp_term_out(GLP_OFF);
    glp_scale_prob(lp.get(), GLP_SF_AUTO);
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.presolve = GLP_ON;
    parm.msg_lev = GLP_MSG_OFF;
    const int rc = glp_simplex(lp.get(), &parm);
    if (rc != 0 || glp_get_status(lp.get()) != GLP_OPT) {
        throw InputError("runs", std::to_string(rows.size()) + " training runs",
                         "the L1 fit did not reach an optimum (GLPK simplex code " +
                             std::to_string(rc) + ", status " +
                             std::to_string(glp_get_status(lp.get())) + ")");
    }
    std::array<double, 7> x = base;
    for (int c = 0; c < nx; ++c) {
        const std::size_t k = free[static_cast<std::size_t>(c)];
        x[k] = std::max(0.0, glp_get_col_prim(lp.get(), c + 1) * eScale /
                                 scale[static_cast<std::size_t>(c)]);
        res.coefficients[k].value = x[k];
    }
    res.objective = glp_get_obj_val(lp.get()) * (o.error == FitError::Absolute ? eScale : 1.0);
    if (o.error == FitError::Relative) {
        res.objective /= 1.0; // sum of |error| / E_meas (dimensionless)
    }
    res.fitted = fromArray(x);

    // Identifiability: proportional columns, then the rank.
    for (const auto& g : proportionalGroups(cols, free)) {
        std::string names;
        for (std::size_t k : g) {
            names += (names.empty() ? "" : ", ") + std::string(kCoefficientNames[k]);
            res.coefficients[k].note = "only a combination with the others of its group is "
                                       "determined (proportional features)";
        }
        res.warnings.push_back(names + " enter every training run in the same proportion: only "
                                       "that combination is determined; the split between them "
                                       "is one of many equally good fits");
    }
    std::vector<std::vector<double>> freeCols;
    for (std::size_t k : free) {
        freeCols.push_back(cols[k]);
    }
    const std::size_t rank = columnRank(freeCols);
    if (rank < free.size()) {
        res.warnings.push_back("the training runs determine " + std::to_string(rank) + " of " +
                               std::to_string(free.size()) +
                               " coefficients (rank-deficient): more varied runs (stencils, "
                               "tile shapes, sub-tiles) make the fit unique");
    }
    if (rows.size() < free.size()) {
        res.warnings.push_back("only " + std::to_string(rows.size()) + " training runs for " +
                               std::to_string(free.size()) +
                               " coefficients: raise --train-fraction");
    }

    res.predictions.reserve(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        auto p = predictOne(runs[i], res.fitted, o.variant);
        p.train = train[i];
        res.predictions.push_back(std::move(p));
    }
    res.perStencil = fitStats(res.predictions);
    return res;
}

SelectionValidation validateSelection(const std::vector<MeasuredEnergyRun>& runs,
                                      const EnergyCoefficients& c, const EnergyVariant& v) {
    SelectionValidation out;
    std::map<std::string, std::vector<std::size_t>> byExperiment;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        byExperiment[runs[i].experiment].push_back(i);
    }
    std::map<StencilKind, std::vector<double>> losses;
    for (const auto& [key, idx] : byExperiment) {
        if (idx.size() < 2) {
            ++out.singleTiling;
            continue;
        }
        std::size_t pick = idx[0], best = idx[0];
        double pickE = std::numeric_limits<double>::infinity();
        for (std::size_t i : idx) {
            const double e = evaluateEnergy(runs[i].input, c, v).eAlg;
            if (e < pickE) { // ties: the first (lowest id)
                pickE = e;
                pick = i;
            }
            if (runs[i].eMeasJ < runs[best].eMeasJ) {
                best = i;
            }
        }
        ExperimentPick p;
        p.experiment = key;
        p.stencil = runs[idx[0]].input.stencil;
        p.tilings = idx.size();
        p.modelPick = runs[pick].id;
        p.measuredBest = runs[best].id;
        p.lossPct = 100 * (runs[pick].eMeasJ - runs[best].eMeasJ) / runs[best].eMeasJ;
        losses[p.stencil].push_back(p.lossPct);
        out.experiments.push_back(std::move(p));
    }
    for (const auto& [kind, l] : losses) {
        SelectionStats s;
        s.stencil = kind;
        s.experiments = l.size();
        s.wrong = static_cast<std::size_t>(
            std::count_if(l.begin(), l.end(), [](double x) { return x > 0; }));
        s.rmseLossPct = rms(l);
        s.maxLossPct = *std::max_element(l.begin(), l.end());
        out.perStencil.push_back(s);
    }
    return out;
}

EnergyProfile fittedProfile(const CalibrationResult& r, const std::string& id,
                            const std::string& gpu, const std::string& date) {
    EnergyProfile p;
    p.id = id;
    p.name = gpu + ", fitted (" + date + ")";
    p.gpu = gpu;
    p.method = "regression";
    const std::size_t n = r.trainCount + r.testCount;
    const std::string from = "fitted from " + std::to_string(r.trainCount) + " of " +
                             std::to_string(n) + " runs (" + date + ")";
    p.note = from + " by L1 regression with non-negativity (GLPK), the others tested; "
                    "Codesign Explorer energy calibration";
    const char* units[7] = {"W", "J/word", "J/word", "J/op", "J/op", "J/op", "J/op"};
    for (std::size_t k = 0; k < 7; ++k) {
        const auto& c = r.coefficients[k];
        p.params[c.key] =
            Quantity{c.value, units[k], c.determined ? from : c.note, false, "fitted", {}};
    }
    for (const auto& s : r.perStencil) {
        const double rmse = s.test > 0 ? s.rmseTestPct : s.rmseTrainPct;
        if (std::isfinite(rmse)) {
            const char* key = s.stencil == StencilKind::SmithWaterman ? "rmse_sw_pct"
                              : s.stencil == StencilKind::Jacobi1D    ? "rmse_j1d_pct"
                                                                      : "rmse_j2d_pct";
            p.params[key] =
                Quantity{rmse,
                         "%",
                         std::string(s.test > 0 ? "test" : "training") + " RMSE of " +
                             std::to_string(s.test > 0 ? s.test : s.train) + " runs, " + from,
                         false,
                         "fitted",
                         {}};
        }
    }
    return p;
}

} // namespace cdx::energy
