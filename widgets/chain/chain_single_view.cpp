// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_single_view.hpp"

#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {
constexpr int kGrid = 160;
} // namespace

ChainSingleView::ChainSingleView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Multiplication:"), this));
    node_ = new QComboBox(this);
    node_->setObjectName("chainSingleNode");
    node_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    row->addWidget(node_);
    row->addWidget(new QLabel(tr("Map of:"), this));
    case_ = new QComboBox(this);
    case_->setObjectName("chainSingleCase");
    case_->addItem(tr("R stationary (Case 1, D.2)"));
    case_->addItem(tr("A1 stationary (Case 2, D.4)"));
    case_->addItem(tr("A2 stationary (Case 3)"));
    row->addWidget(case_);
    row->addStretch(1);
    layout->addLayout(row);
    auto* split = new QSplitter(Qt::Vertical, this);
    table_ = new QTableWidget(split);
    table_->setObjectName("chainSingleTable");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    split->addWidget(table_);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("chainSinglePlot");
    plot_->setMinimumSize(420, 280);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    QCPColorGradient gradient = tAlgGradient();
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    map_->setGradient(gradient);
    map_->setInterpolate(false);
    scale_ = new QCPColorScale(plot_);
    auto* scale = scale_;
    plot_->plotLayout()->addElement(plot_->plotLayout()->rowCount() - 1, 1, scale);
    scale->axis()->setLabel(tr("elements moved"));
    map_->setColorScale(scale);
    scale->setGradient(gradient);
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    split->addWidget(plot_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    layout->addWidget(split, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("chainSingleSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    connect(node_, &QComboBox::activated, this, [this](int i) { emit nodeChosen(i + 1); });
    connect(case_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    setPresentation(false);
}

void ChainSingleView::setPresentation(bool on) {
    presentation_ = on;
    const PlotTheme t = plotTheme(on);
    applyTheme(*plot_, t);
    applyTheme(PlotHeader{title_, subtitle_}, t);
    // The colour scale's axis follows the theme like the plot's axes.
    scale_->axis()->setTickLabelFont(plot_->xAxis->tickLabelFont());
    scale_->axis()->setLabelFont(plot_->xAxis->labelFont());
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    summary_->setFont(f);
    table_->setFont(f);
    redraw();
}

void ChainSingleView::setSession(const SessionState& s) {
    settings_ = s.chain;
    c_ = computeChain(s.chain);
    const QSignalBlocker b(node_);
    node_->clear();
    if (c_.result) {
        const auto& r = *c_.result;
        for (std::size_t t = 0; t < r.nodes.size(); ++t) {
            const auto& nd = r.nodes[t];
            node_->addItem(tr("T%1 = %2 × %3: %4 × %5 times %5 × %6")
                               .arg(t + 1)
                               .arg(nodeName(r, nd.i, nd.k), nodeName(r, nd.k + 1, nd.j))
                               .arg(r.p[static_cast<std::size_t>(nd.i - 1)])
                               .arg(r.p[static_cast<std::size_t>(nd.k)])
                               .arg(r.p[static_cast<std::size_t>(nd.j)]));
        }
        const int idx = std::clamp(s.chain.singleMMNode, 1, static_cast<int>(r.nodes.size())) - 1;
        node_->setCurrentIndex(idx);
        const auto& nd = r.nodes[static_cast<std::size_t>(idx)];
        p0_ = static_cast<double>(r.p[static_cast<std::size_t>(nd.i - 1)]);
        p1_ = static_cast<double>(r.p[static_cast<std::size_t>(nd.k)]);
        p2_ = static_cast<double>(r.p[static_cast<std::size_t>(nd.j)]);
        single_ = chain::singleMM(p0_, p1_, p2_, s.chain.memoryWords);
    }
    redraw();
}

void ChainSingleView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    subtitle_->setText(chainContext(settings_));
    if (!c_.result) {
        title_->setText(tr("No chain"));
        map_->data()->clear();
        table_->setRowCount(0);
        summary_->setText(c_.error);
        plot_->replot();
        return;
    }
    const double m = settings_.memoryWords;
    // Table D.2 for this multiplication.
    const chain::SingleCase* cases[3] = {&single_.outputStationary, &single_.input1Stationary,
                                         &single_.input2Stationary};
    const QString names[3] = {tr("R stationary (D.3)"), tr("A1 stationary (D.5)"),
                              tr("A2 stationary (D.6)")};
    double best = cases[0]->cost;
    for (const auto* c : cases) {
        best = std::min(best, c->cost);
    }
    table_->clear();
    table_->setColumnCount(5);
    table_->setHorizontalHeaderLabels(
        {tr("on-chip"), tr("tile 1"), tr("tile 2"), tr("h* [elements]"), tr("")});
    table_->setRowCount(3);
    for (int i = 0; i < 3; ++i) {
        const auto* c = cases[i];
        const QStringList cells{
            names[i],
            tr("%1 along %2").arg(c->tile1, 0, 'f', 2).arg(QString::fromStdString(c->tile1Dim)),
            tr("%1 along %2").arg(c->tile2, 0, 'f', 2).arg(QString::fromStdString(c->tile2Dim)),
            grouped(c->cost),
            (c->cost == best ? tr("cheapest") : QString()) +
                (c->tilesFit ? QString() : tr(" tiles exceed the matrix: closed form invalid"))};
        for (int col = 0; col < 5; ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (c->cost == best) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            table_->setItem(i, col, item);
        }
    }
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->resizeRowsToContents();
    // All three cases visible without scrolling.
    int h = table_->horizontalHeader()->height() + 2 * table_->frameWidth() + 2;
    for (int i = 0; i < 3; ++i) {
        h += table_->rowHeight(i);
    }
    table_->setMinimumHeight(h);
    table_->setMaximumHeight(h);

    // The chosen case's exact cost over its two tiles.
    const int ci = std::max(0, case_->currentIndex());
    const chain::SingleCaseId id[3] = {chain::SingleCaseId::Output, chain::SingleCaseId::Input1,
                                       chain::SingleCaseId::Input2};
    const double dim1[3] = {p0_, p0_, p2_}, dim2[3] = {p2_, p1_, p1_};
    const QString axis1[3] = {tr("x along P(i−1) = %1"), tr("x along P(i−1) = %1"),
                              tr("y along Pj = %1")};
    const QString axis2[3] = {tr("y along Pj = %1"), tr("z along Pk = %1"), tr("z along Pk = %1")};
    const double hi1 = std::min(dim1[ci], m), hi2 = std::min(dim2[ci], m);
    map_->data()->setSize(kGrid, kGrid);
    map_->data()->setRange(QCPRange(1, hi1), QCPRange(1, hi2));
    double lo = std::numeric_limits<double>::infinity(), hiV = 0;
    for (int a = 0; a < kGrid; ++a) {
        for (int b = 0; b < kGrid; ++b) {
            double t1 = 0, t2 = 0;
            map_->data()->cellToCoord(a, b, &t1, &t2);
            double v = std::nan("");
            if (t1 * t2 <= m) {
                v = chain::singleCostAt(id[ci], p0_, p1_, p2_, t1, t2);
                lo = std::min(lo, v);
                hiV = std::max(hiV, v);
            }
            map_->data()->setCell(a, b, v);
        }
    }
    // The colours span the optimum to twice it, where a tile choice matters; more saturates.
    if (hiV > 0) {
        map_->setDataRange(QCPRange(lo, std::min(hiV, 2 * lo)));
    }
    plot_->xAxis->setLabel(axis1[ci].arg(dim1[ci]));
    plot_->yAxis->setLabel(axis2[ci].arg(dim2[ci]));
    plot_->xAxis->setRange(1, hi1);
    plot_->yAxis->setRange(1, hi2);
    // The hyperbola t1 t2 = M.
    QVector<double> hx, hy;
    for (int i = 0; i <= 200; ++i) {
        const double x = std::max(1.0, m / hi2) + (hi1 - std::max(1.0, m / hi2)) * i / 200.0;
        hx << x;
        hy << m / x;
    }
    auto* hyper = plot_->addGraph();
    hyper->setName(tr("t1 · t2 = M (the memory constraint)"));
    hyper->setData(hx, hy);
    hyper->setPen(QPen(Qt::black, t.lineWidth, Qt::DashLine));
    const auto* c = cases[ci];
    const double o1 = c->tile1, o2 = c->tile2;
    auto* opt = plot_->addGraph();
    opt->setName(tr("closed-form optimum (%1, %2)").arg(o1, 0, 'f', 1).arg(o2, 0, 'f', 1));
    opt->setData({o1}, {o2});
    opt->setLineStyle(QCPGraph::lsNone);
    opt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle,
                                         QPen(QColor(213, 94, 0), 2), Qt::white, t.markerSize * 2));
    title_->setText(
        tr("%1: %2 × %3 times %3 × %4").arg(case_->currentText()).arg(p0_).arg(p1_).arg(p2_));
    QString text = tr("Colours span h* to 2 h* of the case shown; costlier tilings are yellow. ") +
                   (single_.outputIsBest
                        ? tr("R stationary is the cheapest here, as the thesis assumes for every "
                             "unfused product.")
                        : tr("The thesis's assumption fails here: an input-stationary schedule "
                             "moves less than R stationary (spec §1.5, O-3); the chain model still "
                             "uses R stationary (D.3), as the thesis does."));
    if (!c->tilesFit) {
        text += " " + tr("The optimum's tiles exceed the matrix sizes: the closed form is outside "
                         "its validity (spec §1.4).");
    }
    summary_->setText(text);
    plot_->replot();
}

void ChainSingleView::renderTo(QPaintDevice& device, const QSize& size) {
    renderPlotAndText(device, *plot_, summary_->text(), size, 50, presentation_);
}

QString ChainSingleView::csv() const {
    QString out = QStringLiteral("# %1\n# multiplication %2 x %3 times %3 x %4\n")
                      .arg(chainContext(settings_))
                      .arg(p0_)
                      .arg(p1_)
                      .arg(p2_);
    out += "case,tile1,tile1_dim,tile2,tile2_dim,cost,tiles_fit\n";
    const std::pair<const char*, const chain::SingleCase*> rows[3] = {
        {"output", &single_.outputStationary},
        {"input1", &single_.input1Stationary},
        {"input2", &single_.input2Stationary}};
    for (const auto& [name, c] : rows) {
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                   .arg(name)
                   .arg(c->tile1, 0, 'g', 17)
                   .arg(QString::fromStdString(c->tile1Dim))
                   .arg(c->tile2, 0, 'g', 17)
                   .arg(QString::fromStdString(c->tile2Dim))
                   .arg(c->cost, 0, 'g', 17)
                   .arg(c->tilesFit ? 1 : 0);
    }
    return out;
}

} // namespace cdx::widgets
