// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/tile_space_map_view.hpp"

#include "common/background_job.hpp"
#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "talg/search_job.hpp"
#include "talg/talg_plot_text.hpp"

#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainterPath>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
// The map's cells as filled rectangles: what PDF and SVG exports draw instead of the colour
// map's image (a PDF writer stores images lossy and viewers smooth them, so the colours of
// neighbouring cells bled into each other).
class VectorCells : public QCPLayerable {
public:
    VectorCells(QCustomPlot* plot, QCPColorMap* map)
        : QCPLayerable(plot, QString(), nullptr), map_(map) {
        setLayer(map->layer());
        setVisible(false);
    }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override {
        painter->setAntialiasing(false);
    }
    QRect clipRect() const override { return map_->keyAxis()->axisRect()->rect(); }
    void draw(QCPPainter* painter) override {
        QCPColorMapData* d = map_->data(); // cell() is not const in QCustomPlot 2.1
        const int nx = d->keySize(), ny = d->valueSize();
        if (nx < 1 || ny < 1) {
            return;
        }
        const double w = nx > 1 ? d->keyRange().size() / (nx - 1) : 1.0;
        const double h = ny > 1 ? d->valueRange().size() / (ny - 1) : 1.0;
        const bool log = map_->dataScaleType() == QCPAxis::stLogarithmic;
        painter->setPen(Qt::NoPen);
        for (int ix = 0; ix < nx; ++ix) {
            for (int iy = 0; iy < ny; ++iy) {
                const double v = d->cell(ix, iy);
                if (std::isnan(v)) {
                    continue; // infeasible: the hatched background shows through
                }
                double key = 0, value = 0;
                d->cellToCoord(ix, iy, &key, &value);
                const QPointF a(map_->keyAxis()->coordToPixel(key - w / 2),
                                map_->valueAxis()->coordToPixel(value - h / 2));
                const QPointF b(map_->keyAxis()->coordToPixel(key + w / 2),
                                map_->valueAxis()->coordToPixel(value + h / 2));
                painter->setBrush(
                    QColor::fromRgb(map_->gradient().color(v, map_->dataRange(), log)));
                painter->drawRect(QRectF(a, b).normalized());
            }
        }
    }

private:
    QCPColorMap* map_;
};
} // namespace

namespace {
QString innerName(int dim) {
    return dim == 1 ? "tS1" : QStringLiteral("tS%1").arg(dim);
}
} // namespace

