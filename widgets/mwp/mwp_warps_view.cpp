// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_warps_view.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "params/input_error.hpp"

#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

MwpWarpsView::MwpWarpsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("mwpWarpsPlot");
    plot_->setMinimumSize(500, 320);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    n_ = plot_->addGraph();
    noBw_ = plot_->addGraph();
    peakBw_ = plot_->addGraph();
    mwp_ = plot_->addGraph();
    cwp_ = plot_->addGraph();
    cycles_ = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    marker_ = plot_->addGraph();
    n_->setName(tr("N (warps per SM)"));
    noBw_->setName(tr("MWP_Without_BW (latency)"));
    peakBw_->setName(tr("MWP_peak_BW (bandwidth)"));
    mwp_->setName(tr("MWP = min(…)"));
    cwp_->setName(tr("CWP"));
    cycles_->setName(tr("Exec_cycles (right axis)"));
    marker_->setName(tr("session"));
    plot_->xAxis->setLabel(tr("N: warps per SM (resident blocks × warps per block)"));
    plot_->yAxis->setLabel(tr("warps"));
    plot_->yAxis2->setVisible(true);
    plot_->yAxis2->setLabel(tr("Exec_cycles"));
    // The legend below the axes, in rows of three (inside it would hide the curves; four did
    // not fit a laptop screen).
    placeLegendBelow(*plot_, 3);
    layout->addWidget(plot_);
    setPresentation(false);
}

void MwpWarpsView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    const double w = t.lineWidth;
    n_->setPen(QPen(QColor(120, 120, 120), w, Qt::DotLine));
    noBw_->setPen(
        QPen(regimeColor(mwp::Regime::MemoryBound, mwp::Limiter::Latency), w, Qt::DashLine));
    peakBw_->setPen(
        QPen(regimeColor(mwp::Regime::MemoryBound, mwp::Limiter::Bandwidth), w, Qt::DashLine));
    mwp_->setPen(QPen(Qt::black, w * 2));
    cwp_->setPen(QPen(t.palette[3], w * 1.5));
    cycles_->setPen(QPen(QColor(150, 150, 150), w));
    cycles_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.markerSize * 0.6));
    marker_->setLineStyle(QCPGraph::lsNone);
    marker_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                             QBrush(QColor(240, 228, 66)), t.markerSize * 1.8));
    for (QCPGraph* g : {mwp_, cwp_}) {
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, t.markerSize * 0.7));
    }
    redraw();
}

