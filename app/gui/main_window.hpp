// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/plot_scheme.hpp"
#include "workspace.hpp"

#include <QMainWindow>
#include <vector>

class QActionGroup;
class QLabel;
class QMenu;
class QStackedWidget;
class QToolBar;

namespace cdx::app {

class CompareMenu;
class FigureActions;
class HelpMenu;
class LessonRunner;
class ReproduceView;
class StudyView;

class RunDatabase;
class SessionDocument;
class SessionFiles;
class StartPage;

// The shell: a mode bar on the left (Start and one workspace per model family), the menus,
// the status line and the session's file handling. It knows only the Workspace interface
// and the registration list (workspaces/workspaces.hpp); each workspace brings its docks,
// views, status text and menu entries.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(SessionDocument* doc, QWidget* parent = nullptr);
    ~MainWindow() override;

    const std::vector<Workspace*>& workspaces() const { return workspaces_; }
    SessionDocument* document() const { return doc_; }
    // The registered workspace of type W (tests reach a family's views through it).
    template <class W> W* workspace() const {
        for (auto* w : workspaces_) {
            if (auto* found = qobject_cast<W*>(w)) {
                return found;
            }
        }
        return nullptr;
    }
    Workspace* currentWorkspace() const; // nullptr on the Start page
    StartPage* startPage() const { return start_; }
    // Start page ▸ Reproduce the papers: opens (or raises) the report window.
    ReproduceView* showReproduce();
    // File ▸ Open Study Results (issue 60): the results of `cdx study run` in a window of its
    // own; an empty path asks for one. nullptr (and `error`) when the file is not a study's.
    StudyView* openStudy(const QString& path = {}, QString* error = nullptr);
    StudyView* studyView() const { return study_; }
    // File ▸ Session Properties (issue 61): the title and description; true when applied.
    bool editSessionProperties();
    void showStart();
    void showWorkspace(Workspace* w);
    RunDatabase* runDatabase() const { return runs_; }
    CompareMenu* compareMenu() const { return compare_; }
    HelpMenu* helpMenu() const { return help_; }
    LessonRunner* lessonRunner() const { return lessons_; }
    QString statusText() const;

    // Opens a session file; on error shows (or, quiet, returns) the reason and keeps the
    // current session. Unknown fields are reported as warnings in the status line.
    bool openSession(const QString& path, QString* error = nullptr, bool quiet = false);
    void setPresentation(bool on);
    // View ▸ Dark Plots: every plot's colours, now and in later exports (saved in the settings).
    void setPlotScheme(widgets::PlotScheme scheme);
    bool presentation() const { return presentation_; }

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    ReproduceView* reproduce_ = nullptr;
    StudyView* study_ = nullptr;
    QLabel* presentationHint_ = nullptr; // how to move and leave, in presentation mode
    void buildMenus();
    void updateStatus();
    void updateTitle();
    void updateViewMenu();
    void exportCurrentView(bool asCsv);
    // File ▸ Export Meeting Pack…: the views to pack (the current workspace's, checked as
    // writeMeetingPack would choose) and a folder; the status bar says what was written.
    void exportMeetingPack();

public:
    // File ▸ Import Measured GPU…: a GPU description (cdx-measure's profile) made one of the
    // user's, listed at once in every GPU list; refusals name the field. Returns the id, or
    // empty when nothing was imported. With `path`, no file dialog (tests).
    QString importMeasuredGpu(const QString& path = {});
    // A message on the status line for `ms` milliseconds (the File menu's confirmations).
    void showMessage(const QString& text, int ms);

private:
    SessionDocument* doc_;
    RunDatabase* runs_ = nullptr;
    SessionFiles* files_ = nullptr;
    CompareMenu* compare_ = nullptr;
    HelpMenu* help_ = nullptr;
    LessonRunner* lessons_ = nullptr;
    std::vector<Workspace*> workspaces_;
    StartPage* start_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QToolBar* modeBar_ = nullptr;
    QActionGroup* modes_ = nullptr;
    QLabel* status_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QAction* presentationAction_ = nullptr;
    FigureActions* figures_ = nullptr; // Edit ▸ Copy View, View ▸ Dark Plots
    QAction* exportAction_ = nullptr;
    QAction* exportCsvAction_ = nullptr;
    bool presentation_ = false;
    bool wasMaximized_ = false;
    QByteArray geometryBeforePresentation_;
    QFont normalFont_;
};

} // namespace cdx::app
