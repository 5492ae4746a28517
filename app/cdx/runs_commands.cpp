// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/runs_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/common.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "runs/run_import.hpp"
#include "runs/run_stats.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <ostream>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kRunsUsage =
    "usage: cdx runs import    --db PATH FILE.csv|FILE.json [--skip-invalid] [--json]\n"
    "       cdx runs list      --db PATH [--gpu ID] [--stencil ID] [--space S1[,S2[,S3]]]\n"
    "                          [--time T] [--json]\n"
    "       cdx runs stats     --db PATH [filters] [--within 0.2] [--top 10] [--use "
    "PROFILE.json]...\n"
    "                          [variant flags] [--json]\n"
    "       cdx runs calibrate --db PATH --gpu ID|PATH --stencil ID|PATH [filters]\n"
    "                          [--fit c_iter_s[,l_s_per_gb,tau_sync_s,t_sync_s]] [--near-best]\n"
    "                          [--within 0.2] [--out-gpu PATH] [--out-stencil PATH]\n"
    "                          [variant flags] [--json]\n"
    "  Measured runs (PPoPP'17 sec. 5) in a SQLite database: import CSV/JSON (validated; one\n"
    "  transaction, all or nothing unless --skip-invalid; re-imported rows are skipped), list,\n"
    "  predicted-vs-measured statistics (RMSE and MAPE over all runs and over the runs within\n"
    "  --within of each experiment's best), and least-squares calibration of C_iter (and L,\n"
    "  tau_sync, T_sync) saved as new profiles. Formats: docs/formats.md.\n";

runs::RunFilter filterOf(const Arguments& a) {
    runs::RunFilter f;
    f.gpu = a.optional("--gpu");
    f.stencil = a.optional("--stencil");
    if (a.has("--space")) {
        const auto v = a.positiveList("--space", 3);
        std::array<std::int64_t, 3> s{1, 1, 1};
        for (std::size_t i = 0; i < v.size(); ++i) {
            s[i] = v[i];
        }
        f.space = s;
    }
    if (a.has("--time")) {
        f.time = a.positiveInteger("--time");
    }
    return f;
}

json runJson(const runs::Run& r) {
    json space = json::array(), tile = json::array();
    for (int i = 0; i < r.dim; ++i) {
        space.push_back(r.space[static_cast<std::size_t>(i)]);
        tile.push_back(r.tile[static_cast<std::size_t>(i)]);
    }
    return {{"id", r.id},
            {"gpu", r.gpu},
            {"stencil", r.stencil},
            {"space", space},
            {"time", r.time},
            {"tile", tile},
            {"tt", r.tt},
            {"ss", r.subTile ? json(*r.subTile) : json(nullptr)},
            {"threads", r.threads ? json(*r.threads) : json(nullptr)},
            {"time_s", r.timeSeconds},
            {"energy_j", r.energyJ ? json(*r.energyJ) : json(nullptr)},
            {"power_w", r.powerW ? json(*r.powerW) : json(nullptr)},
            {"source", r.source},
            {"notes", r.notes},
            {"imported_at", r.importedAt},
            {"hash", r.hash}};
}

json statsJson(const runs::ErrorStats& s) {
    return {{"n", s.n}, {"rmse", s.rmse}, {"mape", s.mape}, {"mean_signed", s.meanSigned}};
}

// append() rather than "x" + string: GCC 12 -Wrestrict false positive (PR 105651).
std::string joinValues(const std::array<std::int64_t, 3>& v, int dim, char sep) {
    std::string s;
    for (int i = 0; i < dim; ++i) {
        if (i) {
            s.push_back(sep);
        }
        s.append(std::to_string(v[static_cast<std::size_t>(i)]));
    }
    return s;
}

std::string sizes(const runs::Run& r) {
    return joinValues(r.space, r.dim, 'x');
}

// "256,64" or, with a sub-tile, "256/64" (tS / sS).
std::string tiles(const runs::Run& r) {
    std::string t = joinValues(r.tile, r.dim, ',');
    if (r.subTile) {
        t.append("/").append(std::to_string(*r.subTile));
    }
    return t;
}

// A GPU or stencil profile file replacing the shipped profile with the same id.
void useProfile(runs::ProfileSet& p, const std::string& path) {
    const auto j = parseJson(readText(path), path);
    if (j.is_object() && j.contains("dim")) {
        p.put(stencilProfileFromJson(j, path));
    } else {
        p.put(gpuProfileFromJson(j, path));
    }
}

