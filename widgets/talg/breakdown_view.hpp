// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QLabel;
class QTableWidget;

namespace cdx::widgets {

// The current point's time split (host syncs, exposed transfer, compute, idle SM share;
// core's splitTime) and a table of every intermediate value with its equation.
class BreakdownView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit BreakdownView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Breakdown"); }
    QString fileStem() const override { return "breakdown"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QList<Table> tables() const override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QTableWidget* table() const { return table_; }
    QCustomPlot* plot() const { return plot_; }

private:
    // The last column fills the table's width again: resizeColumnsToContents() after the
    // column count changed left a blank strip at the right (a student's 1366 × 768 report).
    void restretch();
    QCustomPlot* plot_ = nullptr;
    QCPBars* bars_ = nullptr;
    QCPBars* baselineBars_ = nullptr; // the baseline's split, hollow, beside the session's
    bool compared_ = false;           // the table is baseline | session | Δ | Δ %
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* compareText_ = nullptr; // the sentence against the baseline (hidden without one)
    bool presentation_ = false;
};

} // namespace cdx::widgets
