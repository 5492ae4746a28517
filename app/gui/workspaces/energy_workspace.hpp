// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runs/run_store.hpp"
#include "workspace.hpp"

namespace cdx::widgets {
class EnergyBreakdownView;
class EnergyCalibrationView;
class EnergyEditor;
class EnergyPerPointView;
class EnergySensitivityView;
class EnergyTimeView;
} // namespace cdx::widgets

namespace cdx::app {

// Energy of tiled stencils (thesis App. B): the energy of one run with every term explained,
// energy against time of every feasible tiling with the time-, energy- and EDP-optimal ones
// and the Pareto front, the per-point energy against the tile size, the sensitivity to each
// coefficient, and the calibration workbench on the measured runs with energy.
class EnergyWorkspace : public Workspace {
    Q_OBJECT

public:
    EnergyWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    QString statusText() const override;
    // The energy model, and T_alg's conditions on the session's GPU: Energy vs time and the
    // "model" time source take every tiling's time from the Talg model on that GPU.
    QStringList validityFamilies() const override { return {"energy", "talg:/gpu"}; }
    QStringList glossaryFamilies() const override { return {"energy", "talg"}; }
    // What the evaluation itself extrapolates: a cross-GPU time, a rule the thesis does not give.
    std::vector<published::DomainValue> modelConditions(const SessionState& s) const override;
    std::vector<widgets::BackgroundJob*> jobs() const override;
    QList<StartExample> startExamples() override;

    widgets::EnergyEditor* editor() const { return editor_; }
    widgets::EnergyBreakdownView* breakdownView() const { return breakdown_; }
    widgets::EnergyTimeView* timeView() const { return time_; }
    widgets::EnergyPerPointView* perPointView() const { return perPoint_; }
    widgets::EnergySensitivityView* sensitivityView() const { return sensitivity_; }
    widgets::EnergyCalibrationView* calibrationView() const { return calibration_; }

protected:
    void refreshEditors(const SessionState& s) override;

private:
    std::optional<runs::Run> findRun(std::int64_t id) const;
    void showRuns();
    void saveProfile(const energy::EnergyProfile& p);
    void openSyntheticExample();

    widgets::EnergyEditor* editor_ = nullptr;
    widgets::EnergyBreakdownView* breakdown_ = nullptr;
    widgets::EnergyTimeView* time_ = nullptr;
    widgets::EnergyPerPointView* perPoint_ = nullptr;
    widgets::EnergySensitivityView* sensitivity_ = nullptr;
    widgets::EnergyCalibrationView* calibration_ = nullptr;
};

} // namespace cdx::app
