// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "search/tile_search.hpp"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace cdx::widgets {

// Every feasible tiling within X % of the exact optimum (core's exhaustive search, run off
// the GUI thread; a result for a session that has changed since is dropped), sortable,
// copyable as CSV; double-click a row to make it current.
class BackgroundJob;

class TopTilingsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit TopTilingsView(QWidget* parent = nullptr);
    ~TopTilingsView() override;

    QString viewTitle() const override { return tr("Top tilings"); }
    QString fileStem() const override { return "top-tilings"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;
    QList<Table> tables() const override;

    bool busy() const;
    const search::SearchResult& result() const { return result_; }
    QTableView* table() const { return table_; }
    void copyCsv() const;

signals:
    void tilesChosen(const cdx::talg::Tiles& t, bool dragging);
    // "Compare with…": the selected tiling becomes the baseline.
    void compareTilesChosen(const cdx::talg::Tiles& t);
    void withinEdited(double fraction);
    void searchFinished();

private:
    struct Job {
        search::SearchResult result;
        QString error;
        double milliseconds = 0;
    };
    void showResult(const Job& job);

    QDoubleSpinBox* within_ = nullptr;
    QPushButton* copy_ = nullptr;
    QPushButton* compare_ = nullptr;
    QLabel* status_ = nullptr;
    QTableView* table_ = nullptr;
    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    BackgroundJob* job_ = nullptr;
    SessionState state_;
    search::SearchResult result_;
    QString header_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
