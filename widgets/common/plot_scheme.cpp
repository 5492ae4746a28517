// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/plot_scheme.hpp"

#include "common/annotations.hpp"
#include "common/plot_layout.hpp"

#include <QRegularExpression>
#include <QWidget>
#include <qcustomplot.h>

namespace cdx::widgets {

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

} // namespace cdx::widgets
