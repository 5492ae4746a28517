// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/tiling_geometry_view.hpp"

#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "talg/hexagon_geometry.hpp"

#include <QPainter>
#include <QPainterPath>
#include <cmath>

namespace cdx::widgets {

namespace {
// The staircase outline of a hexagon's rows: left edges upwards, right edges downwards.
template <typename ToScreen>
QPolygonF outline(const std::vector<talg::HexagonRow>& rows, ToScreen toScreen) {
    QPolygonF poly;
    for (const auto& row : rows) {
        poly << toScreen(static_cast<double>(row.first), static_cast<double>(row.t))
             << toScreen(static_cast<double>(row.first), static_cast<double>(row.t + 1));
    }
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        poly << toScreen(static_cast<double>(it->first + it->width), static_cast<double>(it->t + 1))
             << toScreen(static_cast<double>(it->first + it->width), static_cast<double>(it->t));
    }
    return poly;
}
} // namespace

TilingGeometryView::TilingGeometryView(QWidget* parent) : QWidget(parent) {
    setObjectName("tilingGeometry");
    setMinimumSize(420, 320);
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, Qt::white);
    setPalette(pal);
}

void TilingGeometryView::setSession(const SessionState& s) {
    state_ = s;
    hasState_ = true;
    update();
}

void TilingGeometryView::setPresentation(bool on) {
    presentation_ = on;
    update();
}

std::int64_t TilingGeometryView::windowWidth() const {
    const auto tS = state_.tiles.space[0];
    const auto tT = state_.tiles.time;
    return std::max<std::int64_t>(8, (5 * (2 * tS + tT)) / 2);
}

std::int64_t TilingGeometryView::windowHeight() const {
    return std::max<std::int64_t>(6, 3 * state_.tiles.time);
}

void TilingGeometryView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), schemed(QColor(Qt::white)));
    paint(p, rect());
}

void TilingGeometryView::renderTo(QPaintDevice& device, const QSize& size) {
    QPainter p(&device);
    p.fillRect(QRect(QPoint(), size), schemed(QColor(Qt::white)));
    paint(p, QRect(QPoint(), size));
}

