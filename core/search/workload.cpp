// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/workload.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace cdx::search {

using nlohmann::json;

std::vector<std::string> namedWorkloads() {
    return {"ppopp17", "thesis"};
}

std::vector<std::string> codesignStencilIds() {
    return {"jacobi2d", "heat2d", "laplacian2d", "gradient2d", "heat3d", "laplacian3d"};
}

std::vector<talg::Problem> namedWorkloadSizes(const std::string& id, int dim) {
    std::vector<talg::Problem> out;
    const std::vector<std::int64_t> times2d{1024, 2048, 4096, 8192, 16384};
    if (dim == 2) {
        const std::vector<std::int64_t> spaces =
            id == "thesis" ? std::vector<std::int64_t>{4096, 8192, 12288, 16384}
                           : std::vector<std::int64_t>{4096, 8192};
        for (std::int64_t s : spaces) {
            for (std::int64_t t : times2d) {
                if (id == "thesis" && t > s) {
                    continue; // C.17: no more than S iterations are needed
                }
                out.push_back(talg::Problem{2, {s, s, 1}, t});
            }
        }
    } else if (dim == 3) {
        for (std::int64_t s : {384, 512, 640}) {
            for (std::int64_t t : {128, 256, 384, 512, 640}) {
                if (t <= s) {
                    out.push_back(talg::Problem{3, {s, s, s}, t});
                }
            }
        }
    }
    return out;
}

namespace {

bool wanted(const std::vector<std::string>& stencils, const std::string& id) {
    return stencils.empty() || std::find(stencils.begin(), stencils.end(), id) != stencils.end();
}

WorkloadItem makeItem(const StencilProfile& prof, const GpuProfile& gpu, const talg::Problem& p,
                      double weight) {
    WorkloadItem it;
    it.stencil = toStencil(prof, gpu);
    it.stencilName = prof.name;
    it.problem = p;
    it.weight = weight;
    return it;
}

std::string sizeText(const talg::Problem& p) {
    std::string s;
    for (int i = 0; i < p.dim; ++i) {
        s.append(i ? "x" : "").append(std::to_string(p.space[i]));
    }
    s.append(" T=").append(std::to_string(p.time));
    return s;
}

} // namespace

void validate(const Workload& w) {
    if (w.items.empty()) {
        throw InputError("workload", w.id, "is empty: give at least one stencil and problem size");
    }
    double total = 0;
    for (std::size_t i = 0; i < w.items.size(); ++i) {
        const WorkloadItem& it = w.items[i];
        const std::string where = "workload " + w.id + " item " + std::to_string(i + 1);
        if (!std::isfinite(it.weight) || it.weight < 0) {
            throw InputError("weight", formatNumber(it.weight), "must be a finite number >= 0",
                             where);
        }
        total += it.weight;
        if (it.problem.dim != it.stencil.dim) {
            throw InputError("space", sizeText(it.problem),
                             "stencil " + it.stencil.id + " is " + std::to_string(it.stencil.dim) +
                                 "D: give " + std::to_string(it.stencil.dim) + " space sizes",
                             where);
        }
        for (int d = 0; d < it.problem.dim; ++d) {
            if (it.problem.space[d] < 1 || it.problem.space[d] > talg::kMaxExtent) {
                throw InputError("space", sizeText(it.problem),
                                 "sizes must be integers in [1, 2^30]", where);
            }
        }
        if (it.problem.time < 2 || it.problem.time > talg::kMaxExtent) {
            throw InputError("time", std::to_string(it.problem.time),
                             "must be an integer in [2, 2^30] (tT >= 2 must fit)", where);
        }
    }
    if (total <= 0) {
        throw InputError("weight", "0", "at least one item needs a positive weight",
                         "workload " + w.id);
    }
}

