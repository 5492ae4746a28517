// SPDX-License-Identifier: GPL-3.0-or-later
// The runs workspace's GUI suite (offscreen): its views equal core, edits are undoable,
// bad input keeps the state.

#include "area/architecture_view.hpp"
#include "area/area_model.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/parameter_form.hpp"
#include "common/view_export.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/bottleneck_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/power_model.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "params/gpu_description.hpp"
#include "runs/run_stats.hpp"
#include "runs/runs_table_model.hpp"
#include "runs/runs_view.hpp"
#include "search/codesign.hpp"
#include "search/tile_search.hpp"
#include "start_page.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
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
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>
#include <filesystem>
#include <functional>
#include <map>
#include <qcustomplot.h>

using namespace cdx;

class TestGuiRuns : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void syntheticExampleOpensItsOwnDatabase();
    void importReportDefaultsToClose();
    void importReportOffersTheValidRows();
    void emptyDatabaseShowsNotAvailable();
    void init() { openWindow("runs"); }
    void cleanup() { closeWindow(); }
    void runsImportShowsCoreStats();
    void runsDeleteIsUndoable();
    void runsCalibrationAppliesToSession();
    void runsBadFilesKeepState();
    void withinFieldUpdatesRowsInPlace();
    void tableSortsEveryColumnAsItsValues();
    void runsOfTheUsersOwnGpu();

private:
    app::TalgWorkspace* talg() const { return window_->workspace<app::TalgWorkspace>(); }
    app::AreaWorkspace* area() const { return window_->workspace<app::AreaWorkspace>(); }
    app::MwpWorkspace* mwp() const { return window_->workspace<app::MwpWorkspace>(); }
    app::RunsWorkspace* runsWs() const { return window_->workspace<app::RunsWorkspace>(); }
    runs::Calibration calibrateSession(const std::vector<std::int64_t>& ids) const {
        const SessionState& s = doc_->state();
        return runs::calibrate(window_->runDatabase()->runsWithIds(ids), s.gpu, s.stencil,
                               s.variant, runs::CalibrationOptions{},
                               QDate::currentDate().toString(Qt::ISODate).toStdString());
    }
};

namespace {
QString writeRunsFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    return test::writeFile(dir, name, text);
}
// Three runs of the default session's problem (Heat 2D 8192^2 x 8192, GTX 980) and one of
// Titan X; the times are invented for the test, not measurements.
const QByteArray kGuiRuns = "gpu,stencil,s1,s2,t,ts1,ts2,tt,threads,time_s\n"
                            "gtx980,heat2d,8192,8192,8192,128,32,2,256,11.9\n"
                            "gtx980,heat2d,8192,8192,8192,8,256,8,256,12.5\n"
                            "gtx980,heat2d,8192,8192,8192,16,128,10,128,13.1\n"
                            "titanx,heat2d,8192,8192,8192,8,256,8,256,9.5\n";
} // namespace

