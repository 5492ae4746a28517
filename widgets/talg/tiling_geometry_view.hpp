// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"

#include <QWidget>

namespace cdx::widgets {

// PPoPP'17 Fig. 1 for the current tS1 and tT: the hexagonal tiling of the (S1, t)
// iteration space, both wavefront colours, and one tile's read (blue) and write (red)
// points (erratum I6 legend). With the paper pitch the 2-point gaps of erratum I1 show.
class TilingGeometryView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit TilingGeometryView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Tiling geometry"); }
    QString fileStem() const override { return "tiling-geometry"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    QSize sizeHint() const override { return {800, 560}; }

    // The window of the iteration space drawn: [0, width) x [0, height).
    std::int64_t windowWidth() const;
    std::int64_t windowHeight() const;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    void paint(QPainter& p, const QRect& r) const;

    SessionState state_;
    bool hasState_ = false;
    bool presentation_ = false;
};

} // namespace cdx::widgets
