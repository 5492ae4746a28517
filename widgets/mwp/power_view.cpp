// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/power_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "mwp/mwp_compare.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"

#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
// The whole-GPU watts of each component as the breakdown draws them: the units with power,
// the Fermi activation, the idle power.
std::vector<std::pair<QString, double>>
componentWatts(const mwp::PowerResult& r, const mwp::PowerParams& p, std::size_t* units) {
    std::vector<std::pair<QString, double>> out;
    for (const auto& u : r.units) {
        if (p[u.unit] > 0) {
            out.push_back({QString::fromLatin1(mwp::label(u.unit).data()), u.gpuWatts});
        }
    }
    if (units) {
        *units = out.size();
    }
    if (p.activationW > 0) {
        out.push_back({QObject::tr("Activation (Fermi)"), p.activationW});
    }
    out.push_back({QObject::tr("Idle power"), p.idlePowerW});
    return out;
}
} // namespace

PowerView::PowerView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* split = new ProportionalSplitter(Qt::Horizontal, this);
    split_ = split;
    breakdown_ = new QCustomPlot(split);
    breakdown_->setObjectName("powerBreakdownPlot");
    breakdown_->setMinimumSize(360, 300);
    PlotHeader h = addPlotHeader(*breakdown_);
    bTitle_ = h.title;
    bSubtitle_ = h.subtitle;
    unitBars_ = new QCPBars(breakdown_->yAxis, breakdown_->xAxis);
    fixedBars_ = new QCPBars(breakdown_->yAxis, breakdown_->xAxis);
    baselineBars_ = new QCPBars(breakdown_->yAxis, breakdown_->xAxis);
    baselineBars_->setName(tr("baseline"));
    breakdown_->yAxis->setRangeReversed(true);
    breakdown_->xAxis->setLabel(tr("power [W]"));

    sweep_ = new QCustomPlot(split);
    sweep_->setObjectName("powerSweepPlot");
    sweep_->setMinimumSize(420, 300);
    h = addPlotHeader(*sweep_);
    sTitle_ = h.title;
    sSubtitle_ = h.subtitle;
    perW_ = sweep_->addGraph();
    perW_->setName(tr("GIPS/W (eq. 62)"));
    gips_ = sweep_->addGraph(sweep_->xAxis, sweep_->yAxis2);
    gips_->setName(tr("GIPS (right axis)"));
    best_ = sweep_->addGraph();
    best_->setName(tr("optimum of the sweep"));
    best_->setLineStyle(QCPGraph::lsNone);
    current_ = sweep_->addGraph();
    current_->setName(tr("session"));
    current_->setLineStyle(QCPGraph::lsNone);
    basePerW_ = sweep_->addGraph();
    basePerW_->setName(tr("baseline's GIPS/W"));
    baseBest_ = sweep_->addGraph();
    baseBest_->setName(tr("baseline's optimum"));
    baseBest_->setLineStyle(QCPGraph::lsNone);
    sweep_->xAxis->setLabel(tr("active SMs"));
    sweep_->yAxis->setLabel(tr("GIPS/W"));
    sweep_->yAxis2->setVisible(true);
    sweep_->yAxis2->setLabel(tr("GIPS"));
    // The legend below the axes in two columns: inside it hid the optimum's annotation.
    placeLegendBelow(*sweep_, 2);
    split->addWidget(breakdown_);
    split->addWidget(sweep_);
    // Equal halves: with presentation fonts the breakdown's labels need the width.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    breakdown_->xAxis->ticker()->setTickCount(3);
    // The charts, or in their place one sentence when the GPU has no power data.
    pages_ = new QStackedWidget(this);
    pages_->addWidget(split);
    noData_ = addNoDataPage(pages_, "powerNoData");
    layout->addWidget(pages_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("powerSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    setPresentation(false);
}

void PowerView::setPresentation(bool on) {
    presentation_ = on;
    splitSized_ = false;
    const PlotTheme t = plotTheme(on);
    for (QCustomPlot* p : {breakdown_, sweep_}) {
        applyTheme(*p, t);
    }
    applyTheme(PlotHeader{bTitle_, bSubtitle_}, t);
    applyTheme(PlotHeader{sTitle_, sSubtitle_}, t);
    unitBars_->setBrush(t.palette[0]);
    unitBars_->setPen(QPen(t.palette[0].darker(130)));
    fixedBars_->setBrush(QColor(190, 190, 190));
    fixedBars_->setPen(QPen(QColor(140, 140, 140)));
    perW_->setPen(QPen(Qt::black, t.lineWidth * 1.5));
    perW_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, t.markerSize * 0.7));
    gips_->setPen(QPen(t.palette[4], t.lineWidth, Qt::DashLine));
    best_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(t.palette[3], 2.5),
                                           QBrush(t.palette[3]), t.markerSize * 3));
    current_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2),
                                              QBrush(QColor(240, 228, 66)), t.markerSize * 2));
    // The baseline: the same colours, hollow and dashed.
    baselineBars_->setBrush(Qt::NoBrush);
    baselineBars_->setPen(QPen(t.palette[0].darker(130), t.lineWidth, Qt::DashLine));
    basePerW_->setPen(QPen(Qt::black, t.lineWidth, Qt::DashLine));
    basePerW_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1),
                                               Qt::NoBrush, t.markerSize * 0.8));
    // A dashed ring, not a second star: the session's optimum is the star.
    baseBest_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                               QPen(t.palette[3], 2, Qt::DashLine), Qt::NoBrush,
                                               t.markerSize * 3));
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    redraw();
}

