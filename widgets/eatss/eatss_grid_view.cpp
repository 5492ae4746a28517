// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_grid_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace cdx::widgets {

const std::vector<double>& EatssGridView::aligns() {
    static const std::vector<double> a{1.0, 0.5, 0.25, 0.125, 0.0};
    return a;
}

EatssGridView::EatssGridView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    layout->addWidget(title_);
    table_ = new QTableWidget(this);
    table_->setObjectName("eatssGrid");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    layout->addWidget(table_, 1);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    job_ = new BackgroundJob(this);
    layout->addWidget(new JobProgress(job_, this));
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        error_ = why;
        redraw();
    });
    setPresentation(false);
}

void EatssGridView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    table_->setFont(f);
    summary_->setFont(f);
    f.setBold(true);
    title_->setFont(f);
    redraw();
}

void EatssGridView::setSession(const SessionState& s) {
    settings_ = s.eatss;
    cells_.clear();
    error_.clear();
    splits_.clear();
    eatss::Gpu gpu;
    try {
        gpu = eatss::loadGpu(s.eatss.gpu);
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
        redraw();
        return;
    }
    splits_ = gpu.caps;
    if (std::find(splits_.begin(), splits_.end(), s.eatss.options.split) == splits_.end()) {
        splits_.push_back(s.eatss.options.split);
    }
    const EatssSettings e = s.eatss;
    const std::vector<double> splits = splits_;
    job_->start(tr("Configurations…"),
                [this, e, gpu, splits](JobControl&) -> BackgroundJob::Deliver {
                    auto cells = eatss::configurationGrid(e.program, gpu, e.options.mode,
                                                          e.options.precision, splits, aligns());
                    return [this, cells = std::move(cells)] {
                        cells_ = cells;
                        redraw();
                    };
                });
    redraw();
}

void EatssGridView::finishPendingWork() {
    job_->waitForFinished();
}

void EatssGridView::redraw() {
    title_->setText(
        tr("Feasible configurations and their exact optima: %1").arg(eatssContext(settings_)));
    table_->clear();
    table_->setRowCount(static_cast<int>(splits_.size()));
    table_->setColumnCount(static_cast<int>(aligns().size()));
    QStringList cols, rows;
    for (double a : aligns()) {
        cols << (a == 0 ? tr("φ = 0 (unaligned)") : tr("φ = %1").arg(a));
    }
    for (double sp : splits_) {
        rows << tr("s = %1").arg(sp);
    }
    table_->setHorizontalHeaderLabels(cols);
    table_->setVerticalHeaderLabels(rows);
    if (!error_.isEmpty() || cells_.empty()) {
        summary_->setText(error_.isEmpty() ? tr("Computing…") : error_);
        return;
    }
    int feasible = 0, total = 0;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
        const auto& c = cells_[i];
        const int r = static_cast<int>(i / aligns().size());
        const int col = static_cast<int>(i % aligns().size());
        QString text;
        if (!c.formulated) {
            text = tr("not formulated");
        } else if (!c.solution.feasible) {
            text = tr("infeasible");
        } else {
            text = tr("T = %1\nW = %2%3")
                       .arg(tileText(c.solution.tiles))
                       .arg(c.solution.objective)
                       .arg(c.solution.optima > 1 ? tr(" (+%1 ties)").arg(c.solution.optima - 1)
                                                  : QString());
            ++feasible;
        }
        ++total;
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignCenter);
        item->setToolTip(c.formulated ? text : QString::fromStdString(c.error));
        if (!c.formulated || !c.solution.feasible) {
            item->setBackground(QColor(230, 230, 230));
        }
        if (c.split == settings_.options.split && c.align == settings_.options.align) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
            item->setBackground(QColor(240, 228, 66, 120));
        }
        table_->setItem(r, col, item);
    }
    summary_->setText(
        tr("%1 of %2 configurations feasible (spec §V-D counts over φ = 1…1/8 and the "
           "A100's caps: conv-2d 11, mttkrp 11, heat-3d 9). The session's is "
           "highlighted; \"not formulated\": the artifact exits (hover for why).")
            .arg(feasible)
            .arg(total));
}

void EatssGridView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    QPainter painter(&device);
    painter.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    // The cells' greys as the scheme draws them, for the export only.
    std::vector<std::pair<QTableWidgetItem*, QBrush>> backgrounds;
    for (int r = 0; r < table_->rowCount(); ++r) {
        for (int c = 0; c < table_->columnCount(); ++c) {
            if (QTableWidgetItem* item = table_->item(r, c)) {
                backgrounds.emplace_back(item, item->background());
                item->setBackground(schemed(item->background()));
            }
        }
    }
    const SchemePalette ink(*table_);
    // The title and the summary as tall as their lines at this width (issue 55: the summary's
    // second line was cut by a fixed 26-pixel band), the table in what they leave.
    const int width = size.width() - 16;
    const QFontMetrics m(painter.font(), &device);
    const auto height = [&](const QString& text) {
        return m.boundingRect(QRect(0, 0, width, size.height()), Qt::AlignLeft | Qt::TextWordWrap,
                              text)
                   .height() +
               6;
    };
    const int titleHeight = height(title_->text());
    const int summaryHeight = height(summary_->text());
    const QSize old = table_->size();
    table_->resize(size.width(), std::max(40, size.height() - titleHeight - summaryHeight - 4));
    table_->render(&painter, QPoint(0, titleHeight));
    table_->resize(old);
    for (auto& [item, brush] : backgrounds) {
        item->setBackground(brush);
    }
    painter.setPen(schemeInk());
    painter.drawText(QRect(8, 3, width, titleHeight), Qt::AlignLeft | Qt::TextWordWrap,
                     title_->text());
    painter.drawText(QRect(8, size.height() - summaryHeight, width, summaryHeight),
                     Qt::AlignLeft | Qt::TextWordWrap, summary_->text());
}

QString EatssGridView::csv() const {
    QString out = QStringLiteral("# %1\nsplit,align,feasible,tiles,objective,optima\n")
                      .arg(eatssContext(settings_));
    for (const auto& c : cells_) {
        out += QStringLiteral("%1,%2,%3,\"%4\",%5,%6\n")
                   .arg(c.split)
                   .arg(c.align)
                   .arg(c.formulated && c.solution.feasible ? 1 : 0)
                   .arg(c.solution.feasible ? tileText(c.solution.tiles) : QString())
                   .arg(c.solution.feasible ? QString::number(c.solution.objective) : QString())
                   .arg(c.solution.optima);
    }
    return out;
}

} // namespace cdx::widgets
