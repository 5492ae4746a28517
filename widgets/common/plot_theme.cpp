// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/plot_theme.hpp"

#include "common/annotations.hpp"
#include "compare/families.hpp"
#include "params/profile_label.hpp"

#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <qcustomplot.h>

namespace cdx::widgets {

PlotTheme plotTheme(bool presentation) {
    PlotTheme t;
    t.presentation = presentation;
    t.basePointSize = presentation ? 16 : 9;
    t.titlePointSize = presentation ? 18 : 10;
    t.lineWidth = presentation ? 3.5 : 1.5;
    t.markerSize = presentation ? 11 : 6;
    // Okabe & Ito (2008): black, orange, sky blue, bluish green, vermillion, blue, purple.
    t.palette = {QColor(0, 114, 178), QColor(230, 159, 0),  QColor(0, 158, 115),
                 QColor(213, 94, 0),  QColor(86, 180, 233), QColor(204, 121, 167),
                 QColor(0, 0, 0)};
    return t;
}

namespace {
PlotScheme gScheme = PlotScheme::Light;
// The dark scheme's colours: exact values, so that a second pass leaves them and the light
// pass can take them back.
const QColor kDarkPaper(0x12, 0x12, 0x12);
const QColor kDarkInk(0xf2, 0xf2, 0xf2);
const QColor kDarkGrey(0xb4, 0xb4, 0xb6);
const QColor kDarkGrid(0x4a, 0x4a, 0x4c);
const QColor kLightGrey(90, 90, 90);
const QColor kLightGrid(210, 210, 210);

bool same(const QColor& a, const QColor& b) {
    return a.red() == b.red() && a.green() == b.green() && a.blue() == b.blue();
}
QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}
// A colour as the current scheme draws it: only greys (ink, secondary text, grid, paper)
// change; a colour with hue is data and stays.
QColor recolour(const QColor& c) {
    if (!c.isValid() || c.alpha() == 0) {
        return c;
    }
    const bool grey = c.hslSaturation() < 40 || c.lightness() < 30;
    if (gScheme == PlotScheme::Dark) {
        if (same(c, kDarkPaper) || same(c, kDarkInk) || same(c, kDarkGrey) || same(c, kDarkGrid) ||
            !grey) {
            return c;
        }
        const int l = c.lightness();
        return withAlpha(l < 70    ? kDarkInk
                         : l < 150 ? kDarkGrey
                         : l < 240 ? kDarkGrid
                                   : kDarkPaper,
                         c.alpha());
    }
    return same(c, kDarkInk)     ? withAlpha(Qt::black, c.alpha())
           : same(c, kDarkGrey)  ? withAlpha(kLightGrey, c.alpha())
           : same(c, kDarkGrid)  ? withAlpha(kLightGrid, c.alpha())
           : same(c, kDarkPaper) ? withAlpha(Qt::white, c.alpha())
                                 : c;
}
QPen recolour(QPen p) {
    p.setColor(recolour(p.color()));
    return p;
}
QBrush recolour(QBrush b) {
    if (b.style() != Qt::NoBrush && b.gradient() == nullptr && b.textureImage().isNull()) {
        b.setColor(recolour(b.color()));
    }
    return b;
}
void recolourAxis(QCPAxis& a) {
    a.setBasePen(recolour(a.basePen()));
    a.setTickPen(recolour(a.tickPen()));
    a.setSubTickPen(recolour(a.subTickPen()));
    a.setLabelColor(recolour(a.labelColor()));
    a.setTickLabelColor(recolour(a.tickLabelColor()));
    a.grid()->setPen(recolour(a.grid()->pen()));
    a.grid()->setSubGridPen(recolour(a.grid()->subGridPen()));
    a.grid()->setZeroLinePen(recolour(a.grid()->zeroLinePen()));
}
} // namespace

PlotScheme plotScheme() {
    return gScheme;
}
void setPlotScheme(PlotScheme s) {
    gScheme = s;
}
QString plotSchemeName(PlotScheme s) {
    return s == PlotScheme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}
