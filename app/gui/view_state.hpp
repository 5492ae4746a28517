// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <vector>

namespace cdx::app {

class SessionDocument;
class Workspace;

// What was on screen travels with a saved session (format 2, SessionState::view): when `doc`
// saves, every workspace's selected view and view settings, and the current workspace, are
// written; when a session opens, they are shown again, in the workspace it names (a format-1
// file or an example has no views saved: their views stay as they are).
void keepViewState(SessionDocument* doc, std::vector<Workspace*> workspaces,
                   std::function<Workspace*()> current, std::function<void(Workspace*)> show);

} // namespace cdx::app
