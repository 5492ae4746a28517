// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/regime_map_view.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/throughput_model.hpp"
#include "params/input_error.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <array>
#include <cmath>
#include <map>
#include <qcustomplot.h>
#include <set>

namespace cdx::widgets {

namespace {

QString axisText(mwp::MapAxis a) {
    return QStringLiteral("%1 [%2]").arg(QString::fromLatin1(mwp::label(a).data()),
                                         QString::fromLatin1(mwp::unit(a).data()));
}

QString rangeText(const mwp::AxisRange& r) {
    return QStringLiteral("%1:%2").arg(r.min, 0, 'g', 6).arg(r.max, 0, 'g', 6);
}

// Edge between two neighbouring sample values, in the axis's own scale.
double between(double a, double b, bool log) {
    return log ? std::sqrt(a * b) : (a + b) / 2;
}
double outside(double edge, double inner, bool log) {
    return log ? edge * edge / inner : 2 * edge - inner;
}

std::vector<double> cellEdges(const std::vector<double>& v, bool log) {
    std::vector<double> e(v.size() + 1);
    for (std::size_t i = 1; i < v.size(); ++i) {
        e[i] = between(v[i - 1], v[i], log);
    }
    e.front() = v.size() > 1 ? outside(v[0], e[1], log) : v[0] - 0.5;
    e.back() = v.size() > 1 ? outside(v.back(), e[v.size() - 1], log) : v[0] + 0.5;
    return e;
}

QCPAxis::ScaleType scale(bool log) {
    return log ? QCPAxis::stLogarithmic : QCPAxis::stLinear;
}

} // namespace

QColor RegimeMapView::categoryColor(int c) {
    // One hue per diagnosis: both problems, MWP_Process, bandwidth, bandwidth just enough, none;
    // categories 1-5 (warps not sufficient) pale, 6-10 (sufficient) full.
    static const QColor hues[5] = {QColor(213, 94, 0), QColor(230, 159, 0), QColor(0, 114, 178),
                                   QColor(204, 121, 167), QColor(0, 158, 115)};
    if (c < 1 || c > 10) {
        return QColor(150, 150, 150);
    }
    const QColor h = hues[(c - 1) % 5];
    return c <= 5 ? QColor::fromHsvF(h.hsvHueF(), h.hsvSaturationF() * 0.45f, 0.97f) : h;
}

RegimeMapView::RegimeMapView(QWidget* parent, Kind kind) : QWidget(parent), kind_(kind) {
    auto* layout = new QVBoxLayout(this);
    if (kind_ == Kind::Category) {
        intro_ = new QLabel(
            tr("What am I looking at: the throughput model's diagnosis (thesis Ch. V, Figures "
               "114/115) at every point of two inputs: are there enough warps (N against "
               "MWP_App_InfiN), and can the memory system serve what the application asks "
               "(MWP_App against MWP_BW and MWP_Process)? Categories 1-5 (pale) are short of "
               "warps, 6-10 have enough; 10 is the best case. The axes are the regime map's."),
            this);
        intro_->setWordWrap(true);
        layout->addWidget(intro_);
    }
    const auto axisBox = [this](const char* name) {
        auto* c = new QComboBox(this);
        c->setObjectName(name);
        for (int i = 0; i < mwp::kMapAxisCount; ++i) {
            const auto a = static_cast<mwp::MapAxis>(i);
            c->addItem(axisText(a), i);
        }
        return c;
    };
    const auto rangeEdit = [this](const char* name) {
        auto* e = new QLineEdit(this);
        e->setObjectName(name);
        e->setToolTip(tr("MIN:MAX of the axis; Enter applies"));
        e->setMaximumWidth(140);
        return e;
    };
    const bool cat = kind_ == Kind::Category;
    xAxis_ = axisBox(cat ? "categoryXAxis" : "mapXAxis");
    yAxis_ = axisBox(cat ? "categoryYAxis" : "mapYAxis");
    xRange_ = rangeEdit(cat ? "categoryXRange" : "mapXRange");
    yRange_ = rangeEdit(cat ? "categoryYRange" : "mapYRange");
    xLog_ = new QCheckBox(tr("log"), this);
    yLog_ = new QCheckBox(tr("log"), this);
    // One row per axis (both in one row did not fit a laptop screen).
    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("x:"), this), 0, 0);
    grid->addWidget(xAxis_, 0, 1);
    grid->addWidget(xRange_, 0, 2);
    grid->addWidget(xLog_, 0, 3);
    grid->addWidget(new QLabel(tr("y:"), this), 1, 0);
    grid->addWidget(yAxis_, 1, 1);
    grid->addWidget(yRange_, 1, 2);
    grid->addWidget(yLog_, 1, 3);
    grid->setColumnStretch(4, 1);
    layout->addLayout(grid);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(kind_ == Kind::Regime ? "regimeMapPlot" : "categoryMapPlot");
    plot_->setMinimumSize(500, 380);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    image_ = new QCPItemPixmap(plot_);
    image_->setScaled(true, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    image_->setClipToAxisRect(true);
    image_->setLayer("grid");
    edges_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
    edges_->setName(kind_ == Kind::Regime ? tr("regime boundary") : tr("category boundary"));
    marker_ = plot_->addGraph();
    marker_->setName(tr("session"));
    marker_->setLineStyle(QCPGraph::lsNone);
    baselineMarker_ = plot_->addGraph();
    baselineMarker_->setName(tr("baseline"));
    baselineMarker_->setLineStyle(QCPGraph::lsNone);
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QColor(255, 255, 255, 225));
    // Under the map, not over it (the regime map's corner legend covered the compute-bound
    // region on a slide): up to ten long category titles in two columns, the regimes in three.
    placeLegendBelow(*plot_, kind_ == Kind::Category ? 2 : 3);
    layout->addWidget(plot_, 1);

    // Each control sends its own change; a refused range left in the other field (marked) is
    // not read again, so it cannot make every later edit fail.
    connect(xAxis_, &QComboBox::activated, this, [this] { emitAxes(true, nullptr); });
    connect(yAxis_, &QComboBox::activated, this, [this] { emitAxes(true, nullptr); });
    connect(xRange_, &QLineEdit::editingFinished, this, [this] { emitAxes(false, xRange_); });
    connect(yRange_, &QLineEdit::editingFinished, this, [this] { emitAxes(false, yRange_); });
    connect(xLog_, &QCheckBox::toggled, this, [this] { emitAxes(false, xLog_); });
    connect(yLog_, &QCheckBox::toggled, this, [this] { emitAxes(false, yLog_); });
    setPresentation(false);
}

