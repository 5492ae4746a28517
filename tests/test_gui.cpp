// Offscreen GUI tests: the default session, live updates to core's numbers, undo/redo,
// session round trip, invalid files and fields, export. Run with QT_QPA_PLATFORM=offscreen.

#include "area/architecture_view.hpp"
#include "area/area_model.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/parameter_form.hpp"
#include "common/plot_theme.hpp"
#include "common/view_export.hpp"
#include "main_window.hpp"
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
#include "search/tile_search.hpp"
#include "session_document.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/stencil_editor.hpp"
#include "talg/sweep_view.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/tiling_editor.hpp"
#include "talg/tiling_geometry_view.hpp"
#include "talg/top_tilings_view.hpp"
#include "talg/variant_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

using namespace cdx;

class TestGui : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void defaultSessionOpens();
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
    void snapping();
    void variantChangeUpdatesStatus();
    void stencilChangeTo3D();
    void exportEveryView_data();
    void exportEveryView();
    void topTilingsMatchSearch();
    void optimalTilesOffThread();
    void presentationMode();
    void dieAreaShowsCore();
    void architectureSlidersEditSession();
    void codesignRunsAndLoadsDesign();
    void codesignBadRangeKeepsState();
    void bottleneckShowsCore_data();
    void bottleneckShowsCore();
    void kernelEditorEditsWithUndo();
    void kernelEditorRefusesInvalid();
    void mwpVariantChange();
    void regimeMapEqualsCore();
    void powerViewEqualsCore();
    void mwpWarpsMarksSession();
    void runsImportShowsCoreStats();
    void runsDeleteIsUndoable();
    void runsCalibrationAppliesToSession();
    void runsBadFilesKeepState();

private:
    app::SessionDocument* doc_ = nullptr;
    app::MainWindow* window_ = nullptr;
};

void TestGui::init() {
    doc_ = new app::SessionDocument;
    doc_->reset(defaultSession());
    window_ = new app::MainWindow(doc_);
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_));
}

void TestGui::cleanup() {
    doc_->undoStack()->setClean(); // no "save changes?" question on close
    delete window_;
    delete doc_;
}

void TestGui::defaultSessionOpens() {
    const SessionState& s = doc_->state();
    QCOMPARE(QString::fromStdString(s.gpu.id), QString("gtx980"));
    QCOMPARE(QString::fromStdString(s.stencil.id), QString("heat2d"));
    QCOMPARE(s.problem.space[0], 8192);
    QCOMPARE(s.tiles.space[0], 128); // spec 2.6 geometric full-space optimum
    QVERIFY(window_->windowTitle().contains("Codesign Explorer"));
    QCOMPARE(window_->viewTabs()->count(), 13);
    QCOMPARE(window_->tilingEditor()->spinBox(0)->value(), 128);
    QCOMPARE(window_->tilingEditor()->spinBox(1)->value(), 32);
    QCOMPARE(window_->tilingEditor()->spinBox(3)->value(), 2);
}

void TestGui::statusLineEqualsCore() {
    // The status line's T_alg equals `cdx talg` (core) for the same point.
    const SessionState& s = doc_->state();
    const auto r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(window_->statusText().contains(widgets::formatSeconds(r.tAlg)));
    QVERIFY(window_->statusText().contains("9.934548 s"));
    QVERIFY(window_->statusText().contains("k = 2"));
    QVERIFY(window_->statusText().contains("compute-bound"));
    QVERIFY(window_->statusText().contains("pitch=geometric"));
}

void TestGui::mapMinimumEqualsOptimize() {
    // The default tiling is the optimum, so the slice through it holds optimize's best.
    const SessionState& s = doc_->state();
    const auto best = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant);
    const auto& grid = window_->mapView()->grid();
    QVERIFY(grid.hasMinimum);
    QCOMPARE(grid.cells[grid.minimumCell].tiles, best.best.tiles);
    QCOMPARE(grid.minimum, best.best.tAlg);
}

void TestGui::sliderUpdatesViews() {
    window_->tilingEditor()->spinBox(0)->setValue(8); // tS1 = 8: PPoPP'17 Fig. 4 slice
    QCOMPARE(doc_->state().tiles.space[0], 8);
    const SessionState& s = doc_->state();
    search::SearchOptions opt;
    opt.fixedSpace[0] = 8;
    const auto slice =
        search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant, opt);
    const auto& grid = window_->mapView()->grid();
    QCOMPARE(grid.cells[grid.minimumCell].tiles, slice.best.tiles);
    QVERIFY(std::abs(grid.minimum - 9.9885) < 0.00005); // spec 2.6 slice minimum
    const auto r = talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
    QVERIFY(window_->statusText().contains(widgets::formatSeconds(r.tAlg)));
    QCOMPARE(window_->mapView()->sliceSlider(0)->value(), 8);
    // Hidden views catch up when shown.
    window_->viewTabs()->setCurrentWidget(window_->breakdownView());
    QVERIFY(window_->breakdownView()->table()->rowCount() > 10);
}

