// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runs/run_import.hpp"
#include "runs/run_stats.hpp"
#include "workspace.hpp"

namespace cdx::widgets {
class RunsView;
}

namespace cdx::app {

// Measured runs: the run database (open, import, delete), predicted against measured with the
// error statistics, and the calibration of C_iter.
class RunsWorkspace : public Workspace {
    Q_OBJECT

public:
    RunsWorkspace(const WorkspaceContext& context, QWidget* parent = nullptr);

    QString summary() const override;
    // Measured runs are data, not a configuration: no Compare view (yet).
    QStringList compareFamilies() const override { return {}; }
    QString figureSubject() const override { return {}; } // runs of many GPUs
    // Measured runs of many GPUs, each predicted with its own profile: no one chip.
    QString figureContext(const widgets::ExplorerView&) const override { return {}; }
    QString statusText() const override;
    void addFileMenuEntries(QMenu* file) override;
    std::vector<widgets::BackgroundJob*> jobs() const override;
    QList<StartExample> startExamples() override;
    // Opens a fresh database of the shipped synthetic runs (generated from the model, labelled
    // as such) for this session only: the user's database and default stay as they are.
    void openSyntheticExample();

    widgets::RunsView* runsView() const { return view_; }
    // The import with its report dialog (Close is the default button; a partial import asks
    // once with the count). Returns at once; the job reports in the status line.
    void importInteractive(const QString& path);
    // Fits C_iter of the session's stencil on the session's GPU off the GUI thread, then asks.
    void calibrateInteractive(const std::vector<std::int64_t>& ids);
    // Writes a calibration into the session (undoable).
    void applyCalibration(const runs::Calibration& c);
    // What the import dialog says about a report (tests check the wording and buttons).
    static QString reportHeadline(const runs::ImportReport& r);
    // The status line's confirmation of an import ("synthetic.csv: all 176 rows are already
    // in the database, nothing imported"; "2 runs imported, 1 invalid row (2 problems)").
    static QString importSummary(const QString& file, const runs::ImportReport& r);

protected:
    void refreshEditors(const SessionState& s) override;

private:
    void showRuns();
    void showReport(const QString& path, const runs::ImportReport& r);
    void showCalibration(const runs::Calibration& c);

    widgets::RunsView* view_ = nullptr;
    widgets::BackgroundJob* calibration_ = nullptr;
};

} // namespace cdx::app
