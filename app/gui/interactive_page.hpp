// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "common/view_export.hpp"

#include <QJsonObject>
#include <QSize>
#include <QString>

namespace cdx::app {

// One self-contained HTML file of a view (issue 46), opened from disk in any current browser
// with no network access: D3 (Debian's libjs-d3, bundled at build time) draws the view's
// plots from their data with hover values (the window's tooltip texts where the view has
// them) and zoom; the page also holds the sentence, the table behind the plot (sortable,
// filterable), the provenance footnote and the session, which the window and cdx read back
// (Import from page). A view drawn by hand (no plot) is shown as its SVG figure. A Content
// Security Policy forbids any request leaving the file.
QString writeInteractivePage(widgets::ExplorerView& view, const QString& path, const QSize& size,
                             const widgets::FigureOptions& options, const QString& sessionJson);

// The plots of the view as the page draws them: one panel per axis rect, each with its axes,
// series (lines, bars, colour maps) and texts. Empty "panels" for a view without plots.
QJsonObject pageFigure(widgets::ExplorerView& view);

// Writes a page for a .html path, else the figure or CSV (widgets::exportView).
QString exportViewOrPage(widgets::ExplorerView& view, const QString& path, const QSize& size,
                         const widgets::FigureOptions& options, const QString& sessionJson);

} // namespace cdx::app
