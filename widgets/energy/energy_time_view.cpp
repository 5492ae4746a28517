// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_time_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/plot_theme.hpp"
#include "energy/energy_explain.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

QString num(double v, int digits = 5) {
    return QString::number(v, 'g', digits);
}

QString tilingText(const energy::EnergyPoint& q, bool twoD) {
    return twoD ? QStringLiteral("%1×%2×%3")
                      .arg(q.tiles.space[0])
                      .arg(q.tiles.space[1])
                      .arg(q.tiles.time)
                : QStringLiteral("%1×%2").arg(q.tiles.space[0]).arg(q.tiles.time);
}

struct Job {
    std::optional<energy::EnergySearchResult> result;
    std::optional<energy::EnergyPoint> session;
    QString error;
    double milliseconds = 0;
};

} // namespace

EnergyTimeView::EnergyTimeView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("energyTimePlot");
    plot_->setMinimumSize(420, 280);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    cloud_ = plot_->addGraph();
    cloud_->setName(tr("feasible tilings"));
    cloud_->setLineStyle(QCPGraph::lsNone);
    pareto_ = plot_->addGraph();
    pareto_->setName(tr("Pareto front"));
    pareto_->setLineStyle(QCPGraph::lsStepLeft);
    timeOpt_ = plot_->addGraph();
    timeOpt_->setName(tr("time-optimal"));
    energyOpt_ = plot_->addGraph();
    energyOpt_->setName(tr("energy-optimal"));
    edpOpt_ = plot_->addGraph();
    edpOpt_->setName(tr("EDP-optimal"));
    best_ = plot_->addGraph();
    best_->setName(tr("weighted optimum"));
    session_ = plot_->addGraph();
    session_->setName(tr("session's tiling (Talg time)"));
    for (QCPGraph* g : {timeOpt_, energyOpt_, edpOpt_, best_, session_}) {
        g->setLineStyle(QCPGraph::lsNone);
    }
    plot_->xAxis->setLabel(tr("T_alg from the Talg model [s]"));
    plot_->yAxis->setLabel(tr("E_alg [J]"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    layout->addWidget(plot_, 1);
    job_ = new BackgroundJob(this);
    auto* row = new QHBoxLayout;
    summary_ = new QLabel(this);
    summary_->setObjectName("energyTimeSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(summary_, 1);
    zoom_ = new QCheckBox(tr("Zoom to the optima"), this);
    zoom_->setObjectName("energyZoom");
    zoom_->setChecked(true);
    zoom_->setToolTip(tr("Show the Pareto front and the optima (the other tilings beyond are cut "
                         "off); off: every tiling"));
    row->addWidget(zoom_, 0, Qt::AlignTop);
    connect(zoom_, &QCheckBox::toggled, this, [this] { redraw(); });
    useBest_ = new QPushButton(tr("Use the best tiling"), this);
    useBest_->setObjectName("energyUseBest");
    useBest_->setToolTip(tr("Set the session's tiles to the best tiling under the objective"));
    useBest_->setEnabled(false);
    row->addWidget(useBest_, 0, Qt::AlignTop);
    layout->addLayout(row);
    layout->addWidget(new JobProgress(job_, this));
    connect(useBest_, &QPushButton::clicked, this, [this] {
        if (result_ && result_->found) {
            const auto& t = result_->best.tiles;
            emit tilesChosen(t.space[0], twoD_ ? t.space[1] : 0, t.time, result_->best.sS);
        }
    });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        result_.reset();
        error_ = why;
        redraw();
    });
    setPresentation(false);
}