void TestGuiRuns::runsImportShowsCoreStats() {
    QTemporaryDir dir;
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    auto* view = runsWs()->runsView();
    runsWs()->viewTabs()->setCurrentWidget(view);
    const auto rep =
        importRuns(writeRunsFile(dir, "lab.csv", kGuiRuns), runs::ImportPolicy::AllOrNothing);
    QVERIFY(rep.committed);
    QCOMPARE(rep.inserted, std::size_t(4));
    QCOMPARE(measuredRuns().size(), std::size_t(4));
    QCOMPARE(view->table()->model()->rowCount(), 4);
    // Predicted as `cdx runs stats` does: the shipped profile each run names, default variant.
    const auto core =
        runs::runStats(measuredRuns(), runs::ProfileSet::shipped(), talg::TalgVariant{}, 0.2);
    QCOMPARE(view->stats().all.n, core.all.n);
    QCOMPARE(view->stats().all.rmse, core.all.rmse);
    QCOMPARE(view->stats().nearBest.n, core.nearBest.n);
    QVERIFY(view->statsLabel()->text().contains(QString::number(core.all.rmse * 100, 'f', 2)));
    // How well the model chooses (issue 57), as core ranks the same runs: two experiments (the
    // GTX 980's three runs, the Titan X's one), summed up by range.
    const auto ranking = runs::rankingStats(core.pairs, 10);
    QCOMPARE(ranking.size(), std::size_t(2));
    QVERIFY2(view->statsLabel()->text().contains("How well the model chooses, over 2 experiments"),
             qPrintable(view->statsLabel()->text()));
    // The map and the sweep mark the runs of the session's experiment on their slice.
    const SessionState& st = doc_->state();
    window_->showWorkspace(talg());
    talg()->viewTabs()->setCurrentWidget(talg()->mapView());
    const auto onMap = runs::runsOnSlice(measuredRuns(), st.gpu.id, st.stencil.id, st.problem,
                                         st.tiles, {"tT", "tS2"});
    QCOMPARE(onMap.size(), std::size_t(1)); // the run at the default optimum's tS1 = 128
    QCOMPARE(talg()->mapView()->measuredShown(), onMap.size());
    talg()->viewTabs()->setCurrentWidget(talg()->sweepView());
    talg()->sweepView()->setParameter("tS1");
    const auto onSweep =
        runs::runsOnSlice(measuredRuns(), st.gpu.id, st.stencil.id, st.problem, st.tiles, {"tS1"});
    QCOMPARE(talg()->sweepView()->measuredShown(), onSweep.size());
    window_->showWorkspace(runsWs());
    // Filters: the session's problem on the session GPU only.
    view->sessionProblemOnly()->setChecked(true);
    QCOMPARE(view->table()->model()->rowCount(), 3);
    // The status line's statistics are of the runs shown, after every filter step.
    QVERIFY(view->stats().all.n > 0 && view->stats().all.n < 4);
    QVERIFY2(window_->statusText().contains(QString("over %1 shown runs").arg(view->stats().all.n)),
             qPrintable(window_->statusText()));
    view->sessionProblemOnly()->setChecked(false);
    view->gpuFilter()->setCurrentIndex(view->gpuFilter()->findData("titanx"));
    QCOMPARE(view->table()->model()->rowCount(), 1);
    // Both: the session's problem is on the GTX 980, so no Titan X run is shown.
    view->sessionProblemOnly()->setChecked(true);
    QCOMPARE(view->table()->model()->rowCount(), 0);
    QCOMPARE(view->stats().runs, std::size_t(0));
    view->sessionProblemOnly()->setChecked(false);
    // Re-importing the same file adds nothing.
    const auto again = importRuns(dir.filePath("lab.csv"), runs::ImportPolicy::AllOrNothing);
    QCOMPARE(again.duplicates, std::size_t(4));
    QCOMPARE(measuredRuns().size(), std::size_t(4));
}

void TestGuiRuns::runsDeleteIsUndoable() {
    QTemporaryDir dir;
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    importRuns(writeRunsFile(dir, "lab.csv", kGuiRuns), runs::ImportPolicy::AllOrNothing);
    auto* view = runsWs()->runsView();
    runsWs()->viewTabs()->setCurrentWidget(view);
    view->table()->selectRow(0);
    const auto ids = view->selectedIds();
    QCOMPARE(ids.size(), std::size_t(1));
    window_->runDatabase()->deleteRuns(ids);
    QCOMPARE(measuredRuns().size(), std::size_t(3));
    doc_->undoStack()->undo();
    QCOMPARE(measuredRuns().size(), std::size_t(4));
    bool back = false;
    for (const auto& r : measuredRuns()) {
        back = back || r.id == ids.front();
    }
    QVERIFY(back);
    doc_->undoStack()->redo();
    QCOMPARE(measuredRuns().size(), std::size_t(3));
}

