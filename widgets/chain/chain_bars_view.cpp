// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_bars_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

ChainBarsView::ChainBarsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("chainBarsPlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    unfused_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    unfused_->setName(tr("unfused: each node D.3 (the S plan)"));
    chosen_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    chosen_->setName(tr("chosen: D.3, D.10 or D.14 (the F plan)"));
    auto* group = new QCPBarsGroup(plot_);
    unfused_->setBarsGroup(group);
    chosen_->setBarsGroup(group);
    unfused_->setWidth(0.35);
    chosen_->setWidth(0.35);
    plot_->yAxis->setLabel(tr("off-chip data movement [elements]"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    layout->addWidget(plot_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("chainBarsSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    setPresentation(false);
}

void ChainBarsView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    redraw();
}

void ChainBarsView::setSession(const SessionState& s) {
    settings_ = s.chain;
    c_ = computeChain(s.chain);
    redraw();
}

void ChainBarsView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    subtitle_->setText(chainContext(settings_));
    unfused_->data()->clear();
    chosen_->data()->clear();
    if (!c_.result) {
        title_->setText(tr("No chain"));
        summary_->setText(c_.error);
        plot_->replot();
        return;
    }
    const auto& r = *c_.result;
    title_->setText(tr("Data movement per hyper-node: %1 → %2 elements (−%3 %)")
                        .arg(grouped(r.s), grouped(r.fusedTotal))
                        .arg(r.reductionPct, 0, 'f', 2));
    unfused_->setPen(QPen(QColor(110, 110, 110)));
    unfused_->setBrush(QColor(170, 170, 170));
    chosen_->setPen(QPen(t.palette[1].darker(130)));
    chosen_->setBrush(t.palette[1]);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QStringList lines;
    double maxV = 0;
    for (std::size_t h = 0; h < r.hyperNodes.size(); ++h) {
        const auto& hn = r.hyperNodes[h];
        QStringList names;
        for (const auto& [a, b] : hn.members) {
            names << nodeName(r, a, b);
        }
        const double x = static_cast<double>(h + 1);
        unfused_->addData(x, hn.costUnfused);
        chosen_->addData(x, hn.costChosen);
        maxV = std::max({maxV, hn.costUnfused, hn.costChosen});
        ticker->addTick(x, names.join('+') + "\n" + choiceText(hn.choice));
        lines << tr("%1: %2 → %3 (%4 %)")
                     .arg(names.join('+'), grouped(hn.costUnfused), grouped(hn.costChosen))
                     .arg(hn.costUnfused > 0
                              ? 100 * (hn.costChosen - hn.costUnfused) / hn.costUnfused
                              : 0.0,
                          0, 'f', 1);
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setRange(0.4, static_cast<double>(r.hyperNodes.size()) + 0.6);
    plot_->yAxis->setRange(0, maxV * 1.15);
    summary_->setText(
        tr("Unfused → chosen per hyper-node: %1. Totals: S(1,n) = %2, fused total "
           "= %3 (the sums of the bars).")
            .arg(lines.join(QStringLiteral("; ")), grouped(r.s), grouped(r.fusedTotal)));
    plot_->replot();
}

void ChainBarsView::renderTo(QPaintDevice& device, const QSize& size) {
    renderPlotAndText(device, *plot_, summary_->text(), size, 70, presentation_);
}

QString ChainBarsView::csv() const {
    QString out = QStringLiteral("# %1\nhyper_node,i,j,choice,unfused,chosen,tile_x,tile_y\n")
                      .arg(chainContext(settings_));
    if (!c_.result) {
        return out;
    }
    const auto& r = *c_.result;
    for (const auto& h : r.hyperNodes) {
        QStringList names;
        for (const auto& [a, b] : h.members) {
            names << nodeName(r, a, b);
        }
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8\n")
                   .arg(names.join('+'))
                   .arg(h.i)
                   .arg(h.j)
                   .arg(QString::fromLatin1(chain::name(h.choice).data()))
                   .arg(h.costUnfused, 0, 'g', 17)
                   .arg(h.costChosen, 0, 'g', 17)
                   .arg(h.x, 0, 'g', 17)
                   .arg(h.y, 0, 'g', 17);
    }
    return out;
}

} // namespace cdx::widgets
