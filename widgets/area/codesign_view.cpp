// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/codesign_view.hpp"

#include "area/codesign_chip_panel.hpp"
#include "area/process_node.hpp"
#include "common/background_job.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/variant_choice.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profile_label.hpp"
#include "search/grid_axis.hpp"
#include "search/physical_limits.hpp"
#include "search/tile_search.hpp"
#include "talg/talg_plot_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>
#include <set>

namespace cdx::widgets {

namespace {

QDoubleSpinBox* areaBox(QWidget* parent, const char* name) {
    auto* b = new QDoubleSpinBox(parent);
    b->setObjectName(name);
    b->setRange(0, 100000);
    b->setDecimals(1);
    b->setSuffix(QStringLiteral(" mm²"));
    b->setKeyboardTracking(false);
    return b;
}

// Every axis of the grid the design varies on is part of its name (issue 55: a design of the
// bandwidth axis was named without its bandwidth, seven designs under one name).
QString designLabel(const search::DesignPoint& d, bool bandwidthAxis) {
    const QString die = QStringLiteral("%1 SM × %2 VU, %3 KB").arg(d.nSm).arg(d.nV).arg(d.mSmKb);
    return bandwidthAxis ? die + QStringLiteral(", %1 GB/s").arg(d.bandwidthGBs, 0, 'g', 6) : die;
}

} // namespace

CodesignView::CodesignView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    workload_ = new QComboBox(this);
    workload_->setObjectName("codesignWorkload");
    workload_->addItem(tr("PPoPP'17 sizes, 6 stencils"), "ppopp17");
    workload_->addItem(tr("thesis C.17 sizes, 6 stencils"), "thesis");
    workload_->setToolTip(tr("Workload: every stencil × problem size, uniform weights (C.18)"));
    areaMin_ = areaBox(this, "codesignAreaMin");
    areaMax_ = areaBox(this, "codesignAreaMax");
    budgetMin_ = areaBox(this, "codesignBudgetMin");
    budgetMax_ = areaBox(this, "codesignBudgetMax");
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName("codesignCancel");
    progress_ = new QProgressBar(this);
    progress_->setObjectName("codesignProgress");
    progress_->setMaximumWidth(180);
    // Two rows: what is searched, then the area ranges (one row did not fit a laptop screen).
    kRule_ = variant_choice::combo(
        this, "codesignKRule",
        {{tr("k = max"), "max"},
         {tr("k = effective"), "effective"},
         {tr("k = optimize"), "optimize"}},
        tr("The k rule of every design's exact search (the session's Talg variant): under max "
           "every block that fits runs, so more shared memory per SM can make a design slower; "
           "optimize tries every k"));
    connect(kRule_, &QComboBox::activated, this,
            [this] { emit kRuleChosen(kRule_->currentData().toString()); });
    bar->addWidget(new QLabel(tr("Workload"), this));
    bar->addWidget(workload_);
    otherFront_ = new QCheckBox(tr("and the other rule's front"), this);
    otherFront_->setObjectName("codesignOtherFront");
    otherFront_->setToolTip(tr("Also search every design under the other k rule (optimize when "
                               "the rule is max, else max) and draw its Pareto front dashed: "
                               "twice the search time"));
    connect(otherFront_, &QCheckBox::toggled, this, [this] {
        if (session_) {
            setSession(*session_); // searches again with (or without) the other rule
        }
    });
    bar->addWidget(new QLabel(tr("k rule"), this));
    bar->addWidget(kRule_);
    bar->addWidget(otherFront_);
    bar->addStretch(1);
    bar->addWidget(progress_);
    bar->addWidget(cancel_);
    layout->addLayout(bar);
    auto* ranges = new QHBoxLayout;
    ranges->addWidget(new QLabel(tr("Designs from"), this));
    ranges->addWidget(areaMin_);
    ranges->addWidget(new QLabel(tr("to"), this));
    ranges->addWidget(areaMax_);
    ranges->addSpacing(12);
    ranges->addWidget(new QLabel(tr("Budget band"), this));
    ranges->addWidget(budgetMin_);
    ranges->addWidget(new QLabel(tr("to"), this));
    ranges->addWidget(budgetMax_);
    // Issue 32: physical limits (an extension). Designs outside a switched-on limit stay on the
    // plot as crosses and never on the front; changing a limit re-marks the designs at once.
    ranges->addStretch(1);
    layout->addLayout(ranges);
    // A row of its own: with the ranges it pushed the window past a 1366 px screen.
    auto* limits = new QHBoxLayout;
    limits->addWidget(new QLabel(tr("Limits (an extension):"), this));
    reticleOn_ = new QCheckBox(tr("Reticle ≤"), this);
    reticleOn_->setObjectName("codesignReticleOn");
    reticleOn_->setToolTip(tr("The largest die one lithography exposure prints (26 × 33 mm = "
                              "858 mm²). Larger designs are drawn as crosses and left off the "
                              "Pareto front."));
    reticle_ = areaBox(this, "codesignReticle");
    reticle_->setRange(1, 100000);
    powerOn_ = new QCheckBox(tr("Power ≤"), this);
    powerOn_->setObjectName("codesignPowerOn");
    powerOn_->setToolTip(tr("A power budget for an estimate (docs/codesign.md, 'Physical "
                            "limits'): the node's reference board's TDP per FP32 lane per GHz × "
                            "n_SM × n_V × 1216 MHz. Designs over it are drawn as crosses and left "
                            "off the front."));
    power_ = new QDoubleSpinBox(this);
    power_->setObjectName("codesignPower");
    power_->setRange(1, 100000);
    power_->setDecimals(0);
    power_->setSuffix(QStringLiteral(" W"));
    power_->setKeyboardTracking(false);
    limits->addWidget(reticleOn_);
    limits->addWidget(reticle_);
    limits->addSpacing(12);
    limits->addWidget(powerOn_);
    limits->addWidget(power_);
    powerNote_ = new QLabel(tr("(estimate)"), this);
    powerNote_->setObjectName("codesignPowerNote");
    limits->addWidget(powerNote_);
    limits->addSpacing(12);
    // The grid's design count and the search's estimate: here, where the row has room.
    estimate_ = new QLabel(this);
    estimate_->setObjectName("codesignEstimate");
    estimate_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    estimate_->setMinimumWidth(1);
    limits->addWidget(estimate_, 1);
    layout->addLayout(limits);
    // The grid the user chooses (issue 32): each axis as values and FROM:TO:STEP runs; the
    // design count and the search's up-front estimate beside it.
    auto* grid = new QHBoxLayout;
    grid->addWidget(new QLabel(tr("Grid: n_SM"), this));
    const auto axisEdit = [this, grid](const char* name, const QString& tip) {
        auto* e = new QLineEdit(this);
        e->setObjectName(name);
        e->setToolTip(tip);
        e->setMinimumWidth(60);
        grid->addWidget(e, 1);
        connect(e, &QLineEdit::editingFinished, this, [this] { emitSettings(); });
        return e;
    };
    const QString form = tr("Values and FROM:TO:STEP runs separated by commas, e.g. 2:32:2 or "
                            "12,24,36,48:480:48. Enter applies; a refused text stays.");
    gridNSm_ = axisEdit("codesignGridNSm", tr("SMs per design. %1").arg(form));
    grid->addWidget(new QLabel(tr("n_V"), this));
    gridNV_ = axisEdit("codesignGridNV", tr("Vector units per SM. %1").arg(form));
    grid->addWidget(new QLabel(tr("M_SM KB"), this));
    gridMSm_ = axisEdit("codesignGridMSm", tr("Shared memory per SM [KB]. %1").arg(form));
    grid->setStretchFactor(gridMSm_, 2); // the longest default text
    grid->addWidget(new QLabel(tr("bandwidth GB/s"), this));
    gridBandwidth_ = axisEdit(
        "codesignGridBandwidth",
        tr("Memory bandwidth as a design axis (an extension): L = 1 / bandwidth and a memory PHY "
           "area per GB/s. Empty: the GPU's own L. %1")
            .arg(form));
    gridBandwidth_->setPlaceholderText(tr("the GPU's"));
    layout->addLayout(grid);
    auto* chipRow = new QHBoxLayout;
    chip_ = new CodesignChipControls(this, chipRow);
    connect(chip_, &CodesignChipControls::edited, this, [this] { emitSettings(); });
    layout->addLayout(chipRow);
    status_ = new QLabel(this);
    status_->setObjectName("codesignStatus");
    status_->setWordWrap(true);
    // A wrapped sentence must not set the window's minimum width (its hint kept presentation's
    // large font after F11 and held the window at 1392 px on a 1366 screen).
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    status_->setMinimumWidth(1);
    layout->addWidget(status_);
    controlRows_ = {bar, ranges, limits, grid, chipRow};

