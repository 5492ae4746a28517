// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_common.hpp"
#include "common/explorer_view.hpp"

#include <QWidget>

class QCustomPlot;
class QCPTextElement;
class QLabel;
class QPushButton;
class QTableWidget;

namespace cdx::widgets {

class BackgroundJob;
class IntegerBox;

// The statistical experiment of Table D.1: for n = 2..20, N random chains each (sizes uniform in
// [LOW, HIGH], seeded; the thesis does not state its distribution), the reduction of the fused
// total over S at M = 65536 and 98304 with the session's beta: average (lines) with the min-max
// band, the printed averages dashed beside them, and the numbers in a table. Runs in the
// background with progress and Cancel whenever its settings or the beta change.
class ChainTableView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit ChainTableView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Table D.1 experiment"); }
    QString fileStem() const override { return "chain-table-d1"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    BackgroundJob* job() const { return job_; }
    QPushButton* runButton() const { return run_; }
    IntegerBox* chainsBox() const { return chains_; }
    IntegerBox* seedBox() const { return seed_; }
    IntegerBox* lowBox() const { return lo_; }
    IntegerBox* highBox() const { return hi_; }
    QTableWidget* table() const { return table_; }
    QCustomPlot* plot() const { return plot_; }
    const std::optional<chain::TableD1>& result() const { return result_; }

signals:
    // chains per n, seed, sizes: the workspace puts them in the session.
    void settingsChosen(int chains, qint64 seed, qint64 lo, qint64 hi);
    void refused(const QString& text);

private:
    void start();
    void redraw();
    void emitSettings();

    ChainSettings settings_;
    std::optional<chain::TableD1Config> running_; // the configuration of the current/last run
    std::optional<chain::TableD1> result_;
    QString error_;
    IntegerBox* chains_ = nullptr;
    IntegerBox* seed_ = nullptr;
    IntegerBox* lo_ = nullptr;
    IntegerBox* hi_ = nullptr;
    QPushButton* run_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
    BackgroundJob* job_ = nullptr;
    bool presentation_ = false;
};

} // namespace cdx::widgets
