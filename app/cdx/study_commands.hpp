// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx study run|check|show`: a design study, many questions at once (issue 60).
std::vector<Command> studyCommands();

} // namespace cdx::cli
