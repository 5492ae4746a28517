// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace cdx::widgets {

class BackgroundJob;

// What the thesis does not do (spec §5.4), labelled as extensions: the minimum data movement
// over every parenthesization (not only the op-count tree) with its tree, op count and plan,
// so a user sees what restricting to the op-count tree costs; and integer tiles with ceilings
// for every hyper-node of the fused plan: the closed-form tiles floored against the exact
// integer optimum. The all-trees search (O(n^4)) runs in the background.
class ChainExtensionsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainExtensionsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Extensions"); }
    QString fileStem() const override { return "chain-extensions"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QList<Table> tables() const override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    BackgroundJob* job() const { return job_; }
    QLabel* allTreesText() const { return allText_; }
    QTableWidget* allTreesTable() const { return allTable_; }
    QTableWidget* integerTable() const { return intTable_; }
    const std::optional<chain::AllTrees>& allTrees() const { return all_; }

private:
    void redraw();

    ChainSettings settings_;
    ChainComputed c_;
    std::optional<chain::IntegerPlan> plan_;
    std::optional<chain::AllTrees> all_;
    QString error_;
    QLabel* banner_ = nullptr;
    QLabel* allText_ = nullptr;
    QTableWidget* allTable_ = nullptr;
    QLabel* intText_ = nullptr;
    QTableWidget* intTable_ = nullptr;
    BackgroundJob* job_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::widgets