void TestGuiRuns::runsCalibrationAppliesToSession() {
    QTemporaryDir dir;
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    importRuns(writeRunsFile(dir, "lab.csv", kGuiRuns), runs::ImportPolicy::AllOrNothing);
    std::vector<std::int64_t> ids;
    for (const auto& r : measuredRuns()) {
        ids.push_back(r.id);
    }
    const double before = *doc_->state().gpu.cIterByStencil.at("heat2d").value;
    const auto c = calibrateSession(ids);
    QCOMPARE(c.runsUsed, std::size_t(3)); // the Titan X run is another pair
    QVERIFY(c.after.rmse <= c.before.rmse);
    runsWs()->applyCalibration(c);
    const Quantity& q = doc_->state().gpu.cIterByStencil.at("heat2d");
    QCOMPARE(*q.value, c.values.front().after);
    QVERIFY(q.source.starts_with("fitted from 3 runs"));
    QVERIFY(q.edited);
    // The runs view predicts with the shipped C_iter, and with the fitted one on the what-if.
    auto* view = runsWs()->runsView();
    runsWs()->viewTabs()->setCurrentWidget(view);
    view->whatIf()->setChecked(true);
    view->gpuFilter()->setCurrentIndex(view->gpuFilter()->findData("gtx980"));
    QCOMPARE(view->stats().all.rmse, runs::errorStats(c.residuals, false).rmse);
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().gpu.cIterByStencil.at("heat2d").value, before);
}

void TestGuiRuns::runsBadFilesKeepState() {
    QTemporaryDir dir;
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    const auto bad = importRuns(
        writeRunsFile(dir, "bad.csv", kGuiRuns + "gtx980,heat2d,8192,8192,8192,8,256,8,256,nan\n"),
        runs::ImportPolicy::AllOrNothing);
    QVERIFY(!bad.committed);
    QCOMPARE(bad.issues.front().line, std::size_t(6));
    QVERIFY(measuredRuns().empty());
    const QString notDb = writeRunsFile(dir, "notes.sqlite", "not a database\n");
    const QString error = window_->runDatabase()->open(notDb);
    QVERIFY(error.contains("not a SQLite database"));
    QFile f(notDb);
    f.open(QIODevice::ReadOnly);
    QCOMPARE(f.readAll(), QByteArray("not a database\n"));
    QVERIFY(measuredRuns().empty());
}

namespace {
// Waits for the import report dialog and runs `act` on it (the dialog is modal).
void onReport(const std::function<void(QDialog*)>& act) {
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, act] {
        if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            d && d->objectName() == "importReport") {
            timer->stop();
            timer->deleteLater();
            act(d);
        }
    });
    timer->start();
}
} // namespace

// Enter on the report of a refused file closes it: nothing is imported (Enter imported the
// valid rows before, although the report said "Nothing was imported").
void TestGuiRuns::importReportDefaultsToClose() {
    QTemporaryDir dir;
    const QString path =
        writeRunsFile(dir, "bad.csv", kGuiRuns + "gtx980,heat2d,8192,8192,8192,8,256,7,256,1.0\n");
    bool seen = false;
    QString headline;
    onReport([&](QDialog* d) {
        seen = true;
        auto* box = d->findChild<QDialogButtonBox*>();
        QPushButton* close = box->button(QDialogButtonBox::Close);
        QVERIFY(close && close->isDefault());
        for (auto* l : d->findChildren<QLabel*>()) {
            headline += l->text();
        }
        QTest::keyClick(d, Qt::Key_Return);
    });
    runsWs()->importInteractive(path);
    QTRY_VERIFY_WITH_TIMEOUT(seen, 10000);
    QTRY_VERIFY(!QApplication::activeModalWidget());
    QVERIFY2(headline.contains("Nothing was imported"), qPrintable(headline));
    QVERIFY(measuredRuns().empty());
}

