// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/occupancy_view.hpp"

#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/mwp_profiles.hpp"
#include "occupancy/occupancy_lineup.hpp"
#include "params/input_error.hpp"

#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
const char* const kAxisNames[3] = {"threads per block", "registers per thread",
                                   "shared memory per block [B]"};
} // namespace

OccupancyView::OccupancyView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("occupancyPlot");
    plot_->setMinimumSize(500, 360);
    plot_->plotLayout()->clear();
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    // Two rows of two charts under the header rows.
    auto* grid = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(2, 0, grid);
    for (int i = 0; i < 4; ++i) {
        rects_[static_cast<std::size_t>(i)] = new QCPAxisRect(plot_);
        grid->addElement(i / 2, i % 2, rects_[static_cast<std::size_t>(i)]);
    }
    bars_ = new QCPBars(rects_[0]->axis(QCPAxis::atBottom), rects_[0]->axis(QCPAxis::atLeft));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(1, tr("warps /\nblock slots"));
    ticker->addTick(2, tr("registers"));
    ticker->addTick(3, tr("shared\nmemory"));
    rects_[0]->axis(QCPAxis::atBottom)->setTicker(ticker);
    // Room right of the third bar for the lines' labels (drawn over a bar they hid its top).
    rects_[0]->axis(QCPAxis::atBottom)->setRange(0.4, 4.75);
    rects_[0]->axis(QCPAxis::atLeft)->setLabel(tr("blocks per SM allowed"));
    QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed); // blocks are counted
    whole->setTickStep(1.0);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    rects_[0]->axis(QCPAxis::atLeft)->setTicker(whole);
    for (int i = 0; i < 3; ++i) {
        QCPAxisRect* r = rects_[static_cast<std::size_t>(i + 1)];
        curves_[static_cast<std::size_t>(i)] =
            plot_->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        points_[static_cast<std::size_t>(i)] =
            plot_->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        r->axis(QCPAxis::atBottom)->setLabel(tr(kAxisNames[i]));
        r->axis(QCPAxis::atLeft)->setLabel(tr("occupancy [%]"));
        r->axis(QCPAxis::atLeft)->setRange(0, 105);
    }
    layout->addWidget(plot_);
    setPresentation(false);
}

void OccupancyView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    for (auto* r : rects_) {
        applyTheme(*r, t);
    }
    bars_->setPen(Qt::NoPen);
    bars_->setBrush(t.palette[0]);
    bars_->setWidth(0.6);
    for (std::size_t i = 0; i < 3; ++i) {
        curves_[i]->setPen(QPen(t.palette[0], t.lineWidth));
        curves_[i]->setLineStyle(QCPGraph::lsStepLeft);
        points_[i]->setLineStyle(QCPGraph::lsNone);
        points_[i]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                                    QBrush(QColor(240, 228, 66)),
                                                    t.markerSize * 1.8));
    }
    redraw();
}

void OccupancyView::setSession(const SessionState& s) {
    result_.reset();
    error_.clear();
    assumed_.clear();
    for (auto& v : series_) {
        v.clear();
    }
    context_ = mwpContext(s.mwp);
    try {
        const occupancy::Limits& l = occupancy::limitsOfGpu(s.mwp.gpu, "compute_capability");
        std::vector<std::string> unknown;
        input_ = occupancy::sessionInput(s, &unknown);
        QStringList assumed;
        for (const auto& u : unknown) {
            assumed << QString::fromStdString(u);
        }
        // A limit the GPU's profile sets differently from its compute capability is the one
        // used, and said (issue 43: an edited 256 KB of shared memory per SM is not 228).
        for (const auto& n : l.fromProfile) {
            assumed << QString::fromStdString(n);
        }
        assumed_ = assumed.join("; ");
        kernelBlocks_ = 0;
        try {
            kernelBlocks_ = s.mwp.model().activeBlocksPerSm;
        } catch (const InputError&) {
        }
        result_ = occupancy::evaluate(l, input_);
        const occupancy::Axis axes[3] = {occupancy::Axis::ThreadsPerBlock,
                                         occupancy::Axis::RegistersPerThread,
                                         occupancy::Axis::SharedBytesPerBlock};
        for (std::size_t i = 0; i < 3; ++i) {
            series_[i] = occupancy::curve(l, input_, axes[i]);
        }
    } catch (const InputError& e) {
        // core names the CLI's flags; here the values are the kernel's keys
        error_ = QString::fromUtf8(e.what())
                     .replace("--threads-per-block", "threads_per_block")
                     .replace("--registers-per-thread", "registers_per_thread")
                     .replace("--shared-bytes", "shared_bytes_per_block");
    }
    redraw();
}

