// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/table_drawing.hpp"

#include "common/plot_scheme.hpp"

#include <QPainter>
#include <QTableWidget>
#include <algorithm>
#include <numeric>

namespace cdx::widgets {

namespace {
// `text` in at most two lines of `width`: broken at the last space that fits, the second line
// elided at its end when the rest is longer still.
QStringList twoLines(const QString& text, const QFontMetrics& m, int width) {
    if (m.horizontalAdvance(text) <= width) {
        return {text};
    }
    qsizetype cut = -1;
    for (qsizetype i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
        if (m.horizontalAdvance(text.left(i)) > width) {
            break;
        }
        cut = i;
    }
    if (cut <= 0) { // no space that fits: one line, elided
        return {m.elidedText(text, Qt::ElideRight, width)};
    }
    return {text.left(cut), m.elidedText(text.mid(cut + 1), Qt::ElideRight, width)};
}
} // namespace

int drawTable(QPainter& painter, const QRect& box, const QStringList& header,
              const QList<QStringList>& rows, QFont font, std::optional<QColor> inkColour) {
    const int columns = static_cast<int>(header.size());
    if (columns == 0 || box.width() <= 0 || box.height() <= 0) {
        return 0;
    }
    QFont bold = font;
    bold.setBold(true);
    // The widest cell of each column at `size` pixels.
    const auto widths = [&](int size) {
        QFont f = font, b = bold;
        f.setPixelSize(size);
        b.setPixelSize(size);
        // The device's metrics (a picture's differ from the screen's by a pixel or two: cells
        // measured on the screen were elided when drawn), and a little slack.
        const QFontMetrics m(f, painter.device()), mb(b, painter.device());
        std::vector<int> w(static_cast<std::size_t>(columns), 0);
        for (int c = 0; c < columns; ++c) {
            w[c] = mb.horizontalAdvance(header[c]) + 3;
            for (const auto& r : rows) {
                if (c < r.size()) {
                    w[c] = std::max(w[c], m.horizontalAdvance(r[c]) + 3);
                }
            }
        }
        return w;
    };
    const int pad = 6;
    // The last column takes what the others leave (it holds the long texts: a formula, "from"),
    // a cell wider than that on two lines (the Energy breakdown's formulas were elided).
    const auto lastWidth = [&](const std::vector<int>& w) {
        const int fixedWidth = std::accumulate(w.begin(), w.end() - 1, 0) + pad * 2 * columns;
        return std::max(40, box.width() - fixedWidth + 2 * pad);
    };
    const auto lineCount = [&](const QFont& f, int last) {
        const QFontMetrics m(f, painter.device());
        int n = 0;
        for (const auto& r : rows) {
            n += r.size() >= columns ? static_cast<int>(twoLines(r[columns - 1], m, last).size())
                                     : 1;
        }
        return n;
    };
    int size = std::max(6, font.pixelSize() > 0 ? font.pixelSize() : QFontInfo(font).pixelSize());
    for (; size > 6; --size) {
        QFont f = font;
        f.setPixelSize(size);
        const int line = QFontMetrics(f).lineSpacing() + 2;
        const auto w = widths(size);
        // The last column may be narrowed down to a third of the box.
        const int total = std::accumulate(w.begin(), w.end() - 1, 0) +
                          std::min(w.back(), box.width() / 3) + pad * 2 * columns;
        if (total <= box.width() && line * (lineCount(f, lastWidth(w)) + 1) + 4 <= box.height()) {
            break;
        }
    }
    font.setPixelSize(size);
    bold.setPixelSize(size);
    const QFontMetrics m(font);
    const int line = m.lineSpacing() + 2;
    std::vector<int> w = widths(size);
    w.back() = lastWidth(w);
    const QColor ink = inkColour.value_or(schemeInk());
    painter.save();
    painter.setPen(ink);
    int y = box.top();
    const auto drawRow = [&](const QStringList& cells, const QFont& f) {
        painter.setFont(f);
        const QFontMetrics fm(f, painter.device());
        int x = box.left();
        int height = line;
        for (int c = 0; c < columns; ++c) {
            const QString text = c < cells.size() ? cells[c] : QString();
            const QStringList parts = c + 1 == columns
                                          ? twoLines(text, fm, w[c])
                                          : QStringList{fm.elidedText(text, Qt::ElideRight, w[c])};
            for (int k = 0; k < parts.size(); ++k) {
                painter.drawText(QRect(x + pad, y + k * line, w[c], line),
                                 Qt::AlignLeft | Qt::AlignVCenter, parts[k]);
            }
            height = std::max(height, line * static_cast<int>(parts.size()));
            x += w[c] + 2 * pad;
        }
        y += height;
    };
    drawRow(header, bold);
    painter.setPen(QPen(ink, 1));
    painter.drawLine(box.left(), y, box.right(), y);
    y += 2;
    for (const auto& r : rows) {
        const int need =
            r.size() >= columns
                ? line * static_cast<int>(twoLines(r[columns - 1],
                                                   QFontMetrics(font, painter.device()), w.back())
                                              .size())
                : line;
        if (y + need > box.bottom() + 1) {
            break; // the font's floor reached (6 px): no row is drawn half
        }
        drawRow(r, font);
    }
    painter.restore();
    return y - box.top();
}

void tableContents(const QTableWidget& table, QStringList* header, QList<QStringList>* rows) {
    header->clear();
    rows->clear();
    for (int c = 0; c < table.columnCount(); ++c) {
        const QTableWidgetItem* h = table.horizontalHeaderItem(c);
        *header << (h ? h->text() : QString());
    }
    for (int r = 0; r < table.rowCount(); ++r) {
        if (table.isRowHidden(r)) {
            continue;
        }
        QStringList cells;
        for (int c = 0; c < table.columnCount(); ++c) {
            const QTableWidgetItem* item = table.item(r, c);
            cells << (item ? item->text() : QString());
        }
        *rows << cells;
    }
}

} // namespace cdx::widgets