    plot_ = new QCustomPlot(this);
    plot_->setObjectName("codesignPlot");
    plot_->setMinimumSize(480, 320);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setLabel(tr("die area, cache-less, R_VU = 2 KB [mm²]"));
    // Below the axes, never over the front or the best design's ring (issue 45).
    placeLegendBelow(*plot_, 4);
    // Two buffered layers for a budget-band drag (moveBudgetBand): the band under the designs,
    // its label, the best design in it and the title above them.
    plot_->addLayer("budget", plot_->layer("background"), QCustomPlot::limAbove);
    plot_->addLayer("budgetTop", plot_->layer("main"), QCustomPlot::limAbove);
    plot_->layer("budget")->setMode(QCPLayer::lmBuffered);
    plot_->layer("budgetTop")->setMode(QCPLayer::lmBuffered);
    title_->setLayer("budgetTop");
    // The chip model's power trade-off on a page of its own beside the area plot (below it, a
    // 768 px screen left neither readable).
    plots_ = new QTabWidget(this);
    plots_->setObjectName("codesignPlots");
    plots_->setDocumentMode(true);
    plots_->addTab(plot_, tr("Area and speed-up"));
    powerPanel_ = new CodesignPowerPanel(this);
    plots_->addTab(powerPanel_, tr("Power and speed-up (chip model)"));
    plots_->setTabVisible(1, false);
    layout->addWidget(plots_, 1);

    job_ = new BackgroundJob(this);
    progress_->setRange(0, 1000);
    connect(job_, &BackgroundJob::progressChanged, this,
            [this](double f) { progress_->setValue(static_cast<int>(f * 1000)); });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        cancel_->setEnabled(false);
        error_ = why;
        result_.reset();
        resultKey_ = runningKey_;
        runningKey_.clear();
        redraw();
    });
    connect(job_, &BackgroundJob::cancelled, this, [this] {
        cancel_->setEnabled(false);
        cancelledKey_ = runningKey_;
        runningKey_.clear();
        status_->setText(tr("Cancelled; change a setting to search again."));
    });
    baselineJob_ = new BackgroundJob(this);
    connect(baselineJob_, &BackgroundJob::failed, this, [this](const QString& why) {
        baselineError_ = why;
        redraw();
    });
    connect(cancel_, &QPushButton::clicked, this, &CodesignView::cancel);
    for (QDoubleSpinBox* b : {areaMin_, areaMax_, budgetMin_, budgetMax_, reticle_, power_}) {
        connect(b, &QDoubleSpinBox::valueChanged, this, [this] { emitSettings(); });
    }
    for (QCheckBox* b : {reticleOn_, powerOn_}) {
        connect(b, &QCheckBox::toggled, this, [this] { emitSettings(); });
    }
    connect(workload_, &QComboBox::activated, this, [this] { emitSettings(); });
    connect(plot_, &QCustomPlot::mousePress, this,
            [this](QMouseEvent* e) { chooseNear(e->position()); });
    // A design under the pointer says what it is and that a click loads it.
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const QString text = hoverTextAt(*plot_, plot_->xAxis->pixelToCoord(e->position().x()),
                                         plot_->yAxis->pixelToCoord(e->position().y()));
        if (text.isEmpty()) {
            if (designTip_) { // only its own: an axis title's glossary tip stays
                QToolTip::hideText();
                designTip_ = false;
            }
            return;
        }
        designTip_ = true;
        // One fact a line; a click loads the design nearest the pointer, named (next to a
        // reference GPU's square it is a design, not that GPU).
        QString tip = QString(text).replace(QStringLiteral("; "), QStringLiteral("\n"));
        if (const search::DesignPoint* near = designNear(e->position(), 14)) {
            tip +=
                tr("\nA click loads %1 into the editors.").arg(designLabel(*near, bandwidthAxis()));
        }
        QToolTip::showText(e->globalPosition().toPoint(), tip, plot_);
    });
    cancel_->setEnabled(false);
    progress_->setValue(0);
    setPresentation(false);
}

CodesignView::~CodesignView() = default;

QString CodesignView::estimateText() const {
    return estimate_->text();
}

void CodesignView::setPresentation(bool on) {
    presentation_ = on;
    // The audience needs the plot, not the search's settings (as the docks go in F11): at
    // 1366 x 768 the four rows of controls left the plot 140 px (issue 45). The search's
    // progress and Cancel stay.
    for (QLayout* row : controlRows_) {
        for (int i = 0; i < row->count(); ++i) {
            QWidget* w = row->itemAt(i)->widget();
            if (w == nullptr || w == progress_ || w == cancel_) {
                continue;
            }
            // Back as they were: a control hidden for its own reason stays hidden.
            if (on && !w->property("cdxHiddenForAudience").toBool()) {
                w->setProperty("cdxHiddenForAudience", !w->isHidden());
                w->setHidden(true);
            } else if (!on && w->property("cdxHiddenForAudience").toBool()) {
                w->setProperty("cdxHiddenForAudience", false);
                w->setHidden(false);
            }
        }
    }
    status_->setHidden(on);
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    redraw();
}

std::string CodesignView::keyOf(const SessionState& s) const {
    // Everything the search depends on; n_SM, n_V and M_SM are the design variables. Of the
    // GPU: the Talg values, the clock (the power estimate) and every C_iter, not the values
    // other families derive from the design (issue 43: the MWP-CWP issue cycles follow n_V).
    std::string key = s.gpu.id;
    const auto design = {"n_sm", "n_v", "m_sm_kb", "r_vu_kb", "l1_pair_kb", "l2_kb"};
    auto keys = talgModelKeys();
    keys.push_back("clock_mhz");
    for (const auto& k : keys) {
        if (std::find(design.begin(), design.end(), k) != design.end()) {
            continue;
        }
        const auto it = s.gpu.params.find(k);
        key.append("|").append(k).append("=").append(it == s.gpu.params.end() || !it->second.value
                                                         ? std::string("-")
                                                         : formatNumber(*it->second.value));
    }
    for (const auto& [stencil, q] : s.gpu.cIterByStencil) {
        key.append("|").append(stencil).append("=").append(q.value ? formatNumber(*q.value)
                                                                   : std::string("-"));
    }
    key.append("|").append(talg::variantSummary(s.variant, 3));
    key.append("|").append(area::toJson(s.areaSet()).dump());
    key.append("|").append(area::name(s.areaForm));
    key.append("|").append(s.codesign.workload);
    key.append("|").append(formatNumber(s.codesign.areaMin));
    key.append(":").append(formatNumber(s.codesign.areaMax));
    const auto list = [&](const auto& v) {
        key.append("|");
        for (const auto x : v) {
            key.append(formatNumber(static_cast<double>(x))).append(",");
        }
    };
    list(s.codesign.gridNSm);
    list(s.codesign.gridNV);
    list(s.codesign.gridMSmKb);
    list(s.codesign.gridBandwidthGBs);
    if (s.codesign.chipOn) {
        list(s.codesign.gridClockMhz);
        list(s.codesign.gridMemoryUnits);
        key.append("|chip:").append(s.codesign.memoryTech);
        key.append(s.codesign.wholeDie ? "|whole" : "|sm").append("|").append(s.codesign.objective);
    }
    key.append("|node").append(std::to_string(s.areaNode));
    // The limits are not part of the key: a changed limit re-marks the designs (applyLimits).
    key.append(otherFront_->isChecked() ? "|other" : "");
    return key;
}

