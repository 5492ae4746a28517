// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/architecture_view.hpp"

#include "area/chip_gpu.hpp"
#include "area/process_node.hpp"
#include "common/background_job.hpp"
#include "common/number_format.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/variant_choice.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "search/codesign_session.hpp"
#include "search/grid_axis.hpp"
#include "search/k_rule.hpp"
#include "talg/talg_plot_text.hpp"

#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>

namespace cdx::widgets {

std::vector<double> ArchitectureView::sliderValues(Slider s) const {
    const search::HardwareGrid& g = grid_;
    std::vector<double> v;
    switch (s) {
    case Sms:
        for (auto n : g.nSm) {
            v.push_back(static_cast<double>(n));
        }
        break;
    case VectorUnits:
        for (auto n : g.nV) {
            v.push_back(static_cast<double>(n));
        }
        break;
    case SharedMemory:
        v = g.mSmKb;
        break;
    case RegisterFile:
        for (int i = 1; i <= 16; ++i) {
            v.push_back(0.5 * i);
        }
        break;
    case L1:
        v = {0, 3, 6, 12, 24, 48, 96}; // the Cacti sweep (KB per SM pair)
        break;
    default:
        v = {0, 32, 64, 128, 256, 512}; // KB per SM (the L2 sweep)
        break;
    }
    for (double x : offGrid_[static_cast<std::size_t>(s)]) {
        if (std::find(v.begin(), v.end(), x) == v.end()) {
            v.push_back(x);
        }
    }
    std::sort(v.begin(), v.end());
    return v;
}

namespace {

// What the n_V curve depends on besides the architecture: the time constants and C_iter (the
// GPU without its die keys), the variant, the area model and the workload.
std::string curveInputs(const SessionState& s) {
    GpuProfile g = s.gpu;
    for (const char* die : {"n_sm", "n_v", "m_sm_kb", "r_vu_kb", "l1_pair_kb", "l2_kb"}) {
        g.params.erase(die);
    }
    return toJson(g).dump() + "|" + talg::variantSummary(s.variant, 3) + "|" +
           area::toJson(s.areaSet()).dump() + "|" + std::string(area::name(s.areaForm)) + "|" +
           s.codesign.workload;
}

int nearestIndex(const std::vector<double>& values, double x) {
    int best = 0;
    for (int i = 1; i < static_cast<int>(values.size()); ++i) {
        if (std::abs(values[static_cast<std::size_t>(i)] - x) <
            std::abs(values[static_cast<std::size_t>(best)] - x)) {
            best = i;
        }
    }
    return best;
}

const char* const kSliderNames[] = {"n_SM", "n_V", "M_SM", "R_VU", "L1 / SM pair", "L2 / SM"};
const char* const kSliderUnits[] = {"", "", "KB", "KB", "KB", "KB"};
const char* const kSliderTips[] = {
    "Streaming multiprocessors (thesis C.16: even)",
    "Vector units per SM (C.14: multiple of 32)",
    "Shared memory per SM (C.15: 12, 24, 36 or a multiple of 48 KB)",
    "Register file per vector unit (area only: the time model ignores registers)",
    "L1 cache per SM pair (area only: the time model has no caches; 0 = none)",
    "L2 cache per SM (area only; total = value x n_SM; 0 = none)"};

} // namespace

ArchitectureView::ArchitectureView(QWidget* parent) : QWidget(parent) {
    job_ = new BackgroundJob(this);
    curveTimer_ = new QTimer(this);
    curveTimer_->setSingleShot(true);
    curveTimer_->setInterval(40);
    connect(curveTimer_, &QTimer::timeout, this, &ArchitectureView::startCurveJob);
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        curvePending_ = false;
        error_ = why;
        drawCurve();
    });
    auto* layout = new QHBoxLayout(this);
    auto* left = new QWidget(this);
    auto* form = new QFormLayout(left);
    for (int i = 0; i < SliderCount; ++i) {
        const auto which = static_cast<Slider>(i);
        auto* slider = new QSlider(Qt::Horizontal, left);
        slider->setObjectName(QStringLiteral("archSlider%1").arg(i));
        slider->setRange(0, static_cast<int>(sliderValues(which).size()) - 1);
        slider->setPageStep(1);
        slider->setToolTip(tr(kSliderTips[i]));
        slider->setMinimumWidth(180);
        auto* value = new QLabel(left);
        value->setMinimumWidth(90);
        auto* row = new QHBoxLayout;
        row->addWidget(slider, 1);
        row->addWidget(value);
        form->addRow(tr(kSliderNames[i]), row);
        sliders_[static_cast<std::size_t>(i)] = slider;
        values_[static_cast<std::size_t>(i)] = value;
        connect(slider, &QSlider::valueChanged, this, [this, slider] {
            if (!updating_) {
                emitArchitecture(slider->isSliderDown());
            }
        });
        connect(slider, &QSlider::sliderReleased, this, [this] { emitArchitecture(false); });
    }
    kRule_ = variant_choice::combo(
        left, "archKRule",
        {{tr("max: as many blocks per SM as fit"), "max"},
         {tr("effective: capped by ⌈w/n_SM⌉"), "effective"},
         {tr("optimize: the best k"), "optimize"}},
        tr("The k rule of the exact search (the session's Talg variant): under max every block "
           "that fits runs, so more shared memory per SM can make a design slower"));
    connect(kRule_, &QComboBox::activated, this,
            [this] { emit kRuleChosen(kRule_->currentData().toString()); });
    form->addRow(tr("k rule"), kRule_);
    // Issue 59: the clock and the memory stacks of the chip, with its power (static + dynamic +
    // memory at full load) where the chip has its die block.
    const auto chipSlider = [&](const char* name, const QString& label, const QString& tip,
                                QSlider*& slider, QLabel*& value) {
        slider = new QSlider(Qt::Horizontal, left);
        slider->setObjectName(name);
        slider->setPageStep(1);
        slider->setToolTip(tip);
        slider->setMinimumWidth(180);
        value = new QLabel(left);
        value->setMinimumWidth(90);
        auto* row = new QHBoxLayout;
        row->addWidget(slider, 1);
        row->addWidget(value);
        form->addRow(label, row);
        connect(slider, &QSlider::valueChanged, this, [this, slider] {
            if (!updating_) {
                emitChip(slider->isSliderDown());
            }
        });
        connect(slider, &QSlider::sliderReleased, this, [this] { emitChip(false); });
    };
    chipSlider("archClock", tr("clock"),
               tr("SM clock: C_iter, tau_sync and Mem_LD follow it by their rules; the power "
                  "follows the chip's voltage curve (the Codesign grid's clock axis, or 500 to "
                  "3000 MHz)"),
               clockSlider_, clockValue_);
    chipSlider("archStacks", tr("memory"),
               tr("Memory stacks or chips of the chip's technology: the bandwidth (and L), the "
                  "interface area and the memory power follow them"),
               stacksSlider_, stacksValue_);
    power_ = new QLabel(left);
    power_->setObjectName("archPower");
    power_->setWordWrap(true);
    power_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(power_);
    summary_ = new QLabel(left);
    summary_->setObjectName("archSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(summary_);
    kNote_ = new QLabel(left);
    kNote_->setObjectName("archKNote");
    kNote_->setWordWrap(true);
    setTextColor(kNote_, QColor("#8a4b00"));
    kNote_->hide();
    form->addRow(kNote_);
    table_ = new QTableWidget(left);
    table_->setObjectName("archTable");
    table_->setColumnCount(4);
    table_->setHorizontalHeaderLabels(
        {tr("stencil"), tr("problems"), tr("Σ w·T_alg"), tr("share")});
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    form->addRow(table_);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName("archPlot");
    plot_->setMinimumSize(420, 320);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    speedup_ = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    speedup_->setName(tr("speed-up of the workload (left)"));
    area_Graph_ = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    area_Graph_->setName(tr("die area (right)"));
    current_ = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    current_->setName(tr("this design"));
    current_->setLineStyle(QCPGraph::lsNone);
    baselinePoint_ = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    baselinePoint_->setName(tr("baseline"));
    baselinePoint_->setLineStyle(QCPGraph::lsNone);
    baselinePoint_->removeFromLegend();
    // Where the area model's vector-unit logic was measured (n_V = 128 on the shipped set):
    // the rest of the curve is extrapolated.
    calibratedNv_ = new QCPItemRect(plot_);
    calibratedNv_->setLayer("grid"); // under the curves
    calibratedNv_->setPen(QPen(QColor(60, 60, 60), 1, Qt::DashLine));
    // Opaque and under the curves: a translucent fill cost 20 ms per slider step.
    calibratedNv_->setBrush(QColor(222, 222, 222));
    calibratedLabel_ = new QCPItemText(plot_);
    calibratedLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    calibratedLabel_->setPadding(QMargins(4, 2, 0, 0));
    plot_->yAxis2->setVisible(true);
    plot_->xAxis->setLabel(tr("vector units per SM, n_V (at this n_SM and M_SM)"));
    plot_->yAxis2->setLabel(tr("die area [mm²]"));
    plot_->legend->setVisible(true);
    // Under the axes: inside, it covered this design's and the baseline's points (small n_V).
    placeLegendBelow(*plot_, 2);

    // The sliders and texts scroll when the window is short (with the outside-calibration
    // banner up, the k-rule sentence overlapped the text above it at 1366 x 768).
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setMinimumHeight(table_->horizontalHeader()->sizeHint().height() +
                             3 * table_->verticalHeader()->defaultSectionSize() + 4);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(plot_);
    split->setStretchFactor(1, 1);
    layout->addWidget(split);
    setPresentation(false);
}

