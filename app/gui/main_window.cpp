#include "main_window.hpp"

#include "area/architecture_view.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/plot_theme.hpp"
#include "common/view_export.hpp"
#include "mwp/bottleneck_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "params/input_error.hpp"
#include "preference.hpp"
#include "runs/runs_view.hpp"
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

#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <nlohmann/json.hpp>

namespace cdx::app {

namespace {
Preference<QByteArray> windowGeometry{"mainwindow/geometry"};
Preference<QByteArray> dockLayout{"mainwindow/state"};
Preference<QStringList> recentFiles{"session/recentFiles"};
Preference<QString> lastDirectory{"session/lastDirectory", QDir::homePath()};
Preference<QSize> exportSize{"export/size", QSize(1600, 1000)};
Preference<QString> runDatabase{"runs/database"};

// Deleting runs from the database: undo restores them with their ids.
class DeleteRunsCommand : public QUndoCommand {
public:
    DeleteRunsCommand(cdx::app::MainWindow* w, cdx::runs::RunStore* store,
                      std::vector<std::int64_t> ids)
        : w_(w), store_(store), ids_(std::move(ids)) {
        setText(QObject::tr("Delete %1 measured runs").arg(ids_.size()));
    }
    void redo() override {
        removed_ = store_->remove(ids_);
        w_->reloadRuns();
    }
    void undo() override {
        store_->restore(removed_);
        w_->reloadRuns();
    }

private:
    cdx::app::MainWindow* w_;
    cdx::runs::RunStore* store_;
    std::vector<std::int64_t> ids_;
    std::vector<cdx::runs::Run> removed_;
};
constexpr int kMaxRecent = 8;

QDockWidget* dock(QMainWindow* w, const QString& title, const char* name, QWidget* content) {
    auto* d = new QDockWidget(title, w);
    d->setObjectName(name);
    auto* scroll = new QScrollArea(d);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    d->setWidget(scroll);
    return d;
}

// Default problem sizes when the stencil's dimension changes (the papers' sizes).
talg::Problem defaultProblem(int dim) {
    switch (dim) {
    case 1:
        return {1, {1048576, 1, 1}, 4096};
    case 3:
        return {3, {512, 512, 512}, 512};
    default:
        return {2, {8192, 8192, 1}, 8192};
    }
}
} // namespace

MainWindow::MainWindow(SessionDocument* doc, QWidget* parent) : QMainWindow(parent), doc_(doc) {
    setObjectName("mainWindow");
    normalFont_ = QApplication::font();
    map_ = new widgets::TileSpaceMapView(this);
    sweep_ = new widgets::SweepView(this);
    breakdown_ = new widgets::BreakdownView(this);
    top_ = new widgets::TopTilingsView(this);
    geometry_ = new widgets::TilingGeometryView(this);
    dieArea_ = new widgets::DieAreaView(this);
    architecture_ = new widgets::ArchitectureView(this);
    codesign_ = new widgets::CodesignView(this);
    bottleneck_ = new widgets::BottleneckView(this);
    mwpWarps_ = new widgets::MwpWarpsView(this);
    regimeMap_ = new widgets::RegimeMapView(this);
    power_ = new widgets::PowerView(this);
    runsView_ = new widgets::RunsView(this);
    views_ = {map_,      sweep_,      breakdown_, top_,       geometry_, dieArea_, architecture_,
              codesign_, bottleneck_, mwpWarps_,  regimeMap_, power_,    runsView_};
    dirty_.assign(views_.size(), true);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName("views");
    tabs_->setDocumentMode(true);
    for (auto* v : views_) {
        tabs_->addTab(v->widget(), v->viewTitle());
    }
    setCentralWidget(tabs_);

    gpuEditor_ = new widgets::GpuEditor;
    stencilEditor_ = new widgets::StencilEditor;
    tilingEditor_ = new widgets::TilingEditor;
    variantEditor_ = new widgets::VariantEditor;
    kernelEditor_ = new widgets::KernelEditor;
    auto* kernelDock = dock(this, tr("MWP-CWP kernel"), "kernelDock", kernelEditor_);
    auto* tilingDock = dock(this, tr("Tiling"), "tilingDock", tilingEditor_);
    auto* variantDock = dock(this, tr("Model variant"), "variantDock", variantEditor_);
    auto* gpuDock = dock(this, tr("GPU"), "gpuDock", gpuEditor_);
    auto* stencilDock = dock(this, tr("Stencil && problem"), "stencilDock", stencilEditor_);
    addDockWidget(Qt::LeftDockWidgetArea, tilingDock);
    addDockWidget(Qt::LeftDockWidgetArea, variantDock);
    addDockWidget(Qt::RightDockWidgetArea, gpuDock);
    addDockWidget(Qt::RightDockWidgetArea, stencilDock);
    addDockWidget(Qt::RightDockWidgetArea, kernelDock);
    tabifyDockWidget(gpuDock, stencilDock);
    tabifyDockWidget(stencilDock, kernelDock);
    gpuDock->raise();

    status_ = new QLabel(this);
    status_->setObjectName("statusTalg");
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addPermanentWidget(status_, 1);

    buildMenus();
    viewMenu_->addSeparator();
    for (QDockWidget* d : {tilingDock, variantDock, gpuDock, stencilDock, kernelDock}) {
        viewMenu_->addAction(d->toggleViewAction());
    }

    // Editors -> document.
    connect(gpuEditor_, &widgets::GpuEditor::gpuChosen, this, &MainWindow::chooseGpu);
    connect(gpuEditor_, &widgets::GpuEditor::parameterEdited, this, &MainWindow::setParameter);
    connect(stencilEditor_, &widgets::StencilEditor::stencilChosen, this,
            &MainWindow::chooseStencil);
    connect(stencilEditor_, &widgets::StencilEditor::parameterEdited, this,
            &MainWindow::setParameter);
    connect(stencilEditor_, &widgets::StencilEditor::problemEdited, this,
            [this](const talg::Problem& p) {
                SessionState s = doc_->state();
                s.problem = p;
                doc_->edit(tr("Change problem size"), s);
            });
    connect(tilingEditor_, &widgets::TilingEditor::tilesEdited, this, &MainWindow::setTiles);
    optimize_ = new QFutureWatcher<OptimizeJob>(this);
    connect(optimize_, &QFutureWatcher<OptimizeJob>::finished, this, &MainWindow::optimizeFinished);
    connect(tilingEditor_, &widgets::TilingEditor::optimizeRequested, this,
            &MainWindow::startOptimize);
    connect(variantEditor_, &widgets::VariantEditor::variantEdited, this,
            [this](const talg::TalgVariant& v) {
                SessionState s = doc_->state();
                s.variant = v;
                doc_->edit(tr("Change model variant"), s);
            });
    // Views -> document.
    connect(map_, &widgets::TileSpaceMapView::tilesChosen, this, &MainWindow::setTiles);
    connect(sweep_, &widgets::SweepView::tilesChosen, this, &MainWindow::setTiles);
    connect(sweep_, &widgets::SweepView::parameterChosen, this,
            [this](const QString& key, double v) { setParameter(key, v, false); });
    connect(top_, &widgets::TopTilingsView::tilesChosen, this, &MainWindow::setTiles);
    connect(top_, &widgets::TopTilingsView::withinEdited, this, [this](double f) {
        SessionState s = doc_->state();
        s.within = f;
        doc_->edit(tr("Change within-X%"), s);
    });
    connect(architecture_, &widgets::ArchitectureView::architectureEdited, this,
            [this](const area::Architecture& a, bool dragging) {
                setArchitecture(a, tr("Change architecture"), dragging);
            });
    connect(codesign_, &widgets::CodesignView::designChosen, this,
            [this](std::int64_t nSm, std::int64_t nV, double mSm, double rVu) {
                setArchitecture(area::Architecture{nSm, nV, rVu, mSm, 0, 0},
                                tr("Load codesign design"), false);
            });
    connect(codesign_, &widgets::CodesignView::settingsEdited, this,
            [this](const CodesignSettings& c) {
                SessionState s = doc_->state();
                if (s.codesign == c) {
                    return;
                }
                s.codesign = c;
                doc_->edit(tr("Change codesign settings"), s);
            });
    // MWP-CWP editor and regime map -> document.
    connect(kernelEditor_, &widgets::KernelEditor::gpuChosen, this, [this](const QString& id) {
        MwpSettings m = doc_->state().mwp;
        try {
            m.gpu = loadMwpGpuProfile(id.toStdString());
        } catch (const InputError& e) {
            statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
            return;
        }
        editMwp(tr("Choose MWP-CWP GPU %1").arg(id), m);
    });
    connect(kernelEditor_, &widgets::KernelEditor::kernelChosen, this, [this](const QString& id) {
        MwpSettings m = doc_->state().mwp;
        try {
            m.kernel = loadKernelProfile(id.toStdString());
        } catch (const InputError& e) {
            statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
            return;
        }
        editMwp(tr("Choose kernel %1").arg(id), m);
    });
    connect(kernelEditor_, &widgets::KernelEditor::parameterEdited, this,
            [this](const QString& key, double value, bool isNull) {
                MwpSettings m = doc_->state().mwp;
                try {
                    applyKernelOverride(m.gpu, m.kernel,
                                        key.toStdString() + "=" +
                                            (isNull ? std::string("null") : formatNumber(value)));
                } catch (const InputError& e) {
                    statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
                    refresh();
                    return;
                }
                editMwp(tr("Set %1").arg(key), m);
            });
    connect(kernelEditor_, &widgets::KernelEditor::variantEdited, this,
            [this](const mwp::MwpVariant& v) {
                MwpSettings m = doc_->state().mwp;
                m.variant = v;
                editMwp(tr("Change MWP-CWP variant"), m);
            });
    connect(regimeMap_, &widgets::RegimeMapView::axesEdited, this,
            [this](const mwp::AxisRange& x, const mwp::AxisRange& y) {
                MwpSettings m = doc_->state().mwp;
                m.mapX = x;
                m.mapY = y;
                editMwp(tr("Change regime-map axes"), m);
            });
    // Measured runs.
    connect(runsView_, &widgets::RunsView::importRequested, this,
            &MainWindow::importRunsInteractive);
    connect(runsView_, &widgets::RunsView::deleteRequested, this, &MainWindow::deleteRuns);
    connect(runsView_, &widgets::RunsView::calibrateRequested, this,
            &MainWindow::calibrateInteractive);
    // Document -> everything.
    connect(doc_, &SessionDocument::changed, this, &MainWindow::refresh);
    connect(doc_, &SessionDocument::fileChanged, this, &MainWindow::updateTitle);
    connect(tabs_, &QTabWidget::currentChanged, this, [this, kernelDock](int i) {
        if (i >= 0 && dirty_[static_cast<std::size_t>(i)]) {
            refreshView(views_[static_cast<std::size_t>(i)]);
        }
        // The MWP-CWP views are edited in their own dock: bring it forward with them.
        const QWidget* w = tabs_->widget(i);
        if (w == runsView_) {
            return;
        }
        if (w == bottleneck_ || w == mwpWarps_ || w == regimeMap_ || w == power_) {
            kernelDock->raise();
        }
    });

    resize(1500, 950);
    {
        QString db = runDatabase.get();
        if (db.isEmpty()) {
            const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
            QDir().mkpath(dir);
            db = QDir(dir).filePath("runs.sqlite");
        }
        openRunDatabase(db);
    }
    restoreGeometry(windowGeometry.get());
    restoreState(dockLayout.get());
    refresh();
    updateTitle();
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Session"), QKeySequence::New, this, [this] {
        if (!maybeSave()) {
            return;
        }
        try {
            doc_->reset(defaultSession());
        } catch (const InputError& e) {
            QMessageBox::warning(this, tr("New session"), QString::fromUtf8(e.what()));
        }
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave()) {
            return;
        }
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open session"), lastDirectory.get(),
            tr("Codesign Explorer sessions (*.cdx.json);;JSON (*.json)"));
        if (!path.isEmpty()) {
            openSession(path);
        }
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] { save(); });
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, [this] { saveAs(); });
    file->addSeparator();
    file->addAction(tr("&Export View…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                    [this] { exportCurrentView(false); });
    file->addAction(tr("Export View &Data as CSV…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                    this, [this] { exportCurrentView(true); });
    file->addSeparator();
    file->addAction(tr("Open Run &Database…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Open or create a run database"), runDbPath_,
                                         tr("Run databases (*.sqlite *.db);;All files (*)"),
                                         nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty()) {
            const QString error = openRunDatabase(path);
            if (!error.isEmpty()) {
                QMessageBox::warning(this, tr("Run database"), error);
            }
        }
    });
    file->addAction(tr("&Import Runs…"), this, &MainWindow::importRunsInteractive);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    updateRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    presentationAction_ = viewMenu_->addAction(tr("&Presentation Mode"));
    presentationAction_->setCheckable(true);
    presentationAction_->setShortcut(QKeySequence(Qt::Key_F11));
    connect(presentationAction_, &QAction::toggled, this, &MainWindow::setPresentation);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Codesign Explorer"), this, [this] {
        QMessageBox::about(
            this, tr("About Codesign Explorer"),
            tr("<h3>Codesign Explorer %1</h3>"
               "<p>Interactive analytical GPU cost models. This version implements the "
               "Talg execution-time model of hybrid-hexagonal tiled stencils "
               "(Prajapati et al., PPoPP'17, and thesis Appendix A) with exact "
               "exhaustive tile-size search, the GPU die-area model (thesis Appendix C) and "
               "the exact hardware/software codesign search with its Pareto front, and the "
               "MWP-CWP performance, IPP power and Chapter V throughput models of Hong's "
               "thesis with their bottleneck categories.</p>"
               "<p>Where the sources contradict themselves both forms are available "
               "as a <i>model variant</i>; the active variant is shown on every view "
               "and export. See docs/model.md.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

QString MainWindow::statusText() const {
    return status_->text();
}

void MainWindow::refreshView(widgets::ExplorerView* v) {
    for (std::size_t i = 0; i < views_.size(); ++i) {
        if (views_[i] == v) {
            v->setSession(doc_->state());
            dirty_[i] = false;
        }
    }
}

void MainWindow::refresh() {
    const SessionState& s = doc_->state();
    gpuEditor_->setSession(s);
    stencilEditor_->setSession(s);
    tilingEditor_->setSession(s);
    variantEditor_->setSession(s);
    kernelEditor_->setSession(s);
    // The visible view now; hidden ones when their tab is shown (a drag must not queue
    // work for views nobody sees).
    std::fill(dirty_.begin(), dirty_.end(), true);
    refreshView(views_[static_cast<std::size_t>(std::max(0, tabs_->currentIndex()))]);

    const int dim = s.problem.dim;
    QString text;
    try {
        const auto r =
            talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
        if (r.feasible) {
            text = tr("T_alg = %1   |   k = %2   |   %3-bound   |   %4")
                       .arg(widgets::formatSeconds(r.tAlg))
                       .arg(r.breakdown.k)
                       .arg(r.breakdown.computeBound ? tr("compute") : tr("memory"))
                       .arg(widgets::variantLine(s.variant, dim));
            if (r.warnings.has(talg::Warning::BelowIdeal)) {
                text += tr("   |   ⚠ below T_ideal (paper-pitch artefact)");
            }
        } else {
            text = tr("infeasible: %1   |   %2")
                       .arg(QString::fromStdString(talg::describe(r.excludedBy)),
                            widgets::variantLine(s.variant, dim));
        }
    } catch (const InputError& e) {
        text = QString::fromUtf8(e.what());
    }
    status_->setText(text);
    updateTitle();
}

void MainWindow::updateTitle() {
    const QString name =
        doc_->filePath().isEmpty() ? tr("Untitled") : QFileInfo(doc_->filePath()).fileName();
    setWindowTitle(
        QStringLiteral("%1%2 — Codesign Explorer").arg(name, doc_->isModified() ? "*" : ""));
}

void MainWindow::setTiles(const talg::Tiles& t, bool dragging) {
    SessionState s = doc_->state();
    s.tiles = t;
    doc_->edit(tr("Change tiles"), s, dragging ? SessionDocument::DragTiles : -1);
}

void MainWindow::setParameter(const QString& key, double value, bool isNull) {
    SessionState s = doc_->state();
    try {
        applyOverride(s.gpu, s.stencil, s.gpu.id,
                      key.toStdString() + "=" +
                          (isNull ? std::string("null") : formatNumber(value)));
        doc_->edit(tr("Set %1").arg(key), s);
    } catch (const InputError& e) {
        statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
    }
}

void MainWindow::setArchitecture(const area::Architecture& a, const QString& label, bool dragging) {
    SessionState s = doc_->state();
    try {
        area::validate(a);
        const std::pair<const char*, double> values[] = {{"n_sm", static_cast<double>(a.nSm)},
                                                         {"n_v", static_cast<double>(a.nV)},
                                                         {"m_sm_kb", a.mSmKb},
                                                         {"r_vu_kb", a.rVuKb},
                                                         {"l1_pair_kb", a.l1PairKb},
                                                         {"l2_kb", a.l2Kb}};
        for (const auto& [key, v] : values) {
            const auto it = s.gpu.params.find(key);
            if (it == s.gpu.params.end() || it->second.value != v) {
                applyOverride(s.gpu, s.stencil, s.gpu.id, std::string(key) + "=" + formatNumber(v));
            }
        }
        if (!sameSession(s, doc_->state())) {
            doc_->edit(label, s, dragging ? SessionDocument::DragArchitecture : -1);
        }
    } catch (const InputError& e) {
        statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
        refresh();
    }
}

void MainWindow::editMwp(const QString& label, const MwpSettings& m) {
    try {
        // Refuse what the model cannot evaluate (the reason names the key), and axis
        // ranges the regime map refuses.
        const mwp::Device d = m.device();
        const mwp::Kernel k = m.model();
        mwp::validate(d, k);
        mwp::AxisRange x = m.mapX, y = m.mapY;
        x.steps = y.steps = 2;
        (void)mwp::regimeMap(d, k, m.variant, x, y);
    } catch (const InputError& e) {
        statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
        refresh();
        return;
    }
    SessionState s = doc_->state();
    s.mwp = m;
    if (!sameSession(s, doc_->state())) {
        doc_->edit(label, s);
    }
}

QString MainWindow::openRunDatabase(const QString& path) {
    runStore_.reset();
    runs_.clear();
    runDbPath_ = path;
    QString error;
    try {
        runStore_ = std::make_unique<runs::RunStore>(path.toStdString());
        runDatabase.set(path);
    } catch (const InputError& e) {
        error = QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        error = tr("run database %1: %2").arg(path, QString::fromUtf8(e.what()));
    }
    if (!error.isEmpty()) {
        statusBar()->showMessage(error, 10000);
        runsView_->setRuns({}, tr("%1 — not opened: %2").arg(path, error));
        return error;
    }
    reloadRuns();
    return {};
}

void MainWindow::reloadRuns() {
    runs_ = runStore_ ? runStore_->list() : std::vector<runs::Run>{};
    runsView_->setRuns(runs_, runDbPath_);
    map_->setMeasuredRuns(runs_);
    sweep_->setMeasuredRuns(runs_);
}

runs::ImportReport MainWindow::importRunsFile(const QString& path, runs::ImportPolicy policy) {
    if (!runStore_) {
        runs::ImportReport r;
        r.issues.push_back({0, "database", runDbPath_.toStdString(), "an open run database"});
        return r;
    }
    // Parse and insert off the GUI thread; Cancel aborts the transaction (nothing written).
    QProgressDialog progress(tr("Importing %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0,
                             100, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    std::atomic<bool> cancel{false};
    std::atomic<int> percent{0};
    struct Outcome {
        runs::ImportReport report;
        QString error;
    };
    QFutureWatcher<Outcome> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcher<Outcome>::finished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, this, [&cancel] { cancel = true; });
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] { progress.setValue(percent.load()); });
    poll.start(100);
    runs::RunStore* store = runStore_.get();
    watcher.setFuture(QtConcurrent::run([&, store, file = path.toStdString()] {
        Outcome o;
        try {
            const auto parsed = runs::parseRunsFile(file, runs::KnownIds::shipped());
            o.report =
                runs::importRuns(*store, parsed, policy, [&](std::size_t done, std::size_t total) {
                    percent = static_cast<int>(100 * done / total);
                    if (cancel) {
                        throw std::runtime_error("cancelled");
                    }
                });
        } catch (const InputError& e) {
            o.error = QString::fromUtf8(e.what());
        } catch (const std::exception& e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
    loop.exec();
    poll.stop();
    progress.reset();
    const Outcome o = watcher.result();
    reloadRuns();
    if (!o.error.isEmpty()) {
        runs::ImportReport r;
        r.issues.push_back({0, "import", path.toStdString(), o.error.toStdString()});
        statusBar()->showMessage(tr("Import of %1 failed: %2").arg(path, o.error), 10000);
        return r;
    }
    statusBar()->showMessage(tr("%1: %2 runs imported, %3 already present, %4 invalid%5")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(o.report.inserted)
                                 .arg(o.report.duplicates)
                                 .arg(o.report.invalid)
                                 .arg(o.report.committed ? QString() : tr(" — nothing imported")),
                             10000);
    return o.report;
}

void MainWindow::importRunsInteractive() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import measured runs"), lastDirectory.get(),
                                     tr("Runs (*.csv *.json);;CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    runs::ImportReport r = importRunsFile(path, runs::ImportPolicy::AllOrNothing);
    if (r.issues.empty()) {
        return;
    }
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Import report"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(
        new QLabel(r.committed ? tr("%1 rows imported; these rows were skipped:").arg(r.inserted)
                               : tr("Nothing was imported (all or nothing). Problems:"),
                   &dialog));
    auto* text = new QPlainTextEdit(&dialog);
    text->setReadOnly(true);
    for (const auto& i : r.issues) {
        text->appendPlainText(QString::fromStdString(i.message()));
    }
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QPushButton* valid = nullptr;
    if (!r.committed && !r.issues.empty() && r.issues.front().line > 1) {
        valid = buttons->addButton(tr("Import the valid rows"), QDialogButtonBox::AcceptRole);
    }
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    layout->addWidget(buttons);
    dialog.resize(700, 400);
    if (dialog.exec() == QDialog::Accepted && valid) {
        importRunsFile(path, runs::ImportPolicy::SkipInvalid);
    }
}

void MainWindow::deleteRuns(const std::vector<std::int64_t>& ids) {
    if (!runStore_ || ids.empty()) {
        return;
    }
    try {
        doc_->undoStack()->push(new DeleteRunsCommand(this, runStore_.get(), ids));
    } catch (const std::exception& e) {
        statusBar()->showMessage(QString::fromUtf8(e.what()), 8000);
        reloadRuns();
    }
}

namespace {
runs::Calibration calibrateRuns(const std::vector<runs::Run>& chosen, const SessionState& s) {
    return runs::calibrate(chosen, s.gpu, s.stencil, s.variant, runs::CalibrationOptions{},
                           QDate::currentDate().toString(Qt::ISODate).toStdString());
}
} // namespace

std::vector<runs::Run> MainWindow::runsWithIds(const std::vector<std::int64_t>& ids) const {
    std::vector<runs::Run> chosen;
    for (const auto& r : runs_) {
        if (std::find(ids.begin(), ids.end(), r.id) != ids.end()) {
            chosen.push_back(r);
        }
    }
    return chosen;
}

runs::Calibration MainWindow::calibrateSession(const std::vector<std::int64_t>& ids) const {
    return calibrateRuns(runsWithIds(ids), doc_->state());
}

void MainWindow::applyCalibration(const runs::Calibration& c) {
    SessionState s = doc_->state();
    if (c.gpu != s.gpu.id || c.stencil != s.stencil.id) {
        statusBar()->showMessage(tr("The calibration is for another GPU or stencil."), 8000);
        return;
    }
    s.stencil.cIterByGpu[c.gpu] = c.fittedStencil.cIterByGpu.at(c.gpu);
    s.stencil.cIterByGpu[c.gpu].edited = true;
    for (const auto& fv : c.values) {
        if (fv.parameter != runs::FitParameter::CIter) {
            const std::string key(runs::name(fv.parameter));
            s.gpu.params[key] = c.fittedGpu.params.at(key);
            s.gpu.params[key].edited = true;
        }
    }
    doc_->edit(tr("Apply calibration (%1 runs)").arg(c.runsUsed), s);
}

void MainWindow::calibrateInteractive(const std::vector<std::int64_t>& ids) {
    // The fit evaluates T_alg thousands of times per run: off the GUI thread, with a busy
    // indicator (core's fit has no cancellation point).
    struct Outcome {
        runs::Calibration calibration;
        QString error;
    };
    QProgressDialog busy(tr("Fitting C_iter to %1 runs…").arg(ids.size()), QString(), 0, 0, this);
    busy.setWindowModality(Qt::WindowModal);
    busy.setMinimumDuration(300);
    QFutureWatcher<Outcome> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcher<Outcome>::finished, &loop, &QEventLoop::quit);
    // The worker gets copies: the document and the run list stay the GUI thread's.
    watcher.setFuture(QtConcurrent::run([chosen = runsWithIds(ids), state = doc_->state()] {
        Outcome o;
        try {
            o.calibration = calibrateRuns(chosen, state);
        } catch (const InputError& e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
    loop.exec();
    busy.reset();
    const Outcome outcome = watcher.result();
    if (!outcome.error.isEmpty()) {
        QMessageBox::warning(this, tr("Calibration"), outcome.error);
        return;
    }
    const runs::Calibration& c = outcome.calibration;
    QString text = tr("<p>C_iter of <b>%1</b> on <b>%2</b> fitted to %3 runs (least squares of "
                      "the relative errors):</p><ul>")
                       .arg(QString::fromStdString(c.stencil), QString::fromStdString(c.gpu))
                       .arg(c.runsUsed);
    for (const auto& fv : c.values) {
        text += tr("<li>%1: %2 → <b>%3</b></li>")
                    .arg(QString::fromLatin1(runs::name(fv.parameter).data()))
                    .arg(fv.before, 0, 'g', 6)
                    .arg(fv.after, 0, 'g', 6);
    }
    text += tr("</ul><p>RMSE %1 % → %2 %; MAPE %3 % → %4 %.</p>")
                .arg(c.before.rmse * 100, 0, 'f', 2)
                .arg(c.after.rmse * 100, 0, 'f', 2)
                .arg(c.before.mape * 100, 0, 'f', 2)
                .arg(c.after.mape * 100, 0, 'f', 2);
    QMessageBox box(this);
    box.setWindowTitle(tr("Calibration"));
    box.setTextFormat(Qt::RichText);
    box.setText(text);
    QPushButton* apply = box.addButton(tr("Apply to session"), QMessageBox::AcceptRole);
    QPushButton* save = box.addButton(tr("Save profile…"), QMessageBox::ActionRole);
    box.addButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == apply) {
        applyCalibration(c);
    } else if (box.clickedButton() == save) {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the fitted stencil profile"),
            QDir(lastDirectory.get()).filePath(QString::fromStdString(c.stencil) + "-fitted.json"),
            tr("Stencil profiles (*.json)"));
        if (!path.isEmpty()) {
            try {
                writeTextAtomic(path.toStdString(), toJson(c.fittedStencil).dump(2) + "\n");
            } catch (const InputError& e) {
                QMessageBox::warning(this, tr("Save profile"), QString::fromUtf8(e.what()));
            }
        }
    }
}

void MainWindow::startOptimize() {
    if (optimize_->isRunning()) {
        return;
    }
    // The exhaustive search can be long for big 3D problems: off the GUI thread.
    optimizeStart_ = doc_->state();
    tilingEditor_->setOptimizeBusy(true);
    statusBar()->showMessage(tr("Searching the feasible space for the optimal tiles…"));
    optimize_->setFuture(QtConcurrent::run([s = optimizeStart_]() mutable {
        OptimizeJob job;
        try {
            job.found = applyOptimalTiles(s);
        } catch (const InputError& e) {
            job.error = QString::fromUtf8(e.what());
        }
        job.state = std::move(s);
        return job;
    }));
}

void MainWindow::optimizeFinished() {
    tilingEditor_->setOptimizeBusy(false);
    const OptimizeJob job = optimize_->result();
    if (!job.error.isEmpty()) {
        statusBar()->showMessage(job.error, 8000);
    } else if (!job.found) {
        statusBar()->showMessage(tr("No feasible tiling for this problem and GPU."), 8000);
    } else if (!sameSession(doc_->state(), optimizeStart_)) {
        // Stale: the session changed while the search ran; its optimum no longer applies.
        statusBar()->showMessage(
            tr("The session changed during the search; press Optimal tiles again."), 8000);
    } else {
        statusBar()->clearMessage();
        doc_->edit(tr("Optimal tiles"), job.state);
    }
}

void MainWindow::chooseGpu(const QString& id) {
    SessionState s = doc_->state();
    try {
        s.gpu = loadGpuProfile(id.toStdString());
        doc_->edit(tr("Choose GPU %1").arg(id), s);
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("GPU profile"), QString::fromUtf8(e.what()));
        refresh();
    }
}

void MainWindow::chooseStencil(const QString& id) {
    SessionState s = doc_->state();
    try {
        s.stencil = loadStencilProfile(id.toStdString());
        if (s.stencil.dim != s.problem.dim) {
            s.problem = defaultProblem(s.stencil.dim);
            s.tiles = talg::Tiles{{8, 1, 1}, 4};
            s.tiles
                .space[static_cast<std::size_t>(std::max(0, talg::innermostIndex(s.stencil.dim)))] =
                s.stencil.dim == 1 ? 64 : 32;
            if (s.stencil.dim == 3) {
                s.tiles.space[1] = 4;
            }
            try {
                applyOptimalTiles(s); // needs C_iter; without one the default tiles stay
            } catch (const InputError&) {
            }
        }
        doc_->edit(tr("Choose stencil %1").arg(id), s);
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Stencil profile"), QString::fromUtf8(e.what()));
        refresh();
    }
}

bool MainWindow::openSession(const QString& path, QString* error, bool quiet) {
    try {
        doc_->open(path);
        addRecent(path);
        lastDirectory.set(QFileInfo(path).absolutePath());
        return true;
    } catch (const InputError& e) {
        const QString msg = QString::fromUtf8(e.what());
        if (error) {
            *error = msg;
        }
        if (!quiet) {
            QMessageBox::warning(this, tr("Open session"),
                                 tr("Could not open the session:\n%1").arg(msg));
        }
        return false;
    }
}

bool MainWindow::save() {
    if (doc_->filePath().isEmpty()) {
        return saveAs();
    }
    try {
        doc_->saveAs(doc_->filePath());
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Save session"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"),
                                                lastDirectory.get() + "/session.cdx.json",
                                                tr("Codesign Explorer sessions (*.cdx.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (!path.endsWith(".json")) {
        path += ".cdx.json";
    }
    try {
        doc_->saveAs(path);
        addRecent(path);
        lastDirectory.set(QFileInfo(path).absolutePath());
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Save session"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::maybeSave() {
    if (!doc_->isModified()) {
        return true;
    }
    const auto answer =
        QMessageBox::question(this, tr("Unsaved changes"), tr("Save the changes to this session?"),
                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    windowGeometry.set(saveGeometry());
    dockLayout.set(saveState());
    e->accept();
}

void MainWindow::addRecent(const QString& path) {
    QStringList list = recentFiles.get();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent) {
        list.removeLast();
    }
    recentFiles.set(list);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList list = recentFiles.get();
    for (const QString& path : list) {
        recentMenu_
            ->addAction(QFileInfo(path).fileName(), this,
                        [this, path] {
                            if (maybeSave()) {
                                openSession(path);
                            }
                        })
            ->setToolTip(path);
    }
    recentMenu_->setEnabled(!list.isEmpty());
}

void MainWindow::exportCurrentView(bool asCsv) {
    auto* view = views_[static_cast<std::size_t>(std::max(0, tabs_->currentIndex()))];
    QString path = QFileDialog::getSaveFileName(
        this, asCsv ? tr("Export view asCsv") : tr("Export view"),
        lastDirectory.get() + "/" + view->fileStem() + (asCsv ? ".csv" : ".png"),
        asCsv ? tr("CSV (*.csv)")
              : tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"));
    if (path.isEmpty()) {
        return;
    }
    QSize size = exportSize.get();
    if (!asCsv) {
        QDialog dialog(this);
        dialog.setWindowTitle(tr("Export size"));
        auto* form = new QFormLayout(&dialog);
        auto* w = new QSpinBox(&dialog);
        auto* h = new QSpinBox(&dialog);
        w->setRange(16, 20000);
        h->setRange(16, 20000);
        w->setValue(size.width());
        h->setValue(size.height());
        w->setSuffix(" px");
        h->setSuffix(" px");
        form->addRow(tr("Width"), w);
        form->addRow(tr("Height"), h);
        auto* buttons =
            new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
        form->addRow(buttons);
        connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        if (dialog.exec() != QDialog::Accepted) {
            return;
        }
        size = QSize(w->value(), h->value());
        exportSize.set(size);
    }
    const QString error = widgets::exportView(*view, path, size);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export"), error);
    } else {
        lastDirectory.set(QFileInfo(path).absolutePath());
        statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
    }
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
    QFont f = normalFont_;
    if (on) {
        f.setPointSize(std::max(14, normalFont_.pointSize() + 5));
    }
    QApplication::setFont(f);
    for (auto* v : views_) {
        v->setPresentation(on);
    }
    // The audience needs the view, not the editors: docks go away until presentation ends
    // (View menu brings any back), and the previous layout returns afterwards.
    if (on) {
        layoutBeforePresentation_ = saveState();
        for (auto* d : findChildren<QDockWidget*>()) {
            d->hide();
        }
        showFullScreen();
    } else {
        showNormal();
        restoreState(layoutBeforePresentation_);
    }
    refresh();
}

QString MainWindow::writeScreenshots(const QString& dir, const QSize& viewSize) {
    if (!QDir().mkpath(dir)) {
        return tr("%1: cannot create the folder").arg(dir);
    }
    for (int i = 0; i < tabs_->count(); ++i) {
        tabs_->setCurrentIndex(i);
        QApplication::processEvents();
    }
    // Wait for the background searches (top tilings, codesign).
    for (auto* v : views_) {
        v->finishPendingWork();
    }
    QApplication::processEvents();
    tabs_->setCurrentIndex(0);
    QApplication::processEvents();
    if (!grab().save(QDir(dir).filePath("main-window.png"))) {
        return tr("%1: cannot write main-window.png").arg(dir);
    }
    for (int i = 0; i < tabs_->count(); ++i) {
        tabs_->setCurrentIndex(i);
        QApplication::processEvents();
        auto* view = views_[static_cast<std::size_t>(i)];
        view->finishPendingWork();
        QApplication::processEvents();
        if (!grab().save(QDir(dir).filePath("window-" + view->fileStem() + ".png"))) {
            return tr("%1: cannot write window-%2.png").arg(dir, view->fileStem());
        }
        const QString error =
            widgets::exportView(*view, QDir(dir).filePath(view->fileStem() + ".png"), viewSize);
        if (!error.isEmpty()) {
            return error;
        }
    }
    tabs_->setCurrentIndex(0);
    return {};
}

} // namespace cdx::app
