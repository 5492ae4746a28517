// SPDX-License-Identifier: GPL-3.0-or-later
// The look of every plot: fonts, line widths and the series palette for the window and for
// presentation (F11, slides), applied to a plot or one of its axis rects; and the colour map
// and markers that several views share. Colours of light and dark: plot_scheme.hpp. Titles,
// axes and export sizes: plot_layout.hpp.
#pragma once

#include <QColor>
#include <array>

class QCustomPlot;
class QCPAxisRect;
class QCPColorGradient;
class QCPScatterStyle;

namespace cdx::widgets {

// Normal and presentation styles of every plot: fonts, line widths and the Okabe-Ito
// palette (colour-blind safe) for series.
struct PlotTheme {
    bool presentation = false;
    int basePointSize = 9;
    int titlePointSize = 10;
    double lineWidth = 1.5;
    double markerSize = 6;
    std::array<QColor, 7> palette;
};

PlotTheme plotTheme(bool presentation);

void applyTheme(QCustomPlot& plot, const PlotTheme& theme);
// The same fonts and pens on one axis rect of a plot with several (the Occupancy view's four).
void applyTheme(QCPAxisRect& rect, const PlotTheme& theme);

// A perceptually uniform dark-blue -> green -> yellow map (viridis-like; QCustomPlot 2.1 has
// no viridis preset), NaN transparent so infeasible cells stay blank.
QCPColorGradient tAlgGradient();

// A filled disc of `diameter` px drawn once and blitted at every point: for scatters of
// thousands of points (as an antialiased ellipse each, a redraw took tens of ms; issue 33).
QCPScatterStyle discScatter(const QColor& c, int diameter);

} // namespace cdx::widgets
