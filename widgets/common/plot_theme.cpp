// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/plot_theme.hpp"

#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"

#include <QPainter>
#include <QPixmap>
#include <algorithm>
#include <cmath>
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

} // namespace cdx::widgets
