// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPalette>
#include <QPen>
#include <QString>
#include <array>
#include <initializer_list>
#include <optional>

class QCustomPlot;
class QLabel;
class QPainter;
class QTableWidget;
class QWidget;
class QStackedWidget;
class QPaintDevice;
class QSize;
class QCPColorGradient;
class QCPScatterStyle;
class QCPTextElement;
class QWidget;
class QCPAxis;
class QCPAxisRect;
class QCPItemText;
class QCPPainter;

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

// The plots' colour scheme (View ▸ Plot Theme; issue 45): light (black on white) or dark, a
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
void applyTheme(QCustomPlot& plot, const PlotTheme& theme);
// The same fonts and pens on one axis rect of a plot with several (the Occupancy view's four).
void applyTheme(QCPAxisRect& rect, const PlotTheme& theme);

// The title and subtitle rows every plot view carries (the subtitle names the variant).
// `text` with every word wider than `width` pixels in `font` shortened in its middle with "…"
// (the plot titles wrap at spaces; a 200-character name without one was cut at both ends,
// issue 45). Unchanged when it fits.
QString fitWordsToWidth(const QString& text, const QFont& font, int width);

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

// A perceptually uniform dark-blue -> green -> yellow map (viridis-like; QCustomPlot 2.1 has
// no viridis preset), NaN transparent so infeasible cells stay blank.
QCPColorGradient tAlgGradient();

// A filled disc of `diameter` px drawn once and blitted at every point: for scatters of
// thousands of points (as an antialiased ellipse each, a redraw took tens of ms; issue 33).
QCPScatterStyle discScatter(const QColor& c, int diameter);

// The baseline as legends and titles name it (issue 29), by the sides of the given compare
// families (core's compare::sideLabel): "baseline: GTX 980, tiles 8×32, tT 4"; empty without
// a baseline.
QString baselineName(const SessionState& s, std::initializer_list<const char*> families);

// The page shown in place of a view's charts when there is nothing to draw: a centred,
// wrapped, selectable sentence, added to `pages` after the charts.
QLabel* addNoDataPage(QStackedWidget* pages, const char* objectName);
// `v` with `decimals` digits after the point, never "-0.00": a value that rounds to zero is
// printed as zero (the sign of a rounding residue is not information).
QString fixed(double v, int decimals);

// Seconds with a sensible number of digits: "9.934548 s", "3.63e-07 s".
QString formatSeconds(double s);

// An axis label longer than its axis is elided in the middle ("speed-up vs gtx…shipped [×]")
// instead of running past the axis into the title (the Codesign y label in F11 at 1366 × 768),
// at every replot and at an export's size. fullAxisLabel gives the label as the view set it.
void fitAxisLabels(QCustomPlot& plot);
QString fullAxisLabel(const QCPAxis& axis);

// Keeps `label` from overlapping the other labels so marked and the legend (issue 45: the
// Codesign view's "Titan X at 5 nm …" covered "GTX 980 at 5 nm …", the best design's and the
// baseline's labels collided). Before every replot each label starts at its own place (where the
// view put it) and one that overlaps a label of higher `priority`, or the legend, moves up or
// down by the overlap, whichever is shorter and stays inside the axes. A view that moves a
// label calls it again.
// With `clearOfData` the label also keeps off the plot's marks (the points of every graph with
// a scatter style): it takes the place above or below its own, inside the axes, that covers
// fewest of them and no other label, and a thin line in its colour leads from its own place to
// it when it moved by more than its height (the Codesign references' labels sat on the dense
// design cloud).
void keepApart(QCPItemText* label, int priority, bool clearOfData = false);
// Does it now (the replot hook's work), for the plot's current layout.
void separateLabels(QCustomPlot& plot);

// Moves the plot's legend out of the axes into a row of its own under them, `wrap` items per
// row, filled column by column, without a frame (inside the axes it covered data).
void placeLegendBelow(QCustomPlot& plot, int wrap);
// At most that many columns, as many as fit `width` pixels (placeLegendBelow calls it before
// every replot; an export, for the width it draws the plot at).
void fitLegendColumns(QCustomPlot& plot, int width);
// The legend in a column right of the axis rect, never over the data (a scatter fills the
// whole rect: a corner legend hid points).
void placeLegendRight(QCustomPlot& plot);

// A table drawn as text into `box` (an export's table: every row and every cell whole, not a
// screenshot of a widget cut at the window's height; issue 45): the header bold over a rule,
// columns as wide as their widest cell, in the largest font from `font`'s size down that fits
// the box; the last column takes the width left and a longer cell goes on two lines. Returns
// the height used. `ink`: the text's colour (unset: the plots' scheme's, for a table on a plot's
// page; a table page of its own is white and passes black).
int drawTable(QPainter& painter, const QRect& box, const QStringList& header,
              const QList<QStringList>& rows, QFont font, std::optional<QColor> ink = std::nullopt);
// The header and rows of an item table as shown (hidden rows left out).
void tableContents(const QTableWidget& table, QStringList* header, QList<QStringList>* rows);

// Export of a view made of a plot and a text under it: the plot on top, the text in the last
// `textHeight` pixels, at the theme's size.
void renderPlotAndText(QPaintDevice& device, QCustomPlot& plot, const QString& text,
                       const QSize& size, int textHeight, bool presentation);

} // namespace cdx::widgets
