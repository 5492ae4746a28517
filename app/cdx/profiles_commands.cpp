// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/profiles_commands.hpp"

#include "cdx/arguments.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cstdio>
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
    "  Lists the shipped profiles; --show prints one profile file as shipped (its values with\n"
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
    for (const auto& e : listProfiles(kind)) {
        if (e.id == id) {
            // As shipped: the file's own JSON (a published input is checked where it is kept).
            out << parseJson(readText(e.path), e.path.string()).dump(2) << '\n';
            return 0;
        }
        known += (known.empty() ? "" : ", ") + e.id;
    }
    throw InputError("--show", what, "unknown " + kind + " id; shipped: " + known);
}

int runProfiles(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, {"--show"}, {"--json"});
    if (a.has("--show")) {
        return runShow(a.required("--show"), out); // JSON with or without --json
    }
    json gpus = json::array();
    json stencils = json::array();
    std::ostringstream o;
    o << "GPUs:\n";
    for (const auto& e : listProfiles("gpus")) {
        const GpuProfile p = readGpuProfile(e.path);
        gpus.push_back({{"id", p.id},
                        {"name", p.name},
                        {"architecture", p.architecture},
                        {"path", e.path.string()}});
        char buf[200];
        std::snprintf(buf, sizeof buf, "  %-14s %-30s %s\n", p.id.c_str(), p.name.c_str(),
                      p.architecture.c_str());
        o << buf;
    }
    o << "stencils:\n";
    for (const auto& e : listProfiles("stencils")) {
        const StencilProfile p = readStencilProfile(e.path);
        json cIter = json::object();
        std::string withCIter;
        for (const auto& [gpu, q] : p.cIterByGpu) {
            cIter[gpu] = q.value ? json(*q.value) : json(nullptr);
            if (q.value) {
                withCIter += (withCIter.empty() ? "" : ", ") + gpu;
            }
        }
        const auto fpp = p.params.at("flops_per_point").value;
        stencils.push_back({{"id", p.id},
                            {"name", p.name},
                            {"dim", p.dim},
                            {"flops_per_point", fpp ? json(*fpp) : json(nullptr)},
                            {"c_iter_s", cIter},
                            {"path", e.path.string()}});
        char buf[240];
        std::snprintf(buf, sizeof buf, "  %-14s %-16s %dD  C_iter for: %s\n", p.id.c_str(),
                      p.name.c_str(), p.dim,
                      withCIter.empty() ? "none published (use --set c_iter_s=...)"
                                        : withCIter.c_str());
        o << buf;
    }
    // MWP-CWP: the thesis's GPUs and the kernels.
    json mwpGpus = json::array();
    o << "MWP-CWP GPUs (cdx mwp/power --gpu):\n";
    for (const auto& e : listProfiles("mwp-gpus")) {
        const GpuProfile p = loadMwpGpuProfile(e.path.string());
        const bool power = mwp::hasPowerModel(p);
        mwpGpus.push_back({{"id", p.id},
                           {"name", p.name},
                           {"architecture", p.architecture},
                           {"power_model", power},
                           {"path", e.path.string()}});
        char buf[240];
        std::snprintf(buf, sizeof buf, "  %-14s %-30s %-12s %s\n", p.id.c_str(), p.name.c_str(),
                      p.architecture.c_str(), power ? "power model" : "");
        o << buf;
    }
    json kernels = json::array();
    o << "MWP-CWP kernels (cdx mwp/power --kernel):\n";
    for (const auto& e : listProfiles("kernels")) {
        const KernelProfile k = loadKernelProfile(e.path.string());
        kernels.push_back({{"id", k.id}, {"name", k.name}, {"path", e.path.string()}});
        char buf[240];
        std::snprintf(buf, sizeof buf, "  %-16s %s\n", k.id.c_str(), k.name.c_str());
        o << buf;
    }
    if (a.has("--json")) {
        out << json{{"gpus", gpus},
                    {"stencils", stencils},
                    {"mwp_gpus", mwpGpus},
                    {"kernels", kernels}}
                   .dump(2)
            << '\n';
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
