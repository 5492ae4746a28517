// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/top_tilings_view.hpp"

#include "common/background_job.hpp"
#include "common/number_format.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/table_drawing.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "talg/search_job.hpp"
#include "talg/talg_plot_text.hpp"

#include <QApplication>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace cdx::widgets {

TopTilingsView::TopTilingsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Within"), this));
    within_ = new QDoubleSpinBox(this);
    within_->setObjectName("within");
    within_->setRange(0, 1000);
    within_->setDecimals(1);
    within_->setSuffix(tr(" % of the optimum"));
    within_->setKeyboardTracking(false);
    within_->setToolTip(tr("List every feasible tiling with T_alg <= (1 + X/100) T_min"));
    top->addWidget(within_);
    top->addStretch(1);
    compare_ = new QPushButton(tr("Compare with…"), this);
    compare_->setObjectName("compareWithSelected");
    compare_->setToolTip(tr("Compare the session with the selected tiling: it becomes the "
                            "baseline, and the Breakdown and Compare views difference the two"));
    top->addWidget(compare_);
    copy_ = new QPushButton(tr("Copy as CSV"), this);
    copy_->setObjectName("copyCsv");
    copy_->setShortcut(QKeySequence::Copy);
    top->addWidget(copy_);
    layout->addLayout(top);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    layout->addWidget(status_);
    model_ = new QStandardItemModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = resultTable(this, proxy_, "topTilingsTable");
    layout->addWidget(table_, 1);
    job_ = new BackgroundJob(this);
    connect(job_, &BackgroundJob::detailChanged, this, [this](const QString& detail) {
        if (job_->isRunning()) {
            status_->setText(tr("Searching the feasible space… %1").arg(detail));
        }
    });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        Job job;
        job.error = why;
        showResult(job);
    });
    connect(within_, &QDoubleSpinBox::valueChanged, this,
            [this](double percent) { emit withinEdited(percent / 100); });
    connect(copy_, &QPushButton::clicked, this, &TopTilingsView::copyCsv);
    connect(compare_, &QPushButton::clicked, this, [this] {
        const QModelIndex index = table_->currentIndex();
        if (!index.isValid()) {
            status_->setText(tr("Select a tiling in the list first, then Compare with…"));
            return;
        }
        const QModelIndex src = proxy_->mapToSource(index);
        const auto row = static_cast<std::size_t>(
            model_->item(src.row(), 0)->data(Qt::UserRole + 1).toULongLong());
        if (row < result_.within.size()) {
            emit compareTilesChosen(result_.within[row].tiles);
        }
    });
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QModelIndex src = proxy_->mapToSource(index);
        const auto row = static_cast<std::size_t>(
            model_->item(src.row(), 0)->data(Qt::UserRole + 1).toULongLong());
        if (row < result_.within.size()) {
            emit tilesChosen(result_.within[row].tiles, false);
        }
    });
}

TopTilingsView::~TopTilingsView() = default;

bool TopTilingsView::busy() const {
    return job_->isRunning();
}

void TopTilingsView::finishPendingWork() {
    job_->waitForFinished();
}

void TopTilingsView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = table_->font();
    f.setPointSize(plotTheme(on).basePointSize);
    table_->setFont(f);
    status_->setFont(f);
}

void TopTilingsView::setSession(const SessionState& s) {
    state_ = s;
    {
        const QSignalBlocker block(within_);
        within_->setValue(s.within * 100);
    }
    status_->setText(tr("Searching the feasible space…"));
    // A later session supersedes this search: the job drops its result.
    job_->start(tr("Top tilings…"), [this, s](JobControl& control) -> BackgroundJob::Deliver {
        Job job;
        QElapsedTimer timer;
        timer.start();
        // Cancel or a newer session stops it: no result.
        job.result = runSearchJob(control, s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                  search::withinOptions(s.within));
        job.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        return [this, job = std::move(job)] { showResult(job); };
    });
}