QString OccupancyView::titleText() const {
    return title_->text();
}

void OccupancyView::redraw() {
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    bars_->data()->clear();
    for (std::size_t i = 0; i < 3; ++i) {
        curves_[i]->data()->clear();
        points_[i]->data()->clear();
    }
    if (!result_) {
        title_->setText(tr("No occupancy: %1").arg(error_));
        subtitle_->setText(context_);
        plot_->replot();
        return;
    }
    const occupancy::Result& r = *result_;
    const double limits[3] = {double(r.blocksLimitWarps), double(r.blocksLimitRegisters),
                              double(r.blocksLimitShared)};
    // The scale follows the block slots, the resident blocks and the kernel's: a resource the
    // kernel hardly uses (0 B of shared memory allows 100 blocks) would flatten the others, so
    // its bar is cut at the top and its value written there.
    const double scale = 1.6 * std::max({double(r.limits.maxBlocksPerSm), double(r.blocksPerSm),
                                         double(kernelBlocks_), 1.0});
    QCPAxis* bx = rects_[0]->axis(QCPAxis::atBottom);
    QCPAxis* by = rects_[0]->axis(QCPAxis::atLeft);
    by->setRange(0, scale);
    // The labels in the plot's own size (the item default stayed 9 pt on a slide).
    QFont labelFont = plot_->font();
    labelFont.setPointSize(plotTheme(presentation_).basePointSize);
    for (int i = 0; i < 3; ++i) {
        bars_->addData(i + 1, std::min(limits[i], scale));
        auto* value = new QCPItemText(plot_);
        value->setClipAxisRect(rects_[0]);
        value->position->setAxes(bx, by);
        value->position->setCoords(i + 1, std::min(limits[i], scale * 0.93));
        value->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        value->setBrush(QColor(255, 255, 255, 220));
        value->setFont(labelFont);
        value->setText(limits[i] > scale ? tr("%1 ↑").arg(limits[i]) : QString::number(limits[i]));
    }
    const auto hline = [&](double y, const QColor& c, Qt::PenStyle style, const QString& text,
                           double labelY, bool left) {
        auto* line = new QCPItemStraightLine(plot_);
        line->setClipAxisRect(rects_[0]);
        line->point1->setAxes(bx, by);
        line->point2->setAxes(bx, by);
        line->point1->setCoords(0, y);
        line->point2->setCoords(1, y);
        line->setPen(QPen(c, 2, style));
        auto* label = new QCPItemText(plot_);
        label->setClipAxisRect(rects_[0]);
        label->position->setAxes(bx, by);
        label->position->setCoords(3.36, labelY);
        label->setPositionAlignment(Qt::AlignLeft | (left ? Qt::AlignTop : Qt::AlignBottom));
        label->setFont(labelFont);
        label->setColor(c);
        label->setBrush(QColor(255, 255, 255, 225)); // readable over a bar
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setText(text);
    };
    hline(double(r.blocksPerSm), Qt::black, Qt::SolidLine, tr("resident %1").arg(r.blocksPerSm),
          double(r.blocksPerSm), false);
    if (kernelBlocks_ > 0 && kernelBlocks_ != r.blocksPerSm) {
        const bool over = kernelBlocks_ > r.blocksPerSm;
        hline(double(kernelBlocks_), over ? QColor(213, 94, 0) : QColor(0, 114, 178), Qt::DashLine,
              over ? tr("kernel %1:\nmore than\nCUDA allows").arg(kernelBlocks_)
                   : tr("kernel %1").arg(kernelBlocks_),
              double(kernelBlocks_), kernelBlocks_ < r.blocksPerSm);
    }
    const std::int64_t current[3] = {input_.threadsPerBlock, input_.registersPerThread,
                                     input_.sharedBytesPerBlock};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& v = series_[i];
        for (const auto& p : v) {
            curves_[i]->addData(double(p.x), 100 * p.occupancy);
        }
        points_[i]->addData(double(current[i]), 100 * r.occupancy);
        QCPAxis* x = rects_[i + 1]->axis(QCPAxis::atBottom);
        if (!v.empty()) {
            const double span = double(v.back().x - v.front().x);
            x->setRange(double(v.front().x) - span * 0.02, double(v.back().x) + span * 0.02);
        }
    }
    const auto& l = r.limits;
    QString title = tr("Occupancy %1 %: %2 blocks, %3 of %4 warps per SM — limited by %5")
                        .arg(100 * r.occupancy, 0, 'g', 4)
                        .arg(r.blocksPerSm)
                        .arg(r.warpsPerSm)
                        .arg(l.maxWarpsPerSm)
                        .arg(QString::fromStdString(occupancy::bindingText(r)));
    if (kernelBlocks_ > r.blocksPerSm) {
        title += tr(" — ⚠ the kernel's #Active_blocks_per_SM = %1 is more than CUDA makes "
                    "resident")
                     .arg(kernelBlocks_);
    }
    title_->setText(title);
    QString sub = tr("CUDA occupancy calculator rules, compute capability %1: %2 threads, %3 "
                     "registers per thread, %4 B shared per block (%5 B allocated, carveout %6 "
                     "KB)")
                      .arg(QString::fromStdString(l.cc))
                      .arg(input_.threadsPerBlock)
                      .arg(input_.registersPerThread)
                      .arg(input_.sharedBytesPerBlock)
                      .arg(r.sharedPerBlock)
                      .arg(r.carveoutKb);
    if (!assumed_.isEmpty()) {
        sub += "; " + assumed_;
    }
    // Which change raises it (issue 44): every binding limit is named above.
    sub += "\n" + QString::fromStdString(occupancy::raiseText(l, input_, r));
    subtitle_->setText(sub + "\n" + context_);
    plot_->replot();
}

