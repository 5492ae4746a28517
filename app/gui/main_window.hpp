#pragma once

#include "runs/run_import.hpp"
#include "runs/run_stats.hpp"
#include "runs/run_store.hpp"
#include "session/session.hpp"

#include <QFutureWatcher>
#include <QMainWindow>
#include <memory>
#include <vector>

class QLabel;
class QMenu;
class QTabWidget;

namespace cdx::widgets {
class ArchitectureView;
class BottleneckView;
class BreakdownView;
class CodesignView;
class DieAreaView;
class ExplorerView;
class GpuEditor;
class KernelEditor;
class MwpWarpsView;
class PowerView;
class RegimeMapView;
class RunsView;
class StencilEditor;
class SweepView;
class TileSpaceMapView;
class TilingEditor;
class TilingGeometryView;
class TopTilingsView;
class VariantEditor;
} // namespace cdx::widgets

namespace cdx::talg {
struct Tiles;
} // namespace cdx::talg

namespace cdx::app {

class SessionDocument;

// Wiring only: editors and views on one side, the document on the other. Every edit
// becomes an undoable command on the document; every change redraws the visible view.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(SessionDocument* doc, QWidget* parent = nullptr);

    widgets::TileSpaceMapView* mapView() const { return map_; }
    widgets::SweepView* sweepView() const { return sweep_; }
    widgets::BreakdownView* breakdownView() const { return breakdown_; }
    widgets::TopTilingsView* topTilingsView() const { return top_; }
    widgets::TilingGeometryView* geometryView() const { return geometry_; }
    widgets::DieAreaView* dieAreaView() const { return dieArea_; }
    widgets::ArchitectureView* architectureView() const { return architecture_; }
    widgets::CodesignView* codesignView() const { return codesign_; }
    widgets::BottleneckView* bottleneckView() const { return bottleneck_; }
    widgets::MwpWarpsView* mwpWarpsView() const { return mwpWarps_; }
    widgets::RegimeMapView* regimeMapView() const { return regimeMap_; }
    widgets::PowerView* powerView() const { return power_; }
    widgets::KernelEditor* kernelEditor() const { return kernelEditor_; }
    widgets::RunsView* runsView() const { return runsView_; }

    // The measured-run database (default: runs.sqlite in the user's data folder). On error the
    // reason is returned (and shown) and no database is open.
    QString openRunDatabase(const QString& path);
    QString runDatabasePath() const { return runDbPath_; }
    const std::vector<runs::Run>& measuredRuns() const { return runs_; }
    // Imports a CSV/JSON file into the open database off the GUI thread (progress, Cancel)
    // and waits for it. With issues under AllOrNothing nothing is written.
    runs::ImportReport importRunsFile(const QString& path, runs::ImportPolicy policy);
    // Deletes runs (one undo step on Edit ▸ Undo).
    void deleteRuns(const std::vector<std::int64_t>& ids);
    // Fits the session stencil's C_iter on the session GPU to these runs.
    runs::Calibration calibrateSession(const std::vector<std::int64_t>& ids) const;
    // Writes the fitted C_iter into the session stencil (undoable).
    void applyCalibration(const runs::Calibration& c);
    // Re-reads the runs (after a delete, restore or import).
    void reloadRuns();
    widgets::GpuEditor* gpuEditor() const { return gpuEditor_; }
    widgets::StencilEditor* stencilEditor() const { return stencilEditor_; }
    widgets::TilingEditor* tilingEditor() const { return tilingEditor_; }
    widgets::VariantEditor* variantEditor() const { return variantEditor_; }
    std::vector<widgets::ExplorerView*> views() const { return views_; }
    QTabWidget* viewTabs() const { return tabs_; }
    QString statusText() const;
    bool optimizing() const { return optimize_->isRunning(); }

    // Opens a session file; on error shows (or, quiet, returns) the reason and keeps the
    // current session.
    bool openSession(const QString& path, QString* error = nullptr, bool quiet = false);
    void setPresentation(bool on);
    // PNG of the main window and of every view into `dir`; empty string or the reason.
    QString writeScreenshots(const QString& dir, const QSize& viewSize);

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void buildMenus();
    void refresh();
    void refreshView(widgets::ExplorerView* v);
    void updateTitle();
    void updateRecentMenu();
    void addRecent(const QString& path);
    bool maybeSave();
    bool save();
    bool saveAs();
    void exportCurrentView(bool asCsv);
    void importRunsInteractive();
    std::vector<runs::Run> runsWithIds(const std::vector<std::int64_t>& ids) const;
    void calibrateInteractive(const std::vector<std::int64_t>& ids);

    void startOptimize();
    void optimizeFinished();
    void chooseGpu(const QString& id);
    void chooseStencil(const QString& id);
    void setParameter(const QString& key, double value, bool isNull);
    void setTiles(const talg::Tiles& t, bool dragging);
    // Writes the design's area inputs into the session GPU (one undo step per drag).
    void setArchitecture(const area::Architecture& a, const QString& label, bool dragging);
    // One undoable edit of the MWP-CWP settings, refused (with the reason in the status bar)
    // when the model cannot evaluate them.
    void editMwp(const QString& label, const MwpSettings& m);

    SessionDocument* doc_;
    widgets::TileSpaceMapView* map_ = nullptr;
    widgets::SweepView* sweep_ = nullptr;
    widgets::BreakdownView* breakdown_ = nullptr;
    widgets::TopTilingsView* top_ = nullptr;
    widgets::TilingGeometryView* geometry_ = nullptr;
    widgets::DieAreaView* dieArea_ = nullptr;
    widgets::ArchitectureView* architecture_ = nullptr;
    widgets::CodesignView* codesign_ = nullptr;
    widgets::BottleneckView* bottleneck_ = nullptr;
    widgets::MwpWarpsView* mwpWarps_ = nullptr;
    widgets::RegimeMapView* regimeMap_ = nullptr;
    widgets::PowerView* power_ = nullptr;
    widgets::KernelEditor* kernelEditor_ = nullptr;
    widgets::RunsView* runsView_ = nullptr;
    std::unique_ptr<runs::RunStore> runStore_;
    QString runDbPath_;
    std::vector<runs::Run> runs_;
    widgets::GpuEditor* gpuEditor_ = nullptr;
    widgets::StencilEditor* stencilEditor_ = nullptr;
    widgets::TilingEditor* tilingEditor_ = nullptr;
    widgets::VariantEditor* variantEditor_ = nullptr;
    std::vector<widgets::ExplorerView*> views_;
    std::vector<bool> dirty_;
    QTabWidget* tabs_ = nullptr;
    QLabel* status_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QAction* presentationAction_ = nullptr;
    bool presentation_ = false;
    QFont normalFont_;
    QByteArray layoutBeforePresentation_;
    struct OptimizeJob {
        SessionState state; // the session the search started from, with the tiles found
        bool found = false;
        QString error;
    };
    QFutureWatcher<OptimizeJob>* optimize_ = nullptr;
    SessionState optimizeStart_;
};

} // namespace cdx::app
