// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>
#include <optional>

class QLabel;
class QTableWidget;

namespace cdx::widgets {

class ChainTreeWidget;

// The op-count tree (Algorithm 10, Fig. D.10) and the fused tree of hyper-nodes (Fig. D.12)
// side by side, nodes coloured by their choice (no fusion, fuse left, fuse right) with every
// cost term and the tiles on hover; the totals above, and under them the per-node table of
// Fig. D.11 (hp, hl, hr, Fp, Fl, Fr, F, choice, tiles) in elements.
class ChainTreesView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainTreesView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Trees"); }
    QString fileStem() const override { return "chain-trees"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QList<Table> tables() const override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    ChainTreeWidget* opTree() const { return opTree_; }
    ChainTreeWidget* fusedTree() const { return fusedTree_; }
    // The baseline's fused tree, beside the session's (hidden without a baseline).
    ChainTreeWidget* baselineTree() const { return baselineTree_; }
    QTableWidget* table() const { return table_; }
    QLabel* totals() const { return totals_; }

private:
    void redraw();

    ChainSettings settings_;
    ChainComputed c_;
    std::optional<ChainComputed> base_; // the baseline's chain, when there is a baseline
    QString baseLabel_;
    QString baseSentence_;
    QLabel* totals_ = nullptr;
    ChainTreeWidget* opTree_ = nullptr;
    ChainTreeWidget* fusedTree_ = nullptr;
    ChainTreeWidget* baselineTree_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* note_ = nullptr;
    bool presentation_ = false;
    int rowsShown_ = -1;
};

} // namespace cdx::widgets
