// Offscreen GUI tests: the default session, live updates to core's numbers, undo/redo,
// session round trip, invalid files and fields, export. Run with QT_QPA_PLATFORM=offscreen.

#include "architecture_view.hpp"
#include "area/area_model.hpp"
#include "breakdown_view.hpp"
#include "codesign_view.hpp"
#include "die_area_view.hpp"
#include "gpu_editor.hpp"
#include "main_window.hpp"
#include "parameter_form.hpp"
#include "plot_theme.hpp"
#include "search/codesign.hpp"
#include "search/tile_search.hpp"
#include "session_document.hpp"
#include "stencil_editor.hpp"
#include "sweep_view.hpp"
#include "tile_space_map_view.hpp"
#include "tiling_editor.hpp"
#include "tiling_geometry_view.hpp"
#include "top_tilings_view.hpp"
#include "variant_editor.hpp"
#include "view_export.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
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
    QCOMPARE(window_->viewTabs()->count(), 8);
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
