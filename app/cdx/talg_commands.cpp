// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/talg_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"
#include "search/proposal.hpp"
#include "search/roofline.hpp"
#include "search/tile_search.hpp"
#include "talg/talg.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

const std::vector<std::string> kVariantFlags{
    "--pitch", "--nw", "--k", "--w3d", "--nsslabs", "--gb", "--r-tile",
    // Issue 57's extensions beside the papers' model.
    "--smem", "--hiding", "--bw", "--registers-per-thread"};

namespace {

const char* const kTalgUsage =
    "usage: cdx talg --gpu ID|PATH --stencil ID|PATH --space S1[,S2[,S3]] --time T\n"
    "                --tile tS1[,tS2[,tS3]] --tt tT [--threads-per-block N] [variant flags]\n"
    "                [--set KEY=VALUE]... [--json]\n"
    "--threads-per-block: the block's threads (issue 57; default PPCG's, one per point of the\n"
    "innermost tile); they count with --hiding occupancy.\n";
const char* const kOptimizeUsage =
    "usage: cdx optimize --gpu ID|PATH --stencil ID|PATH --space S1[,S2[,S3]] --time T\n"
    "                [--within 0.10] [--limit 20] [--max-within 1000] [--threads 0]\n"
    "                [--max-seconds 3600] [--fix-tile tS1[,tS2[,tS3]]] [--fix-tt tT]\n"
    "                [variant flags] [--set KEY=VALUE]... [--json]\n"
    "--fix-tile pins tile sizes to search a slice ('*' leaves one free: 8 = tS1 = 8; *,64).\n";

std::vector<std::string> withVariantFlags(std::vector<std::string> flags) {
    flags.insert(flags.end(), kVariantFlags.begin(), kVariantFlags.end());
    flags.insert(flags.end(), {"--gpu", "--stencil", "--space", "--time", "--set"});
    return flags;
}

} // namespace

talg::TalgVariant parseVariant(const Arguments& a) {
    talg::TalgVariant v;
    if (auto s = a.optional("--pitch")) {
        v.pitch = talg::parsePitch(*s, "--pitch");
    }
    if (auto s = a.optional("--nw")) {
        v.nw = talg::parseWavefrontCount(*s, "--nw");
    }
    if (auto s = a.optional("--k")) {
        v.k = talg::parseKRule(*s, "--k");
    }
    if (auto s = a.optional("--w3d")) {
        v.width3d = talg::parseWidth3D(*s, "--w3d");
    }
    if (auto s = a.optional("--nsslabs")) {
        v.subSlabs = talg::parseSubSlabCount(*s, "--nsslabs");
    }
    if (auto s = a.optional("--gb")) {
        v.gigabyte = talg::parseGigaByte(*s, "--gb");
    }
    if (a.has("--r-tile")) {
        v.registersPerTile = a.positiveInteger("--r-tile");
    }
    if (auto s = a.optional("--smem")) {
        v.smem = talg::parseSharedFootprint(*s, "--smem");
    }
    if (auto s = a.optional("--hiding")) {
        v.hiding = talg::parseHiding(*s, "--hiding");
    }
    if (auto s = a.optional("--bw")) {
        v.bandwidth = talg::parseBandwidth(*s, "--bw");
    }
    if (a.has("--registers-per-thread")) {
        v.registersPerThread = a.positiveInteger("--registers-per-thread");
    }
    return v;
}

