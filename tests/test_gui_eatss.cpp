// SPDX-License-Identifier: GPL-3.0-or-later
// The EATSS workspace's GUI suite (offscreen): the views show core's formulation, optimum and
// Z3 answer for the default session (spec eatss.md §2.3 b), edits are undoable, a bad program
// or split is refused with the reason and the session unchanged, the map, the configuration grid
// and the Fig. 7 measurements equal core.

#include "common/background_job.hpp"
#include "common/number_field.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_editor.hpp"
#include "eatss/eatss_grid_view.hpp"
#include "eatss/eatss_map_view.hpp"
#include "eatss/eatss_measurements_view.hpp"
#include "eatss/eatss_model_view.hpp"
#include "eatss/eatss_views.hpp"
#include "gui/gui_fixture.hpp"
#include "workspaces/eatss_workspace.hpp"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace cdx;

class TestGuiEatss : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("eatss"); }
    void cleanup() { closeWindow(); }
    void modelViewShowsCore();
    void editsWithUndo();
    void refusesBadInput();
    void mapEqualsCore();
    void gridEqualsCore();
    void measurementsFromFig7();
    void longExactSearchLeavesTheWindow();

private:
    app::EatssWorkspace* ws() const { return window_->workspace<app::EatssWorkspace>(); }
};

// spec §2.3 (b): gemm on the A100, s = 0.25: T = (16, 336, 32), W = 16160; Z3 beside it.
void TestGuiEatss::modelViewShowsCore() {
    auto* v = ws()->modelView();
    ws()->viewTabs()->setCurrentWidget(v);
    v->finishPendingWork();
    QVERIFY(v->computed().solution.has_value());
    QCOMPARE(v->computed().solution->tiles, (std::vector<std::int64_t>{16, 336, 32}));
    QCOMPARE(v->computed().solution->objective, std::int64_t(16160));
    QVERIFY(v->report()->toPlainText().contains("maximise W = blk + 32 T_j + 1 T_k"));
    QVERIFY(v->z3().has_value());
    QVERIFY(4 * v->z3()->objective >= 3 * std::int64_t(16160));
    QVERIFY(v->report()->toPlainText().contains("Z3"));
    QCOMPARE(v->sizesField()->text(),
             QString::fromStdString(eatss::ppcgSizes({16, 336, 32}, 1024)));
    QVERIFY(ws()->statusText().contains("W = 16160"));
    QVERIFY(v->report()->toPlainText().contains("thread block of 16 × 32"));
}

void TestGuiEatss::editsWithUndo() {
    const auto before = sessionToJson(doc_->state());
    auto* e = ws()->editor();
    QComboBox* prog = e->programBox();
    prog->setCurrentIndex(prog->findText("syr2k"));
    emit prog->activated(prog->currentIndex());
    QCOMPARE(doc_->state().eatss.program.id, std::string("syr2k"));
    // spec §2.3 (e): the artifact answers (16, 16, 288) on the A100 at s = 0.25.
    QCOMPARE(ws()->modelView()->computed().solution->tiles,
             (std::vector<std::int64_t>{16, 16, 288}));
    QComboBox* mode = e->modeBox();
    mode->setCurrentIndex(mode->findData("paper"));
    emit mode->activated(mode->currentIndex());
    QCOMPARE(doc_->state().eatss.options.mode, eatss::Mode::Paper);
    // A program typed in .rels form (mvt with its four references).
    e->programText()->setPlainText("1\nS1:i*,j\n4\nX1:i:1\nX2:i:1\nY1:j:1\nOut1:i,j:1,1\n");
    e->applyButton()->click();
    QCOMPARE(doc_->state().eatss.program.loops.size(), std::size_t(2));
    QCOMPARE(doc_->state().eatss.program.references.size(), std::size_t(4));
    for (int i = 0; i < 3; ++i) {
        doc_->undoStack()->undo();
    }
    QCOMPARE(sessionToJson(doc_->state()), before);
}

