// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/codesign_chip_panel.hpp"

#include "area/memory_tech.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "search/grid_axis.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>
#include <map>
#include <qcustomplot.h>

namespace cdx::widgets {

bool readAxisField(QLineEdit* e, const char* field, const search::AxisRule& rule, bool emptyAllowed,
                   std::vector<double>& out, QLabel* status) {
    markRefused(e, false);
    if (emptyAllowed && e->text().trimmed().isEmpty()) {
        out.clear();
        return true;
    }
    try {
        out = search::parseAxis(e->text().toStdString(), field, rule);
        return true;
    } catch (const InputError& err) {
        refuseField(e, QStringLiteral("%1 = %2").arg(QString::fromUtf8(field), e->text()),
                    QString::fromStdString(err.allowed()), status);
        return false;
    }
}

CodesignChipControls::CodesignChipControls(QWidget* parent, QHBoxLayout* row) : QObject(parent) {
    on_ = new QCheckBox(tr("Chip model:"), parent);
    on_->setObjectName("codesignChipOn");
    on_->setToolTip(tr("Issue 59: power = static + dynamic + memory at each design's clock "
                       "(cdx chip-power, calibrated on the H100 SXM5), the clock and memory "
                       "stacks as axes, the Power limit a cap on it. Needs a GPU with its die "
                       "block (H100, A100, RTX 4090) at 7 to 2 nm."));
    memory_ = new QComboBox(parent);
    memory_->setObjectName("codesignChipMemory");
    memory_->addItem(tr("the GPU's memory"), QString());
    for (const auto& [id, label] :
         {std::pair{"hbm2e", "HBM2e"}, std::pair{"hbm3", "HBM3"}, std::pair{"hbm3e", "HBM3e"},
          std::pair{"gddr6x", "GDDR6X"}, std::pair{"gddr7", "GDDR7"}}) {
        memory_->addItem(QString::fromLatin1(label), QString::fromLatin1(id));
        // Every value of the technology with its kind and source, as the GPU's are shown.
        try {
            const area::MemoryTech t = area::loadMemoryTech(id);
            QStringList lines{tr("%1 (profiles/memory/%2.json), per %3:")
                                  .arg(QString::fromStdString(t.name), QString::fromLatin1(id),
                                       QString::fromStdString(t.unit))};
            for (const auto& [key, q] : t.params) {
                lines << QStringLiteral("%1 = %2 %3 (%4: %5)")
                             .arg(QString::fromStdString(key))
                             .arg(q.value.value_or(0), 0, 'g', 6)
                             .arg(QString::fromStdString(q.unit),
                                  QString::fromStdString(cdx::kindOf(q)),
                                  QString::fromStdString(q.source));
            }
            memory_->setItemData(memory_->count() - 1, lines.join('\n'), Qt::ToolTipRole);
        } catch (const InputError& e) {
            memory_->setItemData(memory_->count() - 1, QString::fromUtf8(e.what()),
                                 Qt::ToolTipRole);
        }
    }
    memory_->setToolTip(tr("The technology of the memory stacks or chips (profiles/memory)."));
    wholeDie_ = new QCheckBox(tr("whole die"), parent);
    wholeDie_->setObjectName("codesignChipWholeDie");
    wholeDie_->setToolTip(tr("Every area is the whole die: the SM array with the GPU's L1, "
                             "tensor cores and FP64 units, its L2, the memory and I/O PHYs and "
                             "controllers (cdx area --whole-die). L2 and tensor cores cost "
                             "area and add no speed in the time model."));
    objective_ = new QComboBox(parent);
    objective_->setObjectName("codesignChipObjective");
    objective_->addItem(tr("fastest"), "time");
    objective_->addItem(tr("least energy"), "energy");
    objective_->addItem(tr("most work per W"), "perf-per-watt");
    objective_->setToolTip(tr("What the best design is, inside the limits. Energy per run and "
                              "work per watt pick the same design."));
    clock_ = new QLineEdit(parent);
    clock_->setObjectName("codesignChipClock");
    clock_->setPlaceholderText(tr("the GPU's"));
    clock_->setToolTip(tr("SM clocks [MHz] as an axis, e.g. 1200:2200:200. Empty: the GPU's "
                          "clock. C_iter, tau_sync and Mem_LD follow the clock."));
    stacks_ = new QLineEdit(parent);
    stacks_->setObjectName("codesignChipStacks");
    stacks_->setPlaceholderText(tr("the GPU's"));
    stacks_->setToolTip(tr("Memory stacks or chips as an axis, e.g. 4:8:1. Empty: the GPU's "
                           "count."));
    row->addWidget(on_);
    row->addWidget(memory_);
    row->addWidget(wholeDie_);
    row->addWidget(objective_);
    row->addWidget(new QLabel(tr("clock MHz"), parent));
    row->addWidget(clock_, 1);
    row->addWidget(new QLabel(tr("stacks"), parent));
    row->addWidget(stacks_, 1);
    for (QCheckBox* b : {on_, wholeDie_}) {
        connect(b, &QCheckBox::toggled, this, &CodesignChipControls::edited);
    }
    for (QComboBox* c : {memory_, objective_}) {
        connect(c, &QComboBox::activated, this, &CodesignChipControls::edited);
    }
    for (QLineEdit* e : {clock_, stacks_}) {
        connect(e, &QLineEdit::editingFinished, this, &CodesignChipControls::edited);
    }
}

void CodesignChipControls::show(const CodesignSettings& c) {
    const QSignalBlocker b1(on_), b2(wholeDie_), b3(memory_), b4(objective_);
    on_->setChecked(c.chipOn);
    wholeDie_->setChecked(c.wholeDie);
    memory_->setCurrentIndex(std::max(0, memory_->findData(QString::fromStdString(c.memoryTech))));
    objective_->setCurrentIndex(
        std::max(0, objective_->findData(QString::fromStdString(c.objective))));
    const auto showAxis = [](QLineEdit* e, QString& shown, const std::vector<double>& v) {
        const QString text = QString::fromStdString(search::axisText(v));
        if (text != shown) {
            shown = text;
            e->setText(text);
            markRefused(e, false);
        }
    };
    showAxis(clock_, shown_[0], c.gridClockMhz);
    showAxis(stacks_, shown_[1],
             std::vector<double>(c.gridMemoryUnits.begin(), c.gridMemoryUnits.end()));
    for (QWidget* w :
         std::initializer_list<QWidget*>{memory_, wholeDie_, objective_, clock_, stacks_}) {
        w->setEnabled(c.chipOn);
    }
}

bool CodesignChipControls::apply(CodesignSettings& c, QLabel* status) const {
    c.chipOn = on_->isChecked();
    c.wholeDie = wholeDie_->isChecked();
    c.memoryTech = memory_->currentData().toString().toStdString();
    c.objective = objective_->currentData().toString().toStdString();
    std::vector<double> clocks, stacks;
    if (!readAxisField(clock_, "grid clock MHz", search::kClockAxis, true, clocks, status) ||
        !readAxisField(stacks_, "grid stacks", search::kStacksAxis, true, stacks, status)) {
        return false;
    }
    c.gridClockMhz = clocks;
    c.gridMemoryUnits.assign(stacks.begin(), stacks.end());
    return true;
}

CodesignPowerPanel::CodesignPowerPanel(QWidget* parent) : QWidget(parent) {
    setObjectName("codesignPowerPanel");
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("codesignPowerPlot");
    plot_->setMinimumSize(320, 180);
    plot_->xAxis->setLabel(tr("power at full load [W]"));
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    placeLegendBelow(*plot_, 5);
    layout->addWidget(plot_, 3);
    auto* side = new QVBoxLayout;
    bestLabel_ = new QLabel(this);
    bestLabel_->setObjectName("codesignPowerBest");
    bestLabel_->setWordWrap(true);
    side->addWidget(bestLabel_);
    table_ = new QTableWidget(4, 2, this);
    table_->setObjectName("codesignPowerTable");
    table_->setVerticalHeaderLabels({tr("static"), tr("dynamic"), tr("memory"), tr("total")});
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->setMinimumWidth(260);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->setMaximumHeight(5 * (table_->fontMetrics().height() + 6) + 8);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    side->addWidget(table_);
    bar_ = new QCustomPlot(this);
    bar_->setObjectName("codesignPowerBar");
    bar_->setMinimumSize(260, 140);
    placeLegendBelow(*bar_, 3);
    side->addWidget(bar_, 1);
    layout->addLayout(side, 1);
    side->addStretch(0);
}

void CodesignPowerPanel::setResult(const search::CodesignResult* r, const QString& referenceName,
                                   const QString& memoryName, bool presentation) {
    plot_->clearGraphs();
    plot_->clearItems();
    bar_->clearPlottables();
    const PlotTheme t = plotTheme(presentation);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    applyTheme(*bar_, t);
    title_->setText(tr("Power and speed-up: the chip model"));
    subtitle_->setText(QString());
    table_->setHorizontalHeaderLabels({tr("best"), tr("reference")});
    table_->horizontalHeaderItem(1)->setToolTip(tr("%1 as shipped").arg(referenceName));
    bestLabel_->clear();
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 2; ++col) {
            table_->setItem(row, col, new QTableWidgetItem(QStringLiteral("–")));
        }
    }
    if (!r) {
        plot_->replot();
        bar_->replot();
        return;
    }
    // Every feasible design at (power, speed-up), one colour per clock.
    std::map<double, QCPGraph*> byClock;
    double top = 1;
    double right = 0;
    for (const auto& d : r->designs) {
        if (!d.feasible) {
            continue;
        }
        auto [it, fresh] = byClock.emplace(d.clockMhz, nullptr);
        if (fresh) {
            it->second = plot_->addGraph();
            it->second->setLineStyle(QCPGraph::lsNone);
        }
        it->second->addData(d.powerW, d.speedup);
        top = std::max(top, d.speedup);
        right = std::max(right, d.powerW);
    }
    int i = 0;
    for (auto& [clock, g] : byClock) {
        QColor c = t.palette[static_cast<std::size_t>(i++) % t.palette.size()];
        c.setAlpha(170);
        g->setScatterStyle(discScatter(c, presentation ? 7 : 5));
        g->setName(tr("%1 MHz").arg(clock, 0, 'f', 0));
    }
    const auto mark = [&](const search::DesignPoint& d, const QString& name,
                          QCPScatterStyle::ScatterShape shape, const QColor& c) {
        auto* g = plot_->addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(
            QCPScatterStyle(shape, QPen(c, t.lineWidth), Qt::NoBrush, t.markerSize * 2.2));
        g->addData(d.powerW, d.speedup);
        right = std::max(right, d.powerW);
    };
    mark(r->reference, referenceName, QCPScatterStyle::ssSquare, schemeInk());
    const search::DesignPoint* best = r->best ? &r->designs[*r->best] : nullptr;
    if (best) {
        mark(*best, tr("best (%1)").arg(QString::fromUtf8(search::name(r->objective).data())),
             QCPScatterStyle::ssCircle, t.palette[3]);
    }
    if (r->limits.power) {
        auto* cap = new QCPItemStraightLine(plot_);
        cap->point1->setCoords(r->limits.powerW, 0);
        cap->point2->setCoords(r->limits.powerW, 1);
        cap->setPen(QPen(QColor(200, 100, 0), t.lineWidth, Qt::DashLine));
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(r->limits.powerW, top * 1.05);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setText(tr("cap %1 W").arg(r->limits.powerW, 0, 'f', 0));
        label->setColor(QColor(200, 100, 0));
        right = std::max(right, r->limits.powerW);
    }
    plot_->xAxis->setRange(0, right * 1.08);
    plot_->yAxis->setRange(0, top * 1.15);
    plot_->yAxis->setLabel(tr("speed-up [×]"));
    plot_->replot();
    // The table and the stacked bar: best and reference.
    const search::DesignPoint* cols[2] = {best, &r->reference};
    for (int col = 0; col < 2; ++col) {
        if (!cols[col]) {
            continue;
        }
        const search::DesignPoint& d = *cols[col];
        const double values[4] = {d.staticW, d.dynamicW, d.memoryW, d.powerW};
        for (int row = 0; row < 4; ++row) {
            table_->setItem(
                row, col, new QTableWidgetItem(QStringLiteral("%1 W").arg(values[row], 0, 'f', 1)));
        }
    }
    bestLabel_->setText(best ? tr("Best (%1): %2 SM × %3 VU at %4 MHz, %5 × %6, %7 mm², %8×")
                                   .arg(QString::fromUtf8(search::name(r->objective).data()))
                                   .arg(best->nSm)
                                   .arg(best->nV)
                                   .arg(best->clockMhz, 0, 'f', 0)
                                   .arg(best->memoryUnits)
                                   .arg(memoryName)
                                   .arg(best->area, 0, 'f', 0)
                                   .arg(best->speedup, 0, 'f', 2)
                             : tr("No design inside the limits."));
    QCPBars* below = nullptr;
    const QString names[3] = {tr("static"), tr("dynamic"), tr("memory")};
    for (int part = 0; part < 3; ++part) {
        auto* bars = new QCPBars(bar_->yAxis, bar_->xAxis);
        bars->setName(names[part]);
        bars->setBrush(t.palette[static_cast<std::size_t>(part) + 1]);
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.6);
        for (int col = 0; col < 2; ++col) {
            if (cols[col]) {
                const double v[3] = {cols[col]->staticW, cols[col]->dynamicW, cols[col]->memoryW};
                bars->addData(col, v[part]);
            }
        }
        if (below) {
            bars->moveAbove(below);
        }
        below = bars;
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(0, tr("best"));
    ticker->addTick(1, tr("reference"));
    bar_->yAxis->setTicker(ticker);
    bar_->yAxis->setRange(-0.6, 1.6);
    double widest = 0;
    for (const auto* d : cols) {
        widest = d ? std::max(widest, d->powerW) : widest;
    }
    bar_->xAxis->setRange(0, widest * 1.1 + 1);
    bar_->xAxis->setLabel(tr("static, dynamic, memory [W]"));
    bar_->xAxis->ticker()->setTickCount(3);
    bar_->replot();
}

} // namespace cdx::widgets
