// Offscreen GUI tests: the default session, live updates to core's numbers, undo/redo,
// session round trip, invalid files and fields, export. Run with QT_QPA_PLATFORM=offscreen.

#include "breakdown_view.hpp"
#include "gpu_editor.hpp"
#include "main_window.hpp"
#include "parameter_form.hpp"
#include "plot_theme.hpp"
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
    QCOMPARE(window_->viewTabs()->count(), 5);
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
