// SPDX-License-Identifier: GPL-3.0-or-later
// The study view's GUI suite (offscreen; issue 60): File ▸ Open Study Results shows the table
// and the scatter of a results file of `cdx study run`; filters, sorting and the Pareto fronts
// equal core's; a click on a point selects its row and Open puts that design or tiling into its
// workspace as one undoable edit; exports and bad files are answered.

#include "cdx/cli.hpp"
#include "common/view_export.hpp"
#include "gui/gui_fixture.hpp"
#include "study/study_store.hpp"
#include "views/study_view.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>
#include <sstream>

using namespace cdx;

namespace {

// Runs `cdx study run` in this process (one job: no worker processes) and returns the file.
QString runStudy(const QTemporaryDir& dir, const QString& name, const QByteArray& spec) {
    const QString file = test::writeFile(dir, name + ".study.json", spec);
    const QString out = dir.filePath(name + ".sqlite");
    std::ostringstream o;
    std::ostringstream e;
    const int rc = cli::runCdx(
        {"study", "run", file.toStdString(), "--out", out.toStdString(), "--jobs", "1"}, o, e);
    if (rc != 0) {
        qWarning("%s", e.str().c_str());
        return {};
    }
    return out;
}

const QByteArray kOptimize = R"({"format": "codesign-explorer-study", "version": 1,
    "name": "tilings", "question": "optimize", "top": 2,
    "fixed": {"stencil": "heat2d", "time": 1024},
    "axes": [{"name": "gpu", "values": ["gtx980", "titanx"]},
             {"name": "space", "values": [[2048, 2048], [4096, 4096]]}]})";

const QByteArray kCodesign = R"({"format": "codesign-explorer-study", "version": 1,
    "name": "small designs", "question": "codesign",
    "fixed": {"workload": "ppopp17", "n_sm": "8,16", "n_v": "64,128", "m_sm_kb": "48,96",
              "area": "100:700"},
    "axes": [{"name": "node", "values": [28, 16]},
             {"name": "gpu", "values": ["gtx980", "titanx"]}]})";

} // namespace

class TestGuiStudy : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(""); }
    void cleanup() { closeWindow(); }
    void opensTableAndPlot();
    void filtersAndSortFollowTheValues();
    void frontsEqualCore();
    void clickSelectsAndOpenIsUndoable();
    void optimizeRowOpensItsTiling();
    void axisNamedAsAnAnswerOpensTheAnswer();
    void exportsAreWrittenAndConfirmed();
    void badFilesAreRefused();
};

void TestGuiStudy::opensTableAndPlot() {
    QTemporaryDir dir;
    const QString results = runStudy(dir, "opt", kOptimize);
    QVERIFY(!results.isEmpty());
    app::StudyView* v = window_->openStudy(results);
    QVERIFY(v != nullptr);
    QVERIFY(QTest::qWaitForWindowExposed(v));
    QCOMPARE(v->table().rows.size(), std::size_t{8}); // 4 points x the 2 best tilings
    QCOMPARE(v->tableView()->model()->rowCount(), 8);
    QVERIFY2(v->summary().contains("tilings — optimize at 4 of 4 points (4 ok), 8 rows"),
             qPrintable(v->summary()));
    QCOMPARE(v->xColumn()->currentData().toString(), QString("point"));
    QCOMPARE(v->yColumn()->currentData().toString(), QString("T_alg_s"));
    QCOMPARE(v->groupColumn()->currentData().toString(), QString("gpu"));
    QCOMPARE(v->axisFilters().size(), std::size_t{2});
    // Every row is a point of the plot, one graph per GPU (+ the fronts' lines).
    int points = 0;
    int legend = 0;
    for (int i = 0; i < v->plot()->graphCount(); ++i) {
        if (v->plot()->graph(i)->lineStyle() == QCPGraph::lsNone) {
            points += v->plot()->graph(i)->dataCount();
            ++legend;
        }
    }
    QCOMPARE(points, 8);
    QCOMPARE(legend, 2);
    QVERIFY(window_->statusText().contains("Opened the study results"));
}

