// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

namespace cdx::widgets {
class BreakdownView;
class GpuEditor;
class StencilEditor;
class SweepView;
class TileSpaceMapView;
class TilingEditor;
class TilingGeometryView;
class StencilRooflineView;
class TopTilingsView;
class VariantEditor;
} // namespace cdx::widgets

namespace cdx::app {

// Tiled stencils: T_alg of hybrid-hexagonal / classic tilings (PPoPP'17, thesis App. A), the
// exact optimal tiles, the tile-space map, sweeps, the breakdown and the tiling geometry.
class TalgWorkspace : public Workspace {
    Q_OBJECT

public:
    TalgWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    QString statusText() const override;
    std::vector<widgets::BackgroundJob*> jobs() const override;

    widgets::TileSpaceMapView* mapView() const { return map_; }
    widgets::SweepView* sweepView() const { return sweep_; }
    widgets::BreakdownView* breakdownView() const { return breakdown_; }
    widgets::TopTilingsView* topTilingsView() const { return top_; }
    widgets::TilingGeometryView* geometryView() const { return geometry_; }
    widgets::StencilRooflineView* rooflineView() const { return roofline_; }
    widgets::GpuEditor* gpuEditor() const { return gpuEditor_; }
    widgets::StencilEditor* stencilEditor() const { return stencilEditor_; }
    widgets::TilingEditor* tilingEditor() const { return tilingEditor_; }
    widgets::VariantEditor* variantEditor() const { return variantEditor_; }
    bool optimizing() const;
    // Two tilings in one session (Shift+click on the map): the baseline becomes this session
    // with tiling `t` (undoable).
    void compareWithTiles(const talg::Tiles& t);

protected:
    void refreshEditors(const SessionState& s) override;
    void initialLayout() override;

private:
    void startOptimize();
    void chooseStencil(const QString& id);
    void setTiles(const talg::Tiles& t, bool dragging);
    void showMeasuredRuns();

    widgets::TileSpaceMapView* map_ = nullptr;
    widgets::SweepView* sweep_ = nullptr;
    widgets::BreakdownView* breakdown_ = nullptr;
    widgets::TopTilingsView* top_ = nullptr;
    widgets::TilingGeometryView* geometry_ = nullptr;
    widgets::StencilRooflineView* roofline_ = nullptr;
    widgets::GpuEditor* gpuEditor_ = nullptr;
    widgets::StencilEditor* stencilEditor_ = nullptr;
    widgets::TilingEditor* tilingEditor_ = nullptr;
    widgets::VariantEditor* variantEditor_ = nullptr;
    widgets::BackgroundJob* optimize_ = nullptr;
};

} // namespace cdx::app
