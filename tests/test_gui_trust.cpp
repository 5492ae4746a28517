// SPDX-License-Identifier: GPL-3.0-or-later
// The window's three rules (issue 28), driven through the real widgets (offscreen):
// 1. no edit is ever lost; 2. nothing the user does goes unanswered; 3. every label is true.

#include "chain/chain_editor.hpp"
#include "common/number_field.hpp"
#include "common/number_format.hpp"
#include "common/parameter_form.hpp"
#include "common/view_layout.hpp"
#include "eatss/eatss_editor.hpp"
#include "eatss/eatss_model.hpp"
#include "eatss/eatss_session.hpp"
#include "energy/energy_time_view.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/coalescing_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/regime_map_view.hpp"
#include "mwp/temperature_view.hpp"
#include "mwp/warp_timeline_view.hpp"
#include "params/profile_label.hpp"
#include "runs/run_store.hpp"
#include "session/session.hpp"
#include "session_properties.hpp"
#include "start_page.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/sweep_view.hpp"
#include "views/trust_view.hpp"
#include "workspaces/chain_workspace.hpp"
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
#include <QTemporaryDir>
#include <QTextBrowser>
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
    void refusedChainListStays();
    void refusedFieldKeepsItsText();
    void ctrlZRevertsTypedTextFirst();
    void ctrlZAfterTwoRefusals();
    // Rule 2: nothing the user does goes unanswered.
    void saveIsConfirmedInTheStatusLine();
    void refusedViewFieldsSayWhyAndChangeNothing();
    void refusalDoesNotMoveTheFields();
    void importOfDuplicatesIsConfirmed();
    void saveAsHasItsShortcut();
    // Rule 3: every label is true.
    void editedGpuIsNamedInEnergy();
    void trustNamesEachGpuWithItsWorkspace();
    void valueSetBackIsNotEdited();
    void savedExampleIsMarkedEdited();
    void coalescingRuleFollowsTheGpu();
    void sessionRestoresWhatWasOnScreen();
    void kernelBeyondItsGpuIsFlagged();
    void zeroIsNeverNegative();
    void trustShownOnceInTheTabBar();
    void longLabelDoesNotWidenTheWindow();

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
    QVERIFY(doc_->state() == before);
    QCOMPARE(editor->programText()->toPlainText(), typo);
    QVERIFY(editor->lastError().contains("program.rels:6"));
    QVERIFY(editor->revertButton()->isEnabled());
    QVERIFY(editor->programText()->property("refused").toBool());
    // Another edit (the precision) keeps the typed program and its message.
    const int other = editor->precisionBox()->currentIndex() == 0 ? 1 : 0;
    editor->precisionBox()->setCurrentIndex(other);
    emit editor->precisionBox()->activated(other);
    QVERIFY(doc_->state() != before);
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

// Matrix chains ▸ Use list with a typo: refused with the reason, the typed list stays.
void TestGuiTrust::refusedChainListStays() {
    auto* chainWs = window_->workspace<app::ChainWorkspace>();
    window_->showWorkspace(chainWs);
    widgets::ChainEditor* e = chainWs->editor();
    const SessionState before = doc_->state();
    e->pasteField()->setText("100, -5, abc, 300");
    e->pasteButton()->click();
    QVERIFY(doc_->state() == before);
    QCOMPARE(e->pasteField()->text(), QString("100, -5, abc, 300"));
    QVERIFY(e->pasteField()->property("refused").toBool());
    QVERIFY(!e->lastError().isEmpty());
    e->pasteField()->setText("100, 200, 300");
    e->pasteButton()->click();
    QCOMPARE(doc_->state().chain.dims, (std::vector<std::int64_t>{100, 200, 300}));
    QVERIFY(!e->pasteField()->property("refused").toBool());
}

// A refused value stays as typed (marked, with the reason); the session is unchanged; a
// refused text survives other edits.
void TestGuiTrust::refusedFieldKeepsItsText() {
    const SessionState before = doc_->state();
    QLineEdit* nSm = gpuForm()->field("n_sm");
    type(nSm, "-5");
    QVERIFY(doc_->state() == before);
    QCOMPARE(nSm->text(), QString("-5"));
    QVERIFY(nSm->property("refused").toBool());
    QVERIFY(gpuForm()->lastError().contains("n_sm"));
    type(gpuForm()->field("n_v"), "64");
    QCOMPARE(*doc_->state().gpu.params.at("n_v").value, 64.0);
    QCOMPARE(nSm->text(), QString("-5")); // still there to be corrected
    // What a save leaves out and a quit asks about (SessionFiles::savedText, maybeClose).
    QCOMPARE(widgets::refusedTexts(window_), QStringList{"n_sm: -5"});
    type(nSm, "20");
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 20.0);
    QVERIFY(!nSm->property("refused").toBool());
    QVERIFY(widgets::refusedTexts(window_).isEmpty());
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

