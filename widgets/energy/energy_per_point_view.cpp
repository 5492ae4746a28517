// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_per_point_view.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "energy/energy_gpu.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_search.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

EnergyPerPointView::EnergyPerPointView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("energyPerPointPlot");
    plot_->setMinimumSize(420, 280);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plot_->yAxis->setLabel(tr("e_pt: dynamic energy per point [nJ]"));
    // The legend below the axes (inside it covered the steepest curve).
    placeLegendBelow(*plot_, 4);
    layout->addWidget(plot_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("energyPerPointSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    setPresentation(false);
}

void EnergyPerPointView::setPresentation(bool on) {
    presentation_ = on;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    summary_->setFont(f);
    redraw();
}

void EnergyPerPointView::setSession(const SessionState& s) {
    curves_.clear();
    sessionEpt_.reset();
    error_.clear();
    in_ = s.energy.problem;
    context_ = tr("%1 %2; coefficients %3; %4")
                   .arg(energyStencilName(in_.stencil), energyProblemText(in_),
                        energyCoefficientsText(s.energy.coefficients),
                        energyVariantText(s.energy.variant, in_.stencil));
    sharedWords_.reset();
    gpuName_ = QString::fromStdString(profileLabel(s.gpu)); // edits named (issue 44)
    try {
        const auto c = energy::coefficientsOf(s.energy.coefficients);
        energy::EnergyInput bounded = in_;
        if (in_.stencil == energy::StencilKind::Jacobi2D) {
            // The tiles the chip the coefficients were measured on can hold (A.20/A.32); the
            // session's GPU where no description of that chip is known.
            // The session's GPU when it is that chip: its edits count.
            if (s.gpu.name == s.energy.coefficients.gpu) {
                bounded.sharedWordsPerBlock = energy::sharedWordsPerBlock(toGpu(s.gpu));
            } else if (const auto on = energy::measuredOn(s.energy.coefficients)) {
                bounded.sharedWordsPerBlock = energy::sharedWordsPerBlock(toGpu(*on));
                gpuName_ = QString::fromStdString(profileLabel(*on));
            } else {
                bounded.sharedWordsPerBlock = energy::sharedWordsPerBlock(toGpu(s.gpu));
            }
            sharedWords_ = bounded.sharedWordsPerBlock;
        }
        curves_ = energy::perPointCurves(bounded, c, s.energy.variant);
        energy::EnergyInput q = in_;
        q.tAlgS = 1;
        sessionEpt_ = energy::evaluateEnergy(q, c, s.energy.variant).ePt;
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void EnergyPerPointView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    const bool twoD = in_.stencil == energy::StencilKind::Jacobi2D;
    plot_->xAxis->setLabel(twoD ? tr("tS1: hexagon base [points]")
                                : tr("tS: tile width [points] (tS/sS = %1 sub-tiles held)")
                                      .arg(in_.sS > 0 ? in_.tS1 / in_.sS : 1));
    subtitle_->setText(context_);
    if (curves_.empty()) {
        title_->setText(tr("No per-point energy: %1").arg(error_));
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    double lo = 1e300, hi = 0, xmax = 1;
    for (std::size_t i = 0; i < curves_.size(); ++i) {
        const auto& c = curves_[i];
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("tT = %1").arg(c.tT));
        const QColor color = t.palette[i % t.palette.size()];
        g->setPen(QPen(color, c.tT == in_.tT ? t.lineWidth * 2 : t.lineWidth));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, t.markerSize * 0.6));
        for (const auto& [w, e] : c.points) {
            g->addData(static_cast<double>(w), e * 1e9);
            lo = std::min(lo, e * 1e9);
            hi = std::max(hi, e * 1e9);
            xmax = std::max(xmax, static_cast<double>(w));
        }
    }
    if (sessionEpt_) {
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("session (%1, tT %2)").arg(in_.tS1).arg(in_.tT));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                           QBrush(QColor(240, 228, 66)), t.markerSize * 2));
        g->addData(static_cast<double>(in_.tS1), *sessionEpt_ * 1e9);
    }
    plot_->xAxis->setRange(0.8, xmax * 1.3);
    const double span = std::max(hi - lo, hi * 0.02);
    plot_->yAxis->setRange(std::max(0.0, lo - 0.05 * span), hi + 0.1 * span);
    // The least e_pt drawn (the largest feasible tiles), and the session's.
    std::int64_t bestW = 0, bestT = 0;
    double bestE = 1e300;
    for (const auto& c : curves_) {
        for (const auto& [w, e] : c.points) {
            if (e < bestE) {
                bestE = e;
                bestW = w;
                bestT = c.tT;
            }
        }
    }
    title_->setText(tr("Per-point energy falls with the tile size (surface to volume): %1 nJ at "
                       "the session's tiling, %2 nJ at %3 = %4, tT = %5 (the largest drawn)")
                        .arg(sessionEpt_ ? QString::number(*sessionEpt_ * 1e9, 'g', 4) : "—")
                        .arg(bestE * 1e9, 0, 'g', 4)
                        .arg(twoD ? "tS1" : "tS")
                        .arg(bestW)
                        .arg(bestT));
    summary_->setText(
        tr("e_pt = (e_gs M_io + e_sr SR) / V_tile + E_iter: the transfer terms shrink as tiles "
           "grow, E_iter stays. %1 Larger tiles cost parallelism and time, which E_alg's "
           "static term sees (Energy vs time).")
            .arg(sharedWords_
                     ? tr("The curves end where M_tile = 2(tS1+tT+1)(tS2+tT+1) exceeds %1's "
                          "shared memory per block (%2 words; tS2 = %3).")
                           .arg(gpuName_)
                           .arg(*sharedWords_)
                           .arg(in_.tS2)
                     : tr("The thesis gives no shared-memory footprint for these tiles, so no "
                          "size bound is drawn: the curves run to the domain.")));
    plot_->replot();
}

QString EnergyPerPointView::summaryText() const {
    return summary_->text();
}

void EnergyPerPointView::renderTo(QPaintDevice& device, const QSize& size) {
    renderPlotAndText(device, *plot_, summary_->text(), size, 52, presentation_);
}

QString EnergyPerPointView::csv() const {
    QString out = QStringLiteral("# %1\ntt,tile_width,e_pt_j\n").arg(context_);
    for (const auto& c : curves_) {
        for (const auto& [w, e] : c.points) {
            out += QStringLiteral("%1,%2,%3\n").arg(c.tT).arg(w).arg(e, 0, 'g', 17);
        }
    }
    return out;
}

} // namespace cdx::widgets
