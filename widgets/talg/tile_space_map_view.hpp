// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "runs/run_stats.hpp"
#include "search/tile_search.hpp"
#include "search/tile_space.hpp"

#include <QWidget>
#include <memory>
#include <optional>

class QCustomPlot;
class QCPColorMap;
class QCPLayerable;
class QCPColorScale;
class QCPCurve;
class QCPGraph;
class QCPItemText;
class QCPItemTracer;
class QCPTextElement;
class QLabel;
class QMouseEvent;
class QSlider;
class QSpinBox;

namespace cdx::widgets {

class BackgroundJob;

// PPoPP'17 Fig. 4 as a live map: T_alg over (tT x innermost tile size) at the current
// tS1 (and tS2 in 3D). Infeasible cells are blank, with the excluding constraint in the
// tooltip; the exact minimum is marked, the cells within X % of it outlined; clicking a
// cell makes it the current tiling.
class TileSpaceMapView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit TileSpaceMapView(QWidget* parent = nullptr);
    std::optional<std::pair<double, double>> colourRange() const override;
    void setColourRange(std::optional<std::pair<double, double>> range) override;

    QString viewTitle() const override { return tr("Tile-space map"); }
    QString fileStem() const override { return "tile-space-map"; }
    void setSession(const SessionState& s) override;
    // Measured runs: those of the session's experiment on the current slice are drawn.
    // Shared with the run database and the other views (never copied).
    void setMeasuredRuns(runs::RunList runs);
    std::size_t measuredShown() const { return measuredShown_; }
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    QString hoverTextAt(const QCustomPlot& plot, double x, double y) const override {
        (void)plot;
        return describeCellAt(x, y);
    }
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    // The baseline's exact optimum is searched in the background once per baseline.
    void finishPendingWork() override;

    const search::TileSpaceGrid& grid() const { return grid_; }
    QCustomPlot* plot() const { return plot_; }
    QSlider* sliceSlider(int i) const { return sliceSliders_[static_cast<std::size_t>(i)]; }
    // Text the tooltip shows for the cell under a plot coordinate (tests, status tips).
    QString describeCellAt(double tT, double inner) const;
    // Wall time of the last setSession: recompute (core) + replot, in milliseconds.
    double lastUpdateMs() const { return lastUpdateMs_; }
    // The baseline's exact optimum (searched on its own stencil, problem, GPU and variant), once
    // its search has finished; drawn where it lies on this slice, said where it does not.
    const std::optional<search::TilePoint>& baselineOptimum() const { return baselineOptimum_; }
    bool baselineOptimumShown() const;
    // The sentence under the map (feasibility, steps, where the baseline's marks are).
    QString noteText() const;

signals:
    void tilesChosen(const cdx::talg::Tiles& t, bool dragging);
    // Shift+click on a cell: compare the session with that tiling (it becomes the baseline).
    void compareTilesChosen(const cdx::talg::Tiles& t);

private:
    std::optional<std::pair<double, double>> sharedRange_; // a composed figure's scale
    void rebuild();
    // The outline around the cells marked in `inside` (row-major, as grid_.cells).
    void withinOutline(const std::vector<bool>& inside, QVector<double>& x,
                       QVector<double>& y) const;
    const search::TileSpaceCell* cellAt(double tT, double inner) const;
    void onMouseMove(QMouseEvent* e);
    void onMousePress(QMouseEvent* e);
    void sliceChosen(int index, int value, bool dragging);
    void searchBaselineOptimum();
    // "on this slice" or where the baseline's tiling/optimum lies instead; empty when it is on
    // the map.
    bool onThisSlice(const talg::Tiles& t, int dim) const;

    QCustomPlot* plot_ = nullptr;
    QCPColorMap* map_ = nullptr;
    QCPLayerable* vectorCells_ = nullptr; // the cells as rectangles, for PDF and SVG
    QCPColorScale* scale_ = nullptr;
    QCPCurve* within_ = nullptr;     // the line around the cells within X % of the minimum
    QCPCurve* withinHalo_ = nullptr; // its dark edge
    QCPGraph* minimum_ = nullptr;
    QCPGraph* current_ = nullptr;
    QCPGraph* baseline_ = nullptr;        // the baseline's tiling, when it is on this slice
    QCPGraph* baselineMinimum_ = nullptr; // the baseline's exact optimum, when on this slice
    BackgroundJob* baselineJob_ = nullptr;
    std::shared_ptr<const SessionState> baselineSearched_; // the baseline the optimum is of
    std::optional<search::TilePoint> baselineOptimum_;
    QString baselineOptimumError_;
    QCPGraph* measured_ = nullptr;
    runs::RunList runs_;
    std::size_t measuredShown_ = 0;
    QCPItemText* minimumLabel_ = nullptr;
    QCPItemTracer* minimumAnchor_ = nullptr; // where minimumLabel_ hangs
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    std::array<QSlider*, 2> sliceSliders_{};
    std::array<QSpinBox*, 2> sliceBoxes_{};
    std::array<QLabel*, 2> sliceLabels_{};
    QLabel* note_ = nullptr;

    SessionState state_;
    bool hasState_ = false;
    search::TileSpaceGrid grid_;
    search::TileSpaceAxes axes_;
    QString error_;
    bool presentation_ = false;
    double lastUpdateMs_ = 0;
};

} // namespace cdx::widgets
