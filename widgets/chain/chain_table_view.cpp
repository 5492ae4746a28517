// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_table_view.hpp"

#include "common/background_job.hpp"
#include "common/integer_box.hpp"
#include "common/job_progress.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
bool sameConfig(const chain::TableD1Config& a, const chain::TableD1Config& b) {
    return a.nMin == b.nMin && a.nMax == b.nMax && a.chainsPerN == b.chainsPerN &&
           a.seed == b.seed && a.lo == b.lo && a.hi == b.hi && a.multiple == b.multiple &&
           a.memories == b.memories && a.beta == b.beta;
}
} // namespace

ChainTableView::ChainTableView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    const auto box = [&](const QString& label, const char* name, int lo, int hi,
                         const QString& tip) {
        row->addWidget(new QLabel(label, this));
        auto* b = new IntegerBox(this);
        b->setObjectName(name);
        b->setRange(lo, hi);
        b->setToolTip(tip);
        row->addWidget(b);
        connect(b, &IntegerBox::refused, this, [this, label](const QString& text) {
            emit refused(tr("%1 \"%2\": not an integer in the allowed range").arg(label, text));
        });
        connect(b, &QSpinBox::editingFinished, this, [this] { emitSettings(); });
        return b;
    };
    chains_ = box(tr("Chains per n"), "chainTableChains", 1, 1000000,
                  tr("The thesis draws 1,000 chains of each length n = 2…20"));
    seed_ = box(tr("Seed"), "chainTableSeed", 0, 2147483647,
                tr("mt19937_64 seed: the same seed gives the same chains on every machine"));
    lo_ = box(tr("Sizes from"), "chainTableLow", 1, 1048576,
              tr("Dimensions are uniform integers in [from, to]; the thesis does not say which "
                 "distribution it used. U[320, 1024] reproduces its averages within ~0.4 pp"));
    hi_ = box(tr("to"), "chainTableHigh", 1, 1048576, lo_->toolTip());
    run_ = new QPushButton(tr("Run again"), this);
    run_->setObjectName("chainTableRun");
    row->addWidget(run_);
    row->addStretch(1);
    layout->addLayout(row);
    job_ = new BackgroundJob(this);
    layout->addWidget(new JobProgress(job_, this));
    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("chainTablePlot");
    plot_->setMinimumSize(420, 260);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setLabel(tr("chain length n"));
    plot_->yAxis->setLabel(tr("reduction of F over S [%]"));
    placeLegendBelow(*plot_, 3);
    split->addWidget(plot_);
    table_ = new QTableWidget(split);
    table_->setObjectName("chainTableTable");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("chainTableSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    connect(run_, &QPushButton::clicked, this, [this] { start(); });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        error_ = why;
        redraw();
    });
    connect(job_, &BackgroundJob::cancelled, this, [this] {
        error_ = result_ ? tr("Cancelled: the previous run stays on screen (%1 chains per n, "
                              "seed %2); \"Run again\" starts the new one over.")
                               .arg(result_->config.chainsPerN)
                               .arg(result_->config.seed)
                         : tr("Cancelled before the first run finished; \"Run again\" starts "
                              "over.");
        redraw();
    });
    setPresentation(false);
}

void ChainTableView::emitSettings() {
    if (lo_->value() > hi_->value()) {
        emit refused(tr("Sizes from %1 to %2: the lower bound must not exceed the upper")
                         .arg(lo_->value())
                         .arg(hi_->value()));
        const QSignalBlocker b1(lo_), b2(hi_);
        lo_->setValue(static_cast<int>(settings_.tableLo));
        hi_->setValue(static_cast<int>(settings_.tableHi));
        return;
    }
    if (chains_->value() == settings_.tableChains &&
        static_cast<std::uint64_t>(seed_->value()) == settings_.tableSeed &&
        lo_->value() == settings_.tableLo && hi_->value() == settings_.tableHi) {
        return;
    }
    emit settingsChosen(chains_->value(), seed_->value(), lo_->value(), hi_->value());
}

void ChainTableView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    table_->setFont(f);
    redraw();
}