void TestGui::sliderDragIsOneUndoStep() {
    QSlider* slider = window_->tilingEditor()->slider(0);
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

void TestGui::mapClickSetsTiling() {
    window_->tilingEditor()->spinBox(0)->setValue(8);
    QCustomPlot* plot = window_->mapView()->plot();
    plot->replot();
    const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(4)),
                    static_cast<int>(plot->yAxis->coordToPixel(64)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QCOMPARE(doc_->state().tiles.time, 4);
    QCOMPARE(doc_->state().tiles.space[1], 64);
    QVERIFY(window_->mapView()->describeCellAt(4, 64).contains("T_alg"));
    QVERIFY(window_->mapView()->describeCellAt(58, 544).contains("infeasible"));
}

void TestGui::undoRestores() {
    const SessionState before = doc_->state();
    window_->tilingEditor()->spinBox(3)->setValue(8);
    window_->variantEditor()->pitchBox()->setCurrentIndex(1);
    emit window_->variantEditor()->pitchBox()->activated(1);
    QCOMPARE(doc_->state().variant.pitch, talg::Pitch::Paper);
    QCOMPARE(doc_->state().tiles.time, 8);
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QVERIFY(sameSession(doc_->state(), before));
    QCOMPARE(window_->tilingEditor()->spinBox(3)->value(), 2);
    doc_->undoStack()->redo();
    QCOMPARE(doc_->state().tiles.time, 8);
    QVERIFY(window_->windowTitle().contains("*"));
}

void TestGui::saveLoadRoundTrip() {
    window_->tilingEditor()->spinBox(0)->setValue(8);
    window_->gpuEditor()->form()->field("n_sm")->setText("20");
    emit window_->gpuEditor()->form()->field("n_sm")->editingFinished();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    const SessionState saved = doc_->state();
    QTemporaryDir dir;
    const QString path = dir.filePath("s.cdx.json");
    doc_->saveAs(path);
    QVERIFY(!doc_->isModified());
    doc_->reset(defaultSession());
    QVERIFY(window_->openSession(path, nullptr, true));
    QVERIFY(sameSession(doc_->state(), saved));
    QCOMPARE(window_->tilingEditor()->spinBox(0)->value(), 8);
    QCOMPARE(window_->gpuEditor()->form()->field("n_sm")->text(), QString("20"));
}

void TestGui::invalidSessionKeepsState() {
    window_->tilingEditor()->spinBox(0)->setValue(8);
    const SessionState before = doc_->state();
    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.cdx.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"schema\": \"codesign-explorer-session\", \"version\": 1, \"gpu\": ");
    bad.close();
    QString error;
    QVERIFY(!window_->openSession(bad.fileName(), &error, true));
    QVERIFY2(error.contains("bad.cdx.json") && error.contains("line"), qPrintable(error));
    QVERIFY(sameSession(doc_->state(), before));
    QVERIFY(!window_->openSession(dir.filePath("missing.cdx.json"), &error, true));
    QVERIFY(sameSession(doc_->state(), before));
}

