// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <vector>

namespace cdx::app {

class Workspace;

// Help ▸ About: the version, one line per workspace and the licence (GPL-3.0-or-later, no
// warranty, where the copyright file is installed).
QString aboutText(const std::vector<Workspace*>& workspaces);

} // namespace cdx::app