Workload workloadFromJson(const json& j, const std::string& file, const GpuProfile& gpu,
                          const std::vector<std::string>& stencils) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a workload object", file);
    }
    if (j.value("schema", std::string{}) != kWorkloadSchema) {
        throw InputError("schema", j.contains("schema") ? j.at("schema").dump() : "",
                         std::string("expected \"") + kWorkloadSchema + "\"", file);
    }
    if (!j.contains("version") || !j.at("version").is_number_integer() ||
        j.at("version") != 1) { // by value: get<int>() of 4294967297 would read 1
        throw InputError("version", j.contains("version") ? j.at("version").dump() : "",
                         "expected 1 (this build reads workload version 1)", file);
    }
    Workload w;
    w.id = j.contains("id") && j.at("id").is_string() ? j.at("id").get<std::string>()
                                                      : std::filesystem::path(file).stem().string();
    w.description = j.value("description", std::string{});
    if (!j.contains("items") || !j.at("items").is_array()) {
        throw InputError("items", {},
                         "missing; expected an array of {stencil, space, time, weight}", file);
    }
    std::size_t index = 0;
    for (const auto& e : j.at("items")) {
        ++index;
        const std::string path = "items[" + std::to_string(index - 1) + "]";
        if (!e.is_object()) {
            throw InputError(path, e.dump(), "expected an object {stencil, space, time, weight}",
                             file);
        }
        if (!e.contains("stencil") || !e.at("stencil").is_string()) {
            throw InputError(path + ".stencil", {}, "missing; expected a stencil id or path", file);
        }
        const std::string sid = e.at("stencil").get<std::string>();
        const StencilProfile prof = loadStencilProfile(sid);
        if (!wanted(stencils, prof.id)) {
            continue;
        }
        talg::Problem p;
        p.dim = prof.dim;
        if (!e.contains("space") || !e.at("space").is_array() ||
            e.at("space").size() != static_cast<std::size_t>(prof.dim)) {
            throw InputError(path + ".space", e.contains("space") ? e.at("space").dump() : "",
                             "expected " + std::to_string(prof.dim) + " positive integers (" +
                                 prof.id + " is " + std::to_string(prof.dim) + "D)",
                             file);
        }
        for (int d = 0; d < prof.dim; ++d) {
            const auto& v = e.at("space")[static_cast<std::size_t>(d)];
            if (!v.is_number_integer() || v.get<std::int64_t>() < 1) {
                throw InputError(path + ".space", e.at("space").dump(),
                                 "expected positive integers", file);
            }
            p.space[d] = v.get<std::int64_t>();
        }
        if (!e.contains("time") || !e.at("time").is_number_integer() ||
            e.at("time").get<std::int64_t>() < 2) {
            throw InputError(path + ".time", e.contains("time") ? e.at("time").dump() : "",
                             "expected an integer >= 2", file);
        }
        p.time = e.at("time").get<std::int64_t>();
        double weight = 1;
        if (e.contains("weight")) {
            if (!e.at("weight").is_number()) {
                throw InputError(path + ".weight", e.at("weight").dump(), "expected a number >= 0",
                                 file);
            }
            weight = e.at("weight").get<double>();
        }
        w.items.push_back(makeItem(prof, gpu, p, weight));
    }
    validate(w);
    return w;
}

Workload loadWorkload(const std::string& spec, const GpuProfile& gpu,
                      const std::vector<std::string>& stencils) {
    const auto names = namedWorkloads();
    if (std::find(names.begin(), names.end(), spec) == names.end()) {
        if (spec.find('/') == std::string::npos && !spec.ends_with(".json")) {
            throw InputError("--workload", spec,
                             "unknown workload; expected ppopp17, thesis or a path to a workload "
                             ".json file");
        }
        return workloadFromJson(parseJson(readText(spec), spec), spec, gpu, stencils);
    }
    Workload w;
    w.id = spec;
    w.description = spec == "thesis"
                        ? "thesis C.17 2D sizes (16), PPoPP'17 3D sizes (12), uniform weights"
                        : "PPoPP'17 sizes: 2D 10, 3D 12 per stencil, uniform weights";
    for (const std::string& id : stencils.empty() ? codesignStencilIds() : stencils) {
        const StencilProfile prof = loadStencilProfile(id);
        if (prof.dim == 1) {
            throw InputError("--stencil", id,
                             "the named workloads have 2D and 3D sizes only; use a workload file");
        }
        for (const talg::Problem& p : namedWorkloadSizes(spec, prof.dim)) {
            w.items.push_back(makeItem(prof, gpu, p, 1.0));
        }
    }
    validate(w);
    return w;
}

json toJson(const Workload& w) {
    json items = json::array();
    for (const WorkloadItem& it : w.items) {
        json space = json::array();
        for (int d = 0; d < it.problem.dim; ++d) {
            space.push_back(it.problem.space[d]);
        }
        items.push_back({{"stencil", it.stencil.id},
                         {"space", space},
                         {"time", it.problem.time},
                         {"weight", it.weight}});
    }
    return {{"schema", kWorkloadSchema},
            {"version", 1},
            {"id", w.id},
            {"description", w.description},
            {"items", items}};
}

Workload loadWorkload(const std::string& spec, const std::string& gpuId,
                      const std::vector<std::string>& stencils) {
    return loadWorkload(spec, loadGpuProfile(gpuId), stencils);
}

Workload workloadFromJson(const json& j, const std::string& file, const std::string& gpuId,
                          const std::vector<std::string>& stencils) {
    return workloadFromJson(j, file, loadGpuProfile(gpuId), stencils);
}

} // namespace cdx::search
