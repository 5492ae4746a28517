// SPDX-License-Identifier: GPL-3.0-or-later
// The Matrix chains workspace's GUI suite (offscreen): the views show core's analysis of the
// default session (the thesis's worked example D.7, corrected beta: O-9), edits are undoable
// (a value typed in the list, a dragged dimension, a pasted list, M and beta), bad input is
// refused with its name and the session unchanged, the trees, bars, sweep, single-MM map,
// Table D.1 experiment and extensions equal core.

#include "chain/chain_bars_view.hpp"
#include "chain/chain_editor.hpp"
#include "chain/chain_extensions.hpp"
#include "chain/chain_extensions_view.hpp"
#include "chain/chain_memory_view.hpp"
#include "chain/chain_single_view.hpp"
#include "chain/chain_table_view.hpp"
#include "chain/chain_tree_widget.hpp"
#include "chain/chain_trees_view.hpp"
#include "common/integer_box.hpp"
#include "common/number_field.hpp"
#include "common/view_export.hpp"
#include "gui/gui_fixture.hpp"
#include "workspaces/chain_workspace.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

using namespace cdx;

class TestGuiChain : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("chain"); }
    void cleanup() { closeWindow(); }
    void treesShowCore();
    void editsWithUndo();
    void refusesBadInput();
    void barsAndSweepEqualCore();
    void singleMultiplication();
    void tableD1InBackground();
    void extensionsLabelled();
    void exportsEveryView();

private:
    app::ChainWorkspace* ws() const { return window_->workspace<app::ChainWorkspace>(); }
};

// O-9: the worked example with the corrected beta: T3 unfused, T4 and T5 fuse left, total
// 9,323,278.25 (8.509 %).
void TestGuiChain::treesShowCore() {
    auto* v = ws()->treesView();
    ws()->viewTabs()->setCurrentWidget(v);
    QVERIFY(v->totals()->text().contains("9,323,278.25"));
    QVERIFY(v->totals()->text().contains("8.509"));
    QVERIFY(v->totals()->text().contains("β corrected"));
    QCOMPARE(v->table()->rowCount(), 5);
    QCOMPARE(v->table()->item(4, 10)->text(), QString("fuse left"));
    QCOMPARE(v->table()->item(2, 10)->text(), QString("no fusion"));
    // 6 leaves + 5 nodes; the fused tree: 6 leaves + 3 hyper-nodes.
    QCOMPARE(v->opTree()->nodes().size(), std::size_t(11));
    QCOMPARE(v->fusedTree()->nodes().size(), std::size_t(9));
    int fusedEdges = 0;
    for (const auto& n : v->opTree()->nodes()) {
        for (bool f : n.fusedEdge) {
            fusedEdges += f;
        }
    }
    QCOMPARE(fusedEdges, 2);
    QVERIFY(ws()->statusText().contains("9,323,278.25"));
    QVERIFY(v->csv().contains("T5,1,6,3,187379712"));
}

void TestGuiChain::editsWithUndo() {
    const auto before = sessionToJson(doc_->state());
    auto* e = ws()->editor();
    // Type a value in the list.
    e->dimsList()->item(3)->setText("400");
    QCOMPARE(doc_->state().chain.dims[3], std::int64_t(400));
    // The thesis's beta reproduces Fig. D.11 (after restoring 368).
    e->dimsList()->item(3)->setText("368");
    QComboBox* beta = e->betaBox();
    beta->setCurrentIndex(beta->findData("thesis"));
    emit beta->activated(beta->currentIndex());
    QCOMPARE(doc_->state().chain.beta, chain::Beta::Thesis);
    QVERIFY(ws()->treesView()->totals()->text().contains("8,392,058.66"));
    // M preset: the thesis's "96KB".
    QComboBox* preset = e->memoryPresetBox();
    emit preset->activated(2);
    QCOMPARE(doc_->state().chain.memoryWords, 98304.0);
    QVERIFY(ws()->treesView()->totals()->text().contains("20.616"));
    // A pasted list.
    e->pasteField()->setText("{320, 1024, 320, 1024}");
    e->pasteButton()->click();
    QCOMPARE(doc_->state().chain.dims, (std::vector<std::int64_t>{320, 1024, 320, 1024}));
    // Reverse, add, remove.
    e->reverseButton()->click();
    QCOMPARE(doc_->state().chain.dims, (std::vector<std::int64_t>{1024, 320, 1024, 320}));
    e->addButton()->click();
    QCOMPARE(doc_->state().chain.dims.size(), std::size_t(5));
    e->dimsList()->setCurrentRow(0);
    e->removeButton()->click();
    QCOMPARE(doc_->state().chain.dims, (std::vector<std::int64_t>{320, 1024, 320, 320}));
    // A dragged row: the list model's move is one edit.
    e->dimsList()->model()->moveRow(QModelIndex(), 0, QModelIndex(), 4);
    QCOMPARE(doc_->state().chain.dims, (std::vector<std::int64_t>{1024, 320, 320, 320}));
    while (doc_->undoStack()->canUndo()) {
        doc_->undoStack()->undo();
    }
    QCOMPARE(sessionToJson(doc_->state()), before);
    QCOMPARE(e->dimsList()->count(), 7);
}