void PowerView::setSession(const SessionState& s) {
    result_.reset();
    optimum_.reset();
    temperature_.reset();
    error_.clear();
    context_ = mwpContext(s.mwp);
    noDataText_.clear();
    try {
        const PowerEvaluation e = evaluatePower(s.mwp);
        nSm_ = e.nSm;
        params_ = e.params;
        result_ = e.result;
        optimum_ = e.optimum;
        if (params_.hasTemperature()) {
            temperature_ = mwp::temperature(params_, result_->runtimeW, result_->memAccessIntensity,
                                            s.mwp.variant);
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        noDataText_ = noPowerModelText(s.mwp, error_);
    }
    // The baseline's power beside the session's (closed forms: cheap on every change), and
    // core's sentence on what made the difference.
    baseResult_.reset();
    baseOptimum_.reset();
    baseBars_.clear();
    baseLabel_ = baselineName(s, {"power"});
    baseSentence_.clear();
    baseSentenceFull_.clear();
    if (s.baseline) {
        const SessionState& b = *s.baseline;
        try {
            const PowerEvaluation e = evaluatePower(b.mwp);
            baseNSm_ = e.nSm;
            baseParams_ = e.params;
            baseResult_ = e.result;
            baseOptimum_ = e.optimum;
            baseBars_ = componentWatts(*baseResult_, baseParams_, nullptr);
        } catch (const InputError& e) {
            baseSentence_ = tr("The baseline has no power: %1.").arg(QString::fromUtf8(e.what()));
        }
        if (baseResult_ && result_) {
            // The headline of core's sentence and the optimum's move; every unit's share is in
            // the Compare tab and the tooltip (the whole sentence took a third of the view in F11).
            const QString all = QString::fromStdString(mwp::comparePowerSessions(b, s).explanation);
            const QString optimum = all.contains("; optimal active SMs")
                                        ? all.section("; optimal active SMs", 1)
                                        : QString();
            baseSentence_ =
                tr("Against the baseline (hollow, dashed): %1%2; every unit's share in the "
                   "Compare tab.")
                    .arg(all.section(':', 0, 0),
                         optimum.isEmpty() ? QString() : tr("; optimal active SMs") + optimum);
            baseSentenceFull_ = all;
        }
    }
    redraw();
}

void PowerView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    // Two fifths for the breakdown the first time the view has a width (and after F11): the
    // splitter gave it only its minimum, too narrow for its labels in presentation mode.
    if (!splitSized_ && split_->width() > 0) {
        splitSized_ = true;
        const int w = split_->width();
        split_->setSizes({w * 2 / 5, w - w * 2 / 5});
    }
    redraw(); // the room for the value labels depends on the plots' width
}

