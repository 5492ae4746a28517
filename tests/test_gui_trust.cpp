// SPDX-License-Identifier: GPL-3.0-or-later
// The window's three rules (issue 28), driven through the real widgets (offscreen):
// 1. no edit is ever lost; 2. nothing the user does goes unanswered; 3. every label is true.

#include "common/number_field.hpp"
#include "common/parameter_form.hpp"
#include "eatss/eatss_editor.hpp"
#include "eatss/eatss_model.hpp"
#include "eatss/eatss_session.hpp"
#include "energy/energy_time_view.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/regime_map_view.hpp"
#include "mwp/temperature_view.hpp"
#include "runs/run_store.hpp"
#include "talg/gpu_editor.hpp"
#include "workspaces/eatss_workspace.hpp"
#include "workspaces/energy_workspace.hpp"
#include "workspaces/mwp_workspace.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

using namespace cdx;

class TestGuiTrust : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("talg"); }
    void cleanup() { closeWindow(); }

    // Rule 1: no edit is ever lost.
    void openingRunDatabaseKeepsEdits();
    void deleteIsUndoneInItsOwnDatabase();
    void refusedProgramStaysInItsEditor();
    void typedExtentsAreKept();
    void refusedFieldKeepsItsText();
    void ctrlZRevertsTypedTextFirst();
    // Rule 2: nothing the user does goes unanswered.
    void saveIsConfirmedInTheStatusLine();
    void refusedViewFieldsSayWhyAndChangeNothing();
    void refusalDoesNotMoveTheFields();
    // Rule 3: every label is true.
    void editedGpuIsNamedInEnergy();

private:
    widgets::ParameterForm* gpuForm() const {
        return window_->workspace<app::TalgWorkspace>()->gpuEditor()->form();
    }
    // Types `text` into a form field and leaves it (Enter), as the user does.
    static void type(QLineEdit* field, const QString& text) {
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
    }
};

// An edit, then Start ▸ "Synthetic measured runs": the session keeps its edit, its modified
// state and its undo history (opening a database cleared the history: the title lost its *,
// Ctrl+Q quit without asking).
void TestGuiTrust::openingRunDatabaseKeepsEdits() {
    type(gpuForm()->field("n_sm"), "20");
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    QVERIFY(doc_->isModified());
    QVERIFY(window_->windowTitle().contains("*"));
    auto* runs = window_->workspace<app::RunsWorkspace>();
    runs->openSyntheticExample();
    window_->runDatabase()->job()->waitForFinished();
    QTRY_VERIFY(!window_->runDatabase()->runs().empty());
    QVERIFY(doc_->isModified());
    QVERIFY(window_->windowTitle().contains("*"));
    QVERIFY(doc_->undoStack()->canUndo());
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 16.0);
}

// A delete in one database, another database opened, Undo: the runs come back in the first.
void TestGuiTrust::deleteIsUndoneInItsOwnDatabase() {
    const QString first = tempPath("first.sqlite");
    QVERIFY(window_->runDatabase()->open(first, false).isEmpty());
    const QString csv = test::writeFile(*data_, "two.csv",
                                        "gpu,stencil,s1,s2,t,ts1,ts2,tt,time_s\n"
                                        "gtx980,heat2d,4096,4096,512,32,32,8,0.5\n"
                                        "gtx980,heat2d,4096,4096,512,64,32,8,0.6\n");
    const auto report = importRuns(csv, runs::ImportPolicy::AllOrNothing);
    QVERIFY(report.committed);
    QCOMPARE(measuredRuns().size(), std::size_t(2));
    const std::int64_t id = measuredRuns().front().id;
    QVERIFY(window_->runDatabase()->deleteRuns({id}).isEmpty());
    QCOMPARE(measuredRuns().size(), std::size_t(1));
    QVERIFY(window_->runDatabase()->open(tempPath("second.sqlite"), false).isEmpty());
    QVERIFY(doc_->undoStack()->canUndo());
    doc_->undoStack()->undo();
    QVERIFY(measuredRuns().empty()); // the open (second) database is not touched
    QVERIFY(window_->statusText().contains("first.sqlite"));
    QVERIFY(window_->runDatabase()->open(first, false).isEmpty());
    QCOMPARE(measuredRuns().size(), std::size_t(2));
}