TileSpaceMapView::TileSpaceMapView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    for (int i = 0; i < 2; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        sliceLabels_[idx] = new QLabel(QStringLiteral("tS%1").arg(i + 1), this);
        sliceSliders_[idx] = new QSlider(Qt::Horizontal, this);
        sliceSliders_[idx]->setObjectName(QStringLiteral("mapSliceS%1").arg(i + 1));
        sliceSliders_[idx]->setToolTip(tr("The map is the slice of the tile space at this tS%1; "
                                          "moving it changes the current tiling")
                                           .arg(i + 1));
        sliceBoxes_[idx] = new QSpinBox(this);
        sliceBoxes_[idx]->setKeyboardTracking(false);
        controls->addWidget(sliceLabels_[idx]);
        controls->addWidget(sliceSliders_[idx], 1);
        controls->addWidget(sliceBoxes_[idx]);
        connect(sliceSliders_[idx], &QSlider::valueChanged, this, [this, i](int v) {
            sliceChosen(i, v, sliceSliders_[static_cast<std::size_t>(i)]->isSliderDown());
        });
        connect(sliceSliders_[idx], &QSlider::sliderReleased, this, [this, i] {
            sliceChosen(i, sliceSliders_[static_cast<std::size_t>(i)]->value(), false);
        });
        connect(sliceBoxes_[idx], &QSpinBox::valueChanged, this,
                [this, i](int v) { sliceChosen(i, v, false); });
    }
    layout->addLayout(controls);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName("tileSpaceMapPlot");
    plot_->setMinimumSize(420, 320);
    const PlotHeader header = addPlotHeader(*plot_);
    title_ = header.title;
    subtitle_ = header.subtitle;
    map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    map_->setInterpolate(false);
    map_->setTightBoundary(false);
    map_->setGradient(tAlgGradient());
    vectorCells_ = new VectorCells(plot_, map_);
    scale_ = new QCPColorScale(plot_);
    plot_->plotLayout()->addElement(2, 1, scale_);
    scale_->setType(QCPAxis::atRight);
    scale_->axis()->setLabel(tr("T_alg [s]"));
    scale_->axis()->setNumberFormat("gb");
    map_->setColorScale(scale_);
    scale_->setGradient(tAlgGradient()); // the scale owns the gradient once linked
    // Infeasible cells are transparent: a hatch marks them as excluded, not missing.
    plot_->axisRect()->setBackground(QBrush(QColor(200, 200, 200), Qt::BDiagPattern));
    auto* group = new QCPMarginGroup(plot_);
    plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    scale_->setMarginGroup(QCP::msBottom | QCP::msTop, group);

    // One white line around the cells within X % of the minimum (issue 55: an outline per cell
    // covered thin cells and read as noise); the subtitle says what it encloses.
    // A white line over a dark one: it shows on the yellow cells and the white hatching alike.
    withinHalo_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
    withinHalo_->removeFromLegend();
    within_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
    within_->removeFromLegend();
    minimum_ = plot_->addGraph();
    minimum_->setLineStyle(QCPGraph::lsNone);
    minimum_->setName(tr("exact minimum"));
    current_ = plot_->addGraph();
    current_->setLineStyle(QCPGraph::lsNone);
    current_->setName(tr("current tiling"));
    baseline_ = plot_->addGraph();
    baseline_->setLineStyle(QCPGraph::lsNone);
    baseline_->setName(tr("baseline tiling"));
    baselineMinimum_ = plot_->addGraph();
    baselineMinimum_->setLineStyle(QCPGraph::lsNone);
    baselineMinimum_->setName(tr("baseline optimum"));
    baselineJob_ = new BackgroundJob(this);
    connect(baselineJob_, &BackgroundJob::failed, this, [this](const QString& why) {
        baselineOptimumError_ = why;
        rebuild();
    });
    measured_ = plot_->addGraph();
    measured_->setLineStyle(QCPGraph::lsNone);
    measured_->setName(tr("measured runs"));
    minimumLabel_ = new QCPItemText(plot_);
    // The label hangs off the minimum's marker, a few pixels beside it (anchored at the point
    // itself, its box covered the marker; issue 45).
    minimumAnchor_ = new QCPItemTracer(plot_);
    minimumAnchor_->setStyle(QCPItemTracer::tsNone);
    minimumAnchor_->setSelectable(false);
    minimumLabel_->position->setParentAnchor(minimumAnchor_->position);
    minimumLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    minimumLabel_->setPadding(QMargins(4, 2, 4, 2));
    minimumLabel_->setBrush(QColor(255, 255, 255, 220));
    minimumLabel_->setPen(QPen(QColor(213, 94, 0)));
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QColor(170, 170, 170, 230)); // white outlines must show in the legend
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    if (auto* item = plot_->legend->itemWithPlottable(map_)) {
        plot_->legend->removeItem(item);
    }
    layout->addWidget(plot_, 1);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    setSecondaryText(note_);
    layout->addWidget(note_);

    connect(plot_, &QCustomPlot::mouseMove, this, &TileSpaceMapView::onMouseMove);
    connect(plot_, &QCustomPlot::mousePress, this, &TileSpaceMapView::onMousePress);
    setPresentation(false);
}

void TileSpaceMapView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    scale_->axis()->setTickLabelFont(plot_->xAxis->tickLabelFont());
    scale_->axis()->setLabelFont(plot_->xAxis->labelFont());
    minimum_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                              QPen(Qt::white, t.presentation ? 2.5 : 1.5),
                                              QBrush(QColor(213, 94, 0)), t.markerSize * 1.8));
    measured_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.2),
                                               QBrush(QColor(240, 228, 66)), t.markerSize * 1.6));
    current_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle,
                                              QPen(Qt::black, t.lineWidth), Qt::NoBrush,
                                              t.markerSize * 2));
    // The baseline's tiling: hollow and dashed, in a colour the viridis cells do not have (black
    // vanished on the darkest cells, where the optimum usually is), larger than the other marks.
    baseline_->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(QColor(204, 121, 167), t.lineWidth * 1.6, Qt::DashLine),
        Qt::NoBrush, t.markerSize * 3.2));
    // The baseline's optimum: the minimum's orange, hollow and dashed.
    baselineMinimum_->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(QColor(213, 94, 0), t.lineWidth * 1.5, Qt::DashLine),
        Qt::NoBrush, t.markerSize * 2.6));
    QFont lf = minimumLabel_->font();
    lf.setPointSize(t.basePointSize);
    minimumLabel_->setFont(lf);
    if (hasState_) {
        rebuild();
    }
}

