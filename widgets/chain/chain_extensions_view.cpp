// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_extensions_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/number_format.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/table_drawing.hpp"
#include "params/input_error.hpp"

#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace cdx::widgets {

namespace {
QString range(int i, int j) {
    return QStringLiteral("⟨%1,%2⟩").arg(i).arg(j);
}
void fill(QTableWidget* t, const QStringList& header, const std::vector<QStringList>& rows) {
    t->clear();
    t->setColumnCount(static_cast<int>(header.size()));
    t->setHorizontalHeaderLabels(header);
    t->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < rows[r].size(); ++c) {
            auto* item = new QTableWidgetItem(rows[r][c]);
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter
                                          : Qt::AlignRight | Qt::AlignVCenter);
            t->setItem(static_cast<int>(r), c, item);
        }
    }
    t->resizeColumnsToContents();
    // No taller than its rows: the spare height goes to the other table (the integer table
    // kept an empty band while the hyper-node table showed 2.5 of its rows in presentation).
    int height = 2 * t->frameWidth() + t->horizontalHeader()->sizeHint().height();
    for (int r = 0; r < t->rowCount(); ++r) {
        height += t->rowHeight(r);
    }
    int width = 2 * t->frameWidth();
    for (int c = 0; c < t->columnCount(); ++c) {
        width += t->columnWidth(c);
    }
    if (width > t->width()) {
        height += t->horizontalScrollBar()->sizeHint().height();
    }
    t->setMaximumHeight(std::max(height, 3 * t->horizontalHeader()->sizeHint().height()));
}
} // namespace

ChainExtensionsView::ChainExtensionsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    banner_ = new QLabel(
        tr("<b>Extensions, not in the thesis</b> (spec §5.4): the thesis fixes the op-count tree "
           "and uses real-valued tiles."),
        this);
    banner_->setWordWrap(true);
    banner_->setStyleSheet("background: #FFF4D6; padding: 4px;");
    layout->addWidget(banner_);
    auto* allBox = new QGroupBox(tr("Minimum data movement over all parenthesizations"), this);
    auto* al = new QVBoxLayout(allBox);
    allText_ = new QLabel(allBox);
    allText_->setObjectName("chainAllTreesText");
    allText_->setWordWrap(true);
    allText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The texts never take more than they need: the height left goes to the tables.
    allText_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    al->addWidget(allText_);
    allTable_ = new QTableWidget(allBox);
    allTable_->setObjectName("chainAllTreesTable");
    allTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    allTable_->verticalHeader()->hide();
    allTable_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    al->addWidget(allTable_, 1);
    allBox->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(allBox, 1);
    job_ = new BackgroundJob(this);
    layout->addWidget(new JobProgress(job_, this));
    auto* intBox =
        new QGroupBox(tr("Integer tiles with ceilings (the fused plan's kernels)"), this);
    auto* il = new QVBoxLayout(intBox);
    intText_ = new QLabel(intBox);
    intText_->setObjectName("chainIntegerText");
    intText_->setWordWrap(true);
    intText_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    il->addWidget(intText_);
    intTable_ = new QTableWidget(intBox);
    intTable_->setObjectName("chainIntegerTable");
    intTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    intTable_->verticalHeader()->hide();
    intTable_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    il->addWidget(intTable_, 1);
    intBox->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(intBox, 1);
    layout->addStretch(0); // what both boxes leave, below them
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        error_ = why;
        redraw();
    });
    setPresentation(false);
}

void ChainExtensionsView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    for (QWidget* w :
         std::initializer_list<QWidget*>{banner_, allText_, allTable_, intText_, intTable_}) {
        w->setFont(f);
    }
    redraw();
}

void ChainExtensionsView::setSession(const SessionState& s) {
    settings_ = s.chain;
    c_ = computeChain(s.chain);
    plan_.reset();
    all_.reset();
    error_.clear();
    if (c_.result) {
        plan_ = chain::integerPlan(*c_.result);
        const ChainSettings c = s.chain;
        job_->start(tr("All parenthesizations…"), [this, c](JobControl&) -> BackgroundJob::Deliver {
            chain::AllTrees a = chain::allTrees(c.dims, c.memoryWords, c.beta);
            return [this, a = std::move(a)] {
                all_ = a;
                redraw();
            };
        });
    }
    redraw();
}

