// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/profile_label.hpp"

#include "params/input_error.hpp"

namespace cdx {

std::string editedParameters(const std::map<std::string, Quantity>& params, std::size_t maxShown) {
    std::string out;
    std::size_t shown = 0, more = 0;
    for (const auto& [key, q] : params) {
        if (!q.edited) {
            continue;
        }
        if (shown == maxShown) {
            ++more;
            continue;
        }
        if (!out.empty()) {
            out += ", ";
        }
        // Cleared: "unknown", as the editors show a value the sources do not give.
        out += key + " = " + (q.value ? formatNumber(*q.value) : std::string("unknown"));
        ++shown;
    }
    if (more > 0) {
        out += ", +" + std::to_string(more) + " more";
    }
    return out;
}

namespace {
std::string label(const std::string& name, const std::string& edits) {
    return edits.empty() ? name : name + ", edited: " + edits;
}
} // namespace

std::string profileLabel(const GpuProfile& p) {
    return label(p.name.empty() ? p.id : p.name, editedParameters(p.params));
}

std::string shortChipName(const GpuProfile& p) {
    std::string name = p.name.empty() ? p.id : p.name;
    for (const char* prefix : {"NVIDIA ", "AMD ", "GeForce ", "Tesla ", "Quadro ", "Radeon "}) {
        if (name.rfind(prefix, 0) == 0 && name.size() > std::string(prefix).size()) {
            name = name.substr(std::string(prefix).size());
        }
    }
    return name;
}

std::string profileLabel(const StencilProfile& p) {
    std::map<std::string, Quantity> all = p.params;
    for (const auto& [gpu, q] : p.cIterByGpu) {
        all.emplace("c_iter_s[" + gpu + "]", q);
    }
    return label(p.name.empty() ? p.id : p.name, editedParameters(all));
}

std::string profileLabel(const KernelProfile& p) {
    return label(p.name.empty() ? p.id : p.name, editedParameters(p.params));
}

} // namespace cdx