std::optional<PlotScheme> plotSchemeFromName(const QString& name) {
    if (name == "light") {
        return PlotScheme::Light;
    }
    if (name == "dark") {
        return PlotScheme::Dark;
    }
    return std::nullopt;
}
QColor schemed(const QColor& c) {
    QColor out = recolour(c);
    // A dark colour with hue (dark red, dark green) lightened until it reads on dark paper.
    if (gScheme == PlotScheme::Dark && out.isValid() && out.hslSaturation() >= 40 &&
        out.lightness() < 90) {
        out = QColor::fromHsl(out.hslHue(), out.hslSaturation(), 170, out.alpha());
    }
    return out;
}
QPen schemed(QPen p) {
    p.setColor(schemed(p.color()));
    return p;
}
QBrush schemed(QBrush b) {
    if (b.style() != Qt::NoBrush && b.gradient() == nullptr && b.textureImage().isNull()) {
        b.setColor(schemed(b.color()));
    }
    return b;
}
QString schemedHtml(const QString& html) {
    if (gScheme == PlotScheme::Light) {
        return html;
    }
    // Every #rrggbb: greys as the plots draw them; a dark colour with hue (the trust table's
    // green and red) lightened until it reads on the dark paper.
    static const QRegularExpression hex(QStringLiteral("#[0-9a-fA-F]{6}\\b"));
    QString out;
    qsizetype last = 0;
    for (auto it = hex.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        QColor c = schemed(QColor(m.captured(0)));
        if (c.hslSaturation() >= 40 && c.lightness() < 140) {
            c = QColor::fromHsl(c.hslHue(), c.hslSaturation(), 170);
        }
        out += html.mid(last, m.capturedStart() - last) + c.name();
        last = m.capturedEnd();
    }
    return out + html.mid(last);
}
SchemePalette::SchemePalette(QWidget& w) {
    if (gScheme == PlotScheme::Light) {
        return;
    }
    w_ = &w;
    old_ = w.palette();
    hadOwn_ = w.testAttribute(Qt::WA_SetPalette);
    QPalette pal = old_;
    for (const auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        pal.setColor(group, QPalette::Window, kDarkPaper);
        pal.setColor(group, QPalette::Base, kDarkPaper);
        pal.setColor(group, QPalette::AlternateBase, QColor(0x22, 0x22, 0x24));
        pal.setColor(group, QPalette::Button, QColor(0x2a, 0x2a, 0x2c));
        pal.setColor(group, QPalette::Text, kDarkInk);
        pal.setColor(group, QPalette::WindowText, kDarkInk);
        pal.setColor(group, QPalette::ButtonText, kDarkInk);
        pal.setColor(group, QPalette::PlaceholderText, kDarkGrey);
        pal.setColor(group, QPalette::Mid, kDarkGrid);
        pal.setColor(group, QPalette::Midlight, kDarkGrid);
        pal.setColor(group, QPalette::Dark, kDarkGrey);
        pal.setColor(group, QPalette::Light, kDarkGrid);
    }
    w.setPalette(pal);
}
SchemePalette::~SchemePalette() {
    if (!w_) {
        return;
    }
    if (hadOwn_) {
        w_->setPalette(old_);
    } else {
        w_->setPalette(QPalette()); // inherits its parent's again
        w_->setAttribute(Qt::WA_SetPalette, false);
    }
}

QColor schemeInk() {
    return gScheme == PlotScheme::Dark ? kDarkInk : QColor(Qt::black);
}

void applyScheme(QCustomPlot& plot) {
    plot.setBackground(gScheme == PlotScheme::Dark ? kDarkPaper : QColor(Qt::white));
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) {
        if (auto* rect = qobject_cast<QCPAxisRect*>(e)) {
            if (rect->backgroundBrush().style() != Qt::NoBrush) {
                rect->setBackground(recolour(rect->backgroundBrush()));
            }
            for (QCPAxis* a : rect->axes()) {
                recolourAxis(*a);
            }
        } else if (auto* text = qobject_cast<QCPTextElement*>(e)) {
            text->setTextColor(recolour(text->textColor()));
        } else if (auto* legend = qobject_cast<QCPLegend*>(e)) {
            legend->setBrush(recolour(legend->brush()));
            legend->setBorderPen(recolour(legend->borderPen()));
            legend->setTextColor(recolour(legend->textColor()));
            for (int i = 0; i < legend->itemCount(); ++i) {
                if (QCPAbstractLegendItem* item = legend->item(i)) {
                    item->setTextColor(recolour(item->textColor()));
                }
            }
        } else if (auto* scale = qobject_cast<QCPColorScale*>(e)) {
            recolourAxis(*scale->axis());
        }
    }
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        p->setPen(recolour(p->pen()));
        p->setBrush(recolour(p->brush()));
        const auto markers = [](auto* series) {
            QCPScatterStyle st = series->scatterStyle();
            st.setPen(recolour(st.pen()));
            st.setBrush(recolour(st.brush()));
            series->setScatterStyle(st);
        };
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            markers(g);
        } else if (auto* c = qobject_cast<QCPCurve*>(p)) {
            markers(c);
        }
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        QCPAbstractItem* item = plot.item(i);
        if (auto* t = qobject_cast<QCPItemText*>(item)) {
            t->setColor(recolour(t->color()));
            t->setPen(recolour(t->pen()));
            t->setBrush(recolour(t->brush()));
        } else if (auto* l = qobject_cast<QCPItemLine*>(item)) {
            l->setPen(recolour(l->pen()));
        } else if (auto* s = qobject_cast<QCPItemStraightLine*>(item)) {
            s->setPen(recolour(s->pen()));
        } else if (auto* r = qobject_cast<QCPItemRect*>(item)) {
            r->setPen(recolour(r->pen()));
            r->setBrush(recolour(r->brush()));
        } else if (auto* el = qobject_cast<QCPItemEllipse*>(item)) {
            el->setPen(recolour(el->pen()));
            el->setBrush(recolour(el->brush()));
        } else if (auto* tr = qobject_cast<QCPItemTracer*>(item)) {
            tr->setPen(recolour(tr->pen()));
            tr->setBrush(recolour(tr->brush()));
        } else if (auto* cu = qobject_cast<QCPItemCurve*>(item)) {
            cu->setPen(recolour(cu->pen()));
        } else if (auto* b = qobject_cast<QCPItemBracket*>(item)) {
            b->setPen(recolour(b->pen()));
        }
    }
    syncAnnotations(plot); // in the plot's current font and the scheme's ink
}

