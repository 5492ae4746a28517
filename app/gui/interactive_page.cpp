// SPDX-License-Identifier: GPL-3.0-or-later
#include "interactive_page.hpp"

#include "common/plot_layout.hpp"
#include "params/csv.hpp"
#include "session/session.hpp"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <qcustomplot.h>

// The page's template, script and D3 (Q_INIT_RESOURCE outside any namespace).
static void initPageResources() {
    Q_INIT_RESOURCE(page);
}

namespace cdx::app {
namespace {

QJsonValue number(double v) {
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QString css(const QColor& c) {
    return QStringLiteral("rgba(%1,%2,%3,%4)")
        .arg(c.red())
        .arg(c.green())
        .arg(c.blue())
        .arg(c.alphaF(), 0, 'g', 3);
}

QString plain(const QString& htmlOrText) {
    return QTextDocumentFragment::fromHtml(htmlOrText).toPlainText();
}

QJsonObject axisJson(const QCPAxis& a) {
    QJsonObject o;
    o["label"] = widgets::fullAxisLabel(a);
    o["min"] = number(a.range().lower);
    o["max"] = number(a.range().upper);
    o["log"] = a.scaleType() == QCPAxis::stLogarithmic;
    o["reversed"] = a.rangeReversed();
    // Category axes (bars' names) keep their names.
    if (auto text = qSharedPointerDynamicCast<QCPAxisTickerText>(a.ticker())) {
        QJsonArray ticks;
        for (auto it = text->ticks().cbegin(); it != text->ticks().cend(); ++it) {
            ticks.append(QJsonArray{it.key(), it.value()});
        }
        o["ticks"] = ticks;
    }
    return o;
}

QString dash(Qt::PenStyle s) {
    switch (s) {
    case Qt::DashLine:
        return QStringLiteral("6,4");
    case Qt::DotLine:
        return QStringLiteral("2,3");
    case Qt::DashDotLine:
        return QStringLiteral("6,3,2,3");
    default:
        return {};
    }
}

// A brush as the page fills with it: a colour, hatched where the window hatches (the map's
// infeasible cells, the codesign's area beyond the reticle), none where it has none.
QJsonValue brushJson(const QBrush& b) {
    if (b.style() == Qt::NoBrush) {
        return QJsonValue(QJsonValue::Null);
    }
    QJsonObject o;
    o["color"] = css(b.color());
    switch (b.style()) {
    case Qt::BDiagPattern:
        o["pattern"] = "bdiag";
        break;
    case Qt::FDiagPattern:
        o["pattern"] = "fdiag";
        break;
    case Qt::DiagCrossPattern:
        o["pattern"] = "diagcross";
        break;
    case Qt::CrossPattern:
        o["pattern"] = "cross";
        break;
    case Qt::HorPattern:
        o["pattern"] = "hor";
        break;
    case Qt::VerPattern:
        o["pattern"] = "ver";
        break;
    default:
        o["pattern"] = "solid";
        break;
    }
    return o;
}

// A marker's shape by the page's name for it (the window's crossed circle is the current
// tiling, its disc the minimum: drawn as one blue dot they could not be told apart).
QString markerShape(QCPScatterStyle::ScatterShape s) {
    switch (s) {
    case QCPScatterStyle::ssNone:
        return {};
    case QCPScatterStyle::ssCrossCircle:
        return QStringLiteral("crossCircle");
    case QCPScatterStyle::ssPlusCircle:
        return QStringLiteral("plusCircle");
    case QCPScatterStyle::ssSquare:
        return QStringLiteral("square");
    case QCPScatterStyle::ssDiamond:
        return QStringLiteral("diamond");
    case QCPScatterStyle::ssTriangle:
        return QStringLiteral("triangle");
    case QCPScatterStyle::ssTriangleInverted:
        return QStringLiteral("triangleDown");
    case QCPScatterStyle::ssCross:
        return QStringLiteral("cross");
    case QCPScatterStyle::ssPlus:
        return QStringLiteral("plus");
    case QCPScatterStyle::ssStar:
        return QStringLiteral("star");
    default:
        return QStringLiteral("circle");
    }
}

// The stacked base of a bar at `key` (the sum of the bars below it there).
double stackedBase(const QCPBars& bars, double key) {
    // From the lowest bar's base value (0, or where bars start on a log axis: the line-up's).
    const QCPBars* lowest = &bars;
    while (lowest->barBelow() != nullptr) {
        lowest = lowest->barBelow();
    }
    double base = lowest->baseValue();
    for (const QCPBars* b = bars.barBelow(); b != nullptr; b = b->barBelow()) {
        for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it) {
            if (it->key == key) {
                base += it->value;
            }
        }
    }
    return base;
}

// Whether a point on the first axis rect of the plot: hover texts are asked only there (a
// view's hoverTextAt speaks of its main axes).
bool mainRect(const QCustomPlot& plot, const QCPAxisRect* rect) {
    return plot.axisRect() == rect;
}

constexpr int kMaxHoverTexts = 40000;

QJsonObject panelJson(widgets::ExplorerView& view, QCustomPlot& plot, QCPAxisRect& rect,
                      const QStringList& titles) {
    QJsonObject panel;
    if (!titles.isEmpty()) {
        panel["title"] = titles.value(0);
        panel["subtitle"] = titles.mid(1).join('\n');
    }
    QCPAxis* bottom = rect.axis(QCPAxis::atBottom);
    QCPAxis* left = rect.axis(QCPAxis::atLeft);
    QCPAxis* right = rect.axis(QCPAxis::atRight);
    panel["x"] = axisJson(*bottom);
    panel["y"] = axisJson(*left);
    bool usesRight = false;
    QJsonArray series;
    const bool hovers = mainRect(plot, &rect);
    int hoverBudget = kMaxHoverTexts;
    const auto hoverAt = [&](double x, double y) -> QJsonValue {
        if (!hovers || hoverBudget <= 0) {
            return QJsonValue(QJsonValue::Null);
        }
        --hoverBudget;
        const QString t = view.hoverTextAt(plot, x, y);
        return t.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(t);
    };
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        if (!p->visible() || p->keyAxis() == nullptr || p->keyAxis()->axisRect() != &rect) {
            continue;
        }
        QJsonObject s;
        // Named in the page's legend as in the window's (a graph never named is "Graph 1").
        s["name"] =
            plot.legend != nullptr && plot.legend->hasItemWithPlottable(p) ? p->name() : QString();
        const bool onRight = p->valueAxis() == right;
        usesRight = usesRight || onRight;
        s["axis"] = onRight ? "y2" : "y";
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            QJsonArray points;
            QJsonArray hover;
            bool anyHover = false;
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
                points.append(QJsonArray{number(it->key), number(it->value)});
                const QJsonValue h = hoverAt(it->key, it->value);
                anyHover = anyHover || !h.isNull();
                hover.append(h);
            }
            s["type"] = "line";
            s["points"] = points;
            if (anyHover) {
                s["hover"] = hover;
            }
            s["line"] = g->lineStyle() != QCPGraph::lsNone && g->pen().style() != Qt::NoPen;
            s["step"] = g->lineStyle() == QCPGraph::lsStepLeft    ? "after"
                        : g->lineStyle() == QCPGraph::lsStepRight ? "before"
                                                                  : "";
            const QCPScatterStyle st = g->scatterStyle();
            s["marker"] = st.shape() == QCPScatterStyle::ssNone ? 0.0 : std::max(3.0, st.size());
            s["shape"] = markerShape(st.shape());
            // A marker's own pen: its outline's colour, width and dashes (a hollow dashed
            // square is the baseline's tiling). The pen it does not set is the graph's.
            const QPen markerPen = st.isPenDefined() ? st.pen() : g->pen();
            QColor edge = markerPen.color();
            QJsonValue fill = st.brush().style() != Qt::NoBrush
                                  ? QJsonValue(css(st.brush().color()))
                                  : QJsonValue("none");
            s["edgeWidth"] = std::max(0.8, markerPen.widthF());
            s["edgeDash"] = dash(markerPen.style());
            if (st.shape() == QCPScatterStyle::ssPixmap && !st.pixmap().isNull()) {
                // A disc drawn as a pixmap (discScatter): its colour is its centre's.
                const QImage im = st.pixmap().toImage();
                edge = im.pixelColor(im.width() / 2, im.height() / 2);
                fill = css(edge);
                s["marker"] = std::max(3.0, static_cast<double>(im.width()));
                s["shape"] = "circle";
            }
            s["color"] = css(g->pen().style() != Qt::NoPen && g->lineStyle() != QCPGraph::lsNone
                                 ? g->pen().color()
                                 : edge);
            s["edge"] = css(edge);
            s["fill"] = fill;
            s["width"] = std::max(1.0, g->pen().widthF());
            s["dash"] = dash(g->pen().style());
        } else if (auto* c = qobject_cast<QCPCurve*>(p)) {
            QJsonArray points;
            for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it) {
                points.append(QJsonArray{number(it->key), number(it->value)});
            }
            s["type"] = "line";
            s["points"] = points;
            s["line"] = c->lineStyle() != QCPCurve::lsNone;
            s["marker"] = c->scatterStyle().shape() == QCPScatterStyle::ssNone
                              ? 0.0
                              : std::max(3.0, c->scatterStyle().size());
            s["shape"] = markerShape(c->scatterStyle().shape());
            s["color"] = css(c->pen().color());
            s["edge"] = css(c->pen().color());
            s["fill"] = css(c->pen().color());
            s["width"] = std::max(1.0, c->pen().widthF());
            s["dash"] = dash(c->pen().style());
        } else if (auto* b = qobject_cast<QCPBars*>(p)) {
            QJsonArray points;
            QJsonArray hover;
            bool anyHover = false;
            const bool horizontal = b->keyAxis()->orientation() == Qt::Vertical;
            // Bars of a group stand side by side: each is shifted along its key by its place
            // in the group (drawn at their keys they covered each other).
            double shift = 0;
            if (QCPBarsGroup* group = b->barsGroup(); group != nullptr && group->size() > 1) {
                const double spacing =
                    group->spacingType() == QCPBarsGroup::stPlotCoords ? group->spacing() : 0.0;
                const double n = static_cast<double>(group->size());
                shift = (static_cast<double>(group->bars().indexOf(b)) - (n - 1) / 2) *
                        (b->width() + spacing);
            }
            for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it) {
                points.append(QJsonArray{number(it->key + shift), number(it->value),
                                         number(stackedBase(*b, it->key))});
                const QJsonValue h =
                    horizontal ? hoverAt(it->value, it->key) : hoverAt(it->key, it->value);
                anyHover = anyHover || !h.isNull();
                hover.append(h);
            }
            s["type"] = "bars";
            s["horizontal"] = horizontal;
            s["points"] = points;
            if (anyHover) {
                s["hover"] = hover;
            }
            s["barWidth"] = b->width();
            s["color"] =
                css(b->brush().style() != Qt::NoBrush ? b->brush().color() : b->pen().color());
            s["stroke"] =
                css(b->pen().style() != Qt::NoPen ? b->pen().color() : QColor(0, 0, 0, 0));
        } else if (auto* m = qobject_cast<QCPColorMap*>(p)) {
            QCPColorMapData* d = m->data();
            const int nx = d->keySize();
            const int ny = d->valueSize();
            QJsonArray values;
            QJsonArray hover;
            bool anyHover = false;
            for (int iy = 0; iy < ny; ++iy) {
                for (int ix = 0; ix < nx; ++ix) {
                    double key = 0, value = 0;
                    d->cellToCoord(ix, iy, &key, &value);
                    values.append(number(d->cell(ix, iy)));
                    const QJsonValue h = nx * ny <= kMaxHoverTexts ? hoverAt(key, value)
                                                                   : QJsonValue(QJsonValue::Null);
                    anyHover = anyHover || !h.isNull();
                    hover.append(h);
                }
            }
            s["type"] = "heatmap";
            s["nx"] = nx;
            s["ny"] = ny;
            s["x0"] = d->keyRange().lower;
            s["x1"] = d->keyRange().upper;
            s["y0"] = d->valueRange().lower;
            s["y1"] = d->valueRange().upper;
            s["values"] = values;
            if (anyHover) {
                s["hover"] = hover;
            }
            s["vmin"] = number(m->dataRange().lower);
            s["vmax"] = number(m->dataRange().upper);
            s["vlog"] = m->dataScaleType() == QCPAxis::stLogarithmic;
            s["scaleLabel"] = m->colorScale() != nullptr ? m->colorScale()->axis()->label() : "";
            QJsonArray colours;
            QCPColorGradient gradient = m->gradient();
            for (int k = 0; k < 64; ++k) {
                colours.append(
                    css(QColor::fromRgba(gradient.color(k / 63.0, QCPRange(0, 1), false))));
            }
            s["colors"] = colours;
            // What a cell without a value shows: the window's colour map leaves it transparent
            // over the hatched axes (the page drew it grey and called grey "no value").
            switch (gradient.nanHandling()) {
            case QCPColorGradient::nhTransparent:
                s["nan"] = "transparent";
                break;
            case QCPColorGradient::nhNanColor:
                s["nan"] = css(gradient.nanColor());
                break;
            case QCPColorGradient::nhLowestColor:
                s["nan"] = colours.first();
                break;
            case QCPColorGradient::nhHighestColor:
                s["nan"] = colours.last();
                break;
            default:
                s["nan"] = "rgba(222,222,222,1)";
                break;
            }
        } else {
            continue;
        }
        series.append(s);
    }
    if (usesRight) {
        panel["y2"] = axisJson(*right);
    }
    panel["series"] = series;
    // Texts placed on the plot (bar values, the optimum's name), where they are on screen.
    QJsonArray texts;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot.item(i));
        if (t == nullptr || !t->visible() || t->text().isEmpty()) {
            continue;
        }
        QJsonObject o;
        const QCPItemPosition* pos = t->position;
        if (pos->type() == QCPItemPosition::ptPlotCoords && pos->keyAxis() != nullptr &&
            pos->keyAxis()->axisRect() == &rect) {
            const bool keyHorizontal = pos->keyAxis()->orientation() == Qt::Horizontal;
            o["x"] = number(keyHorizontal ? pos->coords().x() : pos->coords().y());
            o["y"] = number(keyHorizontal ? pos->coords().y() : pos->coords().x());
            const QCPAxis* vertical = keyHorizontal ? pos->valueAxis() : pos->keyAxis();
            o["axis"] = vertical == right ? "y2" : "y";
        } else if (pos->type() == QCPItemPosition::ptAxisRectRatio && pos->axisRect() == &rect) {
            o["rx"] = pos->coords().x();
            o["ry"] = pos->coords().y();
        } else {
            continue;
        }
        o["text"] = t->text();
        o["color"] = css(t->color());
        const Qt::Alignment a = t->positionAlignment();
        o["anchor"] = a & Qt::AlignLeft ? "start" : a & Qt::AlignRight ? "end" : "middle";
        o["baseline"] = a & Qt::AlignTop ? "top" : a & Qt::AlignBottom ? "bottom" : "middle";
        texts.append(o);
    }
    panel["texts"] = texts;
    // Pictures placed on the axes (the regime and category maps draw their cells as one).
    QJsonArray images;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* px = qobject_cast<QCPItemPixmap*>(plot.item(i));
        if (px == nullptr || !px->visible() || px->pixmap().isNull() ||
            px->topLeft->type() != QCPItemPosition::ptPlotCoords ||
            px->topLeft->keyAxis() == nullptr || px->topLeft->keyAxis()->axisRect() != &rect) {
            continue;
        }
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        px->pixmap().save(&buffer, "PNG");
        QJsonObject o;
        o["x0"] = number(px->topLeft->coords().x());
        o["y0"] = number(px->topLeft->coords().y());
        o["x1"] = number(px->bottomRight->coords().x());
        o["y1"] = number(px->bottomRight->coords().y());
        o["png"] = QString::fromLatin1(png.toBase64());
        images.append(o);
    }
    panel["images"] = images;
    // Lines placed on the axes: straight lines (a resident count, an optimum's abscissa) run
    // across the axes, segments from end to end.
    QJsonArray lines;
    const auto lineJson = [&](const QCPItemPosition* a, const QCPItemPosition* b, const QPen& pen,
                              bool infinite) {
        if (a->type() != QCPItemPosition::ptPlotCoords || a->keyAxis() == nullptr ||
            a->keyAxis()->axisRect() != &rect) {
            return;
        }
        const bool keyHorizontal = a->keyAxis()->orientation() == Qt::Horizontal;
        const auto xy = [keyHorizontal](const QCPItemPosition* p) {
            return keyHorizontal ? p->coords() : QPointF(p->coords().y(), p->coords().x());
        };
        QJsonObject o;
        o["x1"] = number(xy(a).x());
        o["y1"] = number(xy(a).y());
        o["x2"] = number(xy(b).x());
        o["y2"] = number(xy(b).y());
        o["infinite"] = infinite;
        o["color"] = css(pen.color());
        o["width"] = std::max(1.0, pen.widthF());
        o["dash"] = dash(pen.style());
        const QCPAxis* vertical = keyHorizontal ? a->valueAxis() : a->keyAxis();
        o["axis"] = vertical == right ? "y2" : "y";
        lines.append(o);
    };
    for (int i = 0; i < plot.itemCount(); ++i) {
        if (!plot.item(i)->visible()) {
            continue;
        }
        if (auto* straight = qobject_cast<QCPItemStraightLine*>(plot.item(i))) {
            lineJson(straight->point1, straight->point2, straight->pen(), true);
        } else if (auto* segment = qobject_cast<QCPItemLine*>(plot.item(i))) {
            lineJson(segment->start, segment->end, segment->pen(), false);
        }
    }
    panel["lines"] = lines;
    // Rectangles placed on the axes (the codesign's budget band, the area beyond the reticle),
    // under the series as in the window.
    QJsonArray rects;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* r = qobject_cast<QCPItemRect*>(plot.item(i));
        if (r == nullptr || !r->visible() || r->topLeft->type() != QCPItemPosition::ptPlotCoords ||
            r->topLeft->keyAxis() == nullptr || r->topLeft->keyAxis()->axisRect() != &rect) {
            continue;
        }
        const bool keyHorizontal = r->topLeft->keyAxis()->orientation() == Qt::Horizontal;
        const auto xy = [keyHorizontal](const QCPItemPosition* p) {
            return keyHorizontal ? p->coords() : QPointF(p->coords().y(), p->coords().x());
        };
        QJsonObject o;
        o["x0"] = number(xy(r->topLeft).x());
        o["y0"] = number(xy(r->topLeft).y());
        o["x1"] = number(xy(r->bottomRight).x());
        o["y1"] = number(xy(r->bottomRight).y());
        o["fill"] = brushJson(r->brush());
        o["stroke"] = r->pen().style() != Qt::NoPen ? QJsonValue(css(r->pen().color()))
                                                    : QJsonValue(QJsonValue::Null);
        rects.append(o);
    }
    panel["rects"] = rects;
    // The axes' own background: the map's hatching shows through its infeasible cells.
    panel["background"] = brushJson(rect.backgroundBrush());
    return panel;
}

