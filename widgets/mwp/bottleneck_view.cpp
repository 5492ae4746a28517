// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/bottleneck_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/view_layout.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"

#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

QLabel* badge(QWidget* parent, const char* name) {
    auto* l = new QLabel(parent);
    l->setObjectName(name);
    l->setTextFormat(Qt::RichText);
    l->setMargin(4);
    // A long category name wraps inside its badge instead of being cut (or widening the view).
    l->setWordWrap(true);
    l->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    return l;
}

void setBadge(QLabel* l, const QString& caption, const QString& text, const QColor& c,
              int pointSize) {
    const bool dark = c.lightnessF() < 0.55;
    l->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; border-radius: 6px; "
                                    "padding: 4px 10px; font-size: %3pt; }")
                         .arg(c.name(), dark ? "white" : "black")
                         .arg(pointSize));
    l->setText(QStringLiteral("<span style='font-size:small'>%1</span><br><b>%2</b>")
                   .arg(caption.toHtmlEscaped(), text.toHtmlEscaped()));
}

void clearItems(QCustomPlot* p) {
    for (int i = p->itemCount() - 1; i >= 0; --i) {
        p->removeItem(i);
    }
}

} // namespace

BottleneckView::BottleneckView(QWidget* parent) : QWidget(parent) {
    // The content scrolls rather than squash its plots (presentation mode on a laptop screen:
    // large text left the bar charts a few pixels high).
    auto* layout = scrollingLayout(this);
    content_ = layout;
    headline_ = new QLabel(this);
    headline_->setObjectName("bottleneckHeadline");
    headline_->setWordWrap(true);
    layout->addWidget(headline_);
    auto* badges = new QHBoxLayout;
    caseBadge_ = badge(this, "caseBadge");
    limiterBadge_ = badge(this, "limiterBadge");
    categoryBadge_ = badge(this, "categoryBadge");
    badges->addWidget(caseBadge_);
    badges->addWidget(limiterBadge_);
    badges->addWidget(categoryBadge_);
    badges->addStretch(1);
    layout->addLayout(badges);

    auto* plots = new QHBoxLayout;
    limiters_ = new QCustomPlot(this);
    limiters_->setObjectName("limiterPlot");
    limiters_->setMinimumSize(420, 230);
    addPlotHeader(*limiters_);
    others_ = new QCPBars(limiters_->yAxis, limiters_->xAxis);
    binding_ = new QCPBars(limiters_->yAxis, limiters_->xAxis);
    cwpBar_ = new QCPBars(limiters_->yAxis, limiters_->xAxis);
    for (QCPBars* b : {others_, binding_, cwpBar_}) {
        b->setWidth(0.6);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    ticker->addTick(1, tr("MWP_Without_BW\n(latency / departure delay)"));
    ticker->addTick(2, tr("MWP_peak_BW\n(bandwidth)"));
    ticker->addTick(3, tr("N\n(warps per SM)"));
    ticker->addTick(4, tr("CWP"));
    limiters_->yAxis->setTicker(ticker);
    limiters_->yAxis->setRangeReversed(true);
    limiters_->yAxis->setRange(0.4, 4.6);
    limiters_->xAxis->setLabel(tr("warps"));
    plots->addWidget(limiters_, 3);

    chapterV_ = new QCustomPlot(this);
    chapterV_->setObjectName("chapterVPlot");
    chapterV_->setMinimumSize(300, 230);
    addPlotHeader(*chapterV_);
    appBars_ = new QCPBars(chapterV_->xAxis, chapterV_->yAxis);
    appFinal_ = new QCPBars(chapterV_->xAxis, chapterV_->yAxis);
    for (QCPBars* b : {appBars_, appFinal_}) {
        b->setWidth(0.6);
    }
    auto vt = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    vt->addTick(1, tr("MWP_App"));
    vt->addTick(2, tr("MWP_BW"));
    vt->addTick(3, tr("MWP_Proc"));
    vt->addTick(4, tr("N"));
    vt->addTick(5, tr("MWP"));
    chapterV_->xAxis->setTicker(vt);
    chapterV_->xAxis->setRange(0.2, 5.8);        // room for the last bar's value ("107.5")
    chapterV_->xAxis->setTickLabelRotation(-35); // the five names overlapped on a laptop screen
    chapterV_->yAxis->setLabel(tr("warps"));
    plots->addWidget(chapterV_, 2);
    layout->addLayout(plots, 1);

    explanation_ = new QLabel(this);
    explanation_->setObjectName("explanation");
    explanation_->setWordWrap(true);
    explanation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(explanation_);
    category_ = new QLabel(this);
    category_->setObjectName("categoryText");
    category_->setWordWrap(true);
    category_->setTextFormat(Qt::RichText);
    layout->addWidget(category_);
    warnings_ = new QLabel(this);
    warnings_->setObjectName("mwpWarnings");
    warnings_->setWordWrap(true);
    setTextColor(warnings_, QColor("#8a4b00"));
    layout->addWidget(warnings_);
    setPresentation(false);
}

void BottleneckView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    limiters_->setMinimumHeight(on ? 380 : 230);
    chapterV_->setMinimumHeight(on ? 380 : 230);
    for (QCustomPlot* p : {limiters_, chapterV_}) {
        applyTheme(*p, t);
        applyTheme(PlotHeader{qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0)),
                              qobject_cast<QCPTextElement*>(p->plotLayout()->element(1, 0))},
                   t);
    }
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    for (QLabel* l : {headline_, explanation_, category_, warnings_}) {
        l->setFont(f);
    }
    others_->setBrush(QColor(200, 200, 200));
    others_->setPen(QPen(QColor(150, 150, 150)));
    cwpBar_->setBrush(QColor(120, 120, 120));
    cwpBar_->setPen(QPen(QColor(80, 80, 80)));
    appBars_->setBrush(QColor(200, 200, 200));
    appBars_->setPen(QPen(QColor(150, 150, 150)));
    redraw();
}