// A malformed .rels program is refused with the reason and stays in the editor, marked, through
// other edits, until it is fixed or reverted.
void TestGuiTrust::refusedProgramStaysInItsEditor() {
    auto* eatssWs = window_->workspace<app::EatssWorkspace>();
    window_->showWorkspace(eatssWs);
    widgets::EatssEditor* editor = eatssWs->editor();
    const SessionState before = doc_->state();
    const QString typo = "1\nS1:i*,j*,k\n3\nC:i,j:1,1\nA:i,k:1,1\nB:k,j,q:1,1\n";
    editor->programText()->setPlainText(typo);
    editor->applyButton()->click();
    QVERIFY(sameSession(doc_->state(), before));
    QCOMPARE(editor->programText()->toPlainText(), typo);
    QVERIFY(editor->lastError().contains("program.rels:6"));
    QVERIFY(editor->revertButton()->isEnabled());
    QVERIFY(editor->programText()->property("refused").toBool());
    // Another edit (the precision) keeps the typed program and its message.
    const int other = editor->precisionBox()->currentIndex() == 0 ? 1 : 0;
    editor->precisionBox()->setCurrentIndex(other);
    emit editor->precisionBox()->activated(other);
    QVERIFY(!sameSession(doc_->state(), before));
    QCOMPARE(editor->programText()->toPlainText(), typo);
    QVERIFY(editor->lastError().contains("program.rels:6"));
    // Fixed and applied: taken, the mark and the message go.
    QString fixed = typo;
    fixed.replace("B:k,j,q:1,1", "B:k,j:1,1");
    editor->programText()->setPlainText(fixed);
    editor->applyButton()->click();
    QCOMPARE(QString::fromStdString(eatss::toRels(doc_->state().eatss.program)), fixed);
    QVERIFY(editor->lastError().isEmpty());
    QVERIFY(!editor->revertButton()->isEnabled());
    // Revert throws typed text away on request only.
    editor->programText()->setPlainText("garbage");
    editor->applyButton()->click();
    QVERIFY(!editor->lastError().isEmpty());
    editor->revertButton()->click();
    QCOMPARE(editor->programText()->toPlainText(), fixed);
    QVERIFY(editor->lastError().isEmpty());
}

// Typed extents are the user's: written back as typed, not as 1, 1, 1.
void TestGuiTrust::typedExtentsAreKept() {
    auto* eatssWs = window_->workspace<app::EatssWorkspace>();
    window_->showWorkspace(eatssWs);
    widgets::EatssEditor* editor = eatssWs->editor();
    const QString text = "1\nS1:i*,j*,k\n3\nC:i,j:64,1024\nA:i,k:64,1024\nB:k,j:1024,1024\n";
    editor->programText()->setPlainText(text);
    editor->applyButton()->click();
    QVERIFY2(editor->lastError().isEmpty(), qPrintable(editor->lastError()));
    QCOMPARE(editor->programText()->toPlainText(), text);
    QCOMPARE(doc_->state().eatss.program.references[2].extents,
             (std::vector<std::int64_t>{1024, 1024}));
    // And through a saved session.
    const QString path = tempPath("extents.cdx.json");
    doc_->saveAs(path);
    QVERIFY(window_->openSession(path, nullptr, true));
    QCOMPARE(QString::fromStdString(eatss::toRels(doc_->state().eatss.program)), text);
}

// A refused value stays as typed (marked, with the reason); the session is unchanged; a
// refused text survives other edits.
void TestGuiTrust::refusedFieldKeepsItsText() {
    const SessionState before = doc_->state();
    QLineEdit* nSm = gpuForm()->field("n_sm");
    type(nSm, "-5");
    QVERIFY(sameSession(doc_->state(), before));
    QCOMPARE(nSm->text(), QString("-5"));
    QVERIFY(nSm->property("refused").toBool());
    QVERIFY(gpuForm()->lastError().contains("n_sm"));
    type(gpuForm()->field("n_v"), "64");
    QCOMPARE(*doc_->state().gpu.params.at("n_v").value, 64.0);
    QCOMPARE(nSm->text(), QString("-5")); // still there to be corrected
    type(nSm, "20");
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    QVERIFY(!nSm->property("refused").toBool());
}

