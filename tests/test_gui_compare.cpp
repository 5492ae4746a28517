// SPDX-License-Identifier: GPL-3.0-or-later
// The baseline beside the session (issue 29): Compare ▸ Pin, Open, Shipped profiles, Swap and
// Clear through the real menu, each undoable; the Compare view of every workspace with core's
// numbers; a session with a baseline saved and reopened.
#include "area/architecture_view.hpp"
#include "area/area_gpu.hpp"
#include "area/area_model.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "chain/chain_compare.hpp"
#include "chain/chain_tree_widget.hpp"
#include "chain/chain_trees_view.hpp"
#include "common/annotations.hpp"
#include "common/parameter_form.hpp"
#include "common/view_export.hpp"
#include "compare/families.hpp"
#include "compose_dialog.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_model_view.hpp"
#include "energy/energy_breakdown_view.hpp"
#include "energy/energy_time_view.hpp"
#include "gui/gui_fixture.hpp"
#include "lineup/lineup.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/power_model.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "runs/runs_view.hpp"
#include "screenshots.hpp"
#include "search/codesign_compare.hpp"
#include "search/tile_search.hpp"
#include "session/session.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/roofline_view.hpp"
#include "talg/stencil_editor.hpp"
#include "talg/sweep_view.hpp"
#include "talg/talg.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/top_tilings_view.hpp"
#include "views/compare_menu.hpp"
#include "views/compare_view.hpp"
#include "views/composed_figure.hpp"
#include "views/lineup_view.hpp"
#include "workspaces/area_workspace.hpp"
#include "workspaces/chain_workspace.hpp"
#include "workspaces/eatss_workspace.hpp"
#include "workspaces/energy_workspace.hpp"
#include "workspaces/mwp_workspace.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPicture>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>
#include <qcustomplot.h>

using namespace cdx;

class TestGuiCompare : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("talg"); }
    void cleanup() { closeWindow(); }

    void pinEditAndCompare();
    void pinSwapClearAreUndoable();
    void shippedProfilesBaseline();
    void savedBaselineReopens();
    void notASessionIsRefused();
    void everyWorkspaceCompares();
    void twoTilingsInTheBreakdown();
    void compareWithFromTopTilings();
    void regimeMapMarksTheBaseline();
    void energyBreakdownBesideTheBaseline();
    void measuredRunsFitUnderBothSides();
    void mapMarksTheBaselineOptimum();
    void areaViewsPlaceTheBaselineDesign();
    void energyTimeShowsBothOptima();
    void powerBesideTheBaseline();
    void chainTreesSideBySide();
    void eatssModelAgainstTheBaseline();
    void lineupOfGpusEqualsCore();
    void lineupAreaAtEachChipsNode();
    void undoAnswersInTheStatusLine();
    void composedPanelsEqualTheirViews();
    void compositionTravelsWithTheSession();

private:
    app::TalgWorkspace* talg() const { return window_->workspace<app::TalgWorkspace>(); }
    app::CompareView* compareView(app::Workspace* w) const {
        for (auto* v : w->views()) {
            if (auto* c = dynamic_cast<app::CompareView*>(v)) {
                return c;
            }
        }
        return nullptr;
    }
    void setNSm(double v) {
        QLineEdit* field = talg()->gpuEditor()->form()->field("n_sm");
        field->setText(QString::number(v));
        emit field->editingFinished();
    }
    // Compare ▸ Pin, then the session's kernel with twice the FP instructions (an edit).
    void pinThenDoubleTheKernelsFp() {
        window_->compareMenu()->pin();
        SessionState s = doc_->state();
        auto& fp = s.mwp.kernel.params["fp_insts"];
        fp.value = *fp.value * 2;
        fp.edited = true;
        doc_->edit("more computation", s);
    }
    // The graph of `plot` whose name starts with `prefix` (nullptr if none).
    static QCPGraph* graphNamed(QCustomPlot* plot, const QString& prefix) {
        for (int i = 0; i < plot->graphCount(); ++i) {
            if (plot->graph(i)->name().startsWith(prefix)) {
                return plot->graph(i);
            }
        }
        return nullptr;
    }
    // The Compare menu's action of that text (the menu as the user sees it).
    QAction* menuAction(const QString& text) const {
        for (QAction* m : window_->menuBar()->actions()) {
            if (m->text() == "&Compare") {
                for (QAction* a : m->menu()->actions()) {
                    if (a->text() == text) {
                        return a;
                    }
                }
            }
        }
        return nullptr;
    }
};