talg::KRule CodesignView::otherRule(talg::KRule k) {
    return k == talg::KRule::Max ? talg::KRule::Optimize : talg::KRule::Max;
}

std::vector<search::DesignPoint> CodesignView::otherFront() const {
    std::vector<search::DesignPoint> out;
    if (other_ && otherFront_->isChecked()) {
        for (const std::size_t i : other_->pareto) {
            out.push_back(other_->designs[i]);
        }
    }
    return out;
}

void CodesignView::emitSettings() {
    if (updating_) {
        return;
    }
    // The session's settings with this view's fields (the grid has no field here).
    CodesignSettings c = session_ ? session_->codesign : CodesignSettings{};
    c.workload = workload_->currentData().toString().toStdString();
    c.areaMin = areaMin_->value();
    c.areaMax = areaMax_->value();
    c.budgetMin = budgetMin_->value();
    c.budgetMax = budgetMax_->value();
    c.reticleOn = reticleOn_->isChecked();
    c.reticleMm2 = reticle_->value();
    c.powerOn = powerOn_->isChecked();
    c.powerW = power_->value();
    // The grid: an axis equal to the thesis' is stored as "the default" (empty).
    const search::HardwareGrid thesis = search::thesisGrid();
    const auto axis = [&](QLineEdit* e, const char* field, const search::AxisRule& rule,
                          std::vector<double>& out) {
        return readAxisField(e, field, rule, e == gridBandwidth_, out, status_);
    };
    std::vector<double> nSm, nV, mSm, bandwidth;
    if (!axis(gridNSm_, "grid n_SM", search::kCountAxis, nSm) ||
        !axis(gridNV_, "grid n_V", search::kCountAxis, nV) ||
        !axis(gridMSm_, "grid M_SM", search::kSizeAxis, mSm) ||
        !axis(gridBandwidth_, "grid bandwidth", search::kBandwidthAxis, bandwidth)) {
        return; // the document keeps the last valid grid; the text stays where it was typed
    }
    const auto toIntegers = [](const std::vector<double>& v) {
        return std::vector<std::int64_t>(v.begin(), v.end());
    };
    c.gridNSm = toIntegers(nSm) == thesis.nSm ? std::vector<std::int64_t>{} : toIntegers(nSm);
    c.gridNV = toIntegers(nV) == thesis.nV ? std::vector<std::int64_t>{} : toIntegers(nV);
    c.gridMSmKb = mSm == thesis.mSmKb ? std::vector<double>{} : mSm;
    c.gridBandwidthGBs = bandwidth;
    if (!chip_->apply(c, status_)) {
        return; // the refused text stays where it was typed
    }
    // A range whose end is below its start: both fields marked, the one just changed named
    // with both values (issue 44: "to 200" under "from 650" looked accepted).
    const auto range = [&](QDoubleSpinBox* lo, QDoubleSpinBox* hi, const QString& name) {
        if (lo->value() <= hi->value()) {
            markRefused(lo, false);
            markRefused(hi, false);
            return true;
        }
        const QString why = tr("the end %1 mm² is below the start %2 mm²; it must be at or "
                               "above the start")
                                .arg(QString::number(hi->value()), QString::number(lo->value()));
        lo->setProperty("refusedField", name);
        markRefused(lo, true);
        refuseField(hi, tr("%1 … to").arg(name), why, status_);
        return false;
    };
    if (!range(areaMin_, areaMax_, tr("Designs from")) ||
        !range(budgetMin_, budgetMax_, tr("Budget band"))) {
        return; // the document keeps the last valid settings; the values stay as typed
    }
    emit settingsEdited(c);
}

void CodesignView::setSession(const SessionState& s) {
    session_ = s;
    variant_choice::select(kRule_, talg::name(s.variant.k));
    try {
        ranges_ = s.areaSet().ranges; // read once, not per design
    } catch (const InputError&) {
        ranges_ = area::CalibrationRanges{}; // the search says what is wrong with the set
    }
    {
        updating_ = true;
        workload_->setCurrentIndex(
            std::max(0, workload_->findData(QString::fromStdString(s.codesign.workload))));
        areaMin_->setValue(s.codesign.areaMin);
        areaMax_->setValue(s.codesign.areaMax);
        budgetMin_->setValue(s.codesign.budgetMin);
        budgetMax_->setValue(s.codesign.budgetMax);
        reticleOn_->setChecked(s.codesign.reticleOn);
        reticle_->setValue(s.codesign.reticleMm2);
        reticle_->setEnabled(s.codesign.reticleOn);
        powerOn_->setChecked(s.codesign.powerOn);
        // The rule of the session's node, named (docs/codesign.md "Physical limits").
        try {
            const search::PowerRule& rule = search::powerRule(s.areaNode);
            powerOn_->setToolTip(
                tr("A power budget for a labelled estimate: %1's board power per FP32 lane per "
                   "GHz (%2 W / %3 lanes / %4 GHz = %5 W) × n_SM × n_V × %6 GHz, the GPU's own "
                   "clock (clock_mhz), as its time constants are. It stands for a whole card "
                   "(memory, I/O, other "
                   "units), not the SMs alone. Designs over it are drawn as + and left off the "
                   "front.")
                    .arg(QString::fromUtf8(rule.reference.data(),
                                           static_cast<qsizetype>(rule.reference.size())))
                    .arg(rule.tdpW)
                    .arg(rule.lanes)
                    .arg(rule.boostGHz)
                    .arg(rule.wattsPerLaneGHz() / rule.nodeFactor, 0, 'f', 4)
                    .arg(search::codesignLimits(s).clockGHz, 0, 'g', 6) +
                (rule.nodeFactor != 1
                     ? tr(" At this node, with no chip of its own, %1 W per lane per GHz: %2.")
                           .arg(rule.wattsPerLaneGHz(), 0, 'f', 4)
                           .arg(QString::fromUtf8(rule.nodeSource.data(),
                                                  static_cast<qsizetype>(rule.nodeSource.size())))
                     : QString()));
        } catch (const InputError&) {
        }
        power_->setValue(s.codesign.powerW);
        power_->setEnabled(s.codesign.powerOn);
        // A field shows the session's axis when that changed (a refused text stays otherwise).
        const search::HardwareGrid thesis = search::thesisGrid();
        const auto show = [](QLineEdit* e, QString& shown, const std::vector<double>& v) {
            const QString text = QString::fromStdString(search::axisText(v));
            if (text != shown) {
                shown = text;
                e->setText(text);
                e->setStyleSheet({});
            }
        };
        const auto doubles = [](const auto& v) { return std::vector<double>(v.begin(), v.end()); };
        show(gridNSm_, shownGrid_[0],
             doubles(s.codesign.gridNSm.empty() ? thesis.nSm : s.codesign.gridNSm));
        show(gridNV_, shownGrid_[1],
             doubles(s.codesign.gridNV.empty() ? thesis.nV : s.codesign.gridNV));
        show(gridMSm_, shownGrid_[2],
             s.codesign.gridMSmKb.empty() ? thesis.mSmKb : s.codesign.gridMSmKb);
        show(gridBandwidth_, shownGrid_[3], s.codesign.gridBandwidthGBs);
        chip_->show(s.codesign);
        powerNote_->setText(s.codesign.chipOn ? tr("(chip model: a cap)") : tr("(estimate)"));
        updating_ = false;
    }
    // A changed limit re-marks the designs of the result on screen (no new search).
    const search::PhysicalLimits limits = search::codesignLimits(s);
    if (result_ && !(result_->limits == limits)) {
        search::applyLimits(*result_, limits);
    }
    if (other_ && !(other_->limits == limits)) {
        search::applyLimits(*other_, limits);
    }
    const std::string key = keyOf(s);
    if (key != resultKey_ && key != runningKey_ && key != cancelledKey_) {
        start();
    }
    if (s.baseline != baselineOf_ || (s.baseline && key != baselineKey_)) {
        placeBaseline();
    }
    if (!moveBudgetBand(s)) {
        redraw();
    }
}