QString fullAxisLabel(const QCPAxis& axis) {
    const QString shown = axis.label();
    return !shown.isEmpty() && axis.property("cdxElidedLabel").toString() == shown
               ? axis.property("cdxFullLabel").toString()
               : shown;
}

void fitAxisLabels(QCustomPlot& plot) {
    bool laidOut = false;
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis* a : rect->axes()) {
            const QString full = fullAxisLabel(*a);
            if (full.isEmpty() || !a->visible()) {
                continue;
            }
            if (!laidOut) { // this viewport's lengths, not the last layout's
                layOutNow(plot);
                laidOut = true;
            }
            const int length = a->orientation() == Qt::Vertical ? rect->height() : rect->width();
            const QFontMetrics m(a->labelFont());
            QString shown = full;
            if (m.horizontalAdvance(full) > length - 4 && length > 40) {
                // Up to three lines, broken at spaces, before eliding (issue 55:
                // "transactio…nsactions]" and "speed-up vs gt…as shipped" said half of what
                // they meant); elided in the middle, unit kept, only when three do not hold it.
                QStringList lines;
                for (const QString& word : full.split(' ', Qt::SkipEmptyParts)) {
                    if (!lines.isEmpty() &&
                        m.horizontalAdvance(lines.back() + ' ' + word) <= length - 4) {
                        lines.back() += ' ' + word;
                    } else {
                        lines << word;
                    }
                }
                const bool fits = lines.size() <= 3 && !full.contains('\n') &&
                                  std::all_of(lines.begin(), lines.end(), [&](const QString& l) {
                                      return m.horizontalAdvance(l) <= length - 4;
                                  });
                shown = fits ? lines.join('\n') : m.elidedText(full, Qt::ElideMiddle, length - 4);
            }
            a->setProperty("cdxFullLabel", full);
            a->setProperty("cdxElidedLabel", shown);
            if (shown != a->label()) {
                a->setLabel(shown);
            }
        }
    }
}

void applySchemeTo(QWidget& root, bool replot) {
    for (QCustomPlot* plot : root.findChildren<QCustomPlot*>()) {
        if (!plot->property("cdxScheme").toBool()) {
            plot->setProperty("cdxScheme", true);
            QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
                applyScheme(*plot);
                fitAxisLabels(*plot);
            });
        }
        applyScheme(*plot);
        if (replot) {
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
    if (replot) { // the hand-drawn figures (warp timeline, tiling geometry, trees) repaint
        for (QWidget* w : root.findChildren<QWidget*>()) {
            if (!qobject_cast<QCustomPlot*>(w)) {
                w->update();
            }
        }
    }
}

void applyTheme(QCPAxisRect& rect, const PlotTheme& theme) {
    QFont f = rect.parentPlot()->font();
    f.setPointSize(theme.basePointSize);
    QFont label = f;
    label.setPointSize(theme.basePointSize + 1);
    const QPen axisPen(Qt::black, theme.presentation ? 2.0 : 1.0);
    for (QCPAxis* a : rect.axes()) {
        a->setTickLabelFont(f);
        a->setLabelFont(label);
        a->setBasePen(axisPen);
        a->setTickPen(axisPen);
        a->setSubTickPen(axisPen);
        a->grid()->setPen(QPen(QColor(210, 210, 210), 1, Qt::DotLine));
    }
}