void TestGui::invalidFieldKeepsState_data() {
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

void TestGui::invalidFieldKeepsState() {
    QFETCH(QString, key);
    QFETCH(QString, text);
    const SessionState before = doc_->state();
    const int steps = doc_->undoStack()->count();
    auto* form = window_->gpuEditor()->form();
    QLineEdit* field = form->field(key.toStdString());
    const QString shown = field->text();
    field->setText(text);
    emit field->editingFinished();
    QVERIFY(sameSession(doc_->state(), before));
    QCOMPARE(doc_->undoStack()->count(), steps);
    QVERIFY2(form->lastError().contains(key), qPrintable(form->lastError()));
    QCOMPARE(field->text(), shown); // back to the last valid value
}

void TestGui::parameterEditIsMarked() {
    auto* form = window_->stencilEditor()->form();
    form->field("c_iter_s")->setText("4e-8");
    emit form->field("c_iter_s")->editingFinished();
    QCOMPARE(doc_->state().stencil.cIterByGpu.at("gtx980").value.value(), 4e-8);
    QVERIFY(doc_->state().stencil.cIterByGpu.at("gtx980").edited);
    QVERIFY(form->findChildren<QLabel*>().size() > 0);
    bool marked = false;
    for (auto* label : form->findChildren<QLabel*>()) {
        marked = marked || (label->text().startsWith("c_iter_s") && label->text().contains("•"));
    }
    QVERIFY(marked);
}

void TestGui::snapping() {
    QCOMPARE(widgets::TilingEditor::snapTime(7), 8);
    QCOMPARE(widgets::TilingEditor::snapTime(1), 2);
    QCOMPARE(widgets::TilingEditor::snapWarp(50), 64);
    QCOMPARE(widgets::TilingEditor::snapWarp(47), 32);
    QCOMPARE(widgets::TilingEditor::snapWarp(3), 32);
    window_->tilingEditor()->spinBox(3)->setValue(7);
    QCOMPARE(doc_->state().tiles.time, 8);
    window_->tilingEditor()->spinBox(1)->setValue(100);
    QCOMPARE(doc_->state().tiles.space[1], 96);
}

void TestGui::variantChangeUpdatesStatus() {
    window_->tilingEditor()->spinBox(0)->setValue(1);
    window_->tilingEditor()->spinBox(1)->setValue(640);
    QComboBox* pitch = window_->variantEditor()->pitchBox();
    pitch->setCurrentIndex(pitch->findData("paper"));
    emit pitch->activated(pitch->currentIndex());
    // spec 2.6: the degenerate paper-pitch optimum, below T_ideal.
    QVERIFY(window_->statusText().contains("5.096090 s"));
    QVERIFY(window_->statusText().contains("pitch=paper"));
    QVERIFY(window_->statusText().contains("below T_ideal"));
}

void TestGui::stencilChangeTo3D() {
    auto* combo = window_->stencilEditor()->findChild<QComboBox*>("stencilProfile");
    combo->setCurrentIndex(combo->findData("heat3d"));
    emit combo->activated(combo->currentIndex());
    const SessionState& s = doc_->state();
    QCOMPARE(s.problem.dim, 3);
    QCOMPARE(s.problem.space[2], 512);
    const auto best = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant);
    QCOMPARE(s.tiles, best.best.tiles);
    QCOMPARE(window_->mapView()->grid().innerIndex, 2);
    QVERIFY(window_->statusText().contains("T_alg"));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().problem.dim, 2);
}

void TestGui::exportEveryView_data() {
    QTest::addColumn<QString>("suffix");
    QTest::newRow("png") << "png";
    QTest::newRow("pdf") << "pdf";
    QTest::newRow("svg") << "svg";
    QTest::newRow("csv") << "csv";
}

void TestGui::exportEveryView() {
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    for (auto* view : window_->views()) {
        window_->viewTabs()->setCurrentWidget(view->widget());
        const QString path = dir.filePath(view->fileStem() + "." + suffix);
        const QString error = widgets::exportView(*view, path, QSize(800, 500));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(QFileInfo(path).size() > 200, qPrintable(path));
        if (suffix == "png") {
            QImage image(path);
            QCOMPARE(image.size(), QSize(800, 500));
        }
    }
    QVERIFY(!widgets::exportView(*window_->mapView(), dir.filePath("x.bmp"), QSize(800, 500))
                 .isEmpty());
    QVERIFY(
        !widgets::exportView(*window_->mapView(), dir.filePath("x.png"), QSize(0, 500)).isEmpty());
}

void TestGui::topTilingsMatchSearch() {
    auto* top = window_->topTilingsView();
    window_->viewTabs()->setCurrentWidget(top);
    QTRY_VERIFY_WITH_TIMEOUT(!top->busy(), 20000);
    QCoreApplication::processEvents();
    const SessionState& s = doc_->state();
    const auto r = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                       search::SearchOptions{s.within, {}, {}});
    QCOMPARE(top->result().within.size(), r.within.size());
    QCOMPARE(top->result().best.tiles, r.best.tiles);
    QVERIFY(top->csv().count('\n') == static_cast<qsizetype>(r.within.size()) + 2);
}

void TestGui::optimalTilesOffThread() {
    window_->tilingEditor()->spinBox(0)->setValue(8);
    const int steps = doc_->undoStack()->count();
    window_->tilingEditor()->optimizeButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!window_->optimizing(), 20000);
    QTRY_COMPARE(doc_->state().tiles.space[0], 128); // spec 2.6 geometric optimum
    QCOMPARE(doc_->state().tiles.space[1], 32);
    QCOMPARE(doc_->undoStack()->count(), steps + 1);
    QVERIFY(window_->tilingEditor()->optimizeButton()->isEnabled());
    // A result for a session that changed meanwhile is dropped.
    window_->tilingEditor()->spinBox(0)->setValue(8);
    window_->tilingEditor()->optimizeButton()->click();
    window_->tilingEditor()->spinBox(3)->setValue(8); // edit while (or just after) it runs
    QTRY_VERIFY_WITH_TIMEOUT(!window_->optimizing(), 20000);
    QCoreApplication::processEvents();
    QCOMPARE(doc_->state().tiles.space[0], 8);
    QCOMPARE(doc_->state().tiles.time, 8);
}

