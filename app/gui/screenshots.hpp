// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/plot_scheme.hpp"
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

// A meeting in one folder (issue 46): for each view (file stems; empty: the current
// workspace's views, its line-up when the session has one, its text views left out) the
// interactive page (VIEW.html), the slide-style figure (VIEW.png at viewSize, VIEW.pdf), then
// the session (session.cdx.json) and index.html, which shows every figure and links the rest.
// `written` gets the files' names. Empty string, or the reason it failed (nothing is written
// for an unknown view).
QString writeMeetingPack(MainWindow& window, const QString& dir, QStringList views,
                         const QSize& viewSize, std::optional<widgets::PlotScheme> scheme,
                         QStringList* written = nullptr);
// The views a meeting pack holds by default (see writeMeetingPack).
QStringList defaultPackViews(MainWindow& window);

} // namespace cdx::app