bool CodesignView::moveBudgetBand(const SessionState& s) {
    if (!drawn_ || !band_ || !result_ || busy() || !error_.isEmpty()) {
        return false;
    }
    if (s.codesign.budgetMin == drawn_->codesign.budgetMin &&
        s.codesign.budgetMax == drawn_->codesign.budgetMax) {
        return false; // not a band move: something else changed (or nothing), draw it all
    }
    SessionState same = s;
    same.codesign.budgetMin = drawn_->codesign.budgetMin;
    same.codesign.budgetMax = drawn_->codesign.budgetMax;
    if (same != *drawn_) {
        return false;
    }
    const search::DesignPoint* b = bestInBudget();
    if ((b != nullptr) != (bestGraph_ != nullptr)) {
        return false; // the legend gains or loses "best in the budget"
    }
    band_->topLeft->setCoords(s.codesign.budgetMin, 1e9);
    band_->bottomRight->setCoords(s.codesign.budgetMax, -1e9);
    bandLabel_->position->setCoords((s.codesign.budgetMin + s.codesign.budgetMax) / 2,
                                    bandTop_ * 1.12);
    if (b) {
        bestGraph_->data()->clear();
        bestGraph_->addData(b->area, b->speedup);
        bestLabel_->position->setCoords(b->area, b->speedup);
        keepApart(bestLabel_, 3); // its new place
        bestLabel_->setText(QStringLiteral("%1: %2×")
                                .arg(designLabel(*b, bandwidthAxis()))
                                .arg(b->speedup, 0, 'f', 2));
    }
    const int height = static_cast<QCPLayoutElement*>(title_)->minimumOuterSizeHint().height();
    title_->setText(headline());
    drawn_->codesign.budgetMin = s.codesign.budgetMin;
    drawn_->codesign.budgetMax = s.codesign.budgetMax;
    if (static_cast<QCPLayoutElement*>(title_)->minimumOuterSizeHint().height() != height) {
        plot_->replot(); // the title wraps to another number of lines: lay the plot out again
    } else {
        plot_->layer("budget")->replot();
        plot_->layer("budgetTop")->replot();
    }
    return true;
}

void CodesignView::placeBaseline() {
    baselineOf_ = session_->baseline;
    baselineKey_ = keyOf(*session_);
    baselineDesign_.reset();
    baselineError_.clear();
    if (!baselineOf_) {
        baselineJob_->cancel();
        return;
    }
    // Its own workload, time constants and area; its speed-up against this session's
    // reference (the y axis). One design: a fraction of the search's time.
    baselineJob_->start(tr("Baseline design…"),
                        [this, s = *session_](JobControl&) -> BackgroundJob::Deliver {
                            const double ref = search::referenceTime(s);
                            search::PlacedDesign d = search::placeDesign(*s.baseline, ref);
                            return [this, d = std::move(d)] {
                                baselineDesign_ = d;
                                redraw();
                            };
                        });
}

void CodesignView::start() {
    if (!session_) {
        return;
    }
    const SessionState s = *session_;
    runningKey_ = keyOf(s);
    // The up-front estimate (counting only: areas of the grid and the workload's tilings).
    try {
        const search::CodesignEstimate e = search::estimateCodesign(
            search::loadWorkload(s.codesign.workload, s.gpu), search::codesignOptions(s));
        const double seconds = e.seconds * (otherFront_->isChecked() ? 2 : 1);
        estimate_->setText(tr("%1 designs, %2 in range: about %3")
                               .arg(QLocale().toString(static_cast<qulonglong>(e.gridPoints)),
                                    QLocale().toString(static_cast<qulonglong>(e.inRange)),
                                    QString::fromStdString(search::roughDuration(seconds))));
        estimate_->setToolTip(
            tr("Before the search: %1 candidate tilings × %2 designs in the area range = %3 "
               "(tiling, design) pairs at the kernel's measured rate on %4 threads (docs/"
               "performance.md); an upper bound, since tilings that do not fit a design are "
               "skipped.")
                .arg(e.tilings)
                .arg(e.inRange)
                .arg(e.pairs)
                .arg(e.threads));
    } catch (const InputError& err) {
        estimate_->setText(QString::fromUtf8(err.what()));
    }
    cancel_->setEnabled(true);
    progress_->setValue(0);
    status_->setText(tr("Searching every design's exact optimal tilings…"));
    // A newer start (the session changed) makes this search stale: it stops, its result is
    // dropped.
    job_->start(
        tr("Codesign search…"),
        [this, s, key = runningKey_](JobControl& c) -> BackgroundJob::Deliver {
            auto job = std::make_shared<Job>();
            job->key = key;
            const search::Workload w = search::loadWorkload(s.codesign.workload, s.gpu);
            search::CodesignOptions o = search::codesignOptions(s);
            o.cancel = c.cancelFlag();
            // With the other rule's front, each search is half of the bar.
            const bool both = key.size() >= 6 && key.compare(key.size() - 6, 6, "|other") == 0;
            const auto progress = [&c](double from, double share) {
                return [&c, from, share](const search::CodesignProgress& p) {
                    c.setProgress(from +
                                  share * static_cast<double>(p.done) /
                                      static_cast<double>(std::max<std::size_t>(1, p.total)));
                };
            };
            o.progress = progress(0, both ? 0.5 : 1);
            job->result = search::runCodesign(w, o);
            if (both && !job->result.cancelled) {
                search::CodesignOptions other = o;
                other.variant.k = otherRule(s.variant.k);
                other.progress = progress(0.5, 0.5);
                job->other = search::runCodesign(w, other);
            }
            const double refTime = job->result.reference.weightedTime;
            // The two Maxwell references under the same time model.
            const auto reference = [&](const char* id, search::DesignPoint& d, double* areas) {
                const GpuProfile p = loadGpuProfile(id);
                const area::Architecture a = area::architectureOf(p);
                Gpu g = o.base;
                g.nSm = a.nSm;
                g.nV = a.nV;
                g.mSmKb = a.mSmKb;
                d = search::optimizeDesign(w, g, s.variant, refTime);
                areas[0] = area::areaBreakdown(a, o.coefficients, o.form).total;
                areas[1] = area::areaBreakdown(area::cacheLess(a), o.coefficients, o.form).total;
            };
            reference("gtx980", job->gtx980, job->gtxArea);
            reference("titanx", job->titanx, job->titanArea);
            return [this, job] { finished(*job); };
        });
}

void CodesignView::finished(Job& job) {
    cancel_->setEnabled(false);
    runningKey_.clear();
    if (!job.result.cancelled) {
        error_.clear();
        result_ = std::make_unique<search::CodesignResult>(std::move(job.result));
        refs_ = std::make_unique<Job>();
        refs_->gtx980 = job.gtx980;
        refs_->titanx = job.titanx;
        std::copy(std::begin(job.gtxArea), std::end(job.gtxArea), refs_->gtxArea);
        std::copy(std::begin(job.titanArea), std::end(job.titanArea), refs_->titanArea);
        resultKey_ = job.key;
        other_ = job.other && !job.other->cancelled
                     ? std::make_unique<search::CodesignResult>(std::move(*job.other))
                     : nullptr;
        if (session_) { // the limits may have changed while it searched
            search::applyLimits(*result_, search::codesignLimits(*session_));
            if (other_) {
                search::applyLimits(*other_, search::codesignLimits(*session_));
            }
        }
        progress_->setValue(progress_->maximum());
    }
    redraw();
}

