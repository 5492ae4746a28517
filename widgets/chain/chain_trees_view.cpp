// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_trees_view.hpp"

#include "chain/chain_compare.hpp"
#include "chain/chain_tree_widget.hpp"
#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/table_drawing.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPicture>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

namespace cdx::widgets {

namespace {
int splitOf(const chain::ChainResult& r, int i, int j) {
    return r.oc.split[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
}
const chain::Node* findNode(const chain::ChainResult& r, int i, int j) {
    for (const auto& n : r.nodes) {
        if (n.i == i && n.j == j) {
            return &n;
        }
    }
    return nullptr;
}
DrawnNode leafNode(const chain::ChainResult& r, int i) {
    DrawnNode d;
    d.label = QStringLiteral("A%1").arg(i);
    d.sub = QStringLiteral("%1×%2")
                .arg(r.p[static_cast<std::size_t>(i - 1)])
                .arg(r.p[static_cast<std::size_t>(i)]);
    d.tip = QObject::tr("Input matrix A%1: %2 × %3 elements, read from off-chip memory")
                .arg(i)
                .arg(r.p[static_cast<std::size_t>(i - 1)])
                .arg(r.p[static_cast<std::size_t>(i)]);
    d.color = Qt::white;
    d.leaf = true;
    return d;
}
QString nodeTip(const chain::ChainResult& r, const chain::Node& n) {
    const int k = n.k;
    QString t = QObject::tr("<b>%1 = ⟨%2,%3⟩</b>, split k = %4: %5 × %6 (op count %7)<br>")
                    .arg(nodeName(r, n.i, n.j))
                    .arg(n.i)
                    .arg(n.j)
                    .arg(k)
                    .arg(nodeName(r, n.i, k), nodeName(r, k + 1, n.j))
                    .arg(grouped(static_cast<double>(n.ops)));
    t += QObject::tr("alone, unfused (D.3): %1 elements<br>").arg(grouped(n.s));
    t += QObject::tr("h<sub>p</sub> (D.20) = %1, h<sub>l</sub> (D.21) = %2, h<sub>r</sub> (D.22) "
                     "= %3<br>")
             .arg(grouped(n.hp), grouped(n.hl), grouped(n.hr));
    t += QObject::tr("F<sub>p</sub> = %1, F<sub>l</sub> = %2, F<sub>r</sub> = %3<br>")
             .arg(grouped(n.fp), grouped(n.fl), grouped(n.fr));
    t += QObject::tr("<b>F = %1 → %2</b>, tiles %3 × %4")
             .arg(grouped(n.f), choiceText(n.choice))
             .arg(n.x, 0, 'f', 2)
             .arg(n.y, 0, 'f', 2);
    if (!std::isnan(n.alpha)) {
        t +=
            QObject::tr("<br>α = %1, α′ = %2").arg(n.alpha, 0, 'g', 6).arg(n.alphaPrime, 0, 'g', 6);
    }
    if (!std::isnan(n.beta)) {
        t += QObject::tr("<br>β = %1, β′ = %2 (%3)")
                 .arg(n.beta, 0, 'g', 6)
                 .arg(n.betaPrime, 0, 'g', 6)
                 .arg(QString::fromLatin1(chain::name(r.beta).data()));
    }
    return t;
}
// The fused tree of hyper-nodes (Fig. D.12) into `fu`; returns its root's index.
int buildFusedTree(const chain::ChainResult& r, std::vector<DrawnNode>& fu) {
    const int n = static_cast<int>(r.p.size()) - 1;
    std::function<int(int, int)> hyper = [&](int i, int j) -> int {
        if (i == j) {
            fu.push_back(leafNode(r, i));
            return static_cast<int>(fu.size()) - 1;
        }
        const chain::HyperNode* h = nullptr;
        for (const auto& x : r.hyperNodes) {
            if (x.i == i && x.j == j) {
                h = &x;
            }
        }
        const int k = splitOf(r, i, j);
        std::vector<std::pair<int, int>> kids;
        QString eq = QObject::tr("D.3");
        if (h->choice == chain::Choice::FuseLeft) {
            const int k1 = splitOf(r, i, k);
            kids = {{i, k1}, {k1 + 1, k}, {k + 1, j}};
            eq = QObject::tr("D.10");
        } else if (h->choice == chain::Choice::FuseRight) {
            const int k2 = splitOf(r, k + 1, j);
            kids = {{i, k}, {k + 1, k2}, {k2 + 1, j}};
            eq = QObject::tr("D.14");
        } else {
            kids = {{i, k}, {k + 1, j}};
        }
        DrawnNode d;
        for (const auto& [a, b] : kids) {
            d.children.push_back(hyper(a, b));
            d.fusedEdge.push_back(false);
        }
        QStringList names;
        for (const auto& [a, b] : h->members) {
            names << nodeName(r, a, b);
        }
        d.label = names.join('+');
        d.sub = QStringLiteral("%1×%2").arg(h->x, 0, 'f', 1).arg(h->y, 0, 'f', 1);
        d.color = choiceColor(h->choice);
        d.tip =
            QObject::tr(
                "<b>%1</b>: %2, one kernel%3<br>cost (%4, its own output write included) = "
                "%5 elements<br>the same nodes unfused (D.3 each) = %6<br>tiles x = %7, y = "
                "%8 (real numbers, as in the thesis)")
                .arg(names.join(" + "), choiceText(h->choice))
                .arg(h->members.size() > 1 ? QObject::tr(": the intermediate never leaves the chip")
                                           : QString())
                .arg(eq, grouped(h->costChosen), grouped(h->costUnfused))
                .arg(h->x, 0, 'f', 3)
                .arg(h->y, 0, 'f', 3);
        fu.push_back(d);
        return static_cast<int>(fu.size()) - 1;
    };
    return hyper(1, n);
}

} // namespace

ChainTreesView::ChainTreesView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    totals_ = new QLabel(this);
    totals_->setObjectName("chainTotals");
    totals_->setWordWrap(true);
    totals_->setTextFormat(Qt::RichText);
    layout->addWidget(totals_);
    auto* vsplit = new QSplitter(Qt::Vertical, this);
    auto* hsplit = new QSplitter(Qt::Horizontal, vsplit);
    opTree_ = new ChainTreeWidget(hsplit);
    opTree_->setObjectName("chainOpTree");
    fusedTree_ = new ChainTreeWidget(hsplit);
    fusedTree_->setObjectName("chainFusedTree");
    baselineTree_ = new ChainTreeWidget(hsplit);
    baselineTree_->setObjectName("chainBaselineTree");
    baselineTree_->hide();
    hsplit->addWidget(opTree_);
    hsplit->addWidget(fusedTree_);
    hsplit->addWidget(baselineTree_);
    vsplit->addWidget(hsplit);
    table_ = new QTableWidget(vsplit);
    table_->setObjectName("chainNodeTable");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    vsplit->addWidget(table_);
    vsplit->setStretchFactor(0, 5);
    vsplit->setStretchFactor(1, 2);
    vsplit->setSizes({500, 200}); // the trees first; the table scrolls

