// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "common/plot_scheme.hpp"

#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace cdx::widgets {

// How an exported figure is drawn (issue 45), never what it says:
// - screen: as the window draws it now (its fonts, F11's when presentation mode is on);
// - slide: presentation fonts and lines on a 1280-pixel-wide page scaled to the file, so a
//   1600 x 1000 PNG has no text under 14 px;
// - paper: the normal fonts on a compact 960-pixel page, for a column figure (vector formats).
enum class FigureStyle { Screen, Slide, Paper };
QString figureStyleName(FigureStyle s); // "screen", "slide", "paper"
std::optional<FigureStyle> figureStyleFromName(const QString& name);

// What an export writes besides the view.
struct FigureOptions {
    FigureStyle style = FigureStyle::Screen;
    // The provenance line drawn under an image (at most two lines, elided beyond) and written
    // atop a CSV: the chip and its edits, the variant, and how far to trust the figure.
    QString footnote;
    // The footnote says the figure is outside the calibration domain: a yellow band.
    bool outside = false;
    // The session's values outside the calibration domain of the models this figure draws,
    // one "# Outside the calibration domain: ..." line each atop a CSV.
    QStringList notes;
    // Whether the window shows the view in presentation mode now (restored after a slide or
    // paper export, which draw it in their own fonts).
    bool presentationNow = false;
    // The session's title as the window shows it (issue 61): a PDF's and an SVG's document
    // title and an interactive page's heading name the talk's session, not only the view.
    QString sessionTitle;
    // The plots' colour scheme for this file (unset: the window's). Hand-drawn diagrams and
    // text views stay black on white.
    std::optional<PlotScheme> scheme;
};

// Writes a view to `path`: .png, .pdf or .svg (by suffix) at `size` pixels, or its data
// to .csv. Returns an empty string on success, else a one-line reason. Files are
// written to a temporary name and renamed, so a failed export never leaves half a file.
// `notes` (the session's values outside the calibration domain) are written under the view in
// an image, as "# outside the calibration domain:" lines atop a CSV; the file keeps `size`.
QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const QStringList& notes = {});
// The same with a figure style and a provenance footnote.
QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const FigureOptions& options);

// The figure as every export draws it (the style's fonts, the scheme's colours, the footnote)
// onto `device` of `size` pixels; with `newPage`, the view's table pages follow as a PDF's do,
// `newPage` called before each. What the figure audit reads (tests/gui/figure_audit.hpp).
void renderFigureOn(ExplorerView& view, QPaintDevice& device, const QSize& size,
                    const FigureOptions& options, const std::function<void()>& newPage = {});

// The figure as an image of `size` pixels (what a PNG export holds): for the clipboard.
QImage exportImage(ExplorerView& view, const QSize& size, const FigureOptions& options);

// The page an image of `size` is drawn on in `style`: the file's own size on screen, else a
// 1280 (slide) or 960 (paper) pixel wide page of the file's aspect, scaled to fill the file.
QSize figurePageSize(const QSize& size, FigureStyle style);

// The footnote as drawn on a page `width` pixels wide in `style`: its lines (at most two; the
// second ends in "…" when the text is longer) and its font.
QStringList footnoteLines(const QString& text, FigureStyle style, int width, QFont* font = nullptr);
// The height of the footnote's band at the foot of a page of `page` pixels (0 without one): the
// figure above it is drawn in the rest.
int footnoteHeight(const FigureOptions& options, const QSize& page);

// A view's CSV with every line before its header made a comment ("# "), so that Python's csv
// module and pandas.read_csv(comment='#') read it (issue 45): the header is the first line,
// not a comment, whose field count the next line repeats (or the last line). The table ends at
// the first blank line; side tables after it become comments too, so a reader gets one table.
QString commentedPreamble(const QString& csv);

// One CSV field: quoted (with doubled quotes) when it holds a comma, a quote or a newline.
QString csvField(QString s);

// Writes `text` atomically (QSaveFile); empty string on success, else the reason.
QString writeTextFile(const QString& path, const QString& text);

// An HTML page (the text views' export: How far to trust this, Compare) drawn on a white page of
// `size`, in `font` at size.width() / `widthPerPixel` pixels, scaled down on a wider text
// column until it fits the page's height.
void renderFittedHtml(QPaintDevice& device, const QSize& size, const QString& html, QFont font,
                      int widthPerPixel);

} // namespace cdx::widgets
