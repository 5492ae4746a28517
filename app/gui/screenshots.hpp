// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/view_export.hpp"

#include <QSize>
#include <QString>
#include <optional>

namespace cdx::app {

class MainWindow;

// PNGs into `dir`: the window (at windowSize) on the Start page and on every view of every
// workspace (window-<view>.png), and every view alone at viewSize (<view>.png). Empty string,
// or the reason it failed.
QString writeScreenshots(MainWindow& window, const QString& dir, const QSize& viewSize,
                         const QSize& windowSize = QSize(1366, 768));

// Headless figures (issue 45): each spec "VIEW=FILE" writes the view whose file stem is VIEW
// (tile-space-map, sweep, breakdown, die-area, codesign, …: the names --screenshots uses) to
// FILE, its format by its suffix (.png, .pdf, .svg, .csv), at viewSize, with the workspace's
// calibration notes. Empty string, or the reason it failed (a malformed spec, an unknown view
// with the names allowed, a file that cannot be written). Every spec is checked before any file
// is written.
// `style` and `scheme`: how the figures are drawn (--figure-style, --theme); a CSV is the same.
QString writeExports(MainWindow& window, const QStringList& specs, const QSize& viewSize,
                     widgets::FigureStyle style = widgets::FigureStyle::Screen,
                     std::optional<widgets::PlotScheme> scheme = std::nullopt);

} // namespace cdx::app
