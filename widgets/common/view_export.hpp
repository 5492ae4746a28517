// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"

#include <QFont>
#include <QSize>
#include <QString>
#include <QStringList>

namespace cdx::widgets {

// Writes a view to `path`: .png, .pdf or .svg (by suffix) at `size` pixels, or its data
// to .csv. Returns an empty string on success, else a one-line reason. Files are
// written to a temporary name and renamed, so a failed export never leaves half a file.
// `notes` (the session's values outside the calibration domain) are written under the view in
// an image, as "# outside the calibration domain:" lines atop a CSV; the file keeps `size`.
QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const QStringList& notes = {});

// A view's CSV with every line before its header made a comment ("# "), so that Python's csv
// module and pandas.read_csv(comment='#') read it (issue 45): the header is the first line,
// not a comment, whose field count the next line repeats (or the last line).
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