    layout->addWidget(vsplit, 1);
    note_ = new QLabel(this);
    note_->setObjectName("chainTreesNote");
    note_->setWordWrap(true);
    layout->addWidget(note_);
    setPresentation(false);
}

void ChainTreesView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    totals_->setFont(f);
    table_->setFont(f);
    note_->setFont(f);
    opTree_->setPresentation(on);
    fusedTree_->setPresentation(on);
    baselineTree_->setPresentation(on);
    redraw();
}

void ChainTreesView::setSession(const SessionState& s) {
    settings_ = s.chain;
    c_ = computeChain(s.chain);
    base_.reset();
    baseLabel_ = baselineName(s, {"chain"});
    baseSentence_.clear();
    if (s.baseline) {
        base_ = computeChain(s.baseline->chain);
        baseSentence_ = QString::fromStdString(chain::compareSessions(*s.baseline, s).explanation);
    }
    redraw();
}

void ChainTreesView::redraw() {
    // The baseline's fused tree beside the session's.
    baselineTree_->setVisible(base_.has_value());
    if (base_ && base_->result) {
        std::vector<DrawnNode> nodes;
        const int root = buildFusedTree(*base_->result, nodes);
        // Short: the baseline's name is in the totals above (an elided title named nothing).
        baselineTree_->setTree(
            tr("Baseline's fused tree: %1 hyper-node(s)").arg(base_->result->hyperNodes.size()),
            std::move(nodes), root);
    } else if (base_) {
        baselineTree_->setTree(tr("Baseline: no tree (%1)").arg(base_->error), {}, -1);
    }
    if (!c_.result) {
        totals_->setText(c_.error);
        opTree_->setTree(tr("No tree"), {}, -1);
        fusedTree_->setTree(QString(), {}, -1);
        table_->setRowCount(0);
        note_->clear();
        return;
    }
    const auto& r = *c_.result;
    const int n = static_cast<int>(r.p.size()) - 1;
    totals_->setText(
        tr("<b>Op count</b> %1 multiply-adds (Algorithm 10) &nbsp;·&nbsp; <b>S(1,%2)</b> = %3 "
           "elements without fusion (D.18) &nbsp;·&nbsp; <b>fused total</b> F + P0·P%2 = %4 "
           "&nbsp;·&nbsp; <b>reduction %5 %</b><br>%6")
            .arg(grouped(static_cast<double>(r.oc.total)))
            .arg(n)
            .arg(grouped(r.s), grouped(r.fusedTotal))
            .arg(r.reductionPct, 0, 'f', 3)
            .arg(chainContext(settings_).toHtmlEscaped()) +
        [&] {
            if (!base_) {
                return QString();
            }
            if (!base_->result) {
                return tr("<br><b>%1</b>: %2")
                    .arg(baseLabel_.toHtmlEscaped(), base_->error.toHtmlEscaped());
            }
            const auto& b = *base_->result;
            const auto pct = [](double from, double to) {
                return from != 0 ? QStringLiteral(" (%1%2 %)")
                                       .arg(to >= from ? "+" : "")
                                       .arg(100 * (to - from) / from, 0, 'f', 2)
                                 : QString();
            };
            return tr("<br><b>%1</b>: S %2 → %3%4 &nbsp;·&nbsp; fused total %5 → %6%7 "
                      "&nbsp;·&nbsp; reduction %8 % → %9 %<br>%10")
                .arg(baseLabel_.toHtmlEscaped(), grouped(b.s), grouped(r.s), pct(b.s, r.s),
                     grouped(b.fusedTotal), grouped(r.fusedTotal), pct(b.fusedTotal, r.fusedTotal))
                .arg(b.reductionPct, 0, 'f', 3)
                .arg(r.reductionPct, 0, 'f', 3)
                .arg(baseSentence_.toHtmlEscaped());
        }());

    // The op-count tree.
    std::vector<DrawnNode> op;
    std::function<int(int, int)> build = [&](int i, int j) -> int {
        if (i == j) {
            op.push_back(leafNode(r, i));
            return static_cast<int>(op.size()) - 1;
        }
        const chain::Node& nd = *findNode(r, i, j);
        const int k = nd.k;
        const int a = build(i, k), b = build(k + 1, j);
        DrawnNode d;
        d.label = nodeName(r, i, j);
        d.sub = choiceText(nd.choice);
        d.tip = nodeTip(r, nd);
        d.color = choiceColor(nd.choice);
        d.children = {a, b};
        d.fusedEdge = {nd.choice == chain::Choice::FuseLeft, nd.choice == chain::Choice::FuseRight};
        op.push_back(d);
        return static_cast<int>(op.size()) - 1;
    };
    const int opRoot = build(1, n);
    opTree_->setTree(tr("Op-count tree %1 (thick edge: fused)").arg(QString::fromStdString(r.tree)),
                     op, opRoot);

    // The fused tree of hyper-nodes.
    std::vector<DrawnNode> fu;
    const int fuRoot = buildFusedTree(r, fu);
    fusedTree_->setTree((r.hyperNodes.size() == 1
                             ? tr("Fused tree: 1 hyper-node (box = one kernel, tiles x × y)")
                             : tr("Fused tree: %1 hyper-nodes (box = one kernel, tiles x × y)")
                                   .arg(r.hyperNodes.size())),
                        fu, fuRoot);

    // Fig. D.11's table.
    const QStringList cols{tr("node"), tr("k"),  tr("op count"), tr("hp"),
                           tr("hl"),   tr("hr"), tr("Fp"),       tr("Fl"),
                           tr("Fr"),   tr("F"),  tr("choice"),   tr("tiles x × y")};
    constexpr int kChoiceCol = 10;
    table_->clear();
    table_->setColumnCount(static_cast<int>(cols.size()));
    table_->setHorizontalHeaderLabels(cols);
    const QString local =
        tr("Local cost (D.20–D.22): the node's streaming plus the writes of the children it leaves "
           "off-chip, not its own write (its parent or the root adds that). The bars of the next "
           "tab charge each kernel its own output (D.3, D.10, D.14) instead; both add up to the "
           "same totals.");
    for (int c : {3, 4, 5}) {
        table_->horizontalHeaderItem(c)->setToolTip(local);
    }
    table_->setRowCount(static_cast<int>(r.nodes.size()));
    for (std::size_t t = 0; t < r.nodes.size(); ++t) {
        const auto& nd = r.nodes[t];
        const QStringList cells{
            QStringLiteral("%1 ⟨%2,%3⟩").arg(nodeName(r, nd.i, nd.j)).arg(nd.i).arg(nd.j),
            QString::number(nd.k),
            grouped(static_cast<double>(nd.ops)),
            grouped(nd.hp),
            grouped(nd.hl),
            grouped(nd.hr),
            grouped(nd.fp),
            grouped(nd.fl),
            grouped(nd.fr),
            grouped(nd.f),
            choiceText(nd.choice),
            QStringLiteral("%1 × %2").arg(nd.x, 0, 'f', 2).arg(nd.y, 0, 'f', 2)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == 0 || c == kChoiceCol ? Qt::AlignCenter
                                                             : Qt::AlignRight | Qt::AlignVCenter);
            if (c == kChoiceCol) {
                QColor bg = choiceColor(nd.choice);
                bg.setAlpha(110);
                item->setBackground(bg);
            }
            // The winning option's F cell in bold.
            if ((c == 6 && nd.choice == chain::Choice::NoFuse) ||
                (c == 7 && nd.choice == chain::Choice::FuseLeft) ||
                (c == 8 && nd.choice == chain::Choice::FuseRight)) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            item->setToolTip(nodeTip(r, nd));
            table_->setItem(static_cast<int>(t), c, item);
        }
    }
    table_->resizeColumnsToContents();
    // Up to six rows visible without scrolling; the trees take the rest.
    if (auto* split = qobject_cast<QSplitter*>(table_->parentWidget());
        split != nullptr && rowsShown_ != table_->rowCount()) {
        rowsShown_ = table_->rowCount();
        int h = table_->horizontalHeader()->height() + 2 * table_->frameWidth() +
                table_->horizontalScrollBar()->sizeHint().height() + 2;
        for (int i = 0; i < std::min(6, table_->rowCount()); ++i) {
            h += table_->rowHeight(i);
        }
        const int total = split->height() > 0 ? split->height() : 600;
        split->setSizes({std::max(total - h, total / 2), h});
    }
    QString note =
        tr("Elements moved off-chip ↔ on-chip, real-valued tiles (the thesis's model); a "
           "model prediction, not measured (§8.1.4). hp, hl, hr exclude the node's own "
           "write (hover the headers).");
    for (const auto& w : r.warnings) {
        note += "\n" + tr("Warning: %1").arg(QString::fromStdString(w));
    }
    note_->setText(note);
}

