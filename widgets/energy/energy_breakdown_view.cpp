// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_breakdown_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/table_drawing.hpp"
#include "energy/energy_compare.hpp"
#include "energy/energy_profiles.hpp"
#include "params/input_error.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

EnergyBreakdownView::EnergyBreakdownView(RunLookup runs, QWidget* parent)
    : QWidget(parent), runs_(std::move(runs)) {
    auto* layout = new QVBoxLayout(this);
    // The bars above, the explanation below at the view's full width (five columns).
    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("energyBreakdownPlot");
    plot_->setMinimumSize(380, 220);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    staticBars_ = new QCPBars(plot_->yAxis, plot_->xAxis);
    dynamicBars_ = new QCPBars(plot_->yAxis, plot_->xAxis);
    for (QCPBars* b : {staticBars_, dynamicBars_}) {
        b->setWidth(0.6);
    }
    baselineBars_ = new QCPBars(plot_->yAxis, plot_->xAxis);
    baselineBars_->setWidth(0.3);
    baselineBars_->setName(tr("baseline"));
    baselineBars_->setBrush(Qt::NoBrush);
    baselineBars_->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    for (QCPBars* b : {staticBars_, dynamicBars_}) {
        b->removeFromLegend();
    }
    plot_->legend->setVisible(false);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    plot_->yAxis->setRangeReversed(true);
    plot_->xAxis->setLabel(tr("energy of the run [J]"));
    explain_ = new QTableWidget(split);
    explain_->setObjectName("energyExplainTable");
    explain_->setColumnCount(5);
    explain_->setHorizontalHeaderLabels(
        {tr("Quantity"), tr("Value"), tr("Equation"), tr("With the values"), tr("Source")});
    explain_->verticalHeader()->hide();
    explain_->verticalHeader()->setDefaultSectionSize(explain_->fontMetrics().height() + 6);
    explain_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    explain_->setWordWrap(false);
    explain_->horizontalHeader()->setStretchLastSection(true);
    explain_->viewport()->installEventFilter(this);
    explain_->setToolTip(tr("Explain this number: every term of E_alg with its equation (thesis "
                            "App. B numbering), the values substituted, and where it comes from"));
    split->addWidget(plot_);
    split->addWidget(explain_);
    explain_->setMinimumHeight(120);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({300, 260}); // in proportion once laid out
    layout->addWidget(split, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("energySummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    setPresentation(false);
}

void EnergyBreakdownView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    staticBars_->setBrush(QColor(190, 190, 190));
    staticBars_->setPen(QPen(QColor(140, 140, 140)));
    dynamicBars_->setBrush(t.palette[0]);
    dynamicBars_->setPen(QPen(t.palette[0].darker(130)));
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    explain_->setFont(f);
    explain_->horizontalHeader()->setFont(f); // the header's own: it kept 9 pt before F11 only
    explain_->verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 6);
    redraw();
}

void EnergyBreakdownView::setSession(const SessionState& s) {
    ev_ = evaluateEnergySession(s, runs_);
    baseline_.reset();
    if (s.baseline) { // evaluated as the session is (its measured run from the same database)
        baseline_ = evaluateEnergySession(*s.baseline, runs_);
    }
    context_ = energyContext(s, ev_);
    if (s.baseline) {
        context_ += tr("\ndashed: %1").arg(baselineName(s, {"energy"}));
    }
    terms_.clear();
    statedRmsePct_ = energy::statedRmsePct(s.energy.coefficients, ev_.input.stencil);
    if (ev_.result) {
        try {
            terms_ = energy::explainEnergy(ev_.input, energy::coefficientsOf(s.energy.coefficients),
                                           s.energy.variant);
        } catch (const InputError& e) {
            ev_.error = e.what();
        }
    }
    redraw();
}

void EnergyBreakdownView::fitExplainColumns() {
    explain_->resizeColumnsToContents();
    // The long equations (E_iter, GOP/J) must not push the values and sources out of view:
    // the two formula columns take at most a third of the width each (the tooltip has all).
    const int avail = explain_->viewport()->width();
    for (int c : {2, 3}) {
        if (explain_->columnWidth(c) > avail / 3) {
            explain_->setColumnWidth(c, avail / 3);
        }
    }
}

bool EnergyBreakdownView::eventFilter(QObject* watched, QEvent* e) {
    // The table's own width (a splitter, a dock leaving): its caps follow it (after F11 they
    // were the full screen's).
    if (watched == explain_->viewport() && e->type() == QEvent::Resize) {
        fitExplainColumns();
    }
    return QWidget::eventFilter(watched, e);
}

