// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/annotations.hpp"

#include "common/plot_scheme.hpp"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <qcustomplot.h>

Q_DECLARE_METATYPE(cdx::widgets::Annotation)

namespace cdx::widgets {

namespace {
constexpr const char* kKey = ".annotation.";
constexpr const char* kList = "cdxAnnotations"; // the plot's annotations (QVariantList)
constexpr const char* kSuspended = "cdxAnnotationsSuspended"; // drawn: none (bool)
constexpr const char* kDragged = "cdxAnnotationDragged";      // the tag dragged now (int)
constexpr const char* kIndex = "cdxAnnotation";               // an item's index in that list (+1)
void keepTextsInside(QCustomPlot& plot, const QVariantList& mine);

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
} // namespace

bool isAnnotationKey(const std::string& key) {
    return key.find(kKey) != std::string::npos;
}

std::vector<Annotation> annotationsIn(const std::map<std::string, std::string>& view,
                                      const std::string& prefix) {
    std::vector<Annotation> out;
    const std::string head = prefix + kKey;
    for (auto it = view.lower_bound(head); it != view.end() && it->first.rfind(head, 0) == 0;
         ++it) {
        const QString value = QString::fromStdString(it->second);
        const QStringList f = value.split(';');
        if (f.size() < 7) {
            continue;
        }
        Annotation a;
        bool ok[6] = {};
        a.plot = f[0].toInt(&ok[0]);
        a.rect = f[1].toInt(&ok[1]);
        a.x = f[2].toDouble(&ok[2]);
        a.y = f[3].toDouble(&ok[3]);
        a.tx = f[4].toDouble(&ok[4]);
        a.ty = f[5].toDouble(&ok[5]);
        a.text = f.mid(6).join(';');
        const bool finite =
            std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.tx) && std::isfinite(a.ty);
        if (std::all_of(std::begin(ok), std::end(ok), [](bool b) { return b; }) && finite &&
            a.plot >= 0 && a.rect >= 0 && !a.text.trimmed().isEmpty()) {
            out.push_back(a);
        }
    }
    return out;
}

void setAnnotationsIn(std::map<std::string, std::string>& view, const std::string& prefix,
                      const std::vector<Annotation>& annotations) {
    const std::string head = prefix + kKey;
    for (auto it = view.lower_bound(head); it != view.end() && it->first.rfind(head, 0) == 0;) {
        it = view.erase(it);
    }
    for (std::size_t i = 0; i < annotations.size(); ++i) {
        const Annotation& a = annotations[i];
        char index[24];
        std::snprintf(index, sizeof index, "%02zu", i);
        view[head + index] = std::to_string(a.plot) + ";" + std::to_string(a.rect) + ";" +
                             number(a.x) + ";" + number(a.y) + ";" + number(a.tx) + ";" +
                             number(a.ty) + ";" + a.text.toStdString();
    }
}

QList<QCustomPlot*> viewPlots(QWidget& view) {
    if (auto* self = qobject_cast<QCustomPlot*>(&view)) {
        return {self};
    }
    return view.findChildren<QCustomPlot*>();
}