void ChainExtensionsView::finishPendingWork() {
    job_->waitForFinished();
}

void ChainExtensionsView::redraw() {
    if (!c_.result) {
        allText_->setText(c_.error);
        intText_->clear();
        allTable_->setRowCount(0);
        intTable_->setRowCount(0);
        return;
    }
    const auto& r = *c_.result;
    if (all_) {
        const auto& a = *all_;
        allText_->setText(
            tr("Best tree %1: fused total %2 elements with op count %3 (%4 % above the minimum "
               "%5).\nThe op-count tree %6 gives %7: the best tree moves %8 % less. Without "
               "fusion the best tree is %9 (S = %10; op-count tree S = %11). %12")
                .arg(QString::fromStdString(a.tree), grouped(a.fusedTotal),
                     grouped(static_cast<double>(a.treeOps)))
                .arg(a.opsAbovePct, 0, 'f', 2)
                .arg(grouped(static_cast<double>(r.oc.total)), QString::fromStdString(r.tree),
                     grouped(r.fusedTotal))
                .arg(a.gainVsOpTreePct, 0, 'f', 2)
                .arg(QString::fromStdString(a.sTree), grouped(a.sMin), grouped(r.s))
                .arg(betaText(r.beta)));
        std::vector<QStringList> rows;
        for (const auto& h : a.hyperNodes) {
            QStringList members;
            for (const auto& [i, j] : h.members) {
                members << range(i, j);
            }
            rows.push_back({members.join(" + "), choiceText(h.choice), grouped(h.costUnfused),
                            grouped(h.costChosen),
                            QStringLiteral("%1 × %2").arg(h.x, 0, 'f', 2).arg(h.y, 0, 'f', 2)});
        }
        fill(allTable_,
             {tr("hyper-node"), tr("choice"), tr("unfused [el.]"), tr("chosen [el.]"), tr("tiles")},
             rows);
    } else {
        allText_->setText(error_.isEmpty() ? tr("Searching every parenthesization…") : error_);
        allTable_->setRowCount(0);
    }
    if (plan_) {
        const auto& p = *plan_;
        intText_->setText(
            tr("Each kernel charged ceil(a/x)·ceil(b/y) whole tiles of integer x × y ≤ M "
               "(partial edge tiles count as full ones; the streamed depths are free). Fused plan: "
               "%1 with the closed-form tiles floored, %2 at the integer optimum, against %3 with "
               "real tiles. The S plan: %4 / %5 against %6.")
                .arg(grouped(p.fusedRounded), grouped(p.fusedBest), grouped(p.fusedContinuous),
                     grouped(p.sRounded), grouped(p.sBest), grouped(p.sContinuous)));
        std::vector<QStringList> rows;
        for (const auto& n : p.fused) {
            rows.push_back({QStringLiteral("%1 %2").arg(nodeName(r, n.i, n.j), range(n.i, n.j)),
                            choiceText(n.choice),
                            QStringLiteral("%1 / %2").arg(QString::fromStdString(n.xDim),
                                                          QString::fromStdString(n.yDim)),
                            grouped(n.continuousCost),
                            QStringLiteral("%1 × %2").arg(n.rounded.x).arg(n.rounded.y),
                            grouped(n.rounded.cost),
                            QStringLiteral("%1 × %2").arg(n.best.x).arg(n.best.y),
                            grouped(n.best.cost)});
        }
        fill(intTable_,
             {tr("kernel"), tr("choice"), tr("tiles along"), tr("real tiles [el.]"),
              tr("floored tiles"), tr("cost [el.]"), tr("integer optimum"), tr("cost [el.]")},
             rows);
    }
}