// Ctrl+Z in a field with typed, uncommitted text takes the text back first; the next Ctrl+Z
// undoes the last committed edit.
void TestGuiTrust::ctrlZRevertsTypedTextFirst() {
    QLineEdit* nSm = gpuForm()->field("n_sm");
    type(nSm, "20");
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    nSm->setFocus();
    nSm->selectAll();
    QTest::keyClicks(nSm, "24");
    QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0); // the edit is not undone
    QCOMPARE(nSm->text(), QString("20"));
    while (nSm->isUndoAvailable()) {
        QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
    }
    QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(nSm->text(), QString("16"));
}

// File ▸ Save says so where the user looks: the status line.
void TestGuiTrust::saveIsConfirmedInTheStatusLine() {
    const QString path = tempPath("confirm.cdx.json");
    doc_->saveAs(path);
    QVERIFY(window_->openSession(path, nullptr, true));
    type(gpuForm()->field("n_sm"), "20");
    QAction* save = nullptr;
    for (QAction* a : window_->findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(QKeySequence::Save)) {
            save = a;
        }
    }
    QVERIFY(save);
    save->trigger();
    QVERIFY(!doc_->isModified());
    QVERIFY2(window_->statusText().startsWith("Saved"), qPrintable(window_->statusText()));
}

// The Temperature view's run length and the regime map's ranges refuse with the reason (in the
// status line), keep the typed text and change nothing.
void TestGuiTrust::refusedViewFieldsSayWhyAndChangeNothing() {
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    widgets::TemperatureView* temp = mwpWs->temperatureView();
    mwpWs->viewTabs()->setCurrentWidget(temp);
    const double run = temp->runField()->value();
    int refusals = 0;
    for (const char* bad : {"-5", "0", "abc", "1e400", "1e8"}) {
        type(temp->runField(), bad);
        QCOMPARE(temp->runField()->value(), run);
        QCOMPARE(temp->runField()->text(), QString(bad));
        QVERIFY2(window_->statusText().contains("refused"), qPrintable(window_->statusText()));
        ++refusals;
    }
    QCOMPARE(refusals, 5);
    widgets::RegimeMapView* map = mwpWs->regimeMapView();
    mwpWs->viewTabs()->setCurrentWidget(map);
    const SessionState before = doc_->state();
    for (const char* bad : {"8:1", "1:2:3", "abc"}) {
        type(map->xRangeField(), bad);
        QVERIFY(sameSession(doc_->state(), before));
        QCOMPARE(map->xRangeField()->text(), QString(bad));
        QVERIFY2(window_->statusText().contains("refused"), qPrintable(window_->statusText()));
    }
    QVERIFY(map->map());
    QCOMPARE(map->map()->xs.size(), static_cast<std::size_t>(before.mwp.mapX.steps));
}

// A refusal message above the GPU form must not move the fields under the pointer.
void TestGuiTrust::refusalDoesNotMoveTheFields() {
    QLineEdit* freq = gpuForm()->field("n_v");
    const QPoint at = freq->mapTo(window_, QPoint(0, 0));
    type(gpuForm()->field("n_sm"), "abc");
    QVERIFY(!gpuForm()->lastError().isEmpty());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCOMPARE(freq->mapTo(window_, QPoint(0, 0)), at);
}

// The GPU edited in another workspace is named as edited in Energy, and its values outside
// the Talg model's calibration are said there (banner, How far to trust this).
void TestGuiTrust::editedGpuIsNamedInEnergy() {
    type(gpuForm()->field("n_sm"), "6");
    auto* energyWs = window_->workspace<app::EnergyWorkspace>();
    window_->showWorkspace(energyWs);
    energyWs->viewTabs()->setCurrentWidget(energyWs->timeView());
    QVERIFY2(energyWs->timeView()->context().contains("edited: n_sm"),
             qPrintable(energyWs->timeView()->context()));
    QVERIFY(energyWs->outsideCalibration().join('\n').contains("n_SM"));
    QTRY_VERIFY(energyWs->calibrationBanner()->isVisible());
}

QTEST_MAIN(TestGuiTrust)
#include "test_gui_trust.moc"
