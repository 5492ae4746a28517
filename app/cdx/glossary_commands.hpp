// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <vector>

namespace cdx::cli {

// `cdx glossary`: the glossary of core/glossary (profiles/glossary/*.json), every family's.
std::vector<Command> glossaryCommands();

} // namespace cdx::cli
