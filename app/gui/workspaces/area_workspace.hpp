// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

namespace cdx::widgets {
class ArchitectureView;
class CodesignView;
class DieAreaView;
class GpuEditor;
class AreaModelEditor;
} // namespace cdx::widgets

namespace cdx::app {

// Die area & codesign: the GPU's area by component (thesis App. C), architecture sliders with
// the area and the exact best workload time, and the exact codesign search with its Pareto
// front under an area budget.
class AreaWorkspace : public Workspace {
    Q_OBJECT

public:
    AreaWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    QString statusText() const override;
    // The die area, and T_alg behind the codesign and architecture views.
    QStringList validityFamilies() const override { return {"area", "talg"}; }
    QStringList glossaryFamilies() const override { return {"area", "talg"}; }
    // The die area, and the designs as the Architecture view shows them (issue 44).
    QStringList compareFamilies() const override { return {"area", "codesign"}; }
    std::vector<published::DomainValue> modelConditions(const SessionState& s) const override;

    widgets::DieAreaView* dieAreaView() const { return dieArea_; }
    widgets::ArchitectureView* architectureView() const { return architecture_; }
    widgets::CodesignView* codesignView() const { return codesign_; }
    widgets::GpuEditor* gpuEditor() const { return gpuEditor_; }
    widgets::AreaModelEditor* areaModelEditor() const { return areaModel_; }

protected:
    void refreshEditors(const SessionState& s) override;

private:
    void setArchitecture(const area::Architecture& a, const QString& label, bool dragging);

    widgets::DieAreaView* dieArea_ = nullptr;
    widgets::ArchitectureView* architecture_ = nullptr;
    widgets::CodesignView* codesign_ = nullptr;
    widgets::GpuEditor* gpuEditor_ = nullptr;
    widgets::AreaModelEditor* areaModel_ = nullptr;
};

} // namespace cdx::app
