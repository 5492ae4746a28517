// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QLabel;
class QTableWidget;

namespace cdx::widgets {

// One multiplication of the chain (a node of the op-count tree, P(i-1) x Pk times Pk x Pj) and
// the three stationary cases of Table D.2: their closed-form costs and tiles side by side (the
// cheapest flagged; the thesis assumes it is always R stationary), and for the chosen case its
// exact cost over the two tile sizes (D.2, D.4 or Case 3) as a map with the memory constraint's
// hyperbola t1 t2 = M and the optimum marked. Cells beyond the hyperbola or the matrix sizes are
// blank.
class ChainSingleView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainSingleView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Single multiplication"); }
    QString fileStem() const override { return "chain-single-mm"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QComboBox* nodeBox() const { return node_; }
    QComboBox* caseBox() const { return case_; }
    QTableWidget* table() const { return table_; }
    QCustomPlot* plot() const { return plot_; }
    QCPColorMap* colorMap() const { return map_; }
    // The three cases of the shown node (after setSession).
    const chain::SingleMM& cases() const { return single_; }
    std::array<double, 3> sizes() const { return {p0_, p1_, p2_}; }

signals:
    void nodeChosen(int node); // 1-based T index

private:
    void redraw();

    ChainSettings settings_;
    ChainComputed c_;
    chain::SingleMM single_;
    double p0_ = 0, p1_ = 0, p2_ = 0;
    QComboBox* node_ = nullptr;
    QComboBox* case_ = nullptr;
    QTableWidget* table_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPColorMap* map_ = nullptr;
    QCPColorScale* scale_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* summary_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::widgets