// Ctrl+B, then an edit: the Compare view shows both T_alg, each the model's own, and their
// difference; the status line names the baseline.
void TestGuiCompare::pinEditAndCompare() {
    QAction* pin = menuAction("&Pin Current as Baseline");
    QVERIFY(pin);
    QCOMPARE(pin->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
    pin->trigger();
    QVERIFY(doc_->state().baseline);
    QVERIFY(window_->statusText().contains("Pinned"));
    setNSm(8); // 16 groups of tiles: one round on 16 SMs, two on 8
    auto* view = compareView(talg());
    QVERIFY(view);
    talg()->viewTabs()->setCurrentWidget(view);
    QCOMPARE(view->comparisons().size(), std::size_t(1));
    const auto& c = view->comparisons().front();
    const auto& t = c.values.front();
    QCOMPARE(QString::fromStdString(t.name), QString("T_alg"));
    const SessionState& s = doc_->state();
    const auto evaluate = [](const SessionState& x) {
        return talg::evaluate(x.modelStencil(), x.problem, x.tiles, x.modelGpu(), x.variant).tAlg;
    };
    QCOMPARE(*t.a, evaluate(*s.baseline));
    QCOMPARE(*t.b, evaluate(s));
    QVERIFY(*t.delta() > 0); // fewer SMs, more time
    QVERIFY2(QString::fromStdString(c.explanation).contains("rounds"), c.explanation.c_str());
    // The table: baseline | session | Δ | Δ %, one row per quantity and one per term of the
    // split (issue 44), and the line that names what differs.
    QCOMPARE(view->table()->rowCount(), static_cast<int>(c.values.size() + c.contributions.size()));
    QVERIFY2(view->headline().contains("Differs in: GPU NVIDIA GeForce GTX 980"),
             qPrintable(view->headline()));
    QVERIFY(view->csv().contains("talg,delta T_alg from rounds,"));
    QCOMPARE(view->table()->horizontalHeaderItem(3)->text(), QString("Δ"));
    QVERIFY(view->csv().contains("family,quantity,baseline,session,delta,delta_pct,unit"));
    QVERIFY(view->csv().contains("talg,T_alg,"));
    window_->statusBar()->clearMessage(); // the pin's confirmation, then the status again
    QVERIFY2(window_->statusText().contains("vs baseline NVIDIA GeForce GTX 980"),
             qPrintable(window_->statusText()));
    // The sweep: the baseline's curve over the same values, dashed, with its legend entry.
    talg()->viewTabs()->setCurrentWidget(talg()->sweepView());
    QCPGraph* base = nullptr;
    QCPGraph* mine = nullptr;
    for (int i = 0; i < talg()->sweepView()->plot()->graphCount(); ++i) {
        QCPGraph* g = talg()->sweepView()->plot()->graph(i);
        if (g->name() == "baseline's T_alg") {
            base = g;
        } else if (g->name().startsWith("T_alg")) {
            mine = g;
        }
    }
    QVERIFY(base && mine);
    QVERIFY(base->dataCount() > 1);
    QCOMPARE(base->data()->at(0)->key, mine->data()->at(0)->key);
    QCOMPARE(base->pen().style(), Qt::DashLine);
    QVERIFY(talg()->sweepView()->csv().contains(",constraint,baseline_T_alg_s,delta_s\n"));
}

void TestGuiCompare::pinSwapClearAreUndoable() {
    app::CompareMenu* menu = window_->compareMenu();
    QVERIFY(!menu->swapAction()->isEnabled());
    menu->pin();
    QVERIFY(menu->swapAction()->isEnabled());
    doc_->undoStack()->undo();
    QVERIFY(!doc_->state().baseline);
    menu->pin();
    setNSm(24);
    menu->swap();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 24.0);
    doc_->undoStack()->undo(); // swap
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 24.0);
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 16.0);
    menu->clear();
    QVERIFY(!doc_->state().baseline);
    QVERIFY(!menu->clearAction()->isEnabled());
    doc_->undoStack()->undo(); // clear
    QVERIFY(doc_->state().baseline);
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 16.0);
}

void TestGuiCompare::shippedProfilesBaseline() {
    setNSm(24);
    window_->compareMenu()->shippedProfiles();
    QVERIFY(doc_->state().baseline);
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 24.0);
    QVERIFY(window_->statusText().contains("shipped"));
    // Die area: the baseline's bars second, beside the session's, with its own total.
    auto* area = window_->workspace<app::AreaWorkspace>();
    window_->showWorkspace(area);
    area->viewTabs()->setCurrentIndex(0);
    auto* die = qobject_cast<widgets::DieAreaView*>(area->viewTabs()->currentWidget());
    QVERIFY(die);
    QVERIFY(die->rows().size() >= 2);
    QVERIFY(die->rows()[1].label.startsWith("baseline: NVIDIA GeForce GTX 980"));
    QVERIFY(die->rows()[1].breakdown.total < die->rows()[0].breakdown.total); // 16 SMs < 24
}

// Saved with its baseline, reopened with it (the meeting's comparison comes back).
void TestGuiCompare::savedBaselineReopens() {
    window_->compareMenu()->pin();
    setNSm(24);
    const QString path = tempPath("pinned.cdx.json");
    doc_->saveAs(path);
    doc_->reset(defaultSession());
    QVERIFY(!doc_->state().baseline);
    QString error;
    QVERIFY2(window_->openSession(path, &error, true), qPrintable(error));
    QVERIFY(doc_->state().baseline);
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 24.0);
    // And it opens as the baseline of another session, too.
    doc_->reset(defaultSession());
    QVERIFY(window_->compareMenu()->openAsBaseline(path, &error));
    QCOMPARE(*doc_->state().baseline->gpu.params.at("n_sm").value, 24.0);
    QVERIFY(!doc_->state().baseline->baseline); // a baseline has none of its own
}

void TestGuiCompare::notASessionIsRefused() {
    const SessionState before = doc_->state();
    QString error;
    QVERIFY(!window_->compareMenu()->openAsBaseline(
        QString(CDX_SOURCE_PROFILES_DIR) + "/gpus/gtx980.json", &error));
    QVERIFY2(error.contains("gtx980.json"), qPrintable(error));
    QVERIFY(doc_->state() == before);
    QVERIFY2(window_->statusText().contains("Not taken as the baseline"),
             qPrintable(window_->statusText()));
}

// Every workspace but the measured runs has a Compare view; with a baseline each shows its
// families' comparisons, without errors for the default session.
void TestGuiCompare::everyWorkspaceCompares() {
    window_->compareMenu()->pin();
    int views = 0;
    for (auto* w : window_->workspaces()) {
        auto* view = compareView(w);
        if (w->id() == "runs") {
            QVERIFY(!view);
            continue;
        }
        QVERIFY2(view, qPrintable(w->id()));
        window_->showWorkspace(w);
        w->viewTabs()->setCurrentWidget(view);
        QVERIFY(!view->comparisons().empty());
        for (const auto& c : view->comparisons()) {
            QVERIFY2(c.error.empty(), c.error.c_str());
        }
        QVERIFY(view->table()->rowCount() > 0);
        ++views;
    }
    QCOMPARE(views, 6);
}

