// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/view_export.hpp"

#include "common/clipped_device.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/table_drawing.hpp"
#include "params/csv.hpp"

#include <QAbstractTextDocumentLayout>
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
#include <functional>
#include <qcustomplot.h>

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
const QColor kDarkPage(0x12, 0x12, 0x12); // the dark plot scheme's paper

// The number of fields of a CSV line (core's reader: quoted fields may hold commas).
int csvFields(const QString& line) {
    return static_cast<int>(splitCsvRecord(line.toStdString()).size());
}

} // namespace

QString commentedPreamble(const QString& csv) {
    // The header is the first line, not a comment, whose field count the next line repeats
    // (or the last line); every line before it becomes a comment. A view's title of several
    // lines had its second and third lines read as the header (issue 45).
    // A view that also lists side tables (EATSS's constraints, Energy's profiles, Power's
    // sweep) after its own, each after a blank line, keeps them as comments after the table:
    // a reader gets one table whose columns each hold one kind, and a person still finds them.
    QStringList lines = csv.split('\n');
    const auto comment = [](QString& line) {
        if (!line.startsWith('#')) {
            line = line.isEmpty() ? QStringLiteral("#") : QStringLiteral("# ") + line;
        }
    };
    qsizetype i = 0;
    for (; i < lines.size(); ++i) {
        if (lines[i].startsWith('#')) {
            continue;
        }
        const bool last = i + 1 >= lines.size() || lines[i + 1].isEmpty();
        const int fields = csvFields(lines[i]);
        if (fields >= 2 && (last || csvFields(lines[i + 1]) == fields)) {
            break; // the header
        }
        comment(lines[i]);
    }
    while (i < lines.size() && !lines[i].isEmpty()) {
        ++i; // the table
    }
    // Its end: a trailing newline stays; whatever follows becomes comments.
    const bool trailingNewline = !lines.isEmpty() && lines.last().isEmpty();
    for (qsizetype j = i; j < lines.size() - (trailingNewline ? 1 : 0); ++j) {
        comment(lines[j]);
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

// The footnote's band at the bottom of a page: its lines, font and height.
struct Footer {
    QStringList lines;
    QFont font;
    int height = 0;
    bool outside = false;
};
Footer footerFor(const FigureOptions& o, const QSize& page) {
    Footer f;
    if (o.footnote.isEmpty()) {
        return f;
    }
    f.lines = footnoteLines(o.footnote, o.style, page.width(), &f.font);
    f.outside = o.outside;
    const QFontMetrics m(f.font);
    f.height =
        std::min(static_cast<int>(f.lines.size()) * m.lineSpacing() + 14, page.height() * 2 / 5);
    return f;
}

void drawFooter(QPainter& p, const Footer& f, const QSize& page, bool dark) {
    const QRect band(0, page.height() - f.height, page.width(), f.height);
    if (f.outside) {
        p.fillRect(band, QColor(0xff, 0xf4, 0xce));
        p.setPen(QColor(0x5c, 0x3c, 0x00));
    } else {
        p.fillRect(band, dark ? kDarkPage : QColor(Qt::white));
        p.setPen(dark ? QColor(0xb4, 0xb4, 0xb6) : QColor(0x50, 0x50, 0x50));
    }
    p.setFont(f.font);
    // Room below the last line: scaled up, a glyph's descender reaches past its hinted metrics.
    p.drawText(band.adjusted(8, 5, -8, 0), Qt::AlignLeft | Qt::AlignTop, f.lines.join('\n'));
}

// Draws the view in the export's fonts (slide: presentation; paper: normal), then back.
class StyleScope {
public:
    StyleScope(ExplorerView& view, const FigureOptions& o) : view_(view), was_(o.presentationNow) {
        now_ = o.style == FigureStyle::Slide ? true : o.style == FigureStyle::Paper ? false : was_;
        if (now_ != was_) {
            view_.setPresentation(now_);
        }
    }
    ~StyleScope() {
        if (now_ != was_) {
            view_.setPresentation(was_);
        }
    }
    StyleScope(const StyleScope&) = delete;
    StyleScope& operator=(const StyleScope&) = delete;

private:
    ExplorerView& view_;
    bool was_;
    bool now_ = false;
};

// Draws the view's plots in the export's colour scheme, then back.
class SchemeScope {
public:
    SchemeScope(ExplorerView& view, const FigureOptions& o) : view_(view), was_(plotScheme()) {
        now_ = o.scheme.value_or(was_);
        setPlotScheme(now_);
        // Always: the style's fonts (applyTheme) have just reset the axes' pens.
        applySchemeTo(*view_.widget(), false);
    }
    ~SchemeScope() {
        if (now_ != was_) {
            setPlotScheme(was_);
            applySchemeTo(*view_.widget(), true);
        }
    }
    SchemeScope(const SchemeScope&) = delete;
    SchemeScope& operator=(const SchemeScope&) = delete;
    // The page is dark only under plots: a hand-drawn diagram or a text keeps its white page.
    bool darkPage() const {
        return now_ == PlotScheme::Dark && !view_.widget()->findChildren<QCustomPlot*>().isEmpty();
    }

private:
    ExplorerView& view_;
    PlotScheme was_;
    PlotScheme now_;
};

// Renders the view and its footnote onto `device` of `size` pixels: on the style's page,
// through a picture scaled to the device, so a PDF or SVG stays vector (its painter can be
// opened only once) and every format draws the same figure.
void renderFigure(ExplorerView& view, QPainter& p, const QSize& size, const FigureOptions& o,
                  bool dark) {
    const QSize page = figurePageSize(size, o.style);
    const double k = static_cast<double>(size.width()) / page.width();
    const Footer f = footerFor(o, page);
    const QSize top(page.width(), page.height() - f.height);
    // Legends below a plot: as many columns as fit the width the plot will be drawn at (its
    // share of the page as of the view on screen).
    if (QWidget* w = view.widget(); w != nullptr && w->width() > 0) {
        for (QCustomPlot* plot : w->findChildren<QCustomPlot*>()) {
            fitLegendColumns(*plot, plot->width() * top.width() / w->width());
        }
    }
    QPicture picture;
    // Twice: a title that wraps takes its height from the width of the layout before (the
    // window's), so the first drawing at a new width places the axes for the old one (the SVG,
    // drawn first, had its plot 40 px lower than the PNG).
    view.renderTo(picture, top);
    picture = QPicture();
    view.renderTo(picture, top);
    p.save();
    p.fillRect(QRect(QPoint(0, 0), size), dark ? kDarkPage : QColor(Qt::white));
    p.scale(k, k);
    p.drawPicture(0, 0, picture);
    if (f.height > 0) {
        drawFooter(p, f, page, dark);
    }
    p.restore();
}
// The view's tables on pages of their own after the figure (a PDF): a title, then the rows
// under a repeated header, in the style's table font, as many pages as they need.
void renderTablePages(ExplorerView& view, const std::function<void()>& newPage, QPainter& p,
                      const QSize& size, const FigureOptions& o) {
    const QSize page = figurePageSize(size, o.style);
    const double k = static_cast<double>(size.width()) / page.width();
    QFont font;
    font.setPixelSize(o.style == FigureStyle::Slide ? 17 : o.style == FigureStyle::Paper ? 11 : 13);
    QFont titleFont = font;
    titleFont.setBold(true);
    titleFont.setPixelSize(font.pixelSize() * 5 / 4);
    const int line = QFontMetrics(font).lineSpacing() + 2;
    for (const ExplorerView::Table& t : view.tables()) {
        const int perPage = std::max(1, (page.height() - 3 * line - 40) / line - 1);
        for (qsizetype first = 0; first < std::max<qsizetype>(1, t.rows.size()); first += perPage) {
            newPage();
            p.save();
            p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
            p.scale(k, k);
            p.setPen(Qt::black);
            p.setFont(titleFont);
            const QString title =
                t.rows.size() > perPage
                    ? QStringLiteral("%1 (rows %2–%3 of %4)")
                          .arg(t.title)
                          .arg(first + 1)
                          .arg(std::min<qsizetype>(first + perPage, t.rows.size()))
                          .arg(t.rows.size())
                    : t.title;
            p.drawText(QRect(16, 12, page.width() - 32, 2 * line), Qt::AlignLeft | Qt::AlignTop,
                       title);
            // Black on the white page whatever the plots' scheme (issue 55: a dark-scheme PDF
            // wrote its table pages in near-white text on white).
            drawTable(p, QRect(16, 16 + 2 * line, page.width() - 32, page.height() - 2 * line - 32),
                      t.header, t.rows.mid(first, perPage), font, QColor(Qt::black));
            p.restore();
        }
    }
}
} // namespace

QString figureStyleName(FigureStyle s) {
    switch (s) {
    case FigureStyle::Slide:
        return QStringLiteral("slide");
    case FigureStyle::Paper:
        return QStringLiteral("paper");
    case FigureStyle::Screen:
        break;
    }
    return QStringLiteral("screen");
}

std::optional<FigureStyle> figureStyleFromName(const QString& name) {
    for (FigureStyle s : {FigureStyle::Screen, FigureStyle::Slide, FigureStyle::Paper}) {
        if (name == figureStyleName(s)) {
            return s;
        }
    }
    return std::nullopt;
}

QSize figurePageSize(const QSize& size, FigureStyle style) {
    // Screen: as the window draws it, up to 1600 px wide; a larger export is that page scaled
    // (as on a high-density screen), so its text does not shrink to a quarter of the figure.
    const int width = style == FigureStyle::Slide   ? 1280
                      : style == FigureStyle::Paper ? 960
                                                    : std::min(size.width(), 1600);
    if (width == size.width() || size.width() <= 0) {
        return size;
    }
    return QSize(width,
                 std::max(1, static_cast<int>(std::lround(static_cast<double>(size.height()) *
                                                          width / size.width()))));
}

QStringList footnoteLines(const QString& text, FigureStyle style, int width, QFont* fontOut) {
    QFont font;
    font.setPixelSize(style == FigureStyle::Slide   ? 15
                      : style == FigureStyle::Paper ? 10
                                                    : std::clamp(width / 110, 9, 28));
    if (fontOut) {
        *fontOut = font;
    }
    const QFontMetrics m(font);
    const int room = std::max(40, width - 16);
    QStringList lines;
    QString rest = text.simplified();
    while (!rest.isEmpty()) {
        if (m.horizontalAdvance(rest) <= room) {
            lines << rest;
            break;
        }
        if (lines.size() == 1) {
            // The last of two lines: what does not fit ends in "…" after a whole item (issue
            // 55: it ended in "tau_…" and "= 12 (…"), else after a whole word; How far to trust
            // this has the rest.
            const QString more = QStringLiteral(" …");
            const int fits = room - m.horizontalAdvance(more);
            qsizetype cut = rest.size();
            while (cut > 1 && m.horizontalAdvance(rest.left(cut)) > fits) {
                --cut;
            }
            qsizetype at = -1;
            for (const QString& sep : {QStringLiteral("; "), QStringLiteral(" · "),
                                       QStringLiteral(", "), QStringLiteral(" ")}) {
                at = rest.lastIndexOf(sep, cut - sep.size());
                // An item boundary only if it keeps more than half the line.
                if (at > 0 && (sep == QStringLiteral(" ") || at > cut / 2)) {
                    break;
                }
                at = -1;
            }
            QString head = (at > 0 ? rest.left(at) : rest.left(cut)).trimmed();
            while (!head.isEmpty() && QStringLiteral(";,·:").contains(head.back())) {
                head.chop(1);
            }
            lines << head.trimmed() + more;
            break;
        }
        // The longest head of `rest` that fits, broken at a space (or anywhere in a long word).
        qsizetype cut = rest.size();
        while (cut > 1 && m.horizontalAdvance(rest.left(cut)) > room) {
            --cut;
        }
        const qsizetype space = rest.lastIndexOf(' ', cut);
        if (space > 0 && cut < rest.size()) {
            cut = space;
        }
        lines << rest.left(cut).trimmed();
        rest = rest.mid(cut).trimmed();
    }
    return lines;
}

QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const QStringList& notes) {
    FigureOptions o;
    o.notes = notes;
    if (!notes.isEmpty()) {
        o.footnote = QStringLiteral("%1: %2").arg(kOutside, notes.join("; "));
        o.outside = true;
    }
    return exportView(view, path, size, o);
}

