// SPDX-License-Identifier: GPL-3.0-or-later
// The talg workspace's GUI suite (offscreen): its views equal core, edits are undoable,
// bad input keeps the state.

#include "area/architecture_view.hpp"
#include "area/area_model.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/glossary_tip.hpp"
#include "common/job_progress.hpp"
#include "common/number_format.hpp"
#include "common/parameter_form.hpp"
#include "common/plot_layout.hpp"
#include "common/view_export.hpp"
#include "glossary/glossary.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/bottleneck_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/power_model.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "runs/run_stats.hpp"
#include "runs/runs_view.hpp"
#include "search/codesign.hpp"
#include "search/roofline.hpp"
#include "search/tile_search.hpp"
#include "search/tile_space.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/roofline_view.hpp"
#include "talg/search_job.hpp"
#include "talg/stencil_editor.hpp"
#include "talg/sweep_view.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/tiling_editor.hpp"
#include "talg/tiling_geometry_view.hpp"
#include "talg/top_tilings_view.hpp"
#include "talg/variant_editor.hpp"
#include "workspaces/area_workspace.hpp"
#include "workspaces/mwp_workspace.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUndoStack>
#include <QtTest>
#include <map>
#include <qcustomplot.h>

using namespace cdx;

namespace {
QString TilingEditorRefusal(int index, std::int64_t value) {
    return widgets::TilingEditor::refusal(2, index, value, 8192);
}
} // namespace

class TestGuiTalg : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("talg"); }
    void nearZeroPartsKeepClearOfTheAxis();
    void cleanup() { closeWindow(); }
    void defaultSessionOpens();
    void threadsAndHidingInTheWindow();
    void breakdownRowsExplainThemselves();
    void statusLineEqualsCore();
    void mapMinimumEqualsOptimize();
    void sliderUpdatesViews();
    void sliderDragIsOneUndoStep();
    void mapClickSetsTiling();
    void undoRestores();
    void saveLoadRoundTrip();
    void invalidSessionKeepsState();
    void invalidFieldKeepsState_data();
    void invalidFieldKeepsState();
    void parameterEditIsMarked();
    void editedSetIsLabelledEverywhere();
    void typedProblemSizeIsTakenOrRefused_data();
    void typedProblemSizeIsTakenOrRefused();
    void typedTileIsTakenOrRefused_data();
    void typedTileIsTakenOrRefused();
    void slidersMoveInValidStepsOverFeasibleRange();
    void typedTextThatIsNoIntegerIsRefused_data();
    void typedTextThatIsNoIntegerIsRefused();
    void variantChangeUpdatesStatus();
    void stencilChangeTo3D();
    void topTilingsMatchSearch();
    void rooflineEqualsCore();
    void mapExportsVectorCells();
    void mapWithoutFeasibleCellShowsNoOldScale();
    void longNamesAreElidedNotCut();
    void optimalTilesOffThread();
    void longSearchSaysSoAndCancels();

private:
    app::TalgWorkspace* talg() const { return window_->workspace<app::TalgWorkspace>(); }
    app::AreaWorkspace* area() const { return window_->workspace<app::AreaWorkspace>(); }
    app::MwpWorkspace* mwp() const { return window_->workspace<app::MwpWorkspace>(); }
    app::RunsWorkspace* runsWs() const { return window_->workspace<app::RunsWorkspace>(); }
};

// Issue 31: hovering a quantity of the breakdown table shows its glossary entry (what the
// symbol means, its equation and source), the same as `cdx glossary KEY`.
void TestGuiTalg::breakdownRowsExplainThemselves() {
    auto* view = window_->workspace<app::TalgWorkspace>()->breakdownView();
    window_->workspace<app::TalgWorkspace>()->viewTabs()->setCurrentWidget(view);
    QTableWidget* table = view->table();
    QVERIFY(table->rowCount() >= 20);
    const auto rows = talg::breakdownEntries(
        talg::evaluate(doc_->state().modelStencil(), doc_->state().problem, doc_->state().tiles,
                       doc_->state().modelGpu(), doc_->state().variant),
        doc_->state().problem.dim);
    QCOMPARE(table->rowCount(), static_cast<int>(rows.size()));
    for (int i = 0; i < table->rowCount(); ++i) {
        const auto& key = rows[static_cast<std::size_t>(i)].key;
        const QString tip = table->item(i, 0)->toolTip();
        QCOMPARE(tip, widgets::glossaryTip(key, "talg"));
        QVERIFY2(tip.contains(
                     QString::fromStdString(glossary::find(key, "talg")->meaning).toHtmlEscaped()),
                 key.c_str());
    }
}

void TestGuiTalg::defaultSessionOpens() {
    const SessionState& s = doc_->state();
    QCOMPARE(QString::fromStdString(s.gpu.id), QString("gtx980"));
    QCOMPARE(QString::fromStdString(s.stencil.id), QString("heat2d"));
    QCOMPARE(s.problem.space[0], 8192);
    QCOMPARE(s.tiles.space[0], 128); // spec 2.6 geometric full-space optimum
    QVERIFY(window_->windowTitle().contains("Codesign Explorer"));
    QCOMPARE(talg()->viewTabs()->count(), 9); // six views, Compare, Line-up, How far to trust
    QCOMPARE(talg()->tilingEditor()->spinBox(0)->value(), 128);
    QCOMPARE(talg()->tilingEditor()->spinBox(1)->value(), 32);
    QCOMPARE(talg()->tilingEditor()->spinBox(3)->value(), 2);
}

