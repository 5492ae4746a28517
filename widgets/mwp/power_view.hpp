// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/power_model.hpp"

#include <QWidget>
#include <optional>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPTextElement;
class QLabel;
class QSplitter;
class QStackedWidget;

namespace cdx::widgets {

// IPP (thesis Ch. III): left, the GPU's power by component at the session's active SMs
// (per-SM units x #SM x the active-SM scale, memory, activation, idle); right, GIPS/W and
// GIPS against the number of active SMs with the optimum of the sweep (eq. 62) marked and
// the closed forms (eq. 63, min(N, CWP)) drawn; temperature and energy savings below.
class PowerView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit PowerView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Power"); }
    QString fileStem() const override { return "power"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::PowerResult>& result() const { return result_; }
    const std::optional<mwp::OptimalSms>& optimum() const { return optimum_; }
    // The whole-GPU watts of each bar, top to bottom, as drawn.
    const std::vector<std::pair<QString, double>>& bars() const { return bars_; }
    QLabel* summary() const { return summary_; }
    // The sentence shown instead of the charts when there is no power model (else hidden).
    QLabel* noDataLabel() const { return noData_; }
    // The baseline's whole-GPU watts by component, as drawn beside the session's (empty without
    // a baseline with power data), and its optimum.
    const std::vector<std::pair<QString, double>>& baselineBars() const { return baseBars_; }
    const std::optional<mwp::OptimalSms>& baselineOptimum() const { return baseOptimum_; }

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void redraw();

    QCustomPlot* breakdown_ = nullptr;
    QCustomPlot* sweep_ = nullptr;
    QCPTextElement* bTitle_ = nullptr;
    QCPTextElement* bSubtitle_ = nullptr;
    QCPTextElement* sTitle_ = nullptr;
    QCPTextElement* sSubtitle_ = nullptr;
    QCPBars* unitBars_ = nullptr;
    QCPBars* fixedBars_ = nullptr;
    QCPBars* baselineBars_ = nullptr; // hollow, dashed, beside the session's (issue 29)
    QCPGraph* basePerW_ = nullptr;
    QCPGraph* baseBest_ = nullptr;
    QCPGraph* perW_ = nullptr;
    QCPGraph* gips_ = nullptr;
    QCPGraph* best_ = nullptr;
    QCPGraph* current_ = nullptr;
    QLabel* summary_ = nullptr;
    QStackedWidget* pages_ = nullptr; // the charts, or noData_
    QSplitter* split_ = nullptr;
    bool splitSized_ = false;
    QLabel* noData_ = nullptr;
    QString noDataText_;
    std::optional<mwp::PowerResult> result_;
    std::optional<mwp::OptimalSms> optimum_;
    std::optional<mwp::TemperatureResult> temperature_;
    mwp::PowerParams params_;
    std::vector<std::pair<QString, double>> bars_;
    std::optional<mwp::PowerResult> baseResult_;
    std::optional<mwp::OptimalSms> baseOptimum_;
    mwp::PowerParams baseParams_;
    std::vector<std::pair<QString, double>> baseBars_;
    int baseNSm_ = 0;
    QString baseLabel_;    // "baseline: GTX 280, kernel …"; empty without a baseline
    QString baseSentence_; // core's headline of the difference, or why the baseline has no power
    QString baseSentenceFull_; // core's whole sentence (the summary's tooltip)
    int nSm_ = 0;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