void EnergyBreakdownView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    redraw();
}

void EnergyBreakdownView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    staticBars_->data()->clear();
    dynamicBars_->data()->clear();
    baselineBars_->data()->clear();
    bars_.clear();
    explain_->setRowCount(0);
    if (!ev_.result) {
        title_->setText(tr("No energy: %1").arg(QString::fromStdString(ev_.error)));
        subtitle_->setText(context_);
        summary_->setText(QString::fromStdString(ev_.error));
        plot_->replot();
        return;
    }
    const energy::EnergyResult& r = *ev_.result;
    bars_ = {{tr("static P_stat T_alg"), r.eStat},
             {tr("global↔shared"), r.eDynGs},
             {tr("shared↔register"), r.eDynSr},
             {tr("arithmetic"), r.eDynAr}};
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    QFont lf = plot_->font();
    lf.setPointSize(t.basePointSize);
    int widest = 0;
    double top = 0;
    const energy::EnergyResult* base =
        baseline_ && baseline_->result ? &*baseline_->result : nullptr;
    for (QCPBars* b : {staticBars_, dynamicBars_}) {
        b->setWidth(base ? 0.36 : 0.6);
    }
    baselineBars_->setVisible(base != nullptr);
    plot_->legend->setVisible(base != nullptr);
    if (base) {
        const double values[4] = {base->eStat, base->eDynGs, base->eDynSr, base->eDynAr};
        for (int i = 0; i < 4; ++i) {
            baselineBars_->addData(i + 1 - 0.2, values[i]);
            top = std::max(top, values[i]);
        }
    }
    for (std::size_t i = 0; i < bars_.size(); ++i) {
        const double tick = static_cast<double>(i + 1);
        const double y = tick + (base ? 0.12 : 0.0);
        ticker->addTick(tick, bars_[i].first);
        (i == 0 ? staticBars_ : dynamicBars_)->addData(y, bars_[i].second);
        top = std::max(top, bars_[i].second);
        auto* label = new QCPItemText(plot_);
        label->position->setAxes(plot_->xAxis, plot_->yAxis);
        label->position->setCoords(bars_[i].second, y);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(5, 0, 0, 0));
        label->setFont(lf);
        label->setText(QStringLiteral("%1 (%2 %)")
                           .arg(joules(bars_[i].second))
                           .arg(fixed(100 * bars_[i].second / r.eAlg, 1)));
        widest = std::max(widest, QFontMetrics(lf).horizontalAdvance(label->text()));
    }
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(0.4, 4.6);
    plot_->xAxis->setRange(0, upperWithRoomForLabels(*plot_->xAxis, std::max(top, 1e-300), widest));
    QString title = tr("E_alg = %1 in %2 s (%3 W average)")
                        .arg(joules(r.eAlg), significant(r.tAlgS, 5), significant(r.pAvg, 4));
    if (statedRmsePct_) {
        title += tr(", ±%1 % stated RMSE").arg(significant(*statedRmsePct_, 4));
    }
    if (!r.feasible) {
        title = tr("INFEASIBLE (%1): %2").arg(QString::fromStdString(r.reason), title);
    }
    title_->setText(title);
    subtitle_->setText(context_);
    plot_->replot();

    explain_->setRowCount(static_cast<int>(terms_.size()));
    for (std::size_t i = 0; i < terms_.size(); ++i) {
        const auto& x = terms_[i];
        const QString cells[5] = {
            QString::fromStdString(x.symbol),
            QStringLiteral("%1 %2").arg(significant(x.value, 8), QString::fromStdString(x.unit)),
            QString::fromStdString(x.formula), QString::fromStdString(x.substituted),
            QString::fromStdString(x.source)};
        for (int c = 0; c < 5; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(QStringLiteral("%1 = %2 = %3 = %4  [%5]")
                                 .arg(cells[0], cells[2], cells[3], cells[1], cells[4]));
            explain_->setItem(static_cast<int>(i), c, item);
        }
    }
    fitExplainColumns();

    QString text = tr("Per tile: E_tile %1 (E_gs %2, E_sr %3, E_ar %4) over %5 points; N_tiles %6. "
                      "Per point: %7 dynamic. %8 GOP/J, EDP %9 J·s, static share %10 %.")
                       .arg(joules(r.eTile), joules(r.eGs), joules(r.eSr), joules(r.eAr),
                            significant(r.vTile, 5), significant(r.nTiles, 8), joules(r.ePt),
                            significant(r.gopPerJ, 4), significant(r.edp, 4))
                       .arg(100 * r.eStat / r.eAlg, 0, 'f', 1);
    if (ev_.measuredJ) {
        text += tr(" Measured %1: the model is %2 %3 %.")
                    .arg(joules(*ev_.measuredJ))
                    .arg(r.eAlg >= *ev_.measuredJ ? tr("above by") : tr("below by"))
                    .arg(std::abs(100 * (r.eAlg - *ev_.measuredJ) / *ev_.measuredJ), 0, 'f', 2);
    }
    for (const auto& w : ev_.warnings) {
        text += tr(" ⚠ %1.").arg(QString::fromStdString(w));
    }
    for (const auto& w : r.warnings) {
        text += tr(" ⚠ %1.").arg(QString::fromStdString(w));
    }
    if (baseline_) { // the sentence against the baseline first, in the model's four terms
        const auto c = energy::compareResults(base, &r);
        text = (base ? tr("Against the baseline (dashed): %1.")
                           .arg(QString::fromStdString(c.explanation))
                     : tr("The baseline has no energy: %1.")
                           .arg(QString::fromStdString(baseline_->error))) +
               ' ' + text;
    }
    summary_->setText(text);
}