void ArchitectureView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    QFont lf = plot_->font();
    lf.setPointSize(t.basePointSize);
    calibratedLabel_->setFont(lf);
    calibratedLabel_->setColor(QColor(60, 60, 60));
    applyTheme(PlotHeader{title_, subtitle_}, t);
    speedup_->setPen(QPen(t.palette[0], t.lineWidth));
    area_Graph_->setPen(QPen(t.palette[1], t.lineWidth, Qt::DashLine));
    current_->setPen(QPen(t.palette[3], t.lineWidth));
    current_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, t.palette[3], Qt::white, t.markerSize * 2));
    baselinePoint_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                                    QPen(t.palette[3], t.lineWidth, Qt::DashLine),
                                                    Qt::NoBrush, t.markerSize * 2.8));
    plot_->replot();
}

void ArchitectureView::showSliders(const area::Architecture& a) {
    updating_ = true;
    const double l2PerSm = a.l2Kb / static_cast<double>(a.nSm);
    const std::array<double, SliderCount> v{static_cast<double>(a.nSm),
                                            static_cast<double>(a.nV),
                                            a.mSmKb,
                                            a.rVuKb,
                                            a.l1PairKb,
                                            l2PerSm};
    for (int i = 0; i < SliderCount; ++i) {
        const auto grid = sliderValues(static_cast<Slider>(i));
        const double value = v[static_cast<std::size_t>(i)];
        const bool onGrid = std::find(grid.begin(), grid.end(), value) != grid.end();
        // An off-grid value (the H100's 132 SMs, a value typed in the editor) becomes a stop of
        // its own: moved away, the slider can come back to it.
        auto& kept = offGrid_[static_cast<std::size_t>(i)];
        if (!onGrid && std::isfinite(value) &&
            std::find(kept.begin(), kept.end(), value) == kept.end()) {
            kept.push_back(value);
        }
        const auto values = sliderValues(static_cast<Slider>(i));
        sliders_[static_cast<std::size_t>(i)]->setRange(0, static_cast<int>(values.size()) - 1);
        const int idx = nearestIndex(values, value);
        sliders_[static_cast<std::size_t>(i)]->setValue(idx);
        QString text = QString::number(v[static_cast<std::size_t>(i)], 'g', 5);
        if (kSliderUnits[i][0]) {
            text += QStringLiteral(" ") + kSliderUnits[i];
        }
        // Off the codesign grid (a value typed in the GPU editor, or L2 per SM of a total
        // shared by another n_SM): said on a second line rather than cut off.
        if (!onGrid) {
            text += tr("\n(off grid)");
        }
        values_[static_cast<std::size_t>(i)]->setText(text);
        values_[static_cast<std::size_t>(i)]->setToolTip(
            onGrid ? QString()
                   : tr("%1 is not on the Codesign grid (the Grid row); the slider keeps it as a "
                        "stop of its own")
                         .arg(QString::number(value, 'g', 10)));
    }
    updating_ = false;
}