// A partial import is offered once, with the count of the rows it would import.
void TestGuiRuns::importReportOffersTheValidRows() {
    QTemporaryDir dir;
    const QString path =
        writeRunsFile(dir, "bad.csv", kGuiRuns + "gtx980,heat2d,8192,8192,8192,8,256,7,256,1.0\n");
    int dialogs = 0;
    QString offered;
    const auto accept = [&](QDialog* d) {
        ++dialogs;
        for (auto* b : d->findChildren<QPushButton*>()) {
            if (b->text().startsWith("Import the")) {
                offered = b->text();
                b->click();
                return;
            }
        }
        d->reject();
    };
    onReport(accept);
    runsWs()->importInteractive(path);
    QTRY_COMPARE_WITH_TIMEOUT(measuredRuns().size(), std::size_t(4), 10000);
    QCOMPARE(offered, QString("Import the 4 valid rows"));
    QTest::qWait(100);
    QCOMPARE(dialogs, 1); // the second, partial import does not ask again
    QVERIFY(!QApplication::activeModalWidget());
}

// No run with a prediction: "n/a", never "RMSE 0.0 %".
void TestGuiRuns::emptyDatabaseShowsNotAvailable() {
    auto* view = runsWs()->runsView();
    QVERIFY(measuredRuns().empty());
    QVERIFY2(view->statsLabel()->text().contains("n/a"), qPrintable(view->statsLabel()->text()));
    QVERIFY(!view->statsLabel()->text().contains("0.0"));
    QVERIFY(!view->csv().contains("RMSE 0.0"));
    QVERIFY(window_->statusText().contains("n/a"));
}

// The Start page's synthetic runs open in a database of their own: the user's default stays.
void TestGuiRuns::syntheticExampleOpensItsOwnDatabase() {
    const QString before = app::RunDatabase::defaultPath();
    QVERIFY(window_->startPage()->follow("extra:synthetic_runs"));
    window_->runDatabase()->job()->waitForFinished();
    QCOMPARE(window_->currentWorkspace(), static_cast<app::Workspace*>(runsWs()));
    QVERIFY(window_->runDatabase()->path().endsWith("examples/synthetic-runs.sqlite"));
    QVERIFY(measuredRuns().size() > 100);
    QCOMPARE(app::RunDatabase::defaultPath(), before);
    QVERIFY(runsWs()->runsView()->stats().all.n > 100);
}

// Issue 43: runs measured on a GPU of the user's import in the window and are predicted with its
// description; with the file gone, with the description the database stored.
void TestGuiRuns::runsOfTheUsersOwnGpu() {
    saveUserProfile(
        "gpus", deriveGpuProfile(loadGpuProfile("h100-sxm5"), "lab-h100", "Lab H100", {"n_sm=144"}),
        true);
    QTemporaryDir dir;
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    auto* view = runsWs()->runsView();
    runsWs()->viewTabs()->setCurrentWidget(view);
    const QByteArray csv = "gpu,stencil,s1,s2,t,ts1,ts2,tt,time_s\n"
                           "lab-h100,heat2d,4096,4096,1024,8,64,8,0.5\n"
                           "lab-h100,heat2d,4096,4096,1024,16,64,4,0.6\n";
    const auto rep =
        importRuns(writeRunsFile(dir, "lab.csv", csv), runs::ImportPolicy::AllOrNothing);
    QCOMPARE(rep.inserted, std::size_t(2));
    QCOMPARE(view->stats().all.n, std::size_t(2));
    QCOMPARE(view->stats().unpredicted, std::size_t(0));
    const double rmse = view->stats().all.rmse;
    QVERIFY2(!view->subtitleText().contains("copy"), qPrintable(view->subtitleText()));
    QVERIFY(std::filesystem::remove(userProfileFolder() / "gpus" / "lab-h100.json"));
    QVERIFY(window_->runDatabase()->open(dir.filePath("runs.sqlite")).isEmpty());
    QCOMPARE(view->stats().all.n, std::size_t(2));
    QCOMPARE(view->stats().all.rmse, rmse);
    // Issue 55: the view says where those predictions come from (it said "shipped profiles").
    QVERIFY2(view->subtitleText().contains("GPU lab-h100 from the database's copy"),
             qPrintable(view->subtitleText()));
}

