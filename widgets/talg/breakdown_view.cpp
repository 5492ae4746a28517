// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/breakdown_view.hpp"

#include "common/glossary_tip.hpp"
#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/table_drawing.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "talg/talg_compare.hpp"
#include "talg/talg_plot_text.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

BreakdownView::BreakdownView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    compareText_ = new QLabel(this);
    compareText_->setObjectName("breakdownCompareText");
    compareText_->setWordWrap(true);
    compareText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    compareText_->hide();
    layout->addWidget(compareText_);
    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("breakdownPlot");
    plot_->setMinimumHeight(220);
    const PlotHeader header = addPlotHeader(*plot_);
    title_ = header.title;
    subtitle_ = header.subtitle;
    bars_ = new QCPBars(plot_->yAxis, plot_->xAxis); // horizontal bars
    bars_->setWidth(0.6);
    bars_->setName(tr("session"));
    baselineBars_ = new QCPBars(plot_->yAxis, plot_->xAxis);
    baselineBars_->setWidth(0.3);
    baselineBars_->setName(tr("baseline"));
    baselineBars_->setVisible(false);
    plot_->legend->setVisible(false);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
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

void BreakdownView::restretch() {
    QHeaderView* header = table_->horizontalHeader();
    header->setStretchLastSection(false);
    header->setStretchLastSection(true);
}

void BreakdownView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    bars_->setPen(QPen(t.palette[0].darker(130), t.presentation ? 2 : 1));
    bars_->setBrush(t.palette[0]);
    // The baseline in the same colour, hollow and dashed.
    baselineBars_->setPen(QPen(t.palette[0].darker(130), t.presentation ? 2.5 : 1.5, Qt::DashLine));
    baselineBars_->setBrush(Qt::NoBrush);
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
    subtitle_->setText(
        tr("%1 on %2; %3")
            .arg(QString::fromStdString(profileLabel(s.stencil)),
                 QString::fromStdString(profileLabel(s.gpu)), variantLine(s.variant, dim)) +
        (s.baseline ? tr("\ndashed bars: %1").arg(baselineName(s, {"talg"})) : QString()));
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        if (qobject_cast<QCPItemText*>(plot_->item(i))) {
            plot_->removeItem(i);
        }
    }
    QVector<double> keys{1, 2, 3, 4};
    QVector<double> values(4, 0.0);
    QVector<QCPItemText*> labels;
    if (error.isEmpty() && r.feasible) {
        const talg::TimeSplit split = talg::splitTime(r, dim);
        values = {split.hostSync, split.exposedTransfer, split.compute, split.idle};
        const PlotTheme t = plotTheme(presentation_);
        for (int i = 0; i < 4; ++i) {
            auto* label = new QCPItemText(plot_);
            labels << label;
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->position->setAxes(plot_->xAxis, plot_->yAxis);
            label->position->setCoords(values[i], keys[i]);
            // Clear of the value axis's ticks, which stand inside the axes (issue 55: a
            // near-zero part's label started on them and read as "-0.000842688 s").
            label->setPadding(QMargins(6 + plot_->yAxis->tickLengthIn(), 0, 0, 0));
            QFont lf = label->font();
            lf.setPointSize(t.basePointSize);
            label->setFont(lf);
            // A part that is not zero never reads "0.0 %".
            const double pct = 100 * values[i] / r.tAlg;
            label->setText(QStringLiteral("%1  (%2)")
                               .arg(formatSeconds(values[i]))
                               .arg(pct > 0 && pct < 0.05
                                        ? QStringLiteral("< 0.1 %")
                                        : QStringLiteral("%1 %").arg(pct, 0, 'f', 1)));
        }
    }
    // With a baseline: its split as hollow bars above the session's, and the sentence that
    // says which of T_alg's factors made the difference.
    std::optional<compare::FamilyComparison> cmp;
    QVector<double> baseValues;
    if (s.baseline) {
        cmp = talg::compareSettings(*s.baseline, s);
        try {
            const SessionState& b = *s.baseline;
            const auto rb =
                talg::evaluate(b.modelStencil(), b.problem, b.tiles, b.modelGpu(), b.variant);
            if (rb.feasible) {
                const talg::TimeSplit split = talg::splitTime(rb, b.problem.dim);
                baseValues = {split.hostSync, split.exposedTransfer, split.compute, split.idle};
            }
        } catch (const InputError&) {
            // the comparison's error says why
        }
        compareText_->setText(tr("<b>Against the baseline</b> (dashed): %1")
                                  .arg(QString::fromStdString(cmp->explanation).toHtmlEscaped()));
    }
    QVector<double> shifted = keys;
    if (!baseValues.isEmpty()) {
        QVector<double> baseKeys;
        for (int i = 0; i < 4; ++i) {
            baseKeys << keys[i] - 0.2;
            shifted[i] = keys[i] + 0.12;
        }
        baselineBars_->setData(baseKeys, baseValues, true);
    }
    baselineBars_->setVisible(!baseValues.isEmpty());
    compareText_->setVisible(cmp.has_value());
    plot_->legend->setVisible(!baseValues.isEmpty());
    bars_->setWidth(baseValues.isEmpty() ? 0.6 : 0.36);
    bars_->setData(shifted, values, true);
    for (int i = 0; i < labels.size(); ++i) { // the labels follow their bars
        labels[i]->position->setCoords(labels[i]->position->key(), shifted[i]);
    }
    double top = 0;
    for (double v : values + baseValues) {
        top = std::max(top, v);
    }
    plot_->xAxis->setRange(0, top > 0 ? top * 1.45 : 1); // room for the labels
    plot_->replot();

    compared_ = cmp.has_value();
    if (compared_) {
        // baseline | session | Δ | Δ % for every quantity, as the Compare view and cdx compare.
        table_->setColumnCount(7);
        table_->setHorizontalHeaderLabels({tr("quantity"), tr("baseline"), tr("session"), tr("Δ"),
                                           tr("Δ %"), tr("unit"), tr("from")});
        table_->setRowCount(static_cast<int>(cmp->values.size()));
        const auto text = [](const compare::ComparedValue& v, std::optional<double> x) {
            return x ? QString::number(*x, 'g', v.integer ? 15 : 10) : QStringLiteral("–");
        };
        for (int i = 0; i < static_cast<int>(cmp->values.size()); ++i) {
            const auto& v = cmp->values[static_cast<std::size_t>(i)];
            const QStringList cells{QString::fromStdString(v.name),
                                    text(v, v.a),
                                    text(v, v.b),
                                    text(v, v.delta()),
                                    QString::fromStdString(compare::percentText(v.deltaPct())),
                                    QString::fromStdString(v.unit),
                                    QString::fromStdString(v.source)};
            // The numbers themselves beside their texts: the CSV writes them (issue 45: "–",
            // "-0.03 %" and "unchanged" made its numeric columns text).
            const std::optional<double> numbers[] = {v.a, v.b, v.delta(), v.deltaPct()};
            for (int c = 0; c < 7; ++c) {
                auto* item = new QTableWidgetItem(cells[c]);
                if (c >= 1 && c <= 4) {
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                    if (const auto& x = numbers[c - 1]; x && std::isfinite(*x)) {
                        item->setData(Qt::UserRole, *x);
                    }
                }
                table_->setItem(i, c, item);
            }
        }
        table_->resizeColumnsToContents();
        restretch();
        return;
    }
    table_->setColumnCount(4);
    table_->setHorizontalHeaderLabels({tr("quantity"), tr("value"), tr("unit"), tr("from")});
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
            // The row's glossary entry: what the symbol means, its equation and source.
            const QString tip = glossaryTip(e.key, "talg");
            item->setToolTip(
                tip.isEmpty()
                    ? QStringLiteral("%1 = %2 %3 — %4").arg(cells[0], cells[1], cells[2], cells[3])
                    : tip);
            table_->setItem(i, c, item);
        }
    }
    table_->resizeColumnsToContents();
    restretch();
}

