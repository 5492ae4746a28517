// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/roofline_view.hpp"

#include "common/background_job.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/roofline_plot.hpp"
#include "common/view_layout.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "talg/search_job.hpp"
#include "talg/talg_plot_text.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
QString problemText(const talg::Problem& p) {
    QStringList s;
    for (int i = 0; i < p.dim; ++i) {
        s << QString::number(p.space[static_cast<std::size_t>(i)]);
    }
    return QObject::tr("S = %1, T = %2").arg(s.join(" × ")).arg(p.time);
}
QString tilesText(const talg::Tiles& t, int dim) {
    QStringList s;
    for (int i = 0; i < std::max(1, dim); ++i) {
        s << QString::number(t.space[static_cast<std::size_t>(i)]);
    }
    return QObject::tr("tS = %1, tT = %2").arg(s.join(" × ")).arg(t.time);
}
} // namespace

StencilRooflineView::StencilRooflineView(QWidget* parent) : QWidget(parent) {
    // The content scrolls rather than squash the plot under its texts (presentation mode on a
    // laptop screen).
    auto* layout = scrollingLayout(this);
    intro_ = new QLabel(
        tr("What am I looking at: the GPU can compute no faster than its compute roof and move "
           "no more bytes than its bandwidth allows, so a tiling with a given arithmetic "
           "intensity (points computed per byte it moves) can reach at most the solid line. "
           "Each dot is a tiling at the rate the Talg model predicts for it: how far below the "
           "roof, and why, is what tile sizes change."),
        this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("stencilRooflinePlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    placeLegendBelow(*plot_, 2);
    layout->addWidget(plot_, 1);
    sources_ = new QLabel(this);
    sources_->setObjectName("stencilRooflineSources");
    sources_->setWordWrap(true);
    layout->addWidget(sources_);
    summary_ = new QLabel(this);
    summary_->setObjectName("stencilRooflineSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    job_ = new BackgroundJob(this);
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        cloudStatus_ = tr("No cloud: %1").arg(why);
        redraw();
    });
    setPresentation(false);
}

StencilRooflineView::~StencilRooflineView() = default;

bool StencilRooflineView::busy() const {
    return job_->isRunning();
}

void StencilRooflineView::finishPendingWork() {
    job_->waitForFinished();
}

void StencilRooflineView::setPresentation(bool on) {
    presentation_ = on;
    intro_->setVisible(!on);                // the speaker explains; the picture gets the room
    keepAxesHeight(*plot_, on ? 360 : 220); // the page scrolls instead of squashing the axes
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    for (QLabel* l : {intro_, sources_, summary_}) {
        l->setFont(f);
    }
    redraw();
}

void StencilRooflineView::setSession(const SessionState& s) {
    ceilings_.reset();
    current_.reset();
    baseline_.reset();
    baselineCeilings_.reset();
    if (s.baseline) {
        try {
            const SessionState& b = *s.baseline;
            baselineCeilings_ = search::rooflineCeilings(b.modelStencil(), b.modelGpu(), b.variant);
            baseline_ = search::rooflinePoint(b.modelStencil(), b.problem, b.tiles, b.modelGpu(),
                                              b.variant);
            baselineDim_ = b.problem.dim;
        } catch (const InputError&) {
            // infeasible or invalid: the Compare view and the Breakdown say why
        }
    }
    cloud_.clear();
    error_.clear();
    within_ = s.within;
    dim_ = s.problem.dim;
    context_ = tr("%1 on %2, %3; %4")
                   .arg(QString::fromStdString(profileLabel(s.stencil)),
                        QString::fromStdString(profileLabel(s.gpu)), problemText(s.problem),
                        variantLine(s.variant, s.problem.dim));
    if (s.baseline) {
        context_ += tr("\nhollow: %1").arg(baselineName(s, {"talg"}));
    }
    try {
        const Stencil st = s.modelStencil();
        const Gpu g = s.modelGpu();
        ceilings_ = search::rooflineCeilings(st, g, s.variant);
        const Quantity* cIter = cIterOf(s.gpu, s.stencil); // the GPU's (issue 43)
        QString text =
            tr("Compute roof n_SM × n_V / C_iter = %1 × %2 / %3 s = %4 Gpoints/s (n_SM: %5; "
               "n_V: %6; C_iter: %7). Bandwidth roof 1/L = %8 GB/s (L = %9 s/GB: %10).")
                .arg(g.nSm)
                .arg(g.nV)
                .arg(st.cIterSeconds, 0, 'g', 4)
                .arg(ceilings_->peakPointsPerS / 1e9, 0, 'g', 4)
                .arg(quantitySource(s.gpu.params, "n_sm"), quantitySource(s.gpu.params, "n_v"),
                     cIter ? QString::fromStdString(cIter->source) : tr("no source"))
                .arg(ceilings_->bandwidthBytesPerS / 1e9, 0, 'g', 4)
                .arg(g.lSecondsPerGb, 0, 'g', 4)
                .arg(quantitySource(s.gpu.params, "l_s_per_gb"));
        if (st.flopsPerPoint) {
            text += tr(" FLOPs per point %1 (%2).")
                        .arg(*st.flopsPerPoint)
                        .arg(quantitySource(s.stencil.params, "flops_per_point"));
        } else {
            text += tr(" No FLOPs per point for this stencil in the sources, so the axes are in "
                       "points, not FLOPs.");
        }
        sources_->setText(text);
        current_ = search::rooflinePoint(st, s.problem, s.tiles, g, s.variant);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    cloudStatus_ = tr("searching the tilings within %1 % of the optimum…").arg(s.within * 100);
    redraw();
    if (!ceilings_) {
        // The reason once, under the plot (issue 45: it was printed here too, and this line,
        // unwrapped beside the plot, squeezed the plot to an 80 px column).
        sources_->clear();
        job_->cancel();
        return;
    }
    const auto c = *ceilings_;
    job_->start(tr("Roofline cloud…"), [this, s, c](JobControl& control) -> BackgroundJob::Deliver {
        const Stencil st = s.modelStencil();
        const Gpu g = s.modelGpu();
        const auto res =
            runSearchJob(control, st, s.problem, g, s.variant, search::withinOptions(s.within));
        std::vector<search::RooflinePoint> pts;
        const std::size_t n = std::min(res.within.size(), kMaxCloud);
        pts.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto r = talg::evaluate(st, s.problem, res.within[i].tiles, g, s.variant);
            pts.push_back(search::rooflinePoint(c, s.problem, res.within[i].tiles, r));
        }
        const std::uint64_t total = res.withinCount;
        return [this, pts = std::move(pts), total] {
            cloud_ = pts;
            cloudStatus_ =
                total > cloud_.size()
                    ? tr("the best %1 of the %2 tilings within %3 % of the optimum")
                          .arg(cloud_.size())
                          .arg(total)
                          .arg(within_ * 100)
                    : tr("the %1 tilings within %2 % of the optimum").arg(total).arg(within_ * 100);
            redraw();
        };
    });
}

void StencilRooflineView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearItems();
    subtitle_->setText(context_);
    if (!ceilings_) {
        title_->setText(tr("No roofline"));
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    const auto& c = *ceilings_;
    const bool flops = c.flopsPerPoint.has_value();
    const double f = flops ? *c.flopsPerPoint : 1.0; // points -> FLOPs on both axes
    double lo = c.ridgePointsPerByte, hi = c.ridgePointsPerByte;
    for (const auto* p : {current_ ? &*current_ : nullptr, baseline_ ? &*baseline_ : nullptr}) {
        if (p) {
            lo = std::min(lo, p->intensity);
            hi = std::max(hi, p->intensity);
        }
    }
    for (const auto& p : cloud_) {
        lo = std::min(lo, p.intensity);
        hi = std::max(hi, p.intensity);
    }
    lo /= 4;
    hi *= 4;
    RooflineRoofs roofs;
    roofs.peak = c.peakPointsPerS * f;
    roofs.bandwidth = c.bandwidthBytesPerS;
    roofs.bandwidthName = tr("1/L = %1 GB/s").arg(c.bandwidthBytesPerS / 1e9, 0, 'g', 4);
    roofs.peakName = flops ? tr("%1 GFLOP/s").arg(roofs.peak / 1e9, 0, 'g', 4)
                           : tr("%1 Gpoints/s").arg(roofs.peak / 1e9, 0, 'g', 4);
    roofs.otherBandwidth = c.impliedBytesPerS;
    roofs.otherName = tr("n_SM / L = %1 GB/s, the model's implied bandwidth (I10)")
                          .arg(c.impliedBytesPerS / 1e9, 0, 'g', 4);
    drawRoofs(*plot_, roofs, lo * f, hi * f, 1e9,
              flops ? tr("arithmetic intensity [FLOP/B]") : tr("arithmetic intensity [points/B]"),
              flops ? tr("performance [GFLOP/s]") : tr("performance [Gpoints/s]"), t.lineWidth);
    double yLo = roofs.peak / 1e9, yHi = roofs.peak / 1e9;
    // The baseline's roofs where its GPU or stencil moves them: its point is measured against
    // them (drawn against the session's alone, it sat "above the roof").
    if (baselineCeilings_ && (baselineCeilings_->peakPointsPerS != c.peakPointsPerS ||
                              baselineCeilings_->bandwidthBytesPerS != c.bandwidthBytesPerS)) {
        const auto& b = *baselineCeilings_;
        const double bf = b.flopsPerPoint ? *b.flopsPerPoint : 1.0;
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("baseline's roof (%1 Gpoints/s, %2 GB/s)")
                       .arg(b.peakPointsPerS / 1e9, 0, 'g', 4)
                       .arg(b.bandwidthBytesPerS / 1e9, 0, 'g', 4));
        g->setPen(QPen(QColor(90, 90, 90), t.lineWidth, Qt::DashLine));
        QVector<double> xs, ys;
        const auto add = [&](double x) {
            xs << x * f;
            ys << std::min(b.peakPointsPerS, x * b.bandwidthBytesPerS) * bf / 1e9;
        };
        add(lo);
        if (b.ridgePointsPerByte > lo && b.ridgePointsPerByte < hi) {
            add(b.ridgePointsPerByte);
        }
        add(hi);
        g->setData(xs, ys, true);
        yHi = std::max(yHi, b.peakPointsPerS * bf / 1e9);
    }
    if (!cloud_.empty()) {
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("tilings within %1 % of the optimum").arg(within_ * 100));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, t.palette[0].lighter(130),
                                           t.markerSize * 0.8));
        QVector<double> xs, ys;
        for (const auto& p : cloud_) {
            xs << p.intensity * f;
            ys << p.pointsPerS * f / 1e9;
            yLo = std::min(yLo, ys.back());
            yHi = std::max(yHi, ys.back());
        }
        g->setData(xs, ys);
    }
    if (current_) {
        const auto& p = *current_;
        QCPGraph* bound = plot_->addGraph();
        bound->setName(tr("roof at the current tiling's intensity"));
        bound->setPen(QPen(t.palette[3], t.lineWidth, Qt::DotLine));
        bound->setData({p.intensity * f, p.intensity * f},
                       {p.pointsPerS * f / 1e9, p.boundPointsPerS * f / 1e9});
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("current tiling %1").arg(tilesText(p.tiles, dim_)));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                           QBrush(QColor(240, 228, 66)), t.markerSize * 2));
        g->addData(p.intensity * f, p.pointsPerS * f / 1e9);
        yLo = std::min(yLo, p.pointsPerS * f / 1e9);
        yHi = std::max(yHi, p.pointsPerS * f / 1e9);
    }
    if (baseline_) { // hollow and dashed: the same marker as the session's tiling
        const auto& p = *baseline_;
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("baseline tiling %1").arg(tilesText(p.tiles, baselineDim_)));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                           QPen(Qt::black, 2, Qt::DashLine), Qt::NoBrush,
                                           t.markerSize * 2));
        g->addData(p.intensity * f, p.pointsPerS * f / 1e9);
        yLo = std::min(yLo, p.pointsPerS * f / 1e9);
        yHi = std::max(yHi, p.pointsPerS * f / 1e9);
    }
    plot_->xAxis->setRange(lo * f, hi * f);
    plot_->yAxis->setRange(std::min(yLo, lo * c.bandwidthBytesPerS * f / 1e9) / 2, yHi * 2.5);
    title_->setText(current_ ? tr("Roofline: the current tiling at %1 % of the roof; %2")
                                   .arg(100 * current_->fractionOfBound, 0, 'g', 3)
                                   .arg(cloudStatus_)
                             : tr("Roofline; %1").arg(cloudStatus_));
    QString text = current_ ? QString::fromStdString(search::rooflineExplanation(c, *current_))
                            : tr("The current tiling: %1").arg(error_);
    summary_->setText(text);
    plot_->replot();
}

void StencilRooflineView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString StencilRooflineView::csv() const {
    QString out = QStringLiteral("# %1\nwhich,tS1,tS2,tS3,tT,intensity_points_per_byte,"
                                 "gpoints_per_s,roof_gpoints_per_s,fraction_of_roof,t_alg_s\n")
                      .arg(context_);
    const auto row = [&out](const QString& which, const search::RooflinePoint& p) {
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10\n")
                   .arg(which)
                   .arg(p.tiles.space[0])
                   .arg(p.tiles.space[1])
                   .arg(p.tiles.space[2])
                   .arg(p.tiles.time)
                   .arg(p.intensity, 0, 'g', 12)
                   .arg(p.pointsPerS / 1e9, 0, 'g', 12)
                   .arg(p.boundPointsPerS / 1e9, 0, 'g', 12)
                   .arg(p.fractionOfBound, 0, 'g', 12)
                   .arg(p.tAlg, 0, 'g', 12);
    };
    if (current_) {
        row("current", *current_);
    }
    for (const auto& p : cloud_) {
        row("top", p);
    }
    return out;
}

} // namespace cdx::widgets
