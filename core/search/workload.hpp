// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/model_inputs.hpp"
#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

// A codesign workload: stencils x problem sizes x weights (thesis C.17-C.18,
// spec/area-codesign.md §2.3-2.4). T^Cd = sum_i weight_i * T_alg,i.
namespace cdx::search {

struct WorkloadItem {
    Stencil stencil; // C_iter of the GPU whose time-model constants the codesign uses
    std::string stencilName;
    talg::Problem problem;
    double weight = 1;
};

struct Workload {
    std::string id;          // "ppopp17", "thesis", or the file's id
    std::string description; // one line, shown in views and reports
    std::vector<WorkloadItem> items;
};

// Named workloads. Sizes:
//  ppopp17  PPoPP'17 §5 (spec/talg-time-model.md §4.2): 2D S1=S2 in {4096, 8192} x T in
//           {1024..16384}; 3D S in {384, 512, 640} x T in {128..640}, T <= S.
//  thesis   thesis C.17 for 2D: S in {4096, 8192, 12288, 16384} x T in {1024..16384}, T <= S
//           (16 sizes; the printed "12228" read as 12288); 3D sizes are not stated (A15):
//           the PPoPP'17 3D sizes.
// Every item has weight 1 (the thesis' uniform frequencies).
std::vector<std::string> namedWorkloads();
std::vector<talg::Problem> namedWorkloadSizes(const std::string& id, int dim);

// The six shipped stencils of the thesis' code set Cd (spec §2.4).
std::vector<std::string> codesignStencilIds();

// `spec` is a named workload or a path to a workload JSON file:
//   {"schema": "codesign-explorer-workload", "version": 1, "id": "...", "description": "...",
//    "items": [{"stencil": "heat2d", "space": [4096, 4096], "time": 1024, "weight": 1}, ...]}
// A named workload covers `stencils` (default: codesignStencilIds()); a file lists its own,
// and `stencils` then keeps only those. C_iter is taken from `gpu` (cIterOf); the overloads with
// a GPU id read that GPU as shipped or saved.
// Throws InputError: unknown name, malformed file (field named), empty result, negative or
// non-finite weights, all weights zero, sizes that do not match the stencil's dimension.
Workload loadWorkload(const std::string& spec, const GpuProfile& gpu,
                      const std::vector<std::string>& stencils = {});
Workload loadWorkload(const std::string& spec, const std::string& gpuId,
                      const std::vector<std::string>& stencils = {});
Workload workloadFromJson(const nlohmann::json& j, const std::string& file, const GpuProfile& gpu,
                          const std::vector<std::string>& stencils = {});
Workload workloadFromJson(const nlohmann::json& j, const std::string& file,
                          const std::string& gpuId, const std::vector<std::string>& stencils = {});
nlohmann::json toJson(const Workload& w);

// Throws InputError for an empty workload or bad weights / sizes.
void validate(const Workload& w);

inline constexpr const char* kWorkloadSchema = "codesign-explorer-workload";

} // namespace cdx::search