void BreakdownView::renderTo(QPaintDevice& device, const QSize& size) {
    // The bars, then the sentence against the baseline. The table is exported as a table (the
    // CSV; a PDF's next pages: tables()), not as a screenshot of the widget cut at the window's
    // height with its scroll bar and half a row (issue 45).
    QCPPainter painter(&device);
    const PlotTheme t = plotTheme(presentation_);
    QFont f = font();
    f.setPointSize(t.basePointSize);
    int textHeight = 0;
    QString text;
    if (compared_) {
        text = QString(compareText_->text()).remove(QRegularExpression("<[^>]*>"));
        painter.setFont(f);
        textHeight =
            painter
                .boundingRect(QRect(8, 0, size.width() - 16, size.height()), Qt::TextWordWrap, text)
                .height() +
            8;
        textHeight = std::min(textHeight, size.height() / 2);
    }
    // One painter for the whole page: a second one on a PDF started the document again, and
    // the bars were lost (issue 45: the PDF's top 40 % was blank).
    painter.save();
    toPainterFitted(*plot_, painter, size.width(), size.height() - textHeight);
    painter.restore();
    if (textHeight > 0) {
        painter.setFont(f);
        painter.setPen(schemeInk());
        painter.drawText(
            QRect(8, size.height() - textHeight + 4, size.width() - 16, textHeight - 4),
            Qt::TextWordWrap, text);
    }
}

QList<ExplorerView::Table> BreakdownView::tables() const {
    Table t;
    t.title = title_->text().section('\n', 0, 0) + tr(": every term");
    tableContents(*table_, &t.header, &t.rows);
    return {t};
}

QString BreakdownView::csv() const {
    QString out = QStringLiteral("# %1; %2%3\n%4\n")
                      .arg(QString(title_->text()).replace('\n', ' '),
                           QString(subtitle_->text()).replace('\n', ' '),
                           compared_ ? QStringLiteral("\n# ") + compareText_->text().remove(
                                                                    QRegularExpression("<[^>]*>"))
                                     : QString(),
                           compared_ ? QStringLiteral("quantity,baseline,session,delta,delta_pct,"
                                                      "unit,from")
                                     : QStringLiteral("quantity,value,unit,from"));
    for (int i = 0; i < table_->rowCount(); ++i) {
        QStringList cells;
        for (int c = 0; c < table_->columnCount(); ++c) {
            QString t = table_->item(i, c)->text();
            if (compared_ && c >= 1 && c <= 4) { // numbers only; a missing one is empty
                const QVariant x = table_->item(i, c)->data(Qt::UserRole);
                t = x.isValid() ? QString::number(x.toDouble(), 'g', 15) : QString();
            }
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
