// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/roofline_plot.hpp"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

QString quantitySource(const std::map<std::string, Quantity>& params, const std::string& key) {
    const auto it = params.find(key);
    return it == params.end() || it->second.source.empty()
               ? QObject::tr("no source")
               : QString::fromStdString(it->second.source);
}

void drawRoofs(QCustomPlot& plot, const RooflineRoofs& roofs, double xLo, double xHi, double yScale,
               const QString& xLabel, const QString& yLabel, double lineWidth) {
    for (QCPAxis* a : {plot.xAxis, plot.yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog);
        a->setTicker(ticker);
        a->setNumberFormat("gb");
        a->setNumberPrecision(3);
    }
    plot.xAxis->setLabel(xLabel);
    plot.yAxis->setLabel(yLabel);
    const double ridge = roofs.peak / roofs.bandwidth;
    // Solid: the attainable rate, bandwidth slope up to the ridge, flat after it.
    QVector<double> xs, ys;
    const int n = 200;
    for (int i = 0; i <= n; ++i) {
        const double x = xLo * std::pow(xHi / xLo, static_cast<double>(i) / n);
        xs << x;
        ys << std::min(roofs.peak, x * roofs.bandwidth) / yScale;
    }
    if (ridge > xLo && ridge < xHi) { // the corner exactly
        const auto it = std::lower_bound(xs.begin(), xs.end(), ridge);
        const auto at = static_cast<int>(it - xs.begin());
        xs.insert(at, ridge);
        ys.insert(at, roofs.peak / yScale);
    }
    QCPGraph* roof = plot.addGraph();
    roof->setName(roofs.bandwidthName + QStringLiteral(" / ") + roofs.peakName);
    roof->setPen(QPen(Qt::black, lineWidth * 1.4));
    roof->setData(xs, ys, true);
    if (roofs.otherBandwidth) {
        QVector<double> ox, oy;
        for (int i = 0; i <= n; ++i) {
            const double x = xLo * std::pow(xHi / xLo, static_cast<double>(i) / n);
            const double y = x * *roofs.otherBandwidth;
            if (y > roofs.peak * 1.0000001) {
                break;
            }
            ox << x;
            oy << y / yScale;
        }
        QCPGraph* other = plot.addGraph();
        other->setName(roofs.otherName);
        other->setPen(QPen(QColor(120, 120, 120), lineWidth, Qt::DashLine));
        other->setData(ox, oy, true);
    }
}

} // namespace cdx::widgets
