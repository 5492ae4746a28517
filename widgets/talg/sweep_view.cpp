// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/sweep_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profile_label.hpp"
#include "talg/talg_plot_text.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

SweepView::SweepView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Sweep"), this));
    parameter_ = new QComboBox(this);
    parameter_->setObjectName("sweepParameter");
    parameter_->setToolTip(tr("The tile size or parameter along the x axis; everything else stays "
                              "at the current session's values"));
    top->addWidget(parameter_, 1);
    layout->addLayout(top);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("sweepPlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader header = addPlotHeader(*plot_);
    title_ = header.title;
    subtitle_ = header.subtitle;
    plot_->yAxis2->setVisible(true);
    rounds_ = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    rounds_->setName(tr("rounds = ⌈⌈w/k⌉/n_SM⌉ (right axis)"));
    rounds_->setLineStyle(QCPGraph::lsStepCenter);
    tAlg_ = plot_->addGraph();
    tAlg_->setName(tr("T_alg (blank: infeasible)"));
    baselineTAlg_ = plot_->addGraph();
    baselineTAlg_->setName(tr("baseline's T_alg"));
    measured_ = plot_->addGraph();
    measured_->setName(tr("measured runs (run database)"));
    measured_->setLineStyle(QCPGraph::lsNone);
    marker_ = new QCPItemStraightLine(plot_);
    marker_->setPen(QPen(Qt::black, 1, Qt::DashLine));
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QColor(255, 255, 255, 220));
    placeLegendBelow(*plot_, 3); // under the axes: inside, it covered the curve
    plot_->yAxis->setLabel(tr("T_alg [s]"));
    plot_->yAxis2->setLabel(tr("rounds per wavefront"));
    layout->addWidget(plot_, 1);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    setSecondaryText(note_);
    layout->addWidget(note_);
    connect(parameter_, &QComboBox::activated, this, [this] { rebuild(); });
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const QString text = describePointAt(plot_->xAxis->pixelToCoord(e->position().x()));
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(e->globalPosition().toPoint(), text, plot_);
        }
    });
    connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const int i = nearestPoint(plot_->xAxis->pixelToCoord(e->position().x()));
        if (i < 0 || e->button() != Qt::LeftButton) {
            return;
        }
        const double x = sweep_.points[static_cast<std::size_t>(i)].x;
        const QString key = parameter_->currentData().toString();
        if (isTileParameter()) {
            talg::Tiles t = state_.tiles;
            if (key == "tT") {
                t.time = static_cast<std::int64_t>(x);
            } else {
                t.space[static_cast<std::size_t>(key.mid(2).toInt() - 1)] =
                    static_cast<std::int64_t>(x);
            }
            if (e->modifiers() & Qt::ShiftModifier) {
                emit compareTilesChosen(t); // compare with that tiling instead of taking it
            } else {
                emit tilesChosen(t, false);
            }
        } else {
            emit parameterChosen(key, x);
        }
    });
    setPresentation(false);
}

void SweepView::setMeasuredRuns(runs::RunList runs) {
    runs_ = std::move(runs);
    rebuild();
}

void SweepView::setPresentation(bool on) {
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    tAlg_->setPen(QPen(t.palette[0], t.lineWidth));
    tAlg_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, t.palette[0], t.markerSize * 0.8));
    baselineTAlg_->setPen(QPen(t.palette[0], t.lineWidth, Qt::DashLine)); // same colour, dashed
    rounds_->setPen(QPen(t.palette[1], t.lineWidth * 0.8, Qt::DotLine));
    measured_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.2),
                                               QBrush(t.palette[3]), t.markerSize * 1.6));
    marker_->setPen(QPen(Qt::black, t.lineWidth * 0.7, Qt::DashLine));
    plot_->replot();
}

bool SweepView::isTileParameter() const {
    const QString key = parameter_->currentData().toString();
    return key.startsWith("tS") || key == "tT";
}

double SweepView::currentValue() const {
    const QString key = parameter_->currentData().toString();
    if (key == "tT") {
        return static_cast<double>(state_.tiles.time);
    }
    if (key.startsWith("tS")) {
        return static_cast<double>(
            state_.tiles.space[static_cast<std::size_t>(key.mid(2).toInt() - 1)]);
    }
    try {
        return search::modelParameter(state_.modelGpu(), state_.modelStencil(), key.toStdString());
    } catch (const InputError&) {
        return 0;
    }
}

