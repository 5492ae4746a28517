// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/view_export.hpp"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTemporaryFile>
#include <QTextDocument>
#include <algorithm>
#include <cmath>

namespace cdx::widgets {

QString csvField(QString s) {
    if (s.contains(',') || s.contains('"') || s.contains('\n')) {
        s.replace('"', "\"\"");
        return '"' + s + '"';
    }
    return s;
}

QString writeTextFile(const QString& path, const QString& text) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        return QStringLiteral("%1: cannot be written (%2)").arg(path, f.errorString());
    }
    f.write(text.toUtf8());
    if (!f.commit()) {
        return QStringLiteral("%1: write failed (%2)").arg(path, f.errorString());
    }
    return {};
}

namespace {
// Renders into a temporary file next to `path`, then replaces `path` with it.
template <typename Render> QString renderAtomically(const QString& path, Render render) {
    const QFileInfo info(path);
    QTemporaryFile tmp(info.absolutePath() + "/.XXXXXX." + info.suffix());
    if (!tmp.open()) {
        return QStringLiteral("%1: cannot be written (%2)").arg(path, tmp.errorString());
    }
    tmp.close();
    const QString error = render(tmp.fileName());
    if (!error.isEmpty()) {
        return error;
    }
    QFile::remove(path);
    if (!QFile::rename(tmp.fileName(), path)) {
        return QStringLiteral("%1: could not replace the file").arg(path);
    }
    tmp.setAutoRemove(false);
    // QTemporaryFile creates 0600; an exported figure is an ordinary document.
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                    QFileDevice::ReadGroup | QFileDevice::ReadOther);
    return {};
}
} // namespace

namespace {
constexpr const char* kOutside = "Outside the calibration domain";

// The number of fields of a CSV line (quoted fields may hold commas and doubled quotes).
int csvFields(const QString& line) {
    int fields = 1;
    bool quoted = false;
    for (const QChar c : line) {
        if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            ++fields;
        }
    }
    return fields;
}

} // namespace

QString commentedPreamble(const QString& csv) {
    // The header is the first line, not a comment, whose field count the next line repeats
    // (or the last line); every line before it becomes a comment. A view's title of several
    // lines had its second and third lines read as the header (issue 45).
    QStringList lines = csv.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i].startsWith('#')) {
            continue;
        }
        const bool last = i + 1 >= lines.size() || lines[i + 1].isEmpty();
        const int fields = csvFields(lines[i]);
        if (fields >= 2 && (last || csvFields(lines[i + 1]) == fields)) {
            break; // the header
        }
        lines[i] = lines[i].isEmpty() ? QStringLiteral("#") : QStringLiteral("# ") + lines[i];
    }
    return lines.join('\n');
}

namespace {

// An SVG names the font families Qt drew with ("Sans Serif", a Qt alias that no browser knows:
// Chromium fell back to a serif at 9 px). Each is replaced by the CSS generic family it stands
// for, which every reader resolves (issue 45).
QString genericFontFamilies(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        return QStringLiteral("%1: cannot be read back (%2)").arg(file, f.errorString());
    }
    QString text = QString::fromUtf8(f.readAll());
    f.close();
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString out;
    qsizetype last = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString name = m.captured(1).toLower();
        const QString generic =
            name.contains("mono") || name.contains("courier")  ? QStringLiteral("monospace")
            : name.contains("serif") && !name.contains("sans") ? QStringLiteral("serif")
                                                               : QStringLiteral("sans-serif");
        out += text.mid(last, m.capturedStart() - last);
        out += QStringLiteral("font-family=\"%1\"").arg(generic);
        last = m.capturedEnd();
    }
    out += text.mid(last);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(out.toUtf8()) < 0) {
        return QStringLiteral("%1: cannot be written (%2)").arg(file, f.errorString());
    }
    return {};
}

// The notes' band at the bottom of a `size` page: its text and height (at most 40 % of the
// page; the view gets the rest).
struct Footer {
    QString text;
    QFont font;
    int height = 0;
};
Footer footerFor(const QStringList& notes, const QSize& size) {
    Footer f;
    if (notes.isEmpty()) {
        return f;
    }
    f.text = QString("%1: %2").arg(kOutside, notes.join("; "));
    f.font.setPixelSize(std::clamp(size.width() / 110, 9, 28));
    const QFontMetrics m(f.font);
    const QRect need = m.boundingRect(QRect(0, 0, size.width() - 16, 100000),
                                      Qt::TextWordWrap | Qt::AlignLeft, f.text);
    f.height = std::min(need.height() + 10, size.height() * 2 / 5);
    return f;
}