void ChainTableView::setSession(const SessionState& s) {
    settings_ = s.chain;
    {
        const QSignalBlocker b1(chains_), b2(seed_), b3(lo_), b4(hi_);
        chains_->setValue(s.chain.tableChains);
        seed_->setValue(static_cast<int>(std::min<std::uint64_t>(s.chain.tableSeed, 2147483647)));
        lo_->setValue(static_cast<int>(s.chain.tableLo));
        hi_->setValue(static_cast<int>(s.chain.tableHi));
    }
    if (!running_ || !sameConfig(*running_, tableD1Config(s.chain))) {
        start();
    }
    redraw();
}

void ChainTableView::start() {
    const chain::TableD1Config config = tableD1Config(settings_);
    try {
        chain::validate(config);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        redraw();
        return;
    }
    // The previous result stays on screen (labelled) until the new one arrives.
    running_ = config;
    error_.clear();
    job_->start(
        tr("Table D.1: %1 chains…").arg((config.nMax - config.nMin + 1) * config.chainsPerN),
        [this, config](JobControl& control) -> BackgroundJob::Deliver {
            chain::TableD1 t = chain::tableD1(config, [&](int done, int total) {
                control.setProgress(static_cast<double>(done) / total);
                return !control.cancelled();
            });
            return [this, t = std::move(t)] {
                result_ = t;
                redraw();
            };
        });
    redraw();
}

void ChainTableView::finishPendingWork() {
    job_->waitForFinished();
}