void TestGuiTalg::statusLineEqualsCore() {
    // The status line's T_alg equals `cdx talg` (core) for the same point.
    const SessionState& s = doc_->state();
    const auto r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(window_->statusText().contains(widgets::formatSeconds(r.tAlg)));
    QVERIFY(window_->statusText().contains("9.934548 s"));
    QVERIFY(window_->statusText().contains("k = 2"));
    QVERIFY(window_->statusText().contains("compute-bound"));
    QVERIFY(window_->statusText().contains("pitch=geometric"));
}

void TestGuiTalg::mapMinimumEqualsOptimize() {
    // The default tiling is the optimum, so the slice through it holds optimize's best.
    const SessionState& s = doc_->state();
    const auto best = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant);
    const auto& grid = talg()->mapView()->grid();
    QVERIFY(grid.hasMinimum);
    QCOMPARE(grid.cells[grid.minimumCell].tiles, best.best.tiles);
    QCOMPARE(grid.minimum, best.best.tAlg);
}

void TestGuiTalg::sliderUpdatesViews() {
    talg()->tilingEditor()->spinBox(0)->setValue(8); // tS1 = 8: PPoPP'17 Fig. 4 slice
    QCOMPARE(doc_->state().tiles.space[0], 8);
    const SessionState& s = doc_->state();
    search::SearchOptions opt;
    opt.fixedSpace[0] = 8;
    const auto slice =
        search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant, opt);
    const auto& grid = talg()->mapView()->grid();
    QCOMPARE(grid.cells[grid.minimumCell].tiles, slice.best.tiles);
    QVERIFY(std::abs(grid.minimum - 9.9885) < 0.00005); // spec 2.6 slice minimum
    const auto r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(window_->statusText().contains(widgets::formatSeconds(r.tAlg)));
    QCOMPARE(talg()->mapView()->sliceSlider(0)->value(), 8);
    // Hidden views catch up when shown.
    talg()->viewTabs()->setCurrentWidget(talg()->breakdownView());
    QVERIFY(talg()->breakdownView()->table()->rowCount() > 10);
}

void TestGuiTalg::sliderDragIsOneUndoStep() {
    QSlider* slider = talg()->tilingEditor()->slider(0);
    const int before = doc_->undoStack()->count();
    slider->setSliderDown(true);
    for (int v : {100, 90, 80, 70}) {
        slider->setValue(v);
    }
    slider->setSliderDown(false);
    QCOMPARE(doc_->state().tiles.space[0], 70);
    QCOMPARE(doc_->undoStack()->count(), before + 1);
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().tiles.space[0], 128);
}

void TestGuiTalg::mapClickSetsTiling() {
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    QCustomPlot* plot = talg()->mapView()->plot();
    plot->replot();
    const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(4)),
                    static_cast<int>(plot->yAxis->coordToPixel(64)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QCOMPARE(doc_->state().tiles.time, 4);
    QCOMPARE(doc_->state().tiles.space[1], 64);
    QVERIFY(talg()->mapView()->describeCellAt(4, 64).contains("T_alg"));
    QVERIFY(talg()->mapView()->describeCellAt(58, 544).contains("infeasible"));
}

void TestGuiTalg::undoRestores() {
    const SessionState before = doc_->state();
    talg()->tilingEditor()->spinBox(3)->setValue(8);
    talg()->variantEditor()->pitchBox()->setCurrentIndex(1);
    emit talg()->variantEditor()->pitchBox()->activated(1);
    QCOMPARE(doc_->state().variant.pitch, talg::Pitch::Paper);
    QCOMPARE(doc_->state().tiles.time, 8);
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QVERIFY(doc_->state() == before);
    QCOMPARE(talg()->tilingEditor()->spinBox(3)->value(), 2);
    doc_->undoStack()->redo();
    QCOMPARE(doc_->state().tiles.time, 8);
    QVERIFY(window_->windowTitle().contains("*"));
}

void TestGuiTalg::saveLoadRoundTrip() {
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    talg()->gpuEditor()->form()->field("n_sm")->setText("20");
    emit talg()->gpuEditor()->form()->field("n_sm")->editingFinished();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    const SessionState saved = doc_->state();
    QTemporaryDir dir;
    const QString path = dir.filePath("s.cdx.json");
    doc_->saveAs(path);
    QVERIFY(!doc_->isModified());
    doc_->reset(defaultSession());
    QVERIFY(window_->openSession(path, nullptr, true));
    SessionState onScreen = saved; // the file also says what was on screen (format 2)
    onScreen.view = doc_->state().view;
    onScreen.workspace = doc_->state().workspace;
    QVERIFY(!onScreen.view.empty());
    QVERIFY(doc_->state() == onScreen);
    QCOMPARE(talg()->tilingEditor()->spinBox(0)->value(), 8);
    QCOMPARE(talg()->gpuEditor()->form()->field("n_sm")->text(), QString("20"));
}

