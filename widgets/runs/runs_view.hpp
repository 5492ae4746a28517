// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "runs/run_stats.hpp"

#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPTextElement;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cdx::widgets {

// Measured runs against the model (PPoPP'17 Fig. 3, §5): the predicted-vs-measured scatter
// (y = x, ±10 % band, log axes optional, colour by stencil), the statistics of core's runStats
// (RMSE and MAPE over all runs and over the runs within X % of each experiment's best), and a
// run browser with filters, delete (undoable in the main window), import and calibration.
class RunsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit RunsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Measured runs"); }
    QString fileStem() const override { return "measured-runs"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    // The runs of the database (all of them; the view filters) and where they come from.
    // `stored`: the descriptions the database keeps of the user's GPUs and stencils its runs
    // name (issue 43), used for the ids no profile file gives any more.
    void setRuns(const std::vector<runs::Run>& runs, const QString& database,
                 const std::vector<runs::StoredProfile>& stored = {});

    const runs::RunStats& stats() const { return stats_; }
    QTableWidget* table() const { return table_; }
    QComboBox* gpuFilter() const { return gpu_; }
    QComboBox* stencilFilter() const { return stencil_; }
    QCheckBox* sessionProblemOnly() const { return sessionOnly_; }
    QCheckBox* logAxes() const { return log_; }
    QCheckBox* whatIf() const { return whatIf_; }
    QDoubleSpinBox* withinBox() const { return within_; }
    QLabel* statsLabel() const { return statsLabel_; }
    std::vector<std::int64_t> selectedIds() const;

signals:
    void importRequested();
    void deleteRequested(const std::vector<std::int64_t>& ids);
    void calibrateRequested(const std::vector<std::int64_t>& ids);

private:
    QString baselineLine_; // the fit under the baseline's GPU, stencil and variant
    void recompute();
    void redraw();
    std::vector<std::int64_t> tableIds_; // the runs in the table, in the order they were put

    QComboBox* gpu_ = nullptr;
    QComboBox* stencil_ = nullptr;
    QCheckBox* sessionOnly_ = nullptr;
    QCheckBox* log_ = nullptr;
    QCheckBox* whatIf_ = nullptr;
    QDoubleSpinBox* within_ = nullptr;
    QPushButton* import_ = nullptr;
    QPushButton* delete_ = nullptr;
    QPushButton* calibrate_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* statsLabel_ = nullptr;
    std::vector<runs::Run> all_;
    runs::ProfileSet stored_; // the database's own descriptions (setRuns)
    runs::RunStats stats_;
    std::optional<SessionState> session_;
    QString database_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