void RegimeMapView::emitAxes(bool axisChanged, QWidget* edited) {
    mwp::AxisRange x = x_, y = y_;
    const auto xa = static_cast<mwp::MapAxis>(xAxis_->currentData().toInt());
    const auto ya = static_cast<mwp::MapAxis>(yAxis_->currentData().toInt());
    if (axisChanged) {
        if (xa != x_.axis) {
            x = mwp::suggestedRange(xa, device_, kernel_);
        }
        if (ya != y_.axis) {
            y = mwp::suggestedRange(ya, device_, kernel_);
        }
    } else {
        // A range that is not MIN:MAX with finite MIN < MAX (and MIN > 0 on a log axis) is
        // refused with the reason: the typed text stays, marked, and the map is unchanged.
        // A log box toggled: the session's range with the new spacing.
        const auto parse = [this, edited](QLineEdit* e, mwp::AxisRange& r, QCheckBox* log,
                                          const QString& axis) -> QString {
            if (edited != e && edited != log) {
                return {}; // not this axis: the session's range as it is
            }
            const QStringList parts = edited == log ? QStringList{QString::number(r.min, 'g', 17),
                                                                  QString::number(r.max, 'g', 17)}
                                                    : e->text().split(':');
            bool ok1 = false, ok2 = false;
            double lo = 0, hi = 0;
            if (parts.size() == 2) {
                lo = QLocale::c().toDouble(parts[0].trimmed(), &ok1);
                hi = QLocale::c().toDouble(parts[1].trimmed(), &ok2);
            }
            const QString refusal = edited == log
                                        ? tr("%1 log axis refused: ").arg(axis)
                                        : tr("%1 range %2 refused: ").arg(axis, e->text());
            if (!(ok1 && ok2) || !std::isfinite(lo) || !std::isfinite(hi)) {
                return refusal + tr("expected MIN:MAX, two numbers (for example 1:32)");
            }
            if (!(lo < hi)) {
                return refusal + tr("expected MIN < MAX");
            }
            if (log->isChecked() && !(lo > 0)) {
                return refusal + tr("a log axis needs MIN > 0");
            }
            r.min = lo;
            r.max = hi;
            r.log = log->isChecked();
            if (mwp::isInteger(r.axis)) {
                r.steps = static_cast<int>(
                    std::clamp(std::floor(r.max) - std::ceil(r.min) + 1, 2.0, 200.0));
            } else {
                r.steps = 200;
            }
            return {};
        };
        const QString xWhy = parse(xRange_, x, xLog_, tr("x"));
        const QString yWhy = parse(yRange_, y, yLog_, tr("y"));
        if (edited == xRange_) {
            markRange(xRange_, !xWhy.isEmpty());
        }
        if (edited == yRange_) {
            markRange(yRange_, !yWhy.isEmpty());
        }
        if (!xWhy.isEmpty() || !yWhy.isEmpty()) {
            const QSignalBlocker b1(xLog_), b2(yLog_);
            xLog_->setChecked(x_.log); // a refused log box is the session's again
            yLog_->setChecked(y_.log);
            if (edited == xRange_ || edited == yRange_) {
                sayRefusal(edited, edited == xRange_ ? xWhy : yWhy);
            }
            emit refused(xWhy.isEmpty() ? yWhy : xWhy);
            return;
        }
    }
    if (x.axis == x_.axis && y.axis == y_.axis && x.min == x_.min && x.max == x_.max &&
        y.min == y_.min && y.max == y_.max && x.log == x_.log && y.log == y_.log &&
        x.steps == x_.steps && y.steps == y_.steps) {
        redraw(); // nothing changed (or unparsable): restore the fields
        return;
    }
    emit axesEdited(x, y);
}