void TestGui::presentationMode() {
    window_->setPresentation(true);
    QVERIFY(window_->isFullScreen());
    window_->setPresentation(false);
    QVERIFY(!window_->isFullScreen());
}

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
    QStandardPaths::setTestModeEnabled(true); // the default run database is not the user's
    QApplication app(argc, argv);
    QApplication::setOrganizationName("CodesignExplorerTests"); // never the user's settings
    QApplication::setApplicationName("test_gui");
    TestGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_gui.moc"

// The die-area view draws core's breakdown: GTX 980 = 397.9895 mm^2 (spec O1), and the
// cache-less references 237.49 / 356.23 (O5, O6).
void TestGui::dieAreaShowsCore() {
    window_->viewTabs()->setCurrentWidget(window_->dieAreaView());
    const auto& rows = window_->dieAreaView()->rows();
    QCOMPARE(rows.size(), std::size_t{5});
    const auto coeffs = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    QCOMPARE(rows[0].breakdown.total,
             area::areaBreakdown(doc_->state().architecture(), coeffs).total);
    QVERIFY(std::abs(rows[0].breakdown.total - 397.989536) < 1e-6);
    QVERIFY(std::abs(rows[2].breakdown.total - 237.489056) < 1e-6);
    QVERIFY(std::abs(rows[4].breakdown.total - 356.233584) < 1e-6);
    QVERIFY(window_->dieAreaView()->headline().contains("397.9895"));
    window_->dieAreaView()->unitChoice()->setCurrentIndex(1); // % of the die
    QVERIFY(window_->dieAreaView()->csv().contains("vector_units_mm2"));
}

// Moving a slider snaps to the grid, edits the session GPU through the document (undoable)
// and the view shows core's area and the exact best workload time.
void TestGui::architectureSlidersEditSession() {
    auto* view = window_->architectureView();
    window_->viewTabs()->setCurrentWidget(view);
    QSlider* sms = view->slider(widgets::ArchitectureView::Sms);
    QCOMPARE(sms->value(), 7); // 16 SMs
    sms->setValue(8);          // 18 SMs
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 18.0);
    QVERIFY(doc_->state().gpu.params.at("n_sm").edited);
    view->slider(widgets::ArchitectureView::L2)->setValue(0);
    QCOMPARE(*doc_->state().gpu.params.at("l2_kb").value, 0.0);
    const auto coeffs = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    const double expected = area::areaBreakdown(doc_->state().architecture(), coeffs).total;
    QCOMPARE(view->areaMm2(), expected);
    QVERIFY(view->design() && view->design()->feasible);
    const auto w = search::loadWorkload("ppopp17", "gtx980");
    const auto d = search::optimizeDesign(w, doc_->state().modelGpu(), doc_->state().variant);
    QCOMPARE(view->design()->weightedTime, d.weightedTime);
    QVERIFY(view->summary().contains("mm²"));
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(sms->value(), 7);
}

// The codesign view searches off the GUI thread, equals core's runCodesign, and a click on
// a design loads it (cache-less) into the GPU editor.
void TestGui::codesignRunsAndLoadsDesign() {
    SessionState s = doc_->state();
    s.codesign.areaMin = 425;
    s.codesign.areaMax = 450;
    doc_->edit("range", s);
    auto* view = window_->codesignView();
    window_->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    QVERIFY(view->result());
    QCOMPARE(view->result()->designs.size(), std::size_t{225});
    const search::DesignPoint* best = view->bestInBudget();
    QVERIFY(best);
    // Core's answer for the same inputs.
    search::CodesignOptions o;
    o.base = s.modelGpu();
    o.coefficients = s.areaSet();
    o.areaMin = 425;
    o.areaMax = 450;
    const auto r = search::runCodesign(search::loadWorkload("ppopp17", "gtx980"), o);
    const auto coreBest =
        std::min_element(r.designs.begin(), r.designs.end(), [](auto& a, auto& b) {
            return a.feasible && (!b.feasible || a.weightedTime < b.weightedTime);
        });
    QCOMPARE(best->weightedTime, coreBest->weightedTime);
    QVERIFY(view->headline().contains(QString::number(best->nV)));
    // Click on the best design.
    auto* plot = view->plot();
    plot->replot();
    const QPointF at(plot->xAxis->coordToPixel(best->area),
                     plot->yAxis->coordToPixel(best->speedup));
    view->chooseNear(at);
    const auto& g = doc_->state().gpu.params;
    QCOMPARE(*g.at("n_sm").value, static_cast<double>(best->nSm));
    QCOMPARE(*g.at("n_v").value, static_cast<double>(best->nV));
    QCOMPARE(*g.at("m_sm_kb").value, best->mSmKb);
    QCOMPARE(*g.at("l1_pair_kb").value, 0.0);
    QCOMPARE(*g.at("l2_kb").value, 0.0);
    QVERIFY(!view->busy()); // a design change does not restart the search
}