void TestGuiTalg::invalidSessionKeepsState() {
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    const SessionState before = doc_->state();
    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.cdx.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"schema\": \"codesign-explorer-session\", \"version\": 1, \"gpu\": ");
    bad.close();
    QString error;
    QVERIFY(!window_->openSession(bad.fileName(), &error, true));
    QVERIFY2(error.contains("bad.cdx.json") && error.contains("line"), qPrintable(error));
    QVERIFY(doc_->state() == before);
    QVERIFY(!window_->openSession(dir.filePath("missing.cdx.json"), &error, true));
    QVERIFY(doc_->state() == before);
}

void TestGuiTalg::invalidFieldKeepsState_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text");
    QTest::newRow("negative n_sm") << "n_sm"
                                   << "-3";
    QTest::newRow("fractional n_sm") << "n_sm"
                                     << "2.5";
    QTest::newRow("not a number") << "l_s_per_gb"
                                  << "abc";
    QTest::newRow("NaN") << "tau_sync_s"
                         << "nan";
    QTest::newRow("empty required value") << "n_v"
                                          << "";
}

void TestGuiTalg::invalidFieldKeepsState() {
    QFETCH(QString, key);
    QFETCH(QString, text);
    const SessionState before = doc_->state();
    const int steps = doc_->undoStack()->count();
    auto* form = talg()->gpuEditor()->form();
    QLineEdit* field = form->field(key.toStdString());
    const QString shown = field->text();
    field->setText(text);
    emit field->editingFinished();
    QVERIFY(doc_->state() == before);
    QCOMPARE(doc_->undoStack()->count(), steps);
    QVERIFY2(form->lastError().contains(key), qPrintable(form->lastError()));
    // The refused text stays, marked, for the user to correct (issue 28); the value is the last
    // valid one, which the field shows again when the session changes.
    QCOMPARE(field->text(), text);
    QVERIFY(field->property("refused").toBool());
    doc_->undoStack()->setIndex(doc_->undoStack()->index()); // nothing to undo here
    QVERIFY(!shown.isEmpty());
}

void TestGuiTalg::parameterEditIsMarked() {
    auto* form = talg()->stencilEditor()->form();
    form->field("c_iter_s")->setText("4e-8");
    emit form->field("c_iter_s")->editingFinished();
    QCOMPARE(doc_->state().gpu.cIterByStencil.at("heat2d").value.value(), 4e-8);
    QVERIFY(doc_->state().gpu.cIterByStencil.at("heat2d").edited);
    QVERIFY(form->findChildren<QLabel*>().size() > 0);
    bool marked = false;
    for (auto* label : form->findChildren<QLabel*>()) {
        marked = marked || (label->text().startsWith("c_iter_s") && label->text().contains("•"));
    }
    QVERIFY(marked);
}

void TestGuiTalg::typedProblemSizeIsTakenOrRefused_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("value");
    QTest::addColumn<bool>("taken");
    QTest::newRow("S1 4096") << "S1" << 4096 << true;
    QTest::newRow("T 100") << "T" << 100 << true;
    QTest::newRow("S1 0") << "S1" << 0 << false;
    QTest::newRow("S2 -5") << "S2" << -5 << false;
    QTest::newRow("T 2^31-1 beyond 2^30") << "T" << 2147483647 << false;
}

void TestGuiTalg::typedProblemSizeIsTakenOrRefused() {
    QFETCH(QString, field);
    QFETCH(int, value);
    QFETCH(bool, taken);
    auto* editor = talg()->stencilEditor();
    auto* box = editor->findChild<QSpinBox*>(field);
    QVERIFY(box);
    const SessionState before = doc_->state();
    box->setValue(value);
    const auto& p = doc_->state().problem;
    const std::int64_t now = field == "T" ? p.time : p.space[field == "S1" ? 0 : 1];
    if (taken) {
        QCOMPARE(now, std::int64_t(value));
        QVERIFY(editor->problemError().isEmpty());
    } else {
        QVERIFY(doc_->state() == before);
        QVERIFY2(editor->problemError().contains(field + " = " + QString::number(value)),
                 qPrintable(editor->problemError()));
        QVERIFY(editor->problemError().contains("[1, 1073741824]"));
        QCOMPARE(box->value(), field == "T" ? int(before.problem.time)
                                            : int(before.problem.space[field == "S1" ? 0 : 1]));
    }
}

void TestGuiTalg::typedTileIsTakenOrRefused_data() {
    QTest::addColumn<int>("index"); // 0..2 tS1..tS3, 3 tT
    QTest::addColumn<int>("value");
    QTest::addColumn<QString>("reason"); // empty: taken exactly as typed
    QTest::newRow("tT 8 taken") << 3 << 8 << QString();
    QTest::newRow("tS2 64 taken") << 1 << 64 << QString();
    QTest::newRow("tS1 7 taken") << 0 << 7 << QString();
    QTest::newRow("tT 7 odd") << 3 << 7 << "must be even";
    QTest::newRow("tT 3 odd") << 3 << 3 << "must be even";
    QTest::newRow("tT -5 negative") << 3 << -5 << "must be in [2, 8192]";
    QTest::newRow("tS2 100 not warps") << 1 << 100 << "multiple of 32";
    QTest::newRow("tS1 0") << 0 << 0 << "must be in [1, 8192]";
    QTest::newRow("tS1 99999 beyond S1") << 0 << 99999 << "must be in [1, 8192]";
}

