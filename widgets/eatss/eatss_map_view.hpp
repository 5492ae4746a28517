// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_views.hpp"
#include "eatss/eatss_z3.hpp"

#include <QWidget>

class QComboBox;
class QTimer;
class QCustomPlot;
class QCPColorMap;
class QCPTextElement;
class QLabel;

namespace cdx::widgets {

class BackgroundJob;

// The objective W over two chosen tile sizes, the other loops at the exact optimum (infeasible
// cells blank), each constraint's boundary drawn, the exact optimum and the artifact's Z3 answer
// marked (when it lies on this slice).
class EatssMapView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EatssMapView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Objective map"); }
    QString fileStem() const override { return "eatss-map"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    const std::optional<eatss::ObjectiveMap>& map() const { return map_; }
    QComboBox* xBox() const { return x_; }
    QComboBox* yBox() const { return y_; }
    // The exact search when it is longer than the GUI thread waits (issue 44): progress, Cancel.
    BackgroundJob* exactJob() const { return exact_; }

signals:
    void axesChosen(const QString& x, const QString& y);

private:
    void redraw();
    void buildMap(); // around the optimum, once it is known
    void startZ3();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPColorMap* colorMap_ = nullptr;
    QComboBox* x_ = nullptr;
    QComboBox* y_ = nullptr;
    QLabel* summary_ = nullptr;
    BackgroundJob* job_ = nullptr;
    BackgroundJob* exact_ = nullptr; // the exact search when it is long (issue 44)
    bool exactCancelled_ = false;
    QTimer* z3Timer_ = nullptr;                       // starts Z3 once a drag rests
    std::optional<eatss::Formulation> z3Formulation_; // what it is to solve
    EatssSettings settings_;
    EatssComputed c_;
    std::optional<eatss::ObjectiveMap> map_;
    std::optional<eatss::Z3Answer> z3_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
