// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_tree_widget.hpp"

#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <functional>

namespace cdx::widgets {

ChainTreeWidget::ChainTreeWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(220, 220); // three trees (with a baseline) fit beside the dock at 1366 px
}

void ChainTreeWidget::setTree(const QString& title, std::vector<DrawnNode> nodes, int root) {
    title_ = title;
    nodes_ = std::move(nodes);
    root_ = root;
    update();
}

void ChainTreeWidget::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize);
    setFont(f);
    update();
}

std::vector<ChainTreeWidget::Placed> ChainTreeWidget::layout(const QRect& rect,
                                                             const QFontMetrics& fm) const {
    std::vector<Placed> out(nodes_.size());
    if (root_ < 0) {
        return out;
    }
    // Leaves in order (depth-first), depths from the root.
    std::vector<int> leaves;
    std::vector<int> depth(nodes_.size(), 0);
    int maxDepth = 0;
    std::function<void(int, int)> walk = [&](int v, int d) {
        depth[static_cast<std::size_t>(v)] = d;
        maxDepth = std::max(maxDepth, d);
        const auto& n = nodes_[static_cast<std::size_t>(v)];
        if (n.children.empty()) {
            leaves.push_back(v);
        }
        for (int c : n.children) {
            walk(c, d + 1);
        }
    };
    walk(root_, 0);
    // Below the title; every box (two lines high at most) stays inside the rectangle.
    const double boxH = 2 * fm.height() + 8;
    const double top = rect.top() + fm.height() * 2.6 + boxH / 2; // under a two-line title
    const double rowH = (rect.bottom() - 4 - boxH / 2 - top) / std::max(1, maxDepth);
    const double colW = static_cast<double>(rect.width()) /
                        static_cast<double>(std::max<std::size_t>(1, leaves.size()));
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        out[static_cast<std::size_t>(leaves[i])].center.setX(rect.left() +
                                                             colW * (static_cast<double>(i) + 0.5));
    }
    std::function<double(int)> place = [&](int v) -> double {
        auto& n = nodes_[static_cast<std::size_t>(v)];
        auto& pl = out[static_cast<std::size_t>(v)];
        if (!n.children.empty()) {
            double sum = 0;
            for (int c : n.children) {
                sum += place(c);
            }
            pl.center.setX(sum / static_cast<double>(n.children.size()));
        }
        // Leaves sit on the bottom row, whatever their depth.
        const int d = n.children.empty() ? maxDepth : depth[static_cast<std::size_t>(v)];
        pl.center.setY(top + rowH * d);
        const int w = std::max(fm.horizontalAdvance(n.label), fm.horizontalAdvance(n.sub)) + 12;
        pl.size = QSizeF(std::min<double>(w, std::max(colW * 0.95, 30.0)),
                         n.sub.isEmpty() ? fm.height() + 8 : 2 * fm.height() + 8);
        return pl.center.x();
    };
    place(root_);
    return out;
}

void ChainTreeWidget::paintTree(QPainter& p, const QRect& rect) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(font());
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(schemeInk());
    // Two lines at most, the second ended in "…" if it has to be (one line cut the tree's name
    // and the edge legend on a slide; issue 45).
    QStringList lines = wrapToWidth(title_, bold, rect.width() - 8).split('\n');
    if (lines.size() > 2) {
        lines = {lines[0], QFontMetrics(bold).elidedText(lines.mid(1).join(' '), Qt::ElideRight,
                                                         rect.width() - 8)};
    }
    p.drawText(QRect(rect.left(), rect.top(), rect.width(), 2 * fm.height() + 6), Qt::AlignHCenter,
               lines.join('\n'));
    p.setFont(font());
    const auto placed = layout(rect, fm);
    const double lw = plotTheme(presentation_).lineWidth;
    for (std::size_t v = 0; v < nodes_.size(); ++v) {
        const auto& n = nodes_[v];
        for (std::size_t c = 0; c < n.children.size(); ++c) {
            const bool fused = c < n.fusedEdge.size() && n.fusedEdge[c];
            p.setPen(QPen(fused ? QColor(213, 94, 0) : schemed(QColor(90, 90, 90)),
                          fused ? lw * 3 : lw));
            p.drawLine(placed[v].center, placed[static_cast<std::size_t>(n.children[c])].center);
        }
    }
    for (std::size_t v = 0; v < nodes_.size(); ++v) {
        const auto& n = nodes_[v];
        const auto& pl = placed[v];
        const QRectF box(pl.center.x() - pl.size.width() / 2, pl.center.y() - pl.size.height() / 2,
                         pl.size.width(), pl.size.height());
        p.setPen(QPen(schemeInk(), lw));
        const QColor fill = schemed(n.color); // a white leaf turns dark in the dark scheme
        p.setBrush(fill);
        if (n.leaf) {
            p.drawRect(box);
        } else {
            p.drawRoundedRect(box, 6, 6);
        }
        // Text dark on light fills, white on dark ones.
        p.setPen(fill.lightness() < 110 ? Qt::white : Qt::black);
        // A second line that does not fit is left out (the tooltip has it), not cut.
        const bool subFits =
            !n.sub.isEmpty() && fm.horizontalAdvance(n.sub) <= static_cast<int>(box.width()) - 4;
        p.drawText(box, Qt::AlignCenter,
                   fm.elidedText(n.label, Qt::ElideRight, static_cast<int>(box.width())) +
                       (subFits ? "\n" + n.sub : QString()));
    }
    p.restore();
}

int ChainTreeWidget::nodeAt(const QPoint& pos) const {
    const QFontMetrics fm(font());
    const auto placed = layout(rect(), fm);
    for (std::size_t v = 0; v < placed.size(); ++v) {
        const auto& pl = placed[v];
        const QRectF box(pl.center.x() - pl.size.width() / 2, pl.center.y() - pl.size.height() / 2,
                         pl.size.width(), pl.size.height());
        if (box.contains(pos)) {
            return static_cast<int>(v);
        }
    }
    return -1;
}

void ChainTreeWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), schemed(QColor(Qt::white)));
    paintTree(p, rect());
}

bool ChainTreeWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int v = nodeAt(help->pos());
        if (v >= 0 && !nodes_[static_cast<std::size_t>(v)].tip.isEmpty()) {
            QToolTip::showText(help->globalPos(), nodes_[static_cast<std::size_t>(v)].tip, this);
        } else {
            QToolTip::hideText();
            e->ignore();
        }
        return true;
    }
    return QWidget::event(e);
}

} // namespace cdx::widgets