void TestGuiChain::refusesBadInput() {
    const auto before = sessionToJson(doc_->state());
    auto* e = ws()->editor();
    e->dimsList()->item(2)->setText("0");
    QVERIFY2(e->lastError().contains("P2"), qPrintable(e->lastError()));
    QCOMPARE(e->dimsList()->item(2)->text(), QString("552")); // shown again
    e->dimsList()->item(2)->setText("abc");
    QVERIFY(e->lastError().contains("[1, 1048576]"));
    e->pasteField()->setText("936, 1008");
    e->pasteButton()->click();
    QVERIFY(e->lastError().contains("at least") || e->lastError().contains("3 to 201"));
    e->pasteField()->setText("936, -4, 552");
    e->pasteButton()->click();
    QVERIFY(e->lastError().contains("P1"));
    e->memoryField()->setText("1");
    e->memoryField()->setModified(true);
    emit e->memoryField()->editingFinished();
    QVERIFY2(!e->lastError().isEmpty(), "M = 1 refused");
    e->memoryField()->setText("1e400");
    e->memoryField()->setModified(true);
    emit e->memoryField()->editingFinished();
    // Refused: the typed text stays, marked (issue 28); the session keeps M.
    QCOMPARE(e->memoryField()->text(), QString("1e400"));
    QVERIFY(e->memoryField()->property("refused").toBool());
    QCOMPARE(doc_->state().chain.memoryWords, 65536.0);
    // Two matrices are the minimum: Remove on three dimensions is refused.
    e->pasteField()->setText("100, 200, 300");
    e->pasteButton()->click();
    const auto three = sessionToJson(doc_->state());
    e->removeButton()->click();
    QVERIFY(e->lastError().contains("two matrices"));
    QCOMPARE(sessionToJson(doc_->state()), three);
    doc_->undoStack()->undo();
    QCOMPARE(sessionToJson(doc_->state()), before);
    // Sizes below sqrt(M): the trees view warns.
    e->pasteField()->setText("100, 1008, 552");
    e->pasteButton()->click();
    ws()->viewTabs()->setCurrentWidget(ws()->treesView());
    QVERIFY(ws()->treesView()->csv().contains("T1"));
}

void TestGuiChain::barsAndSweepEqualCore() {
    const auto r = chain::analyseChain(doc_->state().chain.dims, 65536, chain::Beta::Corrected);
    auto* b = ws()->barsView();
    ws()->viewTabs()->setCurrentWidget(b);
    QCOMPARE(b->chosenBars()->dataCount(), 3);
    double sum = 0, sumU = 0;
    for (int i = 0; i < 3; ++i) {
        sum += (b->chosenBars()->data()->begin() + i)->value;
        sumU += (b->unfusedBars()->data()->begin() + i)->value;
    }
    QVERIFY(std::abs(sum - r.fusedTotal) < 1e-6);
    QVERIFY(std::abs(sumU - r.s) < 1e-6);
    auto* m = ws()->memoryView();
    ws()->viewTabs()->setCurrentWidget(m);
    int thesis = 0;
    for (const auto& p : m->points()) {
        if (p.m == 65536) {
            QVERIFY(std::abs(p.fusedTotal - r.fusedTotal) < 1e-6);
            ++thesis;
        }
        thesis += p.m == 98304;
    }
    QCOMPARE(thesis, 2);
    QCOMPARE(m->plot()->graphCount(), 3);
}

