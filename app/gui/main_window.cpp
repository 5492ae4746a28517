// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.hpp"

#include "about.hpp"
#include "common/eliding_label.hpp"
#include "common/explorer_view.hpp"
#include "common/job_progress.hpp"
#include "common/plot_scheme.hpp"
#include "common/view_layout.hpp"
#include "compose_dialog.hpp"
#include "export_dialog.hpp"
#include "field_undo.hpp"
#include "figure_actions.hpp"
#include "help_menu.hpp"
#include "lesson_runner.hpp"
#include "meeting_files.hpp"
#include "preference.hpp"
#include "run_database.hpp"
#include "session_document.hpp"
#include "session_files.hpp"
#include "session_properties.hpp"
#include "start_page.hpp"
#include "view_state.hpp"
#include "views/compare_menu.hpp"
#include "views/compare_view.hpp"
#include "views/reproduce_view.hpp"
#include "views/study_view.hpp"
#include "workspaces/workspaces.hpp"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

// The icons are compiled into the static cdx_gui library: register them (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void initResources() {
    Q_INIT_RESOURCE(icons);
}

namespace cdx::app {

namespace {
// Only the shown page counts for the window's size: a workspace that is not shown must not
// make the window wider than the screen.
class PageStack : public QStackedWidget {
public:
    using QStackedWidget::QStackedWidget;
    QSize sizeHint() const override {
        return currentWidget() ? currentWidget()->sizeHint() : QStackedWidget::sizeHint();
    }
    QSize minimumSizeHint() const override {
        return currentWidget() ? currentWidget()->minimumSizeHint()
                               : QStackedWidget::minimumSizeHint();
    }
};

Preference<QByteArray> windowGeometry{"mainwindow/geometry"};
Preference<QString> lastWorkspace{"mainwindow/workspace"};
} // namespace

MainWindow::MainWindow(SessionDocument* doc, QWidget* parent) : QMainWindow(parent), doc_(doc) {
    initResources();
    setObjectName("mainWindow");
    normalFont_ = QApplication::font();
    runs_ = new RunDatabase(doc_, this);
    connect(runs_, &RunDatabase::problem, this, [this](const QString& t) { showMessage(t, 0); });
    files_ = new SessionFiles(doc_, this,
                              [this](const QString& text, int ms) { showMessage(text, ms); });
    files_->setLeftOut([this] { return widgets::refusedTexts(this); });

    stack_ = new PageStack(this);
    setCentralWidget(stack_);
    start_ = new StartPage(this);
    stack_->addWidget(start_);
    start_->setRecent(files_->recent());
    connect(files_, &SessionFiles::recentChanged, start_, &StartPage::setRecent);
    const WorkspaceContext context{doc_, runs_,
                                   [this](const QString& text, int ms) { showMessage(text, ms); }};
    workspaces_ = createWorkspaces(context, stack_);
    keepViewState(
        doc_, workspaces_, [this] { return currentWorkspace(); },
        [this](Workspace* w) { showWorkspace(w); });
    figures_ = new FigureActions(
        this, workspaces_, [this] { return currentWorkspace(); },
        [this](const QString& text, int ms) { showMessage(text, ms); });

    modeBar_ = new QToolBar(tr("Workspaces"), this);
    modeBar_->setObjectName("modeBar");
    modeBar_->setMovable(false);
    modeBar_->setFloatable(false);
    modeBar_->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
    modeBar_->setIconSize(QSize(28, 28));
    modeBar_->toggleViewAction()->setVisible(false);
    // One workspace looks selected (issue 44): the checked one is filled with the highlight; a
    // button under the pointer or with the keyboard focus gets no raised frame that reads as a
    // second selection.
    modeBar_->setStyleSheet(QStringLiteral(
        "QToolButton { border: 1px solid transparent; border-radius: 4px; padding: 2px; }"
        "QToolButton:hover:!checked { background: rgba(128, 128, 128, 28); }"
        "QToolButton:checked { background: palette(highlight); color: palette(highlighted-text);"
        " border: 1px solid palette(dark); }"));
    addToolBar(Qt::LeftToolBarArea, modeBar_);
    modes_ = new QActionGroup(this);
    modes_->setExclusive(true);
    const auto addMode = [this](const QIcon& icon, const QString& title, int index,
                                const QString& tip) {
        QAction* a = modeBar_->addAction(icon, QString(title).replace("&", "&&"));
        a->setCheckable(true);
        a->setToolTip(tip);
        a->setData(index);
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + index)));
        modes_->addAction(a);
        return a;
    };
    addMode(QIcon(":/icons/start.svg"), tr("Start"), 0,
            tr("Start page: examples and recent sessions"))
        ->setChecked(true);
    for (std::size_t i = 0; i < workspaces_.size(); ++i) {
        Workspace* w = workspaces_[i];
        stack_->addWidget(w);
        addMode(w->icon(), w->title(), static_cast<int>(i) + 1, w->summary());
        start_->addWorkspace(w->icon(), w->title(), w->summary(), [this, w] { showWorkspace(w); });
        for (const auto& e : w->startExamples()) {
            start_->addExample(e.title, e.description, e.objectName, [this, w, open = e.open] {
                open();
                showWorkspace(w);
            });
        }
        connect(w, &Workspace::statusChanged, this, [this, w] {
            if (w == currentWorkspace()) {
                updateStatus();
            }
        });
    }
    // Reproduce the papers: every published value recomputed, in a window of its own.
    start_->addCheck(tr("Reproduce the papers"),
                     tr("Every value the project reproduces, recomputed with its verdict: "
                        "those printed in the papers and the spec notes' worked examples "
                        "derived from their equations, counted apart; and how far each model "
                        "can be trusted. Sortable, filtered, exported (cdx reproduce)."),
                     "reproduce", [this] { showReproduce(); });
    lessons_ = new LessonRunner(this, doc_); // the guided lessons, on the Start page
    connect(modes_, &QActionGroup::triggered, this, [this](QAction* a) {
        const int i = a->data().toInt();
        if (i == 0) {
            showStart();
        } else {
            showWorkspace(workspaces_[static_cast<std::size_t>(i - 1)]);
        }
    });
    connect(start_, &StartPage::openRequested, this, [this](const QString& path) {
        if (files_->maybeSave() && files_->open(path) && !currentWorkspace()) {
            showWorkspace(workspaces_.front());
        }
    });
    connect(start_, &StartPage::exampleRequested, this, [this](const QString& path) {
        QString title = QFileInfo(path).fileName();
        for (const auto& e : start_->examples()) {
            if (QFileInfo(e.path) == QFileInfo(path)) {
                title = e.title;
            }
        }
        if (!files_->maybeSave() || !files_->openExample(path, title)) {
            return;
        }
        // An example opens where it is best looked at: its workspace, on the first view.
        Workspace* target = workspaces_.front();
        for (auto* w : workspaces_) {
            if (w->id() == start_->workspaceFor(path)) {
                target = w;
            }
        }
        target->viewTabs()->setCurrentIndex(0);
        showWorkspace(target);
    });

    status_ = new widgets::ElidingLabel(this); // ends in "…" where cut (F11), whole as tooltip
    status_->setObjectName("statusLine");
    statusBar()->addPermanentWidget(status_, 1);
    // In presentation mode (issue 61) the editors and the mode bar are gone: how to move between
    // the figures and how to leave stay on screen.
    presentationHint_ = new QLabel(this);
    presentationHint_->setObjectName("presentationHint");
    presentationHint_->setText(tr("Tabs or Ctrl+Tab: next figure · Esc: leave presentation"));
    presentationHint_->setVisible(false);
    statusBar()->addPermanentWidget(presentationHint_);
    connect(statusBar(), &QStatusBar::messageChanged, this, &MainWindow::updateStatus);
    // Every long job of every workspace shows its progress and Cancel here while it runs.
    std::vector<widgets::BackgroundJob*> jobs{runs_->job()};
    for (auto* w : workspaces_) {
        for (auto* j : w->jobs()) {
            jobs.push_back(j);
        }
    }
    for (auto* j : jobs) {
        statusBar()->addPermanentWidget(new widgets::JobProgress(j, this));
    }

    buildMenus();
    connect(doc_, &SessionDocument::fileChanged, this, &MainWindow::updateTitle);
    connect(doc_, &SessionDocument::changed, this, &MainWindow::updateTitle);
    qApp->installEventFilter(new FieldUndoRouter(this));

    // The first window fits the screen it opens on (a 1366 x 768 laptop included).
    const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1366, 768);
    resize(std::min(1500, avail.width()), std::min(950, avail.height()));
    const bool restored = restoreGeometry(windowGeometry.get());
    if (restored && (width() > avail.width() || height() > avail.height())) {
        resize(std::min(width(), avail.width()), std::min(height(), avail.height()));
    } else if (!restored && (avail.width() < 1500 || avail.height() < 950)) {
        setWindowState(windowState() | Qt::WindowMaximized);
    }
    const QString previous = lastWorkspace.get();
    for (auto* w : workspaces_) {
        if (w->id() == previous) {
            showWorkspace(w);
        }
    }
    if (!currentWorkspace()) {
        showStart();
    }
    updateTitle();
}