void EnergyTimeView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    cloud_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(150, 150, 150, 120), t.markerSize * 0.5));
    pareto_->setPen(QPen(Qt::black, t.lineWidth));
    pareto_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.markerSize * 0.7));
    timeOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(t.palette[1], 2.5),
                                              QBrush(t.palette[1]), t.markerSize * 2.2));
    energyOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(t.palette[2], 2.5),
                                                QBrush(t.palette[2]), t.markerSize * 2.2));
    edpOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(t.palette[3], 2.5),
                                             QBrush(t.palette[3]), t.markerSize * 1.8));
    best_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(t.palette[4], 2.5),
                                           QBrush(t.palette[4]), t.markerSize * 2.6));
    session_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                              QBrush(QColor(240, 228, 66)), t.markerSize * 2));
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    redraw();
}

void EnergyTimeView::setSession(const SessionState& s) {
    const EnergySettings e = s.energy;
    objective_ = e.objective;
    within_ = e.within;
    twoD_ = e.problem.stencil == energy::StencilKind::Jacobi2D;
    context_ = tr("%1 %2; coefficients %3; %4; times: Talg model on %5")
                   .arg(energyStencilName(e.problem.stencil), energyProblemText(e.problem),
                        energyCoefficientsText(e.coefficients),
                        energyVariantText(e.variant, e.problem.stencil),
                        QString::fromStdString(profileLabel(s.gpu))); // "(edited: …)" included
    const GpuProfile gpu = s.gpu;
    const talg::TalgVariant tv = s.variant;
    // A later session supersedes this search: the job drops its result.
    job_->start(tr("Energy of every tiling…"),
                [this, e, gpu, tv](JobControl&) -> BackgroundJob::Deliver {
                    Job job;
                    QElapsedTimer timer;
                    timer.start();
                    try {
                        // Every tiling's time comes from the Talg model (sw has none; jacobi1d has
                        // no published C_iter for the shipped GPUs): the message says so.
                        const Stencil st = energy::talgStencilFor(e.problem.stencil, gpu);
                        const Gpu g = toGpu(gpu);
                        const auto c = energy::coefficientsOf(e.coefficients);
                        energy::EnergySearchOptions o;
                        o.objective = e.objective;
                        o.weight = e.weight;
                        o.within = e.within;
                        o.maxWithin = 1;
                        o.maxCloud = kMaxDrawn;
                        o.pareto = true;
                        job.result = energy::optimizeEnergy(e.problem, c, e.variant, st, g, tv, o);
                        // The session's tiling, with its Talg time, when the models take it.
                        job.session = energy::evaluateTiling(e.problem, c, e.variant, st, g, tv);
                    } catch (const InputError& err) {
                        job.error = QString::fromUtf8(err.what());
                    }
                    job.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                    return [this, job = std::move(job)] {
                        result_ = job.result;
                        sessionPoint_ = job.session;
                        error_ = job.error;
                        milliseconds_ = job.milliseconds;
                        redraw();
                    };
                });
}

void EnergyTimeView::finishPendingWork() {
    job_->waitForFinished();
}

