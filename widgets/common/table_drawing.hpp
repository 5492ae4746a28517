// SPDX-License-Identifier: GPL-3.0-or-later
// Tables drawn as text into an export (every row and cell whole), and the contents of a
// table widget as shown.
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QRect>
#include <QStringList>
#include <optional>

class QPainter;
class QTableWidget;

namespace cdx::widgets {

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

} // namespace cdx::widgets
