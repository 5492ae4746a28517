// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "energy/energy_common.hpp"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QLabel;
class QTableWidget;

namespace cdx::widgets {

// The energy of one run (thesis B.1-B.2): bars of the static, global<->shared,
// shared<->register and arithmetic energy (J and %), the per-tile and per-point figures,
// average power, GOP/J and EDP, the measured energy when the time source is a measured run,
// the stated RMSE of the coefficients as a band; and "Explain this number": every term with
// its equation, the values substituted and the source.
class EnergyBreakdownView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EnergyBreakdownView(RunLookup runs, QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Energy breakdown"); }
    QString fileStem() const override { return "energy-breakdown"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QList<Table> tables() const override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const energy::SettingsEvaluation& evaluation() const { return ev_; }
    QTableWidget* explainTable() const { return explain_; }
    QLabel* summary() const { return summary_; }
    const std::optional<energy::SettingsEvaluation>& baselineEvaluation() const {
        return baseline_;
    }
    // The bars as drawn: label, joules.
    const std::vector<std::pair<QString, double>>& bars() const { return bars_; }

protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void redraw();
    void fitExplainColumns();

    RunLookup runs_;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPBars* staticBars_ = nullptr;
    QCPBars* dynamicBars_ = nullptr;
    QCPBars* baselineBars_ = nullptr; // the baseline's four terms, hollow, beside the session's
    std::optional<energy::SettingsEvaluation> baseline_;
    QTableWidget* explain_ = nullptr;
    QLabel* summary_ = nullptr;
    energy::SettingsEvaluation ev_;
    std::vector<energy::ExplainedTerm> terms_;
    std::vector<std::pair<QString, double>> bars_;
    std::optional<double> statedRmsePct_;
    QString context_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