void CodesignView::cancel() {
    job_->cancel();
}

bool CodesignView::resultShown() const {
    return result_ && !(busy() && !runningKey_.empty() && runningKey_ != resultKey_);
}

bool CodesignView::busy() const {
    return job_->isRunning();
}

void CodesignView::finishPendingWork() {
    job_->waitForFinished();
    baselineJob_->waitForFinished();
}

QString CodesignView::outsideCalibration(const search::DesignPoint& d) const {
    if (!session_) {
        return {};
    }
    area::Architecture a;
    a.nSm = d.nSm;
    a.nV = d.nV;
    a.mSmKb = d.mSmKb; // the grid's designs are cache-less with the default R_VU
    QStringList out;
    if (session_->areaNode != area::kCalibrationNode) {
        out << QStringLiteral("node %1 nm").arg(session_->areaNode); // every design (issue 32)
    }
    for (const area::Warning w : area::calibrationWarnings(a, ranges_)) {
        switch (w) {
        case area::Warning::VectorUnitsExtrapolated:
            out << QStringLiteral("n_V %1").arg(d.nV);
            break;
        case area::Warning::SharedMemoryOutside:
            out << QStringLiteral("M_SM %1 KB").arg(d.mSmKb);
            break;
        case area::Warning::RegisterFileOutside:
            out << QStringLiteral("R_VU %1 KB").arg(a.rVuKb);
            break;
        default: // off-grid values are not extrapolations
            break;
        }
    }
    return out.join(", ");
}

const search::DesignPoint* CodesignView::bestInBudget() const {
    if (!result_ || !session_) {
        return nullptr;
    }
    const search::DesignPoint* best = nullptr;
    for (const auto& d : result_->designs) {
        if (d.feasible && d.allowed && d.area >= session_->codesign.budgetMin &&
            d.area <= session_->codesign.budgetMax &&
            (!best || d.weightedTime < best->weightedTime)) {
            best = &d;
        }
    }
    return best;
}

QString CodesignView::headline() const {
    if (!error_.isEmpty()) {
        return tr("No result: %1").arg(error_);
    }
    if (!resultShown()) {
        return busy() ? tr("Searching…") : tr("No result yet");
    }
    const search::DesignPoint* b = bestInBudget();
    QString s = tr("%1 designs, %2 on the Pareto front")
                    .arg(result_->designs.size())
                    .arg(result_->pareto.size());
    if (b) {
        s += tr("; best in %1–%2 mm²: %3, %4 mm², %5×")
                 .arg(session_->codesign.budgetMin)
                 .arg(session_->codesign.budgetMax)
                 .arg(designLabel(*b, bandwidthAxis()))
                 .arg(b->area, 0, 'f', 2)
                 .arg(b->speedup, 0, 'f', 3);
        if (session_->codesign.powerOn) {
            s += tr(", ≈ %1 W").arg(b->powerW, 0, 'f', 0);
        }
        if (const QString out = outsideCalibration(*b); !out.isEmpty()) {
            s += tr(" (extrapolated: %1 outside the area model's calibration)").arg(out);
        }
    } else if (result_->designs.empty()) {
        // The reason the range itself gives (review of issue 44): no design of the grid has an
        // area in it, so none can be in the budget band either.
        s += tr("; no design of the grid lies in %1–%2 mm² (Designs from … to), so none in the "
                "budget band")
                 .arg(session_->codesign.areaMin)
                 .arg(session_->codesign.areaMax);
    } else if (session_->codesign.budgetMax < session_->codesign.areaMin ||
               session_->codesign.budgetMin > session_->codesign.areaMax) {
        s += tr("; the budget band %1–%2 mm² lies outside Designs from … to (%3–%4 mm²)")
                 .arg(session_->codesign.budgetMin)
                 .arg(session_->codesign.budgetMax)
                 .arg(session_->codesign.areaMin)
                 .arg(session_->codesign.areaMax);
    } else {
        s += tr("; no feasible design in the budget band within the limits");
    }
    return s;
}

