// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

namespace cdx::widgets {
class ChainEditor;
class ChainTreesView;
class ChainBarsView;
class ChainMemoryView;
class ChainSingleView;
class ChainTableView;
class ChainExtensionsView;
} // namespace cdx::widgets

namespace cdx::app {

// Matrix chains (thesis App. D): the minimum-op-count tree and its fused tree of hyper-nodes,
// data movement per node and against on-chip memory, one multiplication's three stationary
// cases over its tiles, the Table D.1 experiment, and the extensions beyond the thesis.
class ChainWorkspace : public Workspace {
    Q_OBJECT

public:
    ChainWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    QString statusText() const override;
    QString figureSubject() const override { return {}; } // no GPU in the chain model
    QString figureContext(const widgets::ExplorerView&) const override { return {}; }
    std::vector<widgets::BackgroundJob*> jobs() const override;

    widgets::ChainEditor* editor() const { return editor_; }
    widgets::ChainTreesView* treesView() const { return trees_; }
    widgets::ChainBarsView* barsView() const { return bars_; }
    widgets::ChainMemoryView* memoryView() const { return memory_; }
    widgets::ChainSingleView* singleView() const { return single_; }
    widgets::ChainTableView* tableView() const { return table_; }
    widgets::ChainExtensionsView* extensionsView() const { return extensions_; }

protected:
    void refreshEditors(const SessionState& s) override;

private:
    widgets::ChainEditor* editor_ = nullptr;
    widgets::ChainTreesView* trees_ = nullptr;
    widgets::ChainBarsView* bars_ = nullptr;
    widgets::ChainMemoryView* memory_ = nullptr;
    widgets::ChainSingleView* single_ = nullptr;
    widgets::ChainTableView* table_ = nullptr;
    widgets::ChainExtensionsView* extensions_ = nullptr;
};

} // namespace cdx::app
