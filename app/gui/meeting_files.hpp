// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <functional>

class QWidget;

// The File menu's entries for a meeting and a measured GPU (issues 46, 47), out of the shell.
namespace cdx::app {

class MainWindow;

// File ▸ Import Measured GPU…: a GPU description (cdx-measure's profile) made one of the user's
// (importGpuProfile), listed at once in every GPU list; a refusal names the field (asked before
// replacing a GPU of the user's). Returns the id, or empty when nothing was imported. With
// `path`, no dialog: refusals go to `showMessage` (tests).
QString importMeasuredGpuInteractive(QWidget* parent, const QString& path,
                                     const std::function<void(const QString&, int)>& showMessage);

// File ▸ Export Meeting Pack…: the current workspace's views to check (as writeMeetingPack would
// choose them), a folder and the slides' size; the status line says what was written.
void exportMeetingPackInteractive(MainWindow& window);

} // namespace cdx::app
