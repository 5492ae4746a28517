// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/warp_timeline_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "params/input_error.hpp"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace cdx::widgets {

// The painted picture; scrubbing with the mouse moves the play-head.
class WarpTimelineCanvas : public QWidget {
public:
    explicit WarpTimelineCanvas(WarpTimelineView* view) : QWidget(view), view_(view) {
        setObjectName("warpTimelineCanvas");
        setMinimumSize(420, 260);
        setAttribute(Qt::WA_OpaquePaintEvent);
        setToolTip(tr("Click or drag to move the play-head"));
    }
    QRect plotArea() const { return plotArea_; }
    void setPlotArea(const QRect& r) const { plotArea_ = r; }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        view_->paintTimeline(p, rect(), view_->playhead());
        view_->frameDone();
    }
    void mousePressEvent(QMouseEvent* e) override { scrub(e->position().x()); }
    void mouseMoveEvent(QMouseEvent* e) override {
        if (e->buttons() & Qt::LeftButton) {
            scrub(e->position().x());
        }
    }

private:
    void scrub(double x) {
        const auto& tl = view_->timeline();
        if (!tl || plotArea_.width() <= 0) {
            return;
        }
        if (view_->playing()) {
            view_->togglePlay();
        }
        const double frac = std::clamp((x - plotArea_.left()) / plotArea_.width(), 0.0, 1.0);
        view_->setPlayhead(frac * view_->property("xMax").toDouble());
    }
    WarpTimelineView* view_;
    mutable QRect plotArea_;
};

namespace {
constexpr double kSecondsPerPass = 8.0; // one repetition at 1x

double xMaxOf(const mwp::WarpTimeline& tl) {
    const bool all = tl.setsDrawn == tl.setsTotal;
    return all ? std::max(tl.pictureSpan, tl.modelCycles) + tl.synchPerRepetition : tl.drawnSpan;
}

// 1, 2 or 5 x 10^k ticks, about `count` of them.
std::vector<double> ticks(double hi, int count) {
    if (!(hi > 0)) {
        return {0};
    }
    const double raw = hi / std::max(1, count);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    }
    std::vector<double> out;
    for (double t = 0; t <= hi * (1 + 1e-9); t += step) {
        out.push_back(t);
    }
    return out;
}

} // namespace

