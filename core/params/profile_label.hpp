// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <string>

// How a parameter set is named in titles, legends, exports and results: the profile's name,
// and, when values were edited away from the profile, which ones ("NVIDIA GeForce GTX 980,
// edited: n_sm = 6"), so a plot never passes an edited set off as the published one.
namespace cdx {

std::string profileLabel(const GpuProfile& p);
std::string profileLabel(const StencilProfile& p);
std::string profileLabel(const KernelProfile& p);

// The chip's name short enough for an axis title: the vendor and its brand dropped ("GTX 980"
// of "NVIDIA GeForce GTX 980", "H100 SXM5 80 GB" of "NVIDIA H100 SXM5 80 GB"); the id when the
// profile has no name.
std::string shortChipName(const GpuProfile& p);

// Only the edits: "n_sm = 6, c_iter_s = 4e-08" (empty when nothing was edited). At most
// `maxShown` keys are listed, then "+N more".
std::string editedParameters(const std::map<std::string, Quantity>& params,
                             std::size_t maxShown = 3);

} // namespace cdx