void PowerView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    for (QCustomPlot* p : {breakdown_, sweep_}) {
        for (int i = p->itemCount() - 1; i >= 0; --i) {
            p->removeItem(i);
        }
    }
    for (QCPBars* b : {unitBars_, fixedBars_, baselineBars_}) {
        b->data()->clear();
    }
    for (QCPGraph* g : {perW_, gips_, best_, current_, basePerW_, baseBest_}) {
        g->data()->clear();
    }
    bars_.clear();
    if (!result_) {
        bTitle_->setText(tr("No power model"));
        bSubtitle_->setText(context_);
        sTitle_->setText(tr("Performance per watt against active SMs"));
        sSubtitle_->setText({});
        noData_->setText(noDataText_);
        noData_->setToolTip(error_); // the model's whole reason
        pages_->setCurrentWidget(noData_);
        summary_->clear();
        return;
    }
    pages_->setCurrentIndex(0);
    const mwp::PowerResult& r = *result_;
    const int k = r.performance.activeSms;
    // Each unit's share of the GPU power (core: per-SM units x #SM, both x the active-SM scale).
    std::size_t units = 0;
    bars_ = componentWatts(r, params_, &units);
    // The rows: the session's components, then any only the baseline has (a Fermi activation).
    // Units at 0 W on both sides are not drawn (15 rows left no room for the bars in F11); the
    // CSV lists every unit, and the subtitle says how many were left out.
    QStringList rows;
    int zeroRows = 0;
    const auto wattsOf = [](const std::vector<std::pair<QString, double>>& v, const QString& n) {
        for (const auto& [name, w] : v) {
            if (name == n) {
                return w;
            }
        }
        return 0.0;
    };
    for (const auto& list : {bars_, baseBars_}) {
        for (const auto& b : list) {
            if (rows.contains(b.first)) {
                continue;
            }
            if (wattsOf(bars_, b.first) == 0 && wattsOf(baseBars_, b.first) == 0) {
                ++zeroRows;
                continue;
            }
            rows << b.first;
        }
    }
    const bool paired = !baseBars_.empty();
    const double width = paired ? 0.38 : 0.65;
    for (QCPBars* b : {unitBars_, fixedBars_, baselineBars_}) {
        b->setWidth(width);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    double top = 0;
    int widest = 0;
    QFont lf = breakdown_->font();
    lf.setPointSize(t.basePointSize);
    const auto valueLabel = [&](double watts, double y, const QString& text, const QColor& c) {
        auto* label = new QCPItemText(breakdown_);
        label->position->setAxes(breakdown_->xAxis, breakdown_->yAxis);
        label->position->setCoords(watts, y);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(5, 0, 0, 0));
        label->setFont(lf);
        label->setColor(c);
        label->setText(text);
        widest = std::max(widest, QFontMetrics(lf).horizontalAdvance(text));
    };
    for (int i = 0; i < rows.size(); ++i) {
        const double y = static_cast<double>(i + 1);
        ticker->addTick(y, rows[i]);
        const double shift = paired ? 0.2 : 0.0;
        for (std::size_t j = 0; j < bars_.size(); ++j) {
            if (bars_[j].first == rows[i]) {
                (j < units ? unitBars_ : fixedBars_)->addData(y - shift, bars_[j].second);
                top = std::max(top, bars_[j].second);
                valueLabel(bars_[j].second, y - shift,
                           QStringLiteral("%1 W (%2 %)")
                               .arg(fixed(bars_[j].second, 2))
                               .arg(fixed(100 * bars_[j].second / r.gpuW, 1)),
                           Qt::black);
            }
        }
        for (const auto& b : baseBars_) {
            if (b.first == rows[i]) {
                baselineBars_->addData(y + shift, b.second);
                top = std::max(top, b.second);
                // Short (the subtitle says hollow is the baseline): the panel is narrow in F11.
                valueLabel(b.second, y + shift, tr("%1 W").arg(fixed(b.second, 2)),
                           QColor(110, 110, 110));
            }
        }
    }
    breakdown_->yAxis->setTicker(ticker);
    breakdown_->yAxis->setRange(0.4, static_cast<double>(rows.size()) + 0.6);
    breakdown_->xAxis->setRange(
        0, upperWithRoomForLabels(*breakdown_->xAxis, std::max(1.0, top), widest));
    bTitle_->setText(
        tr("GPU power %1 W at %2 of %3 SMs").arg(significant(r.gpuW, 5)).arg(k).arg(nSm_) +
        (baseResult_ ? tr(" (baseline %1 W at %2 of %3)")
                           .arg(significant(baseResult_->gpuW, 5))
                           .arg(baseResult_->performance.activeSms)
                           .arg(baseNSm_)
                     : QString()));
    bSubtitle_->setText(
        tr("run-time %1 W + idle %2 W; %3 scale %4 (eqs. 44-48)")
            .arg(significant(r.runtimeW, 5), significant(params_.idlePowerW, 4),
                 params_.logBeta ? tr("log10(αk+β)") : tr("linear k/#SM"),
                 significant(r.scale, 4)) +
        (zeroRows > 0 ? tr("; %n unit(s) at 0 W not drawn", "", zeroRows) : QString()) +
        (baseLabel_.isEmpty() ? QString() : tr("\nhollow, dashed: the baseline")));
    breakdown_->replot();

    const mwp::OptimalSms& o = *optimum_;
    double topPerW = 0, topGips = 0;
    for (const auto& row : o.sweep) {
        perW_->addData(row.activeSms, row.result.gipsPerW);
        gips_->addData(row.activeSms, row.result.gips);
        topPerW = std::max(topPerW, row.result.gipsPerW);
        topGips = std::max(topGips, row.result.gips);
    }
    const auto& bestRow = o.sweep[static_cast<std::size_t>(o.bySweep - 1)];
    best_->addData(o.bySweep, bestRow.result.gipsPerW);
    current_->addData(k, r.gipsPerW);
    int sms = nSm_;
    if (baseOptimum_) {
        for (const auto& row : baseOptimum_->sweep) {
            basePerW_->addData(row.activeSms, row.result.gipsPerW);
            topPerW = std::max(topPerW, row.result.gipsPerW);
        }
        const auto& b = baseOptimum_->sweep[static_cast<std::size_t>(baseOptimum_->bySweep - 1)];
        baseBest_->addData(baseOptimum_->bySweep, b.result.gipsPerW);
        sms = std::max(sms, baseNSm_);
    }
    for (QCPGraph* g : {basePerW_, baseBest_}) {
        if (baseOptimum_) {
            g->addToLegend();
        } else {
            g->removeFromLegend();
        }
    }
    sweep_->xAxis->setRange(0.5, sms + 0.5);
    sweep_->yAxis->setRange(0, topPerW * 1.2);
    sweep_->yAxis2->setRange(0, topGips * 1.2);
    const auto vline = [&](double x, Qt::PenStyle style, const QString& text, double yFrac) {
        auto* line = new QCPItemStraightLine(sweep_);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(90, 90, 90), presentation_ ? 2 : 1.2, style));
        auto* label = new QCPItemText(sweep_);
        label->position->setCoords(x, topPerW * 1.2 * yFrac);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setFont(lf);
        label->setBrush(QColor(255, 255, 255, 200));
        label->setText(text);
    };
    vline(o.eq63Cores, Qt::DashLine,
          tr("eq. 63 (%1): %2")
              .arg(o.eq63BandwidthLimited ? tr("bandwidth-limited") : tr("all SMs"),
                   significant(o.eq63Raw, 4)),
          0.16);
    if (std::abs(o.refinedCores - o.eq63Cores) > 1e-9) {
        vline(o.refinedCores, Qt::DotLine,
              tr("min(N, CWP) form: %1").arg(significant(o.refinedRaw, 4)), 0.08);
    }
    auto* bestLabel = new QCPItemText(sweep_);
    bestLabel->position->setCoords(o.bySweep, bestRow.result.gipsPerW);
    bestLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    bestLabel->setPadding(QMargins(0, 0, 0, 14));
    QFont bf = lf;
    bf.setBold(true);
    bestLabel->setFont(bf);
    bestLabel->setText(tr("optimum %1 SMs").arg(o.bySweep));
    sTitle_->setText(tr("Performance per watt: best at %1 of %2 SMs (%3 GIPS/W vs %4 at all SMs)")
                         .arg(o.bySweep)
                         .arg(nSm_)
                         .arg(significant(bestRow.result.gipsPerW, 4),
                              significant(o.sweep.back().result.gipsPerW, 4)));
    // The baseline's full name is in the status line and the Compare tab; here it would take
    // two more lines from the plot in F11.
    sSubtitle_->setText(context_ + (baseOptimum_
                                        ? tr("\ndashed: the baseline, best at %1 of %2 SMs")
                                              .arg(baseOptimum_->bySweep)
                                              .arg(baseNSm_)
                                        : QString()));
    sweep_->replot();

    QString text =
        tr("Energy %1 mJ (run-time %2 mJ) in %3 µs. At the optimum (%4 SMs): %5 % "
           "less energy (run-time only %6 %; with per-SM power gating %7 %).")
            .arg(significant(r.energyJ * 1e3, 5), significant(r.runtimeEnergyJ * 1e3, 5),
                 significant(r.performance.timeSeconds * 1e6, 5))
            .arg(o.bySweep)
            .arg(significant(o.energySaving * 100, 3), significant(o.runtimeEnergySaving * 100, 3),
                 significant(o.powerGatedSaving * 100, 3));
    if (temperature_) {
        text +=
            tr(" Temperature (eqs. 49-57): rise %1 °C to %2 °C after ~%3 s; static power +%4 "
               "W at saturation.")
                .arg(significant(temperature_->delta, 4), significant(temperature_->maxTempC, 4),
                     significant(5 * *params_.rcRiseS, 3),
                     significant(temperature_->saturatedExtraW, 3));
    } else {
        text += tr(" No temperature parameters are published for this GPU.");
    }
    for (const auto& w : r.warnings) {
        text += tr(" ⚠ %1.").arg(QString::fromStdString(w));
    }
    if (!baseSentence_.isEmpty()) {
        text += QStringLiteral("\n") + baseSentence_;
    }
    summary_->setText(text);
    summary_->setToolTip(baseSentenceFull_);
}