void ChainTableView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearPlottables();
    // The subtitle describes what is plotted (the previous run while a new one computes).
    const chain::TableD1Config shown = result_ ? result_->config : tableD1Config(settings_);
    subtitle_->setText(tr("%1, %2").arg(
        betaText(shown.beta), QString::fromStdString(chain::describeDistribution(shown))));
    title_->setText(tr("Table D.1: reduction of the fused total over S for random chains"));
    const auto& printed = chain::printedTableD1();
    const QColor colors[2] = {t.palette[1], t.palette[0]};
    const QString mNames[2] = {tr("\"64KB\" (65536)"), tr("\"96KB\" (98304)")};
    // The printed averages are always drawn: the reference does not wait for a run.
    for (int mi = 0; mi < 2; ++mi) {
        QVector<double> thesisN, thesis;
        for (const auto& p : printed) {
            thesisN << p.n;
            thesis << (mi == 0 ? p.avg64 : p.avg96);
        }
        auto* gth = plot_->addGraph();
        gth->setData(thesisN, thesis);
        gth->setPen(QPen(colors[mi], t.lineWidth, Qt::DashLine));
        gth->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, t.markerSize));
        gth->setName(tr("%1 thesis average (printed)").arg(mNames[mi]));
    }
    plot_->xAxis->setRange(1.5, 20.5);
    const QStringList cols{tr("n"),       tr("64K avg"),    tr("64K min"),
                           tr("64K max"), tr("thesis avg"), tr("96K avg"),
                           tr("96K min"), tr("96K max"),    tr("thesis avg")};
    table_->clear();
    table_->setColumnCount(static_cast<int>(cols.size()));
    table_->setHorizontalHeaderLabels(cols);
    if (!result_) {
        summary_->setText(error_.isEmpty() ? tr("Computing…") : error_);
        table_->setRowCount(0);
        plot_->yAxis->setRange(0, 20);
        plot_->replot();
        return;
    }
    const auto& r = *result_;
    for (std::size_t mi = 0; mi < r.config.memories.size() && mi < 2; ++mi) {
        QVector<double> n, avg, lo, hi;
        for (const auto& row : r.rows) {
            n << row.n;
            avg << row.perMemory[mi].avg;
            lo << row.perMemory[mi].min;
            hi << row.perMemory[mi].max;
        }
        QColor band = colors[mi];
        band.setAlpha(45);
        auto* gmax = plot_->addGraph();
        gmax->setData(n, hi);
        gmax->setPen(QPen(band.darker(110), 1));
        gmax->setName(tr("%1 min–max").arg(mNames[mi]));
        auto* gmin = plot_->addGraph();
        gmin->setData(n, lo);
        gmin->setPen(QPen(band.darker(110), 1));
        gmax->setBrush(band);
        gmax->setChannelFillGraph(gmin);
        gmin->removeFromLegend();
        auto* gavg = plot_->addGraph();
        gavg->setData(n, avg);
        gavg->setPen(QPen(colors[mi], t.lineWidth * 1.5));
        gavg->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, t.markerSize));
        gavg->setName(tr("%1 average").arg(mNames[mi]));
    }
    plot_->yAxis->rescale();
    plot_->yAxis->setRangeLower(std::min(0.0, plot_->yAxis->range().lower));
    plot_->yAxis->setRangeUpper(plot_->yAxis->range().upper * 1.05);
    table_->setRowCount(static_cast<int>(r.rows.size()) + 1);
    const auto cell = [&](int rr, int c, double v) {
        auto* item = new QTableWidgetItem(
            std::isnan(v) ? QStringLiteral("–")
                          : QString::number(std::abs(v) < 5e-3 ? 0.0 : v, 'f', 2));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(rr, c, item);
    };
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const auto& row = r.rows[i];
        const int rr = static_cast<int>(i);
        table_->setItem(rr, 0, new QTableWidgetItem(QString::number(row.n)));
        const auto* p =
            row.n >= 2 && row.n <= 20 ? &printed[static_cast<std::size_t>(row.n - 2)] : nullptr;
        for (int mi = 0; mi < 2; ++mi) {
            const auto& st = row.perMemory[static_cast<std::size_t>(mi)];
            cell(rr, 1 + 4 * mi, st.avg);
            cell(rr, 2 + 4 * mi, st.min);
            cell(rr, 3 + 4 * mi, st.max);
            cell(rr, 4 + 4 * mi, p ? (mi == 0 ? p->avg64 : p->avg96) : std::nan(""));
        }
    }
    const int last = static_cast<int>(r.rows.size());
    table_->setItem(last, 0, new QTableWidgetItem(tr("n ≥ 3")));
    for (int mi = 0; mi < 2 && static_cast<std::size_t>(mi) < r.allFrom3.size(); ++mi) {
        const auto& st = r.allFrom3[static_cast<std::size_t>(mi)];
        cell(last, 1 + 4 * mi, st.avg);
        cell(last, 2 + 4 * mi, st.min);
        cell(last, 3 + 4 * mi, st.max);
        cell(last, 4 + 4 * mi, mi == 0 ? 9.44 : 13.27);
    }
    table_->resizeColumnsToContents();
    QString text =
        tr("%1 chains. Mean of the per-n averages over n ≥ 3 (as the thesis's \"all\" row): "
           "%2 % at 64K (thesis 9.44 %), %3 % at 96K (thesis 13.27 %).")
            .arg(r.chainsDone)
            .arg(r.allFrom3.empty() ? 0.0 : r.allFrom3[0].avg, 0, 'f', 2)
            .arg(r.allFrom3.size() < 2 ? 0.0 : r.allFrom3[1].avg, 0, 'f', 2);
    if (r.config.beta == chain::Beta::Corrected) {
        text += " " + tr("With the corrected β the reductions are lower and fall with n; the "
                         "printed table follows from the thesis's β (choose it in the inputs).");
    }
    if (job_->isRunning()) {
        text = tr("Computing the new configuration… Shown until it is done: the previous run "
                  "(%1 chains per n, seed %2, %3). ")
                   .arg(r.config.chainsPerN)
                   .arg(r.config.seed)
                   .arg(betaText(r.config.beta)) +
               text;
    } else if (!error_.isEmpty()) {
        text = error_ + " " + text;
    }
    summary_->setText(text);
    plot_->replot();
}

void ChainTableView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    renderPlotAndText(device, *plot_, summary_->text(), size, 50, presentation_);
}

QString ChainTableView::csv() const {
    QString out =
        QStringLiteral("# %1; %2\n")
            .arg(betaText(settings_.beta),
                 QString::fromStdString(chain::describeDistribution(tableD1Config(settings_))));
    out += "n,avg_64k,min_64k,max_64k,avg_96k,min_96k,max_96k\n";
    if (!result_) {
        return out;
    }
    for (const auto& row : result_->rows) {
        out += QString::number(row.n);
        for (const auto& st : row.perMemory) {
            out += QStringLiteral(",%1,%2,%3")
                       .arg(st.avg, 0, 'g', 17)
                       .arg(st.min, 0, 'g', 17)
                       .arg(st.max, 0, 'g', 17);
        }
        out += "\n";
    }
    return out;
}

} // namespace cdx::widgets