void applyTheme(QCustomPlot& plot, const PlotTheme& theme) {
    applyTheme(*plot.axisRect(), theme);
    // Texts placed on the plot (bar values, labels) were sized for the theme they were made
    // in: on a change of theme they scale with it, as an export in another style draws the
    // view without making it anew (the Breakdown's values stayed at 9 pt on a slide).
    const QVariant was = plot.property("cdxPresentation");
    if (was.isValid() && was.toBool() != theme.presentation) {
        const double k = static_cast<double>(plotTheme(theme.presentation).basePointSize) /
                         plotTheme(was.toBool()).basePointSize;
        for (int i = 0; i < plot.itemCount(); ++i) {
            if (auto* t = qobject_cast<QCPItemText*>(plot.item(i))) {
                QFont f = t->font();
                if (f.pointSizeF() > 0) {
                    f.setPointSizeF(std::round(f.pointSizeF() * k * 2) / 2);
                    t->setFont(f);
                }
            }
        }
    }
    plot.setProperty("cdxPresentation", theme.presentation);
    // Margins start again from nothing: in a margin group (the map and its colour scale) an
    // element reports its current margin as its own, so a margin only ever grew, and the map
    // came back from F11 23 px shorter (issue 45: Esc restores pixel for pixel).
    // A title or subtitle keeps 8 px at each side, so it wraps before it meets the title of the
    // plot beside it (Power's two titles ran together on a slide).
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) {
        if (qobject_cast<QCPTextElement*>(e) != nullptr) {
            e->setMargins(QMargins(8, 2, 8, 2));
            continue;
        }
        if (auto* scale = qobject_cast<QCPColorScale*>(e)) {
            // A colour scale's numbers in the axes' size (they stayed 9 pt on a slide).
            QFont ticks = plot.font();
            ticks.setPointSize(theme.basePointSize);
            scale->axis()->setTickLabelFont(ticks);
            ticks.setPointSize(theme.basePointSize + 1);
            scale->axis()->setLabelFont(ticks);
        }
        if (e != nullptr && e->autoMargins() == QCP::msAll) {
            e->setMargins(QMargins());
        }
    }
    // The scheme before every replot: what a view adds or recolours later follows it.
    if (!plot.property("cdxScheme").toBool()) {
        plot.setProperty("cdxScheme", true);
        QObject::connect(&plot, &QCustomPlot::beforeReplot, &plot, [p = &plot] {
            applyScheme(*p);
            fitAxisLabels(*p);
        });
    }
    QFont f = plot.font();
    f.setPointSize(theme.basePointSize);
    if (plot.legend) {
        plot.legend->setFont(f);
        // The icons grow with the text (presentation fonts squashed the 32 x 18 default).
        const int h = QFontMetrics(f).height();
        plot.legend->setIconSize(std::max(32, 2 * h), std::max(18, h));
    }
}

namespace {
// A title or subtitle that wraps onto more lines instead of being clipped at the plot's edge
// (or widening the window): its minimum width is small and its height follows the width the
// layout gives it (the last layout's, or the plot's on the first).
} // namespace

QString fitWordsToWidth(const QString& text, const QFont& font, int width) {
    const QFontMetrics m(font);
    if (m.horizontalAdvance(text) <= width) {
        return text;
    }
    QStringList lines = text.split('\n');
    for (QString& line : lines) {
        QStringList words = line.split(' ');
        for (QString& w : words) {
            if (m.horizontalAdvance(w) > width) {
                w = m.elidedText(w, Qt::ElideMiddle, width);
            }
        }
        line = words.join(' ');
    }
    return lines.join('\n');
}

namespace {

class WrappingText : public QCPTextElement {
public:
    WrappingText(QCustomPlot* plot, const QFont& font) : QCPTextElement(plot, QString(), font) {
        setTextFlags(Qt::AlignCenter | Qt::TextWordWrap);
    }

    // Some word of it is shown shortened with "…" at the width it has now.
    bool shortened() const {
        return !mText.isEmpty() && mRect.width() > 0 && fitted(mFont, mRect.width()) != mText;
    }

    // After a layout at a new width the height it asked for was the old width's (a view laid
    // out while narrow came up with its title and subtitle several lines too tall and its axes
    // squashed; the Codesign plot before F11): one more layout, queued, settles it.
    void update(UpdatePhase phase) override {
        QCPTextElement::update(phase);
        // Once per new width: a plot too short for every element's height gives them less,
        // and asking again would never end.
        if (phase == upLayout && mParentPlot != nullptr && mOuterRect.height() > 0 &&
            mOuterRect.width() != laidOutWidth_) {
            laidOutWidth_ = mOuterRect.width();
            if (wrappedHeight() != mOuterRect.height()) {
                mParentPlot->replot(QCustomPlot::rpQueuedReplot);
            }
        }
    }

protected:
    QSize minimumOuterSizeHint() const override { return {60, wrappedHeight()}; }
    QSize maximumOuterSizeHint() const override { return {QWIDGETSIZE_MAX, wrappedHeight()}; }
    void draw(QCPPainter* painter) override {
        painter->setFont(mainFont());
        painter->setPen(QPen(mainTextColor()));
        painter->drawText(mRect, mTextFlags, fitted(mFont, mRect.width()), &mTextBoundingRect);
    }

private:
    QString fitted(const QFont& font, int width) const {
        return fitWordsToWidth(mText, font, width);
    }
    int wrappedHeight() const {
        if (mText.isEmpty()) {
            return mMargins.top() + mMargins.bottom();
        }
        int width = mParentPlot->viewport().width();
        if (mOuterRect.width() > 0 && mOuterRect.width() < width) {
            width = mOuterRect.width();
        }
        width = std::max(60, width - mMargins.left() - mMargins.right());
        // The layout asks several times per replot and the text shaping is the expensive part
        // of a drag step (issue 33): the last answer is kept for the same text, width and font.
        if (width != cachedWidth_ || mText != cachedText_ || mFont != cachedFont_) {
            cachedWidth_ = width;
            cachedText_ = mText;
            cachedFont_ = mFont;
            cachedHeight_ =
                QFontMetrics(mFont)
                    .boundingRect(QRect(0, 0, width, 100000), Qt::AlignCenter | Qt::TextWordWrap,
                                  fitted(mFont, width))
                    .height();
        }
        return cachedHeight_ + mMargins.top() + mMargins.bottom();
    }
    int laidOutWidth_ = -1;
    mutable int cachedWidth_ = -1;
    mutable int cachedHeight_ = 0;
    mutable QString cachedText_;
    mutable QFont cachedFont_;
};
} // namespace