void TestGui::codesignBadRangeKeepsState() {
    auto* view = window_->codesignView();
    window_->viewTabs()->setCurrentWidget(view);
    const CodesignSettings before = doc_->state().codesign;
    auto* lo = view->findChild<QDoubleSpinBox*>("codesignAreaMin");
    QVERIFY(lo);
    lo->setValue(900); // above the range's maximum of 650
    QVERIFY(doc_->state().codesign == before);
    view->cancel();
    view->finishPendingWork();
}

// The dashboard shows core's case, limiter and category for the session's kernel.
void TestGui::bottleneckShowsCore_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("caseText");
    QTest::addColumn<int>("bar"); // highlighted limiter: 0 latency, 1 bandwidth, 2 warps
    QTest::newRow("default: Example I on GTX 280 (bandwidth)")
        << QString() << QString() << QString("memory-bound") << 1;
    QTest::newRow("spec Example A on FX5600 (latency)")
        << QString("fx5600") << QString("example-a") << QString("memory-bound") << 0;
    QTest::newRow("Table 3 Mb7_C on 8800GT")
        << QString("8800gt") << QString("mb7-c") << QString() << -2;
}

void TestGui::bottleneckShowsCore() {
    QFETCH(QString, gpu);
    QFETCH(QString, kernel);
    QFETCH(QString, caseText);
    QFETCH(int, bar);
    auto* view = window_->bottleneckView();
    window_->viewTabs()->setCurrentWidget(view);
    auto* editor = window_->kernelEditor();
    if (!gpu.isEmpty()) {
        emit editor->gpuChosen(gpu);
        emit editor->kernelChosen(kernel);
        QCOMPARE(QString::fromStdString(doc_->state().mwp.kernel.id), kernel);
    }
    const MwpSettings& m = doc_->state().mwp;
    const auto r = mwp::evaluate(m.device(), m.model(), m.variant);
    const auto t = mwp::throughput(m.device(), m.model(), m.variant);
    QVERIFY(view->result().has_value());
    QCOMPARE(view->result()->execCycles, r.execCycles);
    QCOMPARE(view->result()->regime, r.regime);
    QCOMPARE(view->result()->limiter, r.limiter);
    QCOMPARE(view->throughputResult()->category, t.category);
    QVERIFY(view->caseBadge()->text().contains(QString::fromLatin1(mwp::label(r.regime).data())));
    QVERIFY(view->limiterBadge()->text().contains(
        QString::fromLatin1(mwp::label(r.limiter).data()).toHtmlEscaped()));
    QVERIFY(view->categoryBadge()->text().contains(QString::number(t.category)));
    QCOMPARE(view->explanation()->text(), QString::fromStdString(mwp::explain(r, m.device())));
    if (!caseText.isEmpty()) {
        QVERIFY(view->caseBadge()->text().contains(caseText));
    }
    if (bar >= -1) {
        QCOMPARE(view->highlightedBar(), bar);
    } else {
        QCOMPARE(view->highlightedBar(),
                 r.limiter == mwp::Limiter::None ? -1 : static_cast<int>(r.limiter));
    }
}