void ChainTreesView::renderTo(QPaintDevice& device, const QSize& size) {
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    QFont f = font();
    f.setPointSize(plotTheme(presentation_).basePointSize + 1);
    p.setFont(f);
    QLabel header;
    const SchemePalette headerInk(header);
    header.setFont(f);
    header.setTextFormat(Qt::RichText);
    header.setWordWrap(true);
    header.setText(totals_->text());
    // As tall as its lines at this width (issue 55: a fixed three lines cut "Table D.1)" when
    // the totals wrapped to a fourth).
    const int head = std::max((base_ ? 6 : 3) * QFontMetrics(f).lineSpacing(),
                              header.heightForWidth(size.width() - 16)) +
                     8;
    header.resize(size.width() - 16, head);
    header.render(&p, QPoint(8, 4));
    // The table drawn as text, every row and column whole (a screenshot of the widget kept
    // its scroll bars and cut its columns; issue 45); a PDF adds it as pages (tables()). It
    // takes the height its rows need (at most 45 %), the trees the rest.
    QStringList columns;
    QList<QStringList> rows;
    tableContents(*table_, &columns, &rows);
    // Its height as drawn (measured on a picture first: wide tables take a smaller font than
    // the estimate's, and the trees got a band of empty page under the table).
    const int tableBox = (size.height() - head) * 9 / 20;
    int tableNeed = tableBox;
    {
        QPicture measure;
        QPainter m(&measure);
        tableNeed = drawTable(m, QRect(8, 0, size.width() - 16, tableBox), columns, rows, f) + 12;
    }
    const int treeH = std::max((size.height() - head) * 11 / 20, size.height() - head - tableNeed);
    const int trees = base_ ? 3 : 2;
    const int w = size.width() / trees;
    opTree_->paintTree(p, QRect(0, head, w, treeH));
    fusedTree_->paintTree(p, QRect(w, head, w, treeH));
    if (base_) {
        baselineTree_->paintTree(p, QRect(2 * w, head, w, treeH));
    }
    p.setPen(schemeInk());
    drawTable(p, QRect(8, head + treeH + 4, size.width() - 16, size.height() - head - treeH - 8),
              columns, rows, f);
}