QString SweepView::parameter() const {
    return parameter_->currentData().toString();
}

void SweepView::setParameter(const QString& key) {
    const int i = parameter_->findData(key);
    if (i >= 0) {
        parameter_->setCurrentIndex(i);
        rebuild();
    }
}

void SweepView::setSession(const SessionState& s) {
    const bool dimChanged = !hasState_ || s.problem.dim != state_.problem.dim;
    state_ = s;
    hasState_ = true;
    if (dimChanged) {
        const QString keep = parameter_->currentData().toString();
        const QSignalBlocker block(parameter_);
        parameter_->clear();
        for (const auto& name : search::sweepableTileSizes(s.problem.dim)) {
            parameter_->addItem(tr("tile size %1").arg(QString::fromStdString(name)),
                                QString::fromStdString(name));
        }
        for (const auto& key : search::sweepableParameters()) {
            const ParameterKey* k = findParameterKey(key);
            parameter_->addItem(
                QStringLiteral("%1 [%2] — %3")
                    .arg(QString::fromStdString(key),
                         QString::fromLatin1(k->unit.data(), static_cast<int>(k->unit.size())),
                         QString::fromLatin1(k->description.data(),
                                             static_cast<int>(k->description.size()))),
                QString::fromStdString(key));
        }
        const QString want = !pending_.isEmpty() ? pending_ : keep;
        const int i = parameter_->findData(want.isEmpty() ? QString("tS1") : want);
        parameter_->setCurrentIndex(i >= 0 ? i : 0);
    } else if (!pending_.isEmpty() && parameter_->findData(pending_) >= 0) {
        const QSignalBlocker block(parameter_);
        parameter_->setCurrentIndex(parameter_->findData(pending_));
    }
    pending_.clear();
    rebuild();
}

void SweepView::saveViewState(ViewState& out, const std::string& prefix) const {
    const QString key = !pending_.isEmpty() ? pending_ : parameter_->currentData().toString();
    if (!key.isEmpty()) {
        out[prefix + ".parameter"] = key.toStdString();
    }
}

void SweepView::restoreViewState(const ViewState& in, const std::string& prefix) {
    const auto it = in.find(prefix + ".parameter");
    if (it == in.end()) {
        return;
    }
    const QString key = QString::fromStdString(it->second);
    if (parameter_->findData(key) >= 0) {
        setParameter(key);
    } else {
        pending_ = key; // the list is filled when the view first gets its session
    }
}