void TileSpaceMapView::setMeasuredRuns(runs::RunList runs) {
    runs_ = std::move(runs);
    if (hasState_) {
        rebuild();
    }
}

void TileSpaceMapView::setSession(const SessionState& s) {
    QElapsedTimer timer;
    timer.start();
    state_ = s;
    hasState_ = true;
    if (state_.baseline != baselineSearched_) {
        searchBaselineOptimum();
    }
    rebuild();
    lastUpdateMs_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void TileSpaceMapView::searchBaselineOptimum() {
    baselineSearched_ = state_.baseline;
    baselineOptimum_.reset();
    baselineOptimumError_.clear();
    if (!baselineSearched_) {
        baselineJob_->cancel();
        return;
    }
    // Once per baseline (not per slider step): its own stencil, problem, GPU and variant.
    baselineJob_->start(
        tr("Baseline optimum…"),
        [this, b = baselineSearched_](JobControl& control) -> BackgroundJob::Deliver {
            search::SearchOptions o = search::withinOptions(0);
            o.maxWithin = 1;
            const search::SearchResult r =
                runSearchJob(control, b->modelStencil(), b->problem, b->modelGpu(), b->variant, o);
            std::optional<search::TilePoint> best;
            if (r.found) {
                best = r.best;
            }
            return [this, best, b] {
                if (b == baselineSearched_) {
                    baselineOptimum_ = best;
                    baselineOptimumError_ =
                        best ? QString() : tr("the baseline has no feasible tiling");
                    rebuild();
                }
            };
        });
}

void TileSpaceMapView::finishPendingWork() {
    baselineJob_->waitForFinished();
}

bool TileSpaceMapView::onThisSlice(const talg::Tiles& t, int dim) const {
    const int in = search::mapInnerIndex(dim);
    for (int i = 0; i < dim; ++i) {
        if (i != in && t.space[static_cast<std::size_t>(i)] !=
                           state_.tiles.space[static_cast<std::size_t>(i)]) {
            return false;
        }
    }
    return true;
}

QString TileSpaceMapView::noteText() const {
    return note_->text();
}

bool TileSpaceMapView::baselineOptimumShown() const {
    return !baselineMinimum_->data()->isEmpty();
}

void TileSpaceMapView::rebuild() {
    const int dim = state_.problem.dim;
    const int in = search::mapInnerIndex(dim);
    // Slice controls: tS1 in 2D/3D, and tS2 in 3D (the map varies the innermost size).
    for (int i = 0; i < 2; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const bool visible = (dim >= 2 && i == 0) || (dim == 3 && i == 1);
        sliceLabels_[idx]->setVisible(visible);
        sliceSliders_[idx]->setVisible(visible);
        sliceBoxes_[idx]->setVisible(visible);
        if (visible) {
            const QSignalBlocker b1(sliceSliders_[idx]);
            const QSignalBlocker b2(sliceBoxes_[idx]);
            const int value = static_cast<int>(state_.tiles.space[idx]);
            const int extent = static_cast<int>(state_.problem.space[idx]);
            sliceSliders_[idx]->setRange(1, std::max(value, std::min(extent, 256)));
            sliceBoxes_[idx]->setRange(1, std::max(value, extent));
            sliceSliders_[idx]->setValue(value);
            sliceBoxes_[idx]->setValue(value);
        }
    }

    error_.clear();
    grid_ = {};
    try {
        const Stencil st = state_.modelStencil();
        const Gpu g = state_.modelGpu();
        axes_ = search::tileSpaceAxes(st, state_.problem, g, state_.variant, state_.tiles);
        grid_ = search::tileSpaceGrid(st, state_.problem, g, state_.variant, state_.tiles, axes_);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }

    const QString slice = dim == 1   ? QString()
                          : dim == 2 ? QStringLiteral(" at tS1 = %1").arg(state_.tiles.space[0])
                                     : QStringLiteral(" at tS1 = %1, tS2 = %2")
                                           .arg(state_.tiles.space[0])
                                           .arg(state_.tiles.space[1]);
    QString sizes;
    for (int i = 0; i < dim; ++i) {
        sizes +=
            (i ? "×" : "") + QString::number(state_.problem.space[static_cast<std::size_t>(i)]);
    }
    title_->setText(tr("T_alg over (tT, %1)%2\n%3 on %4, S = %5, T = %6")
                        .arg(innerName(dim), slice,
                             QString::fromStdString(profileLabel(state_.stencil)),
                             QString::fromStdString(profileLabel(state_.gpu)), sizes)
                        .arg(state_.problem.time));
    subtitle_->setText(
        variantLine(state_.variant, dim) +
        tr("\nwhite-on-black line: around the tilings within %1 % of the minimum; hatched: "
           "infeasible")
            .arg(state_.within * 100, 0, 'g', 3) +
        (state_.baseline ? tr("; dashed: %1").arg(baselineName(state_, {"talg"})) : QString()));
    plot_->xAxis->setLabel(tr("tT [time steps]"));
    plot_->yAxis->setLabel(tr("%1 [points]").arg(innerName(dim)));

    QVector<double> wx, wy, mx, my, cx, cy;
    if (!error_.isEmpty() || grid_.cells.empty()) {
        map_->data()->clear();
        note_->setText(error_.isEmpty() ? tr("No tile sizes to show.") : error_);
    } else {
        const int nx = static_cast<int>(grid_.tT.size());
        const int ny = static_cast<int>(grid_.inner.size());
        map_->data()->setSize(nx, ny);
        map_->data()->setRange(
            QCPRange(static_cast<double>(grid_.tT.front()), static_cast<double>(grid_.tT.back())),
            QCPRange(static_cast<double>(grid_.inner.front()),
                     static_cast<double>(grid_.inner.back())));
        double hi = 0;
        for (int iy = 0; iy < ny; ++iy) {
            for (int ix = 0; ix < nx; ++ix) {
                const auto& c =
                    grid_.at(static_cast<std::size_t>(ix), static_cast<std::size_t>(iy));
                map_->data()->setCell(ix, iy, c.feasible ? c.tAlg : std::nan(""));
                if (c.feasible) {
                    hi = std::max(hi, c.tAlg);
                }
            }
        }
        QString clampNote;
        if (grid_.hasMinimum) {
            const double lo = grid_.minimum;
            // Keep the colours for the interesting part: values beyond 1.3x the minimum
            // saturate (stated under the map and in the colour-scale label).
            const double top = std::min(hi, 1.3 * lo);
            map_->setDataRange(QCPRange(lo, top > lo ? top : lo * 1.0001));
            if (sharedRange_ && sharedRange_->second > sharedRange_->first) {
                // A composed figure's shared scale: the same colour is the same T_alg in
                // every panel.
                map_->setDataRange(QCPRange(sharedRange_->first, sharedRange_->second));
            }
            if (hi > top) {
                clampNote = tr(" Colours saturate above 1.3× the minimum (%1).")
                                .arg(formatSeconds(1.3 * lo));
            }
            // Within X % of the slice's exact minimum (the best cell's when it has none).
            const double exactT = grid_.hasExact ? grid_.exact.tAlg : lo;
            const double limit = (1.0 + state_.within) * exactT;
            std::vector<bool> inside(grid_.cells.size());
            for (std::size_t i = 0; i < grid_.cells.size(); ++i) {
                inside[i] = grid_.cells[i].feasible && grid_.cells[i].tAlg <= limit;
            }
            withinOutline(inside, wx, wy);
            // The exact minimum where it lies, between cells where the map is coarser than the
            // tile sizes (issue 55: the label quoted the best cell, 0.7329 s at tS2 = 224, not
            // the optimum, 0.7265 s at 192).
            const auto& cell = grid_.cells[grid_.minimumCell];
            const talg::Tiles& mt = grid_.hasExact ? grid_.exact.tiles : cell.tiles;
            const double mT = grid_.hasExact ? grid_.exact.tAlg : cell.tAlg;
            const std::int64_t mk = grid_.hasExact ? grid_.exact.k : cell.k;
            mx << static_cast<double>(mt.time);
            my << static_cast<double>(mt.space[static_cast<std::size_t>(in)]);
            minimumLabel_->setVisible(true);
            minimumAnchor_->position->setCoords(mx[0], my[0]);
            // Keep the label inside the plot: it opens towards the middle.
            const bool rightHalf =
                mx[0] > 0.5 * static_cast<double>(grid_.tT.front() + grid_.tT.back());
            const bool topHalf =
                my[0] > 0.5 * static_cast<double>(grid_.inner.front() + grid_.inner.back());
            minimumLabel_->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) |
                                                (topHalf ? Qt::AlignTop : Qt::AlignBottom));
            // Clear of the marker (its diameter is 1.8 marker sizes) on the label's side.
            const double clear = 0.9 * plotTheme(presentation_).markerSize * 1.8 + 3;
            minimumLabel_->position->setCoords(rightHalf ? -clear : clear,
                                               topHalf ? clear : -clear);
            minimumLabel_->setText(tr("min %1 (tT = %2, %3 = %4, k = %5)")
                                       .arg(formatSeconds(mT))
                                       .arg(mt.time)
                                       .arg(innerName(dim))
                                       .arg(mt.space[static_cast<std::size_t>(in)])
                                       .arg(mk));
            if (grid_.hasExact && !grid_.exactOnGrid) {
                clampNote += tr(" The exact minimum lies between cells (the best cell: %1 at "
                                "tT = %2, %3 = %4).")
                                 .arg(formatSeconds(cell.tAlg))
                                 .arg(cell.tiles.time)
                                 .arg(innerName(dim))
                                 .arg(cell.tiles.space[static_cast<std::size_t>(in)]);
            }
        } else {
            minimumLabel_->setVisible(false);
        }
        // No feasible cell, no colours: the scale of an earlier slice is not left beside an
        // all-hatched map (issue 45).
        scale_->setVisible(grid_.hasMinimum);
        cx << static_cast<double>(state_.tiles.time);
        cy << static_cast<double>(state_.tiles.space[static_cast<std::size_t>(in)]);
        const QString feasibility =
            grid_.hasMinimum
                ? tr("Hatched cells are infeasible (hover for the constraint). Click a cell to "
                     "take its tiling; Shift+click to compare with it.")
                : tr("No feasible tiling in this slice (every cell is hatched; hover for the "
                     "constraint): choose a smaller tS1 or press Optimal tiles.");
        note_->setText(tr("%1 Step: tT %2, %3 %4.")
                           .arg(feasibility)
                           .arg(axes_.tTStep)
                           .arg(innerName(dim))
                           .arg(axes_.innerStep) +
                       clampNote);
        const double halfX = static_cast<double>(axes_.tTStep) / 2;
        const double halfY = static_cast<double>(axes_.innerStep) / 2;
        // Ticks on valid sizes only: multiples of the cell step.
        auto fixedTicks = [](std::int64_t step, std::size_t cells) {
            auto t = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
            t->setTickStep(static_cast<double>(step) *
                           static_cast<double>(std::max<std::size_t>(1, (cells + 11) / 12)));
            t->setScaleStrategy(QCPAxisTickerFixed::ssNone);
            return t;
        };
        plot_->xAxis->setTicker(fixedTicks(axes_.tTStep, grid_.tT.size()));
        plot_->yAxis->setTicker(fixedTicks(axes_.innerStep, grid_.inner.size()));
        plot_->xAxis->setRange(static_cast<double>(grid_.tT.front()) - halfX,
                               static_cast<double>(grid_.tT.back()) + halfX);
        plot_->yAxis->setRange(static_cast<double>(grid_.inner.front()) - halfY,
                               static_cast<double>(grid_.inner.back()) + halfY);
        // The current tiling off the map is said, with where it is (its marker is not drawn).
        const QCPRange xr = plot_->xAxis->range(), yr = plot_->yAxis->range();
        if (!xr.contains(cx[0]) || !yr.contains(cy[0])) {
            QStringList where;
            if (cx[0] > xr.upper || cx[0] < xr.lower) {
                where << (cx[0] > xr.upper
                              ? tr("right of it (tT = %1 > %2)").arg(cx[0]).arg(grid_.tT.back())
                              : tr("left of it (tT = %1 < %2)").arg(cx[0]).arg(grid_.tT.front()));
            }
            if (cy[0] > yr.upper || cy[0] < yr.lower) {
                where << (cy[0] > yr.upper ? tr("above it (%1 = %2 > %3)")
                                                 .arg(innerName(dim))
                                                 .arg(cy[0])
                                                 .arg(grid_.inner.back())
                                           : tr("below it (%1 = %2 < %3)")
                                                 .arg(innerName(dim))
                                                 .arg(cy[0])
                                                 .arg(grid_.inner.front()));
            }
            note_->setText(
                note_->text() +
                tr(" The current tiling is outside the map: %1.").arg(where.join(tr(" and "))));
        }
    }
    within_->setData(wx, wy);
    withinHalo_->setData(wx, wy);
    minimum_->setData(mx, my, true);
    current_->setData(cx, cy, true);
    // The baseline's tiling and its exact optimum where they are on this slice (same dimension
    // and outer tile sizes); where they are not, the note says where they are.
    QVector<double> bx, by, ox, oy;
    const bool sameDim = state_.baseline && state_.baseline->problem.dim == dim;
    const auto tilesText = [dim](const talg::Tiles& t) {
        QStringList parts;
        for (int i = 0; i < dim; ++i) {
            parts << QString::number(t.space[static_cast<std::size_t>(i)]);
        }
        return QStringLiteral("%1, tT %2").arg(parts.join(QStringLiteral("×"))).arg(t.time);
    };
    if (sameDim && !grid_.tT.empty() && onThisSlice(state_.baseline->tiles, dim)) {
        const talg::Tiles& bt = state_.baseline->tiles;
        bx << static_cast<double>(bt.time);
        by << static_cast<double>(bt.space[static_cast<std::size_t>(in)]);
    }
    QString baselineNote;
    if (state_.baseline) {
        if (baselineOptimum_) {
            const talg::Tiles& ot = baselineOptimum_->tiles;
            const bool shown = sameDim && !grid_.tT.empty() && onThisSlice(ot, dim);
            if (shown) {
                ox << static_cast<double>(ot.time);
                oy << static_cast<double>(ot.space[static_cast<std::size_t>(in)]);
            }
            baselineNote =
                tr(" Baseline optimum (exact, its whole space): tiles %1, T_alg %2%3.")
                    .arg(tilesText(ot), formatSeconds(baselineOptimum_->tAlg),
                         shown ? tr(", dashed orange circle") : tr(", not on this slice"));
        } else if (!baselineOptimumError_.isEmpty()) {
            baselineNote = tr(" Baseline optimum: %1.").arg(baselineOptimumError_);
        } else {
            baselineNote = tr(" Baseline optimum: searching…");
        }
        if (bx.isEmpty() && sameDim) {
            baselineNote += tr(" The baseline's tiling (%1) is not on this slice.")
                                .arg(tilesText(state_.baseline->tiles));
        }
    }
    note_->setText(note_->text() + baselineNote);
    baseline_->setData(bx, by, true);
    baselineMinimum_->setData(ox, oy, true);

    for (QCPGraph* g : {baseline_, baselineMinimum_}) {
        if (g->data()->isEmpty()) {
            g->removeFromLegend();
        } else {
            g->addToLegend();
        }
    }
    // Measured runs of this experiment on this slice (tT and the innermost size free).
    QVector<double> rx, ry;
    const char* innerKey[3] = {"tS1", "tS2", "tS3"};
    for (const auto& run :
         runs::runsOnSlice(runs::runsOf(runs_), state_.gpu.id, state_.stencil.id, state_.problem,
                           state_.tiles, {"tT", innerKey[std::clamp(in, 0, 2)]})) {
        rx << static_cast<double>(run.tt);
        ry << static_cast<double>(run.tile[static_cast<std::size_t>(in)]);
    }
    measured_->setData(rx, ry, false);
    measuredShown_ = static_cast<std::size_t>(rx.size());
    if (rx.isEmpty()) {
        measured_->removeFromLegend();
    } else {
        measured_->addToLegend();
    }
    within_->setPen(QPen(Qt::white, presentation_ ? 2.0 : 1.2));
    withinHalo_->setPen(QPen(QColor(40, 40, 40), presentation_ ? 4.5 : 3.0));
    plot_->replot();
}

