// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "search/codesign.hpp"
#include "search/codesign_compare.hpp"

#include <QWidget>
#include <atomic>
#include <memory>
#include <optional>

class QCustomPlot;
class QCPGraph;
class QCPItemRect;
class QCPTextElement;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTimer;

namespace cdx::widgets {

// The exact codesign search (core's runCodesign) over the thesis grid: every design inside the
// session's area range as area vs speed-up of the workload, the Pareto front, the budget band,
// GTX 980 and Titan X marked (with and without caches). Runs off the GUI thread with a
// progress bar and Cancel; clicking a design loads it into the editors.
class BackgroundJob;
class CodesignChipControls;
class CodesignPowerPanel;

class CodesignView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit CodesignView(QWidget* parent = nullptr);
    ~CodesignView() override;

    QString viewTitle() const override { return tr("Codesign"); }
    QString fileStem() const override { return "codesign"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;
    // The design (or reference GPU) under the pointer, named with its area, speed-up, time,
    // power and limits: the window's tooltip and the interactive page's hover (issue 55: the
    // page's hover did not name the design).
    QString hoverTextAt(const QCustomPlot& plot, double x, double y) const override;

    bool busy() const;
    // The last result is drawn: none, or a search for other inputs is running.
    bool resultShown() const;
    const search::CodesignResult* result() const { return result_.get(); }
    // The fastest design inside the budget band, if any.
    const search::DesignPoint* bestInBudget() const;
    QCustomPlot* plot() const { return plot_; }
    QString headline() const;
    // The design's values outside the area model's calibration (n_V away from the 128 VUs per
    // SM its logic was measured on, M_SM or R_VU outside the Cacti sweep): "n_V 256, ..." or
    // empty. Such designs are extrapolated; the plot rings them and the CSV says so.
    QString outsideCalibration(const search::DesignPoint& d) const;
    // Selects the design nearest to a plot position (what a click does).
    void chooseNear(const QPointF& pixel);
    // The feasible design nearest `pixel` within `radius` pixels, if any.
    const search::DesignPoint* designNear(const QPointF& pixel, double radius) const;
    bool designTip_ = false; // the tooltip shown is a design's
    // Whether the session's grid has a bandwidth axis (every design named with its bandwidth).
    bool bandwidthAxis() const;
    void cancel();
    // The baseline's own design (its workload, time constants and area), once placed.
    const std::optional<search::PlacedDesign>& baselineDesign() const { return baselineDesign_; }

signals:
    // `bandwidthGBs`: the design's bandwidth on the grid's bandwidth axis, 0 without one;
    // with the chip model its clock, stacks and their technology (0 and empty without).
    void designChosen(std::int64_t nSm, std::int64_t nV, double mSmKb, double rVuKb,
                      double bandwidthGBs, double clockMhz, int memoryUnits,
                      const QString& memoryTech);
    void settingsEdited(const cdx::CodesignSettings& c);
    // The k rule chosen ("max", "effective", "optimize"): the session's Talg variant, which the
    // exact search of every design uses.
    void kRuleChosen(const QString& rule);

public:
    QComboBox* kRuleBox() const { return kRule_; }
    QCheckBox* otherFrontBox() const { return otherFront_; }
    QString estimateText() const;
    // The rule the other front is computed under: optimize when the session's is max, else max.
    static talg::KRule otherRule(talg::KRule k);
    // The designs of that front (area, weighted time), ascending area; empty when not shown.
    std::vector<search::DesignPoint> otherFront() const;

private:
    struct Job {
        search::CodesignResult result;
        std::optional<search::CodesignResult> other; // under the other k rule (issue 32)
        search::DesignPoint gtx980;
        search::DesignPoint titanx;
        double gtxArea[2] = {0, 0}; // with caches, without
        double titanArea[2] = {0, 0};
        QString error;
        std::string key;
    };
    std::string keyOf(const SessionState& s) const;
    void start();
    void finished(Job& job);
    void redraw();
    // A drag of the budget band alone (issue 33): the band, its label, the best design in it and
    // the title move on their own buffered layers; the thousands of designs are not redrawn.
    // False when more than the band changed since the last full redraw.
    bool moveBudgetBand(const SessionState& s);
    void emitSettings();
    void placeBaseline();
    bool chipColumns() const; // the CSV has the chip model's columns

    QComboBox* workload_ = nullptr;
    QComboBox* kRule_ = nullptr;
    QCheckBox* otherFront_ = nullptr; // also the Pareto front under the other k rule
    std::unique_ptr<search::CodesignResult> other_;
    QDoubleSpinBox* areaMin_ = nullptr;
    QDoubleSpinBox* areaMax_ = nullptr;
    QDoubleSpinBox* budgetMin_ = nullptr;
    QDoubleSpinBox* budgetMax_ = nullptr;
    QCheckBox* reticleOn_ = nullptr;
    QDoubleSpinBox* reticle_ = nullptr;
    QCheckBox* powerOn_ = nullptr;
    QDoubleSpinBox* power_ = nullptr;
    QLineEdit* gridNSm_ = nullptr; // the grid's axes (issue 32)
    QLineEdit* gridNV_ = nullptr;
    QLineEdit* gridMSm_ = nullptr;
    QLineEdit* gridBandwidth_ = nullptr;
    QString shownGrid_[4]; // the session's axes as last shown (a refused text stays otherwise)
    CodesignChipControls* chip_ = nullptr; // issue 59
    CodesignPowerPanel* powerPanel_ = nullptr;
    QLabel* powerNote_ = nullptr; // "(estimate)" or the chip model's cap
    QTabWidget* plots_ = nullptr; // the area plot and the power panel
    QLabel* estimate_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    BackgroundJob* job_ = nullptr;
    BackgroundJob* baselineJob_ = nullptr;
    std::shared_ptr<const SessionState> baselineOf_;
    std::string baselineKey_; // the session's search key the baseline's speed-up is against
    std::optional<search::PlacedDesign> baselineDesign_;
    QString baselineError_;
    std::unique_ptr<search::CodesignResult> result_;
    std::unique_ptr<Job> refs_;
    std::string resultKey_;
    std::string runningKey_;
    std::string cancelledKey_; // cancelled by the user: not restarted until the key changes
    std::optional<SessionState> session_;
    area::CalibrationRanges ranges_; // of the session's area coefficient set
    QString error_;
    bool presentation_ = false;
    std::vector<QLayout*> controlRows_; // hidden in presentation mode
    bool updating_ = false;
    // What the last full redraw drew, for moveBudgetBand.
    std::optional<SessionState> drawn_;
    QCPItemRect* band_ = nullptr;
    QCPItemText* bandLabel_ = nullptr;
    QCPGraph* bestGraph_ = nullptr;
    QCPItemText* bestLabel_ = nullptr;
    double bandTop_ = 0;
};

} // namespace cdx::widgets