// Two refused texts, then Ctrl+Z: the field steps back through its own text to the value the
// document has, and then it is neither marked refused nor explained by a stale message; the
// next Ctrl+Z undoes on the document.
void TestGuiTrust::ctrlZAfterTwoRefusals() {
    type(gpuForm()->field("n_v"), "64");
    QLineEdit* nSm = gpuForm()->field("n_sm");
    type(nSm, "abc");
    type(nSm, "-5");
    QVERIFY(nSm->property("refused").toBool());
    int steps = 0;
    while (nSm->text() != "16" && steps < 10) {
        QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
        ++steps;
        QCOMPARE(*doc_->state().gpu.params.at("n_v").value, 64.0); // the field's own text only
    }
    QCOMPARE(nSm->text(), QString("16"));
    QVERIFY(!nSm->property("refused").toBool());
    QVERIFY2(gpuForm()->lastError().isEmpty(), qPrintable(gpuForm()->lastError()));
    QVERIFY(widgets::refusedTexts(window_).isEmpty());
    while (nSm->isUndoAvailable()) {
        QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
    }
    QTest::keyClick(nSm, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(*doc_->state().gpu.params.at("n_v").value, 128.0);
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
        QVERIFY(doc_->state() == before);
        QCOMPARE(map->xRangeField()->text(), QString(bad));
        QVERIFY2(window_->statusText().contains("refused"), qPrintable(window_->statusText()));
        // At the field too, as the dock forms say it.
        QVERIFY2(map->xRangeField()->toolTip().contains("refused"),
                 qPrintable(map->xRangeField()->toolTip()));
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
// Issue 55: MWP-CWP's "How far to trust this" named the Tiled stencils GPU, edited, with no
// workspace label. Each GPU is named under the workspaces that use it, and a workspace's view
// names its own.
void TestGuiTrust::trustNamesEachGpuWithItsWorkspace() {
    type(gpuForm()->field("n_sm"), "6");
    const auto trustOf = [](app::Workspace* w) -> app::TrustView* {
        for (auto* v : w->views()) {
            if (auto* t = dynamic_cast<app::TrustView*>(v)) {
                return t;
            }
        }
        return nullptr;
    };
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    app::TrustView* mwpTrust = trustOf(mwpWs);
    QVERIFY(mwpTrust);
    mwpWs->viewTabs()->setCurrentWidget(mwpTrust);
    QCoreApplication::processEvents();
    const QString mwpText = mwpTrust->browser()->toPlainText();
    QVERIFY2(mwpText.contains("MWP-CWP & power: " +
                              QString::fromStdString(profileLabel(doc_->state().mwp.gpu))),
             qPrintable(mwpText.left(600)));
    QVERIFY2(!mwpText.contains("edited: n_sm"), qPrintable(mwpText.left(600)));
    auto* talgWs = window_->workspace<app::TalgWorkspace>();
    window_->showWorkspace(talgWs);
    app::TrustView* talgTrust = trustOf(talgWs);
    QVERIFY(talgTrust);
    talgWs->viewTabs()->setCurrentWidget(talgTrust);
    QCoreApplication::processEvents();
    const QString talgText = talgTrust->browser()->toPlainText();
    QVERIFY2(talgText.contains("Tiled stencils, Die area & Energy: NVIDIA GeForce GTX 980, edited: "
                               "n_sm = 6"),
             qPrintable(talgText.left(600)));
}

void TestGuiTrust::editedGpuIsNamedInEnergy() {
    type(gpuForm()->field("n_sm"), "6");
    auto* energyWs = window_->workspace<app::EnergyWorkspace>();
    window_->showWorkspace(energyWs);
    energyWs->viewTabs()->setCurrentWidget(energyWs->timeView());
    QVERIFY2(energyWs->timeView()->context().contains("edited: n_sm"),
             qPrintable(energyWs->timeView()->context()));
    QVERIFY(energyWs->outsideCalibration().join('\n').contains("n_SM"));
    energyWs->viewTabs()->setCurrentIndex(energyWs->viewTabs()->count() - 1);
    auto* trust = energyWs->findChild<QTextBrowser*>("trustText");
    QVERIFY(trust);
    QVERIFY2(trust->toPlainText().contains("gtx980, edited: n_sm"),
             qPrintable(trust->toPlainText()));
    QTRY_VERIFY(energyWs->calibrationBanner()->isVisible());
}

// An import whose every row is already in the database says so (it said nothing before).
void TestGuiTrust::importOfDuplicatesIsConfirmed() {
    const QString csv = test::writeFile(*data_, "two.csv",
                                        "gpu,stencil,s1,s2,t,ts1,ts2,tt,time_s\n"
                                        "gtx980,heat2d,4096,4096,512,32,32,8,0.5\n"
                                        "gtx980,heat2d,4096,4096,512,64,32,8,0.6\n");
    auto* runs = window_->workspace<app::RunsWorkspace>();
    runs->importInteractive(csv);
    window_->runDatabase()->job()->waitForFinished();
    QTRY_VERIFY(window_->statusText().contains("2 runs imported"));
    runs->importInteractive(csv);
    window_->runDatabase()->job()->waitForFinished();
    QTRY_VERIFY2(window_->statusText().contains("all 2 rows are already in the database, nothing "
                                                "imported"),
                 qPrintable(window_->statusText()));
}

// Ctrl+Shift+S is Save As on every desktop (QKeySequence::SaveAs is empty outside GNOME/KDE).
void TestGuiTrust::saveAsHasItsShortcut() {
    int found = 0;
    for (QAction* a : window_->findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)) {
            QVERIFY(a->text().contains("Save"));
            ++found;
        }
    }
    QCOMPARE(found, 1);
}