void TestGuiEatss::refusesBadInput() {
    const auto before = sessionToJson(doc_->state());
    auto* e = ws()->editor();
    e->programText()->setPlainText("1\nS1:i*,j\n1\nA:i,q:1,1\n");
    e->applyButton()->click();
    QVERIFY2(e->lastError().contains("program.rels:4"), qPrintable(e->lastError()));
    QVERIFY(e->lastError().contains("unknown iterator"));
    QCOMPARE(sessionToJson(doc_->state()), before);
    // s = 0.5 on the A100: above the per-block shared memory (the artifact exits).
    e->splitField()->setText("0.5");
    e->splitField()->setModified(true);
    emit e->splitField()->editingFinished();
    QVERIFY2(e->lastError().contains("s <= 0.25"), qPrintable(e->lastError()));
    QCOMPARE(sessionToJson(doc_->state()), before);
    QCOMPARE(e->splitField()->text(), QString("0.25"));
    e->splitField()->setText("abc");
    e->splitField()->setModified(true);
    emit e->splitField()->editingFinished();
    QVERIFY(e->lastError().contains("[0, 1]"));
    QCOMPARE(sessionToJson(doc_->state()), before);
    // durbin: the artifact cannot formulate it; the session takes it, the views say why.
    QComboBox* prog = e->programBox();
    prog->setCurrentIndex(prog->findText("durbin"));
    emit prog->activated(prog->currentIndex());
    QVERIFY(!ws()->modelView()->computed().formulation);
    QVERIFY(ws()->modelView()->report()->toPlainText().contains("artifact exits"));
}

void TestGuiEatss::mapEqualsCore() {
    auto* v = ws()->mapView();
    ws()->viewTabs()->setCurrentWidget(v);
    v->finishPendingWork();
    QVERIFY(v->map().has_value());
    const auto f = eatss::formulate(eatss::loadProgram("gemm"), eatss::loadGpu("a100"), {});
    const auto m = eatss::objectiveMap(f, {16, 336, 32}, 1, 2);
    QCOMPARE(v->map()->w, m.w);
    QCOMPARE(v->map()->best, std::int64_t(16160));
    // Choosing other axes is one undoable edit.
    v->xBox()->setCurrentIndex(0);
    emit v->xBox()->activated(0);
    QCOMPARE(doc_->state().eatss.mapX, std::string("i"));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().eatss.mapX, std::string("j"));
}

void TestGuiEatss::gridEqualsCore() {
    auto* e = ws()->editor();
    QComboBox* prog = e->programBox();
    prog->setCurrentIndex(prog->findText("heat-3d"));
    emit prog->activated(prog->currentIndex());
    auto* v = ws()->gridView();
    ws()->viewTabs()->setCurrentWidget(v);
    v->finishPendingWork();
    // A100 caps x {1, .5, .25, .125, 0}: heat-3d is infeasible at phi = 1 (spec §V-D).
    QCOMPARE(v->cells().size(), std::size_t(15));
    int feasible = 0;
    for (const auto& c : v->cells()) {
        feasible += c.formulated && c.solution.feasible;
        if (c.align == 1.0) {
            QVERIFY(!c.solution.feasible);
        }
        if (c.align == 0.5 && c.split == 0) {
            QCOMPARE(c.solution.tiles, (std::vector<std::int64_t>{8, 8, 32}));
        }
    }
    QCOMPARE(feasible, 12);
    QCOMPARE(v->table()->rowCount(), 3);
}

void TestGuiEatss::measurementsFromFig7() {
    auto* v = ws()->measurementsView();
    ws()->viewTabs()->setCurrentWidget(v);
    QCOMPARE(v->measurements().rows.size(), std::size_t(21));
    QCOMPARE(v->barCount(), 84);
    QCOMPARE(v->table()->rowCount(), 21);
    v->gpuBox()->setCurrentIndex(v->gpuBox()->findData("xavier"));
    QCOMPARE(v->measurements().energyUnit, std::string("mJ"));
    v->metricBox()->setCurrentIndex(1);
    QVERIFY(v->csv().contains("gemm,26.4,34.5,34.5,49.1,162.93"));
}

CDX_GUI_TEST_MAIN(TestGuiEatss)

#include "test_gui_eatss.moc"

