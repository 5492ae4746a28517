// SPDX-License-Identifier: GPL-3.0-or-later
// Measured runs at the paper's scale (issue 44, item 15): PPoPP'17 ran 68,000 2-D points. The
// benchmark makes its own database of 68,000 runs (two GPUs, four 2-D stencils, eight problem
// sizes, 1,062 tilings each; the times are the model's with +-20 % noise, not measurements),
// then, in the main window at 1366 x 768 offscreen:
//   - opens it (every workspace that shows runs takes them: the runs table, the Talg map's and
//     sweep's overlay, the Energy editor and calibration view); goal under 1 s;
//   - steps the runs view's filters (GPU, stencil, session problem only, within X %) and sorts
//     its table by each column; goal p99 < 16 ms per step;
//   - drags tS1 in the Talg tile-space map and sweep with the measured-runs overlay;
//   - reports the resident memory the runs add (VmRSS and its peak VmHWM, against the same
//     window with an empty database); goal within 200 MB.

#include "latency.hpp"
#include "main_window.hpp"
#include "run_database.hpp"
#include "runs/run_store.hpp"
#include "runs/runs_view.hpp"
#include "session/session.hpp"
#include "session_document.hpp"
#include "talg/sweep_view.hpp"
#include "talg/talg.hpp"
#include "talg/tile_space_map_view.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

#include <QAbstractItemModel>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QThreadPool>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

using namespace cdx;
using namespace cdx::widgets;

namespace {

// Resident memory of this process [MB]: "VmRSS" now or "VmHWM" its peak (/proc/self/status).
double residentMb(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field, 0) == 0) {
            return std::stod(line.substr(std::string(field).size() + 1)) / 1024.0;
        }
    }
    return 0;
}

