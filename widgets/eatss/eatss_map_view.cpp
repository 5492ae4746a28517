// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_map_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace cdx::widgets {

EatssMapView::EatssMapView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Across:"), this));
    x_ = new QComboBox(this);
    x_->setObjectName("eatssMapX");
    row->addWidget(x_);
    row->addWidget(new QLabel(tr("Up:"), this));
    y_ = new QComboBox(this);
    y_->setObjectName("eatssMapY");
    row->addWidget(y_);
    row->addWidget(new QLabel(tr("(the other loops at the exact optimum)"), this));
    row->addStretch(1);
    layout->addLayout(row);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("eatssMapPlot");
    plot_->setMinimumSize(420, 300);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    colorMap_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    QCPColorGradient gradient = tAlgGradient().inverted();
    gradient.setNanHandling(QCPColorGradient::nhTransparent); // infeasible cells blank
    colorMap_->setGradient(gradient);
    colorMap_->setInterpolate(false);
    auto* scale = new QCPColorScale(plot_);
    plot_->plotLayout()->addElement(plot_->plotLayout()->rowCount() - 1, 1, scale);
    scale->axis()->setLabel(tr("W"));
    colorMap_->setColorScale(scale);
    scale->setGradient(gradient); // the scale owns the gradient once linked
    // Under the map (in its corner it covered the bounds' steps on a slide; issue 45).
    placeLegendBelow(*plot_, 3);
    layout->addWidget(plot_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("eatssMapSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    job_ = new BackgroundJob(this);
    exact_ = new BackgroundJob(this);
    exact_->setObjectName("eatssExactJob");
    layout->addWidget(new JobProgress(exact_, this));
    connect(exact_, &BackgroundJob::cancelled, this, [this] {
        if (c_.pending) {
            exactCancelled_ = true;
            error_ = tr("The exact search was cancelled: no optimum, no map around it. A larger "
                        "alignment φ shrinks the domain; `cdx eatss` searches without the "
                        "window.");
            redraw();
        }
    });
    connect(exact_, &BackgroundJob::failed, this, [this](const QString& why) {
        if (c_.pending) {
            c_.pending = false;
            error_ = why;
            redraw();
        }
    });
    z3Timer_ = new QTimer(this);
    z3Timer_->setSingleShot(true);
    z3Timer_->setInterval(60);
    connect(z3Timer_, &QTimer::timeout, this, &EatssMapView::startZ3);
    const auto chosen = [this] {
        if (x_->currentText() == y_->currentText()) {
            summary_->setText(tr("Choose two different loops."));
            return;
        }
        emit axesChosen(x_->currentText(), y_->currentText());
    };
    connect(x_, &QComboBox::activated, this, chosen);
    connect(y_, &QComboBox::activated, this, chosen);
    setPresentation(false);
}

void EatssMapView::setPresentation(bool on) {
    presentation_ = on;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    redraw();
}

void EatssMapView::setSession(const SessionState& s) {
    settings_ = s.eatss;
    c_ = computeEatss(s.eatss);
    map_.reset();
    z3_.reset();
    error_.clear();
    const auto& loops = s.eatss.program.loops;
    {
        const QSignalBlocker bx(x_), by(y_);
        x_->clear();
        y_->clear();
        for (const auto& l : loops) {
            x_->addItem(QString::fromStdString(l.name));
            y_->addItem(QString::fromStdString(l.name));
        }
    }
    if (loops.size() < 2) {
        exact_->cancel();
        error_ = tr("A one-loop program has no plane to draw.");
    } else if (c_.pending) {
        // A user's program with many relevant loops: its optimum, the map's centre, is searched
        // off the GUI thread (issue 44); the map follows when it arrives.
        exactCancelled_ = false;
        error_ = tr("Searching for the exact optimum in the background (progress and Cancel "
                    "below); the map is drawn around it when it is found.");
        solveExactInBackground(exact_, *c_.formulation, [this](const eatss::Solution& sol) {
            c_.solution = sol;
            c_.pending = false;
            error_.clear();
            buildMap();
            redraw();
        });
    } else {
        exact_->cancel(); // a search still running for an earlier session
        buildMap();
    }
    redraw();
}

void EatssMapView::buildMap() {
    if (c_.solution && c_.solution->feasible) {
        const int xi = loopIndexOf(settings_.program, settings_.mapX, 0);
        int yi = loopIndexOf(settings_.program, settings_.mapY, 1);
        if (yi == xi) {
            yi = xi == 0 ? 1 : 0;
        }
        {
            const QSignalBlocker bx(x_), by(y_);
            x_->setCurrentIndex(xi);
            y_->setCurrentIndex(yi);
        }
        try {
            map_ = eatss::objectiveMap(*c_.formulation, c_.solution->tiles, xi, yi);
        } catch (const InputError& e) {
            error_ = QString::fromUtf8(e.what());
        }
        // Z3 (10-40 ms a call that cannot be interrupted) waits for the hand to rest: started at
        // every step of a drag it kept the other core busy and slowed the GUI thread (issue 33).
        z3Formulation_ = *c_.formulation;
        z3Timer_->start();
    } else {
        error_ =
            c_.formulation ? tr("Infeasible: no tile vector satisfies the constraints.") : c_.error;
    }
}

void EatssMapView::finishPendingWork() {
    exact_->waitForFinished();
    if (z3Timer_->isActive()) {
        startZ3();
    }
    job_->waitForFinished();
}

void EatssMapView::startZ3() {
    z3Timer_->stop();
    if (!z3Formulation_) {
        return;
    }
    job_->start(tr("Z3…"), [this, f = *z3Formulation_](JobControl&) -> BackgroundJob::Deliver {
        eatss::Z3Answer z = eatss::solveZ3(f);
        return [this, z = std::move(z)] {
            z3_ = z;
            redraw();
        };
    });
    z3Formulation_.reset();
}

void EatssMapView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    for (int i = plot_->graphCount() - 1; i >= 0; --i) {
        plot_->removeGraph(i);
    }
    subtitle_->setText(eatssContext(settings_));
    if (!map_) {
        title_->setText(tr("No objective map"));
        colorMap_->data()->clear();
        summary_->setText(error_);
        plot_->replot();
        return;
    }
    const auto& m = *map_;
    const auto& f = *c_.formulation;
    const QString xn = QString::fromStdString(f.loops[static_cast<std::size_t>(m.x)].name);
    const QString yn = QString::fromStdString(f.loops[static_cast<std::size_t>(m.y)].name);
    colorMap_->data()->setSize(static_cast<int>(m.xs.size()), static_cast<int>(m.ys.size()));
    colorMap_->data()->setRange(
        QCPRange(static_cast<double>(m.xs.front()), static_cast<double>(m.xs.back())),
        QCPRange(static_cast<double>(m.ys.front()), static_cast<double>(m.ys.back())));
    double lo = 1e300, hi = 0;
    for (std::size_t yi = 0; yi < m.ys.size(); ++yi) {
        for (std::size_t xi = 0; xi < m.xs.size(); ++xi) {
            const std::int64_t w = m.w[yi * m.xs.size() + xi];
            const double v = w < 0 ? std::nan("") : static_cast<double>(w);
            colorMap_->data()->setCell(static_cast<int>(xi), static_cast<int>(yi), v);
            if (w >= 0) {
                lo = std::min(lo, static_cast<double>(w));
                hi = std::max(hi, static_cast<double>(w));
            }
        }
    }
    colorMap_->setDataRange(QCPRange(lo, std::max(hi, lo + 1)));
    const double half = static_cast<double>(m.xs.size() > 1 ? m.xs[1] - m.xs[0] : 1) / 2;
    plot_->xAxis->setRange(static_cast<double>(m.xs.front()) - half,
                           static_cast<double>(m.xs.back()) + half);
    plot_->yAxis->setRange(static_cast<double>(m.ys.front()) - half,
                           static_cast<double>(m.ys.back()) + half);
    plot_->xAxis->setLabel(tr("T_%1 (tile size of loop %1)").arg(xn));
    plot_->yAxis->setLabel(tr("T_%1").arg(yn));
    // Each constraint's boundary: the largest y it allows at each x.
    for (std::size_t k = 0; k < f.constraints.size(); ++k) {
        if (f.constraints[k].name == "l2") {
            continue; // never binds (spec §1.6): off the map
        }
        QCPGraph* g = plot_->addGraph();
        g->setName(tr("%1 bound").arg(QString::fromStdString(f.constraints[k].name)));
        g->setPen(QPen(t.palette[(k + 1) % t.palette.size()], t.lineWidth * 1.3, Qt::DashLine));
        g->setLineStyle(QCPGraph::lsStepCenter);
        for (std::size_t xi = 0; xi < m.xs.size(); ++xi) {
            const std::int64_t yb = m.boundary[k][xi];
            g->addData(static_cast<double>(m.xs[xi]), yb < 0
                                                          ? static_cast<double>(m.ys.front()) - half
                                                          : static_cast<double>(yb) + half);
        }
    }
    const auto& best = c_.solution->tiles;
    QCPGraph* opt = plot_->addGraph();
    opt->setName(tr("exact optimum"));
    opt->setLineStyle(QCPGraph::lsNone);
    opt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(Qt::red, 2.5),
                                         QBrush(Qt::red), t.markerSize * 3));
    opt->addData(static_cast<double>(best[static_cast<std::size_t>(m.x)]),
                 static_cast<double>(best[static_cast<std::size_t>(m.y)]));
    QString z3Text = tr("Z3: solving…");
    if (z3_ && z3_->feasible) {
        bool onSlice = true;
        for (std::size_t i = 0; i < best.size(); ++i) {
            if (static_cast<int>(i) != m.x && static_cast<int>(i) != m.y &&
                z3_->tiles[i] != best[i]) {
                onSlice = false;
            }
        }
        if (onSlice) {
            QCPGraph* z = plot_->addGraph();
            z->setName(tr("Z3 answer"));
            z->setLineStyle(QCPGraph::lsNone);
            z->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2.5),
                                               Qt::NoBrush, t.markerSize * 2.4));
            z->addData(static_cast<double>(z3_->tiles[static_cast<std::size_t>(m.x)]),
                       static_cast<double>(z3_->tiles[static_cast<std::size_t>(m.y)]));
        }
        z3Text = tr("The artifact's Z3 procedure answers T = %1, W = %2 (%3 % of the optimum)%4.")
                     .arg(tileText(z3_->tiles))
                     .arg(z3_->objective)
                     .arg(100.0 * static_cast<double>(z3_->objective) /
                              static_cast<double>(c_.solution->objective),
                          0, 'f', 1)
                     .arg(onSlice ? QString() : tr(", off this slice"));
    }
    title_->setText(tr("W over (T_%1, T_%2): the exact optimum W = %3 at %4")
                        .arg(xn, yn)
                        .arg(c_.solution->objective)
                        .arg(tileText(best)));
    summary_->setText(
        tr("Blank cells are infeasible; dashed lines: the largest T_%1 each constraint "
           "allows. %2")
            .arg(yn, z3Text));
    plot_->rescaleAxes(false);
    plot_->xAxis->setRange(static_cast<double>(m.xs.front()) - half,
                           static_cast<double>(m.xs.back()) + half);
    plot_->yAxis->setRange(static_cast<double>(m.ys.front()) - half,
                           static_cast<double>(m.ys.back()) + half);
    plot_->replot();
}

void EatssMapView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, size.width(), size.height());
}

QString EatssMapView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(eatssContext(settings_));
    if (!map_) {
        return out + "# " + error_ + "\n";
    }
    out += "t_x,t_y,w\n";
    for (std::size_t yi = 0; yi < map_->ys.size(); ++yi) {
        for (std::size_t xi = 0; xi < map_->xs.size(); ++xi) {
            const auto w = map_->w[yi * map_->xs.size() + xi];
            out += QStringLiteral("%1,%2,%3\n")
                       .arg(map_->xs[xi])
                       .arg(map_->ys[yi])
                       .arg(w < 0 ? QString() : QString::number(w));
        }
    }
    return out;
}

} // namespace cdx::widgets