int runsImport(const std::vector<std::string>& args, std::ostream& out) {
    // The file is the one positional argument.
    std::vector<std::string> flags;
    std::string file;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--db" && i + 1 < args.size()) {
            flags.push_back(args[i]);
            flags.push_back(args[++i]);
        } else if (args[i].starts_with("--")) {
            flags.push_back(args[i]);
        } else if (file.empty()) {
            file = args[i];
        } else {
            throw InputError("FILE", args[i], "one file of runs per import");
        }
    }
    const Arguments a(flags, {"--db"}, {"--json", "--skip-invalid"});
    if (file.empty()) {
        throw InputError("FILE", {}, "missing: the CSV or JSON file of runs to import");
    }
    const std::string db = a.required("--db");
    const runs::ParsedRuns parsed = runs::parseRunsFile(file, runs::KnownIds::shipped());
    const auto policy = a.has("--skip-invalid") ? runs::ImportPolicy::SkipInvalid
                                                : runs::ImportPolicy::AllOrNothing;
    // A refused import leaves no new database behind (nor its -wal and -shm files).
    const bool created = !std::filesystem::exists(db);
    const auto removeCreated = [&db, created] {
        if (created) {
            std::error_code ignored;
            for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
                std::filesystem::remove(db + suffix, ignored);
            }
        }
    };
    runs::ImportReport rep;
    try {
        runs::RunStore store(db);
        rep = runs::importRuns(store, parsed, policy, [](std::size_t done, std::size_t total) {
            std::cerr << "runs import: " << done << "/" << total << " rows\n" << std::flush;
        });
    } catch (...) {
        removeCreated();
        throw;
    }
    if (!rep.committed) {
        removeCreated(); // the store is closed: nothing was written into it
    }
    // "1 invalid row (2 problems)": rows and problems are counted apart.
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string invalid = count(rep.invalid, "invalid row", "invalid rows");
    if (rep.invalid > 0) {
        invalid += " (" + count(rep.issues.size(), "problem", "problems") + ")";
    }
    if (a.has("--json")) {
        json issues = json::array();
        for (const auto& i : rep.issues) {
            issues.push_back({{"line", i.line},
                              {"column", i.column},
                              {"value", i.value},
                              {"allowed", i.allowed},
                              {"message", i.message()}});
        }
        out << json{{"command", "runs import"},
                    {"db", db},
                    {"file", file},
                    {"rows", rep.rows},
                    {"inserted", rep.inserted},
                    {"duplicates", rep.duplicates},
                    {"invalid", rep.invalid},
                    {"committed", rep.committed},
                    {"issues", issues}}
                   .dump(2)
            << '\n';
    } else {
        std::ostringstream o;
        o << file << ": " << rep.rows << " rows; " << rep.inserted << " imported, "
          << rep.duplicates << " already in " << db << " (skipped), " << invalid
          << (rep.committed ? "" : " -- nothing imported (all or nothing)") << "\n";
        for (const auto& i : rep.issues) {
            o << "  " << i.message() << "\n";
        }
        out << o.str();
    }
    if (!rep.committed) {
        std::cerr << "cdx: runs import: " << file << ": " << invalid
                  << ", nothing imported; first: " << rep.issues.front().message() << "\n";
        return 2;
    }
    return 0;
}

int runsList(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, {"--db", "--gpu", "--stencil", "--space", "--time"}, {"--json"});
    const runs::RunStore store(a.required("--db"), runs::RunStore::Mode::ReadOnly);
    const auto list = store.list(filterOf(a));
    if (a.has("--json")) {
        json arr = json::array();
        for (const auto& r : list) {
            arr.push_back(runJson(r));
        }
        out << json{{"command", "runs list"}, {"count", list.size()}, {"runs", arr}}.dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o;
    o << "    id  gpu       stencil       problem           T      tile[/ss]       tT  threads  "
         "time [s]      energy [J]    source\n";
    for (const auto& r : list) {
        char buf[320];
        std::snprintf(
            buf, sizeof buf, "%6lld  %-9s %-13s %-17s %-6lld %-15s %-3lld %-8s %-13.6g %-13s %s\n",
            static_cast<long long>(r.id), r.gpu.c_str(), r.stencil.c_str(), sizes(r).c_str(),
            static_cast<long long>(r.time), tiles(r).c_str(), static_cast<long long>(r.tt),
            r.threads ? std::to_string(*r.threads).c_str() : "-", r.timeSeconds,
            r.energyJ ? fmt(*r.energyJ, 6).c_str() : "-", r.source.c_str());
        o << buf;
    }
    o << list.size() << " runs\n";
    out << o.str();
    return 0;
}