// A typed value is taken as typed or refused with the reason beside the fields; never changed
// into another value (before: -5 became 6, 3 became 4, 99999 became 1000).
void TestGuiTalg::typedTileIsTakenOrRefused() {
    QFETCH(int, index);
    QFETCH(int, value);
    QFETCH(QString, reason);
    auto* editor = talg()->tilingEditor();
    const SessionState before = doc_->state();
    editor->spinBox(index)->setValue(value);
    const std::int64_t now =
        index == 3 ? doc_->state().tiles.time : doc_->state().tiles.space[std::size_t(index)];
    if (reason.isEmpty()) {
        QCOMPARE(now, std::int64_t(value));
        QVERIFY(editor->lastError().isEmpty());
    } else {
        QVERIFY(doc_->state() == before);
        QVERIFY2(editor->lastError().contains(reason), qPrintable(editor->lastError()));
        QVERIFY(editor->lastError().contains(QString::number(value)));
        const std::int64_t shown = editor->spinBox(index)->value();
        QCOMPARE(shown, index == 3 ? before.tiles.time : before.tiles.space[std::size_t(index)]);
    }
}

// The sliders stand for valid sizes only and span the feasible range: one short drag of tS2
// no longer jumps from 32 to 992.
void TestGuiTalg::slidersMoveInValidStepsOverFeasibleRange() {
    auto* editor = talg()->tilingEditor();
    const SessionState& s = doc_->state();
    int checked = 0;
    for (int i : {0, 1, 3}) {
        QSlider* slider = editor->slider(i);
        const std::int64_t largest = search::largestFeasibleTileSize(s.modelStencil(), s.problem,
                                                                     s.modelGpu(), s.variant, i);
        QVERIFY(largest > 0);
        const std::int64_t top = editor->sliderTileSize(i, slider->maximum());
        QVERIFY2(
            top >= largest && top <= largest + std::max<std::int64_t>(32, largest / 4),
            qPrintable(
                QStringLiteral("%1: top %2, largest feasible %3").arg(i).arg(top).arg(largest)));
        for (int pos = slider->minimum(); pos <= slider->maximum(); ++pos) {
            QVERIFY(TilingEditorRefusal(i, editor->sliderTileSize(i, pos)).isEmpty());
            ++checked;
        }
    }
    // Every tiling beyond the largest feasible tS2 (others minimal) is infeasible.
    talg::Tiles t{{1, 32, 1}, 2};
    t.space[1] =
        search::largestFeasibleTileSize(s.modelStencil(), s.problem, s.modelGpu(), s.variant, 1) +
        32;
    QVERIFY(!talg::evaluate(s.modelStencil(), s.problem, t, s.modelGpu(), s.variant).feasible);
    QVERIFY(checked > 50);
}

void TestGuiTalg::variantChangeUpdatesStatus() {
    talg()->tilingEditor()->spinBox(0)->setValue(1);
    talg()->tilingEditor()->spinBox(1)->setValue(640);
    QComboBox* pitch = talg()->variantEditor()->pitchBox();
    pitch->setCurrentIndex(pitch->findData("paper"));
    emit pitch->activated(pitch->currentIndex());
    // spec 2.6: the degenerate paper-pitch optimum, below T_ideal.
    QVERIFY(window_->statusText().contains("5.096090 s"));
    QVERIFY(window_->statusText().contains("pitch=paper"));
    QVERIFY(window_->statusText().contains("below T_ideal"));
}

void TestGuiTalg::stencilChangeTo3D() {
    auto* combo = talg()->stencilEditor()->findChild<QComboBox*>("stencilProfile");
    combo->setCurrentIndex(combo->findData("heat3d"));
    emit combo->activated(combo->currentIndex());
    const SessionState& s = doc_->state();
    QCOMPARE(s.problem.dim, 3);
    QCOMPARE(s.problem.space[2], 512);
    const auto best = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant);
    QCOMPARE(s.tiles, best.best.tiles);
    QCOMPARE(talg()->mapView()->grid().innerIndex, 2);
    QVERIFY(window_->statusText().contains("T_alg"));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().problem.dim, 2);
}

void TestGuiTalg::topTilingsMatchSearch() {
    auto* top = talg()->topTilingsView();
    talg()->viewTabs()->setCurrentWidget(top);
    QTRY_VERIFY_WITH_TIMEOUT(!top->busy(), 20000);
    QCoreApplication::processEvents();
    const SessionState& s = doc_->state();
    const auto r = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                       search::withinOptions(s.within));
    QCOMPARE(top->result().within.size(), r.within.size());
    QCOMPARE(top->result().best.tiles, r.best.tiles);
    QVERIFY(top->csv().count('\n') == static_cast<qsizetype>(r.within.size()) + 2);
}