// A second tiling without pinning (Shift+click on the map): the breakdown differences the two,
// term by term, with the sentence; the map marks the other tiling; undo takes it back.
void TestGuiCompare::twoTilingsInTheBreakdown() {
    talg::Tiles other = doc_->state().tiles;
    other.time = 4; // 128 x 32, tT 4
    // The map's Shift+click, as the signal it sends.
    emit talg()->mapView()->compareTilesChosen(other);
    QVERIFY(doc_->state().baseline);
    QCOMPARE(doc_->state().baseline->tiles.time, std::int64_t(4));
    QCOMPARE(doc_->state().tiles.time, std::int64_t(2));
    // Both sides are named by their tiling (the GPU alone was the same on both).
    window_->statusBar()->clearMessage();
    QVERIFY2(
        window_->statusText().contains("vs baseline NVIDIA GeForce GTX 980, tiles 128×32, tT 4"),
        qPrintable(window_->statusText()));
    auto* b = talg()->breakdownView();
    talg()->viewTabs()->setCurrentWidget(b);
    QCOMPARE(b->table()->columnCount(), 7);
    QCOMPARE(b->table()->horizontalHeaderItem(1)->text(), QString("baseline"));
    QCOMPARE(b->table()->item(0, 0)->text(), QString("T_alg"));
    const SessionState& s = doc_->state();
    const auto ra = talg::evaluate(s.modelStencil(), s.problem, other, s.modelGpu(), s.variant);
    const auto rb = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QCOMPARE(b->table()->item(0, 1)->text(), QString::number(ra.tAlg, 'g', 10));
    QCOMPARE(b->table()->item(0, 2)->text(), QString::number(rb.tAlg, 'g', 10));
    QVERIFY(b->csv().contains("quantity,baseline,session,delta,delta_pct,unit,from"));
    QVERIFY2(b->csv().contains("Against the baseline (dashed): T_alg"),
             qPrintable(b->csv().left(400)));
    // The other tiling on the map: a dashed square with its legend entry.
    talg()->viewTabs()->setCurrentWidget(talg()->mapView());
    talg()->finishPendingWork();
    QCPGraph* mark = nullptr;
    for (int i = 0; i < talg()->mapView()->plot()->graphCount(); ++i) {
        if (talg()->mapView()->plot()->graph(i)->name() == "baseline tiling") {
            mark = talg()->mapView()->plot()->graph(i);
        }
    }
    QVERIFY(mark);
    QCOMPARE(mark->dataCount(), 1);
    QCOMPARE(mark->data()->at(0)->key, 4.0);
    // And on the roofline: the other tiling's point beside the session's.
    auto* roofline = talg()->findChild<widgets::StencilRooflineView*>();
    QVERIFY(roofline);
    talg()->viewTabs()->setCurrentWidget(roofline);
    QVERIFY(roofline->baselinePoint().has_value());
    QCOMPARE(roofline->baselinePoint()->tiles.time, std::int64_t(4));
    doc_->undoStack()->undo();
    QVERIFY(!doc_->state().baseline);
    talg()->viewTabs()->setCurrentWidget(b);
    QCOMPARE(b->table()->columnCount(), 4);
    // The same from a point of the sweep (Shift+click).
    emit talg()->sweepView()->compareTilesChosen(other);
    QVERIFY(doc_->state().baseline);
    QCOMPARE(doc_->state().baseline->tiles.time, std::int64_t(4));
}

// The baseline kernel's point on the regime map, where its GPU and kernel put it on the map's
// axes (the session's kernel with twice the computation moves right of it).
void TestGuiCompare::regimeMapMarksTheBaseline() {
    pinThenDoubleTheKernelsFp();
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    mwpWs->viewTabs()->setCurrentWidget(mwpWs->regimeMapView());
    QCustomPlot* plot = mwpWs->regimeMapView()->findChild<QCustomPlot*>("regimeMapPlot");
    QVERIFY(plot);
    QCPGraph* session = nullptr;
    QCPGraph* baseline = nullptr;
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == "baseline") {
            baseline = plot->graph(i);
        } else if (plot->graph(i)->name() == "session") {
            session = plot->graph(i);
        }
    }
    QVERIFY(session && baseline);
    QCOMPARE(baseline->dataCount(), 1);
    QVERIFY(session->data()->at(0)->key > baseline->data()->at(0)->key);
    QCOMPARE(session->data()->at(0)->value, baseline->data()->at(0)->value);
}

// Energy: the baseline's four terms beside the session's, and the sentence in those terms.
void TestGuiCompare::energyBreakdownBesideTheBaseline() {
    window_->compareMenu()->pin();
    SessionState s = doc_->state();
    s.energy.problem.tT = 4; // 16 x 64 x 4 instead of 16 x 64 x 8: more tiles, more transfers
    doc_->edit("tiles", s);
    auto* ws = window_->workspace<app::EnergyWorkspace>();
    window_->showWorkspace(ws);
    ws->viewTabs()->setCurrentWidget(ws->breakdownView());
    const auto& base = ws->breakdownView()->baselineEvaluation();
    QVERIFY(base && base->result);
    QCOMPARE(base->result->eAlg, energy::evaluateSettings(doc_->state().baseline->energy, s.gpu,
                                                          s.variant, std::nullopt)
                                     .result->eAlg);
    QVERIFY2(ws->breakdownView()->summary()->text().startsWith("Against the baseline (dashed): "
                                                               "E_alg +"),
             qPrintable(ws->breakdownView()->summary()->text()));
}

// Measured runs: the fit of the same runs with the baseline's C_iter and with the session's.
void TestGuiCompare::measuredRunsFitUnderBothSides() {
    const auto rep = importRuns(QString(CDX_SOURCE_PROFILES_DIR) +
                                    "/../resources/runs/synthetic-heat2d-gtx980.csv",
                                runs::ImportPolicy::AllOrNothing);
    QVERIFY(rep.committed);
    window_->compareMenu()->pin();
    QLineEdit* cIter = talg()->stencilEditor()->form()->field("c_iter_s");
    QVERIFY(cIter);
    cIter->setText("4e-08");
    emit cIter->editingFinished();
    auto* runsWs = window_->workspace<app::RunsWorkspace>();
    window_->showWorkspace(runsWs);
    const QString text = runsWs->runsView()->statsLabel()->text();
    QVERIFY2(text.contains("Against the baseline: with its GPU, stencil and variant RMSE"),
             qPrintable(text));
    // The two fits differ: C_iter moved every prediction.
    const QString a = text.section("RMSE ", 2, 2).section(',', 0, 0);
    const QString b = text.section("RMSE ", 3, 3).section(',', 0, 0);
    QVERIFY2(!a.isEmpty() && a != b, qPrintable(text));
}