void drawFooter(QPainter& p, const Footer& f, const QSize& size) {
    const QRect band(0, size.height() - f.height, size.width(), f.height);
    p.fillRect(band, QColor(0xff, 0xf4, 0xce));
    p.setPen(QColor(0x5c, 0x3c, 0x00));
    p.setFont(f.font);
    p.drawText(band.adjusted(8, 5, -8, -5), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
               f.text);
}

// Renders the view above the footer: through a picture, so a PDF or SVG stays vector (its
// painter can be opened only once).
void renderWithFooter(ExplorerView& view, QPaintDevice& device, const QSize& size,
                      const Footer& f) {
    if (f.height == 0) {
        view.renderTo(device, size);
        return;
    }
    const QSize top(size.width(), size.height() - f.height);
    QPicture picture;
    view.renderTo(picture, top);
    QPainter p(&device);
    p.drawPicture(0, 0, picture);
    drawFooter(p, f, size);
}
} // namespace

QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const QStringList& notes) {
    view.finishPendingWork();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv") {
        QString head;
        for (const QString& n : notes) {
            head += QString("# %1: %2\n").arg(kOutside, n);
        }
        return writeTextFile(path, head + commentedPreamble(view.csv()));
    }
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
        return QStringLiteral("size = %1x%2: width and height must be in [16, 20000] pixels")
            .arg(size.width())
            .arg(size.height());
    }
    const Footer footer = footerFor(notes, size);
    if (suffix == "png") {
        return renderAtomically(path, [&](const QString& tmp) {
            QImage image(size, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            if (footer.height == 0) {
                view.renderTo(image, size);
            } else { // the view into its part of the image, then the band
                QImage top(size.width(), size.height() - footer.height,
                           QImage::Format_ARGB32_Premultiplied);
                top.fill(Qt::white);
                view.renderTo(top, top.size());
                QPainter p(&image);
                p.drawImage(0, 0, top);
                drawFooter(p, footer, size);
            }
            return image.save(tmp, "PNG") ? QString()
                                          : QStringLiteral("%1: PNG write failed").arg(path);
        });
    }
    if (suffix == "pdf") {
        return renderAtomically(path, [&](const QString& tmp) {
            QPdfWriter pdf(tmp);
            pdf.setResolution(96);
            pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / 96, size.height() * 72.0 / 96),
                                      QPageSize::Point));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            pdf.setTitle(view.viewTitle());
            pdf.setCreator("Codesign Explorer");
            renderWithFooter(view, pdf, size, footer);
            return QString();
        });
    }
    if (suffix == "svg") {
        return renderAtomically(path, [&](const QString& tmp) {
            {
                QSvgGenerator svg;
                svg.setFileName(tmp);
                svg.setSize(size);
                svg.setViewBox(QRect(QPoint(0, 0), size));
                // The resolution the view is drawn at (a QPicture's, as the PNG's and the
                // PDF's): at the generator's default 72 dpi the picture was replayed at 72/96,
                // into 75 % of the viewBox (issue 45).
                svg.setResolution(QPicture().logicalDpiX());
                svg.setTitle(view.viewTitle());
                svg.setDescription("Codesign Explorer");
                renderWithFooter(view, svg, size, footer);
            }
            return genericFontFamilies(tmp);
        });
    }
    return QStringLiteral("%1: unknown format '%2'; expected .png, .pdf, .svg or .csv")
        .arg(path, suffix);
}

void renderFittedHtml(QPaintDevice& device, const QSize& size, const QString& html, QFont font,
                      int widthPerPixel) {
    QTextDocument doc;
    doc.setHtml(html);
    font.setPixelSize(std::max(10, size.width() / std::max(1, widthPerPixel)));
    doc.setDefaultFont(font);
    // Too long for the page: a smaller scale on a wider text column (so the text fills the
    // width), found in a few steps.
    const double width = size.width() - 24.0, height = size.height() - 24.0;
    double k = 1;
    for (int step = 0; step < 6; ++step) {
        doc.setTextWidth(width / k);
        const double h = doc.size().height() * k;
        if (h <= height) {
            break;
        }
        k *= std::max(0.5, std::sqrt(height / h));
    }
    doc.setTextWidth(width / k);
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p.translate(12, 12);
    p.scale(k, k);
    doc.drawContents(&p);
}

} // namespace cdx::widgets
