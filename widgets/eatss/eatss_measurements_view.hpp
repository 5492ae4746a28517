// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_views.hpp"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QCPTextElement;
class QLabel;
class QTableWidget;

namespace cdx::widgets {

// The paper's measurements (Fig. 7, spec §4.5): per benchmark, performance per watt, energy or
// GFLOP/s of the median, default and best PPCG variants and of EATSS, on the GA100 or the
// Jetson AGX Xavier, as grouped bars (log scale) with the geometric means.
class EatssMeasurementsView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EatssMeasurementsView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Measurements (Fig. 7)"); }
    QString fileStem() const override { return "eatss-fig7"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QComboBox* gpuBox() const { return gpu_; }
    QComboBox* metricBox() const { return metric_; }
    const eatss::Measurements& measurements() const { return m_; }
    int barCount() const;
    QTableWidget* table() const { return table_; }

private:
    void redraw();

    QComboBox* gpu_ = nullptr;
    QComboBox* metric_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    eatss::Measurements m_;
    std::string program_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