void ArchitectureView::emitChip(bool dragging) {
    if (clockStops_.empty()) {
        return;
    }
    const double clock = clockStops_[static_cast<std::size_t>(clockSlider_->value())];
    const int units =
        stackStops_.empty() ? 0 : stackStops_[static_cast<std::size_t>(stacksSlider_->value())];
    if (clock != clock_ || (units != 0 && units != units_) || !dragging) {
        emit chipEdited(clock, units == units_ ? 0 : units, dragging);
    }
}

void ArchitectureView::showChip(const SessionState& s) {
    updating_ = true;
    const auto param = [&s](const char* key) {
        const auto it = s.gpu.params.find(key);
        return it != s.gpu.params.end() && it->second.value ? *it->second.value : 0.0;
    };
    clock_ = param("clock_mhz");
    units_ = static_cast<int>(param("memory_units"));
    clockStops_ = s.codesign.chipOn && !s.codesign.gridClockMhz.empty() ? s.codesign.gridClockMhz
                                                                        : std::vector<double>{};
    if (clockStops_.empty()) {
        for (int f = 500; f <= 3000; f += 50) {
            clockStops_.push_back(f);
        }
    }
    stackStops_.clear();
    if (units_ > 0) {
        if (s.codesign.chipOn && !s.codesign.gridMemoryUnits.empty()) {
            stackStops_.assign(s.codesign.gridMemoryUnits.begin(),
                               s.codesign.gridMemoryUnits.end());
        } else {
            for (int u = 1; u <= 16; ++u) {
                stackStops_.push_back(u);
            }
        }
        if (std::find(stackStops_.begin(), stackStops_.end(), units_) == stackStops_.end()) {
            stackStops_.push_back(units_);
            std::sort(stackStops_.begin(), stackStops_.end());
        }
    }
    if (clock_ > 0 &&
        std::find(clockStops_.begin(), clockStops_.end(), clock_) == clockStops_.end()) {
        clockStops_.push_back(clock_);
        std::sort(clockStops_.begin(), clockStops_.end());
    }
    clockSlider_->setEnabled(clock_ > 0);
    clockSlider_->setRange(0, static_cast<int>(clockStops_.size()) - 1);
    clockSlider_->setValue(nearestIndex(clockStops_, clock_));
    clockValue_->setText(clock_ > 0 ? tr("%1 MHz").arg(clock_, 0, 'f', 0) : tr("no clock"));
    stacksSlider_->setEnabled(units_ > 0);
    stacksSlider_->setRange(0, std::max(0, static_cast<int>(stackStops_.size()) - 1));
    if (!stackStops_.empty()) {
        stacksSlider_->setValue(
            nearestIndex(std::vector<double>(stackStops_.begin(), stackStops_.end()), units_));
    }
    stacksValue_->setText(
        units_ > 0 ? tr("%1 × %2").arg(units_).arg(QString::fromStdString(s.gpu.memory).toUpper())
                   : tr("no die block"));
    try {
        const area::CoefficientSet at28 =
            s.areaCoefficients.id.empty() ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                                          : s.areaCoefficients;
        const area::ChipPowerReport r =
            area::chipPowerOf(s.gpu, area::chipMemory(s.gpu), 0, 0,
                              area::calibratePower(area::loadMemoryTech("hbm3")), at28);
        power_->setText(tr("Power at full load: %1 W = static %2 + dynamic %3 + memory %4 W at "
                           "%5 V (%6 GB/s; the chip model, cdx chip-power)")
                            .arg(r.power.totalW, 0, 'f', 0)
                            .arg(r.power.staticW, 0, 'f', 0)
                            .arg(r.power.dynamicW, 0, 'f', 0)
                            .arg(r.power.memoryW, 0, 'f', 0)
                            .arg(r.power.voltageV, 0, 'f', 3)
                            .arg(r.memory.bandwidthGBs, 0, 'f', 0));
        power_->setToolTip({});
        powerShort_ = tr("%1 MHz, %2 W").arg(clock_, 0, 'f', 0).arg(r.power.totalW, 0, 'f', 0);
    } catch (const InputError& e) {
        power_->setText(tr("No chip power: %1").arg(QString::fromStdString(e.what())));
        powerShort_.clear();
    }
    updating_ = false;
}