WarpTimelineView::WarpTimelineView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    intro_ = new QLabel(
        tr("What am I looking at: one streaming multiprocessor running its N warps for one "
           "repetition. Each warp alternates a computation period (blue) and a memory period "
           "(orange); the SM computes one warp at a time, and at most MWP memory periods are in "
           "flight, so a warp may wait (hatched); a blank gap means it is ready but another warp "
           "is computing. The thesis's Cases 1, 2 and 3 (Figures 6-9, "
           "eqs. 21-23) are these pictures; the numbers below are the model's."),
        this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    auto* row = new QHBoxLayout;
    play_ = new QPushButton(tr("Play"), this);
    play_->setObjectName("warpTimelinePlay");
    play_->setToolTip(tr("Play or pause the repetition (Space with the picture focused)"));
    step_ = new QPushButton(tr("Step"), this);
    step_->setObjectName("warpTimelineStep");
    step_->setToolTip(tr("Pause and move to the next start or end of a period (Right arrow)"));
    restart_ = new QPushButton(tr("Restart"), this);
    restart_->setObjectName("warpTimelineRestart");
    speed_ = new QComboBox(this);
    speed_->setObjectName("warpTimelineSpeed");
    for (const double s : {0.25, 0.5, 1.0, 2.0, 4.0}) {
        speed_->addItem(tr("%1x (%2 s per repetition)").arg(s).arg(kSecondsPerPass / s), s);
    }
    speed_->setCurrentIndex(2);
    clock_ = new QLabel(this);
    clock_->setObjectName("warpTimelineClock");
    // A long count ("cycle 3.00123e+07 of …") is cut at the view's edge (whole in the tooltip):
    // no label may widen the window past the screen.
    clock_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    clock_->setMinimumWidth(0);
    row->addWidget(play_);
    row->addWidget(step_);
    row->addWidget(restart_);
    row->addWidget(new QLabel(tr("Speed"), this));
    row->addWidget(speed_);
    row->addSpacing(12);
    row->addWidget(clock_, 1);
    layout->addLayout(row);
    canvas_ = new WarpTimelineCanvas(this);
    canvas_->setFocusPolicy(Qt::StrongFocus);
    layout->addWidget(canvas_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("warpTimelineSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    timer_->setInterval(16); // 60 Hz; each tick advances by the wall time since the last
    connect(timer_, &QTimer::timeout, this, &WarpTimelineView::tick);
    connect(play_, &QPushButton::clicked, this, &WarpTimelineView::togglePlay);
    connect(step_, &QPushButton::clicked, this, &WarpTimelineView::stepForward);
    connect(restart_, &QPushButton::clicked, this, [this] {
        setPlayhead(0);
        if (!playing_) {
            togglePlay();
        }
    });
    auto* space = new QAction(this);
    space->setShortcut(Qt::Key_Space);
    space->setShortcutContext(Qt::WidgetShortcut);
    canvas_->addAction(space);
    connect(space, &QAction::triggered, this, &WarpTimelineView::togglePlay);
    auto* right = new QAction(this);
    right->setShortcut(Qt::Key_Right);
    right->setShortcutContext(Qt::WidgetShortcut);
    canvas_->addAction(right);
    connect(right, &QAction::triggered, this, &WarpTimelineView::stepForward);
    setPresentation(false);
}

QWidget* WarpTimelineView::canvas() const {
    return canvas_;
}

void WarpTimelineView::setPresentation(bool on) {
    presentation_ = on;
    intro_->setVisible(!on); // the speaker explains; the picture gets the room
    if (on != summaryPresentation_) {
        summaryPresentation_ = on;
        if (lastSession_) {
            setSession(*lastSession_);
        }
    }
    const PlotTheme t = plotTheme(on);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    intro_->setFont(f);
    canvas_->update();
}

void WarpTimelineView::setSession(const SessionState& s) {
    lastSession_ = s;
    result_.reset();
    timeline_.reset();
    error_.clear();
    context_ = mwpContext(s.mwp);
    try {
        result_ = mwp::evaluate(s.mwp.device(), s.mwp.model(), s.mwp.variant);
        timeline_ = mwp::warpTimeline(*result_);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    if (timeline_) {
        setProperty("xMax", xMaxOf(*timeline_));
        // Paused, a new picture is shown whole; Play runs it from the start.
        playhead_ = playing_ ? std::min(playhead_, xMaxOf(*timeline_)) : xMaxOf(*timeline_);
    } else {
        playhead_ = 0;
        if (playing_) {
            togglePlay();
        }
    }
    if (!result_ || !timeline_) {
        summary_->setText(error_);
    } else {
        const auto& r = *result_;
        const auto& tl = *timeline_;
        QString text = tr("<b>%1</b><br>× #Rep = %2 → Exec_cycles_app = %3; + Synch_cost = %4 → "
                          "<b>Exec_cycles = %5</b> (what <tt>cdx mwp</tt> prints); %6 s.")
                           .arg(QString::fromStdString(tl.formula).toHtmlEscaped())
                           .arg(r.rep, 0, 'g', 6)
                           .arg(cycles(r.execCyclesApp), cycles(r.synchCost), cycles(r.execCycles))
                           .arg(r.timeSeconds, 0, 'g', 4);
        const QString modelPart = text;
        text += tl.memPeriod > 0
                    ? tr("<br>The picture: %1 warps, at most %2 memory period(s) in flight, %3 "
                         "set(s) of %4 + %5 cycles each; it ends at %6 cycles")
                          .arg(tl.warps)
                          .arg(tl.memorySlots)
                          .arg(tl.setsTotal)
                          .arg(tl.compPeriod, 0, 'g', 4)
                          .arg(tl.memPeriod, 0, 'g', 4)
                          .arg(cycles(tl.pictureSpan))
                    : tr("<br>The picture: %1 warps computing %2 cycles each, one after another "
                         "(the kernel has no memory instructions); it ends at %3 cycles")
                          .arg(tl.warps)
                          .arg(tl.compPeriod, 0, 'g', 4)
                          .arg(cycles(tl.pictureSpan));
        if (!tl.difference.empty()) {
            text += tr(", %1 cycles from the model's: %2")
                        .arg(tl.pictureMinusModel, 0, 'g', 4)
                        .arg(QString::fromStdString(tl.difference).toHtmlEscaped());
        }
        text += ".";
        if (tl.setsDrawn < tl.setsTotal) {
            text += tr(" The first %1 of %2 sets are drawn (the pattern repeats).")
                        .arg(tl.setsDrawn)
                        .arg(tl.setsTotal);
        }
        if (static_cast<double>(tl.warps) < std::round(tl.n)) {
            text += tr(" %1 of N = %2 warps are drawn.").arg(tl.warps).arg(tl.n);
        }
        // In presentation mode the model's numbers stay; the picture's account moves to the
        // tooltip (the large text left the picture a few rows high on a laptop screen).
        summary_->setText(presentation_ ? modelPart : text);
        summary_->setToolTip(presentation_ ? text : QString());
    }
    updateControls();
    canvas_->update();
}

void WarpTimelineView::updateControls() {
    const bool ok = timeline_.has_value();
    play_->setEnabled(ok);
    step_->setEnabled(ok);
    restart_->setEnabled(ok);
    play_->setText(playing_ ? tr("Pause") : tr("Play"));
    if (ok) {
        const double xMax = xMaxOf(*timeline_);
        clock_->setText(tr("cycle %1 of %2   |   %3 memory period(s) in flight")
                            .arg(cycles(playhead_), cycles(xMax))
                            .arg(mwp::inFlightAt(*timeline_, playhead_)));
        clock_->setToolTip(clock_->text());
    } else {
        clock_->clear();
    }
}

void WarpTimelineView::setPlayhead(double c) {
    if (!timeline_) {
        return;
    }
    playhead_ = std::clamp(c, 0.0, xMaxOf(*timeline_));
    updateControls();
    canvas_->update();
}

void WarpTimelineView::togglePlay() {
    if (!timeline_) {
        return;
    }
    playing_ = !playing_;
    if (playing_) {
        if (playhead_ >= xMaxOf(*timeline_)) {
            playhead_ = 0;
        }
        wall_.start();
        lastWallMs_ = 0;
        fpsClock_.start();
        framesAtFpsStart_ = frames_;
        if (isVisible()) {
            timer_->start();
        }
    } else {
        timer_->stop();
    }
    updateControls();
}

void WarpTimelineView::stepForward() {
    if (!timeline_) {
        return;
    }
    if (playing_) {
        togglePlay();
    }
    double next = xMaxOf(*timeline_);
    for (const auto& p : timeline_->periods) {
        for (const double t : {p.start, p.end}) {
            if (t > playhead_ + 1e-9 && t < next) {
                next = t;
            }
        }
    }
    const double model = timeline_->modelCycles;
    if (model > playhead_ + 1e-9 && model < next) {
        next = model;
    }
    setPlayhead(next);
}

void WarpTimelineView::tick() {
    if (!timeline_ || !playing_) {
        timer_->stop();
        return;
    }
    const double now = static_cast<double>(wall_.nsecsElapsed()) / 1e6;
    const double dt = now - lastWallMs_;
    lastWallMs_ = now;
    const double xMax = xMaxOf(*timeline_);
    const double speed = speed_->currentData().toDouble();
    playhead_ += dt / (kSecondsPerPass * 1000.0 / speed) * xMax;
    if (playhead_ >= xMax) {
        playhead_ = xMax;
        playing_ = false;
        timer_->stop();
    }
    updateControls();
    canvas_->update();
}

void WarpTimelineView::frameDone() {
    ++frames_;
    if (playing_ && fpsClock_.isValid() && fpsClock_.elapsed() >= 1000) {
        fps_ = static_cast<double>(frames_ - framesAtFpsStart_) * 1000.0 /
               static_cast<double>(fpsClock_.elapsed());
        fpsClock_.restart();
        framesAtFpsStart_ = frames_;
    }
}

void WarpTimelineView::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (playing_) {
        wall_.start();
        lastWallMs_ = 0;
        timer_->start();
    }
}

void WarpTimelineView::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    timer_->stop(); // nothing to animate off screen; showEvent resumes
}

void WarpTimelineView::paintTimeline(QPainter& p, const QRect& r, double playhead) const {
    const PlotTheme th = plotTheme(presentation_);
    p.fillRect(r, schemed(QColor(Qt::white)));
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont base = font();
    base.setPointSize(th.basePointSize);
    QFont bold = base;
    bold.setPointSize(th.titlePointSize);
    bold.setBold(true);
    const QFontMetrics fm(base), fb(bold);
    int y = r.top() + 4;
    p.setPen(schemeInk());
    p.setFont(bold);
    if (!timeline_ || !result_) {
        p.drawText(QRect(r.left() + 8, y, r.width() - 16, fb.height()), Qt::AlignCenter,
                   tr("No warp timeline"));
        p.setFont(base);
        p.drawText(QRect(r.left() + 8, y + fb.height() + 4, r.width() - 16, 4 * fm.height()),
                   Qt::AlignHCenter | Qt::TextWordWrap, error_);
        return;
    }
    const auto& tl = *timeline_;
    const QString title = tr("Case %1, %2: one repetition of %3 warps on one SM")
                              .arg(static_cast<int>(tl.regime))
                              .arg(QString::fromUtf8(mwp::label(tl.regime).data()))
                              .arg(tl.n, 0, 'g', 4);
    p.drawText(QRect(r.left(), y, r.width(), fb.height()), Qt::AlignHCenter,
               fb.elidedText(title, Qt::ElideRight, r.width() - 8));
    y += fb.height() + 2;
    p.setFont(base);
    p.drawText(QRect(r.left(), y, r.width(), fm.height()), Qt::AlignHCenter,
               fm.elidedText(context_, Qt::ElideRight, r.width() - 8));
    y += fm.height() + 6;

    const QColor comp = th.palette[0], mem = th.palette[1];
    const auto pale = [](QColor c) {
        c.setAlpha(60);
        return c;
    };
    const QBrush waitBrush(schemed(QColor(110, 110, 110)), Qt::BDiagPattern);
    const QBrush waitPale(schemed(QColor(190, 190, 190)), Qt::BDiagPattern);
    // Legend: its items, in one row or, when they do not fit, two.
    struct Item {
        QString text;
        QBrush brush;
        QPen pen;
    };
    const std::vector<Item> items{
        {tr("computation"), QBrush(comp), Qt::NoPen},
        {tr("waiting for a memory slot"), waitBrush, Qt::NoPen},
        {tr("memory"), QBrush(mem), Qt::NoPen},
        {tr("synchronisation"), QBrush(schemed(QColor(120, 120, 120, 140))), Qt::NoPen},
        {tr("model, eq. (%1): %2")
             .arg(20 + static_cast<int>(tl.regime))
             .arg(cycles(tl.modelCycles)),
         Qt::NoBrush, QPen(schemed(QColor(Qt::darkGreen)), 1.5, Qt::DashLine)},
        {tr("play-head"), Qt::NoBrush, QPen(schemed(QColor(200, 0, 0)), 2)},
    };
    const int gap = 2 * fm.averageCharWidth() + 8;
    int total = 0;
    for (const auto& it : items) {
        total += 18 + fm.horizontalAdvance(it.text) + gap;
    }
    const int legendRows = total > r.width() - 8 ? 2 : 1;
    const int left = r.left() + fm.horizontalAdvance(QStringLiteral("warp 000")) + 12;
    const int right = r.right() - 16;
    const int legendH = legendRows * (fm.height() + 4) + 4;
    const int axisH = 2 * fm.height() + 8; // tick labels and the axis title
    const int stripH = std::max(40, r.height() / 7);
    const int rowsTop = y + fm.height() + 4; // room for the play-head's label
    const int rowsBottom = r.bottom() - legendH - axisH - stripH - 10;
    if (rowsBottom - rowsTop < 20 || right - left < 40) {
        p.drawText(r, Qt::AlignCenter, tr("Too small to draw"));
        return;
    }
    const QRect plot(left, rowsTop, right - left, rowsBottom - rowsTop);
    const QRect strip(left, rowsBottom + 8, right - left, stripH);
    if (p.device() == canvas_) {
        canvas_->setPlotArea(plot);
    }
    const double xMax = xMaxOf(tl);
    const auto X = [&](double c) {
        return plot.left() + static_cast<int>(std::lround(c / xMax * plot.width()));
    };
    const double rowH = static_cast<double>(plot.height()) / tl.warps;
    const double barH = std::max(1.0, rowH * 0.72);

    // Row labels and guides.
    p.setPen(schemed(QColor(235, 235, 235)));
    const int labelEvery = std::max(1, static_cast<int>(std::ceil(fm.height() / rowH)));
    for (int w = 0; w < tl.warps; ++w) {
        const int yy = plot.top() + static_cast<int>(w * rowH + rowH / 2);
        if (rowH >= 6) {
            p.drawLine(plot.left(), yy, plot.right(), yy);
        }
        if (w % labelEvery == 0) {
            p.setPen(schemeInk());
            p.drawText(QRect(r.left() + 4, yy - fm.height() / 2, left - r.left() - 10, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tr("warp %1").arg(w + 1));
            p.setPen(schemed(QColor(235, 235, 235)));
        }
    }
    // Synchronisation after the repetition (eq. 25 per repetition).
    const bool allSets = tl.setsDrawn == tl.setsTotal;
    if (allSets && tl.synchPerRepetition > 0) {
        const double s0 = std::max(tl.pictureSpan, tl.modelCycles);
        const QRect band(X(s0), plot.top(), std::max(1, X(s0 + tl.synchPerRepetition) - X(s0)),
                         plot.height());
        p.fillRect(band, schemed(QColor(120, 120, 120, playhead >= s0 ? 140 : 50)));
    }
    // Bars: solid up to the play-head, pale after it.
    for (const auto& pd : tl.periods) {
        const int x0 = X(pd.start), x1 = std::max(X(pd.end), x0 + 1);
        const int yy = plot.top() + static_cast<int>(pd.warp * rowH + (rowH - barH) / 2);
        const int h = static_cast<int>(std::max(1.0, barH));
        if (pd.kind == mwp::PeriodKind::MemoryWait) {
            const int hh = std::max(1, h / 2);
            const int yw = yy + (h - hh) / 2;
            const int xp = std::clamp(X(playhead), x0, x1);
            p.fillRect(QRect(x0, yw, xp - x0, hh), waitBrush);
            p.fillRect(QRect(xp, yw, x1 - xp, hh), waitPale);
            continue;
        }
        const QColor c = pd.kind == mwp::PeriodKind::Compute ? comp : mem;
        const int xp = std::clamp(X(playhead), x0, x1);
        if (xp > x0) {
            p.fillRect(QRect(x0, yy, xp - x0, h), c);
        }
        if (x1 > xp) {
            p.fillRect(QRect(xp, yy, x1 - xp, h), pale(c));
        }
    }
    p.setPen(schemed(QColor(160, 160, 160)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot.adjusted(0, 0, -1, -1));

    // Memory periods in flight (step curve) with MWP.
    const int maxCount =
        tl.memPeriod > 0 ? std::max({1, tl.maxInFlight, static_cast<int>(std::ceil(tl.mwp))}) : 1;
    const auto Y = [&](double c) {
        return strip.bottom() - static_cast<int>(std::lround(c / maxCount * (strip.height() - 4)));
    };
    p.setPen(schemed(QColor(160, 160, 160)));
    p.drawRect(strip.adjusted(0, 0, -1, -1));
    p.setPen(schemeInk());
    p.drawText(QRect(r.left() + 2, strip.top(), left - r.left() - 8, strip.height()),
               Qt::AlignRight | Qt::AlignVCenter | Qt::TextWordWrap, tr("in flight"));
    QPainterPath path;
    path.moveTo(strip.left(), Y(0));
    int count = 0;
    for (const auto& s : tl.inFlight) {
        if (s.t > xMax) {
            break;
        }
        path.lineTo(X(s.t), Y(count));
        path.lineTo(X(s.t), Y(s.count));
        count = s.count;
    }
    path.lineTo(X(std::min(tl.drawnSpan, xMax)), Y(count));
    p.setPen(schemeInk()); // the strip's scale, in the margin like axis labels
    const QRect margin(r.left() + 2, 0, left - r.left() - 8, fm.height());
    p.drawText(margin.translated(0, strip.bottom() - fm.height() + 2),
               Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
    p.drawText(margin.translated(0, strip.top() - 2), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(maxCount));
    p.setPen(QPen(mem.darker(130), th.lineWidth));
    p.drawPath(path);
    if (tl.memPeriod > 0) {
        p.setPen(QPen(schemed(QColor(Qt::darkRed)), 1, Qt::DashLine));
        const int ym = Y(tl.mwp);
        p.drawLine(strip.left(), ym, strip.right(), ym);
        const QString label = tr("MWP = %1").arg(tl.mwp, 0, 'g', 4);
        const QRect box(strip.left() + strip.width() / 3, ym + 2, fm.horizontalAdvance(label) + 6,
                        fm.height());
        p.fillRect(box, schemed(QColor(255, 255, 255, 220)));
        p.drawText(box, Qt::AlignCenter, label);
    }
    // Time axis.
    p.setPen(schemeInk());
    for (const double t : ticks(xMax, std::max(2, plot.width() / 110))) {
        const int xx = X(t);
        p.drawLine(xx, strip.bottom(), xx, strip.bottom() + 4);
        const QString label = cycles(t);
        const int w = fm.horizontalAdvance(label);
        p.drawText(std::clamp(xx - w / 2, r.left(), r.right() - w),
                   strip.bottom() + 4 + fm.ascent(), label);
    }
    const QString axisLabel = tr("time [cycles] from the repetition's start");
    p.drawText(QRect(plot.left(), strip.bottom() + 4 + fm.height(), plot.width(), fm.height()),
               Qt::AlignHCenter, axisLabel);
    // The model's value (eqs. 21-23) and the play-head.
    if (allSets && tl.modelCycles <= xMax) {
        p.setPen(QPen(schemed(QColor(Qt::darkGreen)), 1.5, Qt::DashLine));
        const int xm = X(tl.modelCycles);
        p.drawLine(xm, plot.top(), xm, strip.bottom());
    }
    const int xp = X(playhead);
    p.setPen(QPen(schemed(QColor(200, 0, 0)), 2));
    p.drawLine(xp, plot.top() - 2, xp, strip.bottom());
    p.setPen(schemed(QColor(200, 0, 0)));
    const QString ph = tr("cycle %1").arg(cycles(playhead));
    const int pw = fm.horizontalAdvance(ph);
    p.drawText(std::clamp(xp - pw / 2, plot.left(), plot.right() - pw), plot.top() - 4, ph);

    const std::size_t perRow = (items.size() + legendRows - 1) / legendRows;
    int lx = 0, ly = r.bottom() - legendH + 4;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& it = items[i];
        if (i % perRow == 0) { // a new row, centred
            int rowWidth = 0;
            for (std::size_t j = i; j < std::min(items.size(), i + perRow); ++j) {
                rowWidth += 18 + fm.horizontalAdvance(items[j].text) + gap;
            }
            lx = r.left() + std::max(4, (r.width() - rowWidth) / 2);
            ly = i == 0 ? ly : ly + fm.height() + 4;
        }
        const QRect sw(lx, ly + 2, 14, fm.height() - 4);
        if (it.pen.style() == Qt::NoPen) {
            p.fillRect(sw, it.brush);
        } else {
            p.setPen(it.pen);
            p.drawLine(sw.left() + sw.width() / 2, sw.top(), sw.left() + sw.width() / 2,
                       sw.bottom());
        }
        p.setPen(schemeInk());
        p.drawText(lx + 18, ly + fm.ascent(), it.text);
        lx += 18 + fm.horizontalAdvance(it.text) + gap;
    }
}

void WarpTimelineView::renderTo(QPaintDevice& device, const QSize& size) {
    QPainter p(&device);
    const double end = timeline_ ? xMaxOf(*timeline_) : 0;
    paintTimeline(p, QRect(QPoint(0, 0), size), end); // the whole repetition, played
}

QString WarpTimelineView::csv() const {
    QString out = "warp,set,kind,start_cycles,end_cycles\n";
    if (!timeline_) {
        return out;
    }
    for (const auto& p : timeline_->periods) {
        out += QString("%1,%2,%3,%4,%5\n")
                   .arg(p.warp + 1)
                   .arg(p.set + 1)
                   .arg(QString::fromUtf8(mwp::name(p.kind).data()))
                   .arg(p.start, 0, 'g', 17)
                   .arg(p.end, 0, 'g', 17);
    }
    return out;
}

} // namespace cdx::widgets
