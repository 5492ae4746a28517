// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

class QWidget;

namespace cdx::widgets {
class ExplorerView;
}

namespace cdx::app {

// File ▸ Export View… / Export View Data as CSV…: asks for the file (and, for PNG/PDF/SVG, the
// size), waits for the view's background work, writes the file atomically, and confirms the
// path through `message` (an error in a dialog).
// `notes`: the session's values outside the calibration domain, written into the file.
void exportViewInteractive(QWidget* parent, widgets::ExplorerView& view, bool asCsv,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message,
                           const QStringList& notes = {});

} // namespace cdx::app
