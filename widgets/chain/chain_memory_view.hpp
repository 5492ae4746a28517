// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

// Data movement against the on-chip capacity M (a geometric sweep from M/64 to 16 M, log
// axis): S(1,n) and the fused total on the left axis, the reduction in % on the right, the
// thesis's "64KB" (65536) and "96KB" (98304) and the session's M marked. The op-count tree does
// not depend on M; the fusion choices do.
class ChainMemoryView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainMemoryView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Against memory M"); }
    QString fileStem() const override { return "chain-memory-sweep"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QCustomPlot* plot() const { return plot_; }
    const std::vector<chain::MemoryPoint>& points() const { return points_; }

private:
    void redraw();

    ChainSettings settings_;
    std::vector<chain::MemoryPoint> points_;
    QString error_;
    double minDim_ = 0;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* summary_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::widgets
