#include "cdx/energy_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "energy/energy_model.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <cmath>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kEnergyUsage =
    "usage: cdx energy --stencil sw|jacobi1d|jacobi2d --coefficients k20c-a|k20c-b|PATH\n"
    "                  --space S1[,S2] --time T --tile tS[,tS2] --tt tT [--ss sS]\n"
    "                  (--t-alg SECONDS | --gpu ID|PATH [Talg variant flags] [--set "
    "KEY=VALUE]...)\n"
    "                  [--count continuous|ceil] [--j1d-count generic|skewed]\n"
    "                  [--j1d-sr thesis|alt] [--pitch geometric|paper] [--json]\n"
    "  Energy of a tiled stencil (thesis Appendix B; spec energy-model.md):\n"
    "  E_alg = P_stat T_alg + N_tiles (E_gs + E_sr + E_ar), with every intermediate value.\n"
    "  sw and jacobi1d are 1-D (one size each; --ss the sub-tile, dividing tS); jacobi2d is the\n"
    "  hybrid-hexagonal 2-D tiling (tT even, tS2 a multiple of 32).\n"
    "  T_alg is an input: --t-alg (measured or assumed), or --gpu to take it from the Talg model\n"
    "  of the Tiled-stencils family (jacobi1d, jacobi2d; calibrated on Maxwell GPUs for\n"
    "  hybrid-hexagonal tiling, while the coefficients are the K20c's: a cross-GPU estimate).\n";

const char* const kEnergyOptimizeUsage =
    "usage: cdx energy-optimize --stencil jacobi1d|jacobi2d --coefficients k20c-a|k20c-b|PATH\n"
    "                  --space S1[,S2] --time T --gpu ID|PATH [--objective energy|time|edp]\n"
    "                  [--within 0.10] [--limit 20] [Talg variant flags] [--set KEY=VALUE]...\n"
    "                  [--count continuous|ceil] [--j1d-count generic|skewed]\n"
    "                  [--j1d-sr thesis|alt] [--json]\n"
    "  Energy-aware tile choice (thesis App. B.8): every feasible tiling of the Talg search space\n"
    "  (eq. 31) with its T_alg from the Talg model on --gpu and its E_alg; the time-, energy- and\n"
    "  EDP-optimal tilings side by side with their differences in %, and the tilings within X %\n"
    "  of the best under --objective (the best --limit listed; the count says how many).\n"
    "  1-D: sS = tS (E_sr falls as sS grows and T_alg does not depend on it).\n";

// The Talg profile of an energy stencil (the time model knows the Jacobi stencils).
const char* talgStencilOf(energy::StencilKind k) {
    switch (k) {
    case energy::StencilKind::Jacobi1D:
        return "jacobi1d";
    case energy::StencilKind::Jacobi2D:
        return "jacobi2d";
    default:
        return nullptr;
    }
}

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