// The roofline view: core's ceilings and the current tiling's point, the cloud = the tilings
// within X % of the optimum (searched off the GUI thread), redrawn when the tiling changes; the
// profiles' sources are shown.
void TestGuiTalg::rooflineEqualsCore() {
    auto* view = talg()->rooflineView();
    talg()->viewTabs()->setCurrentWidget(view);
    QTRY_VERIFY_WITH_TIMEOUT(!view->busy(), 20000);
    QCoreApplication::processEvents();
    const SessionState& s = doc_->state();
    const auto c = search::rooflineCeilings(s.modelStencil(), s.modelGpu(), s.variant);
    const auto pt =
        search::rooflinePoint(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(view->ceilings().has_value() && view->current().has_value());
    QCOMPARE(view->ceilings()->peakPointsPerS, c.peakPointsPerS);
    QCOMPARE(view->ceilings()->bandwidthBytesPerS, c.bandwidthBytesPerS);
    QCOMPARE(view->current()->pointsPerS, pt.pointsPerS);
    QCOMPARE(view->current()->intensity, pt.intensity);
    // The values a lesson quotes ({roofline:NAME}) are the view's, in the units it prints.
    {
        std::map<std::string, compare::ComparedValue> q;
        for (const auto& v : search::rooflineOfSession(s).values) {
            q[v.name] = v;
        }
        QCOMPARE(*q.at("intensity").b, view->current()->intensity);
        QCOMPARE(*q.at("gpoints_s").b, view->current()->pointsPerS / 1e9);
        QCOMPARE(*q.at("peak_gpoints_s").b, view->ceilings()->peakPointsPerS / 1e9);
        QCOMPARE(*q.at("ridge").b, view->ceilings()->ridgePointsPerByte);
        QCOMPARE(q.at("regime").textB,
                 std::string(view->current()->intensity < view->ceilings()->ridgePointsPerByte
                                 ? "memory_bound"
                                 : "compute_bound"));
    }
    const auto r = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                       search::withinOptions(s.within));
    QCOMPARE(view->cloud().size(),
             std::min(r.within.size(), widgets::StencilRooflineView::kMaxCloud));
    QCOMPARE(view->cloud().front().tiles, r.within.front().tiles);
    QVERIFY(view->sources()->text().contains("PPoPP'17 Table 3"));
    QVERIFY(view->sources()->text().contains("points, not FLOPs")); // Heat 2D has no FLOP count
    QVERIFY(view->summary()->text().contains("Gpoints/s"));
    QCOMPARE(view->plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    // Squeezed (a laptop's window beside a lesson's panel, under the calibration banner), the
    // axes keep their height and the page scrolls (issue 62: they were 60 px under six legend
    // rows).
    {
        const QSize before = window_->size();
        window_->resize(900, 420);
        for (int i = 0; i < 5; ++i) {
            QCoreApplication::processEvents();
            view->plot()->replot();
        }
        QTRY_VERIFY2(view->plot()->axisRect()->rect().height() >= 200,
                     qPrintable(QString::number(view->plot()->axisRect()->rect().height())));
        window_->resize(before);
        QCoreApplication::processEvents();
    }
    // Another tiling moves the point.
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    QTRY_VERIFY_WITH_TIMEOUT(!view->busy(), 20000);
    const auto moved =
        search::rooflinePoint(doc_->state().modelStencil(), doc_->state().problem,
                              doc_->state().tiles, doc_->state().modelGpu(), doc_->state().variant);
    QCOMPARE(view->current()->tiles, doc_->state().tiles);
    QCOMPARE(view->current()->pointsPerS, moved.pointsPerS);
    QCOMPARE(view->csv().count('\n'), static_cast<qsizetype>(view->cloud().size()) + 3);
    doc_->undoStack()->undo();
}

void TestGuiTalg::optimalTilesOffThread() {
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    const int steps = doc_->undoStack()->count();
    talg()->tilingEditor()->optimizeButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!talg()->optimizing(), 20000);
    QTRY_COMPARE(doc_->state().tiles.space[0], 128); // spec 2.6 geometric optimum
    QCOMPARE(doc_->state().tiles.space[1], 32);
    QCOMPARE(doc_->undoStack()->count(), steps + 1);
    QVERIFY(talg()->tilingEditor()->optimizeButton()->isEnabled());
    // A result for a session that changed meanwhile is dropped.
    talg()->tilingEditor()->spinBox(0)->setValue(8);
    talg()->tilingEditor()->optimizeButton()->click();
    talg()->tilingEditor()->spinBox(3)->setValue(8); // edit while (or just after) it runs
    QTRY_VERIFY_WITH_TIMEOUT(!talg()->optimizing(), 20000);
    QCoreApplication::processEvents();
    QCOMPARE(doc_->state().tiles.space[0], 8);
    QCOMPARE(doc_->state().tiles.time, 8);
    // Issue 57: on a GPU whose C_iter is an estimate (the V100's, by the clock rule), the
    // status says so and whether the optimum moves at half and twice it; the block's threads
    // stay the user's.
    SessionState small = doc_->state();
    small.gpu = loadGpuProfile("v100-sxm2");
    small.problem.space = {2048, 2048, 1};
    small.problem.time = 256;
    small.tiles.threads = 64;
    doc_->edit("small problem", small);
    talg()->tilingEditor()->optimizeButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!talg()->optimizing(), 20000);
    QTRY_VERIFY(window_->statusText().contains("C_iter is an estimate"));
    QCOMPARE(doc_->state().tiles.threads, std::int64_t(64));
}