// The title and subtitle of a plot: its text elements, top to bottom.
QStringList plotTitles(QCustomPlot& plot) {
    QStringList out;
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) {
        if (auto* t = qobject_cast<QCPTextElement*>(e); t != nullptr && !t->text().isEmpty()) {
            out << t->text();
        }
    }
    return out;
}

// One CSV line's fields (core's reader, as cdx runs import reads a CSV).
QStringList csvFields(const QString& line) {
    QStringList out;
    for (const std::string& f : splitCsvRecord(line.toStdString())) {
        out << QString::fromStdString(f);
    }
    return out;
}

// The tables behind the view: its own (the Breakdown's), else its CSV's one table, with the
// CSV's comment lines as notes.
QList<widgets::ExplorerView::Table> pageTables(widgets::ExplorerView& view, QStringList* notes) {
    QList<widgets::ExplorerView::Table> tables = view.tables();
    const QString csv = widgets::commentedPreamble(view.csv());
    widgets::ExplorerView::Table t;
    for (const QString& line : csv.split('\n')) {
        if (line.startsWith('#')) {
            notes->append(line.mid(1).trimmed());
        } else if (line.trimmed().isEmpty()) {
            continue;
        } else if (t.header.isEmpty()) {
            t.header = csvFields(line);
        } else if (t.rows.size() < 20000) {
            t.rows << csvFields(line);
        }
    }
    if (tables.isEmpty() && !t.header.isEmpty()) {
        t.title = QObject::tr("Data (as the CSV export)");
        tables << t;
    }
    return tables;
}

