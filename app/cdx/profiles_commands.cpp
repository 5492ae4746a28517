// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/profiles_commands.hpp"

#include "area/area_model.hpp"
#include "cdx/arguments.hpp"
#include "eatss/eatss_model.hpp"
#include "energy/energy_profiles.hpp"
#include "mwp/mwp_profiles.hpp"
#include "occupancy/occupancy.hpp"
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
    "       cdx profiles --show KIND/ID [--json]\n"
    "  Lists the shipped profiles and yours (the user folder, then $CDX_PROFILES_PATH), a broken\n"
    "  one of yours with the reason; --show prints one profile file as shipped (its values with\n"
    "  units and sources), KIND one of gpus, stencils, mwp-gpus, kernels, energy, area,\n"
    "  eatss-gpus, programs: `cdx profiles --show gpus/gtx980`.\n";

// The profile folders --show reads.
const std::vector<std::string> kKinds{"gpus",   "stencils", "mwp-gpus",   "kernels",
                                      "energy", "area",     "eatss-gpus", "programs"};

int runShow(const std::string& what, std::ostream& out) {
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
        {"gpus", "gpus", "GPUs (cdx talg/optimize --gpu):",
         [](const std::filesystem::path& path) {
             const GpuProfile p = readGpuProfile(path);
             return std::pair{json{{"name", p.name}, {"architecture", p.architecture}},
                              line("  %-14s %-30s %s\n", p.id, p.name, p.architecture)};
         }},
        {"stencils", "stencils", "stencils:",
         [](const std::filesystem::path& path) {
             const StencilProfile p = readStencilProfile(path);
             json cIter = json::object();
             std::string withCIter;
             for (const auto& [gpu, q] : p.cIterByGpu) {
                 cIter[gpu] = q.value ? json(*q.value) : json(nullptr);
                 if (q.value) {
                     withCIter += (withCIter.empty() ? "" : ", ") + gpu;
                 }
             }
             const auto fpp = p.params.at("flops_per_point").value;
             return std::pair{
                 json{{"name", p.name},
                      {"dim", p.dim},
                      {"flops_per_point", fpp ? json(*fpp) : json(nullptr)},
                      {"c_iter_s", cIter}},
                 line("  %-14s %-16s %s\n", p.id, p.name,
                      std::to_string(p.dim) + "D  C_iter for: " +
                          (withCIter.empty() ? "none published (use --set c_iter_s=...)"
                                             : withCIter))};
         }},
        {"mwp-gpus", "mwp_gpus", "MWP-CWP GPUs (cdx mwp/power/occupancy --gpu):",
         [](const std::filesystem::path& path) {
             const GpuProfile p = loadMwpGpuProfile(path.string());
             const bool power = mwp::hasPowerModel(p);
             std::string cc;
             if (const auto it = p.params.find("compute_capability");
                 it != p.params.end() && it->second.value) {
                 cc = "CC " + occupancy::capabilityName(*it->second.value);
             }
             return std::pair{
                 json{{"name", p.name}, {"architecture", p.architecture}, {"power_model", power}},
                 line("  %-14s %-30s %s\n", p.id, p.name,
                      p.architecture + (cc.empty() ? "" : ", " + cc) +
                          (power ? "  power model" : ""))};
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
        {"eatss-gpus", "eatss_gpus", "EATSS GPUs (cdx eatss --gpu):",
         [](const std::filesystem::path& path) {
             const auto g = eatss::loadGpu(path.string());
             return std::pair{json{{"name", g.name}}, line("  %-16s %s\n", g.id, g.name)};
         }},
    };
    return all;
}

int runProfiles(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, {"--show"}, {"--json"});
    if (a.has("--show")) {
        return runShow(a.required("--show"), out); // JSON with or without --json
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