// Issue 44: a user's program whose exact search takes seconds (eight loops, every one in the
// objective, unaligned) is searched off the GUI thread with progress and Cancel: the views and
// the status line say "searching", Cancel leaves a view that says it was cancelled, and a
// search left to end gives core's optimum, then kept (not searched again).
void TestGuiEatss::longExactSearchLeavesTheWindow() {
    nlohmann::json loops = nlohmann::json::array(), refs = nlohmann::json::array();
    nlohmann::json all = nlohmann::json::array();
    for (int i = 0; i < 8; ++i) {
        const std::string l = "l" + std::to_string(i);
        loops.push_back({{"name", l}, {"parallel", true}});
        refs.push_back({{"array", "A" + std::to_string(i)},
                        {"subscripts", {"l" + std::to_string((i + 1) % 8), l}}});
        all.push_back(l);
    }
    refs.push_back({{"array", "Out"}, {"subscripts", all}});
    SessionState s = doc_->state();
    s.eatss.program = eatss::programFromJson(
        {{"id", "many8"}, {"statement", "S1"}, {"loops", loops}, {"references", refs}}, "many8");
    s.eatss.options.align = 0;
    auto* v = ws()->modelView();
    ws()->viewTabs()->setCurrentWidget(v);
    doc_->edit("many loops", s);
    QVERIFY(v->computed().pending);
    QVERIFY(!v->computed().solution);
    QVERIFY(v->exactJob()->isRunning());
    QVERIFY(v->report()->toPlainText().contains("searching"));
    QVERIFY(ws()->statusText().contains("searching for the exact optimum"));
    const auto bar = v->findChildren<QProgressBar*>();
    QVERIFY(!bar.isEmpty());
    // Cancel: the view says so, nothing is shown as an optimum.
    QSignalSpy cancelled(v->exactJob(), &widgets::BackgroundJob::cancelled);
    v->exactJob()->cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 20000);
    QVERIFY(v->report()->toPlainText().contains("cancelled"));
    QVERIFY(v->sizesField()->text().isEmpty());
    // The map view: the same search, left to end this time (the configuration reduced to
    // seven loops so that it ends in a test's time), then core's optimum around which it draws.
    loops.erase(loops.size() - 1);
    refs = nlohmann::json::array();
    all = nlohmann::json::array();
    for (int i = 0; i < 7; ++i) {
        const std::string l = "l" + std::to_string(i);
        refs.push_back({{"array", "A" + std::to_string(i)},
                        {"subscripts", {"l" + std::to_string((i + 1) % 7), l}}});
        all.push_back(l);
    }
    refs.push_back({{"array", "Out"}, {"subscripts", all}});
    s.eatss.program = eatss::programFromJson(
        {{"id", "many7"}, {"statement", "S1"}, {"loops", loops}, {"references", refs}}, "many7");
    auto* m = ws()->mapView();
    ws()->viewTabs()->setCurrentWidget(m);
    doc_->edit("seven loops", s);
    QVERIFY(m->exactJob()->isRunning());
    QVERIFY(!m->map());
    m->finishPendingWork();
    QVERIFY(m->map().has_value());
    const auto f = eatss::formulate(s.eatss.program, eatss::loadGpu(s.eatss.gpu), s.eatss.options);
    const eatss::Solution core = eatss::solveExact(f);
    const int xi = widgets::loopIndexOf(s.eatss.program, s.eatss.mapX, 0);
    const int yi = widgets::loopIndexOf(s.eatss.program, s.eatss.mapY, xi == 0 ? 1 : 0);
    QCOMPARE(m->map()->w, eatss::objectiveMap(f, core.tiles, xi, yi).w);
    // Kept: the model view and the status line have it at once, no second search.
    ws()->viewTabs()->setCurrentWidget(v);
    QVERIFY(!v->computed().pending);
    QVERIFY(!v->exactJob()->isRunning());
    QCOMPARE(v->computed().solution->tiles, core.tiles);
    QCOMPARE(v->computed().solution->objective, core.objective);
    QVERIFY(ws()->statusText().contains(QString("W = %1").arg(core.objective)));
}