void EnergyBreakdownView::renderTo(QPaintDevice& device, const QSize& size) {
    // The bars left, every term of E_alg right as a table (the largest font that fits the
    // page, never cut at its edge), the sentence under both at its wrapped height.
    const int w1 = size.width() / 2;
    QFont f = font();
    f.setPointSize(plotTheme(presentation_).basePointSize);
    QCPPainter painter(&device);
    painter.setFont(f);
    const QString summary = summary_->text();
    const int textHeight = std::min(
        size.height() / 3, painter.boundingRect(QRect(8, 0, size.width() - 16, size.height()),
                                                Qt::AlignLeft | Qt::TextWordWrap, summary)
                                   .height() +
                               8);
    const int plotHeight = size.height() - textHeight;
    // The bars' range for this page: their value labels end inside it.
    painter.save();
    toPainterFitted(*plot_, painter, w1, plotHeight, plot_->xAxis);
    painter.restore();
    // Symbol, value and unit whole, a long formula on two lines; the sources are in the CSV and
    // on a PDF's table page.
    QList<QStringList> rows;
    for (const auto& x : terms_) {
        rows << QStringList{QString::fromStdString(x.symbol), significant(x.value, 8),
                            QString::fromStdString(x.unit), QString::fromStdString(x.formula)};
    }
    drawTable(painter, QRect(w1 + 8, 12, size.width() - w1 - 16, plotHeight - 20),
              {tr("symbol"), tr("value"), tr("unit"), tr("formula")}, rows, f);
    painter.setFont(f);
    painter.setPen(schemeInk());
    painter.drawText(QRect(8, plotHeight + 4, size.width() - 16, textHeight - 4),
                     Qt::AlignLeft | Qt::TextWordWrap, summary);
}

QList<ExplorerView::Table> EnergyBreakdownView::tables() const {
    Table t;
    t.title = tr("Every term of E_alg");
    t.header = {tr("symbol"), tr("formula"), tr("value"), tr("unit"), tr("source")};
    for (const auto& x : terms_) {
        t.rows << QStringList{QString::fromStdString(x.symbol), QString::fromStdString(x.formula),
                              significant(x.value, 8), QString::fromStdString(x.unit),
                              QString::fromStdString(x.source)};
    }
    return {t};
}

QString EnergyBreakdownView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(context_);
    if (!ev_.result) {
        return out + QStringLiteral("# %1\n").arg(QString::fromStdString(ev_.error));
    }
    out += "quantity,value,unit,equation,substituted,source\n";
    for (const auto& x : terms_) {
        out += QStringLiteral("%1,%2,%3,\"%4\",\"%5\",\"%6\"\n")
                   .arg(QString::fromStdString(x.symbol))
                   .arg(x.value, 0, 'g', 17)
                   .arg(QString::fromStdString(x.unit), QString::fromStdString(x.formula),
                        QString::fromStdString(x.substituted), QString::fromStdString(x.source));
    }
    return out;
}

} // namespace cdx::widgets
