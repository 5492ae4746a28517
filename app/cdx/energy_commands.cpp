// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/energy_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "energy/energy_calibration.hpp"
#include "energy/energy_explain.hpp"
#include "energy/energy_model.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_runs.hpp"
#include "energy/energy_search.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"
#include "runs/run_store.hpp"
#include "talg/talg.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kEnergyUsage =
    "usage: cdx energy --stencil sw|jacobi1d|jacobi2d|PATH --coefficients k20c-a|k20c-b|PATH\n"
    "                  --space S1[,S2] --time T --tile tS[,tS2] --tt tT [--ss sS]\n"
    "                  (--t-alg SECONDS | --gpu ID|PATH [Talg variant flags] [--set "
    "KEY=VALUE]...)\n"
    "                  [--count continuous|ceil] [--j1d-count generic|skewed]\n"
    "                  [--j1d-sr thesis|alt] [--pitch geometric|paper] [--json]\n"
    "       cdx energy --db PATH --run ID --coefficients ... [variant flags] [--json]\n"
    "       cdx energy calibrate --db PATH [--coefficients BASE] [--gpu ID] [--stencil ID]\n"
    "                  [--train-fraction 0.10] [--seed 1] [--error absolute|relative]\n"
    "                  [--save PATH [--id ID]] [variant flags] [--json]\n"
    "  Energy of a tiled stencil (thesis Appendix B; spec energy-model.md):\n"
    "  E_alg = P_stat T_alg + N_tiles (E_gs + E_sr + E_ar), with every intermediate value.\n"
    "  sw and jacobi1d are 1-D (one size each; --ss the sub-tile, dividing tS); jacobi2d is the\n"
    "  hybrid-hexagonal 2-D tiling (tT even, tS2 a multiple of 32). --stencil PATH: another\n"
    "  stencil on one of these tilings with its own op counts and mu_sr (docs/formats.md).\n"
    "  T_alg is an input: --t-alg (measured or assumed), or --gpu to take it from the Talg model\n"
    "  of the Tiled-stencils family (jacobi1d, jacobi2d; calibrated on Maxwell GPUs for\n"
    "  hybrid-hexagonal tiling, while the coefficients are the K20c's: a cross-GPU estimate),\n"
    "  or --run: a measured run of the run store (its problem, tiling and measured time; its\n"
    "  measured energy, if any, against the prediction).\n"
    "  calibrate: the coefficients fitted to the measured runs with energy_j of --db by L1\n"
    "  regression with non-negativity (a GLPK linear program) on --train-fraction of each\n"
    "  stencil's runs (seeded), tested on the rest: RMSE per stencil, the Table B.3 validation\n"
    "  of the energy-optimal pick (wrong picks, RMS and maximum energy lost), both for the\n"
    "  fit and for BASE (default k20c-b, which also supplies coefficients no run determines);\n"
    "  --save writes the fitted profile (\"fitted from N runs\").\n";

const char* const kEnergyOptimizeUsage =
    "usage: cdx energy-optimize --stencil jacobi1d|jacobi2d|PATH --coefficients "
    "k20c-a|k20c-b|PATH\n"
    "                  --space S1[,S2] --time T --gpu ID|PATH\n"
    "                  [--objective energy|time|edp|weighted [--weight 0.5]]\n"
    "                  [--within 0.10] [--limit 20] [Talg variant flags] [--set KEY=VALUE]...\n"
    "                  [--count continuous|ceil] [--j1d-count generic|skewed]\n"
    "                  [--j1d-sr thesis|alt] [--json]\n"
    "  Energy-aware tile choice (thesis App. B.8): every feasible tiling of the Talg search space\n"
    "  (eq. 31) with its T_alg from the Talg model on --gpu and its E_alg; the time-, energy- and\n"
    "  EDP-optimal tilings side by side with their differences in %, and the tilings within X %\n"
    "  of the best under --objective (the best --limit listed; the count says how many).\n"
    "  weighted: w E/E* + (1 - w) T/T* with E*, T* the energy and time optima, w = --weight.\n"
    "  1-D: sS = tS (E_sr falls as sS grows and T_alg does not depend on it).\n";

