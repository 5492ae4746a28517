// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_views.hpp"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace cdx::widgets {

class BackgroundJob;

// The split x alignment grid (spec §V-D): for the GPU's split caps (and the session's split)
// and the warp fractions 1, 1/2, 1/4, 1/8 and 0 (unaligned), which configurations are feasible
// and their exact optima. Computed in the background (the unaligned column of a 5-deep nest
// takes seconds).
class EatssGridView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EatssGridView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Configurations"); }
    QString fileStem() const override { return "eatss-configurations"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    QTableWidget* table() const { return table_; }
    const std::vector<eatss::ConfigCell>& cells() const { return cells_; }
    BackgroundJob* job() const { return job_; }

    static const std::vector<double>& aligns();

private:
    void redraw();

    QLabel* title_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
    BackgroundJob* job_ = nullptr;
    EatssSettings settings_;
    std::vector<double> splits_;
    std::vector<eatss::ConfigCell> cells_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