// Top tilings ▸ Compare with…: the selected row's tiling becomes the baseline; without a
// selection the view says what to do and nothing changes.
void TestGuiCompare::compareWithFromTopTilings() {
    auto* top = talg()->topTilingsView();
    talg()->viewTabs()->setCurrentWidget(top);
    talg()->finishPendingWork();
    QTRY_VERIFY(top->table()->model()->rowCount() > 1);
    auto* button = top->findChild<QPushButton*>("compareWithSelected");
    QVERIFY(button);
    button->click();
    QVERIFY(!doc_->state().baseline);
    top->table()->setCurrentIndex(top->table()->model()->index(1, 0));
    button->click();
    QVERIFY(doc_->state().baseline);
    QVERIFY(!(doc_->state().baseline->tiles.space == doc_->state().tiles.space &&
              doc_->state().baseline->tiles.time == doc_->state().tiles.time));
}

// The map marks the baseline's exact optimum (its own whole-space search, once per baseline)
// where it lies on the slice, and says where it is otherwise.
void TestGuiCompare::mapMarksTheBaselineOptimum() {
    window_->compareMenu()->pin();
    setNSm(8);
    auto* map = talg()->mapView();
    talg()->viewTabs()->setCurrentWidget(map);
    map->finishPendingWork();
    QVERIFY(map->baselineOptimum());
    const SessionState& b = *doc_->state().baseline;
    search::SearchOptions o = search::withinOptions(0);
    o.maxWithin = 1;
    const auto r = search::searchTiles(b.modelStencil(), b.problem, b.modelGpu(), b.variant, o);
    QVERIFY(r.found);
    QCOMPARE(map->baselineOptimum()->tAlg, r.best.tAlg);
    QVERIFY(map->baselineOptimum()->tiles.space == r.best.tiles.space);
    QCOMPARE(map->baselineOptimum()->tiles.time, r.best.tiles.time);
    const QString note = map->noteText();
    QVERIFY2(note.contains("Baseline optimum (exact, its whole space)"), qPrintable(note));
    // On this slice (the session keeps the pinned tiles' tS1), it is drawn, dashed.
    const bool onSlice = r.best.tiles.space[0] == doc_->state().tiles.space[0];
    QCOMPARE(map->baselineOptimumShown(), onSlice);
    QVERIFY(note.contains(onSlice ? "dashed orange circle" : "not on this slice"));
    // The subtitle names the baseline; clearing it removes the mark and the note.
    window_->compareMenu()->clear();
    QVERIFY(!map->baselineOptimum());
    QVERIFY(!map->baselineOptimumShown());
}

// Die area & codesign: the baseline's design (the GTX 980 as pinned, 16 SMs) on the codesign
// plot with and without its caches, and on the Architecture view's plot and summary, each
// value core's own.
void TestGuiCompare::areaViewsPlaceTheBaselineDesign() {
    window_->compareMenu()->pin();
    setNSm(8);
    auto* ws = window_->workspace<app::AreaWorkspace>();
    window_->showWorkspace(ws);
    const SessionState& b = *doc_->state().baseline;
    const double ref = search::referenceTime(doc_->state());
    const search::PlacedDesign expected = search::placeDesign(b, ref);
    QCOMPARE(expected.architecture.nSm, std::int64_t(16));
    QVERIFY(expected.point.feasible);
    // Architecture view (synchronous).
    ws->viewTabs()->setCurrentWidget(ws->architectureView());
    auto* arch = ws->architectureView();
    QVERIFY(arch->baselineDesign());
    QCOMPARE(arch->baselineDesign()->point.weightedTime, expected.point.weightedTime);
    QCOMPARE(arch->baselineDesign()->areaWithCaches, expected.areaWithCaches);
    QCustomPlot* archPlot = arch->findChild<QCustomPlot*>("archPlot");
    QCPGraph* archBase = graphNamed(archPlot, "baseline (16 SMs");
    QVERIFY(archBase);
    QCOMPARE(archBase->dataCount(), 1);
    QCOMPARE(archBase->data()->at(0)->key, double(expected.point.nV));
    QCOMPARE(archBase->data()->at(0)->value, expected.point.speedup);
    QVERIFY2(arch->summary().contains("baseline: NVIDIA GeForce GTX 980: 16 SMs"),
             qPrintable(arch->summary()));
    // Codesign (in the background).
    ws->viewTabs()->setCurrentWidget(ws->codesignView());
    auto* cd = ws->codesignView();
    cd->finishPendingWork();
    QVERIFY(cd->baselineDesign());
    QCOMPARE(cd->baselineDesign()->point.speedup, expected.point.speedup);
    // The baseline is the GTX 980 as shipped: on that reference's line, and named so.
    QCPGraph* g = graphNamed(cd->plot(), "baseline (= the GTX 980 reference)");
    QVERIFY(g);
    QCOMPARE(g->dataCount(), 2);
    QCOMPARE(g->data()->at(0)->key, expected.areaCacheLess);
    QCOMPARE(g->data()->at(1)->key, expected.areaWithCaches);
    QCOMPARE(g->pen().style(), Qt::DashLine);
    QVERIFY(cd->csv().contains("# baseline: NVIDIA GeForce GTX 980: n_sm 16"));
}