// --count, --j1d-count, --j1d-sr and --pitch (the J2D pitch: the same reading as T_alg's).
energy::EnergyVariant energyVariant(const Arguments& a) {
    energy::EnergyVariant v;
    if (const auto s = a.optional("--count")) {
        v.count = energy::parseTileCount(*s, "--count");
    }
    if (const auto s = a.optional("--j1d-count")) {
        v.j1dCount = energy::parseJ1dCount(*s, "--j1d-count");
    }
    if (const auto s = a.optional("--j1d-sr")) {
        v.j1dSr = energy::parseJ1dSr(*s, "--j1d-sr");
    }
    if (const auto s = a.optional("--pitch")) {
        v.j2dPitch = energy::parseJ2dPitch(*s, "--pitch");
    }
    return v;
}

// Spec energy-model.md §6.1 item 1: the time model and the coefficients come from different GPUs.
std::string crossGpuWarning(const GpuProfile& gpu) {
    return "T_alg from the Talg model on " + gpu.name +
           " (calibrated on Maxwell GPUs for hybrid-hexagonal tiling) with energy coefficients "
           "measured on a K20c: a cross-GPU estimate (spec energy-model.md §6.1 item 1)";
}

// The model names its inputs by symbol (tT, sS, S1, ...); the command line by flag.
[[noreturn]] void rethrowWithFlag(const InputError& e) {
    static const std::pair<const char*, const char*> flags[] = {
        {"tT", "--tt"},   {"sS", "--ss"},        {"tS1", "--tile"}, {"tS2", "--tile"},
        {"tS", "--tile"}, {"S1", "--space"},     {"S2", "--space"}, {"S", "--space"},
        {"T", "--time"},  {"t_alg_s", "--t-alg"}};
    for (const auto& [symbol, flag] : flags) {
        if (e.field() == symbol) {
            throw InputError(std::string(flag) + " (" + symbol + ")", e.value(), e.allowed(),
                             std::string(e.where()));
        }
    }
    throw e;
}

// The problem and tiling of `cdx energy` from --stencil, --space, --time, --tile, --tt, --ss.
energy::EnergyInput problemFromFlags(const Arguments& a, energy::EnergyStencil& st) {
    energy::EnergyInput in;
    st = energy::loadEnergyStencil(a.required("--stencil"));
    in.stencil = st.tiling;
    in.ops = st.ops;
    in.muSr = st.muSr;
    const bool twoD = in.stencil == energy::StencilKind::Jacobi2D;
    const std::size_t dims = twoD ? 2 : 1;
    const auto space = a.positiveList("--space", 3);
    const auto tile = a.positiveList("--tile", 3);
    if (space.size() != dims) {
        throw InputError("--space", a.required("--space"),
                         std::string("expected ") + (twoD ? "S1,S2 (jacobi2d is 2-D)"
                                                          : "one size S (the stencil is 1-D)"));
    }
    if (tile.size() != dims) {
        throw InputError("--tile", a.required("--tile"),
                         std::string("expected ") + (twoD ? "tS1,tS2 (jacobi2d is 2-D)"
                                                          : "one size tS (the stencil is 1-D)"));
    }
    in.s1 = space[0];
    in.s2 = twoD ? space[1] : 0;
    in.t = a.positiveInteger("--time");
    in.tS1 = tile[0];
    in.tS2 = twoD ? tile[1] : 0;
    in.tT = a.positiveInteger("--tt");
    if (a.has("--ss")) {
        if (twoD) {
            throw InputError("--ss", a.required("--ss"),
                             "not used by jacobi2d (no sub-tiles); only sw and jacobi1d take it");
        }
        in.sS = a.positiveInteger("--ss");
    } else if (!twoD) {
        in.sS = in.tS1; // one sub-tile per tile
    }
    return in;
}

// A measured run of --db as the problem, tiling and T_alg (the time source "measured").
runs::Run measuredRun(const Arguments& a, energy::EnergyInput& in) {
    for (const char* flag : {"--stencil", "--space", "--time", "--tile", "--tt", "--ss"}) {
        if (a.has(flag)) {
            throw InputError(flag, a.required(flag),
                             "comes from the measured run with --run; leave it out");
        }
    }
    const std::int64_t id = a.positiveInteger("--run");
    const runs::RunStore store(a.required("--db"), runs::RunStore::Mode::ReadOnly);
    const auto run = store.find(id);
    if (!run) {
        throw InputError("--run", a.required("--run"),
                         "no run with this id in " + a.required("--db") + " (cdx runs list)");
    }
    std::string why;
    const auto input = energy::energyInputOf(*run, &why);
    if (!input) {
        throw InputError("--run", a.required("--run"), why);
    }
    in = *input;
    return *run;
}