int runsStats(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{"--db",   "--gpu",    "--stencil", "--space",
                                    "--time", "--within", "--use",     "--top"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json"});
    const std::size_t top =
        a.has("--top") ? static_cast<std::size_t>(a.positiveInteger("--top")) : std::size_t{10};
    const runs::RunStore store(a.required("--db"), runs::RunStore::Mode::ReadOnly);
    runs::ProfileSet profiles = runs::ProfileSet::shipped();
    profiles.addStored(store); // a GPU of the user's whose file is gone (issue 43)
    for (const auto& p : a.repeated("--use")) {
        useProfile(profiles, p);
    }
    const talg::TalgVariant v = parseVariant(a);
    const double within = a.number("--within", 0.2);
    const runs::RunStats st = runs::runStats(store.list(filterOf(a)), profiles, v, within);
    // How well the model chooses, per experiment (issue 57).
    const std::vector<runs::RankingStats> ranking = runs::rankingStats(st.pairs, top);
    const auto orNull = [](double x) { return std::isfinite(x) ? json(x) : json(nullptr); };
    if (a.has("--json")) {
        json rank = json::array();
        for (const auto& r : ranking) {
            rank.push_back({{"gpu", r.gpu},
                            {"stencil", r.stencil},
                            {"problem", r.problem},
                            {"n", r.n},
                            {"spearman", orNull(r.spearman)},
                            {"choice_regret", r.choiceRegret},
                            {"choice_ties", r.choiceTies},
                            {"top", r.top},
                            {"top_regret", r.topRegret},
                            {"random_regret", r.randomRegret}});
        }
        json pairs = json::array();
        for (const auto& p : st.pairs) {
            pairs.push_back({{"id", p.run.id},
                             {"gpu", p.run.gpu},
                             {"stencil", p.run.stencil},
                             {"measured_s", p.run.timeSeconds},
                             {"predicted_s", p.predicted ? json(p.tAlg) : json(nullptr)},
                             {"rel_error", p.predicted ? json(p.relError) : json(nullptr)},
                             {"near_best", p.nearBest},
                             {"reason", p.reason}});
        }
        out << json{{"command", "runs stats"},
                    {"variant", variantJson(v, 3)},
                    {"within", within},
                    {"runs", st.pairs.size()},
                    {"experiments", st.experiments},
                    {"unpredicted", st.unpredicted},
                    {"all", statsJson(st.all)},
                    {"near_best", statsJson(st.nearBest)},
                    {"ranking", rank},
                    {"pairs", pairs}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o;
    o << st.pairs.size() << " runs in " << st.experiments
      << (st.experiments == 1 ? " experiment (" : " experiments (") << st.unpredicted
      << " without a prediction)\n";
    o << "  all runs:                     n = " << st.all.n << "  RMSE "
      << fmt(st.all.rmse * 100, 4) << " %  MAPE " << fmt(st.all.mape * 100, 4) << " %  mean "
      << fmt(st.all.meanSigned * 100, 4) << " %\n";
    o << "  within " << fmt(within * 100, 3) << " % of each best:     n = " << st.nearBest.n
      << "  RMSE " << fmt(st.nearBest.rmse * 100, 4) << " %  MAPE "
      << fmt(st.nearBest.mape * 100, 4) << " %  mean " << fmt(st.nearBest.meanSigned * 100, 4)
      << " %\n";
    o << "  (relative errors (T_alg - T_meas) / T_meas; negative mean: the model is optimistic)\n";
    if (!ranking.empty()) {
        o << "\nHow well the model chooses (per experiment; regret: measured / best measured - "
             "1):\n";
        for (const auto& r : ranking) {
            o << "  " << r.gpu << " " << r.stencil << " " << r.problem << ": n = " << r.n
              << "  Spearman " << (std::isfinite(r.spearman) ? fmt(r.spearman, 3) : "-")
              << "  choice +" << fmt(r.choiceRegret * 100, 3) << " %"
              << (r.choiceTies > 1 ? " (" + std::to_string(r.choiceTies) + " tied)" : "")
              << "  best of its top " << r.top << " +" << fmt(r.topRegret * 100, 3) << " %  (of "
              << r.top << " at random +" << fmt(r.randomRegret * 100, 3) << " %)\n";
        }
    }
    out << o.str();
    return 0;
}

int runsCalibrate(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> valued{"--db",  "--gpu",    "--stencil", "--space",      "--time",
                                    "--fit", "--within", "--out-gpu", "--out-stencil"};
    valued.insert(valued.end(), kVariantFlags.begin(), kVariantFlags.end());
    const Arguments a(args, valued, {"--json", "--near-best"});
    const runs::RunStore store(a.required("--db"), runs::RunStore::Mode::ReadOnly);
    // A profile file first; else the description stored with the runs (issue 43: the runs of
    // a GPU of the user's stay usable when its file is gone).
    runs::ProfileSet stored;
    stored.addStored(store);
    const auto orStored = [&](const std::string& id, auto load, const auto& map) {
        try {
            return load(id);
        } catch (const InputError&) {
            if (const auto it = map.find(id); it != map.end()) {
                return it->second;
            }
            throw;
        }
    };
    const GpuProfile gpu = orStored(
        a.required("--gpu"), [](const std::string& id) { return loadGpuProfile(id); }, stored.gpus);
    const StencilProfile stencil = orStored(
        a.required("--stencil"), [](const std::string& id) { return loadStencilProfile(id); },
        stored.stencils);
    runs::CalibrationOptions o;
    o.nearBestOnly = a.has("--near-best");
    o.within = a.number("--within", 0.2);
    if (const auto fit = a.optional("--fit")) {
        o.parameters.clear();
        std::stringstream ss(*fit);
        std::string item;
        while (std::getline(ss, item, ',')) {
            o.parameters.push_back(runs::parseFitParameter(item, "--fit"));
        }
    }
    runs::RunFilter f = filterOf(a);
    f.gpu = gpu.id;
    f.stencil = stencil.id;
    const talg::TalgVariant v = parseVariant(a);
    const runs::Calibration c = runs::calibrate(store.list(f), gpu, stencil, v, o, today());
    if (const auto p = a.optional("--out-gpu")) {
        writeTextAtomic(*p, toJson(c.fittedGpu).dump(2) + "\n");
    }
    if (const auto p = a.optional("--out-stencil")) {
        writeTextAtomic(*p, toJson(c.fittedStencil).dump(2) + "\n");
    }
    if (a.has("--json")) {
        json values = json::object();
        for (const auto& fv : c.values) {
            values[std::string(runs::name(fv.parameter))] = {{"before", fv.before},
                                                             {"after", fv.after}};
        }
        json residuals = json::array();
        for (const auto& p : c.residuals) {
            residuals.push_back({{"id", p.run.id},
                                 {"measured_s", p.run.timeSeconds},
                                 {"predicted_s", p.predicted ? json(p.tAlg) : json(nullptr)},
                                 {"rel_error", p.predicted ? json(p.relError) : json(nullptr)}});
        }
        out << json{{"command", "runs calibrate"},
                    {"gpu", c.gpu},
                    {"stencil", c.stencil},
                    {"runs_used", c.runsUsed},
                    {"near_best_only", o.nearBestOnly},
                    {"fitted", values},
                    {"before", statsJson(c.before)},
                    {"after", statsJson(c.after)},
                    {"residuals", residuals},
                    {"gpu_profile", json::parse(toJson(c.fittedGpu).dump())},
                    {"stencil_profile", json::parse(toJson(c.fittedStencil).dump())}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream s;
    s << "calibration of " << c.stencil << " on " << c.gpu << " from " << c.runsUsed << " runs"
      << (o.nearBestOnly ? " (within " + fmt(o.within * 100, 3) + " % of each best)" : "") << ":\n";
    for (const auto& fv : c.values) {
        s << "  " << runs::name(fv.parameter) << ": " << fmt(fv.before, 6) << " -> "
          << fmt(fv.after, 6) << "\n";
    }
    s << "  RMSE " << fmt(c.before.rmse * 100, 4) << " % -> " << fmt(c.after.rmse * 100, 4)
      << " %, MAPE " << fmt(c.before.mape * 100, 4) << " % -> " << fmt(c.after.mape * 100, 4)
      << " %\n";
    if (!a.has("--out-gpu") && !a.has("--out-stencil")) {
        s << "  (--out-stencil / --out-gpu save the fitted profiles)\n";
    }
    out << s.str();
    return 0;
}

int runRuns(const std::vector<std::string>& args, std::ostream& out) {
    if (args.empty()) {
        throw InputError("runs", {}, "expected a subcommand: import, list, stats, calibrate");
    }
    const std::string sub = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (sub == "import") {
        return runsImport(rest, out);
    }
    if (sub == "list") {
        return runsList(rest, out);
    }
    if (sub == "stats") {
        return runsStats(rest, out);
    }
    if (sub == "calibrate") {
        return runsCalibrate(rest, out);
    }
    throw InputError("runs", sub, "unknown subcommand; expected import, list, stats, calibrate");
}

} // namespace

std::vector<Command> runsCommands() {
    return {{"runs", "measured runs: import, list, stats (RMSE), calibrate (SQLite --db)",
             kRunsUsage, runRuns}};
}

} // namespace cdx::cli
