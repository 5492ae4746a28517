// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "energy/energy_common.hpp"
#include "energy/energy_search.hpp"

#include <QWidget>
#include <memory>
#include <optional>

class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QCheckBox;
class QLabel;
class QPushButton;

namespace cdx::widgets {

class BackgroundJob;

// Energy against time of every feasible tiling of the Talg search space (thesis B.8; times from
// the Talg model of the session's GPU for every tiling): a uniform sample of the tilings, the
// Pareto front, the time-, energy- and EDP-optimal tilings (and the weighted optimum) with
// their differences in %, and the session's tiling. Computed in the background.
class EnergyTimeView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EnergyTimeView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Energy vs time"); }
    QString fileStem() const override { return "energy-vs-time"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    BackgroundJob* job() const { return job_; }
    const std::optional<energy::EnergySearchResult>& result() const { return result_; }
    // The baseline's optima (no cloud, no front), once its search has finished.
    const std::optional<energy::EnergySearchResult>& baselineResult() const {
        return baselineResult_;
    }
    QLabel* summary() const { return summary_; }
    // What the view shows, for its subtitle and exports ("…; times: Talg model on <GPU>").
    QString context() const { return context_; }
    QPushButton* useBestButton() const { return useBest_; }
    QCheckBox* zoomBox() const { return zoom_; }

    // How many tilings are drawn at most (a uniform sample beyond).
    static constexpr std::size_t kMaxDrawn = 20000;

signals:
    // tS1, tS2 (0 for 1-D), tT, sS (0 for jacobi2d): the best tiling under the objective.
    void tilesChosen(std::int64_t tS1, std::int64_t tS2, std::int64_t tT, std::int64_t sS);

protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    bool redrawQueued_ = false;
    void redraw();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPGraph* cloud_ = nullptr;
    QCPGraph* pareto_ = nullptr;
    QCPGraph* timeOpt_ = nullptr;
    QCPGraph* energyOpt_ = nullptr;
    QCPGraph* edpOpt_ = nullptr;
    QCPGraph* best_ = nullptr;
    QCPGraph* session_ = nullptr;
    QCPGraph* baseTimeOpt_ = nullptr; // the baseline's optima (issue 29)
    QCPGraph* baseEnergyOpt_ = nullptr;
    QCPGraph* baseEdpOpt_ = nullptr;
    BackgroundJob* baselineJob_ = nullptr;
    std::shared_ptr<const SessionState> baselineOf_;
    std::optional<energy::EnergySearchResult> baselineResult_;
    QString baselineError_;
    QString baselineLabel_;
    QLabel* summary_ = nullptr;
    QPushButton* useBest_ = nullptr;
    QCheckBox* zoom_ = nullptr;
    BackgroundJob* job_ = nullptr;
    std::optional<energy::EnergySearchResult> result_;
    std::optional<energy::EnergyPoint> sessionPoint_;
    energy::Objective objective_ = energy::Objective::Energy;
    double within_ = 0.1;
    bool twoD_ = true;
    QString context_;
    QString error_;
    double milliseconds_ = 0;
    bool presentation_ = false;
};

} // namespace cdx::widgets
