// SPDX-License-Identifier: GPL-3.0-or-later
// The plots' colour scheme, light or dark: the recolouring of a plot, of hand-drawn figures,
// of HTML and of widgets rendered into a dark export.
#pragma once

#include <QBrush>
#include <QColor>
#include <QPalette>
#include <QPen>
#include <QString>
#include <optional>

class QCustomPlot;
class QWidget;

namespace cdx::widgets {

// The plots' colour scheme (View ▸ Dark Plots; issue 45): light (black on white) or dark, a
// high-contrast white on near-black for dark rooms and projectors. One for the process.
enum class PlotScheme { Light, Dark };
PlotScheme plotScheme();
void setPlotScheme(PlotScheme s);
QString plotSchemeName(PlotScheme s); // "light", "dark"
std::optional<PlotScheme> plotSchemeFromName(const QString& name);
// Recolours a plot for the current scheme: its background, axes, grid, titles, legend, and
// every item's and plottable's black, grey or white ink (the palette's colours stay). Applied
// again before every replot (installed by applyTheme), so what a view adds later follows;
// idempotent, and light undoes dark.
void applyScheme(QCustomPlot& plot);
// applyScheme on every plot inside `root`, installing it before their replots; `replot`: then
// repaint them (a theme change on screen; an export draws them itself).
void applySchemeTo(QWidget& root, bool replot);
// The ink of text drawn on a plot in the current scheme.
QColor schemeInk();
// A colour, pen or brush of a hand-drawn figure (the warp timeline, the tiling geometry, the
// chain trees) as the current scheme draws it: greys swap (white paper turns dark, black ink
// light), colours with hue stay but for dark ones, lightened to read on dark paper. The
// identity in the light scheme.
QColor schemed(const QColor& c);
QPen schemed(QPen p);
QBrush schemed(QBrush b);
// An HTML page's #rrggbb colours in the current scheme (a text view exported in dark).
QString schemedHtml(const QString& html);
// While it lives, `w` and its children draw with the scheme's paper and ink (a table or text
// view rendered into a dark export); the palette before it comes back after. Nothing changes
// in the light scheme. On screen the widgets keep the window's palette: the scheme is the
// plots'.
class SchemePalette {
public:
    explicit SchemePalette(QWidget& w);
    ~SchemePalette();
    SchemePalette(const SchemePalette&) = delete;
    SchemePalette& operator=(const SchemePalette&) = delete;

private:
    QWidget* w_ = nullptr; // null in the light scheme
    QPalette old_;
    bool hadOwn_ = false;
};

} // namespace cdx::widgets