void TileSpaceMapView::withinOutline(const std::vector<bool>& inside, QVector<double>& x,
                                     QVector<double>& y) const {
    // The edges between a cell inside and one outside (or the map's border), joined along
    // each row and column into runs, each a segment of its own (NaN between them).
    const std::size_t nx = grid_.tT.size(), ny = grid_.inner.size();
    const double hx = static_cast<double>(axes_.tTStep) / 2;
    const double hy = static_cast<double>(axes_.innerStep) / 2;
    const auto in = [&](std::ptrdiff_t ix, std::ptrdiff_t iy) {
        return ix >= 0 && iy >= 0 && static_cast<std::size_t>(ix) < nx &&
               static_cast<std::size_t>(iy) < ny &&
               inside[static_cast<std::size_t>(iy) * nx + static_cast<std::size_t>(ix)];
    };
    const auto segment = [&](double x0, double y0, double x1, double y1) {
        x << x0 << x1 << qQNaN();
        y << y0 << y1 << qQNaN();
    };
    const auto n = [](std::size_t v) { return static_cast<std::ptrdiff_t>(v); };
    for (std::ptrdiff_t ix = 0; ix <= n(nx); ++ix) { // the edge left of column ix
        const double xe = ix < n(nx)
                              ? static_cast<double>(grid_.tT[static_cast<std::size_t>(ix)]) - hx
                              : static_cast<double>(grid_.tT.back()) + hx;
        for (std::ptrdiff_t iy = 0; iy < n(ny);) {
            if (in(ix - 1, iy) == in(ix, iy)) {
                ++iy;
                continue;
            }
            const std::ptrdiff_t from = iy;
            while (iy < n(ny) && in(ix - 1, iy) != in(ix, iy)) {
                ++iy;
            }
            segment(xe, static_cast<double>(grid_.inner[static_cast<std::size_t>(from)]) - hy, xe,
                    static_cast<double>(grid_.inner[static_cast<std::size_t>(iy - 1)]) + hy);
        }
    }
    for (std::ptrdiff_t iy = 0; iy <= n(ny); ++iy) { // the edge below row iy
        const double ye = iy < n(ny)
                              ? static_cast<double>(grid_.inner[static_cast<std::size_t>(iy)]) - hy
                              : static_cast<double>(grid_.inner.back()) + hy;
        for (std::ptrdiff_t ix = 0; ix < n(nx);) {
            if (in(ix, iy - 1) == in(ix, iy)) {
                ++ix;
                continue;
            }
            const std::ptrdiff_t from = ix;
            while (ix < n(nx) && in(ix, iy - 1) != in(ix, iy)) {
                ++ix;
            }
            segment(static_cast<double>(grid_.tT[static_cast<std::size_t>(from)]) - hx, ye,
                    static_cast<double>(grid_.tT[static_cast<std::size_t>(ix - 1)]) + hx, ye);
        }
    }
}

