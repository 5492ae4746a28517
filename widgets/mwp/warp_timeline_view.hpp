// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/warp_timeline.hpp"

#include <QElapsedTimer>
#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;
class QPainter;
class QPushButton;
class QTimer;

namespace cdx::widgets {

class WarpTimelineCanvas;

// The thesis's Case 1/2/3 pictures (Figures 6-9) for the session's kernel and GPU: N warps as
// rows, their computation and memory periods as bars, a request waiting for one of the MWP
// memory slots as a hatched bar, the memory periods in flight under it, one repetition and the
// synchronisation cost after it. Core's warpTimeline computes the schedule; the numbers under
// the picture are core's evaluate() (what `cdx mwp` prints). A play-head animates the
// repetition (play, pause, step to the next event, speed), repainted by a 60 Hz timer that runs
// only while the view is shown and playing.
class WarpTimelineView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit WarpTimelineView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Warp timeline"); }
    QString fileStem() const override { return "warp-timeline"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::WarpTimeline>& timeline() const { return timeline_; }
    const std::optional<mwp::MwpResult>& result() const { return result_; }
    QLabel* summary() const { return summary_; }
    QPushButton* playButton() const { return play_; }
    QPushButton* stepButton() const { return step_; }
    QWidget* canvas() const;
    bool playing() const { return playing_; }
    double playhead() const { return playhead_; } // [cycles]
    void setPlayhead(double cycles);
    // Frames painted, and the rate over the last whole second of playing (0 before one).
    long long framesPainted() const { return frames_; }
    double measuredFps() const { return fps_; }

    // Paints the picture (rows, bars, in-flight strip, axis, legend) into `r` with the play-head
    // at `playhead` cycles; bars after it are pale. Used by the canvas and by export.
    void paintTimeline(QPainter& p, const QRect& r, double playhead) const;

public slots:
    void togglePlay();
    void stepForward();

private:
    void tick();
    void updateControls();
    void frameDone();
    void showEvent(QShowEvent* e) override;
    void hideEvent(QHideEvent* e) override;

    QLabel* intro_ = nullptr;
    QPushButton* play_ = nullptr;
    QPushButton* step_ = nullptr;
    QPushButton* restart_ = nullptr;
    QComboBox* speed_ = nullptr;
    QLabel* clock_ = nullptr;
    WarpTimelineCanvas* canvas_ = nullptr;
    QLabel* summary_ = nullptr;
    QTimer* timer_ = nullptr;
    QElapsedTimer wall_;
    QElapsedTimer fpsClock_;
    long long framesAtFpsStart_ = 0;
    long long frames_ = 0;
    double fps_ = 0;
    double lastWallMs_ = 0;
    std::optional<mwp::MwpResult> result_;
    std::optional<mwp::WarpTimeline> timeline_;
    QString context_;
    QString error_;
    double playhead_ = 0;
    bool playing_ = false;
    bool presentation_ = false;
    bool summaryPresentation_ = false;
    std::optional<SessionState> lastSession_;
    friend class WarpTimelineCanvas;
};

} // namespace cdx::widgets
