// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "lineup/lineup.hpp"
#include "session/session.hpp"
#include "workspace.hpp"

#include <QStringList>
#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cdx::widgets {
class BackgroundJob;
class JobProgress;
} // namespace cdx::widgets

namespace cdx::app {

// "Line-up" (issue 46), a view of every workspace whose families core can line up: the
// session's line-up (2 to 12 GPUs or sessions, saved in the session) side by side, each at its
// own optimum where the family searches. Bars of the headline quantity per side with its tiles,
// the sentence naming the lowest and the highest, and a table of every quantity, one column per
// side. Sides are added from the GPU list ("Add to line-up"), as the session's own GPU, or from
// session files; each change is one undoable edit. The optima are found in the background
// (core's lineup::lineUp, as `cdx lineup`), with progress; the window stays responsive.
class LineupView : public QWidget, public widgets::ExplorerView {
    Q_OBJECT

public:
    // `families`: the core line-up families the workspace shows ("mwp", "power", "occupancy").
    LineupView(const QString& stem, QStringList families, WorkspaceContext context,
               QWidget* parent = nullptr);
    ~LineupView() override;

    QString viewTitle() const override { return tr("Line-up"); }
    QString fileStem() const override { return stem_ + QStringLiteral("-lineup"); }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    QString pageSentence() const override { return sentence(); }
    QList<Table> tables() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;
    QString figureSubject() const override;                    // "Line-up of 4 sides: …; problem"
    std::vector<SessionState> figureSessions() const override; // each side as evaluated
    void saveViewState(ViewState& out, const std::string& prefix) const override;
    void restoreViewState(const ViewState& in, const std::string& prefix) override;

    // The line-up shown (nullopt before the first result or with fewer than 2 sides).
    const std::optional<lineup::Lineup>& result() const { return result_; }
    widgets::BackgroundJob* job() const { return job_; }
    QComboBox* familyChoice() const { return family_; }
    QComboBox* gpuChoice() const { return gpus_; }
    // The chip setting of the family (the die area's node): each chip's own (data -1) or one
    // value for all sides; hidden where the family has none.
    QComboBox* chipSettingChoice() const { return chipSetting_; }
    // The bars' axis (issue 61: a linear axis squashed the fast GPUs into slivers): "linear",
    // "log", or "speedup:N", each side's speed-up relative to side N (how many times faster, or
    // better where larger is better).
    QComboBox* scaleChoice() const { return scale_; }
    // The values the bars show now, per side (nullopt: no value), in the scale chosen.
    std::vector<std::optional<double>> barValues() const;
    QTableWidget* table() const { return table_; }
    QCustomPlot* plot() const { return plot_; }
    QString sentence() const; // as shown

    // The edits the buttons make (each one undoable step of the session).
    void addGpu(const GpuProfile& gpu);
    // The GPU profile of that id (a GPU list's "Add to Line-up"); a refusal is said.
    void addGpuById(const QString& id);
    bool addSessionFile(const QString& path, QString* error = nullptr);
    void removeSide(int index);
    void clearSides();

protected:
    // A resized plot fits its bar labels again (they were fitted to the size before: after F11
    // and Esc the axis kept the presentation's range).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fillChipSettings();
    void fillScales(); // linear, log and one speed-up per side of the result
    std::optional<int> chipSettingForAll() const; // nullopt: each chip's own
    void recompute();
    void show(const lineup::Lineup& l);
    void showMessage(const QString& text);
    void redraw();
    void updateButtons();
    const lineup::LineupFamily* currentFamily() const;
    SessionState edited(const QString& label, const SessionState& next);
    void say(const QString& message) const; // on the status line

    QString stem_;
    QStringList families_;
    WorkspaceContext context_; // the session document (edits) and the status line
    SessionState session_;
    std::optional<lineup::Lineup> result_;
    QString message_; // why there is no line-up to show
    QComboBox* family_ = nullptr;
    QComboBox* gpus_ = nullptr;
    QComboBox* chipSetting_ = nullptr;
    QComboBox* scale_ = nullptr;
    std::string wantedScale_ = "linear"; // restored before the result that has its side
    QPushButton* addGpu_ = nullptr;
    QPushButton* addCurrent_ = nullptr;
    QPushButton* addFile_ = nullptr;
    QPushButton* remove_ = nullptr;
    QPushButton* clear_ = nullptr;
    QCheckBox* optimum_ = nullptr;
    QLabel* sentence_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QTableWidget* table_ = nullptr;
    widgets::BackgroundJob* job_ = nullptr;
    widgets::JobProgress* progress_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::app