QString tableHtml(const widgets::ExplorerView::Table& t, int index) {
    QString out =
        QStringLiteral("<section class=\"table\"><h2>%1</h2>"
                       "<p class=\"tools\"><label>Filter <input type=\"search\" "
                       "data-table=\"t%2\" placeholder=\"text in any column\"></label> "
                       "<span class=\"count\" id=\"t%2-count\"></span> "
                       "<span class=\"hint\">click a column's name to sort</span></p>"
                       "<div class=\"scroll\"><table id=\"t%2\" class=\"data\"><thead><tr>")
            .arg(t.title.toHtmlEscaped())
            .arg(index);
    for (const QString& h : t.header) {
        out += QStringLiteral("<th>%1</th>").arg(h.toHtmlEscaped());
    }
    out += "</tr></thead><tbody>";
    for (const QStringList& r : t.rows) {
        out += "<tr>";
        for (const QString& c : r) {
            // A long text is shortened by the style sheet and whole in its tooltip.
            out += c.size() > 40 ? QStringLiteral("<td title=\"%1\">%1</td>").arg(c.toHtmlEscaped())
                                 : QStringLiteral("<td>%1</td>").arg(c.toHtmlEscaped());
        }
        out += "</tr>";
    }
    return out + "</tbody></table></div></section>";
}

