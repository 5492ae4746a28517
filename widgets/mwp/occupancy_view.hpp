// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "occupancy/occupancy.hpp"

#include <QWidget>
#include <array>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPTextElement;

namespace cdx::widgets {

// CUDA occupancy of the session's kernel on its GPU (core/occupancy, the rules of NVIDIA's
// occupancy calculator for the GPU profile's compute_capability): the block limit set by warps
// (or block slots), by registers and by shared memory as bars, with the resident blocks; and,
// as the calculator's charts, occupancy against threads per block, registers per thread and
// shared memory per block, each with the session's point. The kernel's #Active_blocks_per_SM is
// compared with what CUDA would make resident.
class OccupancyView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit OccupancyView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Occupancy"); }
    QString fileStem() const override { return "occupancy"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<occupancy::Result>& result() const { return result_; }
    QCustomPlot* plot() const { return plot_; }
    QString titleText() const;

private:
    void redraw();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    std::array<QCPAxisRect*, 4> rects_{};
    QCPBars* bars_ = nullptr;
    std::array<QCPGraph*, 3> curves_{};
    std::array<QCPGraph*, 3> points_{};
    occupancy::Input input_;
    std::optional<occupancy::Result> result_;
    std::array<std::vector<occupancy::CurvePoint>, 3> series_;
    int kernelBlocks_ = 0;
    QString assumed_; // "registers per thread unknown: 0 assumed"
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
