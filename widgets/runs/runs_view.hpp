// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "runs/run_stats.hpp"
#include "runs/run_store.hpp"

#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;

namespace cdx::widgets {

class RunsTableModel;

// Measured runs against the model (PPoPP'17 Fig. 3, §5): the predicted-vs-measured scatter
// (y = x, ±10 % band, log axes optional, colour by stencil), the statistics of core's runStats
// (RMSE and MAPE over all runs and over the runs within X % of each experiment's best), and a
// run browser with filters, delete (undoable in the main window), import and calibration.
// The runs are predicted once per list and profile set; a filter step picks the shown runs and
// sums their errors (issue 44: the paper's 68,000 runs within a frame).
class RunsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit RunsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Measured runs"); }
    QString fileStem() const override { return "measured-runs"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    // The plot's subtitle as shown: which profiles the predictions come from.
    QString subtitleText() const;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    // The runs of the database (all of them, shared, never copied; the view filters) and
    // where they come from. `stored`: the descriptions the database keeps of the user's GPUs
    // and stencils its runs name (issue 43), used for the ids no profile file gives any more.
    void setRuns(runs::RunList runs, const QString& database,
                 const std::vector<runs::StoredProfile>& stored = {});
    void setRuns(const std::vector<runs::Run>& runs, const QString& database) {
        setRuns(std::make_shared<const std::vector<runs::Run>>(runs), database);
    }

    // The statistics of the runs shown (core's runStats of them, without the pairs).
    const runs::RunSummary& stats() const { return stats_; }
    QTableView* table() const { return table_; }
    RunsTableModel* tableModel() const { return model_; }
    // The runs shown, in the database's order (indices into its list), and their ids.
    const std::vector<std::size_t>& shownRuns() const { return shown_; }
    std::vector<std::int64_t> shownIds() const;
    QComboBox* gpuFilter() const { return gpu_; }
    QComboBox* stencilFilter() const { return stencil_; }
    QCheckBox* sessionProblemOnly() const { return sessionOnly_; }
    QCheckBox* logAxes() const { return log_; }
    QCheckBox* whatIf() const { return whatIf_; }
    QDoubleSpinBox* withinBox() const { return within_; }
    QLabel* statsLabel() const { return statsLabel_; }
    std::vector<std::int64_t> selectedIds() const;

signals:
    // The runs shown or their statistics changed (a filter, the within field, the what-if):
    // the status line follows.
    void statsChanged();
    void importRequested();
    void deleteRequested(const std::vector<std::int64_t>& ids);
    void calibrateRequested(const std::vector<std::int64_t>& ids);

protected:
    // The columns sized again once the table is shown and styled (sized while hidden, they
    // came out a few pixels narrower than after a restyle: F11 and Esc changed them).
    void showEvent(QShowEvent* e) override;

private:
    QString baselineLine_; // the fit under the baseline's GPU, stencil and variant
    QString rankingLine_;  // how well the model chooses (issue 57)
    void predict();        // the predictions of the whole list (runs, profiles, what-if, baseline)
    void recompute();      // the shown runs, their statistics, the table and the plot
    void redraw();
    void writeStats();
    void fitColumns(); // to the first 64 rows, the id column to the largest id

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
    QTableView* table_ = nullptr;
    RunsTableModel* model_ = nullptr;
    QLabel* statsLabel_ = nullptr;
    runs::RunList list_ = std::make_shared<const std::vector<runs::Run>>();
    std::vector<std::size_t> byMeasured_; // the list's indices by measured time (the scatter)
    std::vector<std::string> gpuIds_, stencilIds_; // sorted, of the list
    std::vector<int> gpuOf_, stencilOf_;           // each run's index into them
    runs::ProfileSet stored_;                      // the database's own descriptions (setRuns)
    // The profiles taken from the database's copies in the last prediction ("GPU my-h100").
    QStringList fromCopies_;
    runs::RunPredictions predictions_;  // as shown: shipped profiles, or the what-if
    runs::RunPredictions baselineSide_; // with a baseline: its GPU, stencil and variant
    runs::RunPredictions sessionSide_;  // and the session's
    std::uint64_t version_ = 0;         // of the predictions, +1 each time they are made
    std::uint64_t profilesSeen_ = 0;    // the profile files' generation they were made with
    std::vector<std::size_t> shown_;
    runs::RunSummary stats_;
    std::uint64_t plotted_ = 0; // the version and runs the scatter shows
    std::vector<std::size_t> plottedRuns_;
    bool plottedLog_ = true;
    bool restyle_ = true;       // the theme changed: the scatter is made again
    QCPGraph* upper_ = nullptr; // the ±10 % band's edges and y = x, kept across steps
    QCPGraph* lower_ = nullptr;
    QCPGraph* diagonal_ = nullptr;
    std::vector<QCPGraph*> stencilGraphs_; // one per stencil shown, in order of appearance
    std::optional<SessionState> session_;
    QString database_;
    bool presentation_ = false;
    bool shownOnce_ = false;
};

} // namespace cdx::widgets