void SweepView::rebuild() {
    if (!hasState_) {
        return;
    }
    const QString key = parameter_->currentData().toString();
    const int dim = state_.problem.dim;
    error_.clear();
    sweep_ = {};
    bool logX = false;
    try {
        const Stencil st = state_.modelStencil();
        const Gpu g = state_.modelGpu();
        if (isTileParameter()) {
            const bool isTime = key == "tT";
            const std::int64_t extent =
                isTime ? state_.problem.time
                       : state_.problem.space[static_cast<std::size_t>(key.mid(2).toInt() - 1)];
            sweep_ = search::sweepTileSize(st, state_.problem, g, state_.variant, state_.tiles,
                                           key.toStdString(), extent);
            // Show the feasible part and a margin, not thousands of infeasible points.
            std::size_t lastFeasible = 0;
            for (std::size_t i = 0; i < sweep_.points.size(); ++i) {
                if (sweep_.points[i].feasible) {
                    lastFeasible = i;
                }
            }
            const std::size_t keep =
                std::min(sweep_.points.size(),
                         lastFeasible + 1 + std::max<std::size_t>(3, lastFeasible / 4));
            sweep_.points.resize(keep);
        } else {
            const double now = currentValue();
            // The grid rules (n_V in steps of 32, shared memory in 12 KB steps, ...) are core's.
            const std::vector<double> xs = search::parameterSweepValues(key.toStdString(), now);
            logX = search::parameterSweepIsLogarithmic(key.toStdString());
            sweep_ = search::sweepParameter(st, state_.problem, g, state_.variant, state_.tiles,
                                            key.toStdString(), xs);
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    QVector<double> x, y, r;
    for (const auto& p : sweep_.points) {
        x << p.x;
        y << (p.feasible ? p.tAlg : std::nan(""));
        r << (p.feasible ? static_cast<double>(p.rounds) : std::nan(""));
    }
    tAlg_->setData(x, y, true);
    rounds_->setData(x, r, true);
    // The baseline swept over the same values of the same parameter (its own other sizes,
    // GPU and stencil), when it has that parameter.
    QVector<double> bx, by;
    if (state_.baseline && state_.baseline->problem.dim == dim && error_.isEmpty()) {
        const SessionState& b = *state_.baseline;
        try {
            search::Sweep bs;
            if (isTileParameter()) {
                const std::int64_t extent =
                    key == "tT" ? b.problem.time
                                : b.problem.space[static_cast<std::size_t>(key.mid(2).toInt() - 1)];
                bs = search::sweepTileSize(b.modelStencil(), b.problem, b.modelGpu(), b.variant,
                                           b.tiles, key.toStdString(), extent);
            } else {
                std::vector<double> xs;
                for (const auto& p : sweep_.points) {
                    xs.push_back(p.x);
                }
                bs = search::sweepParameter(b.modelStencil(), b.problem, b.modelGpu(), b.variant,
                                            b.tiles, key.toStdString(), xs);
            }
            const double last = x.isEmpty() ? 0 : x.back();
            for (const auto& p : bs.points) {
                if (p.x <= last) {
                    bx << p.x;
                    by << (p.feasible ? p.tAlg : std::nan(""));
                }
            }
        } catch (const InputError&) {
            // the Compare view says why the baseline has no T_alg
        }
    }
    baselineTAlg_->setData(bx, by, true);
    if (bx.isEmpty()) {
        baselineTAlg_->removeFromLegend();
    } else {
        baselineTAlg_->addToLegend();
    }
    // Measured runs of this experiment whose other tile sizes equal the session's.
    QVector<double> mx, my;
    if (isTileParameter()) {
        for (const auto& run :
             runs::runsOnSlice(runs::runsOf(runs_), state_.gpu.id, state_.stencil.id,
                               state_.problem, state_.tiles, {key.toStdString()})) {
            mx << static_cast<double>(
                key == "tT" ? run.tt : run.tile[static_cast<std::size_t>(key.mid(2).toInt() - 1)]);
            my << run.timeSeconds;
        }
    }
    measured_->setData(mx, my, false);
    measuredShown_ = static_cast<std::size_t>(mx.size());
    measured_->setVisible(!mx.isEmpty());
    if (mx.isEmpty()) {
        measured_->removeFromLegend();
    } else {
        measured_->addToLegend();
    }
    const QString unit = QString::fromStdString(sweep_.unit);
    plot_->xAxis->setLabel(QStringLiteral("%1 [%2]").arg(key, unit.isEmpty() ? tr("—") : unit));
    if (logX) {
        plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else if (isTileParameter() && x.size() > 1) {
        // Ticks on valid tile sizes only (steps of 1, 2 for tT, 32 for the innermost size).
        plot_->xAxis->setScaleType(QCPAxis::stLinear);
        auto ticker = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
        const double spacing = x[1] - x[0];
        ticker->setTickStep(spacing *
                            std::max(1.0, std::ceil(static_cast<double>(x.size()) / 12.0)));
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
        plot_->xAxis->setTicker(ticker);
    } else {
        plot_->xAxis->setScaleType(QCPAxis::stLinear);
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    title_->setText(tr("T_alg against %1\n%2 on %3")
                        .arg(key, QString::fromStdString(profileLabel(state_.stencil)),
                             QString::fromStdString(profileLabel(state_.gpu))));
    subtitle_->setText(variantLine(state_.variant, dim) + tr("\nvertical line: current value") +
                       (state_.baseline
                            ? tr("; dashed curve: %1").arg(baselineName(state_, {"talg"}))
                            : QString()));
    const double now = currentValue();
    marker_->point1->setCoords(now, 0);
    marker_->point2->setCoords(now, 1);
    plot_->rescaleAxes();
    if (!x.isEmpty()) {
        bool any = false;
        QCPRange yr = tAlg_->getValueRange(any);
        bool anyBase = false;
        const QCPRange br = baselineTAlg_->getValueRange(anyBase);
        if (anyBase) {
            yr.expand(br);
        }
        bool anyMeasured = false;
        const QCPRange mr = measured_->getValueRange(anyMeasured);
        if (anyMeasured && measured_->visible()) {
            yr.expand(mr);
        }
        plot_->yAxis->setRange(yr);
        plot_->yAxis->scaleRange(1.1, plot_->yAxis->range().center());
        bool anyR = false;
        const QCPRange rr = rounds_->getValueRange(anyR);
        plot_->yAxis2->setRange(0, anyR ? rr.upper * 1.15 + 1 : 1);
        // Keep the infeasible tail visible: the x range is the whole sweep, not its data.
        if (x.size() > 1) {
            plot_->xAxis->setRange(x.front(), x.back());
        } else {
            plot_->xAxis->setRange(x.front() * 0.5, x.front() * 1.5 + 1);
        }
    }
    int feasible = 0;
    for (const auto& p : sweep_.points) {
        feasible += p.feasible ? 1 : 0;
    }
    QString note = isTileParameter()
                       ? tr("Click a point to make it current, Shift+click to compare with it; "
                            "hover for k, rounds, w and N_sub.")
                       : tr("Click a point to make it current; hover for k, rounds, w and N_sub.");
    if (feasible < 2 && error_.isEmpty()) {
        note = tr("Only %1 feasible value along %2 with the other sizes fixed (shared memory per "
                  "block); "
                  "try another tile size.")
                   .arg(feasible)
                   .arg(key);
    }
    note_->setText(error_.isEmpty() ? note : error_);
    plot_->replot();
}

int SweepView::nearestPoint(double x) const {
    int best = -1;
    double bestDist = 0;
    const bool logX = plot_->xAxis->scaleType() == QCPAxis::stLogarithmic;
    for (std::size_t i = 0; i < sweep_.points.size(); ++i) {
        const double px = sweep_.points[i].x;
        const double d =
            logX ? std::abs(std::log(px) - std::log(std::max(x, 1e-300))) : std::abs(px - x);
        if (best < 0 || d < bestDist) {
            best = static_cast<int>(i);
            bestDist = d;
        }
    }
    return best;
}

QString SweepView::describePointAt(double x) const {
    const int i = nearestPoint(x);
    if (i < 0) {
        return {};
    }
    const auto& p = sweep_.points[static_cast<std::size_t>(i)];
    const QString where =
        QStringLiteral("%1 = %2").arg(QString::fromStdString(sweep_.parameter)).arg(p.x, 0, 'g', 6);
    if (!p.feasible) {
        return where +
               tr(": infeasible — %1").arg(QString::fromStdString(talg::describe(p.excludedBy)));
    }
    return where + tr(": T_alg = %1; k = %2, rounds = %3, w = %4 tiles, N_sub = %5")
                       .arg(formatSeconds(p.tAlg))
                       .arg(p.k)
                       .arg(p.rounds)
                       .arg(p.w)
                       .arg(p.nSub);
}

void SweepView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString SweepView::csv() const {
    QString out = QStringLiteral("# %1; %2\n").arg(title_->text(), subtitle_->text());
    // With a baseline: its T_alg at the same value and the difference (session - baseline).
    const bool compared = baselineTAlg_->dataCount() > 0;
    out += QString::fromStdString(sweep_.parameter) +
           ",feasible,T_alg_s,k,rounds,w,N_sub,constraint" +
           (compared ? ",baseline_T_alg_s,delta_s\n" : "\n");
    for (const auto& p : sweep_.points) {
        out +=
            QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8")
                .arg(QString::number(p.x, 'g', 17), p.feasible ? "true" : "false",
                     p.feasible ? QString::number(p.tAlg, 'g', 17) : QString(),
                     p.feasible ? QString::number(p.k) : QString(),
                     p.feasible ? QString::number(p.rounds) : QString(), QString::number(p.w),
                     QString::number(p.nSub), QString::fromLatin1(talg::name(p.excludedBy).data()));
        if (compared) {
            const auto it = baselineTAlg_->data()->findBegin(p.x, false);
            const bool has =
                it != baselineTAlg_->data()->constEnd() && it->key == p.x && !std::isnan(it->value);
            out += QStringLiteral(",%1,%2").arg(
                has ? QString::number(it->value, 'g', 17) : QString(),
                has && p.feasible ? QString::number(p.tAlg - it->value, 'g', 17) : QString());
        }
        out += '\n';
    }
    return out;
}

} // namespace cdx::widgets