// A value typed back to the profile's own is no longer "edited": no bullet, not in labels.
void TestGuiTrust::valueSetBackIsNotEdited() {
    type(gpuForm()->field("n_sm"), "20");
    QVERIFY(doc_->state().gpu.params.at("n_sm").edited);
    QVERIFY(window_->statusText().contains("edited: n_sm"));
    type(gpuForm()->field("n_sm"), "16");
    QVERIFY(!doc_->state().gpu.params.at("n_sm").edited);
    QCOMPARE(doc_->state().gpu.params.at("n_sm").source,
             loadGpuProfile("gtx980").params.at("n_sm").source);
    QVERIFY(!window_->statusText().contains("edited"));
}

// An example changed and saved is titled by what it now holds, never with the example's numbers
// (issue 61: an H100 session's pack was titled "... on the GTX 980 ... T_alg = 9.9885 s"); the
// example's description goes; a title of the user's is kept as typed.
void TestGuiTrust::savedExampleIsMarkedEdited() {
    const auto& examples = window_->startPage()->examples();
    QVERIFY(!examples.isEmpty());
    const auto& e = examples.front();
    window_->showStart();
    QVERIFY(window_->startPage()->follow("example:" + e.path));
    const std::string title = doc_->state().title;
    QVERIFY(!title.empty());
    QVERIFY(!doc_->titleIsStale());
    QCOMPARE(doc_->displayTitle().toStdString(), title);
    const QString unchanged = tempPath("unchanged.cdx.json");
    doc_->saveAs(unchanged);
    QCOMPARE(loadSession(unchanged.toStdString()).title, title); // nothing changed: as shipped
    window_->showStart();
    QVERIFY(window_->startPage()->follow("example:" + e.path));
    SessionState changed = doc_->state();
    changed.gpu = loadGpuProfile("h100-sxm5");
    doc_->edit("test edit", changed);
    QVERIFY(doc_->titleIsStale());
    const std::string made =
        changed.stencil.name + " on NVIDIA H100 SXM5 80 GB, edited from an example";
    QCOMPARE(doc_->displayTitle().toStdString(), made);
    QVERIFY(doc_->displayDescription().isEmpty());
    const QString path = tempPath("edited.cdx.json");
    doc_->saveAs(path);
    QCOMPARE(loadSession(path.toStdString()).title, made);
    QVERIFY(loadSession(path.toStdString()).description.empty());
    doc_->saveAs(path); // once
    QCOMPARE(loadSession(path.toStdString()).title, made);
    // The user's own title, through File > Session Properties: as typed, undoable.
    app::SessionProperties dialog(doc_, window_);
    QVERIFY(dialog.note()->text().isEmpty() == false);
    dialog.titleField()->setText("  Which GPU for our 2D stencils?  ");
    dialog.descriptionField()->setPlainText("Group meeting, Tuesday.");
    QVERIFY(dialog.apply());
    QCOMPARE(doc_->state().title, std::string("Which GPU for our 2D stencils?"));
    QCOMPARE(doc_->displayTitle(), QString("Which GPU for our 2D stencils?"));
    QCOMPARE(doc_->displayDescription(), QString("Group meeting, Tuesday."));
    QVERIFY(!dialog.apply()); // nothing changed: no second undo step
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().title, made);
    // A description of the user's under a stale title is kept when the file is saved.
    window_->showStart();
    QVERIFY(window_->startPage()->follow("example:" + e.path));
    SessionState mine = doc_->state();
    mine.gpu = loadGpuProfile("h100-sxm5");
    mine.description = "Our own words.";
    doc_->edit("test edit", mine);
    QVERIFY(doc_->titleIsStale());
    doc_->saveAs(path);
    QCOMPARE(loadSession(path.toStdString()).description, std::string("Our own words."));
}