namespace {

// GPU and stencil after the profile and every --set, in the order given.
struct Setup {
    GpuProfile gpuProfile;
    StencilProfile stencilProfile;
    Gpu gpu;
    Stencil stencil;
    talg::Problem problem;
    talg::TalgVariant variant;
};

Setup loadSetup(const Arguments& a) {
    Setup s;
    s.gpuProfile = loadGpuProfile(a.required("--gpu"));
    s.stencilProfile = loadStencilProfile(a.required("--stencil"));
    for (const auto& assignment : a.repeated("--set")) {
        applyOverride(s.gpuProfile, s.stencilProfile, s.gpuProfile.id, assignment, talgModelKeys());
    }
    s.gpu = toGpu(s.gpuProfile);
    s.stencil = toStencil(s.stencilProfile, s.gpuProfile);
    const auto space = a.positiveList("--space", 3);
    if (static_cast<int>(space.size()) != s.stencil.dim) {
        throw InputError("--space", a.required("--space"),
                         "stencil '" + s.stencil.id + "' is " + std::to_string(s.stencil.dim) +
                             "D: expected " + std::to_string(s.stencil.dim) + " size(s)");
    }
    s.problem.dim = s.stencil.dim;
    for (std::size_t i = 0; i < space.size(); ++i) {
        s.problem.space[i] = space[i];
    }
    s.problem.time = parseInteger(a.required("--time"), "--time");
    s.variant = parseVariant(a);
    return s;
}

} // namespace

json variantJson(const talg::TalgVariant& v, int dim) {
    json j{{"pitch", talg::name(v.pitch)},
           {"nw", talg::name(v.nw)},
           {"k", talg::name(v.k)},
           {"gb", talg::name(v.gigabyte)},
           {"r_tile", v.registersPerTile ? json(*v.registersPerTile) : json(nullptr)},
           {"smem", talg::name(v.smem)},
           {"hiding", talg::name(v.hiding)},
           {"bw", talg::name(v.bandwidth)},
           {"registers_per_thread",
            v.registersPerThread ? json(*v.registersPerThread) : json(nullptr)}};
    if (dim == 3) {
        j["w3d"] = talg::name(v.width3d);
        j["nsslabs"] = talg::name(v.subSlabs);
    }
    return j;
}

json tileJson(const talg::Tiles& t, int dim) {
    json a = json::array();
    for (int i = 0; i < dim; ++i) {
        a.push_back(t.space[i]);
    }
    return a;
}

std::string joinSizes(const std::array<std::int64_t, 3>& v, int dim, const char* sep) {
    std::string s;
    for (int i = 0; i < dim; ++i) {
        s += (i ? sep : "") + std::to_string(v[i]);
    }
    return s;
}