MainWindow::~MainWindow() {
    qApp->removeEventFilter(this);
}

Workspace* MainWindow::currentWorkspace() const {
    return qobject_cast<Workspace*>(stack_->currentWidget());
}

void MainWindow::showStart() {
    if (auto* w = currentWorkspace()) {
        w->deactivate();
    }
    stack_->setCurrentWidget(start_);
    stack_->updateGeometry();
    modes_->actions().front()->setChecked(true);
    start_->setRecent(files_->recent());
    lastWorkspace.set(QString());
    updateViewMenu();
    updateStatus();
}

void MainWindow::showWorkspace(Workspace* w) {
    if (auto* old = currentWorkspace(); old && old != w) {
        old->deactivate();
        statusBar()->clearMessage(); // another workspace's message is not about this one
    }
    stack_->setCurrentWidget(w);
    stack_->updateGeometry();
    for (auto* a : modes_->actions()) {
        const int i = a->data().toInt();
        if (i > 0 && workspaces_[static_cast<std::size_t>(i - 1)] == w) {
            a->setChecked(true);
        }
    }
    w->setPresentation(presentation_);
    w->activate();
    lastWorkspace.set(w->id());
    updateViewMenu();
    updateStatus();
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    files_->addMenuEntries(file);
    file->addAction(tr("Session P&roperties…"), this, [this] { editSessionProperties(); });
    file->addSeparator();
    exportAction_ = file->addAction(tr("&Export View…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                                    [this] { exportCurrentView(false); });
    exportCsvAction_ = file->addAction(tr("Export View &Data as CSV…"),
                                       QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                                       [this] { exportCurrentView(true); });
    file->addAction(tr("Export Interactive &Page…"), this, [this] {
        Workspace* w = currentWorkspace();
        if (widgets::ExplorerView* view = w ? w->currentView() : nullptr) {
            exportPageInteractive(
                this, *view, [w] { w->finishPendingWork(); },
                [this](const QString& text, int ms) { showMessage(text, ms); },
                w->figureOptions(*view), w->figureSubject(),
                QString::fromStdString(sessionToJson(doc_->state())));
        }
    });
    file->addAction(tr("Compose &Figure…"), this, [this] {
        ComposeDialog dialog(*this);
        dialog.exec();
    });
    file->addAction(tr("Export &Meeting Pack…"), this, [this] { exportMeetingPack(); });
    file->addSeparator();
    file->addAction(tr("Open S&tudy Results…"), this, [this] { openStudy(); });
    file->addAction(tr("Import Measured &GPU…"), this, [this] { importMeasuredGpu(); });
    for (auto* w : workspaces_) {
        file->addSeparator();
        w->addFileMenuEntries(file);
    }
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo); // Ctrl+Shift+Z and Ctrl+Y
    edit->addAction(undo);
    edit->addAction(redo);
    // Undo and redo answer in the status line, replacing what the undone edit said (issue 55: a
    // "Pinned ... as the baseline" message stayed after Ctrl+Z unpinned it). The stack acts
    // first (its own connection), so its texts name the step just undone or redone.
    connect(undo, &QAction::triggered, this,
            [this] { showMessage(tr("Undone: %1").arg(doc_->undoStack()->redoText()), 5000); });
    connect(redo, &QAction::triggered, this,
            [this] { showMessage(tr("Redone: %1").arg(doc_->undoStack()->undoText()), 5000); });
    edit->addSeparator();
    edit->addAction(figures_->copyView());
    compare_ =
        new CompareMenu(doc_, this, [this](const QString& t, int ms) { showMessage(t, ms); });
    compare_->addTo(menuBar());

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    presentationAction_ = new QAction(tr("&Presentation Mode"), this);
    presentationAction_->setCheckable(true);
    presentationAction_->setShortcut(QKeySequence(Qt::Key_F11));
    presentationAction_->setToolTip(
        tr("Full screen, large fonts and thick lines (F11; Esc leaves)"));
    connect(presentationAction_, &QAction::toggled, this, &MainWindow::setPresentation);
    addAction(presentationAction_); // F11 works with the menu bar hidden too
    auto* leave = new QAction(this);
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setShortcutContext(Qt::WindowShortcut);
    connect(leave, &QAction::triggered, this, [this] { setPresentation(false); });
    addAction(leave);
    updateViewMenu();

    help_ = new HelpMenu(
        this,
        [this] {
            Workspace* w = currentWorkspace();
            return w && w->currentView() ? w->currentView()->fileStem() : QString();
        },
        [this] { showStart(); }, [this] { return aboutText(workspaces_); });
    help_->addTo(menuBar());
}

void MainWindow::setPlotScheme(widgets::PlotScheme scheme) {
    figures_->setPlotScheme(scheme);
}

void MainWindow::updateViewMenu() {
    viewMenu_->clear();
    viewMenu_->addAction(presentationAction_);
    viewMenu_->addAction(figures_->darkPlots());
    viewMenu_->addSeparator();
    for (auto* a : modes_->actions()) {
        viewMenu_->addAction(a);
    }
    Workspace* w = currentWorkspace();
    exportAction_->setEnabled(w != nullptr);
    exportCsvAction_->setEnabled(w != nullptr);
    if (!w) {
        return;
    }
    // A disabled item, not addSection(): the menu is sized to its items, and a section's
    // title longer than them was cut ("Tiled stencils editors").
    viewMenu_->addSeparator();
    viewMenu_->addAction(tr("%1 editors").arg(w->title()).replace('&', "&&"))->setEnabled(false);
    for (QDockWidget* d : w->docks()) {
        viewMenu_->addAction(d->toggleViewAction());
    }
}

ReproduceView* MainWindow::showReproduce() {
    if (reproduce_ == nullptr) {
        reproduce_ = new ReproduceView(this);
        reproduce_->setWindowFlag(Qt::Window);
        reproduce_->refresh();
    }
    const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1366, 768);
    reproduce_->resize(std::min(1200, avail.width() - 40), std::min(700, avail.height() - 60));
    reproduce_->show();
    reproduce_->raise();
    reproduce_->activateWindow();
    return reproduce_;
}

