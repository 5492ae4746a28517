// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_time_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/number_format.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "energy/energy_explain.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

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

// Every tiling's energy and Talg time for a session's energy settings, GPU and variant: the
// optima, and for the session itself the cloud and the Pareto front (`full`) and its own tiling.
Job searchEnergy(const SessionState& s, bool full) {
    Job job;
    QElapsedTimer timer;
    timer.start();
    const EnergySettings& e = s.energy;
    try {
        // Every tiling's time comes from the Talg model (sw has none; jacobi1d has no published
        // C_iter for the shipped GPUs): the message says so.
        const Stencil st = energy::talgStencilFor(e.problem.stencil, s.gpu);
        const Gpu g = toGpu(s.gpu);
        const auto c = energy::coefficientsOf(e.coefficients);
        energy::EnergySearchOptions o;
        o.objective = e.objective;
        o.weight = e.weight;
        o.within = e.within;
        o.maxWithin = 1;
        o.maxCloud = full ? EnergyTimeView::kMaxDrawn : 0;
        o.pareto = full;
        job.result = energy::optimizeEnergy(e.problem, c, e.variant, st, g, s.variant, o);
        if (full) { // the session's tiling, with its Talg time, when the models take it
            job.session = energy::evaluateTiling(e.problem, c, e.variant, st, g, s.variant);
        }
    } catch (const InputError& err) {
        job.error = QString::fromUtf8(err.what());
    }
    job.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return job;
}

} // namespace

EnergyTimeView::EnergyTimeView(QWidget* parent) : QWidget(parent) {
    // The content scrolls rather than squash the plot (presentation mode on a laptop screen
    // left it ~220 px high under the summary's large text).
    auto* layout = scrollingLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("energyTimePlot");
    plot_->setMinimumSize(420, 280);
    plot_->installEventFilter(this);
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
    baseTimeOpt_ = plot_->addGraph();
    baseTimeOpt_->setName(tr("baseline's time-optimal"));
    baseEnergyOpt_ = plot_->addGraph();
    baseEnergyOpt_->setName(tr("baseline's energy-optimal"));
    baseEdpOpt_ = plot_->addGraph();
    baseEdpOpt_->setName(tr("baseline's EDP-optimal"));
    for (QCPGraph* g : {timeOpt_, energyOpt_, edpOpt_, best_, session_, baseTimeOpt_,
                        baseEnergyOpt_, baseEdpOpt_}) {
        g->setLineStyle(QCPGraph::lsNone);
    }
    plot_->xAxis->setLabel(tr("T_alg from the Talg model [s]"));
    plot_->yAxis->setLabel(tr("E_alg [J]"));
    placeLegendRight(*plot_);
    layout->addWidget(plot_, 1);
    job_ = new BackgroundJob(this);
    baselineJob_ = new BackgroundJob(this);
    connect(baselineJob_, &BackgroundJob::failed, this, [this](const QString& why) {
        baselineResult_.reset();
        baselineError_ = why;
        redraw();
    });
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
    // The 5,373 tilings blitted from one pre-drawn disc: antialiased translucent ellipses drawn
    // one by one made the frame of the job's arrival the slowest of the drags (issue 44).
    cloud_->setScatterStyle(
        discScatter(QColor(130, 130, 130, 150),
                    std::max(4, static_cast<int>(std::lround(t.markerSize * 0.6)))));
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
    // The baseline's optima: the same shapes and colours, hollow and dashed, a little larger.
    baseTimeOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle,
                                                  QPen(t.palette[1], 2, Qt::DashLine), Qt::NoBrush,
                                                  t.markerSize * 3));
    baseEnergyOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond,
                                                    QPen(t.palette[2], 2, Qt::DashLine),
                                                    Qt::NoBrush, t.markerSize * 3));
    baseEdpOpt_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare,
                                                 QPen(t.palette[3], 2, Qt::DashLine), Qt::NoBrush,
                                                 t.markerSize * 2.6));
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    zoom_->setFont(f); // the audience reads the controls too
    useBest_->setFont(f);
    plot_->setMinimumHeight(on ? 540 : 280);
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
    // A later session supersedes this search: the job drops its result.
    job_->start(tr("Energy of every tiling…"), [this, s](JobControl&) -> BackgroundJob::Deliver {
        Job job = searchEnergy(s, true);
        return [this, job = std::move(job)] {
            result_ = job.result;
            sessionPoint_ = job.session;
            error_ = job.error;
            milliseconds_ = job.milliseconds;
            redraw();
        };
    });
    // The baseline's optima, once per baseline: its own problem, coefficients, GPU and variant.
    baselineLabel_ = baselineName(s, {"energy"});
    if (s.baseline != baselineOf_) {
        baselineOf_ = s.baseline;
        baselineResult_.reset();
        baselineError_.clear();
        if (!baselineOf_) {
            baselineJob_->cancel();
        } else {
            baselineJob_->start(tr("Baseline's energy optima…"),
                                [this, b = baselineOf_](JobControl&) -> BackgroundJob::Deliver {
                                    Job job = searchEnergy(*b, false);
                                    return [this, job = std::move(job)] {
                                        baselineResult_ = job.result;
                                        baselineError_ = job.error;
                                        redraw();
                                    };
                                });
        }
    }
}