std::string fmt(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

json problemJson(const talg::Problem& p) {
    json space = json::array();
    for (int i = 0; i < p.dim; ++i) {
        space.push_back(p.space[i]);
    }
    return {{"space", space}, {"time", p.time}};
}

namespace {

int runTalg(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, withVariantFlags({"--tile", "--tt", "--threads-per-block"}),
                      {"--json"});
    const Setup s = loadSetup(a);
    const auto tile = a.positiveList("--tile", 3);
    if (static_cast<int>(tile.size()) != s.stencil.dim) {
        throw InputError("--tile", a.required("--tile"),
                         "stencil '" + s.stencil.id + "' is " + std::to_string(s.stencil.dim) +
                             "D: expected " + std::to_string(s.stencil.dim) + " tile size(s)");
    }
    talg::Tiles t;
    for (std::size_t i = 0; i < tile.size(); ++i) {
        t.space[i] = tile[i];
    }
    t.time = parseInteger(a.required("--tt"), "--tt");
    if (a.has("--threads-per-block")) { // issue 57; 0 or absent: PPCG's default
        t.threads = parseInteger(a.required("--threads-per-block"), "--threads-per-block");
    }
    const talg::TalgResult r = talg::evaluate(s.stencil, s.problem, t, s.gpu, s.variant);
    const auto& b = r.breakdown;
    const int dim = s.problem.dim;

    if (a.has("--json")) {
        json warnings = json::array();
        for (auto w : r.warnings.list()) {
            warnings.push_back({{"id", talg::name(w)}, {"message", talg::describe(w)}});
        }
        // The roofline's ceilings (null where L = 0 leaves no bandwidth roof).
        json roofline = nullptr;
        try {
            const auto c = search::rooflineCeilings(s.stencil, s.gpu, s.variant);
            roofline = {{"peak_gpoints_per_s", c.peakPointsPerS / 1e9},
                        {"bandwidth_gbs", c.bandwidthBytesPerS / 1e9},
                        {"implied_gbs", c.impliedBytesPerS / 1e9},
                        {"ridge_points_per_byte", c.ridgePointsPerByte}};
        } catch (const InputError&) {
        }
        json breakdown{{"L_word", b.lWordSeconds},
                       {"M_SM_words", b.mSmWords},
                       {"M_TB_words", b.mTbWords},
                       {"epsilon", b.epsilon},
                       {"N_w", b.nW},
                       {"w_tile", b.wTile},
                       {"pitch", b.pitch},
                       {"w", b.w},
                       {"N_sub", b.nSub},
                       {"M_tile", b.mTile},
                       {"k_max", b.kMax},
                       {"T_ideal", b.tIdeal},
                       {"remainder", b.remainder},
                       {"inner", b.inner},
                       {"threads_per_block", b.threads},
                       {"warps_per_block", b.warpsPerBlock}};
        if (r.feasible) {
            breakdown.update(json{{"m_i", b.mI},
                                  {"m_io", b.mIo},
                                  {"m_prime", b.mPrime},
                                  {"compute_sum", b.computeSum},
                                  {"c", b.c},
                                  {"zeta", b.zeta},
                                  {"k", b.k},
                                  {"T_unit", b.tUnit},
                                  {"groups", b.groups},
                                  {"rounds", b.rounds},
                                  {"sync_time", b.syncTime},
                                  {"compute_time", b.computeTime},
                                  {"compute_bound", b.computeBound},
                                  {"utilisation", b.utilisation},
                                  {"efficiency", b.efficiency}});
            if (b.kOccupancy > 0) { // hiding = occupancy
                breakdown.update(json{{"k_occupancy", b.kOccupancy},
                                      {"resident_warps", b.residentWarps},
                                      {"mwp", b.mwp},
                                      {"mwp_peak_bw", b.mwpPeakBw},
                                      {"memory_efficiency", b.memoryEfficiency},
                                      {"lanes_per_tile", b.lanesPerTile}});
            }
            if (s.variant.bandwidth == talg::Bandwidth::Shared) {
                breakdown.update(json{{"wavefront_memory_time", b.wavefrontMemoryTime},
                                      {"memory_system_bound", b.memorySystemBound}});
            }
        }
        json j{{"command", "talg"},
               {"gpu", s.gpu.id},
               {"stencil", s.stencil.id},
               {"problem", problemJson(s.problem)},
               {"tiles",
                {{"tile", tileJson(t, dim)}, {"tt", t.time}, {"threads_per_block", b.threads}}},
               {"T_alg", r.feasible ? json(r.tAlg) : json(nullptr)},
               {"feasible", r.feasible},
               {"reason", r.feasible ? json(nullptr) : json(talg::describe(r.excludedBy))},
               {"constraint", r.feasible ? json(nullptr) : json(talg::name(r.excludedBy))},
               {"variant", variantJson(s.variant, dim)},
               {"estimated", estimatedValues(s.gpuProfile, talgModelKeys(), s.stencil.id)},
               {"breakdown", breakdown},
               {"warnings", warnings},
               {"roofline", roofline}};
        out << j.dump(2) << '\n';
        return 0;
    }

    std::ostringstream o;
    o << "Talg  " << s.stencilProfile.name << " (" << s.stencil.id << ") on " << s.gpuProfile.name
      << " (" << s.gpu.id << ")\n";
    o << "problem   S = " << joinSizes(s.problem.space, dim, " x ") << ", T = " << s.problem.time
      << "\n";
    o << "tiles     tS = " << joinSizes(t.space, dim, " x ") << ", tT = " << t.time << ", "
      << b.threads << " threads per block" << (t.threads > 0 ? "" : " (PPCG's default)") << "\n";
    o << "variant   " << talg::variantSummary(s.variant, dim) << "\n";
    if (const auto e = estimatedLine(s.gpuProfile, talgModelKeys(), s.stencil.id); !e.empty()) {
        o << "values    " << e << "\n";
    }
    o << "\n";
    if (!r.feasible) {
        o << "infeasible: " << talg::describe(r.excludedBy) << " (M_tile = " << b.mTile
          << " words, limit " << b.mTbWords << " words)\n";
        out << o.str();
        return 0;
    }
    o << "T_alg      " << fmt(r.tAlg) << " s   (T_ideal " << fmt(b.tIdeal, 7) << " s, efficiency "
      << fmt(100 * b.efficiency, 4) << " %, " << (b.computeBound ? "compute" : "memory")
      << "-bound)\n\n";
    for (const auto& e : talg::breakdownEntries(r, dim)) {
        char buf[200];
        const std::string value =
            e.integer ? std::to_string(static_cast<long long>(e.value)) : fmt(e.value);
        std::snprintf(buf, sizeof buf, "  %-12s %-18s %-7s %s\n", e.symbol.c_str(), value.c_str(),
                      e.unit.c_str(), e.equation.c_str());
        o << buf;
    }
    const auto warnings = r.warnings.list();
    if (!warnings.empty()) {
        o << "\nwarnings:\n";
        for (auto w : warnings) {
            o << "  " << talg::name(w) << ": " << talg::describe(w) << "\n";
        }
    }
    out << o.str();
    return 0;
}

int runOptimize(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args,
                      withVariantFlags({"--within", "--limit", "--max-within", "--threads",
                                        "--max-seconds", "--fix-tile", "--fix-tt"}),
                      {"--json"});
    const Setup s = loadSetup(a);
    search::SearchOptions opt;
    if (auto fixed = a.optional("--fix-tile")) {
        // A slice: the sizes given are pinned, '*' leaves one free (PPoPP'17 Fig. 4: 8 = tS1 = 8).
        std::vector<std::string> parts;
        std::stringstream in(*fixed);
        for (std::string part; std::getline(in, part, ',');) {
            parts.push_back(part);
        }
        if (parts.empty() || static_cast<int>(parts.size()) > s.stencil.dim ||
            fixed->back() == ',') {
            throw InputError("--fix-tile", *fixed,
                             "expected at most " + std::to_string(s.stencil.dim) +
                                 " comma-separated tile sizes or '*' (free) for the " +
                                 std::to_string(s.stencil.dim) + "D stencil '" + s.stencil.id +
                                 "'");
        }
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (parts[i] == "*") {
                continue;
            }
            const std::int64_t v = parseInteger(parts[i], "--fix-tile");
            if (v < 1) {
                throw InputError("--fix-tile", *fixed, "expected positive tile sizes or '*'");
            }
            opt.fixedSpace[i] = v;
        }
    }
    if (a.has("--fix-tt")) {
        opt.fixedTime = parseInteger(a.required("--fix-tt"), "--fix-tt");
    }
    opt.within = a.number("--within", 0.10);
    if (a.has("--max-within")) {
        const std::int64_t m = parseInteger(a.required("--max-within"), "--max-within");
        if (m < 0 || m > 10'000'000) {
            throw InputError("--max-within", std::to_string(m),
                             "expected an integer in [0, 10000000] (tilings kept in the list)");
        }
        opt.maxWithin = static_cast<std::size_t>(m);
    }
    const std::int64_t limit =
        a.has("--limit") ? parseInteger(a.required("--limit"), "--limit") : 20;
    if (limit < 0) {
        throw InputError("--limit", std::to_string(limit), "expected an integer >= 0 (0 = all)");
    }
    if (a.has("--threads")) {
        const std::int64_t t = parseInteger(a.required("--threads"), "--threads");
        if (t < 0 || t > 64) {
            throw InputError("--threads", std::to_string(t),
                             "expected an integer in [0, 64] (0 = one per core for large spaces)");
        }
        opt.threads = static_cast<unsigned>(t);
    }
    const double maxSeconds = a.number("--max-seconds", 3600);
    if (!(maxSeconds >= 0) || !std::isfinite(maxSeconds)) {
        throw InputError("--max-seconds", a.required("--max-seconds"),
                         "expected a number of seconds >= 0 (0 = no bound)");
    }
    // Up front: what the search will cost, counted without evaluating a tiling.
    const search::SearchEstimate e =
        search::estimateSearch(s.stencil, s.problem, s.gpu, s.variant, opt);
    const std::string cost = std::to_string(e.fittingPoints) +
                             " tilings fit the shared memory (of " + std::to_string(e.boxPoints) +
                             " in the box); about " + search::roughDuration(e.seconds) + " on " +
                             std::to_string(e.threads) + (e.threads == 1 ? " thread" : " threads");
    if (maxSeconds > 0 && e.seconds > maxSeconds) {
        throw InputError("--max-seconds", formatNumber(maxSeconds),
                         "the exact search evaluates every tiling that fits: " + cost +
                             " by the estimate. Shorten the space or time extent, or pass a "
                             "larger --max-seconds (0 = no bound) to run it anyway");
    }
    if (checkingOnly()) {
        return 0; // a study's check (issue 60): the input is valid
    }
    if (e.seconds > 10) {
        std::cerr << "cdx optimize: " << cost << "; Ctrl+C stops the search\n";
    }
    // A search that takes more than a second reports its progress on stderr, once a second.
    const auto start = std::chrono::steady_clock::now();
    auto lastReport = start;
    opt.progress = [&](double fraction, int pass) {
        const auto now = std::chrono::steady_clock::now();
        if (now - lastReport < std::chrono::seconds(1)) {
            return;
        }
        lastReport = now;
        std::cerr << "cdx optimize: " << (pass == 1 ? "searching" : "counting the tilings within")
                  << ", " << static_cast<int>(100 * fraction) << " % of the tilings that fit, "
                  << std::chrono::duration_cast<std::chrono::seconds>(now - start).count()
                  << " s\n";
    };
    const search::SearchResult r = search::searchTiles(s.stencil, s.problem, s.gpu, s.variant, opt);
    const int dim = s.problem.dim;
    // An estimated C_iter (the clock rule) is low-confidence (issue 57: 30-150 % off fitted
    // values on Pascal and Volta): the optimum again at half and at twice it says whether the
    // choice depends on it.
    const auto cIter = s.gpuProfile.cIterByStencil.find(s.stencil.id);
    const bool estimatedCIter =
        r.found && cIter != s.gpuProfile.cIterByStencil.end() && cIter->second.kind == "estimated";
    search::CIterCheck check;
    if (estimatedCIter) {
        check = search::checkCIter(s.stencil, s.problem, s.gpu, s.variant, r.best.tiles, opt);
    }
    const auto& sensitivity = check.optima;
    const bool dependsOnCIter = check.dependsOnIt;
    json cIterJson = nullptr;
    if (estimatedCIter) {
        json optima = json::array();
        for (const auto& [factor, best] : sensitivity) {
            optima.push_back(
                {{"factor", factor}, {"tile", tileJson(best.tiles, dim)}, {"tt", best.tiles.time}});
        }
        cIterJson = {
            {"estimated", true}, {"choice_depends_on_it", dependsOnCIter}, {"optima", optima}};
    }

    if (a.has("--json")) {
        json extentTiles = json::array();
        for (int i = 0; i < dim; ++i) {
            const auto d = static_cast<std::size_t>(i);
            extentTiles.push_back({r.feasibleLow.space[d], r.feasibleHigh.space[d]});
        }
        const json extent{{"tile", extentTiles}, {"tt", {r.feasibleLow.time, r.feasibleHigh.time}}};
        json within = json::array();
        for (const auto& p : r.within) {
            within.push_back({{"tile", tileJson(p.tiles, dim)},
                              {"tt", p.tiles.time},
                              {"T_alg", p.tAlg},
                              {"k", p.k}});
        }
        json j{{"command", "optimize"},
               {"gpu", s.gpu.id},
               {"stencil", s.stencil.id},
               {"problem", problemJson(s.problem)},
               {"variant", variantJson(s.variant, dim)},
               {"estimated", estimatedValues(s.gpuProfile, talgModelKeys(), s.stencil.id)},
               {"c_iter", cIterJson},
               {"feasible", r.found},
               {"best", r.found ? json{{"tile", tileJson(r.best.tiles, dim)},
                                       {"tt", r.best.tiles.time},
                                       {"T_alg", r.best.tAlg},
                                       {"k", r.best.k}}
                                : json(nullptr)},
               {"reason", r.found ? json(nullptr)
                                  : json("no tiling of the space satisfies eq. 31 (tT even <= T, "
                                         "innermost tile a multiple of 32 <= its extent, M_tile "
                                         "within the per-block shared memory)")},
               {"within_fraction", r.withinFraction},
               {"within_count", r.withinCount},
               {"max_within", opt.maxWithin},
               {"estimate",
                {{"fitting_points", e.fittingPoints},
                 {"fitting_low", e.fittingLow},
                 {"fitting_high", e.fittingHigh},
                 {"threads", e.threads},
                 {"seconds", e.seconds}}},
               {"feasible_points", r.feasiblePoints},
               {"box_points", r.boxPoints},
               {"feasible_extent", r.found ? extent : json(nullptr)},
               {"infeasible",
                {{"shared_memory_per_block", r.infeasible.sharedMemoryPerBlock},
                 {"no_resident_block", r.infeasible.noResidentBlock},
                 {"occupancy", r.infeasible.occupancy}}},
               {"within", within}};
        out << j.dump(2) << '\n';
        return 0;
    }

    std::ostringstream o;
    o << "optimize  " << s.stencilProfile.name << " (" << s.stencil.id << ") on "
      << s.gpuProfile.name << " (" << s.gpu.id << ")\n";
    o << "problem   S = " << joinSizes(s.problem.space, dim, " x ") << ", T = " << s.problem.time
      << "\n";
    o << "variant   " << talg::variantSummary(s.variant, dim) << "\n";
    if (const auto line = estimatedLine(s.gpuProfile, talgModelKeys(), s.stencil.id);
        !line.empty()) {
        o << "values    " << line << "\n";
    }
    if (opt.fixedTime || opt.fixedSpace[0] || opt.fixedSpace[1] || opt.fixedSpace[2]) {
        o << "slice    ";
        for (int i = 0; i < dim; ++i) {
            if (const auto v = opt.fixedSpace[static_cast<std::size_t>(i)]) {
                o << " tS" << i + 1 << " = " << *v;
            }
        }
        if (opt.fixedTime) {
            o << " tT = " << *opt.fixedTime;
        }
        o << "\n";
    }
    o << "space     " << r.boxPoints << " tilings in the box, " << r.feasiblePoints
      << " feasible; excluded: " << r.infeasible.sharedMemoryPerBlock
      << " by shared memory per block, " << r.infeasible.noResidentBlock << " by k_max = 0"
      << (r.infeasible.occupancy > 0
              ? ", " + std::to_string(r.infeasible.occupancy) + " by the occupancy rules"
              : std::string())
      << "\n\n";
    if (!r.found) {
        o << "no feasible tiling\n";
        out << o.str();
        return 0;
    }
    o << "best      tS = " << joinSizes(r.best.tiles.space, dim, " x ")
      << ", tT = " << r.best.tiles.time << ", k = " << r.best.k << ":  T_alg = " << fmt(r.best.tAlg)
      << " s\n";
    if (estimatedCIter) {
        o << "C_iter    estimated (the clock rule, low confidence): ";
        if (!dependsOnCIter) {
            o << "the same optimum at half and at twice it";
        } else {
            o << "the choice depends on it:";
            for (const auto& [factor, best] : sensitivity) {
                o << (factor < 1 ? " at half, " : "; at twice, ")
                  << "tS = " << joinSizes(best.tiles.space, dim, " x ")
                  << ", tT = " << best.tiles.time;
            }
            o << ". Measure a few tilings (cdx propose) and fit it (cdx runs calibrate)";
        }
        o << "\n";
    }
    o << "\n";
    o << r.withinCount << " tilings within " << fmt(100 * r.withinFraction, 4)
      << " % of the minimum";
    if (r.withinCount > r.within.size()) {
        o << ", the best " << r.within.size() << " kept (--max-within)";
    }
    const std::size_t shown =
        limit == 0 ? r.within.size() : std::min<std::size_t>(r.within.size(), limit);
    if (shown < r.within.size()) {
        o << " (first " << shown << "; --limit 0 or --json for all)";
    }
    o << ":\n";
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-20s %6s %6s %14s %8s\n", "tS", "tT", "k", "T_alg [s]",
                  "vs best");
    o << buf;
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& p = r.within[i];
        std::snprintf(buf, sizeof buf, "  %-20s %6lld %6lld %14.7f %7.2f%%\n",
                      joinSizes(p.tiles.space, dim, " x ").c_str(),
                      static_cast<long long>(p.tiles.time), static_cast<long long>(p.k), p.tAlg,
                      100.0 * (p.tAlg / r.best.tAlg - 1.0));
        o << buf;
    }
    out << o.str();
    return 0;
}

} // namespace