bool MainWindow::editSessionProperties() {
    SessionProperties dialog(doc_, this);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    showMessage(tr("Session titled “%1” (exports and the meeting pack show it; Ctrl+Z returns "
                   "the old one)")
                    .arg(doc_->displayTitle()),
                8000);
    return true;
}

StudyView* MainWindow::openStudy(const QString& given, QString* error) {
    QString path = given;
    if (path.isEmpty()) {
        path = QFileDialog::getOpenFileName(this, tr("Open the results of a study"), QString(),
                                            tr("Study results (*.sqlite *.db);;All files (*)"));
        if (path.isEmpty()) {
            return nullptr;
        }
    }
    if (study_ == nullptr) {
        study_ = new StudyView(this);
        study_->setWindowFlag(Qt::Window);
        study_->setPresentation(presentation_);
        // View ▸ Dark Plots (after FigureActions has set the scheme): drawn again in its colours.
        connect(figures_->darkPlots(), &QAction::toggled, study_,
                [this] { study_->setPresentation(presentation_); });
        connect(study_, &StudyView::openRequested, this, [this](const cli::study::PointSession& s) {
            doc_->edit(tr("Open study %1").arg(QString::fromStdString(s.label)), s.state);
            for (Workspace* w : workspaces_) {
                if (w->id() == QString::fromStdString(s.workspace)) {
                    showWorkspace(w);
                }
            }
            showMessage(tr("Opened study %1 (Ctrl+Z returns the session)")
                            .arg(QString::fromStdString(s.label)),
                        10000);
            raise(); // the workspace in front of the study's window
            activateWindow();
        });
    }
    study_->setSession(doc_->state());
    QString why;
    if (!study_->open(path, &why)) {
        if (error) {
            *error = why;
        } else {
            QMessageBox::warning(this, tr("Open study results"),
                                 tr("Could not open the study results:\n%1").arg(why));
        }
        return nullptr;
    }
    const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1366, 768);
    study_->resize(std::min(1300, avail.width() - 40), std::min(820, avail.height() - 60));
    study_->show();
    study_->raise();
    study_->activateWindow();
    showMessage(tr("Opened the study results %1").arg(QDir::toNativeSeparators(path)), 8000);
    return study_;
}