// The coalescing calculator starts from the rule of the session's GPU.
void TestGuiTrust::coalescingRuleFollowsTheGpu() {
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    auto* view = mwpWs->coalescingView();
    mwpWs->viewTabs()->setCurrentWidget(view);
    QCOMPARE(view->ruleBox()->currentData().toString(), QString("cc1.2")); // GTX 280
    emit mwpWs->kernelEditor()->gpuChosen("fx5600");
    QCOMPARE(view->ruleBox()->currentData().toString(), QString("cc1.0"));
    emit mwpWs->kernelEditor()->gpuChosen("gtx580");
    QCOMPARE(view->ruleBox()->currentData().toString(), QString("cc2.0"));
}

// A kernel beyond its GPU's limits (256 threads x 4 blocks on the FX 5600's 768 threads per
// SM) is flagged in the banner and counted by How far to trust this.
void TestGuiTrust::kernelBeyondItsGpuIsFlagged() {
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    QVERIFY(!mwpWs->outsideCalibration().join('\n').contains("resident threads"));
    emit mwpWs->kernelEditor()->gpuChosen("fx5600");
    QVERIFY2(mwpWs->outsideCalibration().join('\n').contains("resident threads per SM"),
             qPrintable(mwpWs->outsideCalibration().join('\n')));
    QTRY_VERIFY(mwpWs->calibrationBanner()->isVisible());
    int limits = 0;
    for (const auto& d : mwpWs->modelConditions(doc_->state())) {
        limits += d.what.find("per SM") != std::string::npos ||
                  d.what.find("per block") != std::string::npos;
    }
    // threads per block, resident threads, resident blocks against the profile's limits; with
    // its compute capability (1.0) also threads per block, shared memory per block and the
    // resident blocks against CUDA occupancy (issue 30): all checked.
    QCOMPARE(limits, 6);
    // 4 blocks of 256 threads where CUDA makes 3 resident (768 threads per SM on 1.0).
    QVERIFY2(mwpWs->outsideCalibration().join('\n').contains("against CUDA occupancy"),
             qPrintable(mwpWs->outsideCalibration().join('\n')));
}

// A saved session opens on what was on screen: the workspace, each workspace's view, the
// sweep's parameter and the Temperature view's settings (format 2).
void TestGuiTrust::sessionRestoresWhatWasOnScreen() {
    auto* talgWs = window_->workspace<app::TalgWorkspace>();
    talgWs->viewTabs()->setCurrentWidget(talgWs->sweepView());
    talgWs->sweepView()->setParameter("n_sm");
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    widgets::TemperatureView* temp = mwpWs->temperatureView();
    mwpWs->viewTabs()->setCurrentWidget(temp);
    type(temp->runField(), "120");
    type(temp->idleField(), "45");
    QTemporaryDir keep; // the window's own folder goes with it
    const QString path = keep.filePath("screen.cdx.json");
    doc_->saveAs(path);
    const SessionState saved = loadSession(path.toStdString());
    QCOMPARE(saved.workspace, std::string("mwp"));
    QCOMPARE(saved.view.at("tab.mwp"), std::string("temperature"));
    QCOMPARE(saved.view.at("talg.sweep.parameter"), std::string("n_sm"));
    QCOMPARE(saved.view.at("mwp.temperature.run_s"), std::string("120"));
    // A fresh window opens it as it was.
    closeWindow();
    openWindow("talg");
    talgWs = window_->workspace<app::TalgWorkspace>();
    mwpWs = window_->workspace<app::MwpWorkspace>();
    QVERIFY(talgWs->viewTabs()->currentWidget() != talgWs->sweepView());
    QString error;
    QVERIFY2(window_->openSession(path, &error, true), qPrintable(error));
    QCOMPARE(window_->currentWorkspace(), static_cast<app::Workspace*>(mwpWs));
    QCOMPARE(mwpWs->viewTabs()->currentWidget(), mwpWs->temperatureView()->widget());
    QCOMPARE(mwpWs->temperatureView()->runField()->value(), 120.0);
    QCOMPARE(mwpWs->temperatureView()->idleField()->value(), 45.0);
    QCOMPARE(talgWs->viewTabs()->currentWidget(), talgWs->sweepView()->widget());
    window_->showWorkspace(talgWs);
    QCOMPARE(talgWs->sweepView()->parameter(), QString("n_sm"));
    // A value the view would refuse is not taken from a file.
    SessionState bad = saved;
    bad.view["mwp.temperature.run_s"] = "-5";
    saveSession(bad, keep.filePath("bad.cdx.json").toStdString());
    QVERIFY(window_->openSession(keep.filePath("bad.cdx.json"), nullptr, true));
    QCOMPARE(mwpWs->temperatureView()->runField()->value(), 120.0);
}

