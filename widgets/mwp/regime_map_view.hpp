#pragma once

#include "common/explorer_view.hpp"
#include "mwp/regime_map.hpp"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPCurve;
class QCPGraph;
class QCPItemPixmap;
class QCPTextElement;
class QLineEdit;

namespace cdx::widgets {

// The regime map (spec §7.2 C7): the MWP-CWP case and MWP limiter over any two inputs,
// coloured by class, with the boundaries where the label changes drawn in black and the
// session's point marked. Computed synchronously by core's regimeMap (200 x 200 in ~7 ms,
// docs/performance.md). The axes and ranges are session settings (undoable).
class RegimeMapView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit RegimeMapView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Regime map"); }
    QString fileStem() const override { return "regime-map"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::RegimeMap>& map() const { return map_; }
    std::size_t boundaryCount() const { return boundaries_; }
    QComboBox* xAxisBox() const { return xAxis_; }
    QComboBox* yAxisBox() const { return yAxis_; }
    QString errorText() const { return error_; }

signals:
    void axesEdited(const cdx::mwp::AxisRange& x, const cdx::mwp::AxisRange& y);

private:
    void redraw();
    void emitAxes(bool axisChanged);

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPItemPixmap* image_ = nullptr;
    QCPCurve* edges_ = nullptr;
    QCPGraph* marker_ = nullptr;
    QComboBox* xAxis_ = nullptr;
    QComboBox* yAxis_ = nullptr;
    QLineEdit* xRange_ = nullptr;
    QLineEdit* yRange_ = nullptr;
    QCheckBox* xLog_ = nullptr;
    QCheckBox* yLog_ = nullptr;
    std::optional<mwp::RegimeMap> map_;
    mwp::Device device_;
    mwp::Kernel kernel_;
    mwp::AxisRange x_, y_;
    std::size_t boundaries_ = 0;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