void RegimeMapView::markRange(QLineEdit* e, bool refused) {
    // refusedOver: the session's range the refused text was typed over.
    e->setProperty("refusedOver", refused ? rangeText(e == xRange_ ? x_ : y_) : QString());
    markRefused(e, refused);
}

void RegimeMapView::setPresentation(bool on) {
    presentation_ = on;
    if (intro_) {
        intro_->setVisible(!on); // the speaker explains; the map gets the room
    }
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    edges_->setPen(QPen(Qt::black, on ? 3 : 1.6));
    marker_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                             QBrush(QColor(240, 228, 66)), t.markerSize * 2));
    // The baseline kernel's point: the same circle, hollow and dashed.
    baselineMarker_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                                     QPen(Qt::black, 2, Qt::DashLine), Qt::NoBrush,
                                                     t.markerSize * 2));
    redraw();
}

void RegimeMapView::setSession(const SessionState& s) {
    map_.reset();
    categories_.reset();
    error_.clear();
    x_ = s.mwp.mapX;
    y_ = s.mwp.mapY;
    context_ = mwpContext(s.mwp);
    if (s.baseline) {
        context_ += tr("; %1 marked").arg(baselineName(s, {"mwp"}));
    }
    try {
        variant_ = s.mwp.variant;
        device_ = s.mwp.device();
        kernel_ = s.mwp.model();
        baselinePoint_.reset();
        if (s.baseline) { // where the baseline's kernel and GPU lie on the same axes
            try {
                const mwp::Device bd = s.baseline->mwp.device();
                const mwp::Kernel bk = s.baseline->mwp.model();
                baselinePoint_ = {mwp::axisValue(bd, bk, x_.axis), mwp::axisValue(bd, bk, y_.axis)};
            } catch (const InputError&) {
                // the Compare view says why the baseline has no point
            }
        }
        if (kind_ == Kind::Regime) {
            map_ = mwp::regimeMap(device_, kernel_, s.mwp.variant, x_, y_);
        } else {
            categories_ = mwp::categoryMap(device_, kernel_, s.mwp.variant, x_, y_);
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void RegimeMapView::redraw() {
    {
        const QSignalBlocker b1(xAxis_), b2(yAxis_), b3(xLog_), b4(yLog_);
        xAxis_->setCurrentIndex(static_cast<int>(x_.axis));
        yAxis_->setCurrentIndex(static_cast<int>(y_.axis));
        xLog_->setChecked(x_.log);
        yLog_->setChecked(y_.log);
        // A refused range stays as typed (marked) while the session's range is unchanged.
        for (auto [e, r] : {std::pair{xRange_, &x_}, std::pair{yRange_, &y_}}) {
            if (e->property("refusedOver").toString() != rangeText(*r)) {
                markRange(e, false);
                e->setText(rangeText(*r));
            }
        }
    }
    edges_->data()->clear();
    marker_->data()->clear();
    baselineMarker_->data()->clear();
    // Legend entries: one empty bar series per class present.
    for (int i = plot_->plottableCount() - 1; i >= 0; --i) {
        if (auto* b = qobject_cast<QCPBars*>(plot_->plottable(i))) {
            plot_->removePlottable(b);
        }
    }
    boundaries_ = 0;
    plot_->xAxis->setLabel(axisText(x_.axis));
    plot_->yAxis->setLabel(axisText(y_.axis));
    plot_->xAxis->setScaleType(scale(x_.log));
    plot_->yAxis->setScaleType(scale(y_.log));
    plot_->xAxis->setTicker(x_.log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                                   : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot_->yAxis->setTicker(y_.log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                                   : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    if (!map_ && !categories_) {
        image_->setVisible(false);
        title_->setText(kind_ == Kind::Regime ? tr("No regime map: %1").arg(error_)
                                              : tr("No category map: %1").arg(error_));
        subtitle_->setText(context_);
        plot_->replot();
        return;
    }
    const bool cat = kind_ == Kind::Category;
    const std::vector<double>& xs = cat ? categories_->xs : map_->xs;
    const std::vector<double>& ys = cat ? categories_->ys : map_->ys;
    const std::size_t nx = xs.size(), ny = ys.size();
    QImage img(static_cast<int>(nx), static_cast<int>(ny), QImage::Format_ARGB32);
    // The labels of the classes present, named once after the loop (a label per cell was a
    // fifth of a drag step, issue 33).
    // The colours of the few classes looked up per cell, not converted (a colour per cell from
    // HSV, and a set insertion per cell, were a tenth of a step, issue 44).
    std::array<QRgb, 11> categoryRgb{};
    std::array<bool, 11> categorySeen{};
    for (int c = 0; c <= 10; ++c) {
        categoryRgb[static_cast<std::size_t>(c)] = categoryColor(c).rgba();
    }
    std::map<std::pair<int, int>, QRgb> regimeRgb;
    std::pair<int, int> lastRegime{-1, -1};
    QRgb lastRegimeRgb = 0;
    for (std::size_t iy = 0; iy < ny; ++iy) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(static_cast<int>(ny - 1 - iy)));
        for (std::size_t ix = 0; ix < nx; ++ix) {
            QRgb col = qRgb(235, 235, 235);
            if (cat) {
                const auto& c = categories_->at(ix, iy);
                if (c.valid && c.category >= 0 && c.category <= 10) {
                    const auto k = static_cast<std::size_t>(c.category);
                    col = categoryRgb[k];
                    categorySeen[k] = true;
                }
            } else {
                const auto& c = map_->at(ix, iy);
                if (c.valid) {
                    const std::pair<int, int> key{static_cast<int>(c.regime),
                                                  static_cast<int>(c.limiter)};
                    if (key != lastRegime) {
                        auto [it, fresh] = regimeRgb.try_emplace(key, 0);
                        if (fresh) {
                            it->second = regimeColor(c.regime, c.limiter).rgba();
                        }
                        lastRegime = key;
                        lastRegimeRgb = it->second;
                    }
                    col = lastRegimeRgb;
                }
            }
            line[ix] = col;
        }
    }
    std::set<int> categoriesSeen;
    for (int c = 0; c <= 10; ++c) {
        if (categorySeen[static_cast<std::size_t>(c)]) {
            categoriesSeen.insert(c);
        }
    }
    std::set<std::pair<int, int>> regimesSeen;
    for (const auto& [key, rgb] : regimeRgb) {
        regimesSeen.insert(key);
    }
    std::map<QString, QColor> present; // legend: one entry per label (sorted by category)
    for (const int category : categoriesSeen) {
        present.emplace(QStringLiteral("%1 %2")
                            .arg(category, 2)
                            .arg(QString::fromUtf8(mwp::categoryText(category).title.data())),
                        categoryColor(category));
    }
    for (const auto& [regime, limiter] : regimesSeen) {
        const auto r = static_cast<mwp::Regime>(regime);
        const auto l = static_cast<mwp::Limiter>(limiter);
        present.emplace(regimeText(r, l), regimeColor(r, l));
    }
    const auto xe = cellEdges(xs, x_.log);
    const auto ye = cellEdges(ys, y_.log);
    image_->setPixmap(QPixmap::fromImage(img));
    image_->topLeft->setCoords(xe.front(), ye.back());
    image_->bottomRight->setCoords(xe.back(), ye.front());
    image_->setVisible(true);
    const auto edges = cat ? mwp::categoryBoundaries(*categories_) : mwp::regimeBoundaries(*map_);
    boundaries_ = edges.size();
    QVector<double> ex, ey;
    ex.reserve(static_cast<int>(edges.size() * 3));
    ey.reserve(static_cast<int>(edges.size() * 3));
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const auto& e : edges) {
        if (e.vertical) {
            ex << xe[e.ix + 1] << xe[e.ix + 1] << nan;
            ey << ye[e.iy] << ye[e.iy + 1] << nan;
        } else {
            ex << xe[e.ix] << xe[e.ix + 1] << nan;
            ey << ye[e.iy + 1] << ye[e.iy + 1] << nan;
        }
    }
    edges_->setData(ex, ey);
    const double cx = mwp::axisValue(device_, kernel_, x_.axis);
    const double cy = mwp::axisValue(device_, kernel_, y_.axis);
    marker_->addData(cx, cy);
    baselineMarker_->data()->clear();
    if (baselinePoint_) {
        baselineMarker_->addData(baselinePoint_->first, baselinePoint_->second);
        baselineMarker_->addToLegend();
    } else {
        baselineMarker_->removeFromLegend();
    }
    // Under the map in as many columns as fit (two at most): a title longer than the whole
    // width is shortened (the Bottleneck view and the CSV give it whole). Shortened to half the
    // width, every title of a slide's single column ended in "…".
    const QFontMetrics legendFont(plot_->legend->font());
    const int column = std::max(120, plot_->width() - 70);
    for (const auto& [text, colour] : present) {
        auto* b = new QCPBars(plot_->xAxis, plot_->yAxis);
        b->setBrush(colour);
        b->setPen(QPen(colour.darker(130)));
        b->setName(cat ? legendFont.elidedText(text, Qt::ElideRight, column) : text);
    }
    plot_->xAxis->setRange(xe.front(), xe.back());
    plot_->yAxis->setRange(ye.front(), ye.back());
    const bool inside = cx >= xe.front() && cx <= xe.back() && cy >= ye.front() && cy <= ye.back();
    const QString here =
        inside ? tr("session point marked") : tr("session point outside the ranges");
    title_->setText((cat ? tr("Chapter V category map: %1 × %2") : tr("Regime map: %1 × %2"))
                        .arg(QString::fromLatin1(mwp::label(x_.axis).data()),
                             QString::fromLatin1(mwp::label(y_.axis).data())));
    QString sessionText;
    if (cat) {
        try {
            const int c = mwp::throughput(device_, kernel_, variant_).category;
            sessionText = tr(", category %1 there").arg(c);
        } catch (const InputError&) {
        }
    }
    subtitle_->setText(tr("%1 × %2 points, %3 boundary edges, %4%5; %6")
                           .arg(nx)
                           .arg(ny)
                           .arg(boundaries_)
                           .arg(here, sessionText, context_));
    plot_->replot();
}

void RegimeMapView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (kind_ == Kind::Category && categories_) {
        redraw(); // the legend's titles fit the new width
    }
}

void RegimeMapView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString RegimeMapView::csv() const {
    if (kind_ == Kind::Category) {
        QString out = QStringLiteral("# %1\n# category empty: outside the model's domain there\n"
                                     "%2,%3,category,perf_gflops\n")
                          .arg(context_, QString::fromLatin1(mwp::name(x_.axis).data()),
                               QString::fromLatin1(mwp::name(y_.axis).data()));
        if (!categories_) {
            return out;
        }
        const auto& m = *categories_;
        for (std::size_t iy = 0; iy < m.ys.size(); ++iy) {
            for (std::size_t ix = 0; ix < m.xs.size(); ++ix) {
                const auto& c = m.at(ix, iy);
                out += QStringLiteral("%1,%2,%3,%4\n")
                           .arg(m.xs[ix], 0, 'g', 10)
                           .arg(m.ys[iy], 0, 'g', 10)
                           .arg(c.valid ? QString::number(c.category) : QString())
                           .arg(c.perfGflops, 0, 'g', 12);
            }
        }
        return out;
    }
    QString out = QStringLiteral("# %1\n%2,%3,case,mwp_limiter,exec_cycles\n")
                      .arg(context_, QString::fromLatin1(mwp::name(x_.axis).data()),
                           QString::fromLatin1(mwp::name(y_.axis).data()));
    if (!map_) {
        return out;
    }
    for (std::size_t iy = 0; iy < map_->ys.size(); ++iy) {
        for (std::size_t ix = 0; ix < map_->xs.size(); ++ix) {
            const auto& c = map_->at(ix, iy);
            out += QStringLiteral("%1,%2,%3,%4,%5\n")
                       .arg(map_->xs[ix], 0, 'g', 10)
                       .arg(map_->ys[iy], 0, 'g', 10)
                       .arg(c.valid ? QString::fromLatin1(mwp::name(c.regime).data())
                                    : QStringLiteral("invalid"),
                            c.valid ? QString::fromLatin1(mwp::name(c.limiter).data()) : QString())
                       .arg(c.execCycles, 0, 'g', 12);
        }
    }
    return out;
}

} // namespace cdx::widgets