void ArchitectureView::emitArchitecture(bool dragging) {
    area::Architecture a = arch_;
    const auto at = [&](Slider s) {
        return sliderValues(s)[static_cast<std::size_t>(slider(s)->value())];
    };
    // Only values whose slider moved change: off-grid values typed in the editor stay.
    const auto moved = [&](Slider s, double current) {
        return nearestIndex(sliderValues(s), current) != slider(s)->value();
    };
    const double l2PerSm = a.l2Kb / static_cast<double>(a.nSm);
    if (moved(Sms, static_cast<double>(a.nSm))) {
        a.nSm = static_cast<std::int64_t>(at(Sms));
    }
    if (moved(VectorUnits, static_cast<double>(a.nV))) {
        a.nV = static_cast<std::int64_t>(at(VectorUnits));
    }
    if (moved(SharedMemory, a.mSmKb)) {
        a.mSmKb = at(SharedMemory);
    }
    if (moved(RegisterFile, a.rVuKb)) {
        a.rVuKb = at(RegisterFile);
    }
    if (moved(L1, a.l1PairKb)) {
        a.l1PairKb = at(L1);
    }
    if (moved(L2, l2PerSm)) {
        a.l2Kb = at(L2) * static_cast<double>(a.nSm);
    }
    if (!(a == arch_) || !dragging) {
        emit architectureEdited(a, dragging);
    }
}

const search::Workload* ArchitectureView::workload(const SessionState& s) {
    // C_iter is the GPU's and follows its clock (issue 43): the key holds the values used.
    std::string key = s.codesign.workload + "@" + s.gpu.id;
    for (const auto& [stencil, q] : s.gpu.cIterByStencil) {
        key += ";" + stencil + "=" + (q.value ? formatNumber(*q.value) : std::string("null"));
    }
    auto it = workloads_.find(key);
    if (it == workloads_.end()) {
        it = workloads_.emplace(key, search::loadWorkload(s.codesign.workload, s.gpu)).first;
    }
    return &it->second;
}

QString ArchitectureView::kRuleText() const {
    return kNote_->isHidden() ? QString() : kNote_->text();
}

