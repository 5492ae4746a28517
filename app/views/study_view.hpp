// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/study_eval.hpp"
#include "common/explorer_view.hpp"
#include "study/study_store.hpp"

#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace cdx::app {

class StudyTableModel;
class StudyFilter;

// File ▸ Open Study Results (issue 60): the table of a study's results file (cdx study run
// --out), filtered by axis values and text and sorted by any column as the runs view is, and a
// scatter of any numeric column against another, coloured and grouped by a third, with each
// group's Pareto front. A click on a point selects its row; Open (or a double click) opens that
// design or tiling in its workspace as one undoable edit. Exports as every view does (PNG, PDF,
// SVG of the plot; CSV of the rows shown). A window of its own.
class StudyView : public QWidget, public widgets::ExplorerView {
    Q_OBJECT

public:
    explicit StudyView(QWidget* parent = nullptr);
    ~StudyView() override;

    // Reads a results file; false and `error` (one line) when it is not one.
    bool open(const QString& path, QString* error);
    const study::Table& table() const { return table_; }
    QString path() const { return path_; }

    QString viewTitle() const override;
    QString fileStem() const override { return "study"; }
    void setSession(const SessionState& s) override { base_ = s; }
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override; // the rows shown, every column
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    QString hoverTextAt(const QCustomPlot& plot, double x, double y) const override;
    QString pageSentence() const override { return summary(); }

    QString summary() const; // the line above the plot
    QComboBox* xColumn() const { return x_; }
    QComboBox* yColumn() const { return y_; }
    QComboBox* groupColumn() const { return group_; }
    QComboBox* frontChoice() const { return front_; }
    QLineEdit* textFilter() const { return text_; }
    const std::vector<QComboBox*>& axisFilters() const { return axisFilters_; }
    QTableView* tableView() const { return view_; }
    QCustomPlot* plot() const { return plot_; }
    QPushButton* openButton() const { return openButton_; }
    QLabel* messageLine() const { return message_; }
    // The table rows shown (indices into table().rows), in the table's order.
    std::vector<std::size_t> shownRows() const;
    // The rows on a Pareto front now, per group (indices into table().rows).
    const std::vector<study::Front>& fronts() const { return fronts_; }
    // Selects the row (the plot's click does this); -1: none.
    void selectRow(std::size_t row);
    std::optional<std::size_t> selectedRow() const;
    // The session of the selected row, or an InputError saying why there is none.
    cli::study::PointSession selectedSession() const;
    bool exportTo(const QString& path, QString* error);

signals:
    // Open was asked for the selected row: the main window applies it as one undoable edit.
    void openRequested(const cdx::cli::study::PointSession& s);

private:
    void fillControls();
    void applyFilter();
    void redraw();
    void openSelected();
    std::optional<std::size_t> nearestRow(const QPointF& pixel, double maxPixels) const;

    study::Table table_;
    std::optional<study::Spec> spec_;
    QString path_;
    SessionState base_;
    StudyTableModel* model_ = nullptr;
    StudyFilter* proxy_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* message_ = nullptr;
    QComboBox* x_ = nullptr;
    QComboBox* y_ = nullptr;
    QComboBox* group_ = nullptr;
    QComboBox* front_ = nullptr;
    QCheckBox* logX_ = nullptr;
    QCheckBox* logY_ = nullptr;
    QLineEdit* text_ = nullptr;
    QWidget* filterRow_ = nullptr;
    std::vector<QComboBox*> axisFilters_;
    QTableView* view_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QPushButton* openButton_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    std::vector<study::Front> fronts_;
    // Each plotted point: its row, and where it is in plot coordinates.
    struct Plotted {
        std::size_t row;
        double x;
        double y;
    };
    std::vector<Plotted> plotted_;
    bool presentation_ = false;
};

} // namespace cdx::app
