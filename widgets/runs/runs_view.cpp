// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/runs_view.hpp"

#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "runs/runs_table_model.hpp"
#include "talg/talg_plot_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <filesystem>
#include <map>
#include <numeric>
#include <qcustomplot.h>
#include <set>

namespace cdx::widgets {

namespace {

// The shipped profiles and the user's (issue 43: runs may name a GPU of the user's), read again
// only when a file was added, removed or changed; the session's GPU and stencil replace them
// per call.
// `generation` counts the reads (the predictions made with an older one are made again).
const runs::ProfileSet& shippedProfiles(std::uint64_t* generation = nullptr) {
    static std::string signature;
    static runs::ProfileSet p;
    static std::uint64_t read = 0;
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
    if (now != signature || now.empty() || read == 0) {
        signature = now;
        ++read;
        try {
            p = runs::ProfileSet::shipped();
        } catch (const InputError&) {
            p = runs::ProfileSet{};
        }
    }
    if (generation) {
        *generation = read;
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
    // A model over the shared run list (issue 44): no item per cell, cells made when painted.
    table_ = new QTableView(split);
    table_->setObjectName("runsTable");
    model_ = new RunsTableModel(table_);
    table_->setModel(model_);
    // Columns are sized from the header and the first 64 rows (the rows below have the same
    // kinds of values): measuring all of 2,000 runs took half of a filter step (issue 33).
    table_->horizontalHeader()->setResizeContentsPrecision(64);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // One text line a row (the style's default left 30 px rows: 18 runs on a laptop screen).
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the database's order
    table_->setSortingEnabled(true);
    split->addWidget(plot_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    statsLabel_ = new QLabel(this);
    statsLabel_->setObjectName("runsStats");
    statsLabel_->setWordWrap(true);
    // Three lines kept for it: a text of another line count resized the plot above at every
    // filter step (a resize re-creates the plot's paint buffers and replots it once more).
    statsLabel_->setMinimumHeight(3 * statsLabel_->fontMetrics().lineSpacing() + 4);
    statsLabel_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    statsLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(statsLabel_);

    for (QComboBox* c : {gpu_, stencil_}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    }
    connect(sessionOnly_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(whatIf_, &QCheckBox::toggled, this, [this] {
        predict();
        recompute();
    });
    connect(within_, &QDoubleSpinBox::valueChanged, this, [this] { recompute(); });
    connect(log_, &QCheckBox::toggled, this, [this] { redraw(); });
    connect(import_, &QPushButton::clicked, this, &RunsView::importRequested);
    connect(delete_, &QPushButton::clicked, this, [this] {
        const auto ids = selectedIds();
        if (!ids.empty()) {
            emit deleteRequested(ids);
        }
    });
    connect(calibrate_, &QPushButton::clicked, this,
            [this] { emit calibrateRequested(shownIds()); });
    setPresentation(false);
}

void RunsView::setPresentation(bool on) {
    presentation_ = on;
    restyle_ = true;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    redraw();
    // The headers in the new font size ("measured [s" was cut in presentation mode).
    QTimer::singleShot(0, table_, [this] {
        table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
        fitColumns();
    });
}

void RunsView::setSession(const SessionState& s) {
    session_ = s;
    // The predictions follow the session only on the what-if and with a baseline (its fit is
    // compared with the session's); else only the profile files can change them.
    std::uint64_t generation = 0;
    shippedProfiles(&generation);
    if (whatIf_->isChecked() || s.baseline || !baselineSide_.runs.empty() ||
        generation != profilesSeen_) {
        predict();
    }
    recompute();
}

void RunsView::setRuns(runs::RunList runs, const QString& database,
                       const std::vector<runs::StoredProfile>& stored) {
    list_ = runs ? std::move(runs) : std::make_shared<const std::vector<runs::Run>>();
    database_ = database;
    stored_ = runs::ProfileSet{};
    stored_.addStored(stored, database.toStdString());
    std::set<std::string> gpus, stencils;
    for (const auto& r : *list_) {
        gpus.insert(r.gpu);
        stencils.insert(r.stencil);
    }
    // Each run's GPU and stencil as an index into the sorted ids: a filter step compares
    // numbers, not 68,000 strings (issue 44).
    gpuIds_.assign(gpus.begin(), gpus.end());
    stencilIds_.assign(stencils.begin(), stencils.end());
    gpuOf_.resize(list_->size());
    stencilOf_.resize(list_->size());
    for (std::size_t i = 0; i < list_->size(); ++i) {
        const runs::Run& r = (*list_)[i];
        gpuOf_[i] = static_cast<int>(std::lower_bound(gpuIds_.begin(), gpuIds_.end(), r.gpu) -
                                     gpuIds_.begin());
        stencilOf_[i] =
            static_cast<int>(std::lower_bound(stencilIds_.begin(), stencilIds_.end(), r.stencil) -
                             stencilIds_.begin());
    }
    byMeasured_.resize(list_->size());
    std::iota(byMeasured_.begin(), byMeasured_.end(), std::size_t{0});
    std::stable_sort(byMeasured_.begin(), byMeasured_.end(), [this](std::size_t a, std::size_t b) {
        return (*list_)[a].timeSeconds < (*list_)[b].timeSeconds;
    });
    refill(gpu_, gpus, tr("all GPUs"));
    refill(stencil_, stencils, tr("all stencils"));
    predict();
    recompute();
    // The columns sized for the new runs (not per filter step: the widths would jump), from
    // the first 64 rows; the id column for the largest id, which a filter may bring up
    // ("59…" was cut after a filter step at 68,000 runs).
    fitColumns();
}

void RunsView::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (!shownOnce_) {
        shownOnce_ = true;
        QTimer::singleShot(0, table_, [this] { fitColumns(); });
    }
}

void RunsView::fitColumns() {
    // A minimum of our own: Qt's default (the font's widest glyph) was applied to the id column
    // at some layouts and not at others, so the column came back 3 px different after F11 and
    // Esc (issue 45: Esc restores pixel for pixel).
    table_->horizontalHeader()->setMinimumSectionSize(2 * table_->fontMetrics().height());
    // The last column too: stretched to a wider view (F11), it kept that width otherwise.
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    std::int64_t maxId = 0;
    for (const auto& r : *list_) {
        maxId = std::max(maxId, r.id);
    }
    const int idWidth = table_->fontMetrics().horizontalAdvance(QString::number(maxId)) + 16;
    if (table_->columnWidth(RunsTableModel::Id) < idWidth) {
        table_->setColumnWidth(RunsTableModel::Id, idWidth);
    }
}

std::vector<std::int64_t> RunsView::selectedIds() const {
    std::set<std::int64_t> ids;
    for (const QModelIndex& row : table_->selectionModel()->selectedRows()) {
        ids.insert(model_->runId(row.row()));
    }
    return {ids.begin(), ids.end()};
}

std::vector<std::int64_t> RunsView::shownIds() const {
    std::vector<std::int64_t> ids;
    ids.reserve(shown_.size());
    for (const std::size_t i : shown_) {
        ids.push_back((*list_)[i].id);
    }
    return ids;
}

void RunsView::predict() {
    if (!list_) {
        list_ = std::make_shared<const std::vector<runs::Run>>();
    }
    // Each run is predicted with the profile it names (as `cdx runs stats`); the session's
    // edits only on the explicit what-if. The profile files, and for an id no file gives any
    // more the database's own description.
    const runs::ProfileSet& files = shippedProfiles(&profilesSeen_);
    runs::ProfileSet merged;
    const runs::ProfileSet* profiles = &files;
    const auto missing = [](const auto& stored, const auto& have) {
        for (const auto& [id, p] : stored) {
            if (have.count(id) == 0) {
                return true;
            }
        }
        return false;
    };
    // Which predictions come from the database's copy of a profile whose file is gone: said in
    // the subtitle (issue 55: they came from it silently while the view said "shipped").
    fromCopies_.clear();
    if (missing(stored_.gpus, files.gpus) || missing(stored_.stencils, files.stencils)) {
        merged = files;
        for (const auto& [id, g] : stored_.gpus) {
            if (merged.gpus.emplace(id, g).second) {
                fromCopies_ << tr("GPU %1").arg(QString::fromStdString(id));
            }
        }
        for (const auto& [id, st] : stored_.stencils) {
            if (merged.stencils.emplace(id, st).second) {
                fromCopies_ << tr("stencil %1").arg(QString::fromStdString(id));
            }
        }
        profiles = &merged;
    }
    const auto with = [&](const SessionState& side) {
        runs::ProfileSet p = *profiles;
        p.put(side.gpu);
        p.put(side.stencil);
        return runs::predictRuns(*list_, p, side.variant);
    };
    predictions_ = session_ && whatIf_->isChecked()
                       ? with(*session_)
                       : runs::predictRuns(*list_, *profiles, talg::TalgVariant{});
    // With a baseline: the same runs predicted with the baseline's GPU, stencil and variant
    // and with the session's (what an edited C_iter or n_SM does to the fit), side by side.
    baselineSide_ = {};
    sessionSide_ = {};
    if (session_ && session_->baseline) {
        baselineSide_ = with(*session_->baseline);
        if (!whatIf_->isChecked()) {
            sessionSide_ = with(*session_);
        }
    }
    ++version_;
}

void RunsView::recompute() {
    if (!list_) {
        predict();
    }
    // The filters as indices into the ids (-1: any; -2: an id no run has, so none).
    const auto indexOf = [](const std::vector<std::string>& ids, const std::string& id) {
        const auto it = std::lower_bound(ids.begin(), ids.end(), id);
        return it != ids.end() && *it == id ? static_cast<int>(it - ids.begin()) : -2;
    };
    const std::string gpu = gpu_->currentData().toString().toStdString();
    const std::string stencil = stencil_->currentData().toString().toStdString();
    int gpuIndex = gpu.empty() ? -1 : indexOf(gpuIds_, gpu);
    int stencilIndex = stencil.empty() ? -1 : indexOf(stencilIds_, stencil);
    const bool sessionOnly = sessionOnly_->isChecked() && session_;
    if (sessionOnly) {
        const int g = indexOf(gpuIds_, session_->gpu.id);
        const int st = indexOf(stencilIds_, session_->stencil.id);
        gpuIndex = gpuIndex == -1 || gpuIndex == g ? g : -2;
        stencilIndex = stencilIndex == -1 || stencilIndex == st ? st : -2;
    }
    shown_.clear();
    const auto& all = *list_;
    if (gpuIndex != -2 && stencilIndex != -2 && all.size() == gpuOf_.size()) {
        for (std::size_t i = 0; i < all.size(); ++i) {
            if ((gpuIndex >= 0 && gpuOf_[i] != gpuIndex) ||
                (stencilIndex >= 0 && stencilOf_[i] != stencilIndex)) {
                continue;
            }
            const runs::Run& r = all[i];
            if (sessionOnly &&
                (r.space != session_->problem.space || r.time != session_->problem.time)) {
                continue;
            }
            shown_.push_back(i);
        }
    }
    const double within = within_->value() / 100;
    stats_ = runs::summarize(all, predictions_, shown_, within);
    // How well the model chooses, per experiment shown (issue 57): one experiment named with
    // its numbers; several summed up by the range of each measure.
    {
        const auto ranking = runs::rankingStats(all, predictions_, shown_, 10);
        rankingLine_.clear();
        const auto pct = [](double v) { return QStringLiteral("%1 %").arg(v * 100, 0, 'f', 1); };
        const auto rho = [](double v) {
            return std::isfinite(v) ? QString::number(v, 'f', 2) : tr("n/a");
        };
        if (ranking.size() == 1) {
            const auto& r = ranking.front();
            rankingLine_ =
                tr(" How well the model chooses: Spearman %1; its choice +%2 of the best "
                   "measured%3; the best of its top %4 +%5 (of %4 at random +%6).")
                    .arg(rho(r.spearman), pct(r.choiceRegret),
                         r.choiceTies > 1 ? tr(" (%1 tied)").arg(r.choiceTies) : QString())
                    .arg(r.top)
                    .arg(pct(r.topRegret), pct(r.randomRegret));
        } else if (ranking.size() > 1) {
            double rLo = 1, rHi = -1, cLo = 1e300, cHi = 0, tLo = 1e300, tHi = 0;
            for (const auto& r : ranking) {
                if (std::isfinite(r.spearman)) {
                    rLo = std::min(rLo, r.spearman);
                    rHi = std::max(rHi, r.spearman);
                }
                cLo = std::min(cLo, r.choiceRegret);
                cHi = std::max(cHi, r.choiceRegret);
                tLo = std::min(tLo, r.topRegret);
                tHi = std::max(tHi, r.topRegret);
            }
            rankingLine_ =
                tr(" How well the model chooses, over %1 experiments: Spearman %2 to %3; its "
                   "choice +%4 to +%5 of the best measured; the best of its top 10 +%6 to +%7 "
                   "(cdx runs stats lists each).")
                    .arg(ranking.size())
                    .arg(rHi >= rLo ? rho(rLo) : tr("n/a"), rHi >= rLo ? rho(rHi) : tr("n/a"))
                    .arg(pct(cLo), pct(cHi), pct(tLo), pct(tHi));
        }
    }
    baselineLine_.clear();
    if (!baselineSide_.runs.empty()) {
        const runs::ErrorStats a = runs::summarize(all, baselineSide_, shown_, within).all;
        const runs::ErrorStats b =
            (sessionSide_.runs.empty() ? stats_
                                       : runs::summarize(all, sessionSide_, shown_, within))
                .all;
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
    model_->setRuns(list_, &predictions_, version_, shown_, within);
    redraw();
    emit statsChanged();
}

void RunsView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    const bool log = log_->isChecked();
    const auto& all = *list_;
    // The scatter is built again only when its runs, their predictions or the axes changed:
    // the "within" field and the what-if's labels leave its 68,000 points where they are.
    if (restyle_ || plotted_ != version_ || plottedRuns_ != shown_ || plottedLog_ != log) {
        const bool sameAxes = !restyle_ && plottedLog_ == log && diagonal_ != nullptr;
        // The graphs are kept and given new data (made again only for a new theme): a filter
        // step that re-created them laid out the legend's texts again (issue 44).
        if (restyle_ || plottedLog_ != log || !diagonal_) {
            for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
                a->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
                a->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                                 : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
            }
        }
        if (restyle_ || !diagonal_) {
            plot_->clearGraphs();
            stencilGraphs_.clear();
            upper_ = plot_->addGraph();
            upper_->setName(tr("±10 %"));
            upper_->setPen(QPen(QColor(150, 150, 150), 1, Qt::DotLine));
            lower_ = plot_->addGraph();
            lower_->setPen(QPen(QColor(150, 150, 150), 1, Qt::DotLine));
            lower_->removeFromLegend();
            upper_->setBrush(QColor(120, 120, 120, 35));
            upper_->setChannelFillGraph(lower_);
            diagonal_ = plot_->addGraph();
            diagonal_->setName(tr("y = x (model = measurement)"));
            diagonal_->setPen(QPen(Qt::black, t.lineWidth, Qt::DashLine));
        }
        restyle_ = false;
        plotted_ = version_;
        plottedRuns_ = shown_;
        plottedLog_ = log;
        // One graph per stencil, coloured in the order the stencils first appear in the list;
        // the points go in by measured time, so each graph's keys arrive sorted.
        std::vector<int> graphOfStencil(stencilIds_.size(), -1);
        std::vector<std::string> names;
        std::vector<int> graphOfRun(all.size(), -1);
        double lo = std::numeric_limits<double>::infinity(), hi = 0;
        for (const std::size_t i : shown_) {
            const runs::Prediction& p = predictions_.runs[i];
            if (!p.predicted) {
                continue;
            }
            int& g = graphOfStencil[static_cast<std::size_t>(stencilOf_[i])];
            if (g < 0) {
                g = static_cast<int>(names.size());
                names.push_back(all[i].stencil);
            }
            graphOfRun[i] = g;
            lo = std::min({lo, all[i].timeSeconds, p.tAlg});
            hi = std::max({hi, all[i].timeSeconds, p.tAlg});
        }
        std::vector<QVector<double>> keys(names.size()), values(names.size());
        for (const std::size_t i : byMeasured_) {
            if (graphOfRun[i] >= 0) {
                const auto g = static_cast<std::size_t>(graphOfRun[i]);
                keys[g] << all[i].timeSeconds;
                values[g] << predictions_.runs[i].tAlg;
            }
        }
        const bool none = hi <= 0;
        if (none) {
            lo = 0.1;
            hi = 10;
        }
        lo = log ? lo / 1.5 : 0;
        hi *= log ? 1.5 : 1.1;
        if (none && sameAxes && (!log || plot_->xAxis->range().lower > 0)) {
            // No run to show: the axes stay where they were (a jump to 0.1-10 s and back laid
            // every tick label out again, issue 44).
            lo = plot_->xAxis->range().lower;
            hi = plot_->xAxis->range().upper;
        }
        // y = x and the ±10 % band.
        QVector<double> xs;
        const int n = 64;
        for (int i = 0; i < n; ++i) {
            xs << (log ? lo * std::pow(hi / lo, double(i) / (n - 1))
                       : lo + (hi - lo) * i / (n - 1));
        }
        for (auto [g, f] : {std::pair{upper_, 1.1}, {lower_, 0.9}, {diagonal_, 1.0}}) {
            QVector<double> ys;
            for (double x : xs) {
                ys << x * f;
            }
            g->setData(xs, ys, true);
        }
        for (std::size_t g = 0; g < std::max(names.size(), stencilGraphs_.size()); ++g) {
            if (g == stencilGraphs_.size()) {
                QCPGraph* graph = plot_->addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    discScatter(t.palette[g % t.palette.size()], static_cast<int>(t.markerSize)));
                graph->setLayer("overlay"); // the runs above the band and the diagonal
                stencilGraphs_.push_back(graph);
            }
            QCPGraph* graph = stencilGraphs_[g];
            if (g >= names.size()) { // fewer stencils shown than before
                graph->data()->clear();
                graph->setVisible(false);
                graph->removeFromLegend();
                continue;
            }
            const QString name = QString::fromStdString(names[g]);
            if (graph->name() != name) {
                graph->setName(name);
            }
            graph->setVisible(true);
            graph->addToLegend(); // false, and nothing done, when it is there
            graph->setData(keys[g], values[g], true);
        }
        plot_->xAxis->setRange(lo, hi);
        plot_->yAxis->setRange(lo, hi);
    }
    const std::size_t predicted = stats_.runs - stats_.unpredicted;
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
                 : fromCopies_.isEmpty()
                     ? tr("shipped profiles and yours, default variant")
                     : tr("shipped profiles and yours, default variant; %1 from the "
                          "database's copy (no profile file has the id)")
                           .arg(fromCopies_.join(", ")),
                 database_.isEmpty() ? tr("(none)") : database_) +
        (session_ && session_->baseline
             ? tr("\nits fit under %1 is in the text below").arg(baselineName(*session_, {"talg"}))
             : QString()));
    plot_->replot();
    delete_->setEnabled(!shown_.empty());
    calibrate_->setEnabled(session_.has_value() && !shown_.empty());
    writeStats();
}

QString RunsView::subtitleText() const {
    return subtitle_->text();
}

void RunsView::writeStats() {
    if (stats_.all.n == 0) {
        // No prediction, no statistics: never "RMSE 0.0 %".
        statsLabel_->setText(tr("%1 runs (%2 without a prediction): RMSE n/a, MAPE n/a.")
                                 .arg(stats_.runs)
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
            .arg(stats_.runs)
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
        baselineLine_ + rankingLine_);
}

void RunsView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height() - 44);
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
    const auto& all = *list_;
    for (const std::size_t i : shown_) {
        const auto& r = all[i];
        const runs::Prediction& p = predictions_.runs[i];
        const bool near = predictions_.nearBest(all, i, stats_.within);
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
                        near ? QStringLiteral("1") : QStringLiteral("0"),
                        QString::fromStdString(r.source).replace('"', "\"\""));
    }
    return out;
}

} // namespace cdx::widgets