void CodesignView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearItems();
    drawn_ = session_;
    band_ = nullptr;
    bandLabel_ = nullptr;
    bestGraph_ = nullptr;
    bestLabel_ = nullptr;
    title_->setText(headline());
    QString sub;
    if (session_) {
        // The search varies the die (n_SM, n_V, M_SM) and takes R_VU, L1 and L2 from its own
        // settings: only the GPU's other values (the time constants) are its inputs. A loaded
        // design edits the die's keys; it is named as the session's design, not as edited
        // time constants.
        static const std::set<std::string> die{"n_sm",    "n_v",        "m_sm_kb",
                                               "r_vu_kb", "l1_pair_kb", "l2_kb"};
        std::map<std::string, Quantity> timing;
        bool designEdited = false;
        for (const auto& [key, q] : session_->gpu.params) {
            if (die.contains(key)) {
                designEdited = designEdited || q.edited;
            } else {
                timing.emplace(key, q);
            }
        }
        const std::string edits = editedParameters(timing);
        const std::string name = session_->gpu.name.empty() ? session_->gpu.id : session_->gpu.name;
        sub = variantLine(session_->variant, 3) +
              tr("   |   time constants and C_iter: %1; speed-up against it as shipped   |   "
                 "area: %2 form")
                  .arg(QString::fromStdString(edits.empty() ? name : name + ", edited: " + edits),
                       QString::fromUtf8(area::name(session_->areaForm).data()));
        if (session_->areaNode != area::kCalibrationNode) {
            sub += tr(", scaled to %1 nm (extension, outside the 28 nm calibration; overhead as "
                      "%2)")
                       .arg(session_->areaNode)
                       .arg(QString::fromUtf8(area::name(session_->areaOverhead).data()));
        }
        sub += tr("\nfront %1")
                   .arg(QString::fromStdString(
                            search::limitsSentence(search::codesignLimits(*session_),
                                                   session_->codesign.chipOn))
                            .replace(QStringLiteral("mm2"), QStringLiteral("mm²")));
        if (resultShown() && result_->outsideLimits > 0) {
            sub += tr(" (%1 designs outside them: × beyond the reticle, + over the power budget)")
                       .arg(result_->outsideLimits);
        }
        if (designEdited) {
            try {
                const area::Architecture a = session_->architecture();
                sub += tr("   |   session design: %1 SMs × %2 VUs, %3 KB")
                           .arg(a.nSm)
                           .arg(a.nV)
                           .arg(a.mSmKb);
            } catch (const InputError&) {
                // an architecture the area model refuses: the views say why
            }
        }
    }
    if (session_ && session_->baseline) {
        sub += tr("\ndashed circles: %1").arg(baselineName(*session_, {"area"}));
        if (!baselineError_.isEmpty()) {
            sub += tr(" (not placed: %1)").arg(baselineError_);
        } else if (baselineDesign_ && !baselineDesign_->point.feasible) {
            sub += tr(" (not placed: some workload problem has no feasible tiling on it)");
        } else if (!baselineDesign_) {
            sub += tr(" (placing…)");
        } else if (baselineDesign_->workload != session_->codesign.workload) {
            sub += tr(" (its workload: %1)").arg(QString::fromStdString(baselineDesign_->workload));
        }
    }
    subtitle_->setText(sub);
    if (!busy()) {
        status_->setText(
            error_.isEmpty() && result_
                ? tr("Exact: every design's tilings searched exhaustively (%1 candidate "
                     "tilings per design). Click a design to load it into the editors.")
                      .arg(result_->tilingsPerDesign)
                : error_);
    }
    // Words that fit the axis on a slide and in F11 (issue 55: "speed-up vs gt…as shipped"):
    // the chip's short name; the subtitle says the reference is the GPU as shipped.
    const QString reference =
        session_ ? QString::fromStdString(shortChipName(session_->gpu)) : QString();
    plot_->yAxis->setLabel(tr("speed-up vs %1 [×]").arg(reference));
    plot_->xAxis->setLabel(
        !session_ || !session_->codesign.chipOn ? tr("die area, cache-less, R_VU = 2 KB [mm²]")
        : session_->codesign.wholeDie ? tr("whole die: SMs, L1, L2, tensor/FP64, memory, I/O [mm²]")
                                      : tr("die area, cache-less + memory PHYs [mm²]"));
    // A search running for other inputs: its progress only, never the last result's points
    // under this session's title (issue 45).
    const bool chipShown = session_ && session_->codesign.chipOn && resultShown();
    plots_->setTabVisible(1, chipShown);
    plots_->tabBar()->setVisible(chipShown);
    if (chipShown) {
        const QString memory = QString::fromStdString(session_->codesign.memoryTech.empty()
                                                          ? session_->gpu.memory
                                                          : session_->codesign.memoryTech);
        powerPanel_->setResult(result_.get(), reference, memory.toUpper(), presentation_);
    }
    if (!resultShown() || !session_) {
        plot_->replot();
        return;
    }
    const auto& designs = result_->designs;
    auto* dominated = plot_->addGraph();
    dominated->setName(tr("design (dominated)"));
    dominated->setLineStyle(QCPGraph::lsNone);
    QColor light = t.palette[4];
    light.setAlpha(140);
    // Thousands of them: a pre-drawn disc is blitted (drawing each as an antialiased ellipse
    // took two thirds of a redraw, issue 33).
    dominated->setScatterStyle(discScatter(light, presentation_ ? 7 : 4));
    auto* front = plot_->addGraph();
    front->setName(tr("Pareto front"));
    front->setLineStyle(QCPGraph::lsStepLeft);
    front->setPen(QPen(t.palette[0], t.lineWidth));
    front->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, t.palette[0], t.palette[0], t.markerSize));
    // Outside a switched-on limit, by which one (the reticle first): crosses, then plus signs.
    auto* outside = plot_->addGraph();
    outside->setName(tr("beyond the reticle"));
    outside->setLineStyle(QCPGraph::lsNone);
    outside->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross,
                                             QPen(QColor(150, 40, 40, 170), 1.2), Qt::NoBrush,
                                             presentation_ ? 8 : 5));
    auto* overPower = plot_->addGraph();
    overPower->setName(tr("over the power budget"));
    overPower->setLineStyle(QCPGraph::lsNone);
    overPower->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus,
                                               QPen(QColor(200, 100, 0, 190), 1.2), Qt::NoBrush,
                                               presentation_ ? 8 : 5));
    double top = 0;
    for (const auto& d : designs) {
        if (!d.feasible) {
            continue;
        }
        top = std::max(top, d.speedup);
        const bool beyondReticle = result_->limits.reticle && !d.withinReticle;
        (d.pareto        ? front
         : beyondReticle ? outside
         : !d.allowed    ? overPower
                         : dominated)
            ->addData(d.area, d.speedup);
    }
    for (QCPGraph* g : {outside, overPower}) {
        if (g->dataCount() == 0) {
            plot_->removeGraph(g);
        }
    }
    // Issue 32: the Pareto front under the other k rule, its speed-ups against the same
    // reference time as this front's.
    if (const auto others = otherFront(); !others.empty()) {
        const QString rule = QString::fromUtf8(talg::name(otherRule(session_->variant.k)).data());
        front->setName(tr("Pareto front, k = %1")
                           .arg(QString::fromUtf8(talg::name(session_->variant.k).data())));
        auto* second = plot_->addGraph();
        second->setName(tr("Pareto front, k = %1").arg(rule));
        second->setLineStyle(QCPGraph::lsStepLeft);
        second->setPen(QPen(t.palette[1], t.lineWidth, Qt::DashLine));
        second->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, t.palette[1], t.markerSize));
        for (const auto& d : others) {
            const double speedup = result_->reference.weightedTime / d.weightedTime;
            second->addData(d.area, speedup);
            top = std::max(top, speedup);
        }
    }
    // The designs inside the area model's calibration (n_V = 128, M_SM in the Cacti sweep):
    // marked, since every other design is extrapolated (and the CSV says which value is out).
    auto* calibrated = plot_->addGraph();
    calibrated->setName(presentation_ ? tr("inside the area calibration")
                                      : tr("inside the area calibration (others extrapolated)"));
    calibrated->setLineStyle(QCPGraph::lsNone);
    calibrated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond,
                                                QPen(QColor(40, 40, 40), 1.2), Qt::NoBrush,
                                                presentation_ ? 11 : 7));
    for (const auto& d : designs) {
        if (d.feasible && outsideCalibration(d).isEmpty()) {
            calibrated->addData(d.area, d.speedup);
        }
    }
    if (calibrated->dataCount() == 0) { // another node: no design is inside
        plot_->removeGraph(calibrated);
    }
    // The budget band, under everything.
    auto* band = new QCPItemRect(plot_);
    band->setLayer("budget");
    band_ = band;
    bandTop_ = top;
    band->topLeft->setCoords(session_->codesign.budgetMin, 1e9);
    band->bottomRight->setCoords(session_->codesign.budgetMax, -1e9);
    band->setPen(Qt::NoPen);
    band->setBrush(QColor(240, 228, 66, 90));
    auto* bandLabel = new QCPItemText(plot_);
    bandLabel->position->setCoords(
        (session_->codesign.budgetMin + session_->codesign.budgetMax) / 2, top * 1.12);
    bandLabel->setText(tr("budget"));
    bandLabel->setLayer("budgetTop");
    bandLabel_ = bandLabel;
    QFont lf = plot_->font();
    lf.setPointSize(t.basePointSize);
    bandLabel->setFont(lf);
    // Beyond the reticle, hatched, when the limit is on and inside the searched range.
    if (session_->codesign.reticleOn &&
        session_->codesign.reticleMm2 < session_->codesign.areaMax) {
        auto* beyond = new QCPItemRect(plot_);
        beyond->setLayer("background");
        beyond->topLeft->setCoords(session_->codesign.reticleMm2, 1e9);
        beyond->bottomRight->setCoords(1e9, -1e9);
        beyond->setPen(QPen(QColor(150, 40, 40), 1.5));
        beyond->setBrush(QBrush(QColor(150, 40, 40, 60), Qt::BDiagPattern));
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(session_->codesign.reticleMm2, top * 1.12);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setText(tr("beyond the %1 mm² reticle").arg(session_->codesign.reticleMm2));
        label->setFont(lf);
        label->setColor(QColor(150, 40, 40));
    }
    // References with and without caches (the papers' cache-less Maxwell designs: not drawn
    // under the chip model, whose areas and powers they do not share).
    const bool maxwellRefs = refs_ && !session_->codesign.chipOn;
    if (maxwellRefs) {
        const auto ref = [&](const search::DesignPoint& d, const double* areas, const QString& name,
                             const QColor& c) {
            if (!d.feasible) {
                return;
            }
            auto* g = plot_->addGraph();
            g->setName(tr("%1 (with / without caches)").arg(name));
            g->setPen(QPen(c, t.lineWidth, Qt::DashLine));
            g->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssSquare, c, Qt::white, t.markerSize * 1.4));
            g->addData(areas[1], d.speedup);
            g->addData(areas[0], d.speedup);
            // Above the line's left end (the cache-less point, inside the searched range), so a
            // right end near the plot's edge does not cut the label off.
            auto* label = new QCPItemText(plot_);
            label->position->setCoords(areas[1], d.speedup);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            label->setPadding(QMargins(4, 0, 0, 4));
            label->setFont(lf);
            label->setColor(c.darker(120));
            label->setBrush(QColor(255, 255, 255, 210)); // readable over the design points
            label->setText(tr("%1: %2 mm² without caches, %3 mm² with")
                               .arg(name)
                               .arg(areas[1], 0, 'f', 0)
                               .arg(areas[0], 0, 'f', 0));
            keepApart(label, 2, true);
            top = std::max(top, d.speedup);
        };
        // At another node the references are the Maxwell designs scaled there.
        const QString at = session_->areaNode == area::kCalibrationNode
                               ? QString()
                               : tr(" at %1 nm").arg(session_->areaNode);
        ref(refs_->gtx980, refs_->gtxArea, QStringLiteral("GTX 980") + at, t.palette[3]);
        ref(refs_->titanx, refs_->titanArea, QStringLiteral("Titan X") + at, t.palette[5]);
    }
    // Before the best design's label, so that its place does not depend on where the budget
    // band puts that one (a band drag moves the best label alone).
    std::optional<double> refLeft, refRight;
    // The reference GPU as shipped, always (issue 59: it was drawn only once pinned), at its
    // area as the designs' are counted and speed-up 1.
    // Not for the GTX 980 and Titan X, which are drawn as the Maxwell references already.
    const bool maxwellChip = session_->gpu.id == "gtx980" || session_->gpu.id == "titanx";
    if (const search::DesignPoint& ref = result_->reference;
        ref.feasible && ref.area > 0 && !(maxwellRefs && maxwellChip)) {
        auto* g = plot_->addGraph();
        g->setName(tr("%1 as shipped (the reference)").arg(reference));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare,
                                           QPen(schemeInk(), t.lineWidth), Qt::NoBrush,
                                           t.markerSize * 2));
        g->addData(ref.area, 1.0);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(ref.area, 1.0);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(8, 6, 2, 0));
        label->setFont(lf);
        label->setBrush(QColor(255, 255, 255, 210));
        // Short: the legend names the GPU (in F11 the name ran into the budget band's label).
        label->setText(tr("as shipped: 1×, %1 mm²%2")
                           .arg(ref.area, 0, 'f', 0)
                           .arg(result_->reference.powerW > 0 && session_->codesign.chipOn
                                    ? tr(", %1 W").arg(ref.powerW, 0, 'f', 0)
                                    : QString()));
        keepApart(label, 4, true);
        refLeft = ref.area - 10;
        refRight = ref.area + 60;
        top = std::max(top, 1.0);
    }
    if (const search::DesignPoint* b = bestInBudget()) {
        auto* g = plot_->addGraph();
        g->setName(tr("best in the budget"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                           QPen(t.palette[3], t.lineWidth), Qt::NoBrush,
                                           t.markerSize * 2.5));
        g->addData(b->area, b->speedup);
        g->setLayer("budgetTop");
        bestGraph_ = g;
        auto* label = new QCPItemText(plot_);
        label->setLayer("budgetTop");
        bestLabel_ = label;
        label->position->setCoords(b->area, b->speedup);
        // Below and right of the point: the legend sits top left, where the label ran into it.
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(10, 8, 2, 0));
        label->setFont(lf);
        label->setText(QStringLiteral("%1: %2×")
                           .arg(designLabel(*b, bandwidthAxis()))
                           .arg(b->speedup, 0, 'f', 2));
        label->setBrush(QColor(255, 255, 255, 210));
        keepApart(label, 3);
    }
    // The session's own design, if it is one of the grid's.
    const area::Architecture mine = [&] {
        try {
            return session_->architecture();
        } catch (const InputError&) {
            return area::Architecture{};
        }
    }();
    // Once: on the bandwidth axis, the design at the session's own bandwidth (1 / L) only
    // (issue 55: it was drawn once per bandwidth, with as many legend entries).
    const double myBandwidth = 1.0 / session_->modelGpu().lSecondsPerGb;
    for (const auto& d : designs) {
        if (d.feasible && d.nSm == mine.nSm && d.nV == mine.nV && d.mSmKb == mine.mSmKb &&
            (!bandwidthAxis() || std::abs(d.bandwidthGBs - myBandwidth) <= 1e-9 * myBandwidth)) {
            auto* g = plot_->addGraph();
            g->setName(tr("session design"));
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle,
                                               QPen(t.palette[6], t.lineWidth), Qt::NoBrush,
                                               t.markerSize * 2.2));
            g->addData(d.area, d.speedup);
        }
    }
    // The baseline's design (its own workload, time constants and area): the session design's
    // colour, hollow and dashed, with and without its caches like the Maxwell references.
    double right = session_->codesign.areaMax + 10;
    double left = session_->codesign.areaMin - 10;
    if (baselineDesign_ && baselineDesign_->point.feasible && baselineDesign_->point.speedup > 0) {
        const search::PlacedDesign& b = *baselineDesign_;
        auto* g = plot_->addGraph();
        // Its name is in the subtitle; the legend covered the plot in F11.
        g->setName(tr("baseline (with / without caches)"));
        g->setPen(QPen(t.palette[6], t.lineWidth, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                           QPen(t.palette[6], t.lineWidth, Qt::DashLine),
                                           Qt::NoBrush, t.markerSize * 2.2));
        g->addData(b.areaCacheLess, b.point.speedup);
        g->addData(b.areaWithCaches, b.point.speedup);
        // On a Maxwell reference's line (the baseline is that GPU as shipped): the legend says
        // so, and a second label would cover the reference's.
        const auto on = [&](const search::DesignPoint& d, const double* areas) {
            return refs_ && d.feasible && d.speedup == b.point.speedup &&
                   areas[0] == b.areaWithCaches && areas[1] == b.areaCacheLess;
        };
        const QString same = refs_ && on(refs_->gtx980, refs_->gtxArea)     ? tr("GTX 980")
                             : refs_ && on(refs_->titanx, refs_->titanArea) ? tr("Titan X")
                                                                            : QString();
        if (!same.isEmpty()) {
            g->setName(tr("baseline (= the %1 reference)").arg(same));
        }
        auto* label = new QCPItemText(plot_);
        label->setVisible(same.isEmpty());
        label->position->setCoords(b.areaCacheLess, b.point.speedup);
        // Below the line's left end (a reference's label is above it; the baseline is often the
        // same GPU), opening right so the left edge does not cut it.
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 10, 2, 0));
        label->setFont(lf);
        label->setColor(t.palette[6].darker(130));
        label->setBrush(QColor(255, 255, 255, 210));
        label->setText(tr("baseline %1: %2×, %3 mm² without caches")
                           .arg(designLabel(b.point, false))
                           .arg(b.point.speedup, 0, 'f', 2)
                           .arg(b.areaCacheLess, 0, 'f', 0));
        keepApart(label, 1, true);
        top = std::max(top, b.point.speedup);
        left = std::min(left, b.areaCacheLess - 10);
        right = std::max(right, b.areaWithCaches + 40);
    }
    if (refLeft) {
        left = std::min(left, *refLeft);
        right = std::max(right, *refRight);
    }
    plot_->xAxis->setRange(left, right);
    if (maxwellRefs) {
        plot_->xAxis->setRange(std::min(plot_->xAxis->range().lower, refs_->gtxArea[1] - 10),
                               std::max(plot_->xAxis->range().upper, refs_->titanArea[0] + 40));
    }
    plot_->yAxis->setRange(0, top > 0 ? top * 1.18 : 1);
    plot_->replot();
}