// "-0.00 %" and "-0.00 W" were shown for values that round to zero.
void TestGuiTrust::zeroIsNeverNegative() {
    const struct {
        double v;
        int decimals;
        const char* text;
    } rows[] = {{-0.0, 2, "0.00"},    {-1e-9, 2, "0.00"}, {-0.004, 2, "0.00"},
                {-0.005, 1, "0.0"},   {-0.4, 0, "0"},     {-0.006, 2, "-0.01"},
                {-10.0, 2, "-10.00"}, {0.0, 2, "0.00"},   {3.14159, 2, "3.14"}};
    int checked = 0;
    for (const auto& r : rows) {
        QCOMPARE(widgets::fixed(r.v, r.decimals), QString(r.text));
        ++checked;
    }
    QCOMPARE(checked, 9);
}

// "How far to trust this" appears once: as its tab when every tab fits, and also as the corner
// button only while the tab may be scrolled out of sight.
void TestGuiTrust::trustShownOnceInTheTabBar() {
    window_->showNormal();
    window_->resize(1900, 1000);
    auto* eatssWs = window_->workspace<app::EatssWorkspace>();
    window_->showWorkspace(eatssWs);
    QCoreApplication::processEvents();
    QWidget* corner = eatssWs->viewTabs()->cornerWidget(Qt::TopRightCorner);
    QVERIFY(corner);
    QTRY_VERIFY(!corner->isVisible()); // 5 tabs fit in 1900 px
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    window_->resize(900, 700);
    QCoreApplication::processEvents();
    QWidget* mwpCorner = mwpWs->viewTabs()->cornerWidget(Qt::TopRightCorner);
    QTRY_VERIFY(mwpCorner->isVisible()); // 10 tabs do not fit in 900 px
}

// 99999 threads per block gave the warp timeline a "cycle 3.00123e+07 of …" label that widened
// the window to 1409 px on a 1366 px screen, and it stayed wider after Ctrl+Z.
void TestGuiTrust::longLabelDoesNotWidenTheWindow() {
    auto* mwpWs = window_->workspace<app::MwpWorkspace>();
    window_->showWorkspace(mwpWs);
    mwpWs->viewTabs()->setCurrentWidget(mwpWs->timelineView()->widget());
    QCoreApplication::processEvents();
    const int before = window_->minimumSizeHint().expandedTo(window_->minimumSize()).width();
    QVERIFY(before <= 1366);
    emit mwpWs->kernelEditor()->parameterEdited("threads_per_block", 99999, false);
    QCOMPARE(*doc_->state().mwp.kernel.params.at("threads_per_block").value, 99999.0);
    mwpWs->viewTabs()->setCurrentWidget(mwpWs->timelineView()->widget());
    QCoreApplication::processEvents();
    const int wide = window_->minimumSizeHint().expandedTo(window_->minimumSize()).width();
    QVERIFY2(wide <= 1366, qPrintable(QString::number(wide)));
    // And it is flagged: 99999 > the GTX 280's 512 threads per block.
    QVERIFY(mwpWs->outsideCalibration().join('\n').contains("threads per block"));
    doc_->undoStack()->undo();
    QCoreApplication::processEvents();
    QCOMPARE(window_->minimumSizeHint().expandedTo(window_->minimumSize()).width(), before);
}

QTEST_MAIN(TestGuiTrust)
#include "test_gui_trust.moc"