// O-3 through the view: (1000, 400, 2000) has A1 stationary cheapest; the map's optimum on the
// hyperbola.
void TestGuiChain::singleMultiplication() {
    auto* e = ws()->editor();
    e->pasteField()->setText("1000, 400, 2000");
    e->pasteButton()->click();
    auto* v = ws()->singleView();
    ws()->viewTabs()->setCurrentWidget(v);
    QCOMPARE(v->nodeBox()->count(), 1);
    QVERIFY(!v->cases().outputIsBest);
    QCOMPARE(v->table()->item(1, 4)->text().startsWith("cheapest"), true);
    QVERIFY(std::abs(v->cases().input1Stationary.cost - 7238834.76) < 0.01);
    QCOMPARE(v->plot()->graphCount(), 2); // hyperbola and optimum
    // Cells beyond x y = M are blank; inside they equal D.2.
    auto* data = v->colorMap()->data();
    int inside = 0, blank = 0;
    for (int a = 0; a < data->keySize(); a += 7) {
        for (int b = 0; b < data->valueSize(); b += 7) {
            double x = 0, y = 0;
            data->cellToCoord(a, b, &x, &y);
            const double c = data->cell(a, b);
            if (x * y > 65536) {
                QVERIFY(std::isnan(c));
                ++blank;
            } else {
                QVERIFY(std::abs(c - chain::singleCostAt(chain::SingleCaseId::Output, 1000, 400,
                                                         2000, x, y)) < 1e-6 * c);
                ++inside;
            }
        }
    }
    QVERIFY(inside > 50 && blank > 50);
    // Choosing a node is an undoable edit.
    e->pasteField()->setText("936, 1008, 552, 368, 1016, 616, 544");
    e->pasteButton()->click();
    emit v->nodeBox()->activated(2);
    QCOMPARE(doc_->state().chain.singleMMNode, 3);
    QVERIFY(std::abs(v->sizes()[0] - 936) < 1e-9); // T3 = A1 (A2 A3): 936 x 1008 x 368
    QVERIFY(std::abs(v->sizes()[2] - 368) < 1e-9);
}

void TestGuiChain::tableD1InBackground() {
    auto* v = ws()->tableView();
    ws()->viewTabs()->setCurrentWidget(v);
    // A smaller experiment through the controls (one undoable edit), then finished.
    v->chainsBox()->setValue(40);
    emit v->chainsBox()->editingFinished();
    QCOMPARE(doc_->state().chain.tableChains, 40);
    v->finishPendingWork();
    QVERIFY(v->result().has_value());
    QCOMPARE(v->result()->rows.size(), std::size_t(19));
    QCOMPARE(v->result()->rows[0].perMemory[0].max, 0.0);
    chain::TableD1Config c = tableD1Config(doc_->state().chain);
    const chain::TableD1 core = chain::tableD1(c);
    QCOMPARE(v->result()->rows[5].perMemory[1].avg, core.rows[5].perMemory[1].avg);
    QCOMPARE(v->table()->rowCount(), 20);
    // Cancel: the job stops, the complete rows are kept.
    v->chainsBox()->setValue(100000);
    emit v->chainsBox()->editingFinished();
    QVERIFY(v->job()->isRunning());
    v->job()->cancel();
    QTRY_VERIFY(!v->job()->isRunning());
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().chain.tableChains, 40);
}

void TestGuiChain::extensionsLabelled() {
    auto* v = ws()->extensionsView();
    ws()->viewTabs()->setCurrentWidget(v);
    v->finishPendingWork();
    QVERIFY(v->allTrees().has_value());
    const auto a = chain::allTrees(doc_->state().chain.dims, 65536, chain::Beta::Corrected);
    QCOMPARE(v->allTrees()->fusedTotal, a.fusedTotal);
    QVERIFY(v->allTreesText()->text().contains("((A1(A2A3))((A4A5)A6))"));
    QCOMPARE(v->integerTable()->rowCount(), 3);
    QVERIFY(v->csv().startsWith("# extensions (not in the thesis"));
}

void TestGuiChain::exportsEveryView() {
    int checked = 0;
    for (auto* view : ws()->views()) {
        ws()->viewTabs()->setCurrentWidget(view->widget());
        const QString path = tempPath(view->fileStem() + ".png");
        QVERIFY2(widgets::exportView(*view, path, QSize(900, 600)).isEmpty(), qPrintable(path));
        QCOMPARE(QImage(path).size(), QSize(900, 600));
        QVERIFY(!view->csv().isEmpty());
        ++checked;
    }
    QCOMPARE(checked, 9); // six views, Compare, Line-up and How far to trust this
}

CDX_GUI_TEST_MAIN(TestGuiChain)

#include "test_gui_chain.moc"