// Issue 17: a search of ~10^8 tilings (Heat 3D 4096^3 on a GPU with 64 MB of shared memory
// per block) states its up-front estimate beside the job in the status bar, moves the bar, and
// Cancel there leaves the session as it was.
void TestGuiTalg::longSearchSaysSoAndCancels() {
    SessionState big = doc_->state();
    big.stencil = loadStencilProfile("heat3d");
    big.problem = talg::Problem{3, {4096, 4096, 4096}, 4096};
    big.tiles = talg::Tiles{{4, 4, 32}, 2};
    big.gpu.params["m_sm_kb"].value = 65536;
    big.gpu.params["m_tb_kb"].value = 65536;
    doc_->edit("big problem", big);
    const SessionState before = doc_->state();
    const auto e = search::estimateSearch(before.modelStencil(), before.problem, before.modelGpu(),
                                          before.variant, search::withinOptions(0.0));
    QVERIFY(e.fittingPoints > 50'000'000);
    talg()->tilingEditor()->optimizeButton()->click();
    widgets::JobProgress* progress = nullptr;
    QLabel* label = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (auto* p : window_->findChildren<widgets::JobProgress*>()) {
                auto* l = p->findChild<QLabel*>();
                if (p->isVisible() && l && l->text().startsWith("Searching the optimal tiles")) {
                    progress = p;
                    label = l;
                }
            }
            return label && label->toolTip().contains("tilings fit the shared memory");
        }(),
        10000);
    // The line (elided to fit a laptop's status bar beside other jobs) and its full tooltip.
    QVERIFY2(label->toolTip().contains(widgets::searchEstimateText(e)),
             qPrintable(label->toolTip()));
    QVERIFY(label->text().startsWith("Searching the optimal tiles… (about"));
    progress->cancelButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!talg()->optimizing(), 20000);
    QCoreApplication::processEvents();
    QVERIFY(doc_->state() == before);
    QVERIFY(window_->statusBar()->currentMessage().contains("search cancelled, nothing changed"));
    doc_->undoStack()->undo();
}

// PDF and SVG exports of the tile-space map draw one rectangle per cell (before: a 112 x 102
// JPEG whose colours bled); the number of filled rectangles equals the feasible cells.
void TestGuiTalg::mapExportsVectorCells() {
    talg()->tilingEditor()->spinBox(0)->setValue(8); // the Fig. 4 slice
    QTemporaryDir dir;
    const QString svg = dir.filePath("map.svg");
    QVERIFY(widgets::exportView(*talg()->mapView(), svg, QSize(900, 600)).isEmpty());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    std::size_t feasible = 0;
    for (const auto& c : talg()->mapView()->grid().cells) {
        feasible += c.feasible ? 1 : 0;
    }
    QVERIFY(feasible > 20);
    // The colour scale's strip stays an image; the map's cells are not one.
    QVERIFY2(text.count("<image") <= 1, qPrintable(QString::number(text.count("<image"))));
    // Issue 45: drawn at the viewBox's scale (not into 75 % of it), and every font family a
    // CSS generic one that any reader resolves.
    QVERIFY(!text.contains("matrix(0.75"));
    int families = 0;
    static const QRegularExpression family("font-family=\"([^\"]*)\"");
    for (auto it = family.globalMatch(QString::fromUtf8(text)); it.hasNext(); ++families) {
        const QString name = it.next().captured(1);
        QVERIFY2(name == "sans-serif" || name == "serif" || name == "monospace", qPrintable(name));
    }
    QVERIFY(families > 3);
    QVERIFY(static_cast<std::size_t>(text.count("<rect")) +
                static_cast<std::size_t>(text.count("<path")) >=
            feasible);
    const QString pdf = dir.filePath("map.pdf");
    QVERIFY(widgets::exportView(*talg()->mapView(), pdf, QSize(900, 600)).isEmpty());
    QFile p(pdf);
    QVERIFY(p.open(QIODevice::ReadOnly));
    const QByteArray bytes = p.readAll();
    QVERIFY(!bytes.contains("/DCTDecode") || bytes.count("/DCTDecode") <= 1);
}