// Kernel fields edit the session through the document: one undo step each.
void TestGui::kernelEditorEditsWithUndo() {
    auto* view = window_->bottleneckView();
    window_->viewTabs()->setCurrentWidget(view);
    const double before = view->result()->execCycles;
    QLineEdit* field = window_->kernelEditor()->kernelForm()->field("coal_mem_insts");
    QVERIFY(field);
    QCOMPARE(field->text(), QString("8"));
    field->setText("2");
    emit field->editingFinished();
    QCOMPARE(*doc_->state().mwp.kernel.params.at("coal_mem_insts").value, 2.0);
    QVERIFY(doc_->state().mwp.kernel.params.at("coal_mem_insts").edited);
    QVERIFY(view->result()->execCycles != before);
    QCOMPARE(view->result()->execCycles,
             mwp::evaluate(doc_->state().mwp.device(), doc_->state().mwp.model(), {}).execCycles);
    // A GPU key of the same editor.
    QLineEdit* bw = window_->kernelEditor()->gpuForm()->field("mem_bandwidth_gbs");
    bw->setText("300");
    emit bw->editingFinished();
    QCOMPARE(doc_->state().mwp.device().bandwidthGbs, 300.0);
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().mwp.kernel.params.at("coal_mem_insts").value, 8.0);
    QCOMPARE(view->result()->execCycles, before);
    QCOMPARE(window_->kernelEditor()->kernelForm()->field("coal_mem_insts")->text(), QString("8"));
}

void TestGui::kernelEditorRefusesInvalid() {
    const std::string before = sessionToJson(doc_->state());
    // Refused at the field by the key's rule.
    QLineEdit* blocks = window_->kernelEditor()->kernelForm()->field("blocks");
    blocks->setText("0");
    emit blocks->editingFinished();
    QVERIFY(window_->kernelEditor()->kernelForm()->lastError().contains("blocks"));
    QCOMPARE(sessionToJson(doc_->state()), before);
    // Valid for the key, invalid for the model (more independent than memory requests):
    // refused by the window, the reason in the status bar.
    QLineEdit* ind = window_->kernelEditor()->kernelForm()->field("ind_mem_insts");
    ind->setText("50");
    emit ind->editingFinished();
    QCOMPARE(sessionToJson(doc_->state()), before);
    QVERIFY(window_->statusBar()->currentMessage().contains("ind_mem_insts"));
    QCOMPARE(ind->text(), QString());
}

void TestGui::mwpVariantChange() {
    auto* view = window_->bottleneckView();
    window_->viewTabs()->setCurrentWidget(view);
    emit window_->kernelEditor()->kernelChosen("example-a");
    emit window_->kernelEditor()->gpuChosen("fx5600");
    for (auto [key, value] : {std::pair{"other_insts", "398"},
                              {"uncoal_mem_insts", "0"},
                              {"coal_mem_insts", "2"},
                              {"synch_insts", "0"}}) {
        QLineEdit* f = window_->kernelEditor()->kernelForm()->field(key);
        f->setText(value);
        emit f->editingFinished();
    }
    // spec 4.3 Example C: consistent -> Case 3, 32424 cycles; thesis -> Case 2 (CPI 1.258).
    QCOMPARE(view->result()->regime, mwp::Regime::ComputeBound);
    QCOMPARE(view->result()->execCycles, 32424.0);
    QComboBox* preset = window_->kernelEditor()->variantBox();
    preset->setCurrentIndex(preset->findData("thesis"));
    emit preset->activated(preset->currentIndex());
    QVERIFY(doc_->state().mwp.variant == mwp::MwpVariant::thesis());
    QCOMPARE(view->result()->regime, mwp::Regime::MemoryBound);
    QVERIFY(view->caseBadge()->text().contains("memory-bound"));
    doc_->undoStack()->undo();
    QVERIFY(doc_->state().mwp.variant == mwp::MwpVariant::consistent());
    QCOMPARE(view->result()->regime, mwp::Regime::ComputeBound);
}

void TestGui::regimeMapEqualsCore() {
    auto* view = window_->regimeMapView();
    window_->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp;
    const auto core = mwp::regimeMap(m.device(), m.model(), m.variant, m.mapX, m.mapY);
    QVERIFY(view->map().has_value());
    QCOMPARE(view->map()->cells.size(), core.cells.size());
    for (std::size_t i = 0; i < core.cells.size(); i += 97) {
        QCOMPARE(view->map()->cells[i].regime, core.cells[i].regime);
        QCOMPARE(view->map()->cells[i].limiter, core.cells[i].limiter);
    }
    QCOMPARE(view->boundaryCount(), mwp::regimeBoundaries(core).size());
    QVERIFY(view->boundaryCount() > 0);
    // Choosing another x axis is a session edit with a suggested range; undo restores it.
    QComboBox* x = view->xAxisBox();
    x->setCurrentIndex(static_cast<int>(mwp::MapAxis::ActiveSms));
    emit x->activated(x->currentIndex());
    QCOMPARE(doc_->state().mwp.mapX.axis, mwp::MapAxis::ActiveSms);
    QCOMPARE(doc_->state().mwp.mapX.max, 30.0);
    QCOMPARE(view->map()->xs.size(), std::size_t(30));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().mwp.mapX.axis, mwp::MapAxis::CompInsts);
    // A range the map refuses (log axis through 0) keeps the state.
    const std::string before = sessionToJson(doc_->state());
    auto* range = view->findChild<QLineEdit*>("mapYRange");
    range->setText("0:400");
    emit range->editingFinished();
    QCOMPARE(sessionToJson(doc_->state()), before);
    QVERIFY(window_->statusBar()->currentMessage().contains("log"));
}

