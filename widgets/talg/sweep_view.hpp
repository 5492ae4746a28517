// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "runs/run_stats.hpp"
#include "search/sweep.hpp"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;
class QLabel;
class QMouseEvent;

namespace cdx::widgets {

// T_alg against one tile size or one hardware/stencil parameter, the others fixed. The
// rounds are drawn on the right axis: their steps are the reasons for T_alg's jumps.
// Hovering a point shows k, rounds, the wavefront width and N_sub.
class SweepView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit SweepView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Sweep"); }
    QString fileStem() const override { return "sweep"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    QString hoverTextAt(const QCustomPlot& plot, double x, double y) const override {
        (void)plot;
        (void)y;
        return describePointAt(x);
    }
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void saveViewState(ViewState& out, const std::string& prefix) const override;
    void restoreViewState(const ViewState& in, const std::string& prefix) override;

    // "tS1", "tT", "n_sm", ...
    void setParameter(const QString& key);
    QString parameter() const; // the key along the x axis
    // Measured runs: those of the session's experiment on the swept line are drawn.
    // Shared with the run database and the other views (never copied).
    void setMeasuredRuns(runs::RunList runs);
    std::size_t measuredShown() const { return measuredShown_; }
    const search::Sweep& sweep() const { return sweep_; }
    QString describePointAt(double x) const;
    QCustomPlot* plot() const { return plot_; }

signals:
    void tilesChosen(const cdx::talg::Tiles& t, bool dragging);
    // Shift+click on a point of a tile-size sweep: compare the session with that tiling.
    void compareTilesChosen(const cdx::talg::Tiles& t);
    void parameterChosen(const QString& key, double value);

private:
    void rebuild();
    int nearestPoint(double x) const;
    bool isTileParameter() const;
    double currentValue() const;

    QComboBox* parameter_ = nullptr;
    QString pending_; // a saved session's parameter, until the list has it
    QCustomPlot* plot_ = nullptr;
    QCPGraph* tAlg_ = nullptr;
    QCPGraph* baselineTAlg_ = nullptr; // the same sweep of the baseline, dashed
    QCPGraph* rounds_ = nullptr;
    QCPGraph* measured_ = nullptr;
    runs::RunList runs_;
    std::size_t measuredShown_ = 0;
    QCPItemStraightLine* marker_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* note_ = nullptr;
    SessionState state_;
    bool hasState_ = false;
    search::Sweep sweep_;
    QString error_;
};

} // namespace cdx::widgets
