// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_gpu.hpp"

#include "params/input_error.hpp"

#include <array>

namespace cdx::energy {

namespace {
constexpr std::array<const char*, 7> kRequired{"p_stat_w", "e_gs_j",   "e_sr_j",  "e_fadd_j",
                                               "e_fmul_j", "e_iadd_j", "e_imax_j"};
constexpr std::array<const char*, 3> kStated{"rmse_sw_pct", "rmse_j1d_pct", "rmse_j2d_pct"};
} // namespace

GpuBlock gpuBlock() {
    return {"energy",
            "Energy (thesis App. B)",
            {"p_stat_w", "e_gs_j", "e_sr_j", "e_fadd_j", "e_fmul_j", "e_iadd_j", "e_imax_j",
             "rmse_sw_pct", "rmse_j1d_pct", "rmse_j2d_pct"},
            nullptr};
}

bool hasEnergyCoefficients(const GpuProfile& gpu) {
    for (const char* k : kRequired) {
        const auto it = gpu.params.find(k);
        if (it == gpu.params.end() || !it->second.value) {
            return false;
        }
    }
    return true;
}

EnergyProfile energyProfileOf(const GpuProfile& gpu) {
    EnergyProfile p;
    p.id = gpu.id;
    p.name = gpu.name;
    p.gpu = gpu.name;
    p.architecture = gpu.architecture;
    p.method = "GPU description";
    p.note = "the energy block of the GPU description " + gpu.id;
    p.file = gpu.file;
    for (const char* k : kRequired) {
        const auto it = gpu.params.find(k);
        if (it == gpu.params.end() || !it->second.value) {
            throw InputError(
                std::string("energy coefficient ") + k, {},
                "missing: " + gpu.name + " (" + gpu.id +
                    ") has no energy block. The thesis measured energy coefficients on the "
                    "K20c only; choose k20c-a, k20c-b, the GPU k20c or a GPU derived from it, or "
                    "enter the coefficients",
                gpu.file);
        }
        p.params[k] = it->second;
    }
    for (const char* k : kStated) {
        const auto it = gpu.params.find(k);
        if (it != gpu.params.end() && it->second.value) {
            p.params[k] = it->second;
        }
    }
    return p;
}

std::optional<GpuProfile> measuredOn(const EnergyProfile& coefficients) {
    if (coefficients.gpu.empty()) {
        return std::nullopt;
    }
    for (const ProfileEntry& e : listAllProfiles("gpus")) {
        if (!e.error.empty() || e.name != coefficients.gpu) {
            continue;
        }
        try {
            return loadGpuProfile(e.path.string());
        } catch (const InputError&) {
            continue; // a user's description that does not load: not this chip
        }
    }
    return std::nullopt;
}

} // namespace cdx::energy
