// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the matrix-chain workspace (issue 33): every view under the chain list's edits
// (one dimension stepped as its spin arrows do; matrices added and removed) and the memory M
// swept over its range, each step the analysis the view shows (the all-trees extension runs in
// the background); offscreen at the view area of a 1366 x 768 window.

#include "chain/chain_bars_view.hpp"
#include "chain/chain_extensions_view.hpp"
#include "chain/chain_memory_view.hpp"
#include "chain/chain_single_view.hpp"
#include "chain/chain_table_view.hpp"
#include "chain/chain_trees_view.hpp"
#include "latency.hpp"
#include "session/session.hpp"

#include <cmath>
#include <memory>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("Matrix-chain workspace, the D.7 chain (7 matrices), M = 65536, 880x690 px");
    std::vector<std::pair<std::string, std::unique_ptr<ExplorerView>>> views;
    views.emplace_back("Data movement per node", std::make_unique<ChainBarsView>());
    views.emplace_back("Trees", std::make_unique<ChainTreesView>());
    views.emplace_back("Against memory M", std::make_unique<ChainMemoryView>());
    views.emplace_back("Single multiplication", std::make_unique<ChainSingleView>());
    views.emplace_back("Extensions", std::make_unique<ChainExtensionsView>());
    views.emplace_back("Table D.1 experiment", std::make_unique<ChainTableView>());
    for (auto& [name, v] : views) {
        bench::place(*v->widget());
        SessionState s = defaultSession();
        v->setSession(s);
        v->finishPendingWork();
        QApplication::processEvents();
        const std::vector<std::int64_t> dims = s.chain.dims;
        // One dimension over 300 .. 1000 in steps of 10 (a held spin arrow).
        bench::row(name, "list edit: one dimension, 300..1000", bench::drag(2 * 70, [&](int i) {
                       s.chain.dims[2] = 300 + 10 * bench::pingPong(i, 71);
                       v->setSession(s);
                   }));
        // Matrices added at the end up to 20 and removed again.
        s.chain.dims = dims;
        bench::row(name, "list edit: add / remove a matrix, 7..20", bench::drag(4 * 13, [&](int i) {
                       const int n = 7 + bench::pingPong(i, 14);
                       s.chain.dims.resize(static_cast<std::size_t>(n + 1), 512);
                       v->setSession(s);
                   }));
        // M over 2^10 .. 2^20 elements, 40 steps per decade of 2.
        s.chain.dims = dims;
        bench::row(name, "M sweep, 2^10..2^20", bench::drag(2 * 100, [&](int i) {
                       s.chain.memoryWords =
                           std::round(std::pow(2.0, 10 + bench::pingPong(i, 101) / 10.0));
                       v->setSession(s);
                   }));
        v->finishPendingWork();
        v->widget()->hide();
    }
    return 0;
}
