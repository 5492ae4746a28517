// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "energy/energy_common.hpp"

#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

// The surface-to-volume effect: the dynamic energy per iteration point e_pt against the tile
// width (tS1 for jacobi2d; tS for the 1-D stencils, the session's sub-tiles per tile held),
// one curve per tile height tT, the session's tiling marked. e_pt does not depend on T_alg.
class EnergyPerPointView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EnergyPerPointView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Energy per point"); }
    QString fileStem() const override { return "energy-per-point"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::vector<energy::PerPointCurve>& curves() const { return curves_; }
    QString summaryText() const;

private:
    void redraw();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* summary_ = nullptr;
    std::vector<energy::PerPointCurve> curves_;
    energy::EnergyInput in_;
    std::optional<double> sessionEpt_;
    std::optional<std::int64_t> sharedWords_; // the J2D bound drawn
    QString gpuName_;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