int runEnergy(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{"--stencil", "--coefficients", "--space", "--time", "--tile",
                                    "--tt",      "--ss",           "--t-alg", "--gpu",  "--set",
                                    "--count",   "--j1d-count",    "--j1d-sr"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json"});

    energy::EnergyInput in;
    in.stencil = energy::parseStencilKind(a.required("--stencil"), "--stencil");
    const bool twoD = in.stencil == energy::StencilKind::Jacobi2D;
    const std::size_t dims = twoD ? 2 : 1;
    const auto space = a.positiveList("--space", dims);
    const auto tile = a.positiveList("--tile", dims);
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
    const energy::EnergyCoefficients c =
        energy::loadEnergyCoefficients(a.required("--coefficients"));

    const energy::EnergyVariant v = energyVariant(a);

    // The time source, explicit: given, or the Talg model of the Tiled-stencils family.
    const bool given = a.has("--t-alg");
    if (given == a.has("--gpu")) {
        throw InputError("--t-alg / --gpu", given ? "both" : "neither",
                         "give exactly one: --t-alg SECONDS (given) or --gpu ID (T_alg from the "
                         "Talg model)");
    }
    std::vector<std::string> timeWarnings;
    json talgJson = nullptr;
    if (given) {
        const double t = a.number("--t-alg", 0);
        if (!std::isfinite(t) || t <= 0) {
            throw InputError("--t-alg", a.required("--t-alg"), "must be a finite time > 0 [s]");
        }
        in.tAlgS = t;
    } else {
        const char* stencilId = talgStencilOf(in.stencil);
        if (!stencilId) {
            throw InputError("--gpu", a.required("--gpu"),
                             "the Talg model has no Smith-Waterman stencil; give --t-alg SECONDS");
        }
        GpuProfile gpu = loadGpuProfile(a.required("--gpu"));
        StencilProfile stencil = loadStencilProfile(stencilId);
        for (const auto& assignment : a.repeated("--set")) {
            applyOverride(gpu, stencil, gpu.id, assignment);
        }
        const talg::Problem p{twoD ? 2 : 1, {in.s1, twoD ? in.s2 : 1, 1}, in.t};
        const talg::Tiles tiles{{in.tS1, twoD ? in.tS2 : 1, 1}, in.tT};
        const talg::TalgVariant tv = parseVariant(a);
        const auto r = talg::evaluate(toStencil(stencil, gpu.id), p, tiles, toGpu(gpu), tv);
        if (!r.feasible) {
            throw InputError("--tile", a.required("--tile"),
                             "infeasible in the Talg model (" + talg::describe(r.excludedBy) +
                                 "), so it gives no T_alg; give --t-alg or a feasible tiling");
        }
        in.tAlgS = r.tAlg;
        // Shared memory of the GPU the time comes from bounds the J2D tile too (A.32).
        in.sharedWordsPerBlock = static_cast<std::int64_t>(toGpu(gpu).mTbKb * 1024 / 4);
        timeWarnings.push_back(crossGpuWarning(gpu));
        talgJson = {{"gpu", gpu.id}, {"T_alg", r.tAlg}, {"variant", variantJson(tv, p.dim)}};
    }
    if (!given && !a.repeated("--set").empty()) {
        timeWarnings.push_back("the GPU or stencil was edited with --set");
    } else if (given && !a.repeated("--set").empty()) {
        throw InputError("--set", a.repeated("--set").front(),
                         "only with --gpu (it edits the Talg model's GPU or stencil)");
    }

    energy::EnergyResult r = energy::evaluateEnergy(in, c, v);
    r.warnings.insert(r.warnings.begin(), timeWarnings.begin(), timeWarnings.end());

    if (a.has("--json")) {
        json j = {{"command", "energy"}};
        const nlohmann::json body = energy::toJson(r);
        for (auto it = body.begin(); it != body.end(); ++it) {
            j[it.key()] = it.value();
        }
        j["t_alg_source"] = given ? "given" : "model";
        j["stencil"] = std::string(energy::name(in.stencil));
        j["coefficients"] = a.required("--coefficients");
        if (!given) {
            j["talg"] = talgJson;
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "energy of " << energy::name(in.stencil) << ", coefficients "
      << a.required("--coefficients") << (r.feasible ? "" : "  (INFEASIBLE: " + r.reason + ")")
      << "\n";
    o << "  T_alg  = " << fmt(r.tAlgS) << " s (" << (given ? "given" : "Talg model") << ")\n";
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
    return j;
}

int runEnergyOptimize(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{"--stencil", "--coefficients", "--space",  "--time",
                                    "--gpu",     "--set",          "--count",  "--j1d-count",
                                    "--j1d-sr",  "--objective",    "--within", "--limit"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json"});
    energy::EnergyInput in;
    in.stencil = energy::parseStencilKind(a.required("--stencil"), "--stencil");
    const char* stencilId = talgStencilOf(in.stencil);
    if (!stencilId) {
        throw InputError("--stencil", a.required("--stencil"),
                         "expected jacobi1d or jacobi2d (tilings need times from the Talg model, "
                         "which has no Smith-Waterman; use cdx energy --t-alg for one tiling)");
    }
    const bool twoD = in.stencil == energy::StencilKind::Jacobi2D;
    const auto space = a.positiveList("--space", twoD ? 2 : 1);
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

    GpuProfile gpu = loadGpuProfile(a.required("--gpu"));
    StencilProfile stencil = loadStencilProfile(stencilId);
    for (const auto& assignment : a.repeated("--set")) {
        applyOverride(gpu, stencil, gpu.id, assignment);
    }
    const talg::TalgVariant tv = parseVariant(a);
    energy::EnergySearchResult r =
        energy::optimizeEnergy(in, c, v, toStencil(stencil, gpu.id), toGpu(gpu), tv, opt);
    r.warnings.insert(r.warnings.begin(), crossGpuWarning(gpu));
    // How much each optimum gives up against the others, in % (B.8's question).
    const auto delta = [](double x, double best) { return best > 0 ? 100 * (x / best - 1) : 0.0; };
    if (a.has("--json")) {
        json j = {{"command", "energy-optimize"},
                  {"stencil", std::string(energy::name(in.stencil))},
                  {"coefficients", a.required("--coefficients")},
                  {"gpu", gpu.id},
                  {"objective", std::string(energy::name(opt.objective))},
                  {"found", r.found}};
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
