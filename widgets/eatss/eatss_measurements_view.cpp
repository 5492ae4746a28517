// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_measurements_view.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
const char* const kVariants[4] = {"median PPCG", "default PPCG (32^n)", "best PPCG", "EATSS"};
// Fig. 7's abbreviations of the shipped programs.
std::string benchOf(const std::string& program) {
    static const std::pair<const char*, const char*> abbrev[] = {{"correlation", "corre"},
                                                                 {"covariance", "covar"},
                                                                 {"fdtd-apml", "fdtd-apm"},
                                                                 {"gemver", "gemve"},
                                                                 {"gesummv", "gesum"},
                                                                 {"gramschmidt", "grams"},
                                                                 {"jacobi-1d-imper", "jacob-1d"},
                                                                 {"jacobi-2d-imper", "jacob-2d"},
                                                                 {"trisolv", "triso"}};
    for (const auto& [p, b] : abbrev) {
        if (program == p) {
            return b;
        }
    }
    return program;
}
} // namespace

EatssMeasurementsView::EatssMeasurementsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("GPU:"), this));
    gpu_ = new QComboBox(this);
    gpu_->setObjectName("eatssFig7Gpu");
    gpu_->addItem(tr("GA100 (A100)"), "a100");
    gpu_->addItem(tr("Jetson AGX Xavier"), "xavier");
    row->addWidget(gpu_);
    row->addWidget(new QLabel(tr("Metric:"), this));
    metric_ = new QComboBox(this);
    metric_->setObjectName("eatssFig7Metric");
    metric_->addItem(tr("performance per watt [GFLOP/s per W]"));
    metric_->addItem(tr("energy"));
    metric_->addItem(tr("performance [GFLOP/s]"));
    row->addWidget(metric_);
    row->addStretch(1);
    layout->addLayout(row);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("eatssFig7Plot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    // The legend below the axes, in one row (inside it covered the first benchmarks).
    placeLegendBelow(*plot_, 4);
    // The chart above, the table (the paper's numbers, as printed) below.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(plot_);
    table_ = new QTableWidget(split);
    table_->setObjectName("eatssFig7Table");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    connect(gpu_, &QComboBox::currentIndexChanged, this, [this] {
        try {
            m_ = eatss::loadFig7(gpu_->currentData().toString().toStdString());
            error_.clear();
        } catch (const InputError& e) {
            error_ = QString::fromUtf8(e.what());
        }
        redraw();
    });
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    m_ = eatss::loadFig7("a100");
    setPresentation(false);
}

int EatssMeasurementsView::barCount() const {
    int n = 0;
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        if (auto* b = qobject_cast<QCPBars*>(plot_->plottable(i))) {
            n += b->dataCount();
        }
    }
    return n;
}

void EatssMeasurementsView::setPresentation(bool on) {
    presentation_ = on;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    redraw();
    // The columns again once the new font has reached the table: sized at once, they kept the
    // large font's widths after F11 and Esc (issue 45: Esc restores pixel for pixel).
    QTimer::singleShot(0, table_, [this] { table_->resizeColumnsToContents(); });
}

void EatssMeasurementsView::setSession(const SessionState& s) {
    program_ = benchOf(s.eatss.program.id);
    // The session's GPU when the paper measured it.
    const int i = gpu_->findData(QString::fromStdString(s.eatss.gpu));
    if (i >= 0 && i != gpu_->currentIndex()) {
        gpu_->setCurrentIndex(i); // redraws
        return;
    }
    redraw();
}