QString resourceText(const QString& name) {
    initPageResources();
    QFile f(QStringLiteral(":/page/") + name);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QString::fromUtf8(f.readAll());
}

// JSON inside a <script> element: no "<" can end the element or open a comment.
QString scriptJson(const QByteArray& json) {
    return QString::fromUtf8(json).replace('<', QStringLiteral("\\u003c"));
}

} // namespace

QJsonObject pageFigure(widgets::ExplorerView& view) {
    QJsonObject figure;
    figure["title"] = view.viewTitle();
    QJsonArray panels;
    QWidget* w = view.widget();
    if (w != nullptr) {
        // In the window's reading order: top to bottom, left to right.
        QList<QCustomPlot*> plots = w->findChildren<QCustomPlot*>();
        std::stable_sort(plots.begin(), plots.end(), [w](QCustomPlot* a, QCustomPlot* b) {
            const QPoint pa = a->mapTo(w, QPoint(0, 0)), pb = b->mapTo(w, QPoint(0, 0));
            return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
        });
        for (QCustomPlot* plot : plots) {
            if (!plot->isVisibleTo(w) && w->isVisible()) {
                continue;
            }
            const QStringList titles = plotTitles(*plot);
            bool first = true;
            for (QCPAxisRect* rect : plot->axisRects()) {
                if (!rect->visible()) {
                    continue;
                }
                panels.append(panelJson(view, *plot, *rect, first ? titles : QStringList()));
                first = false;
            }
        }
    }
    figure["panels"] = panels;
    return figure;
}