// Energy vs time: the baseline's time-, energy- and EDP-optimal tilings beside the session's
// (on 8 SMs every tiling is slower); each equal to the session's own optima before the edit.
void TestGuiCompare::energyTimeShowsBothOptima() {
    auto* ws = window_->workspace<app::EnergyWorkspace>();
    window_->showWorkspace(ws);
    ws->viewTabs()->setCurrentWidget(ws->timeView());
    auto* view = ws->timeView();
    view->finishPendingWork();
    QVERIFY(view->result() && view->result()->found);
    const energy::EnergySearchResult before = *view->result();
    window_->compareMenu()->pin();
    SessionState s = doc_->state();
    auto& nSm = s.gpu.params["n_sm"];
    nSm.value = 8;
    nSm.edited = true;
    doc_->edit("fewer SMs", s);
    view->finishPendingWork();
    QVERIFY(view->baselineResult() && view->baselineResult()->found);
    const auto& b = *view->baselineResult();
    QCOMPARE(b.timeOptimal.tAlg, before.timeOptimal.tAlg);
    QCOMPARE(b.energyOptimal.eAlg, before.energyOptimal.eAlg);
    QCOMPARE(b.edpOptimal.edp, before.edpOptimal.edp);
    QVERIFY(view->result()->timeOptimal.tAlg > b.timeOptimal.tAlg);
    QCustomPlot* plot = view->findChild<QCustomPlot*>();
    QCPGraph* t = graphNamed(plot, "baseline's time-optimal");
    QVERIFY(t);
    QCOMPARE(t->dataCount(), 1);
    QCOMPARE(t->data()->at(0)->key, b.timeOptimal.tAlg);
    QVERIFY2(view->summary()->text().contains("Against baseline: NVIDIA GeForce GTX 980's optima: "
                                              "time-optimal T_alg"),
             qPrintable(view->summary()->text()));
    QVERIFY(view->csv().contains("\nbaseline_time_optimal,"));
}

// Power: the baseline's components beside the session's (core's watts), its GIPS/W sweep and
// optimum, core's sentence, and baseline | session | Δ columns in the CSV.
void TestGuiCompare::powerBesideTheBaseline() {
    pinThenDoubleTheKernelsFp();
    auto* ws = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(ws);
    ws->viewTabs()->setCurrentWidget(ws->powerView());
    auto* view = ws->powerView();
    QVERIFY(view->result());
    const SessionState& b = *doc_->state().baseline;
    const auto params = mwp::powerParamsOf(b.mwp.gpu);
    const auto r = mwp::power(b.mwp.device(), params, b.mwp.model(), b.mwp.variant);
    QVERIFY(!view->baselineBars().empty());
    int checked = 0;
    for (const auto& u : r.units) {
        if (params[u.unit] > 0) {
            QCOMPARE(view->baselineBars()[static_cast<std::size_t>(checked)].second, u.gpuWatts);
            ++checked;
        }
    }
    QVERIFY(checked > 3);
    QCOMPARE(view->baselineBars().back().second, params.idlePowerW);
    QVERIFY(view->baselineOptimum());
    QVERIFY2(view->summary()->text().contains("Against the baseline (hollow, dashed): "),
             qPrintable(view->summary()->text()));
    QVERIFY(view->csv().contains("component,baseline_watts,watts,delta_w,delta_pct"));
    QVERIFY(view->csv().contains("\nbaseline_active_sms,"));
}

// Matrix chains: the baseline's fused tree beside the session's, and S, the fused total and
// the reduction from both sides with core's sentence.
void TestGuiCompare::chainTreesSideBySide() {
    auto* ws = window_->workspace<app::ChainWorkspace>();
    window_->showWorkspace(ws);
    ws->viewTabs()->setCurrentWidget(ws->treesView());
    auto* view = ws->treesView();
    QVERIFY(!view->baselineTree()->isVisibleTo(view));
    window_->compareMenu()->pin();
    SessionState s = doc_->state();
    s.chain.memoryWords = s.chain.memoryWords / 16; // a smaller memory: less fusion pays
    doc_->edit("smaller memory", s);
    QVERIFY(view->baselineTree()->isVisibleTo(view));
    const QString totals = view->totals()->text();
    QVERIFY2(totals.contains("baseline: ") && totals.contains("fused total"), qPrintable(totals));
    QVERIFY(totals.contains(
        QString::fromStdString(
            chain::compareSessions(*doc_->state().baseline, doc_->state()).explanation)
            .toHtmlEscaped()));
    QVERIFY(view->csv().contains("# baseline: "));
    window_->compareMenu()->clear();
    QVERIFY(!view->baselineTree()->isVisibleTo(view));
}

// EATSS: the baseline's configuration and optimum (its own enumeration) against the session's.
void TestGuiCompare::eatssModelAgainstTheBaseline() {
    window_->compareMenu()->pin();
    SessionState s = doc_->state();
    s.eatss.options.split = 0.125;
    doc_->edit("split", s);
    auto* ws = window_->workspace<app::EatssWorkspace>();
    window_->showWorkspace(ws);
    ws->viewTabs()->setCurrentWidget(ws->modelView());
    auto* view = ws->modelView();
    QVERIFY(view->baseline());
    const auto expected = widgets::computeEatss(doc_->state().baseline->eatss);
    QVERIFY(expected.solution && expected.solution->feasible);
    QCOMPARE(view->baseline()->solution->objective, expected.solution->objective);
    const QString html = view->report()->toPlainText();
    QVERIFY2(html.contains("Against baseline: ") &&
                 html.contains(QStringLiteral("W = %1").arg(expected.solution->objective)),
             qPrintable(html));
    QVERIFY2(view->csv().contains("baseline_w,"), qPrintable(view->csv()));
}

