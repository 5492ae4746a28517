// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/clipped_device.hpp"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <QPixmap>
#include <QTextItem>
#include <QVector>
#include <algorithm>
#include <cmath>

namespace cdx::widgets {

class ClippingEngine : public QPaintEngine {
public:
    explicit ClippingEngine(QPaintDevice& target)
        : QPaintEngine(QPaintEngine::AllFeatures), target_(target) {}

    bool begin(QPaintDevice*) override {
        out_ = std::make_unique<QPainter>(&target_);
        return out_->isActive();
    }
    bool end() override {
        out_.reset();
        return true;
    }
    void updateState(const QPaintEngineState&) override {}
    Type type() const override { return QPaintEngine::User; }

    void drawPath(const QPainterPath& path) override { draw(path, true); }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        QPainterPath path;
        if (count <= 0) {
            return;
        }
        path.moveTo(points[0]);
        for (int i = 1; i < count; ++i) {
            path.lineTo(points[i]);
        }
        if (mode != PolylineMode) {
            path.closeSubpath();
            path.setFillRule(mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
        }
        draw(path, mode != PolylineMode);
    }
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override {
        QVector<QPointF> f;
        f.reserve(count);
        for (int i = 0; i < count; ++i) {
            f << QPointF(points[i]);
        }
        drawPolygon(f.constData(), count, mode);
    }
    void drawTextItem(const QPointF& p, const QTextItem& ti) override {
        sync();
        const QString text = ti.text();
        QPainter* in = painter();
        out_->setFont(ti.font());
        if (!in->hasClipping()) {
            out_->drawText(p, text);
            return;
        }
        const QPainterPath clip = in->clipPath();
        const QRectF box = QFontMetricsF(ti.font(), in->device()).boundingRect(text).translated(p);
        if (clip.contains(box)) {
            out_->drawText(p, text);
        } else if (clip.intersects(box)) {
            // Across its clip: the part that shows, as an outline.
            QPainterPath outline;
            outline.addText(p, ti.font(), text);
            out_->setPen(Qt::NoPen);
            out_->setBrush(in->pen().brush());
            out_->drawPath(outline.intersected(clip));
        }
    }
    void drawPixmap(const QRectF& r, const QPixmap& pm, const QRectF& sr) override {
        sync();
        QRectF target = r, source = sr;
        if (cut(target, source)) {
            out_->drawPixmap(target, pm, source);
        }
    }
    void drawImage(const QRectF& r, const QImage& image, const QRectF& sr,
                   Qt::ImageConversionFlags flags) override {
        sync();
        QRectF target = r, source = sr;
        if (cut(target, source)) {
            out_->drawImage(target, image, source, flags);
        }
    }

private:
    // The target painter in the source painter's state (the clip aside).
    void sync() {
        QPainter* in = painter();
        out_->setTransform(in->combinedTransform());
        out_->setPen(in->pen());
        out_->setBrush(in->brush());
        out_->setBrushOrigin(in->brushOrigin());
        out_->setOpacity(in->opacity());
        out_->setRenderHints(in->renderHints());
        out_->setBackground(in->background());
        out_->setBackgroundMode(in->backgroundMode());
    }

    // A shape: as it is inside its clip, left out outside it, else its fill and its stroke
    // intersected with the clip.
    void draw(const QPainterPath& path, bool filled) {
        sync();
        QPainter* in = painter();
        const QPen pen = in->pen();
        const bool stroked = pen.style() != Qt::NoPen && pen.brush().style() != Qt::NoBrush;
        const bool fills = filled && in->brush().style() != Qt::NoBrush;
        if (!in->hasClipping()) {
            filled ? out_->drawPath(path) : drawOpen(path);
            return;
        }
        const QTransform t = in->combinedTransform();
        const double scale = std::sqrt(std::abs(t.determinant()));
        // The pen's half width in logical units, and a pixel for antialiasing.
        const double device = pen.isCosmetic() || pen.widthF() == 0 ? std::max(1.0, pen.widthF())
                                                                    : pen.widthF() * scale;
        const double margin = stroked ? (device / 2 + 1) / std::max(scale, 1e-9) : 0;
        const QPainterPath clip = in->clipPath();
        const QRectF bounds = path.controlPointRect().adjusted(-margin, -margin, margin, margin);
        if (clip.contains(bounds)) {
            filled ? out_->drawPath(path) : drawOpen(path);
            return;
        }
        if (!clip.intersects(bounds)) {
            return;
        }
        if (fills) {
            out_->setPen(Qt::NoPen);
            out_->drawPath(path.intersected(clip));
        }
        if (stroked) {
            // The stroke's outline on the device (a cosmetic pen's width is in pixels there),
            // cut to the clip and filled with the pen's brush.
            QPen onDevice = pen;
            onDevice.setCosmetic(false);
            onDevice.setWidthF(device);
            QPainterPathStroker stroker(onDevice);
            const QPainterPath outline = stroker.createStroke(t.map(path)).intersected(t.map(clip));
            out_->resetTransform();
            out_->setPen(Qt::NoPen);
            out_->setBrush(pen.brush());
            out_->drawPath(outline);
        }
    }
    void drawOpen(const QPainterPath& path) {
        out_->setBrush(Qt::NoBrush);
        out_->drawPath(path);
    }

    // An image's target cut to the clip's rectangle, and its source with it; false when
    // nothing of it shows.
    bool cut(QRectF& target, QRectF& source) {
        QPainter* in = painter();
        if (!in->hasClipping()) {
            return true;
        }
        const QRectF clip = in->clipBoundingRect();
        const QRectF shown = target.intersected(clip);
        if (shown.isEmpty()) {
            return false;
        }
        if (shown != target && target.width() > 0 && target.height() > 0) {
            const double sx = source.width() / target.width();
            const double sy = source.height() / target.height();
            source = QRectF(source.x() + (shown.x() - target.x()) * sx,
                            source.y() + (shown.y() - target.y()) * sy, shown.width() * sx,
                            shown.height() * sy);
            target = shown;
        }
        return true;
    }

    QPaintDevice& target_;
    std::unique_ptr<QPainter> out_;
};

ClippedDevice::ClippedDevice(QPaintDevice& target)
    : target_(target), engine_(std::make_unique<ClippingEngine>(target)) {}

ClippedDevice::~ClippedDevice() = default;

QPaintEngine* ClippedDevice::paintEngine() const {
    return engine_.get();
}

int ClippedDevice::metric(PaintDeviceMetric m) const {
    switch (m) {
    case PdmWidth:
        return target_.width();
    case PdmHeight:
        return target_.height();
    case PdmWidthMM:
        return target_.widthMM();
    case PdmHeightMM:
        return target_.heightMM();
    case PdmNumColors:
        return target_.colorCount();
    case PdmDepth:
        return target_.depth();
    case PdmDpiX:
        return target_.logicalDpiX();
    case PdmDpiY:
        return target_.logicalDpiY();
    case PdmPhysicalDpiX:
        return target_.physicalDpiX();
    case PdmPhysicalDpiY:
        return target_.physicalDpiY();
    case PdmDevicePixelRatio:
        return static_cast<int>(target_.devicePixelRatio());
    case PdmDevicePixelRatioScaled:
        return static_cast<int>(target_.devicePixelRatio() *
                                QPaintDevice::devicePixelRatioFScale());
    }
    return 0;
}

} // namespace cdx::widgets