QString MainWindow::statusText() const {
    return status_->text();
}

void MainWindow::updateStatus() {
    // A message (a save, an export, an import, a refusal) is shown in the status line for its
    // time, then the workspace's status again: QStatusBar draws its own messages only left of
    // the permanent widgets, where the status line leaves no room.
    const QString message = statusBar()->currentMessage();
    Workspace* w = currentWorkspace();
    QString text =
        w ? w->statusText() : tr("Choose a workspace on the left, or open an example session.");
    if (const auto& base = doc_->state().baseline; base && w) { // both sides are named
        text += tr("   |   vs baseline %1").arg(compareSideLabel(*base, w->compareFamilies()));
    }
    status_->setText(!message.isEmpty() ? message : text);
    status_->setProperty("message", !message.isEmpty());
    widgets::setFontStyle(status_, !message.isEmpty()); // the size follows F11
    status_->setToolTip(status_->text());
}

void MainWindow::showMessage(const QString& text, int ms) {
    statusBar()->showMessage(text, ms);
}

void MainWindow::updateTitle() {
    const QString name =
        doc_->filePath().isEmpty() ? tr("Untitled") : QFileInfo(doc_->filePath()).fileName();
    setWindowTitle(
        QStringLiteral("%1%2 — Codesign Explorer").arg(name, doc_->isModified() ? "*" : ""));
}

