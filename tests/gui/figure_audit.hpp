// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The figure audit (issue 55): a figure drawn onto a paint device that records, instead of
// pixels, what each text and each filled shape is and where it lands on the page (its box through
// the painter's transform, and the clip it was drawn in), then checks the geometry: no text over
// another, no text cut by the page or by the area it is drawn in, a footnote of at most two lines
// of whole words, and table pages whose text stands out from their page. It reads the items'
// geometry, not pixels. A band stays in its area through its clip, which every format now
// applies (common/clipped_device.hpp for the SVG; test_gui_figures::svgHonoursClips).

#include "common/view_export.hpp"

#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <QRectF>
#include <QStringList>
#include <QTextItem>
#include <QTransform>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace cdx::test {

struct AuditText {
    QString text;
    QRectF box;  // on the page, in pixels
    QRectF clip; // the area it was drawn in (the page when none)
    bool clipped = false;
    QColor colour;
    int page = 0;
    double baseline = 0; // the baseline's height on the page (unrotated text)
    double em = 0;       // the font's height on the page
    QPolygonF outline;   // the box as drawn (turned with a rotated axis label)
    bool rotated = false;
};
struct AuditFill {
    QRectF box;
    QColor colour;
    int page = 0;
};

class RecordingEngine : public QPaintEngine {
public:
    RecordingEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override {}
    Type type() const override { return QPaintEngine::User; }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {
    }
    void drawTextItem(const QPointF& p, const QTextItem& ti) override {
        const QString text = ti.text();
        if (text.trimmed().isEmpty()) {
            return;
        }
        QPainter* painter = this->painter();
        const QFontMetricsF m(ti.font(), paintDevice());
        QRectF box = m.tightBoundingRect(text).translated(p);
        const QTransform t = painter->combinedTransform();
        AuditText a;
        a.text = text;
        a.box = t.mapRect(box);
        a.clipped = painter->hasClipping();
        a.clip = a.clipped ? t.mapRect(painter->clipBoundingRect()) : QRectF();
        a.colour = painter->pen().color();
        a.page = page;
        a.baseline = t.map(p).y();
        a.outline = t.map(QPolygonF(box));
        a.rotated = std::abs(t.m12()) > 1e-6 || std::abs(t.m21()) > 1e-6;
        a.em = m.height() * std::sqrt(std::abs(t.determinant()));
        texts.push_back(a);
    }
    void drawRects(const QRectF* rects, int count) override {
        for (int i = 0; i < count; ++i) {
            fill(QPainterPath(), rects[i]);
        }
    }
    void drawRects(const QRect* rects, int count) override {
        for (int i = 0; i < count; ++i) {
            fill(QPainterPath(), QRectF(rects[i]));
        }
    }
    void drawPath(const QPainterPath& path) override { fill(path, path.boundingRect()); }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        if (mode != PolylineMode) {
            QPolygonF poly;
            for (int i = 0; i < count; ++i) {
                poly << points[i];
            }
            fill(QPainterPath(), poly.boundingRect());
        }
    }
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override {
        if (mode != PolylineMode) {
            QPolygonF poly;
            for (int i = 0; i < count; ++i) {
                poly << QPointF(points[i]);
            }
            fill(QPainterPath(), poly.boundingRect());
        }
    }

    std::vector<AuditText> texts;
    std::vector<AuditFill> fills;
    int page = 0;

private:
    // A filled shape: what the page behind a table's text is.
    void fill(const QPainterPath&, const QRectF& logical) {
        QPainter* painter = this->painter();
        const QBrush brush = painter->brush();
        if (brush.style() == Qt::NoBrush || brush.color().alpha() == 0) {
            return;
        }
        const QTransform t = painter->combinedTransform();
        const QRectF box = t.mapRect(logical);
        fills.push_back({box, brush.color(), page});
    }
};

class RecordingDevice : public QPaintDevice {
public:
    explicit RecordingDevice(const QSize& size) : size_(size) {}
    QPaintEngine* paintEngine() const override { return engine_.get(); }
    RecordingEngine& engine() { return *engine_; }

protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
        case PdmWidth:
            return size_.width();
        case PdmHeight:
            return size_.height();
        case PdmWidthMM:
            return static_cast<int>(size_.width() * 25.4 / 96);
        case PdmHeightMM:
            return static_cast<int>(size_.height() * 25.4 / 96);
        case PdmNumColors:
            return 0x7fffffff;
        case PdmDepth:
            return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return static_cast<int>(QPaintDevice::devicePixelRatioFScale());
        default:
            return 0;
        }
    }

