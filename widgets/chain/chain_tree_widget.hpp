// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <vector>

namespace cdx::widgets {

// A drawn tree: nodes with a label, a second line, a fill colour and a tooltip; leaves laid out
// left to right in order, each parent centred over its children, depth downwards. Edges marked
// `fused` are drawn thick and red (the thesis's Fig. D.8 convention: the child stays on-chip).
struct DrawnNode {
    QString label, sub, tip;
    QColor color;
    std::vector<int> children;   // indices into the node list
    std::vector<bool> fusedEdge; // per child
    bool leaf = false;
};

class ChainTreeWidget : public QWidget {
    Q_OBJECT

public:
    explicit ChainTreeWidget(QWidget* parent = nullptr);
    void setTree(const QString& title, std::vector<DrawnNode> nodes, int root);
    void setPresentation(bool on);
    // Paints the tree into `rect` of any painter (export).
    void paintTree(QPainter& p, const QRect& rect) const;
    // The node under `pos` (widget coordinates), -1 if none.
    int nodeAt(const QPoint& pos) const;
    const std::vector<DrawnNode>& nodes() const { return nodes_; }
    QSize minimumSizeHint() const override { return {220, 220}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;

private:
    struct Placed {
        QPointF center;
        QSizeF size;
    };
    std::vector<Placed> layout(const QRect& rect, const QFontMetrics& fm) const;

    QString title_;
    std::vector<DrawnNode> nodes_;
    int root_ = -1;
    bool presentation_ = false;
};

} // namespace cdx::widgets