CDX_GUI_TEST_MAIN(TestGuiRuns)

#include "test_gui_runs.moc"

// Issue 33: the "within X %" field updates the error column of the rows on screen (sorted as the
// user left them) instead of re-creating them; the table then equals a fresh view's.
void TestGuiRuns::withinFieldUpdatesRowsInPlace() {
    std::vector<runs::Run> all;
    for (int i = 0; i < 60; ++i) {
        runs::Run r;
        r.id = i + 1;
        r.gpu = "gtx980";
        r.stencil = "heat2d";
        r.space = {4096, 4096, 1};
        r.time = 1024;
        r.tile = {8 + 8 * (i % 6), 32 * (1 + i % 4), 1};
        r.tt = 2 + 2 * (i % 5);
        r.timeSeconds = 0.02 * (1 + 0.05 * (i % 7));
        all.push_back(r);
    }
    widgets::RunsView moved;
    moved.setSession(defaultSession());
    moved.setRuns(all, "t.sqlite");
    moved.table()->sortByColumn(8, Qt::DescendingOrder); // the user sorted by the measured time
    QAbstractItemModel* model = moved.table()->model();
    const QPersistentModelIndex first = model->index(0, 0);
    const qlonglong firstId = model->data(first, Qt::UserRole + 1).toLongLong();
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
    moved.withinBox()->setValue(35);
    QCOMPARE(resets.count(), 0); // the rows were not made again
    QVERIFY(changed.count() > 0);
    QCOMPARE(first.row(), 0);
    QCOMPARE(model->data(model->index(0, 0), Qt::UserRole + 1).toLongLong(), firstId);
    widgets::RunsView fresh;
    fresh.setSession(defaultSession());
    fresh.setRuns(all, "t.sqlite");
    fresh.withinBox()->setValue(35);
    const auto rows = [](const QAbstractItemModel* t) {
        std::map<qlonglong, QStringList> out;
        for (int r = 0; r < t->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < t->columnCount(); ++c) {
                cells << t->data(t->index(r, c)).toString()
                      << t->data(t->index(r, c), Qt::ToolTipRole).toString();
            }
            out[t->data(t->index(r, 0), Qt::UserRole + 1).toLongLong()] = cells;
        }
        return out;
    };
    QCOMPARE(rows(model), rows(fresh.table()->model()));
    QCOMPARE(model->rowCount(), 60);
    // Sorted by the measured time, longest first, equal times in the database's order.
    for (int r = 1; r < 60; ++r) {
        const double above = model->data(model->index(r - 1, 8), Qt::UserRole + 1).toDouble();
        const double here = model->data(model->index(r, 8), Qt::UserRole + 1).toDouble();
        QVERIFY(
            above > here ||
            (above == here && model->data(model->index(r - 1, 0), Qt::UserRole + 1).toLongLong() <
                                  model->data(model->index(r, 0), Qt::UserRole + 1).toLongLong()));
    }
    int stars = 0;
    for (int r = 0; r < 60; ++r) {
        stars += model->data(model->index(r, 10)).toString().contains(QStringLiteral("★"));
    }
    QVERIFY(stars > 0 && stars < 60); // the field changed something to update
}

