// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/die_area_view.hpp"

#include "area/area_gpu.hpp"
#include "area/chip_gpu.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

QString designText(const area::Architecture& a) {
    QString caches = a.l1PairKb > 0 || a.l2Kb > 0
                         ? QObject::tr("L1 %1 KB/pair, L2 %2 KB").arg(a.l1PairKb).arg(a.l2Kb)
                         : QObject::tr("no caches");
    return QObject::tr("%1 SM × %2 VU, %3 KB smem, %4")
        .arg(a.nSm)
        .arg(a.nV)
        .arg(a.mSmKb)
        .arg(caches);
}

} // namespace

DieAreaView::DieAreaView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Comparison in"), this));
    unit_ = new QComboBox(this);
    unit_->setObjectName("areaUnit");
    unit_->addItem(tr("mm²"));
    unit_->addItem(tr("% of the die"));
    bar->addWidget(unit_);
    bar->addStretch(1);
    layout->addLayout(bar);

    split_ = new QSplitter(Qt::Horizontal, this);
    auto* split = split_;
    compare_ = new QCustomPlot(split);
    compare_->setObjectName("areaComparePlot");
    compare_->setMinimumSize(360, 260);
    const PlotHeader h = addPlotHeader(*compare_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    // The legend below the bars, in three columns (it would hide bars inside the axis rect).
    placeLegendBelow(*compare_, 3);
    for (std::size_t i = 0; i < stack_.size(); ++i) {
        stack_[i] = new QCPBars(compare_->yAxis, compare_->xAxis);
        stack_[i]->setWidth(0.6);
        stack_[i]->setName(QString::fromUtf8(area::label(area::kComponents[i]).data()));
        // No gap between the parts: a 1-pixel gap on each side hid a 2-pixel register file at
        // 5 nm (issue 55).
        stack_[i]->setStackingGap(0);
        if (i > 0) {
            stack_[i]->moveAbove(stack_[i - 1]);
        }
    }
    // The real die of the session's GPU: one grey bar, the whole die (no parts).
    realDieBar_ = new QCPBars(compare_->yAxis, compare_->xAxis);
    realDieBar_->setWidth(0.6);
    realDieBar_->setName(tr("real die"));
    realDieBar_->setBrush(QColor(190, 190, 190));
    for (std::size_t i = 0; i < wholeBars_.size(); ++i) {
        wholeBars_[i] = new QCPBars(compare_->yAxis, compare_->xAxis);
        wholeBars_[i]->setWidth(0.6);
        wholeBars_[i]->setStackingGap(0);
        if (i > 0) {
            wholeBars_[i]->moveAbove(wholeBars_[i - 1]);
        }
        // One legend entry for the row; its blocks are named in its label.
        if (i > 0) {
            wholeBars_[i]->removeFromLegend();
        }
    }
    wholeBars_[0]->setName(tr("whole die (blocks in its label)"));
    compare_->yAxis->setRangeReversed(true);

    parts_ = new QCustomPlot(split);
    parts_->setObjectName("areaPartsPlot");
    parts_->setMinimumSize(320, 260);
    const PlotHeader ph = addPlotHeader(*parts_);
    partsTitle_ = ph.title;
    partsSubtitle_ = ph.subtitle;
    for (auto*& b : partBars_) {
        b = new QCPBars(parts_->yAxis, parts_->xAxis); // one per component: its own colour
        b->setWidth(0.6);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    for (std::size_t i = 0; i < area::kComponents.size(); ++i) {
        ticker->addTick(static_cast<double>(i + 1),
                        QString::fromUtf8(area::label(area::kComponents[i]).data()));
    }
    parts_->yAxis->setTicker(ticker);
    parts_->yAxis->setRangeReversed(true);
    parts_->yAxis->setRange(0.4, 6.6);
    parts_->xAxis->setLabel(tr("area [mm²]"));
    split->addWidget(compare_);
    split->addWidget(parts_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    warnings_ = new QLabel(this);
    warnings_->setObjectName("areaWarnings");
    warnings_->setWordWrap(true);
    warnings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(warnings_);
    connect(unit_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    setPresentation(false);
}

void DieAreaView::setPresentation(bool on) {
    presentation_ = on;
    // 3 : 2 again: with presentation's larger labels the parts panel kept the width it had
    // and its bars and axis label were squeezed out (F11 at 1366 x 768).
    split_->setSizes({3000, 2000});
    const PlotTheme t = plotTheme(on);
    for (QCustomPlot* p : {compare_, parts_}) {
        applyTheme(*p, t);
    }
    applyTheme(PlotHeader{title_, subtitle_}, t);
    applyTheme(PlotHeader{partsTitle_, partsSubtitle_}, t);
    for (std::size_t i = 0; i < stack_.size(); ++i) {
        // Outlined in its own colour, darker: a white outline covered a part of two pixels.
        stack_[i]->setBrush(t.palette[i]);
        stack_[i]->setPen(QPen(t.palette[i].darker(130), 1));
    }
    for (std::size_t i = 0; i < partBars_.size(); ++i) {
        partBars_[i]->setPen(QPen(t.palette[i].darker(130), on ? 2 : 1));
        partBars_[i]->setBrush(t.palette[i]);
    }
    // The whole die's blocks: greys from dark (the SM array) to light, outlined darker (a
    // white outline hid small parts).
    for (std::size_t i = 0; i < wholeBars_.size(); ++i) {
        const int v = 90 + static_cast<int>(i) * 22;
        wholeBars_[i]->setBrush(QColor(v, v + 10, v + 25));
        wholeBars_[i]->setPen(QPen(QColor(v, v + 10, v + 25).darker(140), 1));
    }
    redraw();
}

void DieAreaView::setSession(const SessionState& s) {
    rows_.clear();
    error_.clear();
    realDie_ = dieOf(s.gpu);
    // The real die is the chip's own node's: against a model carried to another node its
    // difference says nothing of the model (issue 55: "GM204, 398 mm² (the model -87.4 %)" at
    // 5 nm).
    realDieNode_ = area::chipNode(s.gpu).value_or(area::kCalibrationNode);
    wholeDie_.reset();
    wholeDieWhy_.clear();
    try {
        if (s.gpu.params.contains("die_n_sm")) {
            const area::MemoryTech tech = area::chipMemory(s.gpu);
            const area::CoefficientSet at28 =
                s.areaCoefficients.id.empty()
                    ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                    : s.areaCoefficients;
            area::WholeDieInputs in = area::wholeDieInputsOf(s.gpu, tech);
            in.node = s.areaNode;
            in.tensorFp64Fraction =
                area::calibrateDie(at28, area::Form::Canonical, area::loadMemoryTech("hbm3"))
                    .tensorFp64Fraction;
            wholeDie_ = area::wholeDie(in, at28);
        }
    } catch (const InputError& e) {
        wholeDieWhy_ = QString::fromUtf8(e.what());
    }
    modelNode_ = s.areaNode;
    try {
        const area::CoefficientSet set = s.areaSet();
        ranges_ = set.ranges;
        formLine_ = tr("area model: %1 form, coefficients %2 (%3)")
                        .arg(QString::fromUtf8(area::name(s.areaForm).data()),
                             QString::fromStdString(set.id), QString::fromStdString(set.process));
        const auto add = [&](const QString& label, const area::Architecture& a) {
            rows_.push_back({label, area::areaBreakdown(a, set, s.areaForm)});
        };
        const area::Architecture mine = s.architecture();
        add(tr("%1 (session)\n%2")
                .arg(QString::fromStdString(profileLabel(s.gpu)), designText(mine)),
            mine);
        hasBaseline_ = s.baseline != nullptr;
        if (hasBaseline_) { // with its own coefficients and form, second, beside the session
            try {
                const SessionState& b = *s.baseline;
                const area::Architecture theirs = b.architecture();
                rows_.push_back(
                    {tr("baseline: %1\n%2")
                         .arg(QString::fromStdString(profileLabel(b.gpu)), designText(theirs)),
                     area::areaBreakdown(theirs, b.areaSet(), b.areaForm)});
            } catch (const InputError&) {
                hasBaseline_ = false; // the Compare view says why the baseline has no area
            }
        }
        for (const char* id : {"gtx980", "titanx"}) {
            try {
                const GpuProfile p = loadGpuProfile(id);
                const area::Architecture a = area::architectureOf(p);
                // At another node the references are the Maxwell designs scaled there, not the
                // real chips.
                const QString name =
                    s.areaNode == 28
                        ? QString::fromStdString(p.name)
                        : tr("%1 at %2 nm").arg(QString::fromStdString(p.name)).arg(s.areaNode);
                add(name, a);
                add(tr("%1 without caches").arg(name), area::cacheLess(a));
            } catch (const InputError&) {
                // A missing reference profile only drops its rows.
            }
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void DieAreaView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    redraw(); // the room for the value labels depends on the plots' width
}

void DieAreaView::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    // A session edited while another tab was on screen was laid out at the hidden widget's
    // size (the names squeezed the bars into a strip): lay it out again at the real one.
    redraw();
}

QString DieAreaView::headline() const {
    if (!error_.isEmpty()) {
        return tr("No area: %1").arg(error_);
    }
    if (rows_.empty()) {
        return {};
    }
    const auto& b = rows_.front().breakdown;
    return tr("Die area %1 mm² (floor %2), %3 mm² per SM")
        .arg(b.total, 0, 'f', 4)
        .arg(b.totalFloor, 0, 'f', 0)
        .arg(b.perSm, 0, 'f', 3);
}

void DieAreaView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    const bool percent = unit_->currentIndex() == 1;
    title_->setText(
        error_.isEmpty()
            ? (hasBaseline_ ? tr("Die area by component: %1, the baseline and the Maxwell "
                                 "references")
                            : tr("Die area by component: %1 and the Maxwell references"))
                  .arg(rows_.empty() ? QString() : rows_.front().label.section('\n', 0, 0))
            : tr("No area: %1").arg(error_));
    subtitle_->setText(formLine_);
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    double maxTotal = 0;
    // The names take at most two fifths of the plot's width (in presentation mode they took
    // three quarters and left the bars 170 px): longer ones wrap.
    const int nameWidth = std::max(120, compare_->width() * 2 / 5);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        // The session's row is named in the title (its profile label can be a line long, and
        // as a tick it took the whole plot's width): the tick says "this session" and the design.
        // The session's and the baseline's ticks name the SMs and VUs only (their whole design
        // wrapped to four lines overlapped the next row in F11): the subtitles have the rest.
        const QString design = rows_[r].label.section('\n', 1).section(", ", 0, 0);
        // One line each: two-line names overlapped the next row in F11 at 1366 x 768.
        QString name = r == 0                   ? tr("session, %1").arg(design)
                       : r == 1 && hasBaseline_ ? tr("baseline, %1").arg(design)
                                                : rows_[r].label;
        name.replace(QStringLiteral("NVIDIA GeForce "), QString());
        name.replace(tr(" without caches"), tr(", no caches"));
        ticker->addTick(static_cast<double>(r + 1),
                        wrapToWidth(name, compare_->yAxis->tickLabelFont(), nameWidth));
        maxTotal = std::max(maxTotal, rows_[r].breakdown.total);
    }
    // Issue 59: the whole die (every block of the full die, cdx area --whole-die) below the
    // designs, in mm².
    for (auto* b : wholeBars_) {
        b->data()->clear();
    }
    wholeRow_ = 0;
    if (wholeDie_ && !percent && !rows_.empty()) {
        wholeRow_ = static_cast<int>(rows_.size()) + 1;
        for (std::size_t i = 0; i < wholeBars_.size() && i < wholeDie_->blocks.size(); ++i) {
            wholeBars_[i]->addData(wholeRow_, wholeDie_->blocks[i].mm2);
        }
        ticker->addTick(wholeRow_, wrapToWidth(tr("whole die, %1 SMs at %2 nm")
                                                   .arg(wholeDie_->smArray.perSm > 0
                                                            ? wholeDie_->smArray.total /
                                                                  wholeDie_->smArray.perSm
                                                            : 0.0,
                                                        0, 'f', 0)
                                                   .arg(modelNode_),
                                               compare_->yAxis->tickLabelFont(), nameWidth));
        maxTotal = std::max(maxTotal, wholeDie_->totalMm2);
    }
    for (auto* b : wholeBars_) {
        b->setVisible(wholeRow_ > 0);
    }
    if ((wholeRow_ > 0) != compare_->legend->hasItemWithPlottable(wholeBars_[0])) {
        wholeRow_ > 0 ? (void)wholeBars_[0]->addToLegend()
                      : (void)wholeBars_[0]->removeFromLegend();
    }
    // The real die below the designs, in mm² only (as a share of itself it would be 100 %).
    realDieBar_->data()->clear();
    realDieRow_ = 0;
    if (realDie_ && !percent && !rows_.empty()) {
        realDieRow_ = static_cast<int>(rows_.size()) + 1 + (wholeRow_ > 0 ? 1 : 0);
        realDieBar_->addData(realDieRow_, realDie_->areaMm2);
        ticker->addTick(realDieRow_,
                        wrapToWidth(tr("real die: %1").arg(QString::fromStdString(realDie_->label)),
                                    compare_->yAxis->tickLabelFont(), nameWidth));
        maxTotal = std::max(maxTotal, realDie_->areaMm2);
    }
    realDieBar_->setVisible(realDieRow_ > 0);
    if (realDieBar_->visible() != compare_->legend->hasItemWithPlottable(realDieBar_)) {
        realDieBar_->visible() ? (void)realDieBar_->addToLegend()
                               : (void)realDieBar_->removeFromLegend();
    }
    compare_->yAxis->setTicker(ticker);
    const int lastRow =
        static_cast<int>(rows_.size()) + (wholeRow_ > 0 ? 1 : 0) + (realDieRow_ > 0 ? 1 : 0);
    compare_->yAxis->setRange(0.4, static_cast<double>(lastRow) + 0.6);
    for (std::size_t c = 0; c < stack_.size(); ++c) {
        QVector<double> keys;
        QVector<double> values;
        for (std::size_t r = 0; r < rows_.size(); ++r) {
            keys << static_cast<double>(r + 1);
            const auto& comp = rows_[r].breakdown.components[c];
            values << (percent ? comp.percent : comp.mm2);
        }
        stack_[c]->setData(keys, values, true);
    }
    for (int i = compare_->itemCount() - 1; i >= 0; --i) {
        compare_->removeItem(i);
    }
    QFont lf = compare_->font();
    lf.setPointSize(t.basePointSize);
    int widest = 0;
    for (std::size_t r = 0; r < rows_.size() && !percent; ++r) {
        auto* label = new QCPItemText(compare_);
        label->position->setAxes(compare_->xAxis, compare_->yAxis);
        label->position->setCoords(rows_[r].breakdown.total, static_cast<double>(r + 1));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setFont(lf);
        label->setText(QStringLiteral("%1 mm²").arg(rows_[r].breakdown.total, 0, 'f', 2));
        widest = std::max(widest, QFontMetrics(lf).horizontalAdvance(label->text()));
    }
    if (wholeRow_ > 0) {
        auto* label = new QCPItemText(compare_);
        label->position->setAxes(compare_->xAxis, compare_->yAxis);
        label->position->setCoords(wholeDie_->totalMm2, wholeRow_);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setFont(lf);
        // Two short lines: the blocks, dark to light, and what the time model does not see.
        label->setText(
            tr("%1 mm²: SMs %2, tensor/FP64 %3,\nL2 %4, memory %5, I/O %6")
                .arg(wholeDie_->totalMm2, 0, 'f', 0)
                .arg(wholeDie_->mm2("sm_array"), 0, 'f', 0)
                .arg(wholeDie_->mm2("tensor_fp64"), 0, 'f', 0)
                .arg(wholeDie_->mm2("l2"), 0, 'f', 0)
                .arg(wholeDie_->mm2("memory_phy") + wholeDie_->mm2("memory_controllers"), 0, 'f', 0)
                .arg(wholeDie_->mm2("io_phy") + wholeDie_->mm2("io_controllers"), 0, 'f', 0));
        widest =
            std::max(widest, QFontMetrics(lf).horizontalAdvance(label->text().section('\n', 0, 0)));
    }
    if (realDieRow_ > 0) {
        auto* label = new QCPItemText(compare_);
        label->position->setAxes(compare_->xAxis, compare_->yAxis);
        label->position->setCoords(realDie_->areaMm2, realDieRow_);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setFont(lf);
        const double model = rows_.front().breakdown.total;
        double pct = 100 * (model - realDie_->areaMm2) / realDie_->areaMm2;
        pct = std::abs(pct) < 0.05 ? 0.0 : pct; // no "-0.0 %" for the GTX 980's own die
        label->setText(realDieNode_ != modelNode_ ? tr("%1 mm² at %2 nm (the model is at %3 nm)")
                                                        .arg(realDie_->areaMm2, 0, 'f', 0)
                                                        .arg(realDieNode_)
                                                        .arg(modelNode_)
                                                  : tr("%1 mm² (the model %2%3 %)")
                                                        .arg(realDie_->areaMm2, 0, 'f', 0)
                                                        .arg(pct > 0 ? "+" : "")
                                                        .arg(pct, 0, 'f', 1));
        widest = std::max(widest, QFontMetrics(lf).horizontalAdvance(label->text()));
    }
    compare_->xAxis->setLabel(percent ? tr("share of the die [%]") : tr("area [mm²]"));
    const double upper =
        percent ? 100 : upperWithRoomForLabels(*compare_->xAxis, std::max(1.0, maxTotal), widest);
    compare_->xAxis->setRange(0, upper);
    fitTickCount(*compare_->xAxis, upper);
    compare_->replot();

    for (int i = parts_->itemCount() - 1; i >= 0; --i) {
        parts_->removeItem(i);
    }
    double top = 0;
    int widestPart = 0;
    for (auto* b : partBars_) {
        b->data()->clear();
    }
    if (!rows_.empty()) {
        const auto& b = rows_.front().breakdown;
        partsTitle_->setText(headline());
        partsSubtitle_->setText(rows_.front().label.section('\n', 1));
        for (std::size_t c = 0; c < b.components.size(); ++c) {
            partBars_[c]->addData(static_cast<double>(c + 1), b.components[c].mm2);
            top = std::max(top, b.components[c].mm2);
            auto* label = new QCPItemText(parts_);
            label->position->setAxes(parts_->xAxis, parts_->yAxis);
            label->position->setCoords(b.components[c].mm2, static_cast<double>(c + 1));
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setPadding(QMargins(6, 0, 0, 0));
            label->setFont(lf);
            // Two short lines: the panel is narrow on a laptop screen.
            label->setText(QStringLiteral("%1 mm²\n%2 %")
                               .arg(b.components[c].mm2, 0, 'f', 2)
                               .arg(b.components[c].percent, 0, 'f', 1));
            widestPart = std::max(
                widestPart, QFontMetrics(lf).horizontalAdvance(label->text().section('\n', 0, 0)));
        }
        QStringList w;
        for (auto warning : b.warnings) {
            w << QString::fromStdString(area::describe(warning, ranges_));
        }
        warnings_->setText(w.isEmpty() ? tr("Inside every calibration range of the area model.")
                                       : tr("⚠ ") + w.join(tr("; ")));
    } else {
        partsTitle_->setText(headline());
        partsSubtitle_->setText({});
        warnings_->setText(error_);
    }
    const double partsUpper = top > 0 ? upperWithRoomForLabels(*parts_->xAxis, top, widestPart) : 1;
    parts_->xAxis->setRange(0, partsUpper);
    fitTickCount(*parts_->xAxis, partsUpper);
    parts_->replot();
}

void DieAreaView::renderTo(QPaintDevice& device, const QSize& size) {
    const int w1 = size.width() * 3 / 5;
    QCPPainter painter(&device);
    QFont f = painter.font();
    f.setPointSize(plotTheme(presentation_).basePointSize);
    painter.setFont(f);
    // The warnings as tall as their lines in the export's font (issue 55: the ⚠ warning's
    // second line was cut by a fixed 34-pixel band on a slide), at most a third of the page.
    const int textHeight =
        std::clamp(painter.boundingRect(QRect(8, 0, size.width() - 16, size.height()),
                                        Qt::AlignLeft | Qt::TextWordWrap, warnings_->text())
                           .height() +
                       8,
                   40, std::max(40, size.height() / 3));
    painter.save();
    toPainterFitted(*compare_, painter, w1, size.height() - textHeight, compare_->xAxis);
    painter.translate(w1, 0);
    toPainterFitted(*parts_, painter, size.width() - w1, size.height() - textHeight, parts_->xAxis);
    painter.restore();
    painter.translate(0, size.height() - textHeight + 4);
    painter.setFont(f);
    painter.setPen(schemeInk());
    painter.drawText(QRect(8, 0, size.width() - 16, textHeight - 4),
                     Qt::AlignLeft | Qt::TextWordWrap, warnings_->text());
}

QString DieAreaView::csv() const {
    QString out = QStringLiteral("# %1\ndesign").arg(formLine_);
    for (auto c : area::kComponents) {
        out += QStringLiteral(",%1_mm2,%1_percent").arg(QString::fromUtf8(area::name(c).data()));
    }
    out += ",total_mm2\n";
    for (const Row& r : rows_) {
        out += '"' + QString(r.label).replace('\n', " - ").replace('"', "\"\"") + '"';
        for (const auto& c : r.breakdown.components) {
            out += QStringLiteral(",%1,%2").arg(c.mm2, 0, 'g', 10).arg(c.percent, 0, 'g', 6);
        }
        out += QStringLiteral(",%1\n").arg(r.breakdown.total, 0, 'g', 10);
    }
    return out;
}

} // namespace cdx::widgets