QList<ExplorerView::Table> ChainTreesView::tables() const {
    Table t;
    t.title = tr("Matrix chain: the nodes of the op-count tree");
    tableContents(*table_, &t.header, &t.rows);
    return {t};
}

QString ChainTreesView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(chainContext(settings_));
    if (!c_.result) {
        return out + "# " + c_.error + "\n";
    }
    const auto& r = *c_.result;
    out += QStringLiteral("# opcount %1, S %2, fused_total %3, reduction_pct %4, tree %5\n")
               .arg(r.oc.total)
               .arg(r.s, 0, 'g', 17)
               .arg(r.fusedTotal, 0, 'g', 17)
               .arg(r.reductionPct, 0, 'g', 17)
               .arg(QString::fromStdString(r.tree));
    if (base_ && base_->result) {
        const auto& b = *base_->result;
        out += QStringLiteral("# %1: opcount %2, S %3, fused_total %4, reduction_pct %5, tree %6\n")
                   .arg(baseLabel_)
                   .arg(b.oc.total)
                   .arg(b.s, 0, 'g', 17)
                   .arg(b.fusedTotal, 0, 'g', 17)
                   .arg(b.reductionPct, 0, 'g', 17)
                   .arg(QString::fromStdString(b.tree));
    }
    out += "node,i,j,k,ops,hp,hl,hr,Fp,Fl,Fr,F,choice,tile_x,tile_y\n";
    const auto g = [](double v) { return csvNumber(v); };
    for (std::size_t t = 0; t < r.nodes.size(); ++t) {
        const auto& nd = r.nodes[t];
        out += QStringLiteral("T%1,%2,%3,%4,%5,%6,%7,%8,%9,")
                   .arg(t + 1)
                   .arg(nd.i)
                   .arg(nd.j)
                   .arg(nd.k)
                   .arg(nd.ops)
                   .arg(g(nd.hp), g(nd.hl), g(nd.hr), g(nd.fp));
        out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                   .arg(g(nd.fl), g(nd.fr), g(nd.f),
                        QString::fromLatin1(chain::name(nd.choice).data()), g(nd.x), g(nd.y));
    }
    return out;
}

} // namespace cdx::widgets