// Issue 61: the session's map beside its baseline's, one figure. Each panel is what the view
// draws alone for that session at the panel's size; with shared scales the maps use one range.
void TestGuiCompare::composedPanelsEqualTheirViews() {
    QVERIFY(window_->openSession(
        QString(CDX_SOURCE_SESSIONS_DIR) + "/compare-fig4-table4-heat2d.cdx.json", nullptr, true));
    QVERIFY(doc_->state().baseline != nullptr);
    // A note on the session's map: on its panel, not on the baseline's.
    {
        auto* map = dynamic_cast<widgets::TileSpaceMapView*>(talg()->mapView());
        QVERIFY(map);
        widgets::Annotation a;
        a.x = 4;
        a.y = 32;
        a.tx = 8;
        a.ty = 40;
        a.text = "the session's note";
        QVERIFY(talg()->setAnnotations(*map, {a}, "Annotate"));
        QCoreApplication::processEvents();
    }
    app::Composition c;
    c.panels = {{"tile-space-map", false}, {"tile-space-map", true}, {"sweep", false}};
    c.sharedScales = false;
    app::ComposedFigure figure(window_->workspaces(), c, doc_->state());
    const QSize size(1500, 620);
    QImage composed(size, QImage::Format_ARGB32_Premultiplied);
    composed.fill(Qt::white);
    figure.renderTo(composed, size);
    for (std::size_t i = 0; i < c.panels.size(); ++i) {
        widgets::ExplorerView* view = figure.panelView(i);
        QVERIFY(view != nullptr);
        const QRect cell = figure.cellRect(i, size);
        QVERIFY(cell.width() > 400 && cell.height() > 500);
        if (c.panels[i].baseline) {
            widgets::suspendAnnotations(*view->widget(), true);
        }
        view->setSession(figure.panelSession(i));
        view->finishPendingWork();
        QPicture picture;
        view->renderTo(picture, cell.size());
        picture = QPicture();
        view->renderTo(picture, cell.size());
        QImage alone(cell.size(), QImage::Format_ARGB32_Premultiplied);
        alone.fill(Qt::white);
        {
            QPainter p(&alone);
            p.drawPicture(0, 0, picture);
        }
        if (c.panels[i].baseline) {
            widgets::suspendAnnotations(*view->widget(), false);
        }
        view->setSession(doc_->state());
        view->finishPendingWork();
        QVERIFY2(composed.copy(cell) == alone, qPrintable(QString("panel %1").arg(i + 1)));
    }
    // The session's view is given back its session: the map shows the session's slice again.
    auto* map = dynamic_cast<widgets::TileSpaceMapView*>(figure.panelView(0));
    QVERIFY(map);
    // Shared scales: during the drawing both maps use the union of their ranges, after it each
    // its own again.
    const auto own = map->colourRange();
    QVERIFY(own.has_value());
    map->setSession(*doc_->state().baseline);
    map->finishPendingWork();
    const auto baseline = map->colourRange();
    map->setSession(doc_->state());
    map->finishPendingWork();
    QVERIFY(baseline.has_value() && *baseline != *own);
    map->setColourRange(std::make_pair(std::min(own->first, baseline->first),
                                       std::max(own->second, baseline->second)));
    QCOMPARE(map->colourRange()->second, std::max(own->second, baseline->second));
    map->setColourRange(std::nullopt);
    QCOMPARE(*map->colourRange(), *own);
    // Headless: --export compose:... in every format; a baseline panel without a baseline and
    // an unknown view are refused with the reason.
    QTemporaryDir dir;
    for (const char* suffix : {"png", "pdf", "svg", "csv", "html"}) {
        const QString file = dir.filePath(QStringLiteral("composed.") + suffix);
        const QString error =
            app::writeExports(*window_, {"compose:tile-space-map,tile-space-map@baseline=" + file},
                              QSize(1400, 700), widgets::FigureStyle::Slide, std::nullopt);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(QFileInfo(file).size() > 500);
    }
    QCOMPARE(QImage(dir.filePath("composed.png")).size(), QSize(1400, 700));
    QFile csv(dir.filePath("composed.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    QVERIFY(text.contains("# panel 1: Tile-space map (the session)"));
    QVERIFY(text.contains("# panel 2: Tile-space map (the baseline)"));
    QVERIFY(app::writeExports(*window_, {"compose:tile-space-map,nosuch=" + dir.filePath("x.png")},
                              QSize(800, 400), widgets::FigureStyle::Screen, std::nullopt)
                .contains("unknown view 'nosuch'"));
    QVERIFY(app::writeExports(*window_, {"compose:tile-space-map=" + dir.filePath("x.png")},
                              QSize(800, 400), widgets::FigureStyle::Screen, std::nullopt)
                .contains("2 to 4 views"));
}

// The composition is saved in the session (one undoable edit), read back from its file, and a
// meeting pack takes it with views of several workspaces.
void TestGuiCompare::compositionTravelsWithTheSession() {
    QVERIFY(window_->openSession(
        QString(CDX_SOURCE_SESSIONS_DIR) + "/compare-fig4-table4-heat2d.cdx.json", nullptr, true));
    app::ComposeDialog dialog(*window_);
    dialog.titleField()->setText("The Fig. 4 slice beside the Table 4 optimum");
    dialog.viewChoice(0)->setCurrentIndex(dialog.viewChoice(0)->findData("tile-space-map"));
    dialog.sourceChoice(0)->setCurrentIndex(0);
    dialog.viewChoice(1)->setCurrentIndex(dialog.viewChoice(1)->findData("tile-space-map"));
    dialog.sourceChoice(1)->setCurrentIndex(1);
    dialog.layoutChoice()->setCurrentIndex(0);
    QVERIFY(!dialog.preview()->pixmap().isNull());
    const int steps = doc_->undoStack()->count();
    QVERIFY(dialog.saveInSession());
    QCOMPARE(doc_->undoStack()->count(), steps + 1);
    QStringList known;
    for (auto* w : window_->workspaces()) {
        for (auto* v : w->views()) {
            known << v->fileStem();
        }
    }
    const auto saved = app::compositionOf(doc_->state(), known);
    QVERIFY(saved.has_value());
    QCOMPARE(saved->title, QString("The Fig. 4 slice beside the Table 4 optimum"));
    QCOMPARE(app::panelsText(saved->panels), QString("tile-space-map,tile-space-map@baseline"));
    // Saved and opened again: the same composition.
    const QString path = tempPath("composed.cdx.json");
    doc_->saveAs(path);
    QVERIFY(window_->openSession(path, nullptr, true));
    QCOMPARE(app::compositionOf(doc_->state(), known), saved);
    // The meeting pack: the composition and views of two workspaces.
    QTemporaryDir dir;
    QStringList written;
    const QString error =
        app::writeMeetingPack(*window_, dir.path(), {"compose", "tile-space-map", "die-area"},
                              QSize(1280, 800), std::nullopt, &written);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(written.contains("compose.png") && written.contains("die-area.pdf"));
    QFile index(dir.filePath("index.html"));
    QVERIFY(index.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(index.readAll())
                .contains("Composed figure: The Fig. 4 slice beside the Table 4 optimum"));
    // Undo removes it; a bad panel list in a file is left out, never shown half.
    doc_->undoStack()->undo();
    SessionState bad = doc_->state();
    bad.view["compose.panels"] = "tile-space-map";
    QVERIFY(!app::compositionOf(bad, known).has_value());
}

CDX_GUI_TEST_MAIN(TestGuiCompare)
// Issue 46: the Line-up view of every workspace; GPUs added are one undoable edit each, the
// optima are found in the background and equal core's line-up (as `cdx lineup`), the line-up
// is saved with the session, and its CSV is one numeric table.
void TestGuiCompare::lineupOfGpusEqualsCore() {
    int views = 0;
    for (auto* w : window_->workspaces()) {
        for (auto* v : w->views()) {
            views += dynamic_cast<app::LineupView*>(v) != nullptr ? 1 : 0;
        }
    }
    QCOMPARE(views, 6); // every workspace but Measured runs
    app::LineupView* view = nullptr;
    for (auto* v : talg()->views()) {
        if (auto* l = dynamic_cast<app::LineupView*>(v)) {
            view = l;
        }
    }
    QVERIFY(view);
    talg()->viewTabs()->setCurrentWidget(view->widget()); // a hidden view updates when shown
    QCoreApplication::processEvents();
    QVERIFY(!view->result());
    QVERIFY2(view->sentence().contains("2 to 12 sides"), qPrintable(view->sentence()));
    // No result: the reason once, centred in the plot, with no empty axes (issue 45).
    QVERIFY(!view->plot()->xAxis->visible());
    QVERIFY(!view->plot()->yAxis->visible());
    QCOMPARE(view->plot()->itemCount(), 1);
    QVERIFY(qobject_cast<QCPItemText*>(view->plot()->item(0))->text().contains("2 to 12"));
    const int before = doc_->undoStack()->count();
    for (const char* id : {"gtx980", "a100-sxm4", "h100-sxm5"}) {
        view->addGpu(loadGpuProfile(id));
    }
    QCOMPARE(doc_->undoStack()->count(), before + 3);
    QCOMPARE(doc_->state().lineup.size(), std::size_t{3});
    // The view's own GPU list lists the GPU descriptions (it listed none: kind "gpu"), and a GPU
    // already lined up as it is is not added twice.
    auto* own = view->widget()->findChild<QComboBox*>("lineupGpu");
    QVERIFY(own);
    QVERIFY(own->findData("rtx4090") >= 0 && own->findData("gtx980") >= 0);
    view->addGpuById("gtx980");
    QCOMPARE(doc_->state().lineup.size(), std::size_t{3});
    QCOMPARE(doc_->undoStack()->count(), before + 3);
    view->finishPendingWork();
    QVERIFY(view->result());
    QVERIFY(view->plot()->xAxis->visible());
    std::vector<SessionState> sides;
    for (const auto& e : doc_->state().lineup) {
        sides.push_back(lineupSide(doc_->state(), e));
    }
    const lineup::Lineup core = lineup::lineUp(sides, "talg", true);
    QCOMPARE(view->result()->sides.size(), core.sides.size());
    for (std::size_t i = 0; i < core.sides.size(); ++i) {
        QCOMPARE(*view->result()->sides[i].value("T_alg"), *core.sides[i].value("T_alg"));
        QCOMPARE(view->result()->sides[i].optimum, core.sides[i].optimum);
    }
    QCOMPARE(view->table()->rowCount(), 3);
    QVERIFY(view->sentence().startsWith("Lowest T_alg: NVIDIA H100 SXM5 80 GB"));
    // Issue 61: a log axis and each side's speed-up relative to a chosen side (the GTX 980's
    // 9.9 s squashed the H100's 0.77 s into a sliver on the linear axis).
    QComboBox* scale = view->scaleChoice();
    QCOMPARE(scale->count(), 2 + 3); // linear, log, a speed-up per side
    scale->setCurrentIndex(scale->findData("log"));
    QCOMPARE(view->plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(view->plot()->xAxis->range().lower > 0);
    QVERIFY(view->plot()->xAxis->range().lower <= *core.sides[2].value("T_alg"));
    scale->setCurrentIndex(scale->findData("speedup:NVIDIA GeForce GTX 980"));
    const auto speed = view->barValues();
    QCOMPARE(speed.size(), std::size_t{3});
    QCOMPARE(*speed[0], 1.0);
    for (std::size_t i = 0; i < 3; ++i) { // how many times faster than the GTX 980
        QCOMPARE(*speed[i], *core.sides[0].value("T_alg") / *core.sides[i].value("T_alg"));
    }
    QVERIFY(*speed[2] > 10);
    QVERIFY(view->plot()->xAxis->label().startsWith("speed-up of T_alg vs NVIDIA GeForce GTX 980"));
    QCOMPARE(view->plot()->xAxis->scaleType(), QCPAxis::stLinear);
    // Kept with the session's view state, and read back.
    widgets::ExplorerView::ViewState state;
    view->saveViewState(state, "lineup");
    QCOMPARE(state.at("lineup.scale"), std::string("speedup:NVIDIA GeForce GTX 980"));
    scale->setCurrentIndex(0);
    view->restoreViewState(state, "lineup");
    QCOMPARE(scale->currentData().toString(), QString("speedup:NVIDIA GeForce GTX 980"));
    state["lineup.scale"] = "speedup:no such side"; // no side of that name: linear
    scale->setCurrentIndex(0);
    view->restoreViewState(state, "lineup");
    QCOMPARE(scale->currentData().toString(), QString("linear"));
    // Its CSV: a header of numbers after the text columns, one row per side.
    const QStringList lines = view->csv().split('\n', Qt::SkipEmptyParts);
    QStringList rows;
    for (const QString& l : lines) {
        if (!l.startsWith('#')) {
            rows << l;
        }
    }
    QCOMPARE(rows.size(), 4);
    QVERIFY(rows.front().startsWith("side,label,optimum,error,T_alg"));
    // The footnote names the sides and says they are outside the calibration (today's GPUs).
    const widgets::FigureOptions o = talg()->figureOptions(*view);
    QVERIFY2(o.footnote.startsWith("Line-up of 3 sides: NVIDIA GeForce GTX 980"),
             qPrintable(o.footnote));
    QVERIFY(o.outside);
    // Saved with the session; undo removes the last side.
    const SessionState back = sessionFromJson(sessionToJson(doc_->state()), "lineup.cdx.json");
    QCOMPARE(back.lineup.size(), std::size_t{3});
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().lineup.size(), std::size_t{2});
    view->finishPendingWork();
    QCOMPARE(view->result()->sides.size(), std::size_t{2});
    // The GPU editor's list: "Add to Line-up" in its context menu adds the GPU chosen there.
    QAction* add = nullptr;
    QComboBox* list = nullptr;
    for (QDockWidget* dock : talg()->docks()) {
        for (QComboBox* box : dock->findChildren<QComboBox*>()) {
            for (QAction* a : box->actions()) {
                if (a->objectName() == "addToLineup") {
                    add = a;
                    list = box;
                }
            }
        }
    }
    QVERIFY(add && list);
    QCOMPARE(list->contextMenuPolicy(), Qt::ActionsContextMenu);
    const int rtx = list->findData("rtx4090");
    QVERIFY(rtx >= 0);
    {
        const QSignalBlocker quiet(list); // chosen for the menu, not made the session's GPU
        list->setCurrentIndex(rtx);
    }
    add->trigger();
    QCOMPARE(doc_->state().lineup.size(), std::size_t{3});
    QCOMPARE(QString::fromStdString(doc_->state().lineup.back().gpu->id), QString("rtx4090"));
}

// Issue 55: the die-area line-up of GPUs puts each at its chip's own node, whatever the
// session's (the window put the GTX 980 at the session's 5 nm, 50 mm2; the CLI at 28 nm): the
// same areas as `cdx area --gpu` (core's areaBreakdown at area::chipNode). "28 nm for all"
// puts every side there; the title and the table say which.
void TestGuiCompare::lineupAreaAtEachChipsNode() {
    auto* area = window_->workspace<app::AreaWorkspace>();
    QVERIFY(area);
    window_->showWorkspace(area);
    app::LineupView* view = nullptr;
    for (auto* v : area->views()) {
        if (auto* l = dynamic_cast<app::LineupView*>(v)) {
            view = l;
        }
    }
    QVERIFY(view);
    area->viewTabs()->setCurrentWidget(view->widget());
    SessionState at5 = doc_->state();
    at5.areaNode = 5; // the session's own node: not the GTX 980's
    doc_->edit("node 5", at5);
    for (const char* id : {"gtx980", "h100-sxm5"}) {
        view->addGpu(loadGpuProfile(id));
    }
    const int family = view->familyChoice()->findData("area");
    QVERIFY(family >= 0);
    view->familyChoice()->setCurrentIndex(family);
    QComboBox* setting = view->chipSettingChoice();
    QVERIFY(!setting->isHidden());
    QCOMPARE(setting->currentData().toInt(), -1); // each chip's own node
    view->finishPendingWork();
    QVERIFY(view->result());
    const auto expected = [](const char* id, std::optional<int> node) {
        SessionState s = defaultSession();
        s.gpu = loadGpuProfile(id);
        s.areaNode = node ? *node : area::chipNode(s.gpu).value_or(area::kCalibrationNode);
        return area::areaBreakdown(s.architecture(), s.areaSet(), s.areaForm).total;
    };
    QCOMPARE(*view->result()->sides[0].value("total_mm2"), expected("gtx980", std::nullopt));
    QCOMPARE(*view->result()->sides[1].value("total_mm2"), expected("h100-sxm5", std::nullopt));
    QCOMPARE(*view->result()->sides[0].value("node.nm"), 28.0);
    QCOMPARE(*view->result()->sides[1].value("node.nm"), 5.0);
    QVERIFY2(view->csv().contains("each GPU at its chip's own node"), qPrintable(view->csv()));
    // One node for all.
    setting->setCurrentIndex(setting->findData(28));
    view->finishPendingWork();
    QCOMPARE(*view->result()->sides[1].value("total_mm2"), expected("h100-sxm5", 28));
    QCOMPARE(QString::fromStdString(view->result()->settings), QString("every side at 28 nm"));
    bool header = false;
    for (int c = 0; c < view->table()->columnCount(); ++c) {
        header = header || view->table()->horizontalHeaderItem(c)->text() == "setting";
    }
    QVERIFY(header);
}

// Issue 55: "Pinned the current configuration as the baseline" stayed in the status line after
// Ctrl+Z unpinned it. Undo and redo say what they undid and redid.
void TestGuiCompare::undoAnswersInTheStatusLine() {
    window_->compareMenu()->pin();
    QVERIFY(doc_->state().baseline);
    QVERIFY(window_->statusBar()->currentMessage().startsWith("Pinned"));
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    for (QAction* a : window_->findChildren<QAction*>()) {
        if (a->shortcuts().contains(QKeySequence(QKeySequence::Undo))) {
            undo = a;
        }
        if (a->shortcuts().contains(QKeySequence(QKeySequence::Redo))) {
            redo = a;
        }
    }
    QVERIFY(undo && redo);
    undo->trigger();
    QVERIFY(!doc_->state().baseline);
    QCOMPARE(window_->statusBar()->currentMessage(), QString("Undone: Pin as baseline"));
    redo->trigger();
    QVERIFY(doc_->state().baseline);
    QCOMPARE(window_->statusBar()->currentMessage(), QString("Redone: Pin as baseline"));
}

#include "test_gui_compare.moc"
