// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/mwp_roofline.hpp"

#include <QWidget>
#include <optional>

class QCustomPlot;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

// The roofline of the session's MWP-CWP kernel (issue 16): the GPU's compute roof (the
// Chapter V peak, eqs. 65-67, or the instruction issue rate) and bandwidth roof Mem_Bandwidth
// with their profile sources, the kernel at its intensity and the rate the Chapter II model
// predicts, the Chapter V Perf (eq. 64), and the same kernel at every resident-block count
// (a column: N moves a kernel up or down, never sideways). Core's mwpRoofline computes it.
class MwpRooflineView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit MwpRooflineView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Roofline"); }
    QString fileStem() const override { return "mwp-roofline"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::MwpRoofline>& roofline() const { return roofline_; }
    QCustomPlot* plot() const { return plot_; }
    QLabel* summary() const { return summary_; }
    QLabel* sources() const { return sources_; }

private:
    void redraw();

    QLabel* intro_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* sources_ = nullptr;
    QLabel* summary_ = nullptr;
    std::optional<mwp::MwpRoofline> roofline_;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