bool CodesignView::bandwidthAxis() const {
    return session_ && !session_->codesign.gridBandwidthGBs.empty();
}

const search::DesignPoint* CodesignView::designNear(const QPointF& pixel, double radius) const {
    if (!result_ || !resultShown()) {
        return nullptr;
    }
    const search::DesignPoint* best = nullptr;
    double bestDist = radius * radius; // pixels
    for (const auto& d : result_->designs) {
        if (!d.feasible) {
            continue;
        }
        const double dx = plot_->xAxis->coordToPixel(d.area) - pixel.x();
        const double dy = plot_->yAxis->coordToPixel(d.speedup) - pixel.y();
        if (dx * dx + dy * dy <= bestDist) {
            bestDist = dx * dx + dy * dy;
            best = &d;
        }
    }
    return best;
}

QString CodesignView::hoverTextAt(const QCustomPlot& plot, double x, double y) const {
    if (&plot != plot_ || !session_) {
        return {};
    }
    const QPointF at(plot_->xAxis->coordToPixel(x), plot_->yAxis->coordToPixel(y));
    const QString reference = QString::fromStdString(shortChipName(session_->gpu));
    // The reference GPUs' squares first: a design a few pixels away is not them.
    if (refs_ && !session_->codesign.chipOn) {
        const auto ref = [&](const search::DesignPoint& d, const double* areas,
                             const QString& name) -> QString {
            for (int i = 0; i < 2; ++i) {
                const double dx = plot_->xAxis->coordToPixel(areas[i]) - at.x();
                const double dy = plot_->yAxis->coordToPixel(d.speedup) - at.y();
                if (d.feasible && dx * dx + dy * dy <= 9) {
                    return tr("%1 as shipped (%2 SMs × %3 VUs, %4 KB): %5 mm² %6, speed-up %7× "
                              "vs %8, weighted T_alg %9 s")
                        .arg(name)
                        .arg(d.nSm)
                        .arg(d.nV)
                        .arg(d.mSmKb)
                        .arg(areas[i], 0, 'f', 1)
                        .arg(i == 0 ? tr("with caches") : tr("without caches"))
                        .arg(d.speedup, 0, 'g', 4)
                        .arg(reference)
                        .arg(d.weightedTime, 0, 'g', 6);
                }
            }
            return {};
        };
        if (QString t = ref(refs_->gtx980, refs_->gtxArea, QStringLiteral("GTX 980"));
            !t.isEmpty()) {
            return t;
        }
        if (QString t = ref(refs_->titanx, refs_->titanArea, QStringLiteral("Titan X"));
            !t.isEmpty()) {
            return t;
        }
    }
    const search::DesignPoint* d = designNear(at, 8);
    if (d == nullptr) {
        return {};
    }
    QStringList parts;
    parts << tr("%1: %2 mm² (cache-less), speed-up %3× vs %4, weighted T_alg %5 s")
                 .arg(designLabel(*d, bandwidthAxis()))
                 .arg(d->area, 0, 'f', 2)
                 .arg(d->speedup, 0, 'g', 4)
                 .arg(reference)
                 .arg(d->weightedTime, 0, 'g', 6);
    parts << tr("power ≈ %1 W (an estimate)").arg(d->powerW, 0, 'f', 0);
    if (d->pareto) {
        parts << tr("on the Pareto front");
    }
    const CodesignSettings& c = session_->codesign;
    if (d->area >= c.budgetMin && d->area <= c.budgetMax) {
        parts << tr("in the budget band");
    }
    if (c.reticleOn && !d->withinReticle) {
        parts << tr("beyond the %1 mm² reticle").arg(c.reticleMm2);
    }
    if (c.powerOn && !d->withinPower) {
        parts << tr("over the %1 W power budget").arg(c.powerW);
    }
    if (const QString out = outsideCalibration(*d); !out.isEmpty()) {
        parts << tr("extrapolated: %1").arg(out);
    }
    return parts.join(QStringLiteral("; "));
}