void TestGuiStudy::filtersAndSortFollowTheValues() {
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "opt", kOptimize));
    QVERIFY(v != nullptr);
    v->axisFilters()[0]->setCurrentIndex(v->axisFilters()[0]->findData("titanx"));
    QCOMPARE(v->shownRows().size(), std::size_t{4});
    const auto gpuColumn = study::columnIndex(v->table(), "gpu", "gpu");
    for (const auto r : v->shownRows()) {
        QCOMPARE(study::text(v->table().rows[r][gpuColumn]), std::string("titanx"));
    }
    v->textFilter()->setText("4096");
    QCOMPARE(v->shownRows().size(), std::size_t{2});
    v->textFilter()->clear();
    v->axisFilters()[0]->setCurrentIndex(0);
    QCOMPARE(v->shownRows().size(), std::size_t{8});
    // Sorted by T_alg_s: as numbers, not as texts.
    const int c = static_cast<int>(study::columnIndex(v->table(), "T_alg_s", "t"));
    v->tableView()->sortByColumn(c, Qt::AscendingOrder);
    double last = -1;
    for (const auto r : v->shownRows()) {
        const double t = *study::number(v->table().rows[r][static_cast<std::size_t>(c)]);
        QVERIFY(t >= last);
        last = t;
    }
}

void TestGuiStudy::frontsEqualCore() {
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "cd", kCodesign));
    QVERIFY(v != nullptr);
    QCOMPARE(v->xColumn()->currentData().toString(), QString("area_mm2"));
    QCOMPARE(v->yColumn()->currentData().toString(), QString("weighted_time_s"));
    QCOMPARE(v->groupColumn()->currentData().toString(), QString("node"));
    const auto core = study::paretoFronts(v->table(), "area_mm2", "weighted_time_s", "node");
    QCOMPARE(v->fronts().size(), core.size());
    for (std::size_t i = 0; i < core.size(); ++i) {
        QCOMPARE(v->fronts()[i].group, core[i].group);
        QCOMPARE(v->fronts()[i].rows, core[i].rows);
    }
    // Larger y is better: the front flips to the other corner, as core's max: does.
    v->frontChoice()->setCurrentIndex(v->frontChoice()->findData("min,max"));
    const auto flipped = study::paretoFronts(v->table(), "area_mm2", "max:weighted_time_s", "node");
    QCOMPARE(v->fronts().front().rows, flipped.front().rows);
    v->frontChoice()->setCurrentIndex(v->frontChoice()->findData(""));
    QVERIFY(v->fronts().empty());
}

void TestGuiStudy::clickSelectsAndOpenIsUndoable() {
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "cd", kCodesign));
    QVERIFY(v != nullptr);
    QVERIFY(QTest::qWaitForWindowExposed(v));
    const SessionState before = doc_->state();
    // The best design of the last point (titanx at 16 nm): click where the plot draws it.
    const auto& t = v->table();
    const auto bestColumn = study::columnIndex(t, "best", "best");
    std::size_t row = t.rows.size();
    for (std::size_t r = t.rows.size(); r-- > 0;) {
        if (study::text(t.rows[r][bestColumn]) == "1") {
            row = r;
            break;
        }
    }
    QVERIFY(row < t.rows.size());
    QCustomPlot* plot = v->plot();
    plot->replot();
    const double x = *study::number(t.rows[row][study::columnIndex(t, "area_mm2", "x")]);
    const double y = *study::number(t.rows[row][study::columnIndex(t, "weighted_time_s", "y")]);
    const QPoint at(static_cast<int>(std::lround(plot->xAxis->coordToPixel(x))),
                    static_cast<int>(std::lround(plot->yAxis->coordToPixel(y))));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QVERIFY(v->selectedRow().has_value());
    // Another row at the same place may be taken: same design values, then.
    const std::size_t picked = *v->selectedRow();
    QCOMPARE(study::text(t.rows[picked][study::columnIndex(t, "area_mm2", "x")]),
             study::text(t.rows[row][study::columnIndex(t, "area_mm2", "x")]));
    QVERIFY(v->openButton()->isEnabled());
    QTest::mouseClick(v->openButton(), Qt::LeftButton);
    const SessionState& after = doc_->state();
    const auto design = [&](const char* c) {
        return *study::number(t.rows[picked][study::columnIndex(t, c, c)]);
    };
    QCOMPARE(after.gpu.id, std::string("titanx"));
    QCOMPARE(*after.gpu.params.at("n_sm").value, design("n_sm"));
    QCOMPARE(*after.gpu.params.at("n_v").value, design("n_v"));
    QCOMPARE(*after.gpu.params.at("m_sm_kb").value, design("m_sm_kb"));
    QCOMPARE(after.areaNode, 16);
    QCOMPARE(window_->currentWorkspace()->id(), QString("area"));
    QVERIFY2(v->messageLine()->text().startsWith("Opened point 3 (node=16, gpu=titanx), design"),
             qPrintable(v->messageLine()->text()));
    QVERIFY(window_->statusText().contains("Ctrl+Z returns the session"));
    doc_->undoStack()->undo();
    QVERIFY(doc_->state() == before);
}

