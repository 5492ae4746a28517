// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace.hpp"

namespace cdx::widgets {
class EatssEditor;
class EatssGridView;
class EatssMapView;
class EatssMeasurementsView;
class EatssModelView;
} // namespace cdx::widgets

namespace cdx::app {

// EATSS (CGO'24): the energy-aware tile sizes of an affine program — the derived model and its
// exact optimum beside the artifact's Z3 answer, the objective over two tile sizes, the split x
// alignment configurations, and the paper's measurements.
class EatssWorkspace : public Workspace {
    Q_OBJECT

public:
    EatssWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    QString statusText() const override;
    QString figureSubject() const override; // the program and its GPU
    QString figureContext(const widgets::ExplorerView& view) const override;
    std::vector<widgets::BackgroundJob*> jobs() const override;

    widgets::EatssEditor* editor() const { return editor_; }
    widgets::EatssModelView* modelView() const { return model_; }
    widgets::EatssMapView* mapView() const { return map_; }
    widgets::EatssGridView* gridView() const { return grid_; }
    widgets::EatssMeasurementsView* measurementsView() const { return measurements_; }

protected:
    void refreshEditors(const SessionState& s) override;

private:
    widgets::EatssEditor* editor_ = nullptr;
    widgets::EatssModelView* model_ = nullptr;
    widgets::EatssMapView* map_ = nullptr;
    widgets::EatssGridView* grid_ = nullptr;
    widgets::EatssMeasurementsView* measurements_ = nullptr;
};

} // namespace cdx::app