void EnergyTimeView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    for (QCPGraph* g : {cloud_, pareto_, timeOpt_, energyOpt_, edpOpt_, best_, session_}) {
        g->data()->clear();
    }
    useBest_->setEnabled(result_ && result_->found);
    subtitle_->setText(context_);
    const bool drawn = result_ && result_->found;
    plot_->legend->setVisible(drawn);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setVisible(drawn);
    }
    plot_->xAxis2->setVisible(false);
    if (!drawn) {
        title_->setText(error_.isEmpty() ? (result_ ? tr("No feasible tiling")
                                                    : tr("Energy against time: computing…"))
                                         : tr("No energy-time plane"));
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    const energy::EnergySearchResult& r = *result_;
    QVector<double> x, y;
    for (const auto& q : r.cloud) {
        x.push_back(q.tAlg);
        y.push_back(q.eAlg);
    }
    cloud_->setData(x, y, false);
    x.clear();
    y.clear();
    for (const auto& q : r.pareto) {
        x.push_back(q.tAlg);
        y.push_back(q.eAlg);
    }
    pareto_->setData(x, y, true);
    timeOpt_->addData(r.timeOptimal.tAlg, r.timeOptimal.eAlg);
    energyOpt_->addData(r.energyOptimal.tAlg, r.energyOptimal.eAlg);
    edpOpt_->addData(r.edpOptimal.tAlg, r.edpOptimal.eAlg);
    const bool weighted = objective_ == energy::Objective::Weighted;
    best_->setVisible(weighted);
    best_->addToLegend();
    if (!weighted) {
        best_->removeFromLegend();
    } else {
        best_->addData(r.best.tAlg, r.best.eAlg);
    }
    session_->setVisible(sessionPoint_.has_value());
    if (sessionPoint_) {
        session_->addToLegend();
        session_->addData(sessionPoint_->tAlg, sessionPoint_->eAlg);
    } else {
        session_->removeFromLegend();
    }
    // Axes over the drawn points, with a margin.
    double tMin = r.timeOptimal.tAlg, tMax = tMin, eMin = r.energyOptimal.eAlg, eMax = eMin;
    for (const auto& q : r.cloud) {
        tMax = std::max(tMax, q.tAlg);
        eMax = std::max(eMax, q.eAlg);
    }
    if (sessionPoint_) {
        tMax = std::max(tMax, sessionPoint_->tAlg);
        eMax = std::max(eMax, sessionPoint_->eAlg);
    }
    if (zoom_->isChecked()) {
        // The region of the optima: the Pareto front and the three optima (and the session's
        // tiling when it is near), with a margin.
        tMax = std::max({r.energyOptimal.tAlg, r.edpOptimal.tAlg, r.best.tAlg});
        eMax = std::max({r.timeOptimal.eAlg, r.edpOptimal.eAlg, r.best.eAlg});
        for (const auto& q : r.pareto) {
            tMax = std::max(tMax, q.tAlg);
            eMax = std::max(eMax, q.eAlg);
        }
        if (sessionPoint_ && sessionPoint_->tAlg < 1.5 * tMax && sessionPoint_->eAlg < 1.5 * eMax) {
            tMax = std::max(tMax, sessionPoint_->tAlg);
            eMax = std::max(eMax, sessionPoint_->eAlg);
        }
    }
    const double dt = std::max(tMax - tMin, tMin * 0.05), de = std::max(eMax - eMin, eMin * 0.05);
    plot_->xAxis->setRange(tMin - 0.05 * dt, tMax + 0.08 * dt);
    plot_->yAxis->setRange(eMin - 0.05 * de, eMax + 0.08 * de);
    // Name the optima on the plot (they can lie close together): a label each, stacked.
    QFont lf = plot_->font();
    lf.setPointSize(t.basePointSize);
    const auto mark = [&](const energy::EnergyPoint& q, const QString& text, int row) {
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(q.tAlg, q.eAlg);
        // Right of the marker in the left half of the plot, left of it in the right half (a
        // label must not run off the axes).
        const QCPRange xr = plot_->xAxis->range();
        const bool right = q.tAlg < xr.center();
        label->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        // Rows 0, 1, 2: 16 px above, level with, 16 px below the marker (padding moves the
        // text inside its box), so that optima close together keep readable labels.
        label->setPadding(
            QMargins(right ? 14 : 0, row == 2 ? 32 : 0, right ? 0 : 14, row == 0 ? 32 : 0));
        label->setFont(lf);
        label->setText(text);
    };
    mark(r.timeOptimal, tr("time-optimal %1").arg(tilingText(r.timeOptimal, twoD_)), 0);
    mark(r.energyOptimal, tr("energy-optimal %1").arg(tilingText(r.energyOptimal, twoD_)), 1);
    mark(r.edpOptimal, tr("EDP-optimal %1").arg(tilingText(r.edpOptimal, twoD_)), 2);
    const auto delta = [](double v, double best) { return 100 * (v / best - 1); };
    title_->setText(tr("Energy against time of %1 feasible tilings: the energy optimum costs "
                       "%2 % more time, the time optimum %3 % more energy")
                        .arg(r.feasiblePoints)
                        .arg(delta(r.energyOptimal.tAlg, r.timeOptimal.tAlg), 0, 'f', 2)
                        .arg(delta(r.timeOptimal.eAlg, r.energyOptimal.eAlg), 0, 'f', 2));
    const auto line = [&](const QString& label, const energy::EnergyPoint& q) {
        return tr("%1 %2: %3, %4 s (Δ %5 % energy, %6 % time, %7 % EDP)")
            .arg(label, tilingText(q, twoD_), joules(q.eAlg), num(q.tAlg))
            .arg(delta(q.eAlg, r.energyOptimal.eAlg), 0, 'f', 2)
            .arg(delta(q.tAlg, r.timeOptimal.tAlg), 0, 'f', 2)
            .arg(delta(q.edp, r.edpOptimal.edp), 0, 'f', 2);
    };
    QStringList lines{line(tr("Time-optimal"), r.timeOptimal),
                      line(tr("Energy-optimal"), r.energyOptimal),
                      line(tr("EDP-optimal"), r.edpOptimal)};
    if (weighted) {
        lines << line(tr("Weighted optimum"), r.best);
    }
    QString tail = tr("%1 tilings within %2 % of the best %3; %4 on the Pareto front")
                       .arg(r.withinCount)
                       .arg(within_ * 100, 0, 'g', 4)
                       .arg(QString::fromLatin1(energy::name(objective_).data()))
                       .arg(r.pareto.size());
    if (r.cloud.size() < r.feasiblePoints) {
        tail += tr("; a uniform sample of %1 tilings drawn").arg(r.cloud.size());
    }
    tail += tr("; %1 ms").arg(milliseconds_, 0, 'f', 1);
    if (!sessionPoint_) {
        tail += tr("; the session's tiling is infeasible in the Talg model (not drawn)");
    } else if (!plot_->xAxis->range().contains(sessionPoint_->tAlg) ||
               !plot_->yAxis->range().contains(sessionPoint_->eAlg)) {
        tail += tr("; the session's tiling (%1 s, %2) lies beyond the zoomed range")
                    .arg(sessionPoint_->tAlg, 0, 'g', 4)
                    .arg(joules(sessionPoint_->eAlg));
    }
    lines << tail + ".";
    for (const auto& w : r.warnings) {
        if (w.find("are listed") == std::string::npos) { // this view lists none
            lines << tr("⚠ %1.").arg(QString::fromStdString(w));
        }
    }
    summary_->setText(lines.join("\n"));
    (void)t;
    plot_->replot();
}

void EnergyTimeView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    renderPlotAndText(device, *plot_, summary_->text(), size, 96, presentation_);
}

QString EnergyTimeView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(context_);
    if (!result_ || !result_->found) {
        return out + QStringLiteral("# %1\n").arg(error_);
    }
    const auto row = [&](const QString& kind, const energy::EnergyPoint& q) {
        return QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
            .arg(kind)
            .arg(q.tiles.space[0])
            .arg(twoD_ ? q.tiles.space[1] : 0)
            .arg(q.tiles.time)
            .arg(q.tAlg, 0, 'g', 17)
            .arg(q.eAlg, 0, 'g', 17)
            .arg(q.edp, 0, 'g', 17);
    };
    out += "kind,ts1,ts2,tt,t_alg_s,e_alg_j,edp_js\n";
    out += row("time_optimal", result_->timeOptimal);
    out += row("energy_optimal", result_->energyOptimal);
    out += row("edp_optimal", result_->edpOptimal);
    out += row("best", result_->best);
    for (const auto& q : result_->pareto) {
        out += row("pareto", q);
    }
    for (const auto& q : result_->cloud) {
        out += row("tiling", q);
    }
    return out;
}

} // namespace cdx::widgets