const search::TileSpaceCell* TileSpaceMapView::cellAt(double tT, double inner) const {
    if (grid_.tT.empty()) {
        return nullptr;
    }
    const double fx = (tT - static_cast<double>(axes_.tTFirst)) / static_cast<double>(axes_.tTStep);
    const double fy =
        (inner - static_cast<double>(axes_.innerFirst)) / static_cast<double>(axes_.innerStep);
    const long ix = std::lround(fx);
    const long iy = std::lround(fy);
    if (ix < 0 || iy < 0 || ix >= static_cast<long>(grid_.tT.size()) ||
        iy >= static_cast<long>(grid_.inner.size())) {
        return nullptr;
    }
    return &grid_.at(static_cast<std::size_t>(ix), static_cast<std::size_t>(iy));
}

QString TileSpaceMapView::describeCellAt(double tT, double inner) const {
    const auto* c = cellAt(tT, inner);
    if (!c) {
        return {};
    }
    const int dim = state_.problem.dim;
    const QString where = tr("tT = %1, %2 = %3")
                              .arg(c->tiles.time)
                              .arg(innerName(dim))
                              .arg(c->tiles.space[static_cast<std::size_t>(grid_.innerIndex)]);
    if (!c->feasible) {
        return where +
               tr(": infeasible — %1").arg(QString::fromStdString(talg::describe(c->excludedBy)));
    }
    QString s = where + tr(": T_alg = %1, k = %2").arg(formatSeconds(c->tAlg)).arg(c->k);
    if (grid_.hasMinimum) {
        s += tr(" (+%1 % vs minimum)")
                 .arg((c->tAlg / (grid_.hasExact ? grid_.exact.tAlg : grid_.minimum) - 1) * 100, 0,
                      'f', 2);
    }
    return s;
}