void TopTilingsView::showResult(const Job& job) {
    result_ = job.result;
    const int dim = state_.problem.dim;
    model_->clear();
    QStringList headers;
    for (int i = 0; i < dim; ++i) {
        headers << QStringLiteral("tS%1").arg(i + 1);
    }
    headers << "tT"
            << "k" << tr("T_alg [s]") << tr("vs optimum [%]");
    model_->setHorizontalHeaderLabels(headers);
    header_ = tr("%1 on %2; %3")
                  .arg(QString::fromStdString(profileLabel(state_.stencil)),
                       QString::fromStdString(profileLabel(state_.gpu)),
                       variantLine(state_.variant, dim));
    if (!job.error.isEmpty()) {
        status_->setText(job.error);
    } else if (!result_.found) {
        status_->setText(tr("No feasible tiling: every tiling of the box violates eq. 31 "
                            "(shared memory per block or resident blocks). %1")
                             .arg(header_));
    } else {
        const QLocale locale;
        auto count = [&](std::uint64_t n) { return locale.toString(static_cast<qulonglong>(n)); };
        status_->setText(
            tr("%1 tilings within %2 % of the optimum %3 (%4 feasible of %5 in the box; "
               "exact search in %6 ms). %7")
                .arg(result_.withinCount > result_.within.size()
                         ? tr("%1 (the best %2 listed)")
                               .arg(count(result_.withinCount))
                               .arg(count(result_.within.size()))
                         : count(result_.withinCount))
                .arg(result_.withinFraction * 100, 0, 'g', 4)
                .arg(formatSeconds(result_.best.tAlg))
                .arg(count(result_.feasiblePoints))
                .arg(count(result_.boxPoints))
                .arg(job.milliseconds, 0, 'f', 2)
                .arg(header_));
        for (std::size_t r = 0; r < result_.within.size(); ++r) {
            const auto& p = result_.within[r];
            QList<QStandardItem*> row;
            auto number = [](double v, const QString& text) {
                auto* item = new QStandardItem(text);
                item->setData(v, Qt::UserRole);
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                return item;
            };
            for (int i = 0; i < dim; ++i) {
                const auto v = p.tiles.space[static_cast<std::size_t>(i)];
                row << number(static_cast<double>(v), QString::number(v));
            }
            row << number(static_cast<double>(p.tiles.time), QString::number(p.tiles.time));
            row << number(static_cast<double>(p.k), QString::number(p.k));
            row << number(p.tAlg, QString::number(p.tAlg, 'f', 6));
            const double pct = 100 * (p.tAlg / result_.best.tAlg - 1);
            row << number(pct, QString::number(pct, 'f', 2));
            row.front()->setData(static_cast<qulonglong>(r), Qt::UserRole + 1);
            model_->appendRow(row);
        }
        table_->sortByColumn(dim + 2, Qt::AscendingOrder);
        table_->resizeColumnsToContents();
    }
    emit searchFinished();
}

QString TopTilingsView::csv() const {
    const int dim = state_.problem.dim;
    QString out = QStringLiteral("# %1\n").arg(header_);
    for (int i = 0; i < dim; ++i) {
        out += QStringLiteral("tS%1,").arg(i + 1);
    }
    out += "tT,k,T_alg_s,vs_optimum_percent\n";
    for (const auto& p : result_.within) {
        for (int i = 0; i < dim; ++i) {
            out += QString::number(p.tiles.space[static_cast<std::size_t>(i)]) + ",";
        }
        out += QStringLiteral("%1,%2,%3,%4\n")
                   .arg(p.tiles.time)
                   .arg(p.k)
                   .arg(QString::number(p.tAlg, 'g', 17))
                   .arg(QString::number(100 * (p.tAlg / result_.best.tAlg - 1), 'g', 10));
    }
    return out;
}

void TopTilingsView::copyCsv() const {
    QApplication::clipboard()->setText(csv());
}

namespace {
// The rows of the table as shown: sorted as the user sorted them, every column's text.
void modelContents(const QAbstractItemModel& model, QStringList* header, QList<QStringList>* rows) {
    for (int c = 0; c < model.columnCount(); ++c) {
        *header << model.headerData(c, Qt::Horizontal).toString();
    }
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < model.columnCount(); ++c) {
            cells << model.data(model.index(r, c)).toString();
        }
        *rows << cells;
    }
}
} // namespace

// The export is drawn, not screenshot (a screenshot held the Within box and the buttons, and cut
// the columns; issue 45): the search's sentence, then as many rows as fit whole at the style's
// size, in the table's order, and a line saying how many more the CSV and a PDF's pages hold.
void TopTilingsView::renderTo(QPaintDevice& device, const QSize& size) {
    QPainter p(&device);
    p.fillRect(QRect(QPoint(), size), schemed(QColor(Qt::white)));
    QFont f = font();
    f.setPointSize(plotTheme(presentation_).basePointSize + 1);
    p.setFont(f);
    p.setPen(schemeInk());
    const QRect textBox(8, 6, size.width() - 16, size.height() - 12);
    const QRect used = p.boundingRect(textBox, Qt::TextWordWrap, status_->text());
    p.drawText(textBox, Qt::TextWordWrap, status_->text());
    QStringList header;
    QList<QStringList> rows;
    modelContents(*proxy_, &header, &rows);
    const int line = QFontMetrics(f, &device).lineSpacing() + 2;
    const int top = used.bottom() + 8;
    const int room = size.height() - top - line - 8; // the last line says what is left out
    const int fit = std::max(0, room / line - 1);
    const qsizetype shown = std::min<qsizetype>(rows.size(), fit);
    drawTable(p, QRect(8, top, size.width() - 16, (static_cast<int>(shown) + 1) * line + 4), header,
              rows.mid(0, shown), f);
    if (shown < rows.size()) {
        p.setPen(schemed(QColor(0x50, 0x50, 0x50)));
        p.drawText(
            QRect(8, size.height() - line - 6, size.width() - 16, line),
            Qt::AlignLeft | Qt::AlignVCenter,
            tr("Rows 1–%1 of %2 in the table's order; the CSV and a PDF's pages hold all.")
                .arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(shown)),
                     QLocale(QLocale::English).toString(static_cast<qlonglong>(rows.size()))));
    }
}

QList<ExplorerView::Table> TopTilingsView::tables() const {
    Table t;
    t.title = tr("Top tilings");
    modelContents(*proxy_, &t.header, &t.rows);
    return {t};
}

} // namespace cdx::widgets
