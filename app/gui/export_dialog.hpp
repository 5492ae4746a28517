// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/view_export.hpp"

#include <QString>
#include <QStringList>
#include <functional>

class QWidget;

namespace cdx::app {

// File ▸ Export View… / Export View Data as CSV…: asks for the file (and, for PNG/PDF/SVG, the
// size), waits for the view's background work, writes the file atomically, and confirms the
// path through `message` (an error in a dialog).
// The figure's options dialog asks for the style (screen, slide, paper) and the plot theme too,
// each remembered for the next export.
// `figure`: the footnote and notes the workspace gives the view (Workspace::figureOptions).
// `subject`: what the default file name adds to the view's ("breakdown-gtx980.png").
void exportViewInteractive(QWidget* parent, widgets::ExplorerView& view, bool asCsv,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message,
                           widgets::FigureOptions figure = {}, const QString& subject = {});

// File ▸ Export Interactive Page…: one self-contained HTML file of the view (its plot with hover
// values and zoom, its table, the footnote and `sessionJson`); `message` confirms it.
void exportPageInteractive(QWidget* parent, widgets::ExplorerView& view,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message,
                           const widgets::FigureOptions& figure, const QString& subject,
                           const QString& sessionJson);

// The figure settings the export dialog last used (size, style, plot theme): Copy Image draws
// with them.
widgets::FigureOptions lastFigureStyle(widgets::FigureOptions figure, QSize* size);

// Edit ▸ Copy and the plots' menu: the view's figure (as the last export drew it) and its data
// (the CSV) to the clipboard; `message` confirms what was copied.
void copyViewToClipboard(widgets::ExplorerView& view, const widgets::FigureOptions& figure,
                         bool image, bool data,
                         const std::function<void(const QString&, int)>& message);

// The default file name of an export: the view's name, then the subject with every run of
// characters outside [A-Za-z0-9._-] made one '-' ("tile-space-map-gtx980.png").
QString defaultExportName(const QString& stem, const QString& subject, bool asCsv);

} // namespace cdx::app
