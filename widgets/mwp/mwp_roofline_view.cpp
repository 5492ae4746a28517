// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_roofline_view.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/roofline_plot.hpp"
#include "common/view_layout.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "params/input_error.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

namespace cdx::widgets {

MwpRooflineView::MwpRooflineView(QWidget* parent) : QWidget(parent) {
    // The content scrolls rather than squash the plot under its texts (presentation mode on a
    // laptop screen).
    auto* layout = scrollingLayout(this);
    intro_ = new QLabel(
        tr("What am I looking at: a kernel with a given arithmetic intensity (operations per "
           "byte it loads) can run no faster than the solid line: the GPU's bandwidth roof left "
           "of the ridge, its compute roof right of it. The yellow dot is the kernel at the rate "
           "the MWP-CWP model predicts; the column of dots is the same kernel with fewer or "
           "more resident blocks per SM (up to 16, as occupancy allows), because more warps move a "
           "kernel up, never sideways."),
        this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("mwpRooflinePlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    placeLegendBelow(*plot_, 2);
    layout->addWidget(plot_, 1);
    sources_ = new QLabel(this);
    sources_->setObjectName("mwpRooflineSources");
    sources_->setWordWrap(true);
    layout->addWidget(sources_);
    summary_ = new QLabel(this);
    summary_->setObjectName("mwpRooflineSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    setPresentation(false);
}

void MwpRooflineView::setPresentation(bool on) {
    presentation_ = on;
    intro_->setVisible(!on); // the speaker explains; the picture gets the room
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

void MwpRooflineView::setSession(const SessionState& s) {
    roofline_.reset();
    error_.clear();
    context_ = mwpContext(s.mwp);
    try {
        const mwp::Device d = s.mwp.device();
        roofline_ = mwp::mwpRoofline(d, s.mwp.model(), s.mwp.variant);
        const auto& r = *roofline_;
        const auto& gp = s.mwp.gpu.params;
        QString text = tr("Bandwidth roof Mem_Bandwidth = %1 GB/s (%2). ")
                           .arg(d.bandwidthGbs)
                           .arg(quantitySource(gp, "mem_bandwidth_gbs"));
        if (r.unit == mwp::RooflineUnit::Flop) {
            text += tr("Compute roof: the Chapter V PeakAchi (eqs. 65-67) for this kernel's FP "
                       "mix at %1 active SMs = %2 GFLOP/s (#SM %3: %4; FP units per SM %5: %6; "
                       "Freq %7 GHz: %8).")
                        .arg(r.activeSms)
                        .arg(r.peakOpsPerS / 1e9, 0, 'g', 4)
                        .arg(d.nSm)
                        .arg(quantitySource(gp, "n_sm"))
                        .arg(d.fpUnitsPerSm)
                        .arg(quantitySource(gp, "fp_units_per_sm"))
                        .arg(d.freqGhz)
                        .arg(quantitySource(gp, "freq_ghz"));
        } else {
            text += tr("Compute roof: the issue rate #SM × Freq × 32 / #Issue_cycles = %1 G "
                       "thread instructions/s (#SM %2: %3; Freq %4 GHz: %5; #Issue_cycles %6).")
                        .arg(r.peakOpsPerS / 1e9, 0, 'g', 4)
                        .arg(d.nSm)
                        .arg(quantitySource(gp, "n_sm"))
                        .arg(d.freqGhz)
                        .arg(quantitySource(gp, "freq_ghz"))
                        .arg(d.issueCycles);
        }
        sources_->setText(text);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        sources_->setText(error_);
    }
    redraw();
}

void MwpRooflineView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearItems();
    subtitle_->setText(context_);
    if (!roofline_) {
        title_->setText(tr("No roofline"));
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    const auto& r = *roofline_;
    const bool flop = r.unit == mwp::RooflineUnit::Flop;
    const double lo = std::min(r.intensity, r.ridge) / 8, hi = std::max(r.intensity, r.ridge) * 8;
    RooflineRoofs roofs;
    roofs.peak = r.peakOpsPerS;
    roofs.bandwidth = r.bandwidthBytesPerS;
    roofs.bandwidthName = tr("%1 GB/s").arg(r.bandwidthBytesPerS / 1e9, 0, 'g', 4);
    roofs.peakName = flop ? tr("%1 GFLOP/s").arg(r.peakOpsPerS / 1e9, 0, 'g', 4)
                          : tr("%1 G instructions/s").arg(r.peakOpsPerS / 1e9, 0, 'g', 4);
    drawRoofs(*plot_, roofs, lo, hi, 1e9,
              flop ? tr("arithmetic intensity [FLOP/B]")
                   : tr("arithmetic intensity [thread instructions/B]"),
              flop ? tr("performance [GFLOP/s]") : tr("performance [G thread instructions/s]"),
              t.lineWidth);
    double yLo = r.peakOpsPerS / 1e9, yHi = yLo;
    QCPGraph* sweep = plot_->addGraph();
    sweep->setName(tr("1-%1 resident blocks per SM (Chapter II)")
                       .arg(r.sweep.empty() ? 1 : r.sweep.back().activeBlocksPerSm));
    sweep->setLineStyle(QCPGraph::lsNone);
    sweep->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, t.palette[0].lighter(130), t.markerSize));
    for (const auto& p : r.sweep) {
        if (p.opsPerSecond > 0) {
            sweep->addData(r.intensity, p.opsPerSecond / 1e9);
            yLo = std::min(yLo, p.opsPerSecond / 1e9);
        }
    }
    if (r.chapter5OpsPerS && *r.chapter5OpsPerS > 0) {
        QCPGraph* c5 = plot_->addGraph();
        c5->setName(
            tr("Chapter V Perf (eq. 64) = %1 GFLOP/s").arg(*r.chapter5OpsPerS / 1e9, 0, 'g', 4));
        c5->setLineStyle(QCPGraph::lsNone);
        c5->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(t.palette[2], 2),
                                            QBrush(t.palette[2].lighter(150)), t.markerSize * 1.6));
        c5->addData(r.intensity, *r.chapter5OpsPerS / 1e9);
        yLo = std::min(yLo, *r.chapter5OpsPerS / 1e9);
    }
    const double cur = r.current.opsPerSecond / 1e9;
    QCPGraph* g = plot_->addGraph();
    g->setName(tr("the kernel, N = %1 (Chapter II) = %2 %3")
                   .arg(r.current.n)
                   .arg(cur, 0, 'g', 4)
                   .arg(flop ? tr("GFLOP/s") : tr("G instr./s")));
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                       QBrush(QColor(240, 228, 66)), t.markerSize * 2));
    g->addData(r.intensity, cur);
    yLo = std::min(yLo, cur);
    yHi = std::max(yHi, cur);
    plot_->xAxis->setRange(lo, hi);
    plot_->yAxis->setRange(std::min(yLo, lo * r.bandwidthBytesPerS / 1e9) / 2, yHi * 2.5);
    title_->setText(tr("Roofline: the kernel at %1 % of the roof at its intensity")
                        .arg(100 * r.current.fraction, 0, 'g', 3));
    summary_->setText(QString::fromStdString(r.explanation));
    plot_->replot();
}

void MwpRooflineView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString MwpRooflineView::csv() const {
    QString out = QStringLiteral("# %1\nactive_blocks_per_sm,n,intensity,ops_per_s,roof_ops_per_s,"
                                 "fraction,case\n")
                      .arg(context_);
    if (!roofline_) {
        return out;
    }
    for (const auto& p : roofline_->sweep) {
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                   .arg(p.activeBlocksPerSm)
                   .arg(p.n)
                   .arg(roofline_->intensity, 0, 'g', 12)
                   .arg(p.opsPerSecond, 0, 'g', 12)
                   .arg(p.boundOpsPerS, 0, 'g', 12)
                   .arg(p.fraction, 0, 'g', 12)
                   .arg(QString::fromLatin1(mwp::name(p.regime).data()));
    }
    return out;
}

} // namespace cdx::widgets