private:
    QSize size_;
    std::unique_ptr<RecordingEngine> engine_ = std::make_unique<RecordingEngine>();
};

// The relative luminance of WCAG 2 and the contrast ratio of two colours (1 to 21).
inline double luminance(const QColor& c) {
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
inline double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// What one figure breaks, one line each ("overlap: 'min 9.99 s' and 'tT = 18'"); empty when
// none. `footnote`: the options' footnote, checked as footnoteLines draws it.
inline QStringList auditFigure(widgets::ExplorerView& view, const QSize& size,
                               const widgets::FigureOptions& options) {
    RecordingDevice device(size);
    widgets::renderFigureOn(view, device, size, options, [&device] { ++device.engine().page; });
    QStringList out;
    const RecordingEngine& e = device.engine();
    const QRectF page(QPointF(0, 0), QSizeF(size));
    const auto quote = [](const QString& s) {
        return "'" + (s.size() > 40 ? s.left(37) + "..." : s) + "'";
    };
    // Pixels of the page the style draws on (1280 for a slide, 960 for paper; the file's own on
    // screen up to 1600), scaled to the file: hinting, rounding, a glyph's overhang.
    const double scale = std::max(1.0, static_cast<double>(size.width()) /
                                           widgets::figurePageSize(size, options.style).width());
    const double slack = 1.5 * scale;
    // The figure's own page (0); table pages (1, 2, ...) are typeset text.
    std::vector<const AuditText*> visible;
    for (const AuditText& t : e.texts) {
        QRectF box = t.box;
        if (t.clipped) {
            const QRectF in = box.intersected(t.clip);
            if (in.isEmpty()) {
                continue; // drawn wholly outside its area: not on the page
            }
            if (in.width() < box.width() - slack || in.height() < box.height() - slack) {
                out << QStringLiteral("cut by its area: %1 (%2 x %3 of %4 x %5 px visible)")
                           .arg(quote(t.text))
                           .arg(in.width(), 0, 'f', 1)
                           .arg(in.height(), 0, 'f', 1)
                           .arg(box.width(), 0, 'f', 1)
                           .arg(box.height(), 0, 'f', 1);
            }
            box = in;
        }
        if (!page.adjusted(-slack, -slack, slack, slack).contains(box)) {
            out << QStringLiteral("cut by the page: %1 at (%2, %3)-(%4, %5)")
                       .arg(quote(t.text))
                       .arg(box.left(), 0, 'f', 0)
                       .arg(box.top(), 0, 'f', 0)
                       .arg(box.right(), 0, 'f', 0)
                       .arg(box.bottom(), 0, 'f', 0);
        }
        // An axis title or label elided in its middle says half of what it means (issue 55:
        // "speed-up vs gt…as shipped"); an ellipsis after a whole word ("and 3 more …") is
        // text.
        const qsizetype dots = t.text.indexOf(QChar(0x2026));
        if (dots > 0 && dots + 1 < t.text.size() && t.text[dots - 1].isLetterOrNumber() &&
            t.text[dots + 1].isLetterOrNumber() &&
            !(t.text[dots - 1].isDigit() && t.text[dots + 1].isDigit())) { // "φ = 1…1/8": a range
            out << QStringLiteral("elided in the middle: %1").arg(quote(t.text));
        }
        visible.push_back(&t);
    }
    for (std::size_t i = 0; i < visible.size(); ++i) {
        for (std::size_t j = i + 1; j < visible.size(); ++j) {
            const AuditText& a = *visible[i];
            const AuditText& b = *visible[j];
            if (a.page != b.page) {
                continue;
            }
            const QRectF ab = a.clipped ? a.box.intersected(a.clip) : a.box;
            const QRectF bb = b.clipped ? b.box.intersected(b.clip) : b.box;
            QRectF both = ab.intersected(bb);
            // Turned texts (slanted tick labels): their outlines, not the boxes around them.
            if ((a.rotated || b.rotated) && !both.isEmpty()) {
                const QPolygonF common = a.outline.intersected(b.outline);
                double area = 0;
                for (qsizetype k = 0; k < common.size(); ++k) {
                    const QPointF& u = common[k];
                    const QPointF& v = common[(k + 1) % common.size()];
                    area += u.x() * v.y() - v.x() * u.y();
                }
                area = std::abs(area) / 2;
                if (area < slack * std::min(a.em, b.em)) {
                    continue;
                }
            }
            // Two runs of one line (a bold word, then the rest) touch by a glyph's overhang.
            const bool oneLine = std::abs(a.baseline - b.baseline) < 0.1 * std::min(a.em, b.em) &&
                                 both.width() < 0.2 * std::min(a.em, b.em);
            if (both.width() > slack && both.height() > slack && !oneLine &&
                !(a.text == b.text && ab == bb)) {
                out << QStringLiteral("overlap: %1 and %2 (%3 x %4 px; boxes %5,%6 %7x%8 and "
                                      "%9,%10 %11x%12; baselines %13 %14, em %15 %16)")
                           .arg(quote(a.text), quote(b.text))
                           .arg(both.width(), 0, 'f', 1)
                           .arg(both.height(), 0, 'f', 1)
                           .arg(ab.x(), 0, 'f', 0)
                           .arg(ab.y(), 0, 'f', 0)
                           .arg(ab.width(), 0, 'f', 0)
                           .arg(ab.height(), 0, 'f', 0)
                           .arg(bb.x(), 0, 'f', 0)
                           .arg(bb.y(), 0, 'f', 0)
                           .arg(bb.width(), 0, 'f', 0)
                           .arg(bb.height(), 0, 'f', 0)
                           .arg(a.baseline, 0, 'f', 1)
                           .arg(b.baseline, 0, 'f', 1)
                           .arg(a.em, 0, 'f', 1)
                           .arg(b.em, 0, 'f', 1);
            }
        }
    }
    // The figure's area above the footnote's band: a text across its edge is cut by the band,
    // and below it only the footnote's own lines are drawn.
    const QSize pageSize = widgets::figurePageSize(size, options.style);
    const double areaBottom =
        (pageSize.height() - widgets::footnoteHeight(options, pageSize)) * scale;
    if (areaBottom < size.height() - slack) {
        const QString flatNote = QString(options.footnote).simplified();
        for (const AuditText* t : visible) {
            if (t->page != 0) {
                continue;
            }
            const QRectF box = t->clipped ? t->box.intersected(t->clip) : t->box;
            if (box.top() < areaBottom - slack && box.bottom() > areaBottom + slack) {
                out << QStringLiteral("cut by the footnote's band: %1").arg(quote(t->text));
            } else if (box.top() >= areaBottom - slack) {
                QString line = t->text.simplified();
                if (line.endsWith(QChar(0x2026))) {
                    line.chop(1);
                }
                if (!flatNote.contains(line.trimmed())) {
                    out << QStringLiteral("under the footnote's band: %1").arg(quote(t->text));
                }
            }
        }
    }
    // Table pages: each text against the last fill under it on its page (the page's own).
    for (const AuditText& t : e.texts) {
        if (t.page == 0) {
            continue;
        }
        QColor behind = Qt::white;
        for (const AuditFill& f : e.fills) {
            if (f.page == t.page && f.box.contains(t.box.center())) {
                behind = f.colour;
            }
        }
        if (contrast(t.colour, behind) < 4.5) {
            out << QStringLiteral("low contrast on table page %1: %2 in %3 on %4")
                       .arg(t.page)
                       .arg(quote(t.text), t.colour.name(), behind.name());
        }
    }
    // The footnote: at most two lines, each ending in a whole word.
    if (!options.footnote.isEmpty()) {
        const QStringList lines =
            widgets::footnoteLines(options.footnote, options.style, pageSize.width());
        if (lines.size() > 2) {
            out << QStringLiteral("footnote of %1 lines").arg(lines.size());
        }
        const QString flat = QString(options.footnote).simplified();
        QString shown;
        for (const QString& l : lines) {
            shown += (shown.isEmpty() ? QString() : QStringLiteral(" ")) + l.simplified();
        }
        if (shown.endsWith(QChar(0x2026))) {
            shown.chop(1);
            shown = shown.trimmed();
            const qsizetype at = flat.indexOf(shown);
            const qsizetype next = at < 0 ? -1 : at + shown.size();
            if (at < 0 || (next < flat.size() && flat[next].isLetterOrNumber())) {
                out << QStringLiteral("footnote cut mid-word: ...%1…").arg(shown.right(30));
            }
        }
    }
    out.removeDuplicates();
    return out;
}

} // namespace cdx::test