void EatssMeasurementsView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearPlottables();
    const int metric = metric_->currentIndex();
    const auto value = [&](const eatss::Measurement& r, int v) {
        const auto& a = metric == 0 ? r.ppw : metric == 1 ? r.energy : r.gflops;
        return a[static_cast<std::size_t>(v)];
    };
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    for (std::size_t i = 0; i < m_.rows.size(); ++i) {
        QString name = QString::fromStdString(m_.rows[i].bench);
        if (m_.rows[i].bench == program_) {
            name = "► " + name;
        }
        ticker->addTick(static_cast<double>(i + 1), name);
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(60);
    double lo = 1e300, hi = 0;
    for (int v = 0; v < 4; ++v) {
        auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
        bars->setName(tr(kVariants[v]));
        bars->setWidth(0.19);
        const QColor c = v == 3 ? t.palette[2]
                                : t.palette[static_cast<std::size_t>(v == 0   ? 5
                                                                     : v == 1 ? 6
                                                                              : 1) %
                                            t.palette.size()];
        bars->setBrush(c);
        bars->setPen(QPen(c.darker(130)));
        bars->setBaseValue(1e-4);
        for (std::size_t i = 0; i < m_.rows.size(); ++i) {
            const double y = value(m_.rows[i], v);
            // Four bars side by side around the benchmark's tick.
            bars->addData(static_cast<double>(i + 1) + (v - 1.5) * 0.2, y);
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
    }
    plot_->xAxis->setRange(0.3, static_cast<double>(m_.rows.size()) + 0.7);
    plot_->yAxis->setRange(lo / 2, hi * 3);
    const QString unit = metric == 0   ? tr("GFLOP/s per W")
                         : metric == 1 ? QString::fromStdString(m_.energyUnit)
                                       : tr("GFLOP/s");
    plot_->yAxis->setLabel(metric_->currentText().section(" [", 0, 0) + " [" + unit + "]");
    QStringList means;
    for (int v = 0; v < 4; ++v) {
        std::vector<double> xs;
        for (const auto& r : m_.rows) {
            xs.push_back(value(r, v));
        }
        means << QStringLiteral("%1 %2")
                     .arg(tr(kVariants[v]))
                     .arg(eatss::geometricMean(xs), 0, 'g', 3);
    }
    table_->clear();
    table_->setRowCount(static_cast<int>(m_.rows.size()));
    table_->setColumnCount(5);
    table_->setHorizontalHeaderLabels(
        {tr("benchmark"), tr(kVariants[0]), tr(kVariants[1]), tr(kVariants[2]), tr(kVariants[3])});
    for (std::size_t i = 0; i < m_.rows.size(); ++i) {
        table_->setItem(static_cast<int>(i), 0,
                        new QTableWidgetItem(QString::fromStdString(m_.rows[i].bench)));
        for (int v = 0; v < 4; ++v) {
            auto* item = new QTableWidgetItem(QString::number(value(m_.rows[i], v)));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(static_cast<int>(i), v + 1, item);
        }
    }
    table_->resizeColumnsToContents();
    title_->setText(tr("%1 on the %2 (paper Fig. 7): geometric means (recomputed from the rows) %3")
                        .arg(metric_->currentText().section(" [", 0, 0), gpu_->currentText(),
                             means.join(", ")));
    subtitle_->setText(tr("published measurements, not computed by the model; EATSS = its most "
                          "performant tile size; ► the session's program"));
    summary_->setText(
        error_.isEmpty()
            ? tr("Higher is better for performance per watt and GFLOP/s, lower for "
                 "energy. The paper's headline: EATSS's PPW is 1.2× (GA100) and 1.5× "
                 "(Xavier) the median PPCG variant's (geometric means, spec O9). GFLOP/s "
                 "count FP64 twice, as the artifact does.")
            : error_);
    plot_->replot();
}

void EatssMeasurementsView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString EatssMeasurementsView::csv() const {
    QString out =
        QStringLiteral("# %1; energy in %2\nbench,ppw_median,ppw_default,ppw_best,"
                       "ppw_eatss,energy_median,energy_default,energy_best,energy_eatss,"
                       "gflops_median,gflops_default,gflops_best,gflops_eatss\n")
            .arg(QString::fromStdString(m_.source), QString::fromStdString(m_.energyUnit));
    for (const auto& r : m_.rows) {
        out += QString::fromStdString(r.bench);
        for (const auto* a : {&r.ppw, &r.energy, &r.gflops}) {
            for (double v : *a) {
                out += "," + QString::number(v);
            }
        }
        out += "\n";
    }
    return out;
}

} // namespace cdx::widgets
