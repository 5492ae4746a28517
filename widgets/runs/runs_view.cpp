// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/runs_view.hpp"

#include "common/plot_theme.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <filesystem>
#include <map>
#include <qcustomplot.h>
#include <set>

namespace cdx::widgets {

namespace {

QString joinSizes(const std::array<std::int64_t, 3>& v, int dim, const char* sep) {
    QStringList parts;
    for (int i = 0; i < dim; ++i) {
        parts << QString::number(v[static_cast<std::size_t>(i)]);
    }
    return parts.join(QString::fromUtf8(sep));
}

// The shipped profiles and the user's (issue 43: runs may name a GPU of the user's), read again
// only when a file was added, removed or changed; the session's GPU and stencil replace them
// per call.
const runs::ProfileSet& shippedProfiles() {
    static std::string signature;
    static runs::ProfileSet p;
    std::string now;
    try {
        for (const char* kind : {"gpus", "stencils"}) {
            for (const auto& e : listAllProfiles(kind)) {
                std::error_code ec;
                const auto t = std::filesystem::last_write_time(e.path, ec);
                now += e.path.string() + ":" +
                       std::to_string(ec ? 0 : t.time_since_epoch().count()) + ";";
            }
        }
    } catch (const InputError&) {
        now.clear();
    }
    if (now != signature || now.empty()) {
        signature = now;
        try {
            p = runs::ProfileSet::shipped();
        } catch (const InputError&) {
            p = runs::ProfileSet{};
        }
    }
    return p;
}

void refill(QComboBox* c, const std::set<std::string>& ids, const QString& allText) {
    const QString current = c->currentData().toString();
    const QSignalBlocker block(c);
    c->clear();
    c->addItem(allText, QString());
    for (const auto& id : ids) {
        c->addItem(QString::fromStdString(id), QString::fromStdString(id));
    }
    const int i = c->findData(current);
    c->setCurrentIndex(i < 0 ? 0 : i);
}

// A numeric table cell that sorts by value, not by its text.
class NumberItem : public QTableWidgetItem {
public:
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole + 1).toDouble() < other.data(Qt::UserRole + 1).toDouble();
    }
};

QTableWidgetItem* numberItem(double v, const QString& text) {
    auto* item = new NumberItem;
    item->setData(Qt::DisplayRole, text);
    item->setData(Qt::UserRole + 1, v);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// The prediction and error cells of one run (columns 9 and 10): the sort values, the texts and
// the error's tooltip, for a full fill and for an update in place alike.
struct PredictionCells {
    double tAlg = 0, error = 0;
    QString tAlgText, errorText, errorTip;
};
PredictionCells predictionCells(const runs::RunPair& p, double within) {
    if (!p.predicted) {
        return {0, 0, QStringLiteral("—"), QObject::tr("no prediction"),
                QString::fromStdString(p.reason)};
    }
    return {p.tAlg, p.relError, QString::number(p.tAlg, 'g', 6),
            QStringLiteral("%1 %%2")
                .arg(p.relError * 100, 0, 'f', 1)
                .arg(p.nearBest ? QStringLiteral(" ★") : QString()),
            QObject::tr("(T_alg − T_meas) / T_meas; ★ within %1 % of the experiment's best "
                        "measured run")
                .arg(within * 100)};
}

} // namespace