std::vector<runs::Run> paperScaleRuns() {
    std::mt19937 rng(68000);
    std::uniform_real_distribution<double> noise(0.8, 1.2);
    const char* gpus[] = {"gtx980", "titanx"};
    const char* stencils[] = {"heat2d", "jacobi2d", "gradient2d", "laplacian2d"};
    const std::int64_t sizes[] = {1024, 2048, 3072, 4096, 5120, 6144, 7168, 8192};
    std::vector<runs::Run> out;
    out.reserve(68000);
    std::size_t i = 0;
    while (out.size() < 68000) {
        const std::size_t experiment = i / 1062, k = i % 1062;
        runs::Run r;
        r.gpu = gpus[experiment % 2];
        r.stencil = stencils[(experiment / 2) % 4];
        r.dim = 2;
        const std::int64_t n = sizes[(experiment / 8) % 8];
        r.space = {n, n, 1};
        r.time = n;
        r.tile = {static_cast<std::int64_t>(8 + 8 * (k % 16)),
                  static_cast<std::int64_t>(16 * (1 + (k / 16) % 16)), 1};
        r.tt = static_cast<std::int64_t>(2 + 2 * ((k / 256) % 8) + 16 * (experiment / 64));
        r.threads = 256;
        r.timeSeconds = 1e-9 * static_cast<double>(n) * static_cast<double>(n) *
                        static_cast<double>(n) * noise(rng) * (1 + static_cast<double>(k % 7) / 7);
        r.source = "bench_runs_scale (generated, not measured)";
        r.hash = runs::contentHash(r);
        out.push_back(r);
        ++i;
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    QTemporaryDir home;
    qputenv("HOME", home.path().toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", (home.path() + "/config").toLocal8Bit());
    qputenv("XDG_DATA_HOME", (home.path() + "/data").toLocal8Bit());
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("CodesignExplorerBenchmarks");
    QApplication::setApplicationName("bench_runs_scale");
    QSettings().clear();

    const QString empty = home.filePath("empty.sqlite");
    const QString paper = home.filePath("runs-68000.sqlite");
    {
        QElapsedTimer t;
        t.start();
        const auto all = paperScaleRuns();
        runs::RunStore store(paper.toStdString());
        store.insert(all);
        std::printf("Measured runs at the paper's scale: %zu runs (%lld in the database), made "
                    "in %.2f s\n",
                    all.size(), static_cast<long long>(store.count()),
                    static_cast<double>(t.elapsed()) / 1000);
    }

    app::SessionDocument doc;
    doc.reset(defaultSession());
    app::MainWindow window(&doc);
    window.resize(1366, 768);
    window.runDatabase()->open(empty, false);
    auto* runsWs = window.workspace<app::RunsWorkspace>();
    window.showWorkspace(runsWs);
    window.show();
    for (int i = 0; i < 20; ++i) {
        QApplication::processEvents();
    }
    const double rssEmpty = residentMb("VmRSS");

    // Opening: the database read and every workspace given the runs, then the events posted.
    QElapsedTimer t;
    t.start();
    window.runDatabase()->open(paper, false);
    QApplication::processEvents();
    const double openS = static_cast<double>(t.nsecsElapsed()) / 1e9;
    const double rssOpen = residentMb("VmRSS");

    RunsView* v = runsWs->runsView();
    std::printf("\n| what | value | goal |\n|---|---|---|\n");
    std::printf("| open the database in the window | %.3f s | < 1 s%s |\n", openS,
                openS < 1 ? "" : "  <- over");
    std::fflush(stdout);

    bench::header("Measured runs view, 68,000 runs, main window 1366x768");
    const std::string view = "Measured runs (68,000)";
    const int gpus = v->gpuFilter()->count();
    bench::row(view, "GPU filter switched",
               bench::drag(6 * gpus, [&](int i) { v->gpuFilter()->setCurrentIndex(i % gpus); }));
    const int st = v->stencilFilter()->count();
    bench::row(view, "stencil filter switched",
               bench::drag(4 * st, [&](int i) { v->stencilFilter()->setCurrentIndex(i % st); }));
    v->gpuFilter()->setCurrentIndex(0);
    v->stencilFilter()->setCurrentIndex(0);
    bench::row(view, "session problem only, toggled",
               bench::drag(20, [&](int) { v->sessionProblemOnly()->toggle(); }));
    bench::row(view, "within X % field, 1..50", bench::drag(2 * 49, [&](int i) {
                   v->withinBox()->setValue(1 + bench::pingPong(i, 50));
               }));
    auto* table = v->findChild<QTableView*>("runsTable");
    const int columns = table->model()->columnCount();
    for (int c = 0; c < columns; ++c) {
        const QString name = table->model()->headerData(c, Qt::Horizontal).toString();
        bench::row(view, "sorted by " + name.toStdString() + " (header clicks)",
                   bench::drag(6, [&](int i) {
                       table->sortByColumn(c, i % 2 ? Qt::DescendingOrder : Qt::AscendingOrder);
                   }));
    }

    // The overlay: the Talg workspace's map and sweep mark the runs of the session's experiment.
    auto* talgWs = window.workspace<app::TalgWorkspace>();
    window.showWorkspace(talgWs);
    QApplication::processEvents();
    TileSpaceMapView map;
    SweepView sweep;
    for (ExplorerView* ov : std::initializer_list<ExplorerView*>{&map, &sweep}) {
        bench::place(*ov->widget());
        SessionState s = defaultSession();
        s.problem.space = {4096, 4096, 1};
        s.problem.time = 4096;
        ov->setSession(s);
        ov->finishPendingWork();
        QElapsedTimer set;
        set.start();
        if (ov == &map) {
            map.setMeasuredRuns(window.runDatabase()->runList());
        } else {
            sweep.setMeasuredRuns(window.runDatabase()->runList());
        }
        QApplication::processEvents();
        std::printf("| overlay: %s given the 68,000 runs | %.1f ms | |\n",
                    ov == &map ? "tile-space map" : "sweep",
                    static_cast<double>(set.nsecsElapsed()) / 1e6);
        bench::row(ov == &map ? "Tile-space map, runs overlay" : "Sweep, runs overlay",
                   "tS1 slider", bench::drag(2 * 127, [&](int i) {
                       s.tiles.space[0] = 1 + bench::pingPong(i, 128);
                       ov->setSession(s);
                   }));
        ov->finishPendingWork();
        ov->widget()->hide();
    }
    const double rssAfter = residentMb("VmRSS");
    const double peak = residentMb("VmHWM");
    std::printf("\n| memory | MB |\n|---|---|\n| window, empty database (VmRSS) | %.0f |\n"
                "| with the 68,000 runs open (VmRSS) | %.0f (+%.0f) |\n"
                "| after the steps above (VmRSS) | %.0f (+%.0f)%s |\n| peak (VmHWM) | %.0f |\n",
                rssEmpty, rssOpen, rssOpen - rssEmpty, rssAfter, rssAfter - rssEmpty,
                rssAfter - rssEmpty <= 200 ? "" : "  <- over 200 MB", peak);
    doc.undoStack()->setClean();
    QThreadPool::globalInstance()->waitForDone();
    return 0;
}
