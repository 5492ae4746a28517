// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

#include <vector>

namespace cdx::app {

// Every workspace of the window, in mode-bar order (the registration list).
std::vector<Workspace*> createWorkspaces(const WorkspaceContext& context, QWidget* parent);

} // namespace cdx::app