// Issue 44: the runs table is a model over the shared run list (no item per cell). Every column
// sorts by its value both ways, equal values in the database's order, and keeps its order
// through a filter step; a selection follows its runs through a sort.
void TestGuiRuns::tableSortsEveryColumnAsItsValues() {
    std::vector<runs::Run> all;
    const char* gpus[] = {"titanx", "gtx980", "no-such-gpu"};
    const char* stencils[] = {"jacobi2d", "heat2d"};
    for (int i = 0; i < 240; ++i) {
        runs::Run r;
        r.id = i + 1;
        r.gpu = gpus[i % 3];
        r.stencil = stencils[(i / 3) % 2];
        r.space = {i % 5 == 0 ? 8192 : 4096, 4096, 1};
        r.time = 1024 * (1 + i % 2);
        r.tile = {8 + 8 * (i % 6), 32 * (1 + i % 4), 1};
        r.tt = 2 + 2 * (i % 5);
        if (i % 4) {
            r.threads = 128 * (1 + i % 3);
        }
        r.timeSeconds = 0.02 * (1 + 0.05 * (i % 7));
        r.source = i % 2 ? "b.csv" : "a.csv";
        all.push_back(r);
    }
    widgets::RunsView view;
    view.setSession(defaultSession());
    view.setRuns(all, "t.sqlite");
    QVERIFY(qobject_cast<widgets::RunsTableModel*>(view.table()->model()) != nullptr);
    QCOMPARE(view.findChildren<QTableWidget*>().size(), 0);
    // The reference: core's predictions of the same runs, and each column's value.
    const auto st = runs::runStats(all, runs::ProfileSet::shipped(), talg::TalgVariant{}, 0.2);
    QVERIFY(st.unpredicted > 0 && st.unpredicted < all.size());
    using Key = std::tuple<double, std::string, std::array<std::int64_t, 3>>;
    const auto key = [&](const runs::RunPair& p, int column) -> Key {
        const runs::Run& r = p.run;
        switch (column) {
        case 0:
            return {static_cast<double>(r.id), "", {}};
        case 1:
            return {0, r.gpu, {}};
        case 2:
            return {0, r.stencil, {}};
        case 3:
            return {0, "", r.space};
        case 4:
            return {static_cast<double>(r.time), "", {}};
        case 5:
            return {0, "", r.tile};
        case 6:
            return {static_cast<double>(r.tt), "", {}};
        case 7:
            return {static_cast<double>(r.threads.value_or(0)), "", {}};
        case 8:
            return {r.timeSeconds, "", {}};
        case 9:
            return {p.predicted ? p.tAlg : 0, "", {}};
        case 10:
            return {p.predicted ? p.relError : 0, "", {}};
        default:
            return {0, r.source, {}};
        }
    };
    QAbstractItemModel* model = view.table()->model();
    const auto idsShown = [&] {
        std::vector<std::int64_t> ids;
        for (int r = 0; r < model->rowCount(); ++r) {
            ids.push_back(model->data(model->index(r, 0), Qt::UserRole + 1).toLongLong());
        }
        return ids;
    };
    const auto expected = [&](int column, Qt::SortOrder order, const std::string& stencil) {
        std::vector<runs::RunPair> pairs;
        for (const auto& p : st.pairs) {
            if (stencil.empty() || p.run.stencil == stencil) {
                pairs.push_back(p);
            }
        }
        std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
            return order == Qt::AscendingOrder ? key(a, column) < key(b, column)
                                               : key(b, column) < key(a, column);
        });
        std::vector<std::int64_t> ids;
        for (const auto& p : pairs) {
            ids.push_back(p.run.id);
        }
        return ids;
    };
    int checked = 0;
    for (int column = 0; column < model->columnCount(); ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            view.stencilFilter()->setCurrentIndex(0);
            view.table()->sortByColumn(column, order);
            QCOMPARE(idsShown(), expected(column, order, ""));
            // A filter step keeps the order.
            view.stencilFilter()->setCurrentIndex(view.stencilFilter()->findData("heat2d"));
            QCOMPARE(idsShown(), expected(column, order, "heat2d"));
            checked += 2;
        }
    }
    QCOMPARE(checked, 48);
    // The selection follows its runs through a sort.
    view.stencilFilter()->setCurrentIndex(0);
    view.table()->sortByColumn(0, Qt::AscendingOrder);
    view.table()->selectRow(3);
    view.table()->selectionModel()->select(model->index(7, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const std::vector<std::int64_t> chosen{4, 8};
    QCOMPARE(view.selectedIds(), chosen);
    view.table()->sortByColumn(8, Qt::DescendingOrder);
    QCOMPARE(view.selectedIds(), chosen);
    QVERIFY(idsShown().front() != 1); // the rows did move
}
