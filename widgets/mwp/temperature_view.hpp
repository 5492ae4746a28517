// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/thermal_timeline.hpp"

#include <QWidget>
#include <optional>

class QCustomPlot;
class QCPTextElement;
class QLabel;
class QStackedWidget;

namespace cdx::widgets {

class IntegerBox;
class NumberField;

// Temperature over time (thesis Ch. IV, eqs. 49-57, Table 9): the session's kernel run for a
// chosen time, the GPU idle for a chosen gap, repeated; the chip temperature rising toward
// Max_temp and decaying toward Idle_temp, the GPU power with its temperature-dependent static
// part (sigma x Delta_temp), Max_temp and the time to 99 % of the rise marked, and the energy
// with and without the static feedback. Run length, gap and runs are the view's own settings.
class TemperatureView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit TemperatureView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Temperature"); }
    QString fileStem() const override { return "temperature"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    // The run length, idle gap and number of runs travel with a saved session.
    void saveViewState(ViewState& out, const std::string& prefix) const override;
    void restoreViewState(const ViewState& in, const std::string& prefix) override;

    NumberField* runField() const { return run_; }
    NumberField* idleField() const { return idle_; }
    IntegerBox* cyclesBox() const { return cycles_; }
    QCustomPlot* plot() const { return plot_; }
    QLabel* summary() const { return summary_; }
    // The sentence shown instead of the chart when there is no power model (else hidden).
    QLabel* noDataLabel() const { return noData_; }
    const std::optional<mwp::ThermalTimeline>& timeline() const { return timeline_; }

signals:
    void refused(const QString& text);

private:
    void recompute();
    void redraw();

    QLabel* intro_ = nullptr;
    NumberField* run_ = nullptr;
    NumberField* idle_ = nullptr;
    IntegerBox* cycles_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* summary_ = nullptr;
    QStackedWidget* pages_ = nullptr; // the chart, or noData_
    QLabel* noData_ = nullptr;
    QString noDataText_;
    std::optional<mwp::PowerResult> power_;
    mwp::PowerParams params_;
    mwp::MwpVariant variant_;
    std::optional<mwp::ThermalTimeline> timeline_;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
