// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx profiles`: the shipped GPU, stencil, MWP-CWP GPU and kernel profiles of every family.
std::vector<Command> profilesCommands();

} // namespace cdx::cli