QCPScatterStyle discScatter(const QColor& c, int diameter) {
    QPixmap p(diameter + 2, diameter + 2);
    p.fill(Qt::transparent);
    QPainter painter(&p);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(c);
    painter.drawEllipse(QRectF(1, 1, diameter, diameter));
    painter.end();
    return QCPScatterStyle(p);
}

void layOutNow(QCustomPlot& plot) {
    plot.plotLayout()->setOuterRect(plot.viewport());
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                       QCPLayoutElement::upLayout}) {
        plot.plotLayout()->update(phase);
    }
}

double upperWithRoomForLabels(const QCPAxis& axis, double maxValue, int labelPixels) {
    const double top = std::max(maxValue, 1e-300);
    layOutNow(*axis.parentPlot());
    const int length =
        axis.orientation() == Qt::Horizontal ? axis.axisRect()->width() : axis.axisRect()->height();
    const int room = labelPixels + 12;
    if (length <= room + 24) {
        return top * 6; // a tiny plot: the bars stay visible, the labels get what there is
    }
    return top * length / (length - room);
}

void fitUpperToLabels(QCustomPlot& plot, QCPAxis& axis) {
    layOutNow(plot);
    const double length = axis.axisRect()->width();
    const double lower = axis.range().lower;
    double upper = axis.range().upper;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot.item(i));
        if (t == nullptr || !t->visible() || t->position->keyAxis() != &axis ||
            !(t->positionAlignment() & Qt::AlignLeft)) {
            continue;
        }
        // The widest line ("87.70 mm²\n22.0 %" is two; measured as one it seemed too wide to
        // fit and was left to be cut at the edge).
        double w = 0;
        for (const QString& line : t->text().split('\n')) {
            w = std::max(w, static_cast<double>(QFontMetrics(t->font()).horizontalAdvance(line)));
        }
        w += t->padding().left() + t->padding().right() + 4;
        const double x = t->position->coords().x();
        if (x > lower) {
            // A plot too narrow for the label gives it what it can (a fifth of the axis for the
            // bar at least).
            upper =
                std::max(upper, lower + (x - lower) * length / std::max(length / 5, length - w));
        }
    }
    axis.setRange(lower, upper);
}

void toPainterFitted(QCustomPlot& plot, QCPPainter& painter, int width, int height,
                     QCPAxis* labelAxis) {
    const QRect viewport = plot.viewport();
    const QCPRange range = labelAxis != nullptr ? labelAxis->range() : QCPRange();
    // Labels kept apart (keepApart) are placed for the export's pixels: toPainter lays the plot
    // out again but emits no beforeReplot, and places found for the window's size put two
    // labels of a 1600-px figure over each other.
    const bool apart = plot.property("cdxApartHook").toBool();
    plot.setViewport(QRect(0, 0, width, height));
    fitAxisLabels(plot); // for the export's lengths
    if (apart) {
        separateLabels(plot);
    }
    // A legend under the axes takes as many columns as the export's width holds (the window's
    // count ran past a narrower figure's edges).
    const int columns = plot.legend != nullptr ? plot.legend->wrap() : 0;
    const bool legendFit = plot.property("cdxLegendFit").toBool();
    if (legendFit) {
        fitLegendColumns(plot, width);
    }
    if (labelAxis != nullptr) {
        double top = labelAxis->range().lower;
        bool any = false;
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto* t = qobject_cast<QCPItemText*>(plot.item(i));
            if (t != nullptr && t->visible() && t->position->keyAxis() == labelAxis &&
                (t->positionAlignment() & Qt::AlignLeft)) {
                top = std::max(top, t->position->coords().x());
                any = true;
            }
        }
        if (any && top > labelAxis->range().lower) {
            plot.setViewport(QRect(0, 0, width, height));
            labelAxis->setRange(labelAxis->range().lower, top);
            fitUpperToLabels(plot, *labelAxis);
            fitTickCount(*labelAxis, labelAxis->range().upper);
        }
    }
    plot.toPainter(&painter, width, height);
    plot.setViewport(viewport);
    if (labelAxis != nullptr) {
        layOutNow(plot);
        labelAxis->setRange(range);
        fitTickCount(*labelAxis, range.upper);
    }
    if (legendFit && plot.legend->wrap() != columns) {
        plot.legend->setWrap(columns);
        plot.legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
    fitAxisLabels(plot); // the window's again
    if (apart) {
        separateLabels(plot); // back to the window's places
    }
}

void fitTickCount(QCPAxis& axis, double upper) {
    const int length =
        axis.orientation() == Qt::Horizontal ? axis.axisRect()->width() : axis.axisRect()->height();
    const QFontMetrics fm(axis.tickLabelFont());
    // The widest label of a nice step is about as wide as the upper end's; one label and
    // two characters' gap per tick.
    const int label =
        axis.orientation() == Qt::Horizontal
            ? fm.horizontalAdvance(QString::number(upper, 'g', 4)) + 2 * fm.averageCharWidth()
            : 2 * fm.height();
    axis.ticker()->setTickCount(std::clamp(length / std::max(1, label), 2, 5));
}