// Drawn, not screenshot (the screenshot cut the hyper-node table at three rows under a scroll
// bar; issue 45): the banner, then each section's title, sentence and whole table, the tables
// sharing the height their rows need; a PDF adds them as pages (tables()).
void ChainExtensionsView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    QFont f = font();
    f.setPointSize(plotTheme(presentation_).basePointSize + 1);
    QFont bold = f;
    bold.setBold(true);
    const int w = size.width() - 16;
    int y = 6;
    const auto paragraph = [&](const QString& text, const QFont& font, const QColor& back) {
        p.setFont(font);
        const QString plain = QTextDocumentFragment::fromHtml(text).toPlainText();
        const QRect r = p.boundingRect(QRect(8, y, w, size.height()), Qt::TextWordWrap, plain);
        if (back.isValid()) {
            p.fillRect(QRect(4, y - 2, w + 8, r.height() + 4), schemed(back));
        }
        p.setPen(schemeInk());
        p.drawText(QRect(8, y, w, r.height()), Qt::TextWordWrap, plain);
        y += r.height() + 6;
    };
    paragraph(banner_->text(), f, QColor(0xff, 0xf4, 0xd6));
    const QList<Table> parts = tables();
    const QString texts[2] = {allText_->text(), intText_->text()};
    // The tables' share of what is left after the texts, by their rows.
    int textsHeight = 0;
    for (int i = 0; i < 2; ++i) {
        p.setFont(f);
        textsHeight += p.boundingRect(QRect(8, 0, w, size.height()), Qt::TextWordWrap,
                                      QTextDocumentFragment::fromHtml(texts[i]).toPlainText())
                           .height() +
                       QFontMetrics(bold).lineSpacing() + 16;
    }
    const int rowsAll = static_cast<int>(parts[0].rows.size() + parts[1].rows.size()) + 2;
    const int tablesHeight = std::max(40, size.height() - y - textsHeight - 8);
    for (int i = 0; i < 2; ++i) {
        paragraph(parts[i].title, bold, {});
        paragraph(texts[i], f, {});
        const int share = tablesHeight * (static_cast<int>(parts[i].rows.size()) + 1) / rowsAll;
        y += drawTable(p, QRect(8, y, w, share), parts[i].header, parts[i].rows, f) + 8;
    }
}

QList<ExplorerView::Table> ChainExtensionsView::tables() const {
    Table all;
    all.title = tr("Minimum data movement over all parenthesizations");
    tableContents(*allTable_, &all.header, &all.rows);
    Table integer;
    integer.title = tr("Integer tiles with ceilings (the fused plan's kernels)");
    tableContents(*intTable_, &integer.header, &integer.rows);
    return {all, integer};
}

QString ChainExtensionsView::csv() const {
    QString out = QStringLiteral("# extensions (not in the thesis, spec §5.4); %1\n")
                      .arg(chainContext(settings_));
    if (all_) {
        out += QStringLiteral("# all parenthesizations: tree %1, fused_total %2, opcount %3, "
                              "S_min %4\n")
                   .arg(QString::fromStdString(all_->tree))
                   .arg(all_->fusedTotal, 0, 'g', 17)
                   .arg(all_->treeOps)
                   .arg(all_->sMin, 0, 'g', 17);
    }
    out += "i,j,choice,continuous,rounded_x,rounded_y,rounded_cost,best_x,best_y,best_cost\n";
    if (plan_) {
        for (const auto& n : plan_->fused) {
            out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,")
                       .arg(n.i)
                       .arg(n.j)
                       .arg(QString::fromLatin1(chain::name(n.choice).data()))
                       .arg(n.continuousCost, 0, 'g', 17)
                       .arg(n.rounded.x)
                       .arg(n.rounded.y)
                       .arg(n.rounded.cost, 0, 'g', 17)
                       .arg(n.best.x)
                       .arg(n.best.y);
            out += QStringLiteral("%1\n").arg(n.best.cost, 0, 'g', 17);
        }
    }
    return out;
}

} // namespace cdx::widgets
