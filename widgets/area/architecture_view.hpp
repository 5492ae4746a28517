// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "common/explorer_view.hpp"
#include "search/codesign.hpp"
#include "search/codesign_compare.hpp"

#include <QWidget>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCPItemStraightLine;
class QCPTextElement;
class QLabel;
class QComboBox;
class QSlider;
class QTableWidget;
class QTimer;

namespace cdx::widgets {

class BackgroundJob;
class JobControl;

// Architecture sliders snapped to the codesign grid (n_SM even 2-32, n_V 32-2048 step 32,
// M_SM 12/24/36/48..480, R_VU 0.5-8 KB, L1 per SM pair, L2 per SM) with the die area and the
// exact best time of the session's codesign workload, live as they move. The plot shows the
// workload's speed-up and the area against n_V at the current n_SM and M_SM.
class ArchitectureView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ArchitectureView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Architecture"); }
    QString fileStem() const override { return "architecture"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;
    bool curvePending() const { return curvePending_; }
    // The curve on screen is of an earlier design while the current one's is computed.
    bool curveStale() const { return curvePending_ && !curve_.empty() && error_.isEmpty(); }
    QCustomPlot* plot() const { return plot_; }
    const std::vector<search::DesignPoint>& curve() const { return curve_; }

    enum Slider { Sms, VectorUnits, SharedMemory, RegisterFile, L1, L2, SliderCount };
    QSlider* slider(Slider s) const { return sliders_[static_cast<std::size_t>(s)]; }
    QString summary() const;
    const std::optional<search::DesignPoint>& design() const { return design_; }
    QComboBox* kRuleBox() const { return kRule_; }
    // The k-rule sentence of the current design (empty where k = max does not make a larger
    // M_SM slower, or while it is being computed).
    QString kRuleText() const;
    double areaMm2() const { return area_; }
    // The baseline's design (its workload, time constants, area), placed once per baseline.
    const std::optional<search::PlacedDesign>& baselineDesign() const { return baselineDesign_; }

    // The grid values a slider position stands for: the session's codesign grid (issue 44:
    // the Grid row's n_SM, n_V and M_SM axes), and each off-grid value the chip has had since
    // it was chosen, so that a slider moved away from it can come back.
    std::vector<double> sliderValues(Slider s) const;

signals:
    // A slider moved (dragging: one undo step for the whole drag).
    void architectureEdited(const cdx::area::Architecture& a, bool dragging);
    // The clock or stacks slider moved (issue 59): `units` 0 when the stacks did not change.
    void chipEdited(double clockMhz, int units, bool dragging);
    // The k rule chosen ("max", "effective", "optimize"): the session's Talg variant.
    void kRuleChosen(const QString& rule);

private:
    void emitArchitecture(bool dragging);
    void emitChip(bool dragging);
    void showChip(const SessionState& s);
    void showSliders(const area::Architecture& a);
    const search::Workload* workload(const SessionState& s);
    void drawCurve();
    void startCurveJob();

    search::HardwareGrid grid_ = search::thesisGrid();
    std::array<std::vector<double>, 6> offGrid_{}; // per slider: values off the grid, kept
    std::string offGridOf_;                        // the GPU id they are of
    std::array<QSlider*, SliderCount> sliders_{};
    std::array<QLabel*, SliderCount> values_{};
    QLabel* summary_ = nullptr;
    QSlider* clockSlider_ = nullptr; // issue 59
    QSlider* stacksSlider_ = nullptr;
    QLabel* clockValue_ = nullptr;
    QLabel* stacksValue_ = nullptr;
    QLabel* power_ = nullptr;
    QString powerShort_; // "1980 MHz, 700 W" in the title, where the chip has its power
    std::vector<double> clockStops_;
    std::vector<int> stackStops_;
    double clock_ = 0;
    int units_ = 0;
    QComboBox* kRule_ = nullptr;
    QLabel* kNote_ = nullptr; // where k = max makes more shared memory slower (issue 32)
    QString noteKey_;         // the design and variant kNote_ is of
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPGraph* speedup_ = nullptr;
    QCPGraph* area_Graph_ = nullptr;
    QCPGraph* current_ = nullptr;
    QCPGraph* baselinePoint_ = nullptr;
    std::shared_ptr<const SessionState> baselineOf_;
    double baselineReference_ = 0; // the reference time its speed-up is against
    std::optional<search::PlacedDesign> baselineDesign_;
    QString baselineError_;
    QCPItemRect* calibratedNv_ = nullptr; // the n_V the area model was measured on
    QCPItemText* calibratedLabel_ = nullptr;
    std::array<double, 2> calibratedRange_{128, 128};
    QTableWidget* table_ = nullptr;
    area::Architecture arch_;
    double area_ = 0;
    std::optional<search::DesignPoint> design_;
    std::vector<search::DesignPoint> curve_;
    std::vector<double> curveArea_;
    QString referenceName_;
    QString baselineName_;
    QString error_;
    std::map<std::string, search::Workload> workloads_;       // by workload id + GPU id
    std::shared_ptr<const search::PreparedTilings> prepared_; // the current workload's tilings
    std::map<std::string, double> referenceTimes_;            // by workload, GPU id, variant
    const search::Workload* current_Workload_ = nullptr;
    bool presentation_ = false;
    BackgroundJob* job_ = nullptr;
    bool curvePending_ = false;
    std::string curveKey_; // what curve_ (or the pending job's curve) was computed for
    std::function<std::function<void()>(JobControl&)> curveJob_; // waiting for curveTimer_
    QTimer* curveTimer_ = nullptr;
    area::Architecture curveFor_;
    // What the curve on screen was computed for: while a new one is computed it stays, drawn
    // grey and named stale (issue 44: a fast n_SM drag left the plot blank for seconds).
    std::optional<area::Architecture> curveShownFor_;
    QString context_;
    int node_ = 28; // the session's process node (issue 32)
    bool updating_ = false;
};

} // namespace cdx::widgets