QString writeInteractivePage(widgets::ExplorerView& view, const QString& path, const QSize& size,
                             const widgets::FigureOptions& options, const QString& sessionJson) {
    view.finishPendingWork();
    const QString templ = resourceText("page.html");
    // D3's five XML namespace names ("http://www.w3.org/2000/svg", ...) are identifiers the
    // browser never fetches; written as two joined strings ("http:" + "//www.w3.org/..."), the
    // same values, so that the page holds no http address at all.
    const QString d3 = resourceText("d3.min.js")
                           .replace(QStringLiteral("\"http://www.w3.org/"),
                                    QStringLiteral("\"http:\"+\"//www.w3.org/"));
    const QString script = resourceText("page.js");
    const QString style = resourceText("page.css");
    if (templ.isEmpty() || d3.isEmpty() || script.isEmpty()) {
        return QObject::tr("%1: the page's template is missing from this build").arg(path);
    }
    QJsonObject figure = pageFigure(view);
    QString still;
    if (figure["panels"].toArray().isEmpty()) {
        // A view drawn by hand (a diagram, a text): its SVG figure, as the export draws it.
        QTemporaryDir dir;
        const QString svg = dir.path() + "/figure.svg";
        widgets::FigureOptions o = options;
        o.footnote.clear(); // the page has its own
        const QString error = widgets::exportView(view, svg, size, o);
        if (!error.isEmpty()) {
            return error;
        }
        QFile f(svg);
        if (!f.open(QIODevice::ReadOnly)) {
            return QObject::tr("%1: cannot read the figure back").arg(path);
        }
        still =
            QStringLiteral("<img class=\"still\" alt=\"%1\" src=\"data:image/svg+xml;base64,%2\">")
                .arg(view.viewTitle().toHtmlEscaped(), QString::fromLatin1(f.readAll().toBase64()));
    }
    QStringList notes;
    const auto tables = pageTables(view, &notes);
    QString body;
    const QString sentence = plain(view.pageSentence()).trimmed();
    if (!sentence.isEmpty()) {
        body += QStringLiteral("<p class=\"sentence\">%1</p>")
                    .arg(sentence.toHtmlEscaped().replace('\n', "<br>"));
    }
    body += QStringLiteral("<div id=\"figure\">%1</div>").arg(still);
    if (!options.footnote.isEmpty()) {
        body += QStringLiteral("<p class=\"footnote%1\">%2</p>")
                    .arg(options.outside ? " outside" : "", options.footnote.toHtmlEscaped());
    }
    for (int i = 0; i < tables.size(); ++i) {
        body += tableHtml(tables[i], i);
    }
    if (!notes.isEmpty()) {
        body += "<details class=\"notes\"><summary>Notes of the data</summary><ul>";
        for (const QString& n : notes) {
            body += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
        }
        body += "</ul></details>";
    }
    const std::map<QString, QString> fields{
        {"TITLE", view.viewTitle().toHtmlEscaped() +
                      (options.footnote.isEmpty()
                           ? QString()
                           : " — " + options.footnote.section(" · ", 0, 0).toHtmlEscaped())},
        {"HEADING", view.viewTitle().toHtmlEscaped() +
                        (options.sessionTitle.isEmpty()
                             ? QString()
                             : "<br><small class=\"session-title\">" +
                                   options.sessionTitle.toHtmlEscaped() + "</small>")},
        {"STYLE", style},
        {"BODY", body},
        {"FIGURE_JSON", scriptJson(QJsonDocument(figure).toJson(QJsonDocument::Compact))},
        {"SESSION_JSON", scriptJson(sessionJson.toUtf8())},
        {"PAGE_JS", script},
        {"D3_JS", d3}};
    // One pass over the template: a user's text that holds "{{BODY}}" stays as it is.
    QString page;
    static const QRegularExpression field(QStringLiteral("\\{\\{([A-Z0-9_]+)\\}\\}"));
    qsizetype at = 0;
    for (auto it = field.globalMatch(templ); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        page += templ.mid(at, m.capturedStart() - at);
        const auto f = fields.find(m.captured(1));
        page += f != fields.end() ? f->second : m.captured(0);
        at = m.capturedEnd();
    }
    page += templ.mid(at);
    return widgets::writeTextFile(path, page);
}

QString exportViewOrPage(widgets::ExplorerView& view, const QString& path, const QSize& size,
                         const widgets::FigureOptions& options, const QString& sessionJson) {
    if (QFileInfo(path).suffix().compare("html", Qt::CaseInsensitive) == 0 ||
        QFileInfo(path).suffix().compare("htm", Qt::CaseInsensitive) == 0) {
        return writeInteractivePage(view, path, size, options, sessionJson);
    }
    return widgets::exportView(view, path, size, options);
}

} // namespace cdx::app