RunsView::RunsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    gpu_ = new QComboBox(this);
    gpu_->setObjectName("runsGpuFilter");
    stencil_ = new QComboBox(this);
    stencil_->setObjectName("runsStencilFilter");
    sessionOnly_ = new QCheckBox(tr("session's problem only"), this);
    sessionOnly_->setObjectName("runsSessionOnly");
    log_ = new QCheckBox(tr("log axes"), this);
    log_->setObjectName("runsLogAxes");
    log_->setChecked(true);
    within_ = new QDoubleSpinBox(this);
    within_->setObjectName("runsWithin");
    within_->setRange(0, 1000);
    within_->setDecimals(1);
    within_->setSuffix(tr(" %"));
    within_->setValue(20);
    within_->setToolTip(tr("Statistics also over the runs within this much of the best measured "
                           "run of their experiment (GPU, stencil, problem); PPoPP'17: 20 %"));
    import_ = new QPushButton(tr("Import…"), this);
    import_->setObjectName("runsImport");
    delete_ = new QPushButton(tr("Delete selected"), this);
    delete_->setObjectName("runsDelete");
    calibrate_ = new QPushButton(tr("Calibrate C_iter…"), this);
    calibrate_->setObjectName("runsCalibrate");
    calibrate_->setToolTip(tr("Fit the session stencil's C_iter on the session GPU to the runs "
                              "shown (least squares of the relative errors)"));
    whatIf_ = new QCheckBox(tr("what-if: the session's edited GPU, stencil and variant"), this);
    whatIf_->setObjectName("runsWhatIf");
    whatIf_->setToolTip(
        tr("Off: each run is predicted with the shipped profiles it names and the default "
           "variant, exactly as `cdx runs stats`. On: with the session's (possibly edited) GPU "
           "and stencil and its model variant, to see what an edit would do to the errors."));
    // Two rows: what is shown, then what to do with it (one row did not fit a laptop screen).
    bar->addWidget(new QLabel(tr("GPU"), this));
    bar->addWidget(gpu_);
    bar->addWidget(new QLabel(tr("stencil"), this));
    bar->addWidget(stencil_);
    bar->addWidget(sessionOnly_);
    bar->addWidget(log_);
    bar->addStretch(1);
    layout->addLayout(bar);
    auto* actions = new QHBoxLayout;
    actions->addWidget(new QLabel(tr("near best:"), this));
    actions->addWidget(within_);
    actions->addWidget(whatIf_);
    actions->addStretch(1);
    actions->addWidget(import_);
    actions->addWidget(delete_);
    actions->addWidget(calibrate_);
    layout->addLayout(actions);

    auto* split = new QSplitter(Qt::Horizontal, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("runsScatter");
    plot_->setMinimumSize(420, 320);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setLabel(tr("measured T_exec [s]"));
    plot_->yAxis->setLabel(tr("predicted T_alg [s]"));
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QColor(255, 255, 255, 225));
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    table_ = new QTableWidget(split);
    table_->setObjectName("runsTable");
    table_->setColumnCount(12);
    // Columns are sized from the header and the first 64 rows (the rows below have the same
    // kinds of values): measuring all of 2,000 runs took half of a filter step (issue 33).
    table_->horizontalHeader()->setResizeContentsPrecision(64);
    table_->setHorizontalHeaderLabels({tr("id"), tr("GPU"), tr("stencil"), tr("problem"), tr("T"),
                                       tr("tile"), tr("tT"), tr("threads"), tr("measured [s]"),
                                       tr("T_alg [s]"), tr("error"), tr("source")});
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(plot_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    statsLabel_ = new QLabel(this);
    statsLabel_->setObjectName("runsStats");
    statsLabel_->setWordWrap(true);
    statsLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(statsLabel_);

    for (QComboBox* c : {gpu_, stencil_}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    }
    connect(sessionOnly_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(whatIf_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(within_, &QDoubleSpinBox::valueChanged, this, [this] { recompute(); });
    connect(log_, &QCheckBox::toggled, this, [this] { redraw(); });
    connect(import_, &QPushButton::clicked, this, &RunsView::importRequested);
    connect(delete_, &QPushButton::clicked, this, [this] {
        const auto ids = selectedIds();
        if (!ids.empty()) {
            emit deleteRequested(ids);
        }
    });
    connect(calibrate_, &QPushButton::clicked, this, [this] {
        std::vector<std::int64_t> ids;
        for (const auto& p : stats_.pairs) {
            ids.push_back(p.run.id);
        }
        emit calibrateRequested(ids);
    });
    setPresentation(false);
}

void RunsView::setPresentation(bool on) {
    presentation_ = on;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    redraw();
    // The headers in the new font size ("measured [s" was cut in presentation mode).
    QTimer::singleShot(0, table_, [this] { table_->resizeColumnsToContents(); });
}

void RunsView::setSession(const SessionState& s) {
    session_ = s;
    recompute();
}

void RunsView::setRuns(const std::vector<runs::Run>& runs, const QString& database,
                       const std::vector<runs::StoredProfile>& stored) {
    all_ = runs;
    database_ = database;
    stored_ = runs::ProfileSet{};
    stored_.addStored(stored, database.toStdString());
    tableIds_.clear(); // new runs: every row is put again
    std::set<std::string> gpus, stencils;
    for (const auto& r : all_) {
        gpus.insert(r.gpu);
        stencils.insert(r.stencil);
    }
    refill(gpu_, gpus, tr("all GPUs"));
    refill(stencil_, stencils, tr("all stencils"));
    recompute();
}

std::vector<std::int64_t> RunsView::selectedIds() const {
    std::set<std::int64_t> ids;
    for (const auto* item : table_->selectedItems()) {
        ids.insert(table_->item(item->row(), 0)->data(Qt::UserRole + 1).toLongLong());
    }
    return {ids.begin(), ids.end()};
}

void RunsView::recompute() {
    std::vector<runs::Run> shown;
    const std::string gpu = gpu_->currentData().toString().toStdString();
    const std::string stencil = stencil_->currentData().toString().toStdString();
    for (const auto& r : all_) {
        if ((!gpu.empty() && r.gpu != gpu) || (!stencil.empty() && r.stencil != stencil)) {
            continue;
        }
        if (sessionOnly_->isChecked() && session_ &&
            (r.gpu != session_->gpu.id || r.stencil != session_->stencil.id ||
             r.space != session_->problem.space || r.time != session_->problem.time)) {
            continue;
        }
        shown.push_back(r);
    }
    // Each run is predicted with the profile it names (as `cdx runs stats`); the session's
    // edits only on the explicit what-if.
    // (Copied only for the what-if: ten GPU descriptions, issue 43, are not copied per step.)
    // The profile files, and for an id no file gives any more the database's own description.
    const runs::ProfileSet& files = shippedProfiles();
    runs::ProfileSet whatIf;
    const runs::ProfileSet* profiles = &files;
    const auto missing = [](const auto& stored, const auto& have) {
        for (const auto& [id, p] : stored) {
            if (have.count(id) == 0) {
                return true;
            }
        }
        return false;
    };
    if (missing(stored_.gpus, files.gpus) || missing(stored_.stencils, files.stencils)) {
        whatIf = files;
        for (const auto& [id, g] : stored_.gpus) {
            whatIf.gpus.emplace(id, g);
        }
        for (const auto& [id, st] : stored_.stencils) {
            whatIf.stencils.emplace(id, st);
        }
        profiles = &whatIf;
    }
    talg::TalgVariant variant;
    if (session_ && whatIf_->isChecked()) {
        whatIf = *profiles;
        whatIf.put(session_->gpu);
        whatIf.put(session_->stencil);
        profiles = &whatIf;
        variant = session_->variant;
    }
    stats_ = runs::runStats(shown, *profiles, variant, within_->value() / 100);
    // With a baseline: the same runs predicted with the baseline's GPU, stencil and variant
    // and with the session's (what an edited C_iter or n_SM does to the fit), side by side.
    baselineLine_.clear();
    if (session_ && session_->baseline) {
        const auto fit = [&](const SessionState& side) {
            runs::ProfileSet p = shippedProfiles();
            p.put(side.gpu);
            p.put(side.stencil);
            return runs::runStats(shown, p, side.variant, within_->value() / 100).all;
        };
        const runs::ErrorStats a = fit(*session_->baseline);
        const runs::ErrorStats b = fit(*session_);
        const auto pct = [](const runs::ErrorStats& e, double v) {
            return e.n == 0 ? tr("n/a") : QStringLiteral("%1 %").arg(v * 100, 0, 'f', 2);
        };
        baselineLine_ =
            tr(" Against the baseline: with its GPU, stencil and variant RMSE %1, MAPE %2 (n = "
               "%3); with the session's RMSE %4, MAPE %5 (n = %6).")
                .arg(pct(a, a.rmse), pct(a, a.mape))
                .arg(a.n)
                .arg(pct(b, b.rmse), pct(b, b.mape))
                .arg(b.n);
    }
    redraw();
}

void RunsView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    const bool log = log_->isChecked();
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        a->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                         : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    std::map<std::string, QCPGraph*> byStencil;
    for (const auto& p : stats_.pairs) {
        if (!p.predicted) {
            continue;
        }
        QCPGraph*& g = byStencil[p.run.stencil];
        if (!g) {
            g = plot_->addGraph();
            const QColor c = t.palette[(byStencil.size() - 1) % t.palette.size()];
            g->setName(QString::fromStdString(p.run.stencil));
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(discScatter(c, static_cast<int>(t.markerSize)));
        }
        g->addData(p.run.timeSeconds, p.tAlg);
        lo = std::min({lo, p.run.timeSeconds, p.tAlg});
        hi = std::max({hi, p.run.timeSeconds, p.tAlg});
    }
    if (hi <= 0) {
        lo = 0.1;
        hi = 10;
    }
    lo = log ? lo / 1.5 : 0;
    hi *= log ? 1.5 : 1.1;
    // y = x and the ±10 % band.
    QVector<double> xs;
    const int n = 64;
    for (int i = 0; i < n; ++i) {
        xs << (log ? lo * std::pow(hi / lo, double(i) / (n - 1)) : lo + (hi - lo) * i / (n - 1));
    }
    const auto line = [&](double f, const QString& name, const QPen& pen) {
        QCPGraph* g = plot_->addGraph();
        QVector<double> ys;
        for (double x : xs) {
            ys << x * f;
        }
        g->setData(xs, ys, true);
        g->setPen(pen);
        g->setName(name);
        return g;
    };
    QCPGraph* upper = line(1.1, tr("±10 %"), QPen(QColor(150, 150, 150), 1, Qt::DotLine));
    QCPGraph* lower = line(0.9, QString(), QPen(QColor(150, 150, 150), 1, Qt::DotLine));
    lower->removeFromLegend();
    upper->setBrush(QColor(120, 120, 120, 35));
    upper->setChannelFillGraph(lower);
    line(1.0, tr("y = x (model = measurement)"), QPen(Qt::black, t.lineWidth, Qt::DashLine));
    for (auto& [name, g] : byStencil) {
        g->setLayer("overlay"); // the runs above the band and the diagonal
    }
    plot_->xAxis->setRange(lo, hi);
    plot_->yAxis->setRange(lo, hi);
    const std::size_t predicted = stats_.pairs.size() - stats_.unpredicted;
    // No run with a prediction has no error: "n/a", never "RMSE 0.0 %".
    const auto rmse = [](const runs::ErrorStats& e) {
        return e.n == 0 ? QStringLiteral("n/a")
                        : QStringLiteral("%1 %").arg(e.rmse * 100, 0, 'f', 1);
    };
    title_->setText(
        tr("Predicted vs measured: %1 runs, RMSE %2 (all), %3 (within %4 % of each best)")
            .arg(predicted)
            .arg(rmse(stats_.all), rmse(stats_.nearBest))
            .arg(stats_.within * 100, 0, 'g', 3));
    const bool whatIf = session_ && whatIf_->isChecked();
    subtitle_->setText(
        tr("PPoPP'17 Fig. 3; %1; database %2")
            .arg(whatIf ? tr("WHAT-IF: %1 and %2, %3")
                              .arg(QString::fromStdString(profileLabel(session_->gpu)),
                                   QString::fromStdString(profileLabel(session_->stencil)),
                                   variantLine(session_->variant, session_->problem.dim))
                        : tr("shipped profiles, default variant"),
                 database_.isEmpty() ? tr("(none)") : database_) +
        (session_ && session_->baseline
             ? tr("\nits fit under %1 is in the text below").arg(baselineName(*session_, {"talg"}))
             : QString()));
    plot_->replot();

    // The same runs as on screen (the "within" field, a changed variant or profile): only the
    // prediction and error columns change; the rows are found by run id in whatever order the
    // user sorted them (issue 33: re-creating every item was most of a filter step).
    std::vector<std::int64_t> ids;
    ids.reserve(stats_.pairs.size());
    for (const auto& p : stats_.pairs) {
        ids.push_back(p.run.id);
    }
    if (ids == tableIds_ && table_->rowCount() == static_cast<int>(ids.size())) {
        std::map<std::int64_t, int> rowOf;
        for (int row = 0; row < table_->rowCount(); ++row) {
            rowOf[table_->item(row, 0)->data(Qt::UserRole + 1).toLongLong()] = row;
        }
        // Rows move only when the column sorted by changes: then sorting is paused and redone,
        // else the items are updated where they are (a re-sort re-lays out the whole table).
        const bool sorting = table_->isSortingEnabled();
        const int sortColumn = table_->horizontalHeader()->sortIndicatorSection();
        const bool resort = sorting && (sortColumn == 9 || sortColumn == 10);
        if (resort) {
            table_->setSortingEnabled(false);
        }
        const auto update = [](QTableWidgetItem* item, double v, const QString& text) {
            if (item->text() != text || item->data(Qt::UserRole + 1).toDouble() != v) {
                item->setData(Qt::DisplayRole, text);
                item->setData(Qt::UserRole + 1, v);
            }
        };
        for (const auto& p : stats_.pairs) {
            const int row = rowOf.at(p.run.id);
            const PredictionCells c = predictionCells(p, stats_.within);
            update(table_->item(row, 9), c.tAlg, c.tAlgText);
            update(table_->item(row, 10), c.error, c.errorText);
            if (table_->item(row, 10)->toolTip() != c.errorTip) {
                table_->item(row, 10)->setToolTip(c.errorTip);
            }
        }
        if (resort) {
            table_->setSortingEnabled(true);
        }
    } else {
        tableIds_ = ids;
        table_->setSortingEnabled(false);
        table_->setRowCount(static_cast<int>(stats_.pairs.size()));
        for (int row = 0; row < static_cast<int>(stats_.pairs.size()); ++row) {
            const auto& p = stats_.pairs[static_cast<std::size_t>(row)];
            const auto& r = p.run;
            table_->setItem(row, 0, numberItem(static_cast<double>(r.id), QString::number(r.id)));
            table_->item(row, 0)->setData(Qt::UserRole + 1, static_cast<qlonglong>(r.id));
            table_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(r.gpu)));
            table_->setItem(row, 2, new QTableWidgetItem(QString::fromStdString(r.stencil)));
            table_->setItem(row, 3, new QTableWidgetItem(joinSizes(r.space, r.dim, "×")));
            table_->setItem(row, 4,
                            numberItem(static_cast<double>(r.time), QString::number(r.time)));
            table_->setItem(row, 5, new QTableWidgetItem(joinSizes(r.tile, r.dim, ",")));
            table_->setItem(row, 6, numberItem(static_cast<double>(r.tt), QString::number(r.tt)));
            table_->setItem(row, 7,
                            new QTableWidgetItem(r.threads ? QString::number(*r.threads)
                                                           : QStringLiteral("—")));
            table_->setItem(row, 8,
                            numberItem(r.timeSeconds, QString::number(r.timeSeconds, 'g', 6)));
            const PredictionCells c = predictionCells(p, stats_.within);
            table_->setItem(row, 9, numberItem(c.tAlg, c.tAlgText));
            auto* err = numberItem(c.error, c.errorText);
            err->setToolTip(c.errorTip);
            table_->setItem(row, 10, err);
            auto* src = new QTableWidgetItem(QString::fromStdString(r.source));
            src->setToolTip(QString::fromStdString(r.notes.empty() ? r.source : r.notes));
            table_->setItem(row, 11, src);
        }
        table_->setSortingEnabled(true);
        table_->resizeColumnsToContents();
    }
    delete_->setEnabled(!stats_.pairs.empty());
    calibrate_->setEnabled(session_.has_value() && !stats_.pairs.empty());
    if (stats_.all.n == 0) {
        // No prediction, no statistics: never "RMSE 0.0 %".
        statsLabel_->setText(tr("%1 runs (%2 without a prediction): RMSE n/a, MAPE n/a.")
                                 .arg(stats_.pairs.size())
                                 .arg(stats_.unpredicted) +
                             baselineLine_);
        return;
    }
    // What the sign of the mean says, read from the mean (the model was said to be optimistic
    // beside a mean of +128 % in a what-if).
    const double mean = stats_.all.meanSigned;
    const QString sign = mean < 0   ? tr("the model predicts less time than measured on average "
                                           "(optimistic; by design it omits some costs)")
                         : mean > 0 ? tr("the model predicts more time than measured on average "
                                         "(pessimistic)")
                                    : tr("no bias on average");
    statsLabel_->setText(
        tr("%1 runs in %2 (%3 without a prediction). All runs: n = %4, RMSE %5 %, "
           "MAPE %6 %, mean %7 %. Within %8 % of each experiment's best: n = %9, RMSE %10 %, "
           "MAPE %11 %. Errors are relative, (T_alg − T_meas) / T_meas; %12.")
            .arg(stats_.pairs.size())
            .arg(stats_.experiments == 1 ? tr("1 experiment")
                                         : tr("%1 experiments").arg(stats_.experiments))
            .arg(stats_.unpredicted)
            .arg(stats_.all.n)
            .arg(stats_.all.rmse * 100, 0, 'f', 2)
            .arg(stats_.all.mape * 100, 0, 'f', 2)
            .arg(stats_.all.meanSigned * 100, 0, 'f', 2)
            .arg(stats_.within * 100, 0, 'g', 3)
            .arg(stats_.nearBest.n)
            .arg(stats_.nearBest.rmse * 100, 0, 'f', 2)
            .arg(stats_.nearBest.mape * 100, 0, 'f', 2)
            .arg(sign) +
        baselineLine_);
}

