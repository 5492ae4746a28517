// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/temperature_view.hpp"

#include "common/integer_box.hpp"
#include "common/number_field.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <cmath>
#include <optional>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
// "273.1 kJ", "0.1862 J", "1.68 GJ": four significant digits in a unit that suits the size.
QString joules(double j) {
    const double a = std::abs(j);
    const struct {
        double scale;
        const char* unit;
    } units[] = {{1e9, "GJ"}, {1e6, "MJ"}, {1e3, "kJ"}, {1, "J"}, {1e-3, "mJ"}};
    for (const auto& u : units) {
        if (a >= u.scale || u.scale == 1e-3) {
            return QStringLiteral("%1 %2").arg(j / u.scale, 0, 'g', 4).arg(u.unit);
        }
    }
    return QStringLiteral("%1 J").arg(j, 0, 'g', 4);
}
} // namespace

TemperatureView::TemperatureView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    intro_ = new QLabel(
        tr("What am I looking at: a GPU heats up while a kernel runs and its static (leakage) "
           "power grows with the temperature; when the kernel stops it cools down. The thesis's "
           "model (Ch. IV, eqs. 49–57, GTX 280 parameters of Table 9) for the session's kernel, "
           "run for the chosen time, then idle for the gap, repeated."),
        this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    auto* row = new QHBoxLayout;
    run_ = new NumberField(tr("Run length"), 0.001, 1e7, tr("s"), this);
    run_->setObjectName("temperatureRun");
    run_->setValue(600);
    idle_ = new NumberField(tr("Idle gap"), 0, 1e7, tr("s"), this);
    idle_->setObjectName("temperatureIdle");
    idle_->setValue(300);
    cycles_ = new IntegerBox(this);
    cycles_->setObjectName("temperatureCycles");
    cycles_->setRange(1, 50);
    cycles_->setValue(2);
    row->addWidget(new QLabel(tr("Run length [s]"), this));
    row->addWidget(run_);
    row->addWidget(new QLabel(tr("Idle gap [s]"), this));
    row->addWidget(idle_);
    row->addWidget(new QLabel(tr("Runs"), this));
    row->addWidget(cycles_);
    row->addStretch(1);
    layout->addLayout(row);
    plot_ = new QCustomPlot(this);
    // Thousands of samples in a wide pen: stroked as one polyline they cost 100+ ms a step
    // (issue 33); segment by segment a few ms.
    plot_->setPlottingHint(QCP::phFastPolylines, true);
    plot_->setObjectName("temperaturePlot");
    plot_->setMinimumSize(420, 280);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    plot_->xAxis->setLabel(tr("time [s]"));
    plot_->yAxis->setLabel(tr("chip temperature [°C]"));
    plot_->yAxis2->setVisible(true);
    plot_->yAxis2->setLabel(tr("GPU power [W]"));
    placeLegendBelow(*plot_, 2);
    // The chart, or in its place one sentence when the GPU has no power data.
    pages_ = new QStackedWidget(this);
    pages_->addWidget(plot_);
    noData_ = addNoDataPage(pages_, "temperatureNoData");
    layout->addWidget(pages_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("temperatureSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    connect(run_, &NumberField::edited, this, [this] { recompute(); });
    connect(idle_, &NumberField::edited, this, [this] { recompute(); });
    connect(cycles_, &QSpinBox::valueChanged, this, [this] { recompute(); });
    connect(run_, &NumberField::refused, this, &TemperatureView::refused);
    connect(idle_, &NumberField::refused, this, &TemperatureView::refused);
    connect(cycles_, &IntegerBox::refused, this, [this](const QString& text) {
        emit refused(tr("Runs \"%1\": expected an integer in [1, 50]").arg(text));
    });
    setPresentation(false);
}

void TemperatureView::setPresentation(bool on) {
    presentation_ = on;
    intro_->setVisible(!on); // the speaker explains; the picture gets the room
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    intro_->setFont(f);
    redraw();
}

void TemperatureView::setSession(const SessionState& s) {
    power_.reset();
    error_.clear();
    noDataText_.clear();
    context_ = mwpContext(s.mwp);
    variant_ = s.mwp.variant;
    try {
        params_ = mwp::powerParamsOf(s.mwp.gpu);
        power_ = mwp::power(s.mwp.device(), params_, s.mwp.model(), s.mwp.variant);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        noDataText_ = noPowerModelText(s.mwp, error_);
    }
    recompute();
}

void TemperatureView::saveViewState(ViewState& out, const std::string& prefix) const {
    out[prefix + ".run_s"] = formatNumber(run_->value());
    out[prefix + ".idle_s"] = formatNumber(idle_->value());
    out[prefix + ".runs"] = std::to_string(cycles_->value());
}

void TemperatureView::restoreViewState(const ViewState& in, const std::string& prefix) {
    // A value this view would refuse when typed is not taken from a file either.
    const auto number = [&in, &prefix](const char* name, double lo, double hi) {
        const auto it = in.find(prefix + name);
        bool ok = false;
        const double v = it == in.end() ? 0 : QString::fromStdString(it->second).toDouble(&ok);
        return ok && std::isfinite(v) && v >= lo && v <= hi ? std::optional<double>(v)
                                                            : std::nullopt;
    };
    const QSignalBlocker b1(run_), b2(idle_), b3(cycles_);
    if (const auto v = number(".run_s", 0.001, 1e7)) {
        run_->setValue(*v);
    }
    if (const auto v = number(".idle_s", 0, 1e7)) {
        idle_->setValue(*v);
    }
    if (const auto v = number(".runs", 1, 50); v && *v == std::floor(*v)) {
        cycles_->setValue(static_cast<int>(*v));
    }
    recompute();
}

void TemperatureView::recompute() {
    timeline_.reset();
    if (power_) {
        try {
            timeline_ = mwp::thermalTimeline(params_, *power_, variant_, run_->value(),
                                             idle_->value(), cycles_->value());
        } catch (const InputError& e) {
            error_ = QString::fromUtf8(e.what());
        }
    }
    redraw();
}

void TemperatureView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    plot_->clearItems();
    subtitle_->setText(context_);
    if (!timeline_) {
        title_->setText(tr("No temperature model"));
        if (!noDataText_.isEmpty()) { // no power model at all: one sentence instead of axes
            noData_->setText(noDataText_);
            noData_->setToolTip(error_);
            pages_->setCurrentWidget(noData_);
            summary_->clear();
            return;
        }
        pages_->setCurrentIndex(0);
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    pages_->setCurrentIndex(0);
    const auto& tl = *timeline_;
    title_->setText(tr("Chip temperature and GPU power over %1 run(s) of %2 s with %3 s idle")
                        .arg(cycles_->value())
                        .arg(run_->value())
                        .arg(idle_->value()));
    QVector<double> ts, temp, watts;
    double maxW = 0;
    // Drawn with about one point per two pixels: 50 runs give 20,000 samples, and stroking them
    // took 130 ms a step (issue 33). Every phase keeps its first and last sample (the jumps
    // between phases) and every stride-th between; the figures in the text are of all samples.
    const std::size_t stride = std::max<std::size_t>(1, tl.samples.size() / 400);
    for (std::size_t i = 0; i < tl.samples.size(); ++i) {
        const auto& s = tl.samples[i];
        maxW = std::max(maxW, s.gpuW);
        const bool edge = i == 0 || i + 1 == tl.samples.size() ||
                          tl.samples[i - 1].running != s.running ||
                          tl.samples[i + 1].running != s.running || tl.samples[i - 1].t == s.t ||
                          tl.samples[i + 1].t == s.t;
        if (edge || i % stride == 0) {
            ts << s.t;
            temp << s.tempC;
            watts << s.gpuW;
        }
    }
    // Running phases shaded.
    for (std::size_t i = 0; i < tl.samples.size();) {
        if (!tl.samples[i].running) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j + 1 < tl.samples.size() && tl.samples[j + 1].running) {
            ++j;
        }
        auto* rect = new QCPItemRect(plot_);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(tl.samples[i].t, 0);
        rect->bottomRight->setCoords(tl.samples[j].t, 1);
        rect->setPen(Qt::NoPen);
        // Opaque (the colour of the translucent orange over white): translucent fills over the
        // whole plot height cost a drag step several ms each (issue 33).
        rect->setBrush(QColor(252, 242, 220));
        rect->setLayer("background");
        i = j + 1;
    }
    auto* gt = plot_->addGraph();
    gt->setName(tr("temperature (eqs. 49, 50)"));
    gt->setData(ts, temp, true);
    gt->setPen(QPen(t.palette[5], t.lineWidth * 1.5));
    auto* gp = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    gp->setName(tr("GPU power = run-time (with σ·ΔT) + idle (eqs. 55–57)"));
    gp->setData(ts, watts, true);
    gp->setPen(QPen(t.palette[0], t.lineWidth));
    const double maxT = *params_.idleTempC + tl.temperature.delta;
    auto* gmax = plot_->addGraph();
    gmax->setName(tr("Max_temp = Idle_temp + δ (eq. 53)"));
    gmax->setData({ts.front(), ts.back()}, {maxT, maxT});
    gmax->setPen(QPen(t.palette[5], t.lineWidth, Qt::DashLine));
    plot_->xAxis->setRange(0, ts.back());
    plot_->yAxis->setRange(*params_.idleTempC - 2, std::max(maxT, *params_.idleTempC) + 3);
    plot_->yAxis2->setRange(0, maxW * 1.15);
    if (tl.saturationS <= ts.back()) {
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(tl.saturationS, 0);
        line->point2->setCoords(tl.saturationS, 1);
        line->setPen(QPen(Qt::black, t.lineWidth, Qt::DotLine));
        auto* text = new QCPItemText(plot_);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(tl.saturationS, 0.04);
        text->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
        text->setText(tr(" 99 % of the rise: %1 s").arg(tl.saturationS, 0, 'f', 0));
        text->setFont(plot_->xAxis->labelFont());
    }
    summary_->setText(
        tr("Shaded: the kernel runs. Rise δ = %1 °C to %2 °C (eq. 53 %3); run-time power %4 W "
           "cold, +%5 W of static power when hot (σ = %6 W/°C); idle power %7 W. Peak %8 °C. "
           "Energy %9, of which %10 from the heating (the cold model: %11). Runs after "
           "the first start warm and continue eq. 49's exponential from there (an extension: "
           "the thesis assumes a cold start).")
            .arg(tl.temperature.delta, 0, 'f', 2)
            .arg(maxT, 0, 'f', 2)
            .arg(variant_.temperature == mwp::TemperatureReading::Rise ? tr("read as a rise")
                                                                       : tr("read literally"))
            .arg(tl.runtimePower0W, 0, 'f', 2)
            .arg(tl.temperature.saturatedExtraW, 0, 'f', 2)
            .arg(*params_.sigmaWPerC, 0, 'g', 4)
            .arg(tl.idlePowerW, 0, 'f', 1)
            .arg(tl.peakTempC, 0, 'f', 2)
            .arg(joules(tl.energyJ), joules(tl.energyJ - tl.coldEnergyJ), joules(tl.coldEnergyJ)));
    plot_->replot();
}

void TemperatureView::renderTo(QPaintDevice& device, const QSize& size) {
    renderPlotAndText(device, *plot_, summary_->text(), size, 70, presentation_);
}

QString TemperatureView::csv() const {
    QString out = QStringLiteral("# %1\nt_s,temp_c,runtime_w,gpu_w,running\n").arg(context_);
    if (timeline_) {
        for (const auto& s : timeline_->samples) {
            out += QStringLiteral("%1,%2,%3,%4,%5\n")
                       .arg(s.t, 0, 'g', 17)
                       .arg(s.tempC, 0, 'g', 17)
                       .arg(s.runtimeW, 0, 'g', 17)
                       .arg(s.gpuW, 0, 'g', 17)
                       .arg(s.running ? 1 : 0);
        }
    }
    return out;
}

} // namespace cdx::widgets