QString wrapToWidth(const QString& text, const QFont& font, int maxPixels) {
    const QFontMetrics fm(font);
    QStringList out;
    for (const QString& line : text.split('\n')) {
        QString current;
        // Words, a comma staying with the word before it.
        for (const QString& word : line.split(' ', Qt::SkipEmptyParts)) {
            const QString candidate = current.isEmpty() ? word : current + ' ' + word;
            if (!current.isEmpty() && fm.horizontalAdvance(candidate) > maxPixels) {
                out << current;
                current = word;
            } else {
                current = candidate;
            }
        }
        out << current;
    }
    return out.join('\n');
}

PlotHeader addPlotHeader(QCustomPlot& plot) {
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->insertRow(1);
    PlotHeader h;
    QFont f = plot.font();
    f.setBold(true);
    h.title = new WrappingText(&plot, f);
    h.subtitle = new WrappingText(&plot, plot.font());
    h.subtitle->setTextColor(QColor(90, 90, 90));
    plot.plotLayout()->addElement(0, 0, h.title);
    plot.plotLayout()->addElement(1, 0, h.subtitle);
    // A title shortened with "…" (a 200-character GPU name) is shown whole in a tooltip.
    QObject::connect(&plot, &QCustomPlot::mouseMove, &plot,
                     [p = &plot, title = h.title, subtitle = h.subtitle](QMouseEvent* e) {
                         for (QCPTextElement* el : {title, subtitle}) {
                             auto* w = static_cast<WrappingText*>(el);
                             if (w->rect().contains(e->pos()) && w->shortened()) {
                                 QToolTip::showText(e->globalPosition().toPoint(), w->text(), p);
                                 return;
                             }
                         }
                     });
    return h;
}

void applyTheme(const PlotHeader& header, const PlotTheme& theme) {
    QFont tf = header.title->font();
    tf.setPointSize(theme.titlePointSize);
    header.title->setFont(tf);
    QFont sf = header.subtitle->font();
    sf.setPointSize(theme.basePointSize);
    header.subtitle->setFont(sf);
}

QCPColorGradient tAlgGradient() {
    QCPColorGradient g;
    g.clearColorStops();
    // Sampled from matplotlib's viridis (perceptually uniform, readable in grey scale).
    g.setColorStopAt(0.00, QColor(68, 1, 84));
    g.setColorStopAt(0.13, QColor(72, 36, 117));
    g.setColorStopAt(0.25, QColor(65, 68, 135));
    g.setColorStopAt(0.38, QColor(53, 95, 141));
    g.setColorStopAt(0.50, QColor(42, 120, 142));
    g.setColorStopAt(0.63, QColor(33, 145, 140));
    g.setColorStopAt(0.75, QColor(34, 168, 132));
    g.setColorStopAt(0.88, QColor(122, 209, 81));
    g.setColorStopAt(1.00, QColor(253, 231, 37));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhTransparent);
    return g;
}

QString baselineName(const SessionState& s, std::initializer_list<const char*> families) {
    if (!s.baseline) {
        return {};
    }
    std::vector<std::string> ids(families.begin(), families.end());
    return QObject::tr("baseline: %1")
        .arg(QString::fromStdString(compare::sideLabel(*s.baseline, ids)));
}

QLabel* addNoDataPage(QStackedWidget* pages, const char* objectName) {
    auto* l = new QLabel(pages);
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setAlignment(Qt::AlignCenter);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pages->addWidget(l);
    return l;
}

QString fixed(double v, int decimals) {
    QString out = QString::number(v, 'f', decimals);
    if (out.startsWith('-') && out.mid(1).count('0') + out.count('.') == out.size() - 1) {
        out.remove(0, 1); // "-0.00"
    }
    return out;
}

QString formatSeconds(double s) {
    if (std::isnan(s)) {
        return QStringLiteral("—");
    }
    if (s != 0 && (std::abs(s) < 1e-3 || std::abs(s) >= 1e5)) {
        return QString::number(s, 'g', 6) + " s";
    }
    return QString::number(s, 'f', 6) + " s";
}

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

void renderPlotAndText(QPaintDevice& device, QCustomPlot& plot, const QString& text,
                       const QSize& size, int textHeight, bool presentation) {
    QCPPainter painter(&device);
    QFont f = painter.font();
    f.setPointSize(plotTheme(presentation).basePointSize);
    painter.setFont(f);
    // At least `textHeight`, as much as the wrapped text needs in the export's font (a fixed
    // height cut its second line on a slide; issue 45), at most a third of the page.
    textHeight = std::clamp(painter.boundingRect(QRect(8, 0, size.width() - 16, size.height()),
                                                 Qt::AlignLeft | Qt::TextWordWrap, text)
                                    .height() +
                                8,
                            textHeight, std::max(textHeight, size.height() / 3));
    painter.save();
    toPainterFitted(plot, painter, size.width(), size.height() - textHeight);
    painter.restore();
    painter.translate(0, size.height() - textHeight + 2);
    painter.setFont(f);
    painter.setPen(schemeInk());
    painter.drawText(QRect(8, 0, size.width() - 16, textHeight - 4),
                     Qt::AlignLeft | Qt::TextWordWrap, text);
}