void EnergyTimeView::finishPendingWork() {
    job_->waitForFinished();
    baselineJob_->waitForFinished();
}

void EnergyTimeView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (result_) {
        redraw(); // the optima's labels are placed in pixels
    }
}

bool EnergyTimeView::eventFilter(QObject* watched, QEvent* e) {
    // The plot alone changes size in the scroll area (a taller minimum in presentation mode):
    // the labels were placed for the old height and ran below the axis.
    if (watched == plot_ && e->type() == QEvent::Resize && result_ && !redrawQueued_) {
        redrawQueued_ = true;
        QTimer::singleShot(0, this, [this] {
            redrawQueued_ = false;
            redraw();
        });
    }
    return QWidget::eventFilter(watched, e);
}

void EnergyTimeView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    for (QCPGraph* g : {cloud_, pareto_, timeOpt_, energyOpt_, edpOpt_, best_, session_,
                        baseTimeOpt_, baseEnergyOpt_, baseEdpOpt_}) {
        g->data()->clear();
    }
    useBest_->setEnabled(result_ && result_->found);
    const bool baseDrawn = baselineOf_ && baselineResult_ && baselineResult_->found;
    subtitle_->setText(
        context_ +
        (baselineOf_ ? tr("\nhollow, dashed: %1's optima%2")
                           .arg(baselineLabel_,
                                baseDrawn                   ? QString()
                                : !baselineError_.isEmpty() ? tr(" (none: %1)").arg(baselineError_)
                                : baselineResult_           ? tr(" (none: no feasible tiling)")
                                                            : tr(" (searching…)"))
                     : QString()));
    for (QCPGraph* g : {baseTimeOpt_, baseEnergyOpt_, baseEdpOpt_}) {
        if (baseDrawn) {
            g->addToLegend();
        } else {
            g->removeFromLegend();
        }
    }
    if (baseDrawn) {
        baseTimeOpt_->addData(baselineResult_->timeOptimal.tAlg, baselineResult_->timeOptimal.eAlg);
        baseEnergyOpt_->addData(baselineResult_->energyOptimal.tAlg,
                                baselineResult_->energyOptimal.eAlg);
        baseEdpOpt_->addData(baselineResult_->edpOptimal.tAlg, baselineResult_->edpOptimal.eAlg);
    }
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
    // The baseline's optima are always in range (the point of the comparison).
    const auto baselineRange = [&] {
        if (baseDrawn) {
            for (const energy::EnergyPoint* q :
                 {&baselineResult_->timeOptimal, &baselineResult_->energyOptimal,
                  &baselineResult_->edpOptimal}) {
                tMin = std::min(tMin, q->tAlg);
                tMax = std::max(tMax, q->tAlg);
                eMin = std::min(eMin, q->eAlg);
                eMax = std::max(eMax, q->eAlg);
            }
        }
    };
    baselineRange();
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
        baselineRange();
    }
    const double dt = std::max(tMax - tMin, tMin * 0.05), de = std::max(eMax - eMin, eMin * 0.05);
    plot_->xAxis->setRange(tMin - 0.05 * dt, tMax + 0.08 * dt);
    // Room under the front for the labels of the points on it (below-left of the front no
    // tiling lies; the labels sat on its steps).
    plot_->yAxis->setRange(eMin - 0.16 * de, eMax + 0.14 * de);
    const auto delta = [](double v, double best) { return 100 * (v / best - 1); };
    // The title first: its height decides the axis rect's, where the labels below go.
    title_->setText(tr("Energy against time of %1 feasible tilings: the energy optimum costs "
                       "%2 % more time, the time optimum %3 % more energy")
                        .arg(r.feasiblePoints)
                        .arg(fixed(delta(r.energyOptimal.tAlg, r.timeOptimal.tAlg), 2))
                        .arg(fixed(delta(r.timeOptimal.eAlg, r.energyOptimal.eAlg), 2)));
    // Name the optima on the plot. Optima at the same tiling share one label ("energy- and
    // EDP-optimal"); the others are moved apart vertically until no two overlap, and kept
    // inside the axes (labels overlapped, and "time-optimal" ran off the top in F11).
    QFont lf = plot_->font();
    lf.setPointSize(t.basePointSize);
    struct Mark {
        const energy::EnergyPoint* q;
        QStringList names;
        double py = 0;     // the marker's pixel row
        double dy = 0;     // the label's offset from it
        bool right = true; // the label right of the marker
    };
    std::vector<Mark> marks;
    const std::pair<const energy::EnergyPoint*, QString> optima[] = {
        {&r.timeOptimal, tr("time")}, {&r.energyOptimal, tr("energy")}, {&r.edpOptimal, tr("EDP")}};
    for (const auto& [q, name] : optima) {
        auto same = std::find_if(marks.begin(), marks.end(), [q = q](const Mark& m) {
            return m.q->tiles.space == q->tiles.space && m.q->tiles.time == q->tiles.time;
        });
        if (same != marks.end()) {
            same->names << name;
        } else {
            marks.push_back({q, {name}});
        }
    }
    const QFontMetrics fm(lf);
    const double h = fm.height() + 4;
    layOutNow(*plot_);
    const QRect axes = plot_->axisRect()->rect();
    for (auto& m : marks) {
        m.py = plot_->yAxis->coordToPixel(m.q->eAlg);
        m.right = m.q->tAlg < plot_->xAxis->range().center();
    }
    std::sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.py < b.py; });
    // Each label's centre inside the axes, then apart: top to bottom pushing down what
    // overlaps, bottom to top pushing up what the bottom edge sent back (moving every label
    // by the same amount sent a label at the top edge, alone, out and back over the others).
    const double lo = axes.top() + h / 2, hi = std::max(lo, axes.bottom() - h / 2);
    std::vector<double> centre;
    // Wanted: a label left of its point just below it, one right of it just above it. The
    // Pareto front runs on from a point at its height to the left and drops to the right, and
    // below-left of the front there is no tiling: labels at the point's height sat on the line.
    for (const auto& m : marks) {
        centre.push_back(std::clamp(m.py + (m.right ? -(h / 2 + 2) : h / 2 + 2), lo, hi));
    }
    for (std::size_t i = 1; i < centre.size(); ++i) {
        centre[i] = std::max(centre[i], centre[i - 1] + h);
    }
    for (std::size_t i = centre.size(); i-- > 0;) {
        centre[i] = std::min(centre[i], i + 1 < centre.size() ? centre[i + 1] - h : hi);
    }
    for (std::size_t i = 0; i < marks.size(); ++i) {
        marks[i].dy = centre[i] - marks[i].py;
    }
    for (const auto& m : marks) {
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(m.q->tAlg, m.q->eAlg);
        label->setPositionAlignment((m.right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        // Padding on one side moves the text by half of it, away from the marker.
        const int shift = static_cast<int>(std::lround(2 * std::abs(m.dy)));
        label->setPadding(QMargins(m.right ? 14 : 0, m.dy > 0 ? shift : 0, m.right ? 0 : 14,
                                   m.dy < 0 ? shift : 0));
        label->setFont(lf);
        label->setClipToAxisRect(false);
        // "energy-optimal", "energy- and EDP-optimal", "time-, energy- and EDP-optimal"
        QString names = m.names.back();
        if (m.names.size() > 1) {
            names = m.names.mid(0, m.names.size() - 1).join(tr("-, ")) + tr("- and ") + names;
        }
        label->setText(tr("%1-optimal %2").arg(names, tilingText(*m.q, twoD_)));
    }
    const auto line = [&](const QString& label, const energy::EnergyPoint& q) {
        return tr("%1 %2: %3, %4 s (Δ %5 % energy, %6 % time, %7 % EDP)")
            .arg(label, tilingText(q, twoD_), joules(q.eAlg), significant(q.tAlg, 5))
            .arg(fixed(delta(q.eAlg, r.energyOptimal.eAlg), 2))
            .arg(fixed(delta(q.tAlg, r.timeOptimal.tAlg), 2))
            .arg(fixed(delta(q.edp, r.edpOptimal.edp), 2));
    };
    QStringList lines{line(tr("Time-optimal"), r.timeOptimal),
                      line(tr("Energy-optimal"), r.energyOptimal),
                      line(tr("EDP-optimal"), r.edpOptimal)};
    if (weighted) {
        lines << line(tr("Weighted optimum"), r.best);
    }
    if (baseDrawn) {
        const energy::EnergySearchResult& b = *baselineResult_;
        const auto change = [&](const QString& what, double before, double after,
                                const QString& unit) {
            return tr("%1 %2 → %3%4 (%5 %)")
                .arg(what, significant(before, 5), significant(after, 5), unit)
                .arg((after >= before ? "+" : "") + fixed(delta(after, before), 2));
        };
        lines << tr("Against %1's optima: %2; %3; %4.")
                     .arg(baselineLabel_,
                          change(tr("time-optimal T_alg"), b.timeOptimal.tAlg, r.timeOptimal.tAlg,
                                 tr(" s")),
                          change(tr("energy-optimal E_alg"), b.energyOptimal.eAlg,
                                 r.energyOptimal.eAlg, tr(" J")),
                          change(tr("EDP-optimal EDP"), b.edpOptimal.edp, r.edpOptimal.edp,
                                 tr(" J·s")));
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
    if (baselineOf_) {
        out += QStringLiteral("# %1\n").arg(baselineLabel_);
    }
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
    if (baselineOf_ && baselineResult_ && baselineResult_->found) {
        out += row("baseline_time_optimal", baselineResult_->timeOptimal);
        out += row("baseline_energy_optimal", baselineResult_->energyOptimal);
        out += row("baseline_edp_optimal", baselineResult_->edpOptimal);
    }
    for (const auto& q : result_->pareto) {
        out += row("pareto", q);
    }
    for (const auto& q : result_->cloud) {
        out += row("tiling", q);
    }
    return out;
}

} // namespace cdx::widgets
