// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

// Data movement per hyper-node of the fused tree: the same nodes unfused (the S plan, D.3
// each) beside the chosen plan (D.3, D.10 or D.14), and the totals S(1,n) and F(1,n) + P0 Pn
// (the decomposition identity of spec §5.2), in elements.
class ChainBarsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainBarsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Data movement per node"); }
    QString fileStem() const override { return "chain-data-movement"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QCustomPlot* plot() const { return plot_; }
    QCPBars* unfusedBars() const { return unfused_; }
    QCPBars* chosenBars() const { return chosen_; }
    QLabel* summary() const { return summary_; }

private:
    void redraw();

    ChainSettings settings_;
    ChainComputed c_;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPBars* unfused_ = nullptr;
    QCPBars* chosen_ = nullptr;
    QLabel* summary_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::widgets
