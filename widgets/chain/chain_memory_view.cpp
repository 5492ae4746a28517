// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_memory_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

ChainMemoryView::ChainMemoryView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("chainMemoryPlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    plot_->xAxis->setLabel(tr("on-chip memory M [elements] (log)"));
    plot_->yAxis->setLabel(tr("off-chip data movement [elements]"));
    plot_->yAxis2->setVisible(true);
    plot_->yAxis2->setLabel(tr("reduction of the fused total over S [%]"));
    // The legend below the axes, in one row (inside it covered the marks).
    placeLegendBelow(*plot_, 4);
    layout->addWidget(plot_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("chainMemorySummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    setPresentation(false);
}

void ChainMemoryView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    redraw();
}

void ChainMemoryView::setSession(const SessionState& s) {
    settings_ = s.chain;
    points_.clear();
    error_.clear();
    try {
        const double m = s.chain.memoryWords;
        points_ = chain::memorySweep(s.chain.dims, s.chain.beta, std::max(2.0, m / 64), m * 16, 61);
        minDim_ = static_cast<double>(*std::min_element(s.chain.dims.begin(), s.chain.dims.end()));
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void ChainMemoryView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearItems();
    subtitle_->setText(chainContext(settings_));
    if (points_.empty()) {
        title_->setText(tr("No sweep"));
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    QVector<double> m, s, f, red;
    double top = 0;
    for (const auto& p : points_) {
        m << p.m;
        s << p.s;
        f << p.fusedTotal;
        red << p.reductionPct;
        top = std::max({top, p.s, p.fusedTotal});
    }
    auto* gs = plot_->addGraph();
    gs->setName(tr("S(1,n): no fusion (D.18)"));
    gs->setData(m, s);
    gs->setPen(QPen(QColor(120, 120, 120), t.lineWidth));
    auto* gf = plot_->addGraph();
    gf->setName(tr("fused total F + P0·Pn"));
    gf->setData(m, f);
    gf->setPen(QPen(t.palette[1], t.lineWidth));
    auto* gr = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    gr->setName(tr("reduction [%] (right axis)"));
    gr->setData(m, red);
    gr->setPen(QPen(t.palette[2], t.lineWidth, Qt::DashLine));
    plot_->xAxis->setRange(m.front(), m.back());
    plot_->yAxis->setRange(0, top * 1.08);
    const double rmax = *std::max_element(red.begin(), red.end());
    plot_->yAxis2->setRange(std::min(0.0, *std::min_element(red.begin(), red.end())),
                            std::max(5.0, rmax * 1.15));
    // Where sqrt(M) exceeds a dimension the closed forms do not hold (spec §1.4): shaded.
    const double invalidFrom = minDim_ * minDim_;
    if (invalidFrom < m.back()) {
        auto* rect = new QCPItemRect(plot_);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(std::max(invalidFrom, m.front()), 0);
        rect->bottomRight->setCoords(m.back(), 1);
        rect->setPen(Qt::NoPen);
        rect->setBrush(QColor(0, 0, 0, 28));
        // Said in the subtitle: inside the band a note sat on the curves or the marks' labels.
        subtitle_->setText(
            subtitle_->text() +
            tr("; grey: √M > smallest dimension %1, the closed forms do not hold").arg(minDim_));
    }
    int marks = 0;
    const auto mark = [&](double at, const QString& label, const QColor& color, Qt::PenStyle st) {
        if (at < m.front() || at > m.back()) {
            return;
        }
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(at, 0);
        line->point2->setCoords(at, 1);
        line->setPen(QPen(color, t.lineWidth, st));
        auto* text = new QCPItemText(plot_);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(at, 0.02 + 0.07 * marks++);
        text->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
        text->setText(" " + label);
        text->setColor(color);
        QFont tf = plot_->xAxis->labelFont();
        text->setFont(tf);
    };
    mark(65536, tr("\"64KB\" (thesis)"), QColor(0, 0, 0), Qt::DotLine);
    mark(98304, tr("\"96KB\" (thesis)"), QColor(0, 0, 0), Qt::DotLine);
    if (settings_.memoryWords != 65536 && settings_.memoryWords != 98304) {
        mark(settings_.memoryWords, tr("session M"), t.palette[4], Qt::DashLine);
    }
    const auto at = std::find_if(points_.begin(), points_.end(), [&](const auto& p) {
        return std::abs(p.m - settings_.memoryWords) <= 1e-9 * settings_.memoryWords;
    });
    title_->setText(tr("Data movement against on-chip memory M"));
    QString text = tr("The op-count tree is the same for every M; only the fusion choices and "
                      "tiles change.");
    if (at != points_.end()) {
        text += " " + tr("At M = %1: S = %2, fused total = %3, reduction %4 %.")
                          .arg(settings_.memoryWords, 0, 'g', 12)
                          .arg(grouped(at->s), grouped(at->fusedTotal))
                          .arg(at->reductionPct, 0, 'f', 2);
    }
    summary_->setText(text);
    plot_->replot();
}

void ChainMemoryView::renderTo(QPaintDevice& device, const QSize& size) {
    renderPlotAndText(device, *plot_, summary_->text(), size, 50, presentation_);
}

QString ChainMemoryView::csv() const {
    QString out = QStringLiteral("# %1\nmemory_words,S,fused_total,reduction_pct\n")
                      .arg(chainContext(settings_));
    for (const auto& p : points_) {
        out += QStringLiteral("%1,%2,%3,%4\n")
                   .arg(p.m, 0, 'g', 17)
                   .arg(p.s, 0, 'g', 17)
                   .arg(p.fusedTotal, 0, 'g', 17)
                   .arg(p.reductionPct, 0, 'g', 17);
    }
    return out;
}

} // namespace cdx::widgets
