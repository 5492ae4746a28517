#pragma once

#include <QString>
#include <functional>

class QWidget;

namespace cdx::widgets {
class ExplorerView;
}

namespace cdx::app {

// File ▸ Export View… / Export View Data as CSV…: asks for the file (and, for PNG/PDF/SVG, the
// size), waits for the view's background work, writes the file atomically, and confirms the
// path through `message` (an error in a dialog).
void exportViewInteractive(QWidget* parent, widgets::ExplorerView& view, bool asCsv,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message);

} // namespace cdx::app