void ArchitectureView::setSession(const SessionState& s) {
    error_.clear();
    design_.reset();
    // A curve still waiting for the hand to rest is of the previous session: dropped (a session
    // the model refuses must not get it drawn as its own).
    curveTimer_->stop();
    curveJob_ = nullptr;
    variant_choice::select(kRule_, talg::name(s.variant.k));
    // The k-rule sentence is of one design under one variant: hidden until the background job
    // has it for a new one (it is never shown for another design).
    const auto param = [&s](const char* key) {
        const auto it = s.gpu.params.find(key);
        return it != s.gpu.params.end() && it->second.value ? *it->second.value : 0.0;
    };
    const QString noteKey = QStringLiteral("%1|%2|%3|%4|%5")
                                .arg(param("n_sm"))
                                .arg(param("n_v"))
                                .arg(param("m_sm_kb"))
                                .arg(QString::fromStdString(talg::variantSummary(s.variant, 3)),
                                     QString::fromStdString(s.codesign.workload));
    if (noteKey != noteKey_) {
        noteKey_ = noteKey;
        kNote_->hide();
    }
    context_ = QString::fromStdString(profileLabel(s.gpu)) + "   |   " + variantLine(s.variant, 3) +
               tr("   |   area: %1 form").arg(QString::fromUtf8(area::name(s.areaForm).data()));
    if (s.areaNode != area::kCalibrationNode) {
        context_ += tr(", scaled to %1 nm (extension, outside the 28 nm calibration; overhead "
                       "as %2)")
                        .arg(s.areaNode)
                        .arg(QString::fromUtf8(area::name(s.areaOverhead).data()));
    }
    // The sliders step through the session's codesign grid (issue 44); the off-grid stops are
    // the chip's, forgotten when another chip is chosen.
    grid_ = gridOf(s.codesign);
    showChip(s);
    if (s.gpu.id != offGridOf_) {
        offGridOf_ = s.gpu.id;
        for (auto& k : offGrid_) {
            k.clear();
        }
    }
    try {
        arch_ = s.architecture();
        showSliders(arch_);
        const area::CoefficientSet set = s.areaSet();
        calibratedRange_ = set.ranges.nV;
        node_ = s.areaNode;
        area_ = area::areaBreakdown(arch_, set, s.areaForm).total;
        const search::Workload* w = workload(s);
        current_Workload_ = w;
        // Reference: the shipped profile of this GPU id as it is.
        double refTime = 0;
        referenceName_.clear();
        const std::string refKey =
            s.codesign.workload + "@" + s.gpu.id + "@" + talg::variantSummary(s.variant, 3);
        if (const auto hit = referenceTimes_.find(refKey); hit != referenceTimes_.end()) {
            refTime = hit->second;
        } else {
            try {
                const Gpu ref = toGpu(loadGpuProfile(s.gpu.id));
                refTime = search::optimizeDesign(*w, ref, s.variant).weightedTime;
            } catch (const InputError&) {
                refTime = 0; // no shipped profile of this id: no speed-up axis
            }
            referenceTimes_[refKey] = refTime;
        }
        if (refTime > 0) {
            referenceName_ = QString::fromStdString(shortChipName(s.gpu));
        }
        // The baseline's design, once per baseline (and per reference): one design of its own
        // workload under its own constants, a few ms.
        if (s.baseline != baselineOf_ || refTime != baselineReference_) {
            baselineOf_ = s.baseline;
            baselineReference_ = refTime;
            baselineDesign_.reset();
            baselineError_.clear();
            if (baselineOf_) {
                try {
                    baselineDesign_ = search::placeDesign(*baselineOf_, refTime);
                } catch (const InputError& e) {
                    baselineError_ = QString::fromUtf8(e.what());
                }
            }
        }
        baselineName_ = baselineName(s, {"area"});
        // The current design now, on the GUI thread (one design, a few ms): the area, the
        // title, the text and the table all come from this one result.
        search::CodesignOptions o;
        o.withReference = false;
        o.base = s.modelGpu();
        o.variant = s.variant;
        o.coefficients = set;
        o.form = s.areaForm;
        o.grid = grid_;
        o.grid.bandwidthGBs.clear();
        o.grid.clockMhz.clear(); // the session GPU at its own clock and memory (issue 59)
        o.grid.memoryUnits.clear();
        o.grid.nSm = {arch_.nSm};
        o.grid.mSmKb = {arch_.mSmKb};
        // One thread each: the design on the GUI thread is 8 units of work (the workload's
        // groups), and the curve's job keeps to one core so that the GUI thread has the other
        // (with both, a drag step waited for the job's threads: docs/performance.md).
        o.threads = 1;
        // The workload's tilings, enumerated once for every M_SM of the sliders (two thirds of
        // a step's time before issue 33); rebuilt when the time constants, the variant or the
        // workload change.
        const std::vector<double>& gridM = grid_.mSmKb;
        const double maxM = std::max(arch_.mSmKb, *std::max_element(gridM.begin(), gridM.end()));
        if (!prepared_ || !search::preparedServes(*prepared_, *w, o.base, o.variant, maxM)) {
            prepared_ = search::prepareTilings(*w, o.base, o.variant, maxM);
        }
        o.prepared = prepared_;
        search::CodesignOptions one = o;
        one.grid.nV = {arch_.nV};
        const search::CodesignResult now = search::runCodesign(*w, one);
        if (!now.designs.empty()) {
            design_ = now.designs.front();
            design_->speedup =
                refTime > 0 && design_->feasible ? refTime / design_->weightedTime : 0;
        }
        // The n_V curve at this n_SM and M_SM (the same exact kernel on a 1 x n x 1 grid) off
        // the GUI thread; a newer slider step supersedes it (its result is dropped).
        if (std::find(o.grid.nV.begin(), o.grid.nV.end(), arch_.nV) == o.grid.nV.end()) {
            o.grid.nV.push_back(arch_.nV);
            std::sort(o.grid.nV.begin(), o.grid.nV.end());
        }
        // The curve does not depend on n_V: an n_V drag keeps the curve on screen and the job
        // only finds the k-rule sentence of the new design (issue 33).
        const std::string curveKey =
            curveInputs(s) + "|" + formatNumber(static_cast<double>(arch_.nSm)) + "," +
            formatNumber(arch_.mSmKb) + "," + formatNumber(arch_.rVuKb) + "," +
            formatNumber(arch_.l1PairKb) + "," + formatNumber(arch_.l2Kb) + "|" +
            search::axisText(std::vector<double>(o.grid.nV.begin(), o.grid.nV.end())) + "|" +
            std::to_string(refTime);
        const bool needCurve = curvePending_ || curveKey != curveKey_;
        curveKey_ = curveKey;
        curveFor_ = arch_;
        curvePending_ = needCurve;
        curveJob_ = [this, wl = *w, o, one, set, form = s.areaForm, a0 = arch_, refTime, needCurve,
                     gridM = grid_.mSmKb](JobControl&) -> BackgroundJob::Deliver {
            // Issue 32: where k = max makes this M_SM slower than a smaller one.
            const auto note = search::kRuleNote(wl, one, gridM);
            const QString noteText =
                note ? QString::fromStdString(search::sentence(*note)) : QString();
            std::vector<search::DesignPoint> curve;
            std::vector<double> areas;
            if (needCurve) {
                const search::CodesignResult r = search::runCodesign(wl, o);
                for (search::DesignPoint d : r.designs) {
                    d.speedup = refTime > 0 && d.feasible ? refTime / d.weightedTime : 0;
                    area::Architecture a = a0;
                    a.nV = d.nV;
                    areas.push_back(area::areaBreakdown(a, set, form).total);
                    curve.push_back(std::move(d));
                }
            }
            return [this, curve = std::move(curve), areas = std::move(areas), noteText, needCurve,
                    a0] {
                if (kNote_->text() != noteText || kNote_->isHidden() == !noteText.isEmpty()) {
                    kNote_->setText(noteText);
                    kNote_->setVisible(!noteText.isEmpty());
                }
                if (needCurve) { // else the curve on screen is this design's already
                    curve_ = curve;
                    curveArea_ = areas;
                    curveShownFor_ = a0;
                    curvePending_ = false;
                    drawCurve();
                }
            };
        };
        // The job waits for the hand to rest: during a drag (or a held arrow key) a newer step
        // would only supersede it, and its thread would compete with the GUI thread's. The
        // curve comes 40 ms after the last step (finishPendingWork starts it at once).
        curveTimer_->start();
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        job_->cancel();    // a curve still computing is of the previous session
        curveKey_.clear(); // and none is on its way: the next valid session computes its own
    }
    curvePending_ = curvePending_ && error_.isEmpty();
    drawCurve();
    summary_->setText(summary());
    // Per-stencil share of the weighted time (core's timeByStencil).
    const std::vector<search::StencilShare> shares =
        design_ && current_Workload_ ? search::timeByStencil(*current_Workload_, *design_)
                                     : std::vector<search::StencilShare>{};
    // The cells' texts change on a slider step, rarely their widths: the items are re-used and
    // the columns measured again only when a text no longer fits (issue 33: a drag step
    // re-laid out the table every time).
    const bool rowsChanged = table_->rowCount() != static_cast<int>(shares.size());
    table_->setRowCount(static_cast<int>(shares.size()));
    bool wider = rowsChanged;
    const QFontMetrics fm(table_->font());
    for (int r = 0; r < static_cast<int>(shares.size()); ++r) {
        const auto& e = shares[static_cast<std::size_t>(r)];
        const QStringList cells{QString::fromStdString(e.stencil), QString::number(e.problems),
                                formatSeconds(e.weightedTime),
                                QStringLiteral("%1 %").arg(100 * e.fraction, 0, 'f', 1)};
        for (int c = 0; c < 4; ++c) {
            QTableWidgetItem* item = table_->item(r, c);
            if (!item) {
                table_->setItem(r, c, new QTableWidgetItem(cells[c]));
                wider = true;
            } else if (item->text() != cells[c]) {
                item->setText(cells[c]);
                wider = wider || fm.horizontalAdvance(cells[c]) + 12 > table_->columnWidth(c);
            }
        }
    }
    if (wider) {
        for (int c = 0; c + 1 < table_->columnCount(); ++c) {
            table_->resizeColumnToContents(c); // the last one stretches to the table's width
        }
    }
}