void keepApart(QCPItemText* label, int priority, bool clearOfData) {
    label->setProperty("cdxApart", std::max(1, priority));
    label->setProperty("cdxHome", QPointF(label->position->coords()));
    QCustomPlot* plot = label->parentPlot();
    if (clearOfData && !label->property("cdxLeader").isValid()) {
        auto* leader = new QCPItemLine(plot);
        leader->setLayer(label->layer());
        leader->setClipAxisRect(label->clipAxisRect());
        leader->setPen(QPen(label->color(), 1));
        leader->setSelectable(false);
        leader->setVisible(false);
        label->setProperty("cdxLeader", QVariant::fromValue<QObject*>(leader));
    }
    if (!plot->property("cdxApartHook").toBool()) {
        plot->setProperty("cdxApartHook", true);
        QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { separateLabels(*plot); });
    }
}

void separateLabels(QCustomPlot& plot) {
    std::vector<std::pair<int, QCPItemText*>> labels;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot.item(i));
        if (t && t->visible() && t->property("cdxApart").toInt() > 0) {
            labels.emplace_back(t->property("cdxApart").toInt(), t);
        }
        if (t) { // a hidden label's leader goes with it; a shown one's is decided below
            if (auto* l = qobject_cast<QCPItemLine*>(t->property("cdxLeader").value<QObject*>())) {
                l->setVisible(false);
            }
        }
    }
    std::stable_sort(labels.begin(), labels.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    if (labels.empty()) {
        return;
    }
    // Pixels of this layout, not the last one's (the result must not depend on the history:
    // F11 and Esc moved a label to the other side of its line).
    layOutNow(plot);
    QList<QRectF> placed;
    if (plot.legend && plot.legend->visible() && plot.legend->layout() &&
        plot.legend->layout() != plot.plotLayout()) { // inside the axes
        placed << QRectF(plot.legend->outerRect());
    }
    const auto rectOf = [](QCPItemText* t) {
        return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
    };
    // The marks' pixels, once, where a label keeps clear of them.
    std::vector<QPointF> marks;
    const bool anyClear = std::any_of(labels.begin(), labels.end(), [](const auto& l) {
        return l.second->property("cdxLeader").isValid();
    });
    if (anyClear) {
        for (int g = 0; g < plot.graphCount(); ++g) {
            QCPGraph* graph = plot.graph(g);
            if (!graph->visible() || graph->scatterStyle().isNone()) {
                continue;
            }
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
                marks.emplace_back(graph->keyAxis()->coordToPixel(it->key),
                                   graph->valueAxis()->coordToPixel(it->value));
            }
        }
    }
    const auto covered = [&marks](const QRectF& r) {
        return std::count_if(marks.begin(), marks.end(),
                             [&r](const QPointF& m) { return r.contains(m); });
    };
    for (auto& [priority, t] : labels) {
        (void)priority;
        const QPointF home = t->property("cdxHome").toPointF();
        t->position->setCoords(home);
        QCPAxis* y = t->position->valueAxis();
        const QRect axes = t->clipAxisRect() ? t->clipAxisRect()->rect() : plot.viewport();
        QRectF r = rectOf(t);
        auto* leader = qobject_cast<QCPItemLine*>(t->property("cdxLeader").value<QObject*>());
        if (leader != nullptr && y != nullptr) {
            // Every place above and below in steps of a quarter of its height: no label or
            // legend covered, no leader through one, the fewest marks covered, then the
            // shortest move.
            const double step = std::max(2.0, r.height() / 4);
            const QPointF homePixel(t->position->keyAxis()->coordToPixel(home.x()),
                                    y->coordToPixel(home.y()));
            const auto leaderRect = [&](const QRectF& c, double shift) {
                const QPointF end(c.left() + 6, shift < 0 ? c.bottom() : c.top());
                return QRectF(QPointF(std::min(homePixel.x(), end.x()) - 1,
                                      std::min(homePixel.y(), end.y()) + 1),
                              QPointF(std::max(homePixel.x(), end.x()) + 1,
                                      std::max(homePixel.y(), end.y()) - 1));
            };
            const auto hits = [&placed](const QRectF& c) {
                return std::any_of(placed.begin(), placed.end(),
                                   [&c](const QRectF& p) { return p.intersects(c); });
            };
            double bestShift = 0;
            double bestCost = std::numeric_limits<double>::infinity();
            for (double shift = axes.top() - r.top(); r.bottom() + shift <= axes.bottom();
                 shift += step) {
                const QRectF c = r.translated(0, shift);
                const bool crossing = std::abs(shift) > r.height() && hits(leaderRect(c, shift));
                const double cost = (hits(c) ? 1e6 : 0) + (crossing ? 1e5 : 0) +
                                    static_cast<double>(covered(c)) +
                                    std::abs(shift) / (4 * r.height());
                if (cost < bestCost) {
                    bestCost = cost;
                    bestShift = shift;
                }
            }
            if (std::isfinite(bestCost)) {
                t->position->setCoords(home.x(),
                                       y->pixelToCoord(y->coordToPixel(home.y()) + bestShift));
                r = rectOf(t);
            }
            const bool far = std::abs(bestShift) > r.height();
            leader->setVisible(far && t->visible());
            if (far) {
                leader->start->setCoords(home);
                // To the nearer edge of the label, a little inside its left end.
                const double edge = bestShift < 0 ? r.bottom() : r.top();
                leader->end->setCoords(t->position->keyAxis()->pixelToCoord(r.left() + 6),
                                       y->pixelToCoord(edge));
                leader->setPen(QPen(t->color(), 1));
                placed << leaderRect(r, bestShift); // no later label over the leader
            }
            placed << r;
            continue;
        }
        for (int tries = 0; tries < 8; ++tries) {
            const auto hit = std::find_if(placed.begin(), placed.end(),
                                          [&](const QRectF& p) { return p.intersects(r); });
            if (hit == placed.end() || y == nullptr) {
                break;
            }
            const double up = hit->top() - r.bottom() - 2;   // negative: upwards
            const double down = hit->bottom() - r.top() + 2; // positive
            const bool upFits = r.top() + up >= axes.top();
            const bool downFits = r.bottom() + down <= axes.bottom();
            const double shift = upFits && (!downFits || -up <= down) ? up : down;
            const QPointF c = t->position->coords();
            t->position->setCoords(c.x(), y->pixelToCoord(y->coordToPixel(c.y()) + shift));
            r = rectOf(t);
        }
        placed << r;
    }
}