void renderFigureOn(ExplorerView& view, QPaintDevice& device, const QSize& size,
                    const FigureOptions& o, const std::function<void()>& newPage) {
    view.finishPendingWork();
    const StyleScope style(view, o);
    const SchemeScope scheme(view, o);
    QPainter p(&device);
    renderFigure(view, p, size, o, scheme.darkPage());
    if (newPage) {
        renderTablePages(view, newPage, p, size, o);
    }
}

int footnoteHeight(const FigureOptions& options, const QSize& page) {
    return footerFor(options, page).height;
}

QImage exportImage(ExplorerView& view, const QSize& size, const FigureOptions& o) {
    view.finishPendingWork();
    const QSize clamped = size.expandedTo(QSize(16, 16)).boundedTo(QSize(20000, 20000));
    const StyleScope style(view, o);
    const SchemeScope scheme(view, o);
    QImage image(clamped, QImage::Format_ARGB32_Premultiplied);
    image.fill(scheme.darkPage() ? kDarkPage : QColor(Qt::white));
    QPainter p(&image);
    renderFigure(view, p, clamped, o, scheme.darkPage());
    return image;
}

QString exportView(ExplorerView& view, const QString& path, const QSize& size,
                   const FigureOptions& o) {
    view.finishPendingWork();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv") {
        QString head;
        for (const QString& n : o.notes) {
            head += QString("# %1: %2\n").arg(kOutside, n);
        }
        if (!o.footnote.isEmpty() && !o.outside) {
            head += QString("# %1\n").arg(o.footnote);
        }
        return writeTextFile(path, head + commentedPreamble(view.csv()));
    }
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
        return QStringLiteral("size = %1x%2: width and height must be in [16, 20000] pixels")
            .arg(size.width())
            .arg(size.height());
    }
    if (suffix != "png" && suffix != "pdf" && suffix != "svg") {
        return QStringLiteral("%1: unknown format '%2'; expected .png, .pdf, .svg or .csv")
            .arg(path, suffix);
    }
    const StyleScope style(view, o);
    const SchemeScope scheme(view, o);
    const bool dark = scheme.darkPage();
    if (suffix == "png") {
        return renderAtomically(path, [&](const QString& tmp) {
            QImage image(size, QImage::Format_ARGB32_Premultiplied);
            image.fill(dark ? kDarkPage : QColor(Qt::white));
            {
                QPainter p(&image);
                renderFigure(view, p, size, o, dark);
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
            pdf.setTitle(o.sessionTitle.isEmpty() ? view.viewTitle()
                                                  : o.sessionTitle + " — " + view.viewTitle());
            pdf.setCreator("Codesign Explorer");
            QPainter p(&pdf);
            renderFigure(view, p, size, o, dark);
            renderTablePages(
                view, [&pdf] { pdf.newPage(); }, p, size, o);
            return QString();
        });
    }
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
            svg.setTitle(o.sessionTitle.isEmpty() ? view.viewTitle()
                                                  : o.sessionTitle + " — " + view.viewTitle());
            svg.setDescription("Codesign Explorer");
            // Clips applied to the shapes themselves: the generator ignores them (issue 55: the
            // codesign budget band ran through the title and the legend).
            ClippedDevice clipped(svg);
            QPainter p(&clipped);
            renderFigure(view, p, size, o, dark);
        }
        return genericFontFamilies(tmp);
    });
}

