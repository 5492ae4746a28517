// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/profiles_commands.hpp"

#include "area/area_model.hpp"
#include "area/memory_tech.hpp"
#include "cdx/arguments.hpp"
#include "eatss/eatss_model.hpp"
#include "energy/energy_profiles.hpp"
#include "mwp/mwp_profiles.hpp"
#include "occupancy/occupancy.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

// `cdx profiles` lists the shipped profiles of every family, so it is its own family rather
// than a part of one model's commands.
namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kProfilesUsage =
    "usage: cdx profiles [--json]\n"
    "       cdx profiles --show [KIND/]ID [--json]\n"
    "       cdx profiles derive BASE --id ID [--name NAME] [--set KEY=VALUE]... [--replace]\n"
    "                           [--json]\n"
    "       cdx profiles import FILE [--replace] [--json]\n"
    "  Lists the shipped profiles and yours (the user folder, then $CDX_PROFILES_PATH), a broken\n"
    "  one of yours with the reason. --show prints one profile: a GPU (ID alone, or gpus/ID) as\n"
    "  its description, every value with its unit, kind (vendor, published, measured,\n"
    "  estimated, fitted, yours), rule and source, the estimates of each family included (the\n"
    "  description as JSON with --json); another KIND (stencils, kernels, energy, area,\n"
    "  eatss-gpus, programs) as its file. derive writes the GPU BASE, after the --set values,\n"
    "  as a GPU of yours with id ID (every family's values, C_iter of every stencil, each rule\n"
    "  kept so that it follows the new facts) and prints the file's path. import makes the GPU\n"
    "  description FILE (cdx-measure's profile, docs/measuring.md) one of yours, after checking\n"
    "  it, and prints its values counted by kind and the file's path.\n";

// The profile folders --show reads.
const std::vector<std::string> kKinds{"gpus", "stencils",   "kernels", "energy",
                                      "area", "eatss-gpus", "programs"};

// A GPU description as a table: block by block, each value with its kind and where it comes
// from ("rule: 7.96e-10 * 1216 / clock_mhz", or its source).
std::string gpuTable(const GpuProfile& g) {
    std::ostringstream o;
    o << g.name << " (" << g.id << ")" << (g.architecture.empty() ? "" : ", " + g.architecture)
      << (g.process.empty() ? "" : ", " + g.process) << "\n";
    o << "values: " << kindCounts(g) << "\n";
    const auto row = [&o](const std::string& name, const Quantity& q) {
        const std::string value = q.value ? formatNumber(*q.value) : std::string("none");
        char buf[160];
        std::snprintf(buf, sizeof buf, "  %-28s %-22s %-10s %-10s ", name.c_str(), value.c_str(),
                      q.unit.c_str(), kindOf(q).c_str());
        o << buf << (q.rule.empty() ? q.source : "rule " + q.rule + "  (" + q.source + ")") << "\n";
    };
    for (const auto& b : gpuBlocks()) {
        bool heading = false;
        for (const auto key : b.keys) {
            const auto it = g.params.find(std::string(key));
            if (it == g.params.end()) {
                continue;
            }
            if (!heading) {
                o << std::string(b.title) << " (" << std::string(b.id) << "):\n";
                heading = true;
            }
            row(std::string(key), it->second);
        }
        if (b.id == "talg" && !g.cIterByStencil.empty()) {
            if (!heading) {
                o << std::string(b.title) << " (" << std::string(b.id) << "):\n";
            }
            for (const auto& [stencil, q] : g.cIterByStencil) {
                row("c_iter_s." + stencil, q);
            }
        }
    }
    return o.str();
}