void OccupancyView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    if (!result_) {
        // No result: its reason once, centred, without empty axes (issue 45).
        QFont f = painter.font();
        f.setPointSize(plotTheme(presentation_).titlePointSize);
        painter.setFont(f);
        painter.setPen(schemeInk());
        painter.drawText(
            QRect(QPoint(0, 0), size).adjusted(size.width() / 10, 0, -size.width() / 10, 0),
            Qt::AlignCenter | Qt::TextWordWrap, tr("No occupancy: %1").arg(error_));
        return;
    }
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString OccupancyView::csv() const {
    if (!result_) {
        // The table's header without rows: a reader gets an empty table, not an error.
        return QStringLiteral("# no occupancy: %1\nvaried,value,blocks_per_sm,occupancy\n")
            .arg(error_);
    }
    const auto& r = *result_;
    QString out = QStringLiteral("# %1\n# compute capability %2; limited by %3\n# %4\n")
                      .arg(context_, QString::fromStdString(r.limits.cc),
                           QString::fromStdString(occupancy::bindingText(r)),
                           QString::fromStdString(occupancy::raiseText(r.limits, input_, r)));
    // This kernel's limits as a comment, then one table of the three sweeps, named by the
    // input each varies (a reader gets one table whose columns each hold one kind; issue 45).
    // Its inputs too, so that `cdx occupancy` can be asked the same question.
    out += QStringLiteral("# this kernel: threads_per_block %1, registers_per_thread %2, "
                          "shared_bytes_per_block %3\n")
               .arg(input_.threadsPerBlock)
               .arg(input_.registersPerThread)
               .arg(input_.sharedBytesPerBlock);
    out += QStringLiteral("# this kernel: blocks_limit_warps %1, blocks_limit_registers %2, "
                          "blocks_limit_shared %3, blocks_per_sm %4, warps_per_sm %5, "
                          "occupancy %6\nvaried,value,blocks_per_sm,occupancy\n")
               .arg(r.blocksLimitWarps)
               .arg(r.blocksLimitRegisters)
               .arg(r.blocksLimitShared)
               .arg(r.blocksPerSm)
               .arg(r.warpsPerSm)
               .arg(r.occupancy, 0, 'g', 10);
    const char* keys[3] = {"threads_per_block", "registers_per_thread", "shared_bytes_per_block"};
    for (std::size_t i = 0; i < 3; ++i) {
        for (const auto& p : series_[i]) {
            out += QStringLiteral("%1,%2,%3,%4\n")
                       .arg(QLatin1String(keys[i]))
                       .arg(p.x)
                       .arg(p.blocksPerSm)
                       .arg(p.occupancy, 0, 'g', 10);
        }
    }
    return out;
}

} // namespace cdx::widgets