void TilingGeometryView::paint(QPainter& p, const QRect& r) const {
    if (!hasState_) {
        return;
    }
    p.setRenderHint(QPainter::Antialiasing);
    const PlotTheme theme = plotTheme(presentation_);
    QFont f = p.font();
    f.setPointSize(theme.basePointSize);
    QFont title = f;
    title.setPointSize(theme.titlePointSize);
    title.setBold(true);
    const QFontMetrics fm(f);
    const int line = fm.height();
    const std::int64_t tS = state_.tiles.space[0];
    const std::int64_t tT = state_.tiles.time;
    const auto pitch = state_.variant.pitch;
    const std::int64_t period = 2 * tS + tT - (pitch == talg::Pitch::Geometric ? 2 : 0);
    const std::int64_t W = windowWidth();
    const std::int64_t H = windowHeight();

    // Layout: title, subtitle, drawing area with axis labels, legend.
    const int titleH = QFontMetrics(title).height() + line + 8;
    const int legendH = 2 * line + 10;
    const QRect area(r.left() + line * 2 + 10, r.top() + titleH, r.width() - line * 2 - 20,
                     r.height() - titleH - legendH - line - 10);
    if (area.width() < 20 || area.height() < 20) {
        return;
    }
    const double cw = static_cast<double>(area.width()) / static_cast<double>(W);
    const double ch = static_cast<double>(area.height()) / static_cast<double>(H);
    auto toScreen = [&](double s, double t) {
        return QPointF(area.left() + s * cw, area.bottom() - t * ch);
    };

    p.setFont(title);
    p.setPen(schemeInk());
    p.drawText(QRect(r.left(), r.top() + 4, r.width(), QFontMetrics(title).height()),
               Qt::AlignHCenter,
               tr("Hexagonal tiling of (S1, t): tS1 = %1, tT = %2, pitch = %3 (%4)")
                   .arg(tS)
                   .arg(tT)
                   .arg(period)
                   .arg(QString::fromLatin1(talg::name(pitch).data())));
    p.setFont(f);
    p.setPen(schemed(QColor(90, 90, 90)));
    p.drawText(
        QRect(r.left(), r.top() + 4 + QFontMetrics(title).height(), r.width(), line),
        Qt::AlignHCenter,
        state_.problem.dim == 1
            ? tr("One kernel call per wavefront (row of one colour); one thread block per hexagon.")
            : tr("In %1D each hexagon is the cross-section of a prism/slab along S2%2, cut into "
                 "sub-tiles of tS2%3.")
                  .arg(state_.problem.dim)
                  .arg(state_.problem.dim == 3 ? "×S3" : "")
                  .arg(state_.problem.dim == 3 ? "×tS3" : ""));

    p.save();
    p.setClipRect(area);
    const QColor colours[2] = {QColor(0, 158, 115, 150), QColor(230, 159, 0, 150)};
    const auto hexagons = talg::hexagonalTiling(tS, tT, pitch, W, H);
    const talg::PlacedHexagon* chosen = nullptr;
    double bestDist = 1e300;
    for (const auto& h : hexagons) {
        const auto rows = talg::hexagonRows(tS, tT, h.s0, h.t0);
        const QPolygonF poly = outline(rows, toScreen);
        p.setPen(QPen(colours[h.colour].darker(180), presentation_ ? 2 : 1));
        p.setBrush(colours[h.colour]);
        p.drawPolygon(poly);
        // The tile nearest the centre of the window shows its footprint.
        const double cs =
            static_cast<double>(h.s0) + static_cast<double>(tS) / 2 - static_cast<double>(W) / 2;
        const double ct =
            static_cast<double>(h.t0) + static_cast<double>(tT) / 2 - static_cast<double>(H) / 2;
        const double d = cs * cs + ct * ct * 4;
        if (h.t0 >= 1 && h.t0 + tT <= H && d < bestDist) {
            bestDist = d;
            chosen = &h;
        }
        // The label in the middle of the hexagon's visible part (at the window's top and
        // bottom edges the middle of the whole one is outside, and "w7" was cut in half).
        const QRectF visible = poly.boundingRect().intersected(QRectF(area));
        if (visible.width() > fm.horizontalAdvance("w00") && visible.height() > line * 1.5) {
            p.setPen(schemed(QColor(40, 40, 40)));
            p.drawText(
                QRectF(visible.center().x() - 30, visible.center().y() - line / 2.0, 60, line),
                Qt::AlignCenter, QStringLiteral("w%1").arg(h.wavefront));
        }
    }
    if (chosen) {
        const auto rows = talg::hexagonRows(tS, tT, chosen->s0, chosen->t0);
        const QPolygonF poly = outline(rows, toScreen);
        p.setPen(QPen(schemeInk(), presentation_ ? 4 : 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawPolygon(poly);
        const auto fp = talg::tileFootprint(tS, tT, chosen->s0, chosen->t0);
        const double radius = std::clamp(std::min(cw, ch) * 0.3, 1.5, presentation_ ? 7.0 : 5.0);
        auto dots = [&](const auto& points, const QColor& c) {
            p.setPen(QPen(c.darker(150), 0.8));
            p.setBrush(c);
            for (const auto& [s, t] : points) {
                p.drawEllipse(toScreen(static_cast<double>(s) + 0.5, static_cast<double>(t) + 0.5),
                              radius, radius);
            }
        };
        dots(fp.reads, QColor(0, 114, 178));
        dots(fp.writes, QColor(213, 94, 0));
    }
    p.restore();

    // Axes.
    p.setPen(QPen(schemeInk(), presentation_ ? 2 : 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), line), Qt::AlignHCenter,
               tr("S1 (space, points 0 … %1) →").arg(W - 1));
    p.save();
    p.translate(r.left() + line, area.center().y());
    p.rotate(-90);
    p.drawText(QRect(-area.height() / 2, -line, area.height(), line + 4), Qt::AlignHCenter,
               tr("t (time steps 0 … %1) →").arg(H - 1));
    p.restore();

    // Legend.
    const int ly = area.bottom() + line + 8;
    int x = area.left();
    auto swatch = [&](const QColor& c, const QString& text, bool dot) {
        p.setPen(QPen(c.darker(160), 1));
        p.setBrush(c);
        if (dot) {
            p.drawEllipse(QPointF(x + 6, ly + line / 2.0), 5, 5);
        } else {
            p.drawRect(QRectF(x, ly + 2, 14, line - 4));
        }
        p.setPen(schemeInk());
        const int w = fm.horizontalAdvance(text);
        p.drawText(QRect(x + 18, ly, w + 4, line), Qt::AlignVCenter, text);
        x += 18 + w + 18;
    };
    swatch(colours[0], tr("green: even wavefronts"), false);
    swatch(colours[1], tr("yellow: odd wavefronts"), false);
    swatch(QColor(0, 114, 178), tr("read (m_i = tS1 + 2tT = %1)").arg(tS + 2 * tT), true);
    swatch(QColor(213, 94, 0), tr("written"), true);
    p.setPen(schemed(QColor(90, 90, 90)));
    p.drawText(QRect(area.left(), ly + line, area.width(), line), Qt::AlignLeft,
               pitch == talg::Pitch::Paper
                   ? tr("Paper pitch 2tS1+tT: gaps of 2 points between tiles (erratum I1).")
                   : tr("Geometric pitch 2tS1+tT−2 tiles the plane exactly (erratum I1)."));
}

QString TilingGeometryView::csv() const {
    // The drawn hexagons: one row per hexagon and time step.
    QString out =
        QStringLiteral(
            "# hexagonal tiling, tS1 = %1, tT = %2, pitch = %3\nwavefront,colour,t,first_s,width\n")
            .arg(state_.tiles.space[0])
            .arg(state_.tiles.time)
            .arg(QString::fromLatin1(talg::name(state_.variant.pitch).data()));
    for (const auto& h :
         talg::hexagonalTiling(state_.tiles.space[0], state_.tiles.time, state_.variant.pitch,
                               windowWidth(), windowHeight())) {
        for (const auto& row :
             talg::hexagonRows(state_.tiles.space[0], state_.tiles.time, h.s0, h.t0)) {
            out += QStringLiteral("%1,%2,%3,%4,%5\n")
                       .arg(h.wavefront)
                       .arg(h.colour == 0 ? "green" : "yellow")
                       .arg(row.t)
                       .arg(row.first)
                       .arg(row.width);
        }
    }
    return out;
}

} // namespace cdx::widgets