int runShow(const std::string& whatGiven, std::ostream& out, bool asJson) {
    // A bare id is a GPU's (issue 43: `cdx profiles --show h100-sxm5`).
    const std::string what =
        whatGiven.find('/') == std::string::npos ? "gpus/" + whatGiven : whatGiven;
    const auto slash = what.find('/');
    const std::string kind = what.substr(0, slash);
    std::string kinds;
    for (const auto& k : kKinds) {
        kinds += (kinds.empty() ? "" : ", ") + k;
    }
    if (slash == std::string::npos ||
        std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end()) {
        throw InputError("--show", what, "expected KIND/ID with KIND one of " + kinds);
    }
    const std::string id = what.substr(slash + 1);
    std::string known;
    const auto all = listAllProfiles(kind);
    for (const auto& e : all) {
        if (e.id == id && e.error.empty()) {
            if (kind == "gpus") {
                // The description every family reads: the file and the families' estimates.
                const GpuProfile g = loadGpuProfile(e.path.string());
                if (asJson) {
                    out << toJson(g).dump(2) << '\n';
                } else {
                    out << gpuTable(g);
                }
                return 0;
            }
            // As it is in its file (a published input is checked where it is kept).
            out << parseJson(readText(e.path), e.path.string()).dump(2) << '\n';
            return 0;
        }
        if (e.error.empty()) {
            known += (known.empty() ? "" : ", ") + e.id + (e.user ? " (yours)" : "");
        }
    }
    for (const auto& e : all) {
        if (e.id == id) {
            throw InputError("--show", what, "a profile of yours that cannot be used: " + e.error);
        }
    }
    throw InputError("--show", what, "unknown " + kind + " id; known: " + known);
}

// One profile entry's JSON: its own fields, then where it is from. A broken user profile has
// only its id, path, origin and error.
json entryJson(const ProfileEntry& e, json fields) {
    json j{{"id", e.id}};
    for (auto& [k, v] : fields.items()) {
        j[k] = v;
    }
    j["path"] = e.path.string();
    j["origin"] = e.user ? "yours" : "shipped";
    if (!e.error.empty()) {
        j["error"] = e.error;
    }
    return j;
}

// A profile kind as `cdx profiles` lists it: the JSON key, the heading, and how one file is read
// (which is also how a user profile is checked) into its JSON fields and its text line.
struct Kind {
    const char* kind;
    const char* jsonKey;
    const char* heading;
    std::function<std::pair<json, std::string>(const std::filesystem::path&)> read;
};

