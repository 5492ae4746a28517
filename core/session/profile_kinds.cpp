// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/profile_kinds.hpp"

#include "area/area_model.hpp"
#include "area/memory_tech.hpp"
#include "eatss/eatss_model.hpp"
#include "energy/energy_profiles.hpp"
#include "params/input_error.hpp"

#include <exception>

namespace cdx {

const std::vector<ProfileKind>& profileKinds() {
    static const std::vector<ProfileKind> kinds{
        {"gpus", [](const std::filesystem::path& p) { (void)loadGpuProfile(p.string()); }},
        {"stencils", [](const std::filesystem::path& p) { (void)readStencilProfile(p); }},
        {"kernels", [](const std::filesystem::path& p) { (void)loadKernelProfile(p.string()); }},
        {"energy",
         [](const std::filesystem::path& p) { (void)energy::loadEnergyProfile(p.string()); }},
        {"area",
         [](const std::filesystem::path& p) { (void)area::loadCoefficientSet(p.string()); }},
        {"eatss-gpus", [](const std::filesystem::path& p) { (void)eatss::loadGpu(p.string()); }},
        {"memory", [](const std::filesystem::path& p) { (void)area::loadMemoryTech(p.string()); }},
    };
    return kinds;
}

std::vector<ProfileEntry> listCheckedProfiles(const std::string& kind) {
    std::vector<ProfileEntry> entries = listAllProfiles(kind);
    const ProfileKind* reader = nullptr;
    for (const auto& k : profileKinds()) {
        reader = k.kind == kind ? &k : reader;
    }
    if (reader == nullptr) {
        return entries;
    }
    for (auto& e : entries) {
        if (!e.user || !e.error.empty()) {
            continue;
        }
        try {
            reader->read(e.path);
        } catch (const InputError& x) {
            e.error = x.what();
        } catch (const std::exception& x) { // a reader's own failure, said as it is
            e.error = e.path.filename().string() + ": " + x.what();
        }
    }
    return entries;
}

} // namespace cdx