namespace {

const char* const kProposeUsage =
    "usage: cdx propose --gpu ID|PATH --stencil ID|PATH --space S1[,S2[,S3]] --time T\n"
    "                [--count 10] [--within 0.10] [--csv FILE] [--kit FILE] [--script FILE]\n"
    "                [variant flags] [--set KEY=VALUE]... [--json]\n"
    "  Tilings to measure (issue 57): the model's best and a diverse set of the tilings it\n"
    "  predicts within --within of it (other shapes; other block sizes with --hiding\n"
    "  occupancy). --csv writes them as a run list to fill (time_s empty; then cdx runs\n"
    "  import), --kit as cdx-measure --tilings lines (2D), --script a shell template that\n"
    "  runs $MEASURE for each and writes the run list.\n";

std::string csvCell(const std::string& s) {
    std::string q = "\"";
    for (char c : s) {
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return q + "\"";
}

int runPropose(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, withVariantFlags({"--count", "--within", "--csv", "--kit", "--script"}),
                      {"--json"});
    const Setup s = loadSetup(a);
    search::ProposalOptions o;
    if (a.has("--count")) {
        o.count = static_cast<std::size_t>(a.positiveInteger("--count"));
    }
    o.within = a.number("--within", 0.10);
    const search::Proposal pr = search::proposeTilings(s.stencil, s.problem, s.gpu, s.variant, o);
    const int dim = s.problem.dim;
    if (pr.tilings.empty()) {
        throw InputError("--space", a.required("--space"),
                         "no feasible tiling of this problem on " + s.gpu.id + " to propose");
    }
    const auto cIter = s.gpuProfile.cIterByStencil.find(s.stencil.id);
    const bool estimatedCIter =
        cIter != s.gpuProfile.cIterByStencil.end() && cIter->second.kind == "estimated";
    const std::string model = "T_alg (cdx propose, " + talg::variantSummary(s.variant, dim) + ")";
    if (auto path = a.optional("--csv")) {
        std::ostringstream c;
        c << "gpu,stencil,s1" << (dim >= 2 ? ",s2" : "") << (dim == 3 ? ",s3" : "") << ",t,ts1"
          << (dim >= 2 ? ",ts2" : "") << (dim == 3 ? ",ts3" : "") << ",tt,threads,time_s,notes\n";
        for (const auto& t : pr.tilings) {
            c << s.gpu.id << ',' << s.stencil.id;
            for (int i = 0; i < dim; ++i) {
                c << ',' << s.problem.space[static_cast<std::size_t>(i)];
            }
            c << ',' << s.problem.time;
            for (int i = 0; i < dim; ++i) {
                c << ',' << t.tiles.space[static_cast<std::size_t>(i)];
            }
            c << ',' << t.tiles.time << ',' << t.tiles.threads << ",,"
              << csvCell("proposed: predicted " + fmt(t.tAlg, 6) + " s by " + model +
                         "; measure it and fill time_s");
            c << '\n';
        }
        writeTextAtomic(*path, c.str());
    }
    if (auto path = a.optional("--kit")) {
        if (dim != 2) {
            throw InputError("--kit", *path, "the measuring kit runs 2D stencils only");
        }
        std::ostringstream k;
        for (const auto& t : pr.tilings) {
            k << s.stencil.id << ',' << t.tiles.space[0] << ',' << t.tiles.space[1] << ','
              << t.tiles.time << '\n';
        }
        writeTextAtomic(*path, k.str());
    }
    if (auto path = a.optional("--script")) {
        std::ostringstream sh;
        sh << "#!/bin/sh\n"
           << "# Tilings to measure, proposed by cdx propose (" << model << ").\n"
           << "# MEASURE is your harness: called as $MEASURE TS1 TS2 TS3 TT THREADS, it prints "
              "the\n"
           << "# measured time in seconds. The run list goes to stdout: cdx runs import it.\n"
           << "set -eu\n: \"${MEASURE:?set MEASURE to your harness}\"\n"
           << "echo gpu,stencil,s1,s2,s3,t,ts1,ts2,ts3,tt,threads,time_s\n";
        for (const auto& t : pr.tilings) {
            // The sizes as columns (empty beyond the stencil's dimensions) and as arguments.
            std::ostringstream sizes, tileCols, tiles;
            for (int i = 0; i < 3; ++i) {
                const auto d = static_cast<std::size_t>(i);
                if (i > 0) {
                    sizes << ',';
                    tileCols << ',';
                    tiles << ' ';
                }
                if (i < dim) {
                    sizes << s.problem.space[d];
                    tileCols << t.tiles.space[d];
                }
                tiles << t.tiles.space[d];
            }
            sh << "echo \"" << s.gpu.id << ',' << s.stencil.id << ',' << sizes.str() << ','
               << s.problem.time << ',' << tileCols.str() << ',' << t.tiles.time << ','
               << t.tiles.threads << ",$($MEASURE " << tiles.str() << ' ' << t.tiles.time << ' '
               << t.tiles.threads << ")\"\n";
        }
        writeTextAtomic(*path, sh.str());
    }
    if (a.has("--json")) {
        json list = json::array();
        for (const auto& t : pr.tilings) {
            list.push_back({{"tile", tileJson(t.tiles, dim)},
                            {"tt", t.tiles.time},
                            {"threads_per_block", t.tiles.threads},
                            {"T_alg", t.tAlg},
                            {"vs_best", t.vsBest}});
        }
        out << json{{"command", "propose"},
                    {"gpu", s.gpu.id},
                    {"stencil", s.stencil.id},
                    {"problem", problemJson(s.problem)},
                    {"variant", variantJson(s.variant, dim)},
                    {"within", o.within},
                    {"candidates", pr.candidates},
                    {"c_iter_estimated", estimatedCIter},
                    {"estimated", estimatedValues(s.gpuProfile, talgModelKeys(), s.stencil.id)},
                    {"tilings", list}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o2;
    o2 << "Tilings to measure: " << s.stencilProfile.name << " on " << s.gpuProfile.name
       << ", S = " << joinSizes(s.problem.space, dim, " x ") << ", T = " << s.problem.time
       << "\nvariant   " << talg::variantSummary(s.variant, dim) << "\n"
       << pr.tilings.size() << " of the " << pr.candidates << " tilings predicted within "
       << fmt(o.within * 100, 3)
       << " % of the best, as different from each other as they come:\n\n";
    for (const auto& t : pr.tilings) {
        char buf[160];
        std::snprintf(
            buf, sizeof buf, "  tS = %-16s tT = %-5lld threads = %-5lld %12.6g s  %+.3g %%\n",
            joinSizes(t.tiles.space, dim, " x ").c_str(), static_cast<long long>(t.tiles.time),
            static_cast<long long>(t.tiles.threads), t.tAlg, t.vsBest * 100);
        o2 << buf;
    }
    if (estimatedCIter) {
        o2 << "\nC_iter of " << s.stencil.id << " on " << s.gpu.id
           << " is an estimate (the clock rule, low confidence): measure these and fit it "
              "(cdx runs calibrate).\n";
    }
    out << o2.str();
    return 0;
}

} // namespace

std::vector<Command> talgCommands() {
    return {{"talg", "T_alg of one tiling with every intermediate value", kTalgUsage, runTalg},
            {"optimize", "exact optimal tile sizes by exhaustive search of the feasible space",
             kOptimizeUsage, runOptimize},
            {"propose", "a diverse set of tilings to measure, near the predicted best (issue 57)",
             kProposeUsage, runPropose}};
}

} // namespace cdx::cli
