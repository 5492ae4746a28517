// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "search/roofline.hpp"

#include <QWidget>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

class BackgroundJob;

// The roofline of the session's tiled stencil (issue 16): the GPU's compute roof
// n_SM n_V / C_iter and device-wide bandwidth roof 1/L (their sources from the profiles), the
// bandwidth the model implicitly grants (n_SM / L, erratum I10) dashed, the current tiling at its
// whole-run intensity and predicted rate, and the tilings within X % of the optimum as a cloud
// (core's exact search, off the GUI thread). Points per byte and Gpoints/s; FLOP/B and GFLOP/s
// when the stencil has flops_per_point. Core's search::roofline computes every number.
class StencilRooflineView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit StencilRooflineView(QWidget* parent = nullptr);
    ~StencilRooflineView() override;

    QString viewTitle() const override { return tr("Roofline"); }
    QString fileStem() const override { return "stencil-roofline"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    const std::optional<search::RooflineCeilings>& ceilings() const { return ceilings_; }
    const std::optional<search::RooflinePoint>& current() const { return current_; }
    const std::optional<search::RooflinePoint>& baselinePoint() const { return baseline_; }
    // The baseline's roofs, drawn (dashed) where they differ from the session's.
    const std::optional<search::RooflineCeilings>& baselineCeilings() const {
        return baselineCeilings_;
    }
    const std::vector<search::RooflinePoint>& cloud() const { return cloud_; }
    QCustomPlot* plot() const { return plot_; }
    QLabel* summary() const { return summary_; }
    QLabel* sources() const { return sources_; }
    bool busy() const;

    static constexpr std::size_t kMaxCloud = 3000;

private:
    void redraw();

    QLabel* intro_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* sources_ = nullptr;
    QLabel* summary_ = nullptr;
    BackgroundJob* job_ = nullptr;
    std::optional<search::RooflineCeilings> ceilings_;
    std::optional<search::RooflinePoint> current_;
    std::optional<search::RooflinePoint> baseline_; // the baseline's tiling, on its own model
    int baselineDim_ = 2;
    std::optional<search::RooflineCeilings> baselineCeilings_; // its own roofs (its GPU)
    std::vector<search::RooflinePoint> cloud_;
    QString cloudStatus_;
    QString context_;
    QString error_;
    double within_ = 0.1;
    int dim_ = 2;
    bool presentation_ = false;
};

} // namespace cdx::widgets