void TileSpaceMapView::onMouseMove(QMouseEvent* e) {
    if (!plot_->axisRect()->rect().contains(e->position().toPoint())) {
        return; // over an axis title or the colour scale: their own (glossary) tooltips
    }
    const double x = plot_->xAxis->pixelToCoord(e->position().x());
    const double y = plot_->yAxis->pixelToCoord(e->position().y());
    const QString text = describeCellAt(x, y);
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(e->globalPosition().toPoint(), text, plot_);
    }
}

void TileSpaceMapView::onMousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) {
        return;
    }
    const auto* c = cellAt(plot_->xAxis->pixelToCoord(e->position().x()),
                           plot_->yAxis->pixelToCoord(e->position().y()));
    if (c && (e->modifiers() & Qt::ShiftModifier)) {
        emit compareTilesChosen(c->tiles);
    } else if (c) {
        emit tilesChosen(c->tiles, false);
    }
}

void TileSpaceMapView::sliceChosen(int index, int value, bool dragging) {
    if (!hasState_ || value < 1) {
        return;
    }
    talg::Tiles t = state_.tiles;
    const auto idx = static_cast<std::size_t>(index);
    if (t.space[idx] == value) {
        return;
    }
    t.space[idx] = value;
    emit tilesChosen(t, dragging);
}

