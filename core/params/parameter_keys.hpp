// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cdx {

// Kernel: an MWP-CWP kernel profile (profiles/kernels), per-thread instruction counts and launch.
enum class ParameterOwner { Gpu, Stencil, Kernel };

// The canonical parameter keys of DESIGN.md, with the unit every file must state
// and the range every value must respect. JSON profiles, `--set` and the editors
// all validate through this one table.
struct ParameterKey {
    std::string_view key;
    ParameterOwner owner;
    std::string_view unit;
    bool integer;      // value must be a whole number
    double min;        // inclusive lower bound
    bool minExclusive; // true: value must be > min
    double max;        // inclusive upper bound
    bool nullable;     // null allowed: "the sources give no value"
    std::string_view description;
};

std::span<const ParameterKey> parameterKeys();
const ParameterKey* findParameterKey(std::string_view key);

// "n_sm, n_v, ..." for the keys of one owner, for error messages.
std::string knownParameterKeys(ParameterOwner owner);

// The keys a model reads: what `--set` takes in a command that runs it (a refusal lists these,
// not every key of the table). The Talg time model: the GPU keys of toGpu and the stencil keys.
std::vector<std::string> talgModelKeys();
// The die-area model's GPU keys (architectureOf).
std::vector<std::string> areaModelKeys();

// Human-readable rule of a key: "an integer in [1, 1048576]".
std::string allowedValues(const ParameterKey& k);

// Checks a value against its key; throws InputError naming `where` and the key.
void checkParameterValue(const ParameterKey& k, std::optional<double> value,
                         const std::string& where);

} // namespace cdx