void placeLegendBelow(QCustomPlot& plot, int wrap) {
    plot.legend->setVisible(true);
    plot.axisRect()->insetLayout()->take(plot.legend);
    const int row = plot.plotLayout()->rowCount();
    plot.plotLayout()->addElement(row, 0, plot.legend);
    plot.setProperty("cdxLegendRow", row);
    plot.legend->setWrap(wrap);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-flows the items
    plot.legend->setBorderPen(Qt::NoPen);
    // Room at both ends: a line icon in the first column touched the figure's left edge.
    plot.legend->setAutoMargins(QCP::msNone);
    plot.legend->setMargins(QMargins(12, 2, 12, 2));
    plot.plotLayout()->setRowStretchFactor(row, 0.001);
    // As many of those columns as the plot's width holds, at every replot and export (with
    // presentation fonts three columns were cut: "Vector-unit logi"; issue 45).
    plot.setProperty("cdxLegendWrap", wrap);
    if (!plot.property("cdxLegendFit").toBool()) {
        plot.setProperty("cdxLegendFit", true);
        QObject::connect(&plot, &QCustomPlot::beforeReplot, &plot,
                         [p = &plot] { fitLegendColumns(*p, p->width()); });
    }
}

void fitLegendColumns(QCustomPlot& plot, int width) {
    const int wanted = plot.property("cdxLegendWrap").toInt();
    if (wanted <= 0 || plot.legend == nullptr || width <= 0) {
        return;
    }
    // An empty legend leaves the layout until it has entries: its maximum width (its margins)
    // capped the plot's column, and the Codesign plot shrank to a 60-pixel column with one word
    // a line while a search ran (issue 55).
    QCPLayoutGrid* grid = plot.plotLayout();
    const int row = plot.property("cdxLegendRow").toInt();
    const bool placed = grid->hasElement(row, 0) && grid->element(row, 0) == plot.legend;
    if (plot.legend->itemCount() == 0) {
        if (placed) {
            grid->take(plot.legend);
        }
        return;
    }
    if (!placed && row < grid->rowCount() && !grid->hasElement(row, 0)) {
        grid->addElement(row, 0, plot.legend);
    }
    for (int wrap = wanted; wrap >= 1; --wrap) {
        if (plot.legend->wrap() != wrap) {
            plot.legend->setWrap(wrap);
            plot.legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        }
        if (plot.legend->minimumOuterSizeHint().width() <= width - 8) {
            return;
        }
    }
}

void placeLegendRight(QCustomPlot& plot) {
    plot.legend->setVisible(true);
    plot.axisRect()->insetLayout()->take(plot.legend);
    QCPLayoutGrid* grid = plot.plotLayout();
    int row = 0;
    while (row < grid->rowCount() && grid->element(row, 0) != plot.axisRect()) {
        ++row;
    }
    // In a column of its own whose spare height is below it (in the grid cell itself the
    // entries spread over the whole height).
    auto* column = new QCPLayoutGrid;
    grid->addElement(row, 1, column);
    column->addElement(0, 0, plot.legend);
    column->addElement(1, 0, new QCPLayoutElement(&plot));
    column->setRowStretchFactors({0.001, 1});
    plot.legend->setBorderPen(Qt::NoPen);
    grid->setColumnStretchFactor(1, 0.001); // as wide as its entries; the titles stay above
                                            // the axis rect's column
}

} // namespace cdx::widgets
