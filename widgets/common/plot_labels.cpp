// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/plot_labels.hpp"

#include "common/plot_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <qcustomplot.h>

namespace cdx::widgets {

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
        // Inside the axes sideways first: a label opening right from a point near the right
        // edge ran past it (issue 62: the codesign view's baseline label, "... without cac").
        double x = home.x();
        if (QCPAxis* xAxis = t->position->keyAxis(); xAxis != nullptr && r.width() < axes.width()) {
            double dx = 0;
            if (r.right() > axes.right()) {
                dx = axes.right() - r.right();
            } else if (r.left() < axes.left()) {
                dx = axes.left() - r.left();
            }
            if (dx != 0) {
                x = xAxis->pixelToCoord(xAxis->coordToPixel(home.x()) + dx);
                t->position->setCoords(x, home.y());
                r = rectOf(t);
            }
        }
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
                t->position->setCoords(x, y->pixelToCoord(y->coordToPixel(home.y()) + bestShift));
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
