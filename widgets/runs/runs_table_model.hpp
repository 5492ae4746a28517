// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runs/run_stats.hpp"
#include "runs/run_store.hpp"

#include <QAbstractTableModel>
#include <cstdint>
#include <vector>

namespace cdx::widgets {

// The measured-runs table as a model (issue 44: at the paper's 68,000 runs a QTableWidget made
// 816,000 items, 5 s and 600 MB). It holds no copy of the runs: the run list is shared with
// the database, the predictions belong to the view; a row is an index into the list, and its
// cells are made when the view paints them. Sorting is a permutation of the whole list kept
// per column, so a filter step only picks the shown runs out of it (no sort per step).
class RunsTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Id,
        Gpu,
        Stencil,
        Problem,
        Time,
        Tile,
        TimeTile,
        Threads,
        Measured,
        TAlg,
        Error,
        Source,
        ColumnCount
    };
    // The value a column sorts by (the run id in column Id), for tests and the CSV.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RunsTableModel(QObject* parent = nullptr);

    // The list and its predictions (owned by the caller, alive while set; one per run;
    // `version` changes whenever they are computed again), and the runs shown (indices into
    // the list, ascending). Other runs or predictions are a reset; the same ones with another
    // `within` update the error cells' "★" where they are (no row moves).
    void setRuns(const runs::RunList& list, const runs::RunPredictions* predictions,
                 std::uint64_t version, const std::vector<std::size_t>& shown, double within);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

    std::int64_t runId(int row) const;
    const runs::Run& run(int row) const;

private:
    // Each run's value in the sort column as a number; `ranks` > 0 when they are the ranks
    // 0 .. ranks-1 of the column's distinct values.
    std::vector<double> keys(std::size_t* ranks) const;
    void order(); // the permutation of the whole list
    void pick();  // the shown runs out of it

    runs::RunList list_;
    const runs::RunPredictions* predictions_ = nullptr;
    std::uint64_t version_ = 0;
    std::vector<char> shownMask_;     // per run of the list
    std::vector<std::size_t> shown_;  // as given
    std::vector<std::size_t> sorted_; // the whole list in the sort order (list order unsorted)
    std::vector<std::size_t> rows_;   // the shown runs in that order
    double within_ = 0.2;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
};

} // namespace cdx::widgets
