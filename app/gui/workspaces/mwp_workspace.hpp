// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

namespace cdx::widgets {
class BottleneckView;
class CoalescingView;
class MwpRooflineView;
class OccupancyView;
class KernelEditor;
class MwpWarpsView;
class PowerView;
class RegimeMapView;
class TemperatureView;
class WarpTimelineView;
} // namespace cdx::widgets

namespace cdx::app {

// MWP-CWP & power (Hong's thesis): the bottleneck of a kernel on a GPU, MWP against warps,
// the regime map, the IPP power by component and the optimal number of active SMs, and the
// chip temperature over time.
class MwpWorkspace : public Workspace {
    Q_OBJECT

public:
    MwpWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    // MWP-CWP and the IPP power of both kernels.
    QStringList compareFamilies() const override { return {"mwp", "power"}; }
    QStringList lineupFamilies() const override { return {"mwp", "power", "occupancy"}; }
    QStringList glossaryFamilies() const override { return {"mwp", "occupancy"}; }
    QString figureSubject() const override; // the MWP-CWP slot's GPU
    QString figureContext(const widgets::ExplorerView& view) const override; // kernel, GPU, variant
    QString statusText() const override;
    std::vector<published::DomainValue> modelConditions(const SessionState& s) const override;

    widgets::BottleneckView* bottleneckView() const { return bottleneck_; }
    widgets::MwpWarpsView* mwpWarpsView() const { return warps_; }
    widgets::RegimeMapView* regimeMapView() const { return regimeMap_; }
    widgets::RegimeMapView* categoryMapView() const { return categoryMap_; }
    widgets::PowerView* powerView() const { return power_; }
    widgets::TemperatureView* temperatureView() const { return temperature_; }
    widgets::WarpTimelineView* timelineView() const { return timeline_; }
    widgets::CoalescingView* coalescingView() const { return coalescing_; }
    widgets::MwpRooflineView* rooflineView() const { return roofline_; }
    widgets::OccupancyView* occupancyView() const { return occupancy_; }
    widgets::KernelEditor* kernelEditor() const { return kernelEditor_; }

protected:
    void refreshEditors(const SessionState& s) override;

private:
    // One undoable edit, refused (with the reason) when the model cannot evaluate it.
    bool editMwp(const QString& label, const MwpSettings& m);

    widgets::BottleneckView* bottleneck_ = nullptr;
    widgets::MwpWarpsView* warps_ = nullptr;
    widgets::RegimeMapView* regimeMap_ = nullptr;
    widgets::RegimeMapView* categoryMap_ = nullptr;
    widgets::PowerView* power_ = nullptr;
    widgets::TemperatureView* temperature_ = nullptr;
    widgets::WarpTimelineView* timeline_ = nullptr;
    widgets::CoalescingView* coalescing_ = nullptr;
    widgets::MwpRooflineView* roofline_ = nullptr;
    widgets::OccupancyView* occupancy_ = nullptr;
    widgets::KernelEditor* kernelEditor_ = nullptr;
};

} // namespace cdx::app