void showAnnotations(QWidget& view, const std::vector<Annotation>& annotations) {
    const QList<QCustomPlot*> plots = viewPlots(view);
    for (qsizetype p = 0; p < plots.size(); ++p) {
        QVariantList mine;
        for (std::size_t i = 0; i < annotations.size(); ++i) {
            if (annotations[i].plot == p) {
                QVariantMap m;
                m["index"] = static_cast<int>(i);
                m["a"] = QVariant::fromValue(annotations[i]);
                mine << m;
            }
        }
        QCustomPlot* plot = plots[p];
        if (plot->property(kList).toList() == mine) {
            syncAnnotations(*plot);
            continue;
        }
        plot->setProperty(kList, mine);
        // Drawn anew: the old items go.
        for (int i = plot->itemCount() - 1; i >= 0; --i) {
            if (plot->item(i)->property(kIndex).toInt() > 0) {
                plot->removeItem(i);
            }
        }
        if (!plot->property("cdxAnnotationHook").toBool()) {
            plot->setProperty("cdxAnnotationHook", true);
            QObject::connect(plot, &QCustomPlot::beforeReplot, plot,
                             [plot] { syncAnnotations(*plot); });
            // Once the layout of this replot is made (the axis rect's size is the new one):
            // texts that the axes put outside come inside (issue 61).
            QObject::connect(plot, &QCustomPlot::afterLayout, plot,
                             [plot] { keepTextsInside(*plot, plot->property(kList).toList()); });
        }
        syncAnnotations(*plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void syncAnnotations(QCustomPlot& plot) {
    // Suspended (a composed figure's panel of another session): none drawn.
    const QVariantList mine =
        plot.property(kSuspended).toBool() ? QVariantList() : plot.property(kList).toList();
    int items = 0;
    for (int i = 0; i < plot.itemCount(); ++i) {
        items += plot.item(i)->property(kIndex).toInt() > 0 ? 1 : 0;
    }
    const QFont font = plot.xAxis ? plot.xAxis->tickLabelFont() : plot.font();
    const QColor ink = schemeInk();
    if (items != 2 * mine.size()) {
        for (int i = plot.itemCount() - 1; i >= 0; --i) {
            if (plot.item(i)->property(kIndex).toInt() > 0) {
                plot.removeItem(i);
            }
        }
        for (const QVariant& v : mine) {
            const QVariantMap m = v.toMap();
            const auto a = m["a"].value<Annotation>();
            const int tag = m["index"].toInt() + 1;
            QCPAxisRect* rect =
                a.rect < plot.axisRectCount() ? plot.axisRect(a.rect) : plot.axisRect();
            if (rect == nullptr) {
                continue;
            }
            auto* arrow = new QCPItemLine(&plot);
            arrow->setProperty(kIndex, tag);
            arrow->setClipAxisRect(rect);
            arrow->start->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            arrow->end->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            arrow->start->setCoords(a.tx, a.ty);
            arrow->end->setCoords(a.x, a.y);
            arrow->setHead(QCPLineEnding::esSpikeArrow);
            auto* text = new QCPItemText(&plot);
            text->setProperty(kIndex, tag);
            text->setClipAxisRect(rect);
            text->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            text->position->setCoords(a.tx, a.ty);
            text->setPositionAlignment(Qt::AlignCenter);
            text->setText(a.text);
            text->setPadding(QMargins(5, 3, 5, 3));
        }
    }
    // In the plot's font and the scheme's ink, whatever they were when drawn.
    const double width = std::max(1.5, font.pointSizeF() / 6);
    for (int i = 0; i < plot.itemCount(); ++i) {
        QCPAbstractItem* item = plot.item(i);
        if (item->property(kIndex).toInt() <= 0) {
            continue;
        }
        if (auto* t = qobject_cast<QCPItemText*>(item)) {
            QFont f = font;
            f.setBold(true);
            t->setFont(f);
            t->setColor(ink);
            t->setPen(QPen(ink, 1));
            t->setBrush(plotScheme() == PlotScheme::Dark ? QColor(0x12, 0x12, 0x12, 235)
                                                         : QColor(255, 255, 255, 235));
        } else if (auto* l = qobject_cast<QCPItemLine*>(item)) {
            l->setPen(QPen(ink, width));
            QCPLineEnding head = l->head();
            head.setWidth(6 * width);
            head.setLength(8 * width);
            l->setHead(head);
        }
    }
}

namespace {
void keepTextsInside(QCustomPlot& plot, const QVariantList& mine) {
    // Issue 61: the arrow's head stays on its data point (axes' coordinates) whatever the axes
    // do; a text that the new axes put outside the plot is drawn where a new one would go, clear
    // of the labels and markers, and back at its own place when that is inside again. What the
    // session keeps does not change.
    if (plot.property(kSuspended).toBool()) {
        return;
    }
    for (const QVariant& v : mine) {
        const QVariantMap m = v.toMap();
        const auto a = m["a"].value<Annotation>();
        const int tag = m["index"].toInt() + 1;
        if (plot.property(kDragged).toInt() == tag) {
            continue; // the pointer places it now
        }
        QCPAxisRect* rect = a.rect < plot.axisRectCount() ? plot.axisRect(a.rect) : plot.axisRect();
        if (rect == nullptr || rect->width() <= 0 || rect->height() <= 0) {
            continue;
        }
        QCPItemText* text = nullptr;
        QCPItemLine* arrow = nullptr;
        for (int i = 0; i < plot.itemCount(); ++i) {
            if (plot.item(i)->property(kIndex).toInt() == tag) {
                if (auto* t = qobject_cast<QCPItemText*>(plot.item(i))) {
                    text = t;
                } else if (auto* l = qobject_cast<QCPItemLine*>(plot.item(i))) {
                    arrow = l;
                }
            }
        }
        if (text == nullptr || arrow == nullptr) {
            continue;
        }
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        const QPointF own(x->coordToPixel(a.tx), y->coordToPixel(a.ty));
        QPointF place(a.tx, a.ty);
        if (!rect->rect().adjusted(8, 8, -8, -8).contains(own.toPoint())) {
            // Its own box is not in the way of its new place (it flipped sides every replot).
            text->setVisible(false);
            place = annotationTextPlace(plot, a.rect, a.x, a.y, a.text);
            text->setVisible(true);
        }
        text->position->setCoords(place);
        arrow->start->setCoords(place);
        arrow->end->setCoords(a.x, a.y);
    }
}
} // namespace

std::optional<QPointF> nearestDataPoint(QCustomPlot& plot, QCPAxisRect& rect, const QPointF& pixel,
                                        double pixels) {
    QCPAxis* xAxis = rect.axis(QCPAxis::atBottom);
    QCPAxis* yAxis = rect.axis(QCPAxis::atLeft);
    std::optional<QPointF> best;
    double bestD = pixels * pixels;
    const auto consider = [&](double key, double value) {
        if (!std::isfinite(key) || !std::isfinite(value)) {
            return;
        }
        const double dx = xAxis->coordToPixel(key) - pixel.x();
        const double dy = yAxis->coordToPixel(value) - pixel.y();
        if (dx * dx + dy * dy <= bestD) {
            bestD = dx * dx + dy * dy;
            best = QPointF(key, value);
        }
    };
    for (int i = 0; i < plot.graphCount(); ++i) {
        QCPGraph* g = plot.graph(i);
        if (g->keyAxis() != xAxis || g->valueAxis() != yAxis || !g->visible()) {
            continue;
        }
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            consider(it->key, it->value);
        }
    }
    if (best) {
        return best;
    }
    // A colour map: the centre of the cell under the pointer.
    for (QCPAbstractPlottable* p : rect.plottables()) {
        if (auto* map = qobject_cast<QCPColorMap*>(p)) {
            const double key = xAxis->pixelToCoord(pixel.x());
            const double value = yAxis->pixelToCoord(pixel.y());
            int kx = 0;
            int vy = 0;
            map->data()->coordToCell(key, value, &kx, &vy);
            if (kx >= 0 && vy >= 0 && kx < map->data()->keySize() &&
                vy < map->data()->valueSize()) {
                double ck = 0;
                double cv = 0;
                map->data()->cellToCoord(kx, vy, &ck, &cv);
                return QPointF(ck, cv);
            }
        }
    }
    return std::nullopt;
}

int annotationAt(QCustomPlot& plot, const QPointF& pos, double pixels) {
    for (int i = plot.itemCount() - 1; i >= 0; --i) {
        QCPAbstractItem* item = plot.item(i);
        const int tag = item->property(kIndex).toInt();
        if (tag > 0) {
            const double d = item->selectTest(pos, false);
            if (d >= 0 && d <= pixels) {
                return tag - 1;
            }
        }
    }
    return -1;
}

namespace {

// The press, move and release of one drag, on the plot it filters.
class AnnotationDrag : public QObject {
public:
    AnnotationDrag(QCustomPlot& plot, std::function<void(int, double, double)> moved)
        : QObject(&plot), plot_(plot), moved_(std::move(moved)) {}

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        auto* mouse = dynamic_cast<QMouseEvent*>(event);
        if (mouse == nullptr) {
            return false;
        }
        if (event->type() == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton) {
            index_ = -1;
            for (int i = plot_.itemCount() - 1; i >= 0; --i) {
                auto* t = qobject_cast<QCPItemText*>(plot_.item(i));
                const int tag = t ? t->property(kIndex).toInt() : 0;
                // Inside the text's box (QCustomPlot answers its selection tolerance there).
                const double d = tag > 0 ? t->selectTest(mouse->position(), false) : -1;
                if (d >= 0 && d <= plot_.selectionTolerance()) {
                    index_ = tag - 1;
                    text_ = t;
                    grab_ = mouse->position() - t->position->pixelPosition();
                    plot_.setProperty(kDragged, tag); // not moved back inside while dragged
                    break;
                }
            }
            return index_ >= 0; // the annotation's press: the view does not take a tiling
        }
        if (index_ < 0 || text_.isNull()) {
            return false;
        }
        if (event->type() == QEvent::MouseMove) {
            text_->position->setPixelPosition(mouse->position() - grab_);
            for (int i = 0; i < plot_.itemCount(); ++i) {
                auto* l = qobject_cast<QCPItemLine*>(plot_.item(i));
                if (l && l->property(kIndex).toInt() == index_ + 1) {
                    l->start->setCoords(text_->position->coords());
                }
            }
            plot_.replot(QCustomPlot::rpQueuedReplot);
            return true;
        }
        if (event->type() == QEvent::MouseButtonRelease && mouse->button() == Qt::LeftButton) {
            plot_.setProperty(kDragged, 0);
            const int index = index_;
            const QPointF at = text_->position->coords();
            index_ = -1;
            if (moved_) {
                moved_(index, at.x(), at.y());
            }
            return true;
        }
        return false;
    }

private:
    QCustomPlot& plot_;
    std::function<void(int, double, double)> moved_;
    int index_ = -1;
    QPointer<QCPItemText> text_;
    QPointF grab_;
};

} // namespace

void suspendAnnotations(QWidget& view, bool suspended) {
    for (QCustomPlot* plot : viewPlots(view)) {
        plot->setProperty(kSuspended, suspended);
        syncAnnotations(*plot);
    }
}

void enableAnnotationDrag(QCustomPlot& plot, std::function<void(int, double, double)> moved) {
    plot.installEventFilter(new AnnotationDrag(plot, std::move(moved)));
}

QPointF annotationTextPlace(QCustomPlot& plot, int rectIndex, double x, double y,
                            const QString& text) {
    QCPAxisRect* rect =
        rectIndex < plot.axisRectCount() ? plot.axisRect(rectIndex) : plot.axisRect();
    QCPAxis* xa = rect->axis(QCPAxis::atBottom);
    QCPAxis* ya = rect->axis(QCPAxis::atLeft);
    const QPointF at(xa->coordToPixel(x), ya->coordToPixel(y));
    QFont font = plot.xAxis ? plot.xAxis->tickLabelFont() : plot.font();
    font.setBold(true);
    const QSizeF box = QSizeF(QFontMetrics(font).size(0, text)) + QSizeF(12, 8);
    // What to keep clear of: the other texts' boxes and the markers.
    QList<QRectF> taken;
    for (int i = 0; i < plot.itemCount(); ++i) {
        if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->visible()) {
            taken << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition())
                         .normalized()
                         .adjusted(-4, -4, 4, 4);
        }
    }
    for (int g = 0; g < plot.graphCount(); ++g) {
        QCPGraph* graph = plot.graph(g);
        if (!graph->visible() || graph->dataCount() > 3) {
            continue;
        }
        const double r = std::max(8.0, graph->scatterStyle().size());
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF p(graph->keyAxis()->coordToPixel(it->key),
                            graph->valueAxis()->coordToPixel(it->value));
            taken << QRectF(p - QPointF(r, r), QSizeF(2 * r, 2 * r));
        }
    }
    const QRectF inside = QRectF(rect->rect()).adjusted(2, 2, -2, -2);
    QPointF best = at + QPointF(70, -50);
    bool found = false;
    for (const double reach : {1.0, 1.6, 2.3}) {
        for (const QPointF d : {QPointF(70, -50), QPointF(-70, -50), QPointF(70, 50),
                                QPointF(-70, 50), QPointF(0, -60), QPointF(0, 60)}) {
            const QPointF c = at + d * reach;
            const QRectF r(c - QPointF(box.width() / 2, box.height() / 2), box);
            if (!inside.contains(r)) {
                continue;
            }
            if (std::none_of(taken.begin(), taken.end(),
                             [&r](const QRectF& t) { return t.intersects(r); })) {
                best = c;
                found = true;
                break;
            }
        }
        if (found) {
            break;
        }
    }
    if (!found) { // inside the axes at least, up and right or where it fits
        best.setX(std::clamp(best.x(), inside.left() + box.width() / 2,
                             inside.right() - box.width() / 2));
        best.setY(std::clamp(best.y(), inside.top() + box.height() / 2,
                             inside.bottom() - box.height() / 2));
    }
    return {xa->pixelToCoord(best.x()), ya->pixelToCoord(best.y())};
}

} // namespace cdx::widgets
