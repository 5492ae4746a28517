// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/mwp_model.hpp"

#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPTextElement;

namespace cdx::widgets {

// MWP and CWP against the number of warps per SM (thesis Figures 21-24): N, MWP_Without_BW,
// MWP_peak_BW, MWP = min(...) and CWP, with Exec_cycles on the right axis (the jumps at case
// changes are the model's, spec §1.3), the case as background bands and the session's point
// marked. The sweep is core's sweepWarps (resident blocks 1..max, total work unchanged).
class MwpWarpsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit MwpWarpsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("MWP vs warps"); }
    QString fileStem() const override { return "mwp-vs-warps"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::vector<mwp::WarpSweepPoint>& points() const { return points_; }
    int currentBlocks() const { return current_; }
    QCustomPlot* plot() const { return plot_; }

private:
    void redraw();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPGraph* n_ = nullptr;
    QCPGraph* noBw_ = nullptr;
    QCPGraph* peakBw_ = nullptr;
    QCPGraph* mwp_ = nullptr;
    QCPGraph* cwp_ = nullptr;
    QCPGraph* cycles_ = nullptr;
    QCPGraph* marker_ = nullptr;
    std::vector<mwp::WarpSweepPoint> points_;
    int current_ = 0;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