// A parameter set edited away from its profile is never passed off as the published one: the
// status line and the exported CSV headers of every Talg view say "edited: n_sm = 6".
void TestGuiTalg::editedSetIsLabelledEverywhere() {
    auto* field = talg()->gpuEditor()->form()->field("n_sm");
    field->setText("6");
    emit field->editingFinished();
    const QString mark = "NVIDIA GeForce GTX 980, edited: n_sm = 6";
    QVERIFY2(window_->statusText().contains(mark), qPrintable(window_->statusText()));
    int checked = 0;
    for (auto* view : talg()->views()) {
        talg()->viewTabs()->setCurrentWidget(view->widget());
        talg()->finishPendingWork();
        if (view->fileStem() == "tiling-geometry") {
            continue; // the geometry of a tiling does not depend on the GPU
        }
        if (view->fileStem() == "talg-compare") {
            continue; // no baseline: it compares nothing
        }
        if (view->fileStem() == "talg-how-far-to-trust") { // it lists the values themselves
            QVERIFY2(view->csv().contains("domain,talg,n_SM,6,\"[16, 24]\",,,outside"),
                     qPrintable(view->csv()));
            continue;
        }
        const QString head = view->csv().section('\n', 0, 1);
        QVERIFY2(head.contains(mark), qPrintable(view->fileStem() + ": " + head));
        ++checked;
    }
    QCOMPARE(checked, 6); // with the Line-up's session line
    doc_->undoStack()->undo();
    QVERIFY(!window_->statusText().contains("edited"));
}

void TestGuiTalg::typedTextThatIsNoIntegerIsRefused_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::newRow("tS1 1e400") << "tS1"
                               << "1e400";
    QTest::newRow("tT abc") << "tT"
                            << "abc";
    QTest::newRow("S1 1e400") << "S1"
                              << "1e400";
    QTest::newRow("T 2.5") << "T"
                           << "2.5";
}

// Typed text that is not an integer is refused with the reason, not turned into another number
// key by key ("1e400" became 1400 when the "e" was dropped).
void TestGuiTalg::typedTextThatIsNoIntegerIsRefused() {
    QFETCH(QString, field);
    QFETCH(QString, text);
    window_->activateWindow();
    QSpinBox* box = window_->findChild<QSpinBox*>(field);
    QVERIFY(box && box->isVisible());
    const SessionState before = doc_->state();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
    QVERIFY(doc_->state() == before);
    const QString error = field.startsWith("tS") || field == "tT"
                              ? talg()->tilingEditor()->lastError()
                              : talg()->stencilEditor()->problemError();
    QVERIFY2(error.contains(field + " = " + text + " refused"), qPrintable(error));
}

// Issue 55: the host-synchronisation part (0.000842688 s of 9.99 s) had its label on the value
// axis's inner ticks, read as "-0.000842688 s", and said "0.0 %". Every part's label starts past
// the ticks; a part that is not zero never reads 0.0 %.
void TestGuiTalg::nearZeroPartsKeepClearOfTheAxis() {
    auto* ws = window_->workspace<app::TalgWorkspace>();
    auto* view = ws->breakdownView();
    ws->viewTabs()->setCurrentWidget(view);
    QCoreApplication::processEvents();
    QCustomPlot* plot = view->plot();
    int labels = 0, tiny = 0;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot->item(i));
        if (t == nullptr || !t->text().contains(" s  (")) {
            continue;
        }
        ++labels;
        QVERIFY(t->padding().left() > plot->yAxis->tickLengthIn());
        if (t->text().contains("< 0.1 %")) {
            ++tiny;
        }
        QVERIFY2(!t->text().contains("(0.0 %)") || t->text().startsWith("0 s") ||
                     t->text().startsWith("0.000000"),
                 qPrintable(t->text()));
    }
    QCOMPARE(labels, 4);
    QVERIFY(tiny >= 1); // the host synchronisations: 0.0084 % of T_alg
}

CDX_GUI_TEST_MAIN(TestGuiTalg)

#include "test_gui_talg.moc"

// Issue 45: a slice with no feasible tiling shows its reason, not the previous slice's
// minimum label or colour scale over the hatched cells.
void TestGuiTalg::mapWithoutFeasibleCellShowsNoOldScale() {
    auto* map = talg()->mapView();
    talg()->viewTabs()->setCurrentWidget(map);
    QVERIFY(map->grid().hasMinimum);
    QCPColorScale* scale = nullptr;
    for (int i = 0; i < map->plot()->plotLayout()->elementCount(); ++i) {
        if (auto* c = qobject_cast<QCPColorScale*>(map->plot()->plotLayout()->elementAt(i))) {
            scale = c;
        }
    }
    QVERIFY(scale);
    QVERIFY(scale->visible());
    SessionState s = doc_->state();
    s.tiles.space[0] = 8192; // no (tT, tS2) fits the shared memory at this tS1
    map->setSession(s);
    QVERIFY(!map->grid().hasMinimum);
    QVERIFY(!scale->visible());
    QVERIFY(map->noteText().contains("No feasible tiling in this slice"));
    bool minimumShown = false;
    for (int i = 0; i < map->plot()->itemCount(); ++i) {
        if (auto* t = qobject_cast<QCPItemText*>(map->plot()->item(i))) {
            minimumShown = minimumShown || (t->visible() && t->text().startsWith("min "));
        }
    }
    QVERIFY(!minimumShown);
    map->setSession(doc_->state());
    QVERIFY(map->grid().hasMinimum);
    QVERIFY(scale->visible());
}

