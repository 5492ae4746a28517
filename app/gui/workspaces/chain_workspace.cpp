// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/chain_workspace.hpp"

#include "chain/chain_bars_view.hpp"
#include "chain/chain_common.hpp"
#include "chain/chain_editor.hpp"
#include "chain/chain_extensions_view.hpp"
#include "chain/chain_memory_view.hpp"
#include "chain/chain_single_view.hpp"
#include "chain/chain_table_view.hpp"
#include "chain/chain_trees_view.hpp"
#include "common/background_job.hpp"
#include "common/number_format.hpp"
#include "session_document.hpp"

#include <cmath>

namespace cdx::app {

ChainWorkspace::ChainWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("chain", tr("Matrix chains"), QIcon(":/icons/chain.svg"), context, parent) {
    trees_ = new widgets::ChainTreesView(this);
    bars_ = new widgets::ChainBarsView(this);
    memory_ = new widgets::ChainMemoryView(this);
    single_ = new widgets::ChainSingleView(this);
    table_ = new widgets::ChainTableView(this);
    extensions_ = new widgets::ChainExtensionsView(this);
    for (widgets::ExplorerView* v : std::initializer_list<widgets::ExplorerView*>{
             trees_, bars_, memory_, single_, table_, extensions_}) {
        addView(v);
    }
    editor_ = new widgets::ChainEditor;
    addDock(tr("Matrix chain"), "chainDock", editor_);
    connect(editor_, &widgets::ChainEditor::edited, this,
            [this](const QString& label, const ChainSettings& c) {
                editSession(label, [&](SessionState& s) { s.chain = c; });
            });
    connect(editor_, &widgets::ChainEditor::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(single_, &widgets::ChainSingleView::nodeChosen, this, [this](int node) {
        editSession(tr("Show T%1's multiplication").arg(node),
                    [&](SessionState& s) { s.chain.singleMMNode = node; });
    });
    connect(table_, &widgets::ChainTableView::settingsChosen, this,
            [this](int chains, qint64 seed, qint64 lo, qint64 hi) {
                editSession(tr("Table D.1: %1 chains per n, sizes %2–%3, seed %4")
                                .arg(chains)
                                .arg(lo)
                                .arg(hi)
                                .arg(seed),
                            [&](SessionState& s) {
                                s.chain.tableChains = chains;
                                s.chain.tableSeed = static_cast<std::uint64_t>(seed);
                                s.chain.tableLo = lo;
                                s.chain.tableHi = hi;
                            });
            });
    connect(table_, &widgets::ChainTableView::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
}

QString ChainWorkspace::summary() const {
    return tr("How much off-chip traffic does a chain of matrix products move, which order of "
              "multiplication and which fusion of parent-child products moves least, and with "
              "which tiles? (thesis App. D)");
}

std::vector<widgets::BackgroundJob*> ChainWorkspace::jobs() const {
    return {table_->job(), extensions_->job()};
}

void ChainWorkspace::refreshEditors(const SessionState& s) {
    editor_->setSession(s);
}

QString ChainWorkspace::statusText() const {
    const auto& c = doc()->state().chain;
    const auto r = widgets::computeChain(c);
    if (!r.result) {
        return r.error;
    }
    return tr("S = %1, fused %2 (−%3 %)   |   %4")
        .arg(widgets::grouped(r.result->s), widgets::grouped(r.result->fusedTotal))
        .arg(std::abs(r.result->reductionPct) < 5e-3 ? 0.0 : r.result->reductionPct, 0, 'f', 2)
        .arg(widgets::chainContext(c));
}

} // namespace cdx::app