json selectionJson(const energy::SelectionValidation& v) {
    json arr = json::array();
    for (const auto& s : v.perStencil) {
        arr.push_back({{"stencil", std::string(energy::name(s.stencil))},
                       {"experiments", s.experiments},
                       {"wrong", s.wrong},
                       {"rmse_loss_pct", s.rmseLossPct},
                       {"max_loss_pct", s.maxLossPct}});
    }
    return {{"per_stencil", arr}, {"single_tiling_experiments", v.singleTiling}};
}

json nanToNull(double v) {
    return std::isfinite(v) ? json(v) : json(nullptr);
}

// cdx energy calibrate: the calibration workbench (thesis B.7.1, B.8.2).
int runCalibrate(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      {"--db", "--coefficients", "--gpu", "--stencil", "--train-fraction", "--seed",
                       "--error", "--save", "--id", "--count", "--j1d-count", "--j1d-sr",
                       "--pitch"},
                      {"--json"});
    energy::CalibrationOptions o;
    o.variant = energyVariant(a);
    const std::string baseId = a.optional("--coefficients").value_or("k20c-b");
    const energy::EnergyProfile baseProfile = energy::loadEnergyProfile(baseId);
    o.base = energy::coefficientsOf(baseProfile);
    o.baseName = baseId;
    if (a.has("--train-fraction")) {
        o.trainFraction = a.number("--train-fraction", 0.10);
        if (!(o.trainFraction > 0 && o.trainFraction <= 1)) {
            throw InputError("--train-fraction", a.required("--train-fraction"),
                             "expected a fraction in (0, 1] (0.10: the thesis's 10 % sample)");
        }
    }
    if (a.has("--seed")) {
        const std::string text = a.required("--seed");
        std::size_t used = 0;
        unsigned long long seed = 0;
        try {
            seed = std::stoull(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (text.empty() || used != text.size() || text.front() == '-') {
            throw InputError("--seed", text, "expected an integer 0 .. 2^64-1");
        }
        o.seed = seed;
    }
    if (const auto e = a.optional("--error")) {
        o.error = energy::parseFitError(*e, "--error");
    }
    std::optional<energy::StencilKind> only;
    if (const auto st = a.optional("--stencil")) {
        only = energy::parseStencilKind(*st, "--stencil");
    }
    if (a.has("--id") && !a.has("--save")) {
        throw InputError("--id", a.required("--id"), "only with --save PATH");
    }
    std::filesystem::path savePath;
    if (const auto sp = a.optional("--save")) {
        savePath = *sp;
        if (std::filesystem::exists(savePath)) {
            throw InputError("--save", *sp,
                             "exists; give a new file name (a profile is never overwritten)");
        }
    }

    const runs::RunStore store(a.required("--db"), runs::RunStore::Mode::ReadOnly);
    runs::RunFilter f;
    f.gpu = a.optional("--gpu");
    auto selected = energy::measuredEnergyRuns(store.list(f));
    if (only) {
        std::erase_if(selected.runs,
                      [&](const energy::MeasuredEnergyRun& r) { return r.input.stencil != *only; });
    }
    std::map<std::string, std::size_t> skippedWhy;
    for (const auto& s : selected.skipped) {
        ++skippedWhy[s.reason];
    }
    std::set<std::string> gpus;
    for (const auto& r : selected.runs) {
        gpus.insert(r.gpu);
    }
    if (selected.runs.empty()) {
        std::string filters;
        if (f.gpu) {
            filters += " of GPU " + *f.gpu + " (--gpu)";
        }
        if (only) {
            filters +=
                std::string(" of stencil ") + std::string(energy::name(*only)) + " (--stencil)";
        }
        throw InputError("--db", a.required("--db"),
                         "has no runs with a measured energy (energy_j)" + filters +
                             " that the energy model describes (sw, jacobi1d with ss, jacobi2d); " +
                             std::to_string(selected.skipped.size()) + " runs skipped");
    }
    const energy::CalibrationResult fit = energy::calibrateEnergy(selected.runs, o);
    std::vector<std::string> warnings = fit.warnings;
    std::string gpuNames;
    for (const auto& g : gpus) {
        gpuNames += (gpuNames.empty() ? "" : ", ") + g;
    }
    if (gpus.size() > 1) {
        warnings.push_back("runs of several GPUs (" + gpuNames +
                           ") share one coefficient set; choose one with --gpu");
    }
    const auto basePredictions = energy::predictRuns(selected.runs, o.base, o.variant);
    const auto baseStats = energy::fitStats(basePredictions);
    const auto fitSelection = energy::validateSelection(selected.runs, fit.fitted, o.variant);
    const auto baseSelection = energy::validateSelection(selected.runs, o.base, o.variant);

    std::string saved;
    if (!savePath.empty()) {
        const std::string id = a.optional("--id").value_or(gpuNames + "-fit");
        const auto profile = energy::fittedProfile(fit, id, gpuNames, today());
        writeTextAtomic(savePath, energy::toJson(profile).dump(2) + "\n");
        saved = savePath.string();
    }

    if (a.has("--json")) {
        json coefficients = json::object();
        for (const auto& c : fit.coefficients) {
            coefficients[c.key] = {
                {"value", c.value},
                {"determined", c.determined},
                {"base",
                 energy::asArray(o.base)[static_cast<std::size_t>(&c - fit.coefficients.data())]},
                {"note", c.note}};
        }
        json rmse = json::array();
        for (const auto& s : fit.perStencil) {
            json row = {{"stencil", std::string(energy::name(s.stencil))},
                        {"train", s.train},
                        {"test", s.test},
                        {"rmse_train_pct", nanToNull(s.rmseTrainPct)},
                        {"rmse_test_pct", nanToNull(s.rmseTestPct)}};
            for (const auto& b : baseStats) {
                if (b.stencil == s.stencil) {
                    row["base_rmse_pct"] = nanToNull(b.rmseTestPct);
                }
            }
            rmse.push_back(row);
        }
        json predictions = json::array();
        for (const auto& p : fit.predictions) {
            predictions.push_back({{"id", p.id},
                                   {"stencil", std::string(energy::name(p.stencil))},
                                   {"train", p.train},
                                   {"E_meas", p.eMeasJ},
                                   {"E_pred", p.ePredJ},
                                   {"error_pct", p.relErrorPct}});
        }
        json skipped = json::object();
        for (const auto& [why, n] : skippedWhy) {
            skipped[why] = n;
        }
        out << json{{"command", "energy calibrate"},
                    {"db", a.required("--db")},
                    {"base", baseId},
                    {"runs", selected.runs.size()},
                    {"skipped", skipped},
                    {"train", fit.trainCount},
                    {"test", fit.testCount},
                    {"train_fraction", o.trainFraction},
                    {"seed", o.seed},
                    {"error", std::string(energy::name(o.error))},
                    {"objective", fit.objective},
                    {"coefficients", coefficients},
                    {"rmse", rmse},
                    {"selection",
                     {{"fitted", selectionJson(fitSelection)},
                      {"base", selectionJson(baseSelection)}}},
                    {"predictions", predictions},
                    {"saved", saved.empty() ? json(nullptr) : json(saved)},
                    {"warnings", warnings}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream t;
    t << "energy calibration from " << a.required("--db") << ": " << selected.runs.size()
      << " runs with measured energy (" << fit.trainCount << " train, " << fit.testCount
      << " test; seed " << o.seed << ", " << energy::name(o.error) << " L1 error)\n";
    for (const auto& [why, n] : skippedWhy) {
        t << "  skipped " << n << ": " << why << "\n";
    }
    t << "coefficient   fitted          " << baseId << "\n";
    for (std::size_t k = 0; k < 7; ++k) {
        const auto& c = fit.coefficients[k];
        char buf[160];
        std::snprintf(buf, sizeof buf, "  %-10s  %-14.6g  %-14.6g %s\n", c.key.c_str(), c.value,
                      energy::asArray(o.base)[k], c.determined ? "" : "(kept: undetermined)");
        t << buf;
    }
    t << "RMSE [%]      train    test     " << baseId << " (all runs)\n";
    for (const auto& s : fit.perStencil) {
        double base = std::nan("");
        for (const auto& b : baseStats) {
            if (b.stencil == s.stencil) {
                base = b.rmseTestPct;
            }
        }
        char buf[160];
        std::snprintf(buf, sizeof buf, "  %-10s  %-8.4g %-8.4g %-8.4g (%zu train, %zu test)\n",
                      std::string(energy::name(s.stencil)).c_str(), s.rmseTrainPct, s.rmseTestPct,
                      base, s.train, s.test);
        t << buf;
    }
    const auto selectionLines = [&](const char* label, const energy::SelectionValidation& v) {
        t << "energy-optimal pick, " << label << " (Table B.3: experiments, wrong, RMSE and max "
          << "of the energy lost [%]):\n";
        for (const auto& s : v.perStencil) {
            char buf[160];
            std::snprintf(buf, sizeof buf,
                          "  %-10s  %zu experiments, %zu wrong, RMSE %.4g, max %.4g\n",
                          std::string(energy::name(s.stencil)).c_str(), s.experiments, s.wrong,
                          s.rmseLossPct, s.maxLossPct);
            t << buf;
        }
        if (v.perStencil.empty()) {
            t << "  no experiment with two or more measured tilings\n";
        }
    };
    selectionLines("fitted", fitSelection);
    selectionLines(baseId.c_str(), baseSelection);
    if (!saved.empty()) {
        t << "saved the fitted profile to " << saved << "\n";
    }
    for (const auto& w : warnings) {
        t << "warning: " << w << "\n";
    }
    out << t.str();
    return 0;
}

int runEnergy(const std::vector<std::string>& args, std::ostream& out) {
    if (!args.empty() && args.front() == "calibrate") {
        return runCalibrate({args.begin() + 1, args.end()}, out);
    }
    std::vector<std::string> valued{"--stencil", "--coefficients", "--space",  "--time", "--tile",
                                    "--tt",      "--ss",           "--t-alg",  "--gpu",  "--set",
                                    "--count",   "--j1d-count",    "--j1d-sr", "--db",   "--run"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json"});

    // The time source, explicit: given, the Talg model of the Tiled-stencils family, or a
    // measured run.
    const int sources = int(a.has("--t-alg")) + int(a.has("--gpu")) + int(a.has("--run"));
    if (sources != 1) {
        throw InputError("--t-alg / --gpu / --run", sources == 0 ? "none" : "several",
                         "give exactly one time source: --t-alg SECONDS (given), --gpu ID (T_alg "
                         "from the Talg model) or --db PATH --run ID (a measured run)");
    }
    if (a.has("--db") != a.has("--run")) {
        throw InputError(a.has("--db") ? "--run" : "--db", {},
                         "--db PATH and --run ID go together (the measured run's database and id)");
    }
    energy::EnergyInput in;
    energy::EnergyStencil st;
    std::optional<runs::Run> run;
    if (a.has("--run")) {
        run = measuredRun(a, in);
        st = energy::loadEnergyStencil(std::string(energy::name(in.stencil)));
    } else {
        in = problemFromFlags(a, st);
    }
    const bool twoD = in.stencil == energy::StencilKind::Jacobi2D;
    const energy::EnergyCoefficients c =
        energy::loadEnergyCoefficients(a.required("--coefficients"));

    const energy::EnergyVariant v = energyVariant(a);

    const bool given = a.has("--t-alg");
    std::vector<std::string> timeWarnings;
    json talgJson = nullptr;
    if (run) {
        // T_alg is the run's measured time (energyInputOf).
    } else if (given) {
        const double t = a.number("--t-alg", 0);
        if (!std::isfinite(t) || t <= 0) {
            throw InputError("--t-alg", a.required("--t-alg"), "must be a finite time > 0 [s]");
        }
        in.tAlgS = t;
    } else {
        if (st.talgStencil.empty()) {
            throw InputError("--gpu", a.required("--gpu"),
                             "the Talg model has no Smith-Waterman stencil; give --t-alg SECONDS");
        }
        GpuProfile gpu = loadGpuProfile(a.required("--gpu"));
        StencilProfile stencil = loadStencilProfile(st.talgStencil);
        for (const auto& assignment : a.repeated("--set")) {
            applyOverride(gpu, stencil, gpu.id, assignment, talgModelKeys());
        }
        const talg::Problem p{twoD ? 2 : 1, {in.s1, twoD ? in.s2 : 1, 1}, in.t};
        const talg::Tiles tiles{{in.tS1, twoD ? in.tS2 : 1, 1}, in.tT};
        const talg::TalgVariant tv = parseVariant(a);
        const auto r = talg::evaluate(toStencil(stencil, gpu), p, tiles, toGpu(gpu), tv);
        if (!r.feasible) {
            throw InputError("--tile", a.required("--tile"),
                             "infeasible in the Talg model (" + talg::describe(r.excludedBy) +
                                 "), so it gives no T_alg; give --t-alg or a feasible tiling");
        }
        in.tAlgS = r.tAlg;
        // Shared memory of the GPU the time comes from bounds the J2D tile too (A.32).
        in.sharedWordsPerBlock = energy::sharedWordsPerBlock(toGpu(gpu));
        timeWarnings.push_back(crossGpuWarning(gpu));
        talgJson = {{"gpu", gpu.id}, {"T_alg", r.tAlg}, {"variant", variantJson(tv, p.dim)}};
    }
    if (a.has("--gpu") && !a.repeated("--set").empty()) {
        timeWarnings.emplace_back("the GPU or stencil was edited with --set");
    } else if (!a.repeated("--set").empty()) {
        throw InputError("--set", a.repeated("--set").front(),
                         "only with --gpu (it edits the Talg model's GPU or stencil)");
    }

    energy::EnergyResult r;
    try {
        r = energy::evaluateEnergy(in, c, v);
    } catch (const InputError& e) {
        rethrowWithFlag(e);
    }
    r.warnings.insert(r.warnings.begin(), timeWarnings.begin(), timeWarnings.end());

    if (a.has("--json")) {
        json j = {{"command", "energy"}};
        const nlohmann::json body = energy::toJson(r);
        for (auto it = body.begin(); it != body.end(); ++it) {
            j[it.key()] = it.value();
        }
        // The J2D hexagon's width and pitch (B.4/B.5), as the model derives them; null in 1-D.
        j["w_tile"] = nullptr;
        j["pitch"] = nullptr;
        for (const auto& term : energy::explainEnergy(in, c, v)) {
            if (term.symbol == "w_tile" || term.symbol == "pitch") {
                j[term.symbol] = term.value;
            }
        }
        j["t_alg_source"] = run ? "measured" : given ? "given" : "model";
        j["stencil"] = st.id;
        j["tiling"] = std::string(energy::name(in.stencil));
        j["coefficients"] = a.required("--coefficients");
        if (a.has("--gpu")) {
            j["talg"] = talgJson;
        }
        if (run) {
            j["run"] = {{"id", run->id},
                        {"gpu", run->gpu},
                        {"source", run->source},
                        {"E_meas", run->energyJ ? json(*run->energyJ) : json(nullptr)},
                        {"error_pct", run->energyJ && *run->energyJ > 0
                                          ? json(100 * (r.eAlg - *run->energyJ) / *run->energyJ)
                                          : json(nullptr)}};
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "energy of " << energy::name(in.stencil) << ", coefficients "
      << a.required("--coefficients") << (r.feasible ? "" : "  (INFEASIBLE: " + r.reason + ")")
      << "\n";
    o << "  T_alg  = " << fmt(r.tAlgS) << " s ("
      << (run ? "measured: run " + std::to_string(run->id) + " on " + run->gpu + ", " + run->source
          : given ? std::string("given")
                  : std::string("Talg model"))
      << ")\n";
    if (run && run->energyJ) {
        o << "  E_meas = " << fmt(*run->energyJ) << " J (measured); the model "
          << (r.eAlg >= *run->energyJ ? "+" : "")
          << fmt(100 * (r.eAlg - *run->energyJ) / *run->energyJ, 4) << " %\n";
    }
    o << "  E_alg  = " << fmt(r.eAlg) << " J = E_stat " << fmt(r.eStat) << " J + E_dyn "
      << fmt(r.eDyn) << " J\n";
    o << "  E_dyn  = global<->shared " << fmt(r.eDynGs) << " J + shared<->register "
      << fmt(r.eDynSr) << " J + arithmetic " << fmt(r.eDynAr) << " J\n";
    o << "  per tile: E_tile " << fmt(r.eTile) << " J (E_gs " << fmt(r.eGs) << ", E_sr "
      << fmt(r.eSr) << ", E_ar " << fmt(r.eAr) << "); V_tile " << fmt(r.vTile) << " points, M_io "
      << fmt(r.mIo) << " words, SR " << fmt(r.sr) << " words\n";
    o << "  N_tiles " << fmt(r.nTiles) << "; e_pt " << fmt(r.ePt) << " J/point; P_avg "
      << fmt(r.pAvg) << " W; EDP " << fmt(r.edp) << " J s; " << fmt(r.gopPerJ) << " GOP/J\n";
    o << "  variant: count=" << energy::name(v.count) << " j1d-count=" << energy::name(v.j1dCount)
      << " j1d-sr=" << energy::name(v.j1dSr) << " pitch=" << energy::name(v.j2dPitch) << "\n";
    for (const auto& w : r.warnings) {
        o << "  warning: " << w << "\n";
    }
    out << o.str();
    return 0;
}

json pointJson(const energy::EnergyPoint& q, bool twoD) {
    json tile = json::array({q.tiles.space[0]});
    if (twoD) {
        tile.push_back(q.tiles.space[1]);
    }
    json j = {{"tile", tile}, {"tt", q.tiles.time}};
    j["ss"] = twoD ? json(nullptr) : json(q.sS);
    j["E_alg"] = q.eAlg;
    j["T_alg"] = q.tAlg;
    j["EDP"] = q.edp;
    j["weighted"] = q.weighted; // w E/E* + (1 - w) T/T* (the weighted objective's value)
    return j;
}

int runEnergyOptimize(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{
        "--stencil",   "--coefficients", "--space",     "--time",   "--gpu",   "--set",   "--count",
        "--j1d-count", "--j1d-sr",       "--objective", "--within", "--limit", "--weight"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json"});
    energy::EnergyInput in;
    const energy::EnergyStencil st = energy::loadEnergyStencil(a.required("--stencil"));
    in.stencil = st.tiling;
    in.ops = st.ops;
    in.muSr = st.muSr;
    if (st.talgStencil.empty()) {
        throw InputError("--stencil", a.required("--stencil"),
                         "expected jacobi1d or jacobi2d (tilings need times from the Talg model, "
                         "which has no Smith-Waterman; use cdx energy --t-alg for one tiling)");
    }
    const bool twoD = in.stencil == energy::StencilKind::Jacobi2D;
    const auto space = a.positiveList("--space", 3);
    if (space.size() != (twoD ? 2u : 1u)) {
        throw InputError("--space", a.required("--space"),
                         twoD ? "expected S1,S2 (jacobi2d is 2-D)"
                              : "expected one size S (the stencil is 1-D)");
    }
    in.s1 = space[0];
    in.s2 = twoD ? space[1] : 0;
    in.t = a.positiveInteger("--time");
    const energy::EnergyCoefficients c =
        energy::loadEnergyCoefficients(a.required("--coefficients"));
    const energy::EnergyVariant v = energyVariant(a);
    energy::EnergySearchOptions opt;
    if (const auto s = a.optional("--objective")) {
        opt.objective = energy::parseObjective(*s, "--objective");
    }
    opt.within = a.number("--within", 0.10);
    if (!std::isfinite(opt.within) || opt.within < 0) {
        throw InputError("--within", a.required("--within"),
                         "must be a finite fraction >= 0 (0.10 = within 10 %)");
    }
    opt.maxWithin = a.has("--limit") ? static_cast<std::size_t>(a.positiveInteger("--limit")) : 20;
    if (a.has("--weight")) {
        if (opt.objective != energy::Objective::Weighted) {
            throw InputError("--weight", a.required("--weight"), "only with --objective weighted");
        }
        opt.weight = a.number("--weight", 0.5);
        if (!(opt.weight >= 0 && opt.weight <= 1)) {
            throw InputError("--weight", a.required("--weight"),
                             "expected a number in [0, 1]: the weight of energy (1 - it: time)");
        }
    }

    GpuProfile gpu = loadGpuProfile(a.required("--gpu"));
    StencilProfile stencil = loadStencilProfile(st.talgStencil);
    for (const auto& assignment : a.repeated("--set")) {
        applyOverride(gpu, stencil, gpu.id, assignment, talgModelKeys());
    }
    const talg::TalgVariant tv = parseVariant(a);
    energy::EnergySearchResult r;
    try {
        r = energy::optimizeEnergy(in, c, v, toStencil(stencil, gpu), toGpu(gpu), tv, opt);
    } catch (const InputError& e) {
        rethrowWithFlag(e);
    }
    r.warnings.insert(r.warnings.begin(), crossGpuWarning(gpu));
    // How much each optimum gives up against the others, in % (B.8's question).
    const auto delta = [](double x, double best) { return best > 0 ? 100 * (x / best - 1) : 0.0; };
    if (a.has("--json")) {
        json j = {{"command", "energy-optimize"},
                  {"stencil", st.id},
                  {"tiling", std::string(energy::name(in.stencil))},
                  {"coefficients", a.required("--coefficients")},
                  {"gpu", gpu.id},
                  {"objective", std::string(energy::name(opt.objective))},
                  {"found", r.found}};
        if (opt.objective == energy::Objective::Weighted) {
            j["weight"] = opt.weight;
        }
        if (r.found) {
            j["best"] = pointJson(r.best, twoD);
            j["time_optimal"] = pointJson(r.timeOptimal, twoD);
            j["energy_optimal"] = pointJson(r.energyOptimal, twoD);
            j["edp_optimal"] = pointJson(r.edpOptimal, twoD);
            j["energy_optimal"]["time_loss_pct"] = delta(r.energyOptimal.tAlg, r.timeOptimal.tAlg);
            j["time_optimal"]["energy_loss_pct"] = delta(r.timeOptimal.eAlg, r.energyOptimal.eAlg);
        }
        j["feasible_points"] = r.feasiblePoints;
        j["within_fraction"] = opt.within;
        j["within_count"] = r.withinCount;
        json within = json::array();
        for (const auto& q : r.within) {
            within.push_back(pointJson(q, twoD));
        }
        j["within"] = within;
        j["variant"] = {{"count", energy::name(v.count)},
                        {"j1d_count", energy::name(v.j1dCount)},
                        {"j1d_sr", energy::name(v.j1dSr)},
                        {"j2d_pitch", energy::name(v.j2dPitch)},
                        {"talg", variantJson(tv, twoD ? 2 : 1)}};
        j["warnings"] = r.warnings;
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    if (!r.found) {
        o << "no feasible tiling (" << r.feasiblePoints << " feasible points)\n";
        out << o.str();
        return 0;
    }
    const auto line = [&](const char* label, const energy::EnergyPoint& q) {
        o << "  " << label << " tile " << q.tiles.space[0];
        if (twoD) {
            o << "x" << q.tiles.space[1];
        }
        o << ", tT " << q.tiles.time << ": E_alg " << fmt(q.eAlg) << " J ("
          << fmt(delta(q.eAlg, r.energyOptimal.eAlg), 4) << " %), T_alg " << fmt(q.tAlg) << " s ("
          << fmt(delta(q.tAlg, r.timeOptimal.tAlg), 4) << " %), EDP " << fmt(q.edp) << " J s ("
          << fmt(delta(q.edp, r.edpOptimal.edp), 4) << " %)\n";
    };
    o << energy::name(in.stencil) << " on " << gpu.name << ", coefficients "
      << a.required("--coefficients") << ": " << r.feasiblePoints << " feasible tilings\n";
    line("time-optimal  ", r.timeOptimal);
    line("energy-optimal", r.energyOptimal);
    line("EDP-optimal   ", r.edpOptimal);
    if (opt.objective == energy::Objective::Weighted) {
        line("weighted-opt. ", r.best);
        o << "  (weighted: w E/E* + (1 - w) T/T* with w = " << fmt(opt.weight) << ": "
          << fmt(r.best.weighted, 6) << " at the weighted optimum, 1 at the best possible)\n";
    }
    o << r.withinCount << " tilings within " << fmt(opt.within * 100) << " % of the best "
      << energy::name(opt.objective) << " (" << r.within.size() << " listed):\n";
    for (const auto& q : r.within) {
        line("", q);
    }
    for (const auto& w : r.warnings) {
        o << "warning: " << w << "\n";
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> energyCommands() {
    return {{"energy", "energy of a tiled stencil (thesis App. B), every intermediate value",
             kEnergyUsage, runEnergy},
            {"energy-optimize", "time-, energy- and EDP-optimal tilings (thesis App. B.8)",
             kEnergyOptimizeUsage, runEnergyOptimize}};
}

} // namespace cdx::cli
