// SPDX-License-Identifier: GPL-3.0-or-later
// Where things go on a plot: the title and subtitle rows, axis labels that fit their axes,
// tick counts and value ranges that leave room for bar labels, drawing a plot at an export's
// size, and the page shown when there is nothing to draw. Keeping labels apart and placing
// legends: plot_labels.hpp.
#pragma once

#include "common/plot_theme.hpp"
#include "session/session.hpp"

#include <QFont>
#include <QString>
#include <initializer_list>

class QCustomPlot;
class QLabel;
class QPaintDevice;
class QSize;
class QStackedWidget;
class QCPAxis;
class QCPPainter;
class QCPTextElement;

namespace cdx::widgets {

// `text` with every word wider than `width` pixels in `font` shortened in its middle with "…"
// (the plot titles wrap at spaces; a 200-character name without one was cut at both ends,
// issue 45). Unchanged when it fits.
QString fitWordsToWidth(const QString& text, const QFont& font, int width);

// The title and subtitle rows every plot view carries (the subtitle names the variant).
struct PlotHeader {
    QCPTextElement* title = nullptr;
    QCPTextElement* subtitle = nullptr;
};
PlotHeader addPlotHeader(QCustomPlot& plot);
void applyTheme(const PlotHeader& header, const PlotTheme& theme);

// Lays the plot out for its current size and contents now: the axis rect of the last replot
// may be from before a resize, a new font (presentation mode) or the first show, and pixel
// positions computed from it land in the wrong place.
void layOutNow(QCustomPlot& plot);

// Keeps `plot`'s axes at least `axesHeight` pixels high, whatever its title, subtitle and a legend
// below them take: after every layout its minimum height becomes those plus `axesHeight` (in a
// scrolling view the page scrolls instead; issue 62: on a laptop beside a lesson's panel, under
// the calibration banner, the Stencil roofline's axes were 60 px high under six legend rows).
void keepAxesHeight(QCustomPlot& plot, int axesHeight);

// The upper end of a value axis that leaves room right of the longest bar for a value label
// `labelPixels` wide (labels were clipped at the plot's edge at 1920 x 1080 and in
// presentation mode): computed from the axis's current length in pixels.
double upperWithRoomForLabels(const QCPAxis& axis, double maxValue, int labelPixels);

// Widens `axis` (horizontal, from its lower end) so that the text items placed on it, opening
// right (bar values), end inside the axis rect at the plot's current viewport: an export draws
// a plot at another size and in other fonts than the screen's range was made for (the Energy
// breakdown's "24 J (35.7 %" was cut at a slide's edge).
void fitUpperToLabels(QCustomPlot& plot, QCPAxis& axis);
// Draws `plot` at width × height onto `painter`, the upper end of `labelAxis` (if any) fitted
// anew to its bar labels at that size (from the labels' own positions, so a range made for a
// narrow window does not leave half a wide page empty), then gives the plot back its range.
// Labels kept apart (keepApart) are placed for that size, then for the window's again.
void toPainterFitted(QCustomPlot& plot, QCPPainter& painter, int width, int height,
                     QCPAxis* labelAxis = nullptr);

// As many ticks (2 to 5) on a linear value axis as fit its current length with the labels of
// [0, upper] apart (at large areas in presentation mode "0 500 1000 1500" ran together).
void fitTickCount(QCPAxis& axis, double upper);

// `text` broken at spaces (and after commas) into lines at most `maxPixels` wide in `font`;
// existing line breaks stay. A word longer than the width stays whole.
QString wrapToWidth(const QString& text, const QFont& font, int maxPixels);

// The baseline as legends and titles name it (issue 29), by the sides of the given compare
// families (core's compare::sideLabel): "baseline: GTX 980, tiles 8×32, tT 4"; empty without
// a baseline.
QString baselineName(const SessionState& s, std::initializer_list<const char*> families);

// The page shown in place of a view's charts when there is nothing to draw: a centred,
// wrapped, selectable sentence, added to `pages` after the charts.
QLabel* addNoDataPage(QStackedWidget* pages, const char* objectName);

// An axis label longer than its axis is elided in the middle ("speed-up vs gtx…shipped [×]")
// instead of running past the axis into the title (the Codesign y label in F11 at 1366 × 768),
// at every replot and at an export's size. fullAxisLabel gives the label as the view set it.
void fitAxisLabels(QCustomPlot& plot);
QString fullAxisLabel(const QCPAxis& axis);

// Export of a view made of a plot and a text under it: the plot on top, the text in the last
// `textHeight` pixels, at the theme's size.
void renderPlotAndText(QPaintDevice& device, QCustomPlot& plot, const QString& text,
                       const QSize& size, int textHeight, bool presentation);

} // namespace cdx::widgets