void ArchitectureView::finishPendingWork() {
    if (curveTimer_->isActive()) {
        startCurveJob();
    }
    job_->waitForFinished();
}

void ArchitectureView::startCurveJob() {
    curveTimer_->stop();
    if (curveJob_) {
        job_->start(tr("n_V curve…"), std::move(curveJob_));
        curveJob_ = nullptr;
    }
}

void ArchitectureView::drawCurve() {
    QVector<double> x;
    QVector<double> y;
    QVector<double> y2;
    double top = 0;
    // A curve being computed for a new n_SM or M_SM keeps the last one on screen, grey and
    // named stale in the legend (issue 44), never blank and never passed off as this design's.
    const bool stale = curveStale();
    const bool show = error_.isEmpty() && (stale || !curvePending_);
    for (std::size_t i = 0; i < curve_.size() && show; ++i) {
        if (!curve_[i].feasible) {
            continue;
        }
        x << static_cast<double>(curve_[i].nV);
        y << curve_[i].speedup;
        y2 << curveArea_[i];
        top = std::max(top, curve_[i].speedup);
    }
    speedup_->setData(x, y, true);
    area_Graph_->setData(x, y2, true);
    const PlotTheme t = plotTheme(presentation_);
    const QColor grey(150, 150, 150);
    speedup_->setPen(
        QPen(stale ? grey : t.palette[0], t.lineWidth, stale ? Qt::DotLine : Qt::SolidLine));
    area_Graph_->setPen(QPen(stale ? grey : t.palette[1], t.lineWidth, Qt::DashLine));
    if (stale && curveShownFor_) {
        // Short: the legend's two columns under the plot (the subtitle says the rest).
        const QString of = tr("%1 SMs, %2 KB").arg(curveShownFor_->nSm).arg(curveShownFor_->mSmKb);
        speedup_->setName(tr("speed-up, %1 (stale)").arg(of));
        area_Graph_->setName(tr("die area, %1 (stale)").arg(of));
    } else {
        speedup_->setName(tr("speed-up of the workload (left)"));
        area_Graph_->setName(tr("die area (right)"));
    }
    if (design_ && design_->feasible) {
        current_->setData({static_cast<double>(design_->nV)}, {design_->speedup});
    } else {
        current_->data()->clear();
    }
    // The baseline at its own n_V (its n_SM and M_SM may differ from this curve's: the legend
    // names its design).
    if (baselineOf_ && baselineDesign_ && baselineDesign_->point.feasible &&
        baselineDesign_->point.speedup > 0) {
        const auto& b = baselineDesign_->point;
        baselinePoint_->setData({static_cast<double>(b.nV)}, {b.speedup});
        // Short: the legend's columns must fit the plot (the baseline's name is in the subtitle).
        baselinePoint_->setName(
            tr("baseline (%1 SMs × %2 VUs, %3 KB)").arg(b.nSm).arg(b.nV).arg(b.mSmKb));
        baselinePoint_->addToLegend();
        top = std::max(top, b.speedup);
    } else {
        baselinePoint_->data()->clear();
        baselinePoint_->removeFromLegend();
    }
    // The n_V axis of the session's grid (issue 44), the current design included.
    double maxNv = static_cast<double>(arch_.nV);
    for (auto n : grid_.nV) {
        maxNv = std::max(maxNv, static_cast<double>(n));
    }
    plot_->xAxis->setRange(0, maxNv * 1.03);
    plot_->yAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    // At least a few pixels wide where the range is one value (128).
    const double halfWidth = std::max(4.0, (calibratedRange_[1] - calibratedRange_[0]) / 2);
    const double mid = (calibratedRange_[0] + calibratedRange_[1]) / 2;
    calibratedNv_->topLeft->setCoords(mid - halfWidth, plot_->yAxis->range().upper);
    calibratedNv_->bottomRight->setCoords(mid + halfWidth, 0);
    calibratedLabel_->position->setCoords(mid + halfWidth, plot_->yAxis->range().upper);
    calibratedLabel_->setText(
        (calibratedRange_[0] == calibratedRange_[1]
             ? tr("area calibrated at n_V = %1; elsewhere extrapolated").arg(calibratedRange_[0])
             : tr("area calibrated for n_V in [%1, %2]")
                   .arg(calibratedRange_[0])
                   .arg(calibratedRange_[1])) +
        (node_ == area::kCalibrationNode
             ? QString()
             : tr("\n(at 28 nm only: at %1 nm every design is extrapolated)").arg(node_)));
    plot_->yAxis->setLabel(referenceName_.isEmpty() ? tr("speed-up (no reference)")
                                                    : tr("speed-up vs %1 [×]").arg(referenceName_));
    if (!y2.isEmpty()) {
        plot_->yAxis2->setRange(0, *std::max_element(y2.begin(), y2.end()) * 1.1);
    }
    title_->setText(error_.isEmpty() ? summary().section('\n', 0, 0)
                                     : tr("No result: %1").arg(error_));
    subtitle_->setText(context_ +
                       (curvePending_ ? stale ? tr("   |   n_V curve: computing (grey: the last "
                                                   "one, stale)")
                                              : tr("   |   n_V curve: computing…")
                                      : QString()) +
                       (baselineOf_ ? tr("\ndashed circle: %1").arg(baselineName_) : QString()));
    // Painted with the labels, in one paint cycle: an immediate repaint showed the plot a step
    // ahead of the text beside it and of the status line during a fast drag (issue 44).
    plot_->replot(QCustomPlot::rpQueuedRefresh);
}