void renderFittedHtml(QPaintDevice& device, const QSize& size, const QString& html, QFont font,
                      int widthPerPixel) {
    QTextDocument doc;
    // The page's size, not the window's: a QTextBrowser's toHtml() fixes the body's font in
    // points, which overrode the default font below (a trust table drew at 8 px at 800 px).
    QString page = html;
    static const QRegularExpression bodyFont(QStringLiteral("(<body[^>]*?)font-size:[^;\"]*;?"));
    page.replace(bodyFont, QStringLiteral("\\1"));
    doc.setHtml(schemedHtml(page)); // a dark export draws the text light on dark paper
    font.setPixelSize(std::max(13, size.width() / std::max(1, widthPerPixel)));
    doc.setDefaultFont(font);
    // The largest scale (up to 1.5) at which the text, set on a column of width / scale, fits
    // the page: a long text shrinks to fit (filling the width), a short one grows (a trust table
    // at 800 px was drawn at 8 px over half an empty page; issue 45).
    const double width = size.width() - 24.0, height = size.height() - 24.0;
    const auto fits = [&](double scale) {
        doc.setTextWidth(width / scale);
        return doc.size().height() * scale <= height;
    };
    double lo = 0.05, hi = 1.5;
    double k = fits(1.0) ? (fits(hi) ? hi : 1.0) : lo;
    if (k != hi) {
        if (k == 1.0) {
            lo = 1.0;
        } else {
            hi = 1.0;
        }
        for (int step = 0; step < 12; ++step) {
            const double mid = (lo + hi) / 2;
            (fits(mid) ? lo : hi) = mid;
        }
        k = lo;
    }
    doc.setTextWidth(width / k);
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    p.translate(12, 12);
    p.scale(k, k);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette.setColor(QPalette::Text, schemeInk());
    doc.documentLayout()->draw(&p, context);
}

} // namespace cdx::widgets
