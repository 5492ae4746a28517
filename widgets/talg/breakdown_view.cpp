// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/breakdown_view.hpp"

#include "common/plot_theme.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QHeaderView>
#include <QPainter>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

BreakdownView::BreakdownView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("breakdownPlot");
    plot_->setMinimumHeight(220);
    const PlotHeader header = addPlotHeader(*plot_);
    title_ = header.title;
    subtitle_ = header.subtitle;
    bars_ = new QCPBars(plot_->yAxis, plot_->xAxis); // horizontal bars
    bars_->setWidth(0.6);
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    ticker->addTick(1, tr("host syncs\nN_w T_sync"));
    ticker->addTick(2, tr("exposed transfer"));
    ticker->addTick(3, tr("compute"));
    ticker->addTick(4, tr("idle SMs"));
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRangeReversed(true);
    plot_->yAxis->setRange(0.4, 4.6);
    plot_->xAxis->setLabel(tr("time [s]"));
    table_ = new QTableWidget(split);
    table_->setObjectName("breakdownTable");
    table_->setColumnCount(4);
    table_->setHorizontalHeaderLabels({tr("quantity"), tr("value"), tr("unit"), tr("from")});
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    split->addWidget(plot_);
    split->addWidget(table_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split);
    setPresentation(false);
}

void BreakdownView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    bars_->setPen(QPen(t.palette[0].darker(130), t.presentation ? 2 : 1));
    bars_->setBrush(t.palette[0]);
    QFont f = table_->font();
    f.setPointSize(t.basePointSize);
    table_->setFont(f);
    // The four bars need their label height each, below a two-line title and the subtitle
    // (with presentation fonts they overlapped in 220 px).
    const QFontMetrics fm(f);
    plot_->setMinimumHeight(std::max(220, 15 * fm.height()));
    plot_->replot();
}

void BreakdownView::setSession(const SessionState& s) {
    const int dim = s.problem.dim;
    QString error;
    talg::TalgResult r;
    try {
        r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    } catch (const InputError& e) {
        error = QString::fromUtf8(e.what());
    }
    QString tiles;
    for (int i = 0; i < dim; ++i) {
        tiles += (i ? "×" : "") + QString::number(s.tiles.space[static_cast<std::size_t>(i)]);
    }
    if (!error.isEmpty()) {
        title_->setText(tr("No result: %1").arg(error));
    } else if (!r.feasible) {
        title_->setText(tr("tS = %1, tT = %2: infeasible — %3")
                            .arg(tiles)
                            .arg(s.tiles.time)
                            .arg(QString::fromStdString(talg::describe(r.excludedBy))));
    } else {
        title_->setText(tr("Where T_alg = %1 goes\ntS = %2, tT = %3, k = %4 (%5-bound)")
                            .arg(formatSeconds(r.tAlg), tiles)
                            .arg(s.tiles.time)
                            .arg(r.breakdown.k)
                            .arg(r.breakdown.computeBound ? tr("compute") : tr("memory")));
    }
    subtitle_->setText(tr("%1 on %2; %3")
                           .arg(QString::fromStdString(profileLabel(s.stencil)),
                                QString::fromStdString(profileLabel(s.gpu)),
                                variantLine(s.variant, dim)));
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        if (qobject_cast<QCPItemText*>(plot_->item(i))) {
            plot_->removeItem(i);
        }
    }
    QVector<double> keys{1, 2, 3, 4};
    QVector<double> values(4, 0.0);
    if (error.isEmpty() && r.feasible) {
        const talg::TimeSplit split = talg::splitTime(r, dim);
        values = {split.hostSync, split.exposedTransfer, split.compute, split.idle};
        const PlotTheme t = plotTheme(presentation_);
        for (int i = 0; i < 4; ++i) {
            auto* label = new QCPItemText(plot_);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->position->setAxes(plot_->xAxis, plot_->yAxis);
            label->position->setCoords(values[i], keys[i]);
            label->setPadding(QMargins(6, 0, 0, 0));
            QFont lf = label->font();
            lf.setPointSize(t.basePointSize);
            label->setFont(lf);
            label->setText(QStringLiteral("%1  (%2 %)")
                               .arg(formatSeconds(values[i]))
                               .arg(100 * values[i] / r.tAlg, 0, 'f', 1));
        }
    }
    bars_->setData(keys, values, true);
    double top = 0;
    for (double v : values) {
        top = std::max(top, v);
    }
    plot_->xAxis->setRange(0, top > 0 ? top * 1.45 : 1); // room for the labels
    plot_->replot();

    const auto entries =
        error.isEmpty() ? talg::breakdownEntries(r, dim) : std::vector<talg::BreakdownEntry>{};
    table_->setRowCount(static_cast<int>(entries.size()));
    for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
        const auto& e = entries[static_cast<std::size_t>(i)];
        const QString value = e.integer ? QString::number(static_cast<qint64>(e.value))
                                        : QString::number(e.value, 'g', 10);
        const QStringList cells{QString::fromStdString(e.symbol), value,
                                QString::fromStdString(e.unit), QString::fromStdString(e.equation)};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 1) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            item->setToolTip(
                QStringLiteral("%1 = %2 %3 — %4").arg(cells[0], cells[1], cells[2], cells[3]));
            table_->setItem(i, c, item);
        }
    }
    table_->resizeColumnsToContents();
}

void BreakdownView::renderTo(QPaintDevice& device, const QSize& size) {
    // The bars on top (vector), the table below.
    const int plotHeight = size.height() * 2 / 5;
    {
        QCPPainter painter(&device);
        plot_->toPainter(&painter, size.width(), plotHeight);
    }
    QPainter painter(&device);
    painter.translate(0, plotHeight);
    const QSize tableSize(size.width(), size.height() - plotHeight);
    const QSize old = table_->size();
    table_->resize(tableSize);
    table_->render(&painter, QPoint(), QRegion(QRect(QPoint(), tableSize)), QWidget::DrawChildren);
    table_->resize(old);
}

QString BreakdownView::csv() const {
    QString out = QStringLiteral("# %1; %2\nquantity,value,unit,from\n")
                      .arg(title_->text(), subtitle_->text());
    for (int i = 0; i < table_->rowCount(); ++i) {
        QStringList cells;
        for (int c = 0; c < 4; ++c) {
            QString t = table_->item(i, c)->text();
            if (t.contains(',') || t.contains('"')) {
                t = '"' + t.replace('"', "\"\"") + '"';
            }
            cells << t;
        }
        out += cells.join(',') + "\n";
    }
    return out;
}

} // namespace cdx::widgets