void PowerView::renderTo(QPaintDevice& device, const QSize& size) {
    const int w1 = size.width() * 2 / 5;
    QCPPainter painter(&device);
    QFont f = painter.font();
    f.setPointSize(plotTheme(presentation_).basePointSize);
    // The summary's height as wrapped at this width (with a baseline it has a second sentence).
    const int textH = std::min(
        size.height() / 3, QFontMetrics(f, &device)
                                   .boundingRect(QRect(0, 0, size.width() - 16, 100000),
                                                 Qt::AlignLeft | Qt::TextWordWrap, summary_->text())
                                   .height() +
                               4);
    toPainterFitted(*breakdown_, painter, w1, size.height() - textH - 4, breakdown_->xAxis);
    painter.translate(w1, 0);
    toPainterFitted(*sweep_, painter, size.width() - w1, size.height() - textH - 4);
    painter.translate(-w1, size.height() - textH - 2);
    painter.setFont(f);
    painter.drawText(QRect(8, 0, size.width() - 16, textH), Qt::AlignLeft | Qt::TextWordWrap,
                     summary_->text());
}

QString PowerView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(context_);
    if (!optimum_) {
        return out + QStringLiteral("# %1\n").arg(error_);
    }
    if (baseBars_.empty()) {
        out += "component,watts\n";
        for (const auto& [name, w] : bars_) {
            out += QStringLiteral("\"%1\",%2\n").arg(name).arg(w, 0, 'g', 10);
        }
    } else {
        // Baseline, session and Δ by component (a component one side lacks is empty there).
        out += QStringLiteral("# %1\ncomponent,baseline_watts,watts,delta_w,delta_pct\n")
                   .arg(baseLabel_);
        QStringList names;
        for (const auto& b : bars_) {
            names << b.first;
        }
        for (const auto& b : baseBars_) {
            if (!names.contains(b.first)) {
                names << b.first;
            }
        }
        const auto find = [](const std::vector<std::pair<QString, double>>& v, const QString& n) {
            std::optional<double> w;
            for (const auto& [name, x] : v) {
                if (name == n) {
                    w = x;
                }
            }
            return w;
        };
        for (const QString& n : names) {
            const auto a = find(baseBars_, n), b = find(bars_, n);
            const auto g = [](std::optional<double> x) {
                return x ? QString::number(*x, 'g', 10) : QString();
            };
            out += QStringLiteral("\"%1\",%2,%3,%4,%5\n")
                       .arg(n, g(a), g(b), a && b ? g(*b - *a) : QString(),
                            a && b && *a != 0 ? g(100 * (*b - *a) / *a) : QString());
        }
    }
    out += "\nactive_sms,case,time_s,gips,runtime_power_w,gpu_power_w,gips_per_w,energy_j,"
           "power_gated_w\n";
    for (const auto& row : optimum_->sweep) {
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(row.activeSms)
                   .arg(QString::fromLatin1(mwp::name(row.result.performance.regime).data()))
                   .arg(row.result.performance.timeSeconds, 0, 'g', 10)
                   .arg(row.result.gips, 0, 'g', 10)
                   .arg(row.result.runtimeW, 0, 'g', 10)
                   .arg(row.result.gpuW, 0, 'g', 10)
                   .arg(row.result.gipsPerW, 0, 'g', 10)
                   .arg(row.result.energyJ, 0, 'g', 10)
                   .arg(row.powerGatedW, 0, 'g', 10);
    }
    if (baseOptimum_) {
        out += "\nbaseline_active_sms,gips_per_w,gpu_power_w,energy_j\n";
        for (const auto& row : baseOptimum_->sweep) {
            out += QStringLiteral("%1,%2,%3,%4\n")
                       .arg(row.activeSms)
                       .arg(row.result.gipsPerW, 0, 'g', 10)
                       .arg(row.result.gpuW, 0, 'g', 10)
                       .arg(row.result.energyJ, 0, 'g', 10);
        }
    }
    return out;
}

} // namespace cdx::widgets