void TestGuiStudy::axisNamedAsAnAnswerOpensTheAnswer() {
    // An axis n_sm (the grid's SM counts) beside the design's own n_sm (answer_n_sm): Open takes
    // the design's.
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "nsm", R"({"format":
        "codesign-explorer-study", "version": 1, "name": "n_sm axis", "question": "codesign",
        "fixed": {"workload": "ppopp17", "n_v": "64,128", "m_sm_kb": "48,96", "area": "100:700"},
        "axes": [{"name": "n_sm", "values": ["8,16", "4,12"]}]})"));
    QVERIFY(v != nullptr);
    const auto& t = v->table();
    const auto own = study::columnIndex(t, "answer_n_sm", "n");
    v->selectRow(0);
    const auto s = v->selectedSession();
    QCOMPARE(*s.state.gpu.params.at("n_sm").value, *study::number(t.rows[0][own]));
    QCOMPARE(study::text(t.rows[0][study::columnIndex(t, "n_sm", "n")]), std::string("8,16"));
}

void TestGuiStudy::optimizeRowOpensItsTiling() {
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "opt", kOptimize));
    QVERIFY(v != nullptr);
    const auto& t = v->table();
    v->selectRow(7); // titanx at 4096 x 4096, the second-best tiling
    QCOMPARE(v->selectedRow(), std::optional<std::size_t>(7));
    const auto s = v->selectedSession();
    QCOMPARE(s.workspace, std::string("talg"));
    QCOMPARE(s.state.gpu.id, std::string("titanx"));
    QCOMPARE(s.state.problem.space[0], std::int64_t{4096});
    QCOMPARE(s.state.problem.time, std::int64_t{1024});
    std::ostringstream tile;
    tile << s.state.tiles.space[0] << ',' << s.state.tiles.space[1];
    QCOMPARE(tile.str(), study::text(t.rows[7][study::columnIndex(t, "tile", "tile")]));
    QCOMPARE(std::to_string(s.state.tiles.time),
             study::text(t.rows[7][study::columnIndex(t, "tt", "tt")]));
    QTest::mouseClick(v->openButton(), Qt::LeftButton);
    QCOMPARE(window_->currentWorkspace()->id(), QString("talg"));
    QCOMPARE(doc_->state().tiles, s.state.tiles);
}

void TestGuiStudy::exportsAreWrittenAndConfirmed() {
    QTemporaryDir dir;
    app::StudyView* v = window_->openStudy(runStudy(dir, "opt", kOptimize));
    QVERIFY(v != nullptr);
    v->axisFilters()[1]->setCurrentIndex(1); // 2048,2048 only
    QString error;
    const QString png = dir.filePath("study.png");
    QVERIFY2(v->exportTo(png, &error), qPrintable(error));
    QImage image(png);
    QCOMPARE(image.size(), QSize(1400, 900));
    const QString csv = dir.filePath("study.csv");
    QVERIFY2(v->exportTo(csv, &error), qPrintable(error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains("point,answer,gpu,space,status,reason,tile,tt,k,T_alg_s"));
    QCOMPARE(text.count("\"2048,2048\""), 4); // the rows shown, not the others
    QCOMPARE(text.count("\"4096,4096\""), 0);
    QVERIFY(!v->exportTo(dir.filePath("no/such/folder/x.png"), &error));
    QVERIFY(!error.isEmpty());
}

void TestGuiStudy::badFilesAreRefused() {
    QTemporaryDir dir;
    const QString text = test::writeFile(dir, "notes.sqlite", "not a database, just words\n");
    QString error;
    QVERIFY(window_->openStudy(text, &error) == nullptr);
    QVERIFY2(error.contains("notes.sqlite") && error.contains("study results"), qPrintable(error));
    QVERIFY(window_->openStudy(dir.filePath("missing.sqlite"), &error) == nullptr);
    QVERIFY2(error.contains("no such file"), qPrintable(error));
    // A good file after a bad one opens as usual.
    QVERIFY(window_->openStudy(runStudy(dir, "opt", kOptimize), &error) != nullptr);
}

CDX_GUI_TEST_MAIN(TestGuiStudy)
#include "test_gui_study.moc"