bool MainWindow::openSession(const QString& path, QString* error, bool quiet) {
    return files_->open(path, error, quiet); // it opens in its workspace (keepViewState)
}

void MainWindow::exportCurrentView(bool asCsv) {
    Workspace* w = currentWorkspace();
    if (widgets::ExplorerView* view = w ? w->currentView() : nullptr) {
        exportViewInteractive(
            this, *view, asCsv, [w] { w->finishPendingWork(); },
            [this](const QString& text, int ms) { showMessage(text, ms); }, w->figureOptions(*view),
            w->figureSubject());
    }
}

QString MainWindow::importMeasuredGpu(const QString& path) {
    return importMeasuredGpuInteractive(this, path,
                                        [this](const QString& t, int ms) { showMessage(t, ms); });
}

void MainWindow::exportMeetingPack() {
    exportMeetingPackInteractive(*this);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!files_->maybeClose()) {
        e->ignore();
        return;
    }
    setPresentation(false);
    windowGeometry.set(saveGeometry());
    for (auto* w : workspaces_) {
        if (w->isActive()) {
            w->saveLayout();
        }
    }
    e->accept();
}

void MainWindow::setPresentation(bool on) {
    if (presentation_ == on) {
        return;
    }
    presentation_ = on;
    {
        const QSignalBlocker block(presentationAction_);
        presentationAction_->setChecked(on);
    }
    if (on) {
        // Back to exactly this window afterwards: maximised stays maximised.
        wasMaximized_ = isMaximized();
        geometryBeforePresentation_ = saveGeometry();
    }
    QFont f = normalFont_;
    if (on) {
        f.setPointSize(std::max(14, normalFont_.pointSize() + 5));
    }
    QApplication::setFont(f);
    if (study_) {
        study_->setPresentation(on);
    }
    if (on) {
        if (Workspace* w = currentWorkspace()) {
            w->setPresentation(true); // others when they are shown
        }
    } else {
        // Every workspace shown during the presentation returns to normal now: a hidden one
        // kept its large minimum size, and the window could not shrink back to the screen.
        for (Workspace* w : workspaces()) {
            w->setPresentation(false);
            // Hidden widgets keep the size hints of the large fonts in their layouts' caches.
            for (QLayout* l : w->findChildren<QLayout*>()) {
                l->invalidate();
            }
            w->updateGeometry();
        }
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    }
    modeBar_->setVisible(!on);
    presentationHint_->setVisible(on);
    if (!on) {
        // Hidden pages' layouts cached the large fonts' hints again (the window could not
        // shrink below 1392 px on a 1366 px screen): once more when the events have run.
        QTimer::singleShot(0, this, [this] {
            for (Workspace* w : workspaces()) {
                for (QLayout* l : w->findChildren<QLayout*>()) {
                    l->invalidate();
                }
            }
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            for (Workspace* w : workspaces()) {
                w->settleAfterPresentation();
            }
        });
    }
    if (on) {
        showFullScreen();
        return;
    }
    // The larger fonts' minimum sizes must be gone before the old geometry comes back, or the
    // window is clamped to them (1509 px normal, 1439 px maximised on a 1366 px screen).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (wasMaximized_) {
        showMaximized();
    } else {
        showNormal();
        restoreGeometry(geometryBeforePresentation_);
    }
    QTimer::singleShot(0, this, [this] {
        if (!presentation_ && !isMaximized()) {
            restoreGeometry(geometryBeforePresentation_);
        }
        // Whatever the window manager made of it, never wider or taller than the screen.
        const QRect avail = screen()->availableGeometry();
        const QSize frame = frameGeometry().size() - size();
        const QSize fit(std::min(width(), avail.width() - frame.width()),
                        std::min(height(), avail.height() - frame.height()));
        if (fit != size() && !presentation_) {
            const bool maximized = isMaximized();
            showNormal();
            resize(fit);
            move(std::max(avail.left(), x()), std::max(avail.top(), y()));
            if (maximized) {
                showMaximized();
            }
        }
    });
}

} // namespace cdx::app
