// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;
class QTextBrowser;

namespace cdx::widgets {
class BackgroundJob;
}

namespace cdx::app {

// "Reproduce the papers" (Start page): every published value of profiles/published/ recomputed
// by its cdx command (cdx reproduce), sortable, filtered by document and verdict, with how far
// each model can be trusted below; exported as HTML or CSV. A window of its own.
class ReproduceView : public QWidget {
    Q_OBJECT

public:
    explicit ReproduceView(QWidget* parent = nullptr);
    ~ReproduceView() override;

    void refresh(); // recomputes the report in the background
    void finishPendingWork();
    QTableView* table() const { return table_; }
    QComboBox* documentFilter() const { return document_; }
    QComboBox* verdictFilter() const { return verdict_; }
    QComboBox* kindFilter() const { return kind_; }
    QString summaryText() const; // the line above the table
    QTextBrowser* validity() const { return validity_; }
    int visibleRows() const;
    QString csv() const; // the rows shown, as CSV
    QString html() const { return html_; }
    bool exportTo(const QString& path, QString* error) const; // .html, .pdf or .csv

private:
    void applyFilter();

    widgets::BackgroundJob* job_ = nullptr;
    QLabel* summary_ = nullptr;
    QComboBox* document_ = nullptr;
    QComboBox* verdict_ = nullptr;
    QComboBox* kind_ = nullptr;
    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QTextBrowser* validity_ = nullptr;
    QString html_;
    QByteArray pdf_; // what cdx reproduce --report FILE.pdf writes
};

} // namespace cdx::app