void BottleneckView::setSession(const SessionState& s) {
    result_.reset();
    throughput_.reset();
    error_.clear();
    limitFlags_.clear();
    variantLine_ = mwpVariantLine(s.mwp.variant);
    context_ = mwpContext(s.mwp);
    try {
        device_ = s.mwp.device();
        const mwp::Kernel k = s.mwp.model();
        result_ = mwp::evaluate(device_, k, s.mwp.variant);
        throughput_ = mwp::throughput(device_, k, s.mwp.variant);
        // The kernel against its GPU's limits and CUDA occupancy (How far to trust this lists
        // the same rows): what no real run could do is said above the explanation.
        for (const auto& c : mwp::kernelLimitChecks(s.mwp.gpu, k, &s.mwp.kernel)) {
            if (!c.inside) {
                limitFlags_ << tr("%1 = %2 exceeds %3 (%4 of %5): no real run looks like this; "
                                  "the model evaluates it anyway")
                                   .arg(QString::fromStdString(c.what))
                                   .arg(c.value)
                                   .arg(c.limit)
                                   .arg(QString::fromStdString(c.key),
                                        QString::fromStdString(s.mwp.gpu.id));
            }
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void BottleneckView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    redraw(); // the room for the value labels depends on the plots' width
}

void BottleneckView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    auto* title = qobject_cast<QCPTextElement*>(limiters_->plotLayout()->element(0, 0));
    auto* subtitle = qobject_cast<QCPTextElement*>(limiters_->plotLayout()->element(1, 0));
    auto* vTitle = qobject_cast<QCPTextElement*>(chapterV_->plotLayout()->element(0, 0));
    auto* vSubtitle = qobject_cast<QCPTextElement*>(chapterV_->plotLayout()->element(1, 0));
    clearItems(limiters_);
    clearItems(chapterV_);
    for (QCPBars* b : {others_, binding_, cwpBar_, appBars_, appFinal_}) {
        b->data()->clear();
    }
    highlighted_ = -1;
    if (!result_) {
        headline_->setText(tr("No MWP-CWP result: %1").arg(error_));
        for (QLabel* l : {caseBadge_, limiterBadge_, categoryBadge_}) {
            l->clear();
            l->setStyleSheet({});
        }
        explanation_->setText(error_);
        category_->clear();
        warnings_->clear();
        title->setText(tr("MWP limiters"));
        subtitle->setText(context_);
        limiters_->replot();
        chapterV_->replot();
        return;
    }
    const mwp::MwpResult& r = *result_;
    const mwp::ThroughputResult& tp = *throughput_;
    headline_->setText(tr("<b>%1</b> — Exec_cycles %2 (%3 µs), CPI %4; %5")
                           .arg(regimeText(r.regime, r.limiter), significant(r.execCycles, 8),
                                significant(r.timeSeconds * 1e6, 5), significant(r.cpi, 5),
                                context_));
    const int badgePt = t.basePointSize + 2;
    setBadge(caseBadge_, tr("Case %1 (eqs. 21-23)").arg(static_cast<int>(r.regime)),
             QString::fromLatin1(mwp::label(r.regime).data()), regimeColor(r.regime, r.limiter),
             badgePt);
    setBadge(limiterBadge_, tr("MWP limited by (eq. 5)"),
             QString::fromLatin1(mwp::label(r.limiter).data()),
             r.limiter == mwp::Limiter::None ? QColor(200, 200, 200)
                                             : regimeColor(mwp::Regime::MemoryBound, r.limiter),
             badgePt);
    const auto& cat = mwp::categoryText(tp.category);
    const QColor catColor = tp.category >= 9 || tp.category == 5 ? QColor(0, 158, 115)
                            : tp.category == 4                   ? QColor(240, 228, 66)
                                                                 : QColor(213, 94, 0);
    setBadge(categoryBadge_, tr("Chapter V category %1 of 10").arg(tp.category),
             QString::fromLatin1(cat.title.data()),
             tp.category == 0 ? QColor(200, 200, 200) : catColor, badgePt);

    // Limiter bars.
    if (r.limiter != mwp::Limiter::None) {
        const double values[3] = {r.mwpWithoutBwFull, r.mwpPeakBw, r.nEffective};
        highlighted_ = static_cast<int>(r.limiter);
        for (int i = 0; i < 3; ++i) {
            (i == highlighted_ ? binding_ : others_)->addData(i + 1, values[i]);
        }
        cwpBar_->addData(4, r.cwpFull);
        binding_->setBrush(regimeColor(mwp::Regime::MemoryBound, r.limiter));
        binding_->setPen(QPen(binding_->brush().color().darker(140), presentation_ ? 2 : 1));
        double top = std::max({values[0], values[1], values[2], r.cwpFull});
        // Very long bars (MWP_Without_BW of coalesced accesses ~100) would flatten the rest.
        const double shown = std::min(top, 4 * std::max({r.n, r.mwp, r.cwp, 1.0}));
        limiters_->xAxis->setRange(0, shown * 1.18);
        QFont lf = limiters_->font();
        lf.setPointSize(t.basePointSize);
        const double vals[4] = {values[0], values[1], values[2], r.cwpFull};
        for (int i = 0; i < 4; ++i) {
            auto* label = new QCPItemText(limiters_);
            label->position->setAxes(limiters_->xAxis, limiters_->yAxis);
            const bool clipped = vals[i] > shown * 1.18;
            label->position->setCoords(clipped ? shown * 1.1 : vals[i], i + 1);
            label->setPositionAlignment(clipped ? (Qt::AlignRight | Qt::AlignVCenter)
                                                : (Qt::AlignLeft | Qt::AlignVCenter));
            label->setPadding(QMargins(6, 0, 6, 0));
            label->setFont(lf);
            QString text = significant(vals[i], 5);
            if (i == 3) {
                text = tr("%1 (CWP = min(%1, N) = %2)")
                           .arg(significant(r.cwpFull, 5), significant(r.cwp, 5));
            }
            if (i == highlighted_) {
                text += tr("  ← binds");
            }
            if (clipped) {
                text += tr(" (bar clipped)");
                label->setBrush(QBrush(QColor(255, 255, 255, 220)));
            }
            label->setText(text);
        }
        auto* mwpLine = new QCPItemStraightLine(limiters_);
        mwpLine->point1->setCoords(r.mwp, 0);
        mwpLine->point2->setCoords(r.mwp, 1);
        mwpLine->setPen(QPen(Qt::black, presentation_ ? 2.5 : 1.5, Qt::DashLine));
        auto* mwpText = new QCPItemText(limiters_);
        // Above the first bar, in a band kept for it (larger in presentation mode, where the
        // label was drawn over the bar).
        const double band = presentation_ ? 0.9 : 0.5;
        limiters_->yAxis->setRange(0.7 - band, 4.6);
        mwpText->position->setType(QCPItemPosition::ptPlotCoords);
        mwpText->position->setCoords(r.mwp, 0.7 - band + 0.02);
        mwpText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        mwpText->setPadding(QMargins(4, 0, 0, 0));
        mwpText->setFont(lf);
        mwpText->setText(tr("MWP = %1").arg(significant(r.mwp, 5)));
        // CWP is capped at N (eq. 9): the bar is CWP_full, the title says both.
        const QString cwp =
            r.cwpFull != r.cwp
                ? tr("min(%1, N) = %2").arg(significant(r.cwpFull, 5), significant(r.cwp, 5))
                : significant(r.cwp, 5);
        title->setText(tr("MWP = %1 (the smallest of the three), CWP = %2: %3")
                           .arg(significant(r.mwp, 5), cwp,
                                r.cwp >= r.mwp ? tr("CWP ≥ MWP") : tr("MWP > CWP")));
    } else {
        title->setText(tr("No memory instructions: MWP and CWP are undefined"));
        limiters_->xAxis->setRange(0, std::max(1.0, r.n * 1.2));
    }
    subtitle->setText(tr("thesis eqs. 5-17, N = %1 warps at %2 active SMs")
                          .arg(significant(r.n, 5))
                          .arg(r.activeSms));
    limiters_->replot();

    // Chapter V bars (Figures 104/110).
    if (tp.category > 0) {
        const double v[4] = {tp.mwpApp, tp.mwpBw, tp.mwpProc, tp.n};
        for (int i = 0; i < 4; ++i) {
            appBars_->addData(i + 1, v[i]);
        }
        appFinal_->addData(5, tp.mwp);
        appFinal_->setBrush(t.palette[0]);
        appFinal_->setPen(QPen(t.palette[0].darker(140)));
        const double top = std::min(std::max({v[0], v[1], v[3], tp.mwp}) * 1.25,
                                    std::max({v[0], v[1], v[2], v[3]}) * 1.1);
        chapterV_->yAxis->setRange(0, top);
        QFont vf = chapterV_->font();
        vf.setPointSize(t.basePointSize);
        const double all[5] = {v[0], v[1], v[2], v[3], tp.mwp};
        for (int i = 0; i < 5; ++i) {
            auto* label = new QCPItemText(chapterV_);
            label->position->setCoords(i + 1, std::min(all[i], top));
            label->setPositionAlignment(all[i] > top ? (Qt::AlignHCenter | Qt::AlignTop)
                                                     : (Qt::AlignHCenter | Qt::AlignBottom));
            label->setPadding(QMargins(2, 2, 2, 2));
            label->setFont(vf);
            label->setBrush(QColor(255, 255, 255, 210));
            label->setText(significant(all[i], 4) + (all[i] > top ? tr(" ↑") : QString()));
        }
        auto* band = new QCPItemRect(chapterV_);
        band->topLeft->setCoords(0.2, tp.mwpApp);
        band->bottomRight->setCoords(5.8, 0.85 * tp.mwpApp);
        band->setPen(Qt::NoPen);
        band->setBrush(QColor(240, 228, 66, 70));
        auto* appLine = new QCPItemStraightLine(chapterV_);
        appLine->point1->setCoords(0, tp.mwpApp);
        appLine->point2->setCoords(1, tp.mwpApp);
        appLine->setPen(QPen(QColor(90, 90, 90), 1, Qt::DashLine));
        vTitle->setText(tr("Chapter V: MWP_App %1 vs MWP_BW %2 (α = %3)")
                            .arg(significant(tp.mwpApp, 4), significant(tp.mwpBw, 4),
                                 significant(tp.alpha, 3)));
        vSubtitle->setText(tr("band: 0.85-1 × MWP_App (\"may be just enough\"); EffRatio %1")
                               .arg(significant(tp.effRatio, 3)));
    } else {
        vTitle->setText(tr("Chapter V: no memory instructions"));
        vSubtitle->setText({});
    }
    chapterV_->replot();

    explanation_->setText(QString::fromStdString(mwp::explain(r, device_)));
    QString sugg = tr("Suggestions (eqs. 83-93): active SMs %1 of %2 (exact %3)")
                       .arg(tp.suggestedCores)
                       .arg(r.activeSms)
                       .arg(significant(tp.suggestedCoresExact, 4));
    sugg += tr("; N %1").arg(significant(tp.suggestedN, 4));
    if (tp.coreFrequencyDivisor) {
        sugg += tr("; core clock ÷ %1").arg(significant(*tp.coreFrequencyDivisor, 3));
    }
    if (tp.peakAchiGflops > 0) {
        sugg += tr("; predicted %1 GFLOP/s of %2 achievable peak")
                    .arg(significant(tp.perfGflops, 4), significant(tp.peakAchiGflops, 5));
    }
    QString verbatim = QString::fromLatin1(cat.verbatim.data()).toHtmlEscaped();
    verbatim.replace('\n', "<br>");
    QString text =
        tr("<b>Category %1 — %2</b> (thesis Figs. 114/115, verbatim):<br>%3<br><i>%4</i>")
            .arg(tp.category)
            .arg(QString::fromLatin1(cat.title.data()).toHtmlEscaped(), verbatim,
                 sugg.toHtmlEscaped());
    if (!cat.erratum.empty()) {
        text += tr("<br><span style='color:#8a4b00'>Note: %1</span>")
                    .arg(QString::fromLatin1(cat.erratum.data()).toHtmlEscaped());
    }
    category_->setText(text);
    QStringList w = limitFlags_;
    for (auto warning : r.warnings) {
        w << QString::fromStdString(mwp::describe(warning));
    }
    for (const auto& warning : tp.warnings) {
        w << QString::fromStdString(warning);
    }
    warnings_->setText(w.isEmpty() ? QString() : tr("⚠ ") + w.join(tr("\n⚠ ")));
}

void BottleneckView::renderTo(QPaintDevice& device, const QSize& size) {
    // The dashboard is widgets and plots in a scroll area. Its content is drawn on its own
    // (the scroll area cut it: a slide at 800 x 500 lost the explanation's last lines, a
    // screen figure the right plot's title) at the export's width, or where it needs more
    // room than the page has, at a larger size of the page's shape, drawn as one image
    // scaled down to the page.
    auto* scroll = findChild<QScrollArea*>(QStringLiteral("viewScroll"));
    QWidget& content = *content_->parentWidget();
    const QSize old = content.size();
    scroll->setWidgetResizable(false); // else it sizes the content to its viewport again
    const SchemePalette ink(content);  // the texts light on dark paper in a dark export
    QSize canvas = size;
    for (int step = 0; step < 4; ++step) {
        content.resize(canvas);
        content_->activate();
        const int need =
            std::max(content_->hasHeightForWidth() ? content_->totalHeightForWidth(canvas.width())
                                                   : content_->totalSizeHint().height(),
                     content_->totalMinimumSize().height());
        const int needWidth = content_->totalMinimumSize().width();
        if (need <= canvas.height() && needWidth <= canvas.width()) {
            break;
        }
        const double k = std::min(2.0, std::max(static_cast<double>(need) / canvas.height(),
                                                static_cast<double>(needWidth) / canvas.width())) *
                         1.02;
        canvas = QSize(static_cast<int>(canvas.width() * k), static_cast<int>(canvas.height() * k));
    }
    content.resize(canvas);
    content_->activate();
    for (QCustomPlot* plot : {limiters_, chapterV_}) {
        // A hidden view gets no resize events (Qt sends them at its show): the plot's
        // viewport would keep the window's size.
        plot->setViewport(plot->rect());
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    QPainter painter(&device);
    painter.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    if (canvas == size) {
        content.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    } else {
        const qreal ratio = std::max<qreal>(1, painter.device()->devicePixelRatioF());
        QImage image(canvas * ratio, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        image.fill(schemed(QColor(Qt::white)));
        content.render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.drawImage(QRectF(QPointF(0, 0), QSizeF(size)), image);
    }
    painter.end();
    content.resize(old);
    scroll->setWidgetResizable(true);
    for (QCustomPlot* plot : {limiters_, chapterV_}) {
        plot->setViewport(plot->rect());
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

QString BottleneckView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(context_);
    if (!result_) {
        return out + QStringLiteral("# no result: %1\nquantity,value\n").arg(error_);
    }
    const mwp::MwpResult& r = *result_;
    // The two named outcomes as a comment: the table's value column holds numbers only.
    out += QStringLiteral("# case %1; mwp_limiter %2\nquantity,value\n")
               .arg(QString::fromLatin1(mwp::name(r.regime).data()),
                    QString::fromLatin1(mwp::name(r.limiter).data()));
    const std::pair<const char*, double> rows[] = {
        {"n", r.n},
        {"mem_l", r.memL},
        {"departure_delay", r.departureDelay},
        {"mwp_without_bw_full", r.mwpWithoutBwFull},
        {"mwp_peak_bw", r.mwpPeakBw},
        {"mwp", r.mwp},
        {"comp_cycles", r.compCycles},
        {"mem_cycles", r.memCycles},
        {"cwp_full", r.cwpFull},
        {"cwp", r.cwp},
        {"rep", r.rep},
        {"exec_cycles", r.execCycles},
        {"cpi", r.cpi},
        {"time_s", r.timeSeconds},
        {"mwp_app", throughput_->mwpApp},
        {"mwp_bw", throughput_->mwpBw},
        {"mwp_proc", throughput_->mwpProc},
        {"category", throughput_->category},
    };
    for (const auto& [k, v] : rows) {
        out += QStringLiteral("%1,%2\n").arg(k).arg(v, 0, 'g', 12);
    }
    return out;
}

} // namespace cdx::widgets