void TestGui::powerViewEqualsCore() {
    auto* view = window_->powerView();
    window_->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp;
    const auto p = mwp::powerParamsOf(m.gpu);
    const auto o = mwp::optimalActiveSms(m.device(), p, m.model(), m.variant);
    QVERIFY(view->optimum().has_value());
    QCOMPARE(view->optimum()->bySweep, o.bySweep);
    QCOMPARE(view->optimum()->bySweep, 17); // spec Example I
    double sum = 0;
    for (const auto& [name, w] : view->bars()) {
        sum += w;
    }
    QVERIFY(std::abs(sum - view->result()->gpuW) < 1e-9);
    QVERIFY(view->summary()->text().contains("17 SMs"));
    // A GPU without a power model says so instead of drawing zeros.
    emit window_->kernelEditor()->gpuChosen("fx5600");
    QVERIFY(!view->result().has_value());
    QVERIFY(view->summary()->text().contains("power_fp_w"));
}

void TestGui::mwpWarpsMarksSession() {
    auto* view = window_->mwpWarpsView();
    window_->viewTabs()->setCurrentWidget(view);
    QCOMPARE(view->currentBlocks(), 4);
    QVERIFY(view->points().size() >= 8);
    const auto& cur = view->points()[3].result;
    QCOMPARE(cur.n, 32.0);
    const MwpSettings& m = doc_->state().mwp;
    QCOMPARE(cur.execCycles, mwp::evaluate(m.device(), m.model(), m.variant).execCycles);
    QVERIFY(view->csv().count('\n') == static_cast<qsizetype>(view->points().size()) + 2);
}

namespace {
QString writeRunsFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}
// Three runs of the default session's problem (Heat 2D 8192^2 x 8192, GTX 980) and one of
// Titan X; the times are invented for the test, not measurements.
const QByteArray kGuiRuns = "gpu,stencil,s1,s2,t,ts1,ts2,tt,threads,time_s\n"
                            "gtx980,heat2d,8192,8192,8192,128,32,2,256,11.9\n"
                            "gtx980,heat2d,8192,8192,8192,8,256,8,256,12.5\n"
                            "gtx980,heat2d,8192,8192,8192,16,128,10,128,13.1\n"
                            "titanx,heat2d,8192,8192,8192,8,256,8,256,9.5\n";
} // namespace

void TestGui::runsImportShowsCoreStats() {
    QTemporaryDir dir;
    QVERIFY(window_->openRunDatabase(dir.filePath("runs.sqlite")).isEmpty());
    auto* view = window_->runsView();
    window_->viewTabs()->setCurrentWidget(view);
    const auto rep = window_->importRunsFile(writeRunsFile(dir, "lab.csv", kGuiRuns),
                                             runs::ImportPolicy::AllOrNothing);
    QVERIFY(rep.committed);
    QCOMPARE(rep.inserted, std::size_t(4));
    QCOMPARE(window_->measuredRuns().size(), std::size_t(4));
    QCOMPARE(view->table()->rowCount(), 4);
    runs::ProfileSet profiles = runs::ProfileSet::shipped();
    profiles.put(doc_->state().gpu);
    profiles.put(doc_->state().stencil);
    const auto core = runs::runStats(window_->measuredRuns(), profiles, doc_->state().variant, 0.2);
    QCOMPARE(view->stats().all.n, core.all.n);
    QCOMPARE(view->stats().all.rmse, core.all.rmse);
    QCOMPARE(view->stats().nearBest.n, core.nearBest.n);
    QVERIFY(view->statsLabel()->text().contains(QString::number(core.all.rmse * 100, 'f', 2)));
    // The map and the sweep mark the runs of the session's experiment on their slice.
    const SessionState& st = doc_->state();
    window_->viewTabs()->setCurrentWidget(window_->mapView());
    const auto onMap = runs::runsOnSlice(window_->measuredRuns(), st.gpu.id, st.stencil.id,
                                         st.problem, st.tiles, {"tT", "tS2"});
    QCOMPARE(onMap.size(), std::size_t(1)); // the run at the default optimum's tS1 = 128
    QCOMPARE(window_->mapView()->measuredShown(), onMap.size());
    window_->viewTabs()->setCurrentWidget(window_->sweepView());
    window_->sweepView()->setParameter("tS1");
    const auto onSweep = runs::runsOnSlice(window_->measuredRuns(), st.gpu.id, st.stencil.id,
                                           st.problem, st.tiles, {"tS1"});
    QCOMPARE(window_->sweepView()->measuredShown(), onSweep.size());
    window_->viewTabs()->setCurrentWidget(view);
    // Filters: the session's problem on the session GPU only.
    view->sessionProblemOnly()->setChecked(true);
    QCOMPARE(view->table()->rowCount(), 3);
    view->sessionProblemOnly()->setChecked(false);
    view->gpuFilter()->setCurrentIndex(view->gpuFilter()->findData("titanx"));
    QCOMPARE(view->table()->rowCount(), 1);
    // Re-importing the same file adds nothing.
    const auto again =
        window_->importRunsFile(dir.filePath("lab.csv"), runs::ImportPolicy::AllOrNothing);
    QCOMPARE(again.duplicates, std::size_t(4));
    QCOMPARE(window_->measuredRuns().size(), std::size_t(4));
}