// Issue 45: a GPU named with 200 characters and no space is shortened in its middle with "…" in
// the plot titles, not cut at both ends; a title that fits is unchanged.
void TestGuiTalg::longNamesAreElidedNotCut() {
    const QFont font;
    const QString fits = "T_alg over (tT, tS2) at tS1 = 128";
    QCOMPARE(widgets::fitWordsToWidth(fits, font, 2000), fits);
    const QString name = QString("LabGPU") + QString(194, QChar('x'));
    const QString fitted = widgets::fitWordsToWidth("Heat 2D on " + name + ", S = 8192", font, 400);
    QVERIFY(fitted.startsWith("Heat 2D on LabGPU"));
    QVERIFY(fitted.contains(QChar(0x2026)));
    QVERIFY(fitted.endsWith(", S = 8192"));
    for (const QString& word : fitted.split(' ')) {
        QVERIFY(QFontMetrics(font).horizontalAdvance(word) <= 400);
    }
    // In an export: the SVG's title holds the shortened name, never the whole one.
    SessionState s = doc_->state();
    s.gpu.name = name.toStdString();
    doc_->edit("long name", s);
    QTemporaryDir dir;
    const QString svg = dir.filePath("map.svg");
    QVERIFY(widgets::exportView(*talg()->mapView(), svg, QSize(800, 500)).isEmpty());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(!text.contains(name));
    QVERIFY(text.contains("LabGPU"));
    QVERIFY(text.contains(QChar(0x2026)));
    // On screen, hovering the shortened title shows it whole.
    window_->showWorkspace(talg());
    talg()->viewTabs()->setCurrentWidget(talg()->mapView()->widget());
    talg()->finishPendingWork();
    QCoreApplication::processEvents();
    QCustomPlot* plot = talg()->mapView()->widget()->findChild<QCustomPlot*>("tileSpaceMapPlot");
    QVERIFY(plot);
    plot->replot();
    auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    QVERIFY(title);
    QMouseEvent move(QEvent::MouseMove, QPointF(title->rect().center()),
                     QPointF(plot->mapToGlobal(title->rect().center())), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(name), qPrintable(QToolTip::text().left(80)));
    doc_->undoStack()->undo();
    doc_->undoStack()->setClean();
}

// Issue 57 in the window: the Tiling editor's threads per block (0: PPCG's default, said beside
// it; a value over the GPU's limit refused, the session unchanged; a map cell keeps them), and the
// Variant editor's latency hiding, refused by name on a GPU without a compute capability.
void TestGuiTalg::threadsAndHidingInTheWindow() {
    auto* threads = talg()->findChild<QSpinBox*>("threadsPerBlock");
    auto* note = talg()->findChild<QLabel*>("threadsNote");
    QVERIFY(threads && note);
    QCOMPARE(doc_->state().tiles.threads, std::int64_t(0));
    QVERIFY2(note->text().contains("PPCG") && note->text().contains("32"),
             qPrintable(note->text()));
    threads->setValue(96);
    QCOMPARE(doc_->state().tiles.threads, std::int64_t(96));
    threads->setValue(5000);
    QCOMPARE(doc_->state().tiles.threads, std::int64_t(96));
    QCOMPARE(threads->value(), 96);
    QVERIFY(talg()->tilingEditor()->lastError().contains("1024"));
    // A view's tiling keeps them.
    talg::Tiles cell = doc_->state().tiles;
    cell.time = 4;
    cell.threads = 0;
    emit talg()->mapView()->tilesChosen(cell, false);
    QCOMPARE(doc_->state().tiles.time, std::int64_t(4));
    QCOMPARE(doc_->state().tiles.threads, std::int64_t(96));
    // Hiding by occupancy on the GTX 980 (compute capability 5.2, MWP-CWP's Mem_LD): the
    // breakdown's T_alg is core's for the same session.
    auto* hiding = talg()->variantEditor()->findChild<QComboBox*>("hiding");
    QVERIFY(hiding);
    hiding->setCurrentIndex(hiding->findData("occupancy"));
    emit hiding->activated(hiding->currentIndex());
    QCOMPARE(doc_->state().variant.hiding, talg::Hiding::Occupancy);
    const SessionState s = doc_->state();
    const auto r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(r.feasible && r.breakdown.kOccupancy > 0);
    // An extension, outside the papers' calibration domain: the figures say so.
    const QString footnote = talg()->figureOptions(*talg()->mapView()).footnote;
    QVERIFY2(footnote.contains("latency hiding"), qPrintable(footnote));
    doc_->undoStack()->undo();
    QVERIFY(!talg()->figureOptions(*talg()->mapView()).footnote.contains("latency hiding"));
    QCOMPARE(doc_->state().variant.hiding, talg::Hiding::None);
    // A GPU without a compute capability: refused, named, the variant unchanged.
    SessionState noCc = doc_->state();
    noCc.gpu.params.erase("compute_capability");
    doc_->edit("no compute capability", noCc);
    hiding->setCurrentIndex(hiding->findData("occupancy"));
    emit hiding->activated(hiding->currentIndex());
    QCOMPARE(doc_->state().variant.hiding, talg::Hiding::None);
    QCOMPARE(hiding->currentData().toString(), QString("none"));
    QVERIFY2(window_->statusText().contains("compute_capability"),
             qPrintable(window_->statusText()));
}