void MwpWarpsView::setSession(const SessionState& s) {
    points_.clear();
    error_.clear();
    context_ = mwpContext(s.mwp);
    try {
        const mwp::Device d = s.mwp.device();
        const mwp::Kernel k = s.mwp.model();
        current_ = k.activeBlocksPerSm;
        // Up to twice the session's blocks, at least 8, at most 64 (N up to 64 x warps/block).
        const int maxBlocks = std::min(64, std::max(8, 2 * k.activeBlocksPerSm));
        points_ = mwp::sweepWarps(d, k, s.mwp.variant, maxBlocks);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void MwpWarpsView::redraw() {
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    for (QCPGraph* g : {n_, noBw_, peakBw_, mwp_, cwp_, cycles_, marker_}) {
        g->data()->clear();
    }
    if (points_.empty()) {
        title_->setText(tr("No MWP-CWP sweep: %1").arg(error_));
        subtitle_->setText(context_);
        plot_->replot();
        return;
    }
    double top = 0, topCycles = 0;
    for (const auto& p : points_) {
        const auto& r = p.result;
        n_->addData(r.n, r.n);
        if (r.limiter != mwp::Limiter::None) {
            noBw_->addData(r.n, r.mwpWithoutBwFull);
            peakBw_->addData(r.n, r.mwpPeakBw);
        }
        mwp_->addData(r.n, r.mwp);
        cwp_->addData(r.n, r.cwp);
        cycles_->addData(r.n, r.execCycles);
        top = std::max({top, r.n, r.cwp});
        topCycles = std::max(topCycles, r.execCycles);
    }
    const auto& cur = points_[static_cast<std::size_t>(current_ - 1)].result;
    marker_->addData(cur.n, cur.mwp);
    // Case bands behind the curves.
    const double step = points_.size() > 1 ? points_[1].result.n - points_[0].result.n : 1;
    plot_->xAxis->setRange(points_.front().result.n - step / 2, points_.back().result.n + step / 2);
    layOutNow(*plot_); // the bands' widths in pixels, for their labels
    for (std::size_t i = 0; i < points_.size();) {
        std::size_t j = i;
        const auto& ri = points_[i].result;
        while (j + 1 < points_.size() && points_[j + 1].result.regime == ri.regime &&
               points_[j + 1].result.limiter == ri.limiter) {
            ++j;
        }
        auto* band = new QCPItemRect(plot_);
        band->setLayer("grid");
        band->topLeft->setCoords(ri.n - step / 2, top * 1.15);
        band->bottomRight->setCoords(points_[j].result.n + step / 2, 0);
        QColor c = regimeColor(ri.regime, ri.limiter);
        c.setAlpha(45);
        band->setBrush(c);
        band->setPen(Qt::NoPen);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords((ri.n + points_[j].result.n) / 2, top * 1.12);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        QFont f = plot_->font();
        f.setPointSize(plotTheme(presentation_).basePointSize - (presentation_ ? 2 : 1));
        label->setFont(f);
        label->setColor(regimeColor(ri.regime, ri.limiter).darker(150));
        label->setText(regimeText(ri.regime, ri.limiter).replace(" / ", "\n"));
        // A band narrower than its words (the first, at the left edge) breaks them into lines
        // rather than running past the axis.
        label->setText(wrapToWidth(
            label->text(), f,
            std::max(40,
                     static_cast<int>(plot_->xAxis->coordToPixel(points_[j].result.n + step / 2) -
                                      plot_->xAxis->coordToPixel(ri.n - step / 2)) -
                         4)));
        i = j + 1;
    }
    // A hardware limit far above N and CWP (MWP_Without_BW of coalesced accesses) would
    // flatten the plot: name it at the top edge instead.
    const double hw[2] = {cur.mwpWithoutBwFull, cur.mwpPeakBw};
    const char* names[2] = {"MWP_Without_BW", "MWP_peak_BW"};
    for (int i = 0; i < 2; ++i) {
        if (cur.limiter != mwp::Limiter::None && hw[i] > top * 1.15) {
            auto* note = new QCPItemText(plot_);
            note->position->setType(QCPItemPosition::ptAxisRectRatio);
            note->position->setCoords(0.99, 0.98 - 0.06 * i);
            note->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            note->setBrush(QColor(255, 255, 255, 220));
            note->setPadding(QMargins(4, 2, 4, 2));
            QFont f = plot_->font(); // the plot's size (the item's default stayed 9 pt)
            f.setPointSize(plotTheme(presentation_).basePointSize - 1);
            note->setFont(f);
            note->setText(tr("%1 = %2 (above the plot, never binding here)")
                              .arg(QString::fromLatin1(names[i]))
                              .arg(hw[i], 0, 'g', 5));
        }
    }
    plot_->xAxis->setRange(points_.front().result.n - step / 2, points_.back().result.n + step / 2);
    plot_->yAxis->setRange(0, top * 1.15);
    plot_->yAxis2->setRange(0, topCycles * 1.1);
    title_->setText(
        tr("MWP and CWP against warps per SM — session: N = %1, MWP = %2, CWP = %3 (%4)")
            .arg(cur.n)
            .arg(cur.mwp, 0, 'g', 4)
            .arg(cur.cwp, 0, 'g', 4)
            .arg(regimeText(cur.regime, cur.limiter)));
    subtitle_->setText(tr("thesis Figs. 21-24; %1 blocks of %2 warps, total work fixed; %3")
                           .arg(points_.size())
                           .arg(cur.warpsPerBlock)
                           .arg(context_));
    plot_->replot();
}

void MwpWarpsView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString MwpWarpsView::csv() const {
    QString out = QStringLiteral("# %1\nactive_blocks_per_sm,n,mwp_without_bw_full,mwp_peak_bw,"
                                 "mwp,cwp,case,mwp_limiter,exec_cycles\n")
                      .arg(context_);
    for (const auto& p : points_) {
        const auto& r = p.result;
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(p.activeBlocksPerSm)
                   .arg(r.n)
                   .arg(r.mwpWithoutBwFull, 0, 'g', 10)
                   .arg(r.mwpPeakBw, 0, 'g', 10)
                   .arg(r.mwp, 0, 'g', 10)
                   .arg(r.cwp, 0, 'g', 10)
                   .arg(QString::fromLatin1(mwp::name(r.regime).data()),
                        QString::fromLatin1(mwp::name(r.limiter).data()))
                   .arg(r.execCycles, 0, 'g', 12);
    }
    return out;
}

} // namespace cdx::widgets
