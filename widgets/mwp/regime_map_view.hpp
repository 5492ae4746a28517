// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/category_map.hpp"
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
class QLabel;
class QLineEdit;

namespace cdx::widgets {

// The regime map (spec §7.2 C7): the MWP-CWP case and MWP limiter over any two inputs,
// coloured by class, with the boundaries where the label changes drawn in black and the
// session's point marked. Computed synchronously by core's regimeMap (200 x 200 in ~7 ms,
// docs/performance.md). The axes and ranges are session settings (undoable).
//
// Kind::Category is the Chapter V category map (issue 16): the throughput model's category 1-10
// (spec §3.4) on the same axes, coloured by diagnosis (one hue per pair c and c + 5, pale when
// the warps are not sufficient), with the ten titles in the legend; computed by core's
// categoryMap.
class RegimeMapView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    enum class Kind { Regime, Category };
    explicit RegimeMapView(QWidget* parent = nullptr, Kind kind = Kind::Regime);

    QString viewTitle() const override {
        return kind_ == Kind::Regime ? tr("Regime map") : tr("Category map");
    }
    QString fileStem() const override {
        return kind_ == Kind::Regime ? "regime-map" : "category-map";
    }
    Kind kind() const { return kind_; }
    const std::optional<mwp::CategoryMap>& categories() const { return categories_; }
    // The colour of Chapter V category c (0: no memory instructions).
    static QColor categoryColor(int c);
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::RegimeMap>& map() const { return map_; }
    std::size_t boundaryCount() const { return boundaries_; }
    QComboBox* xAxisBox() const { return xAxis_; }
    QComboBox* yAxisBox() const { return yAxis_; }
    QLineEdit* xRangeField() const { return xRange_; }
    QLineEdit* yRangeField() const { return yRange_; }
    QString errorText() const { return error_; }

signals:
    void axesEdited(const cdx::mwp::AxisRange& x, const cdx::mwp::AxisRange& y);
    // A typed range was refused (the reason); the map and the session are unchanged.
    void refused(const QString& text);

private:
    void redraw();
    void markRange(QLineEdit* e, bool refused);
    void resizeEvent(QResizeEvent* e) override;
    // `edited`: the range field or log box that changed (nullptr: an axis box).
    void emitAxes(bool axisChanged, QWidget* edited);

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPItemPixmap* image_ = nullptr;
    QCPCurve* edges_ = nullptr;
    QCPGraph* marker_ = nullptr;
    QCPGraph* baselineMarker_ = nullptr;
    std::optional<std::pair<double, double>> baselinePoint_; // on the map's axes
    QComboBox* xAxis_ = nullptr;
    QComboBox* yAxis_ = nullptr;
    QLineEdit* xRange_ = nullptr;
    QLineEdit* yRange_ = nullptr;
    QCheckBox* xLog_ = nullptr;
    QCheckBox* yLog_ = nullptr;
    Kind kind_ = Kind::Regime;
    QLabel* intro_ = nullptr;
    std::optional<mwp::RegimeMap> map_;
    std::optional<mwp::CategoryMap> categories_;
    mwp::Device device_;
    mwp::Kernel kernel_;
    mwp::MwpVariant variant_;
    mwp::AxisRange x_, y_;
    std::size_t boundaries_ = 0;
    QString context_;
    QString error_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