std::string line(const char* format, const std::string& a, const std::string& b,
                 const std::string& c = {}) {
    const int n = std::snprintf(nullptr, 0, format, a.c_str(), b.c_str(), c.c_str());
    std::string out(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
    std::snprintf(out.data(), out.size(), format, a.c_str(), b.c_str(), c.c_str());
    out.pop_back(); // the terminating zero
    return out;
}

const std::vector<Kind>& kinds() {
    static const std::vector<Kind> all{
        {"gpus", "gpus",
         "GPUs (one description each, read by every family's --gpu; cdx profiles --show ID):",
         [](const std::filesystem::path& path) {
             const GpuProfile p = loadGpuProfile(path.string());
             const bool power = mwp::hasPowerModel(p);
             std::string cc;
             if (const auto it = p.params.find("compute_capability");
                 it != p.params.end() && it->second.value) {
                 cc = "CC " + occupancy::capabilityName(*it->second.value);
             }
             json kinds = json::object();
             for (const auto& [k, n] : kindTally(p)) {
                 kinds[k] = n;
             }
             return std::pair{json{{"name", p.name},
                                   {"architecture", p.architecture},
                                   {"power_model", power},
                                   {"values", kinds}},
                              line("  %-14s %-30s %s\n", p.id, p.name,
                                   p.architecture + (cc.empty() ? "" : ", " + cc) +
                                       (power ? ", power model" : "") + "; " + kindCounts(p))};
         }},
        {"stencils", "stencils", "stencils:",
         [](const std::filesystem::path& path) {
             const StencilProfile p = readStencilProfile(path);
             json cIter = json::object();
             for (const auto& [gpu, q] : p.cIterByGpu) {
                 cIter[gpu] = q.value ? json(*q.value) : json(nullptr);
             }
             const auto fpp = p.params.at("flops_per_point").value;
             return std::pair{
                 json{{"name", p.name},
                      {"dim", p.dim},
                      {"flops_per_point", fpp ? json(*fpp) : json(nullptr)},
                      {"c_iter_s", cIter}},
                 line("  %-14s %-16s %s\n", p.id, p.name,
                      std::to_string(p.dim) + "D  (C_iter is each GPU's: cdx profiles --show ID)")};
         }},
        {"kernels", "kernels", "MWP-CWP kernels (cdx mwp/power --kernel):",
         [](const std::filesystem::path& path) {
             const KernelProfile kp = loadKernelProfile(path.string());
             return std::pair{json{{"name", kp.name}}, line("  %-16s %s\n", kp.id, kp.name)};
         }},
        {"energy", "energy", "energy coefficients (cdx energy --coefficients):",
         [](const std::filesystem::path& path) {
             const auto p = energy::loadEnergyProfile(path.string());
             return std::pair{json{{"name", p.name}}, line("  %-16s %s\n", p.id, p.name)};
         }},
        {"area", "area", "area coefficients (cdx area/codesign --coefficients):",
         [](const std::filesystem::path& path) {
             const auto p = area::loadCoefficientSet(path.string());
             return std::pair{json{{"name", p.name}}, line("  %-16s %s\n", p.id, p.name)};
         }},
        {"memory", "memory",
         "memory technologies (cdx chip-power/codesign --memory, a GPU's \"memory\"):",
         [](const std::filesystem::path& path) {
             const auto t = area::loadMemoryTech(path.string());
             const std::string what = t.name + ", " + formatNumber(t.value("width_bits")) +
                                      "-bit " + t.unit + " at " +
                                      formatNumber(t.value("pin_rate_gbps")) + " Gb/s, " +
                                      formatNumber(t.value("capacity_gb")) + " GB";
             return std::pair{json{{"name", t.name}, {"unit", t.unit}},
                              line("  %-16s %s\n", t.id, what)};
         }},
        {"eatss-gpus", "eatss_gpus", "EATSS GPUs (cdx eatss --gpu):",
         [](const std::filesystem::path& path) {
             const auto g = eatss::loadGpu(path.string());
             return std::pair{json{{"name", g.name}}, line("  %-16s %s\n", g.id, g.name)};
         }},
    };
    return all;
}

// `cdx profiles derive BASE --id ID [--name NAME] [--set KEY=VALUE]... [--replace] [--json]`.
int runDerive(const std::vector<std::string>& args, std::ostream& out) {
    const auto [flags, words] = splitOperands(args, {"--id", "--name", "--set"});
    if (words.size() != 1) {
        throw InputError("BASE", words.empty() ? std::string() : words[1],
                         "expected one GPU to derive from (an id or a path): cdx profiles "
                         "derive BASE --id ID");
    }
    const Arguments a(flags, {"--id", "--name", "--set"}, {"--json", "--replace"});
    GpuProfile base;
    try {
        base = loadGpuProfile(words[0]);
    } catch (const InputError& e) {
        if (e.field() != "--gpu") {
            throw;
        }
        throw InputError("BASE", e.value(), e.allowed()); // the operand, not a flag it has not
    }
    const std::string id = a.required("--id");
    const auto profile =
        deriveGpuProfile(base, id, a.optional("--name").value_or(""),
                         a.has("--set") ? a.repeated("--set") : std::vector<std::string>{});
    std::filesystem::path path;
    try {
        path = saveUserProfile("gpus", profile, a.has("--replace"));
    } catch (const InputError& e) {
        if (e.field() == "id" && !a.has("--replace") &&
            e.allowed().find("a profile of yours has this id") == 0) {
            throw InputError(e.field(), e.value(), e.allowed() + "; --replace replaces it");
        }
        throw;
    }
    if (a.has("--json")) {
        out << json{{"command", "profiles derive"},
                    {"id", id},
                    {"base", base.id},
                    {"path", path.string()}}
                   .dump(2)
            << '\n';
    } else {
        out << path.string() << '\n';
    }
    return 0;
}

// `cdx profiles import FILE [--replace] [--json]`: a GPU description (cdx-measure's) made one
// of the user's.
int runImport(const std::vector<std::string>& args, std::ostream& out) {
    const auto [flags, words] = splitOperands(args, {});
    if (words.size() != 1) {
        throw InputError("FILE", words.empty() ? std::string() : words[1],
                         "expected one GPU description to import: cdx profiles import FILE");
    }
    const Arguments a(flags, {}, {"--json", "--replace"});
    std::pair<GpuProfile, std::filesystem::path> imported;
    try {
        imported = importGpuProfile(words[0], a.has("--replace"));
    } catch (const InputError& e) {
        if (e.field() == "id" && !a.has("--replace") &&
            e.allowed().find("a profile of yours has this id") == 0) {
            throw InputError(e.field(), e.value(), e.allowed() + "; --replace replaces it");
        }
        throw;
    }
    const auto& [gpu, path] = imported;
    if (a.has("--json")) {
        out << json{{"command", "profiles import"},
                    {"id", gpu.id},
                    {"name", gpu.name},
                    {"kinds", kindCounts(gpu)},
                    {"path", path.string()}}
                   .dump(2)
            << '\n';
    } else {
        out << gpu.id << " (" << gpu.name << "): " << kindCounts(gpu) << "\n"
            << path.string() << '\n';
    }
    return 0;
}

int runProfiles(const std::vector<std::string>& args, std::ostream& out) {
    if (!args.empty() && args.front() == "derive") {
        return runDerive({args.begin() + 1, args.end()}, out);
    }
    if (!args.empty() && args.front() == "import") {
        return runImport({args.begin() + 1, args.end()}, out);
    }
    const Arguments a(args, {"--show"}, {"--json"});
    if (a.has("--show")) {
        return runShow(a.required("--show"), out, a.has("--json"));
    }
    json all = json::object();
    std::ostringstream o;
    for (const auto& k : kinds()) {
        json list = json::array();
        o << k.heading << '\n';
        bool yoursHeading = false;
        const auto entries = listAllProfiles(k.kind);
        for (const auto& e : entries) {
            if (e.user && !yoursHeading) {
                std::vector<std::string> folders; // each folder with a profile of this kind
                for (const auto& f : entries) {
                    const std::string dir = f.path.parent_path().string();
                    if (f.user && std::find(folders.begin(), folders.end(), dir) == folders.end()) {
                        folders.push_back(dir);
                    }
                }
                o << "  Yours (";
                for (std::size_t i = 0; i < folders.size(); ++i) {
                    o << (i ? ", " : "") << folders[i];
                }
                o << "):\n";
                yoursHeading = true;
            }
            if (!e.error.empty()) {
                list.push_back(entryJson(e, json::object()));
                o << "  " << e.path.filename().string() << "  BROKEN, not usable: " << e.error
                  << '\n';
                continue;
            }
            try {
                auto [fields, text] = k.read(e.path);
                list.push_back(entryJson(e, std::move(fields)));
                o << text;
            } catch (const InputError& x) {
                if (!e.user) {
                    throw; // a shipped profile that does not load is an installation error
                }
                ProfileEntry broken = e;
                broken.error = x.what();
                list.push_back(entryJson(broken, json::object()));
                o << "  " << e.path.filename().string() << "  BROKEN, not usable: " << x.what()
                  << '\n';
            }
        }
        all[k.jsonKey] = list;
    }
    json folders = json::array();
    o << "Your profiles are read from";
    const auto userFolders = userProfileFolders();
    for (std::size_t i = 0; i < userFolders.size(); ++i) {
        folders.push_back(userFolders[i].string());
        o << (i ? ", " : " ") << userFolders[i].string() << "/KIND";
    }
    o << (userFolders.empty() ? " no folder ($HOME is not set)" : "")
      << " (the window saves to the first; $CDX_PROFILES_PATH adds folders).\n";
    all["user_folders"] = folders;
    if (a.has("--json")) {
        out << all.dump(2) << '\n';
    } else {
        out << o.str();
    }
    return 0;
}

} // namespace

std::vector<Command> profilesCommands() {
    return {{"profiles", "list the shipped profiles, or show one as shipped", kProfilesUsage,
             runProfiles}};
}

} // namespace cdx::cli