std::optional<std::pair<double, double>> TileSpaceMapView::colourRange() const {
    if (!grid_.hasMinimum) {
        return std::nullopt;
    }
    const QCPRange r = map_->dataRange();
    return std::make_pair(r.lower, r.upper);
}

void TileSpaceMapView::setColourRange(std::optional<std::pair<double, double>> range) {
    if (range == sharedRange_) {
        return;
    }
    sharedRange_ = range;
    rebuild();
}

void TileSpaceMapView::renderTo(QPaintDevice& device, const QSize& size) {
    // Vector documents (PDF, SVG) get one rectangle per cell; raster images the colour map.
    const bool vector =
        device.devType() != QInternal::Image && device.devType() != QInternal::Pixmap;
    map_->setVisible(!vector);
    vectorCells_->setVisible(vector);
    {
        QCPPainter painter(&device);
        toPainterFitted(*plot_, painter, size.width(), size.height());
    }
    map_->setVisible(true);
    vectorCells_->setVisible(false);
}

QString TileSpaceMapView::csv() const {
    const int dim = state_.problem.dim;
    // The title and subtitle (several lines each) and the exact minimum as comments above the
    // header (issue 55: two subtitle lines without "#" were read as the header).
    QStringList preamble{title_->text(), subtitle_->text()};
    if (grid_.hasExact) {
        QStringList tiles;
        for (int i = 0; i < dim; ++i) {
            tiles << QStringLiteral("tS%1 = %2")
                         .arg(i + 1)
                         .arg(grid_.exact.tiles.space[static_cast<std::size_t>(i)]);
        }
        preamble << QStringLiteral(
                        "exact minimum of the slice: T_alg_s = %1 at %2, tT = %3, k = %4%5")
                        .arg(QString::number(grid_.exact.tAlg, 'g', 17), tiles.join(", "))
                        .arg(grid_.exact.tiles.time)
                        .arg(grid_.exact.k)
                        .arg(grid_.exactOnGrid ? QString() : QStringLiteral(" (between cells)"));
    }
    // The baseline at each cell's tiling, on its own GPU, stencil, problem and variant, where
    // its stencil has the map's dimension.
    std::optional<talg::PreparedTalg> baseline;
    if (state_.baseline && state_.baseline->problem.dim == dim) {
        const SessionState& b = *state_.baseline;
        try {
            baseline.emplace(b.modelStencil(), b.problem, b.modelGpu(), b.variant);
            preamble << QStringLiteral("baseline: %1").arg(baselineName(state_, {"talg"}));
        } catch (const InputError& e) {
            preamble
                << QStringLiteral("baseline: not evaluated: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    QString out;
    for (const QString& line : preamble.join('\n').split('\n')) {
        out += QStringLiteral("# ") + line + '\n';
    }
    for (int i = 0; i < dim; ++i) {
        out += QStringLiteral("tS%1,").arg(i + 1);
    }
    out += "tT,feasible,T_alg_s,k,constraint";
    out += baseline ? ",baseline_feasible,baseline_T_alg_s,baseline_k\n" : "\n";
    for (const auto& c : grid_.cells) {
        for (int i = 0; i < dim; ++i) {
            out += QString::number(c.tiles.space[static_cast<std::size_t>(i)]) + ",";
        }
        out += QStringLiteral("%1,%2,%3,%4,%5")
                   .arg(c.tiles.time)
                   .arg(c.feasible ? "true" : "false")
                   .arg(c.feasible ? QString::number(c.tAlg, 'g', 17) : QString())
                   .arg(c.feasible ? QString::number(c.k) : QString())
                   .arg(QString::fromLatin1(talg::name(c.excludedBy).data()));
        if (baseline) {
            std::optional<talg::TalgResult> r;
            try {
                r = baseline->evaluate(c.tiles);
            } catch (const InputError&) { // a tiling larger than the baseline's problem
            }
            const bool ok = r && r->feasible;
            out += QStringLiteral(",%1,%2,%3")
                       .arg(ok ? "true" : "false")
                       .arg(ok ? QString::number(r->tAlg, 'g', 17) : QString())
                       .arg(ok ? QString::number(r->breakdown.k) : QString());
        }
        out += '\n';
    }
    return out;
}

} // namespace cdx::widgets