void CodesignView::chooseNear(const QPointF& pixel) {
    const search::DesignPoint* best = designNear(pixel, 14);
    if (best) {
        const bool chip = session_ && session_->codesign.chipOn && best->clockMhz > 0;
        emit designChosen(best->nSm, best->nV, best->mSmKb, 2.0,
                          bandwidthAxis() ? best->bandwidthGBs : 0.0, chip ? best->clockMhz : 0.0,
                          chip ? best->memoryUnits : 0,
                          chip ? QString::fromStdString(session_->codesign.memoryTech) : QString());
    }
}

bool CodesignView::chipColumns() const {
    return result_ && session_ && session_->codesign.chipOn;
}

void CodesignView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    // The page on screen: the area plot, or the chip model's power against speed-up (issue 59).
    QCustomPlot* shown =
        plots_->isTabVisible(1) && plots_->currentIndex() == 1 ? powerPanel_->plot() : plot_;
    toPainterFitted(*shown, painter, size.width(), size.height()); // its labels placed for it
}

QString CodesignView::csv() const {
    // Every axis of the grid is a column (issue 55: the bandwidth was missing, seven rows alike
    // per design), with the memory PHY area it adds.
    QString out =
        QStringLiteral(
            "# %1; %2\nn_sm,n_v,m_sm_kb,bandwidth_gbs,phy_mm2,area_mm2,feasible,"
            "weighted_time_s,speedup,pareto,outside_calibration,power_w,within_limits%3\n")
            .arg(QString(title_->text()).replace('\n', ' '),
                 QString(subtitle_->text()).replace('\n', "; "),
                 chipColumns() ? QStringLiteral(",clock_mhz,memory_units,static_w,dynamic_w,"
                                                "memory_w,energy_j")
                               : QString());
    if (result_) {
        for (const auto& d : result_->designs) {
            out += QStringLiteral("%1,%2,%3,%4,%5,")
                       .arg(d.nSm)
                       .arg(d.nV)
                       .arg(d.mSmKb)
                       .arg(d.bandwidthGBs, 0, 'g', 10)
                       .arg(d.phyMm2, 0, 'g', 10);
            out += QStringLiteral("%4,%5,%6,%7,%8,\"%9\",%10,%11\n")
                       .arg(d.area, 0, 'g', 10)
                       .arg(d.feasible ? 1 : 0)
                       .arg(d.weightedTime, 0, 'g', 10)
                       .arg(d.speedup, 0, 'g', 8)
                       .arg(d.pareto ? 1 : 0)
                       .arg(outsideCalibration(d))
                       .arg(d.powerW, 0, 'g', 6)
                       .arg(d.allowed ? 1 : 0);
            if (chipColumns()) {
                // Issue 59: the chip model's axes and power breakdown, one column each.
                out.chop(1);
                out += QStringLiteral(",%1,%2,%3,%4,%5,%6\n")
                           .arg(d.clockMhz, 0, 'g', 10)
                           .arg(d.memoryUnits)
                           .arg(d.staticW, 0, 'g', 8)
                           .arg(d.dynamicW, 0, 'g', 8)
                           .arg(d.memoryW, 0, 'g', 8)
                           .arg(d.energyJ, 0, 'g', 8);
            }
        }
    }
    if (baselineDesign_) {
        const search::PlacedDesign& b = *baselineDesign_;
        out += QStringLiteral("# %1: n_sm %2, n_v %3, m_sm_kb %4, area %5 mm2 without caches, %6 "
                              "mm2 with, weighted time %7 s, speedup %8\n")
                   .arg(baselineName(*session_, {"area"}))
                   .arg(b.point.nSm)
                   .arg(b.point.nV)
                   .arg(b.point.mSmKb)
                   .arg(b.areaCacheLess, 0, 'g', 10)
                   .arg(b.areaWithCaches, 0, 'g', 10)
                   .arg(b.point.weightedTime, 0, 'g', 10)
                   .arg(b.point.speedup, 0, 'g', 8);
    }
    return out;
}

} // namespace cdx::widgets
