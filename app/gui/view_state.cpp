// SPDX-License-Identifier: GPL-3.0-or-later
#include "view_state.hpp"

#include "common/annotations.hpp"
#include "session_document.hpp"
#include "views/composed_figure.hpp"
#include "workspace.hpp"

namespace cdx::app {

void keepViewState(SessionDocument* doc, std::vector<Workspace*> workspaces,
                   std::function<Workspace*()> current, std::function<void(Workspace*)> show) {
    doc->setViewStateWriter([workspaces, current](SessionState& s) {
        // The annotations and the composed figure are part of the session (edited through the
        // undo stack); the rest is
        // what is on screen now.
        std::map<std::string, std::string> annotations;
        for (auto& [key, value] : s.view) {
            if (widgets::isAnnotationKey(key) || isCompositionKey(key)) {
                annotations.emplace(key, value);
            }
        }
        s.view = std::move(annotations);
        for (const Workspace* w : workspaces) {
            w->saveViewState(s.view);
        }
        if (const Workspace* w = current()) {
            s.workspace = w->id().toStdString();
        }
    });
    QObject::connect(doc, &SessionDocument::opened, doc, [doc, workspaces, show] {
        // A session that names its workspace (the examples do, saved sessions too) opens
        // there, on the views it was saved with.
        const SessionState& s = doc->state();
        for (Workspace* w : workspaces) {
            w->restoreViewState(s.view);
        }
        for (Workspace* w : workspaces) {
            if (w->id().toStdString() == s.workspace) {
                show(w);
            }
        }
    });
}

} // namespace cdx::app
