// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "energy/energy_common.hpp"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

// How E_alg depends on each coefficient: E_alg is linear in them, so a coefficient's share of
// E_alg is exactly the % change of E_alg for 1 % more of it (left); and E_alg of this
// configuration with each shipped coefficient profile (Model A micro-benchmarks vs Model B
// regression) next to the session's (right).
class EnergySensitivityView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EnergySensitivityView(RunLookup runs, QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Sensitivity"); }
    QString fileStem() const override { return "energy-sensitivity"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::array<energy::CoefficientShare, 7>& shares() const { return shares_; }
    // Profile label, E_alg [J] of the comparison.
    const std::vector<std::pair<QString, double>>& profiles() const { return profiles_; }

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void redraw();

    RunLookup runs_;
    QCustomPlot* shares_plot_ = nullptr;
    QCustomPlot* profiles_plot_ = nullptr;
    QCPTextElement* sTitle_ = nullptr;
    QCPTextElement* sSubtitle_ = nullptr;
    QCPTextElement* pTitle_ = nullptr;
    QCPTextElement* pSubtitle_ = nullptr;
    QCPBars* shareBars_ = nullptr;
    QCPBars* profileBars_ = nullptr;
    QLabel* summary_ = nullptr;
    std::array<energy::CoefficientShare, 7> shares_{};
    std::vector<std::pair<QString, double>> profiles_;
    double eAlg_ = 0;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