QString ArchitectureView::summary() const {
    if (!error_.isEmpty()) {
        return error_;
    }
    QString s = tr("Die area %1 mm²").arg(area_, 0, 'f', 2);
    if (design_ && design_->feasible) {
        s += tr("  ·  best workload time %1").arg(formatSeconds(design_->weightedTime));
        if (!referenceName_.isEmpty()) {
            s += tr("  ·  %1× %2").arg(design_->speedup, 0, 'f', 3).arg(referenceName_);
        }
    } else if (design_) {
        s += tr("  ·  some workload problem has no feasible tiling on this design");
    }
    if (!powerShort_.isEmpty()) {
        s += QStringLiteral("  ·  ") + powerShort_;
    }
    if (baselineOf_) {
        s += QStringLiteral("\n") + baselineName_ + QStringLiteral(": ");
        if (baselineDesign_) {
            const search::PlacedDesign& b = *baselineDesign_;
            const auto pct = [](double x, double base) {
                return base > 0 ? QStringLiteral("%1%2 %")
                                      .arg(x >= base ? "+" : "")
                                      .arg(100 * (x - base) / base, 0, 'f', 1)
                                : QStringLiteral("–");
            };
            s += tr("%1 SMs × %2 VUs, %3 KB, die area %4 mm² (this design %5)")
                     .arg(b.architecture.nSm)
                     .arg(b.architecture.nV)
                     .arg(b.architecture.mSmKb)
                     .arg(b.areaWithCaches, 0, 'f', 2)
                     .arg(pct(area_, b.areaWithCaches));
            if (b.point.feasible) {
                s += tr(", best workload time %1").arg(formatSeconds(b.point.weightedTime));
                if (design_ && design_->feasible) {
                    s += tr(" (this design %1)")
                             .arg(pct(design_->weightedTime, b.point.weightedTime));
                }
                if (b.workload != (current_Workload_ ? current_Workload_->id : std::string())) {
                    s += tr(", its workload %1").arg(QString::fromStdString(b.workload));
                }
            } else {
                s += tr(", some workload problem has no feasible tiling on it");
            }
        } else {
            s += baselineError_;
        }
    }
    if (current_Workload_) {
        s += tr("\nworkload '%1': %2 problems, exact optimal tiles for each (%3)")
                 .arg(QString::fromStdString(current_Workload_->id))
                 .arg(current_Workload_->items.size())
                 .arg(QString::fromStdString(current_Workload_->description));
    }
    return s;
}

void ArchitectureView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString ArchitectureView::csv() const {
    QString out =
        QStringLiteral("# %1\nn_v,area_mm2,feasible,weighted_time_s,speedup,n_v_extrapolated\n")
            .arg(QString(summary()).replace('\n', ' '));
    for (std::size_t i = 0; i < curve_.size(); ++i) {
        const double nV = static_cast<double>(curve_[i].nV);
        // 1 where the area model's vector-unit logic is extrapolated (not measured at this n_V)
        const bool extrapolated = nV < calibratedRange_[0] || nV > calibratedRange_[1];
        out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                   .arg(curve_[i].nV)
                   .arg(curveArea_[i], 0, 'g', 10)
                   .arg(curve_[i].feasible ? 1 : 0)
                   .arg(curve_[i].weightedTime, 0, 'g', 10)
                   .arg(curve_[i].speedup, 0, 'g', 8)
                   .arg(extrapolated ? 1 : 0);
    }
    return out;
}

} // namespace cdx::widgets