void TestGui::runsDeleteIsUndoable() {
    QTemporaryDir dir;
    QVERIFY(window_->openRunDatabase(dir.filePath("runs.sqlite")).isEmpty());
    window_->importRunsFile(writeRunsFile(dir, "lab.csv", kGuiRuns),
                            runs::ImportPolicy::AllOrNothing);
    auto* view = window_->runsView();
    window_->viewTabs()->setCurrentWidget(view);
    view->table()->selectRow(0);
    const auto ids = view->selectedIds();
    QCOMPARE(ids.size(), std::size_t(1));
    window_->deleteRuns(ids);
    QCOMPARE(window_->measuredRuns().size(), std::size_t(3));
    doc_->undoStack()->undo();
    QCOMPARE(window_->measuredRuns().size(), std::size_t(4));
    bool back = false;
    for (const auto& r : window_->measuredRuns()) {
        back = back || r.id == ids.front();
    }
    QVERIFY(back);
    doc_->undoStack()->redo();
    QCOMPARE(window_->measuredRuns().size(), std::size_t(3));
}

void TestGui::runsCalibrationAppliesToSession() {
    QTemporaryDir dir;
    QVERIFY(window_->openRunDatabase(dir.filePath("runs.sqlite")).isEmpty());
    window_->importRunsFile(writeRunsFile(dir, "lab.csv", kGuiRuns),
                            runs::ImportPolicy::AllOrNothing);
    std::vector<std::int64_t> ids;
    for (const auto& r : window_->measuredRuns()) {
        ids.push_back(r.id);
    }
    const double before = *doc_->state().stencil.cIterByGpu.at("gtx980").value;
    const auto c = window_->calibrateSession(ids);
    QCOMPARE(c.runsUsed, std::size_t(3)); // the Titan X run is another pair
    QVERIFY(c.after.rmse <= c.before.rmse);
    window_->applyCalibration(c);
    const Quantity& q = doc_->state().stencil.cIterByGpu.at("gtx980");
    QCOMPARE(*q.value, c.values.front().after);
    QVERIFY(q.source.starts_with("fitted from 3 runs"));
    QVERIFY(q.edited);
    // The runs view now predicts with the fitted value.
    auto* view = window_->runsView();
    window_->viewTabs()->setCurrentWidget(view);
    view->gpuFilter()->setCurrentIndex(view->gpuFilter()->findData("gtx980"));
    QCOMPARE(view->stats().all.rmse, runs::errorStats(c.residuals, false).rmse);
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().stencil.cIterByGpu.at("gtx980").value, before);
}

void TestGui::runsBadFilesKeepState() {
    QTemporaryDir dir;
    QVERIFY(window_->openRunDatabase(dir.filePath("runs.sqlite")).isEmpty());
    const auto bad = window_->importRunsFile(
        writeRunsFile(dir, "bad.csv", kGuiRuns + "gtx980,heat2d,8192,8192,8192,8,256,8,256,nan\n"),
        runs::ImportPolicy::AllOrNothing);
    QVERIFY(!bad.committed);
    QCOMPARE(bad.issues.front().line, std::size_t(6));
    QVERIFY(window_->measuredRuns().empty());
    const QString notDb = writeRunsFile(dir, "notes.sqlite", "not a database\n");
    const QString error = window_->openRunDatabase(notDb);
    QVERIFY(error.contains("not a SQLite database"));
    QFile f(notDb);
    f.open(QIODevice::ReadOnly);
    QCOMPARE(f.readAll(), QByteArray("not a database\n"));
    QVERIFY(window_->measuredRuns().empty());
}