void RunsView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    plot_->toPainter(&painter, size.width(), size.height() - 44);
    painter.translate(0, size.height() - 42);
    QFont f = painter.font();
    f.setPointSize(plotTheme(presentation_).basePointSize);
    painter.setFont(f);
    painter.drawText(QRect(8, 0, size.width() - 16, 40), Qt::AlignLeft | Qt::TextWordWrap,
                     statsLabel_->text());
}

QString RunsView::csv() const {
    QString out = QStringLiteral("# %1\nid,gpu,stencil,s1,s2,s3,t,ts1,ts2,ts3,tt,threads,"
                                 "measured_s,predicted_s,rel_error,near_best,source\n")
                      .arg(statsLabel_->text());
    for (const auto& p : stats_.pairs) {
        const auto& r = p.run;
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,\"%17\"\n")
                   .arg(r.id)
                   .arg(QString::fromStdString(r.gpu), QString::fromStdString(r.stencil))
                   .arg(r.space[0])
                   .arg(r.space[1])
                   .arg(r.space[2])
                   .arg(r.time)
                   .arg(r.tile[0])
                   .arg(r.tile[1])
                   .arg(r.tile[2])
                   .arg(r.tt)
                   .arg(r.threads ? QString::number(*r.threads) : QString())
                   .arg(r.timeSeconds, 0, 'g', 12)
                   .arg(p.predicted ? QString::number(p.tAlg, 'g', 12) : QString(),
                        p.predicted ? QString::number(p.relError, 'g', 8) : QString(),
                        p.nearBest ? QStringLiteral("1") : QStringLiteral("0"),
                        QString::fromStdString(r.source).replace('"', "\"\""));
    }
    return out;
}

} // namespace cdx::widgets
