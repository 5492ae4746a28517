// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPaintDevice>
#include <memory>

namespace cdx::widgets {

class ClippingEngine;

// A paint device that draws onto another one with every clip applied to the geometry itself.
// Qt's SVG generator ignores clipping (Qt 6.4 writes no clip path): a codesign budget band,
// clipped to the plot in a PNG or PDF, ran through the title and the legend of an SVG (issue
// 55), as did every mark or hexagon drawn past its plot. Through this device a shape is cut to
// its clip before the target sees it (filled shapes and strokes as their outlines intersected
// with the clip), a text wholly outside its clip is left out and one across it is drawn as its
// clipped outline, and an image is cut to the clip's rectangle. What lies inside its clip is
// passed on unchanged, so most of a figure stays what the target would have written.
class ClippedDevice : public QPaintDevice {
public:
    explicit ClippedDevice(QPaintDevice& target);
    ~ClippedDevice() override;
    QPaintEngine* paintEngine() const override;

protected:
    int metric(PaintDeviceMetric m) const override;

private:
    QPaintDevice& target_;
    std::unique_ptr<ClippingEngine> engine_;
};

} // namespace cdx::widgets
