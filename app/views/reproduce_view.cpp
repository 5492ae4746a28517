// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/reproduce_view.hpp"

#include "cdx/common.hpp"
#include "cdx/reproduce.hpp"
#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/view_export.hpp"
#include "common/view_layout.hpp"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTextStream>
#include <QVBoxLayout>
#include <cmath>

namespace cdx::app {

namespace {

// The verdict second: at 1366 px the columns after the numbers scroll off.
enum Column {
    Id,
    Verdict,
    Kind,
    Document,
    Source,
    Published,
    Computed,
    Difference,
    Tolerance,
    Unit,
    Variant,
    Erratum,
    Command,
    Columns
};

// Documents and verdicts are filtered on their own columns.
class Filter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QString document, verdict, kind;
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
        const auto* m = sourceModel();
        const auto at = [&](int c) { return m->index(row, c, parent).data().toString(); };
        return (document.isEmpty() || at(Document) == document) &&
               (kind.isEmpty() || at(Kind).startsWith(kind)) && // "derived from …"
               (verdict.isEmpty() || at(Verdict) == verdict ||
                at(Verdict).startsWith(verdict + ':')); // "differs: <why it failed>"
    }
};

QStandardItem* numberItem(double v) {
    auto* item = new QStandardItem(std::isfinite(v) ? QString::fromStdString(cli::fmt(v, 10))
                                                    : QStringLiteral("–"));
    item->setData(std::isfinite(v) ? v : 0.0, Qt::UserRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QStandardItem* textItem(const std::string& s) {
    auto* item = new QStandardItem(QString::fromStdString(s));
    item->setData(QString::fromStdString(s), Qt::UserRole);
    return item;
}

} // namespace

ReproduceView::ReproduceView(QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Reproduce the papers — Codesign Explorer"));
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setObjectName("reproduceSummary");
    layout->addWidget(summary_);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Document"), this));
    document_ = new QComboBox(this);
    document_->setObjectName("documentFilter");
    row->addWidget(document_, 1);
    row->addWidget(new QLabel(tr("Verdict"), this));
    verdict_ = new QComboBox(this);
    verdict_->setObjectName("verdictFilter");
    verdict_->addItem(tr("all"), QString());
    verdict_->addItem(tr("reproduced"), QStringLiteral("reproduced"));
    verdict_->addItem(tr("differs within the erratum"),
                      QStringLiteral("differs within the erratum"));
    verdict_->addItem(tr("differs"), QStringLiteral("differs"));
    row->addWidget(verdict_);
    // Printed in the papers, or a spec note's worked example derived from their equations.
    row->addWidget(new QLabel(tr("Kind"), this));
    kind_ = new QComboBox(this);
    kind_->setObjectName("kindFilter");
    kind_->addItem(tr("all"), QString());
    kind_->addItem(tr("printed in the papers"), QStringLiteral("printed"));
    kind_->addItem(tr("derived worked examples"), QStringLiteral("derived"));
    row->addWidget(kind_);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setObjectName("reproduceExport");
    exportButton->setToolTip(tr("The whole report as HTML, or the rows shown as CSV"));
    row->addWidget(exportButton);
    layout->addLayout(row);

    model_ = new QStandardItemModel(this);
    model_->setHorizontalHeaderLabels({tr("id"), tr("verdict"), tr("kind"), tr("document"),
                                       tr("source"), tr("published"), tr("computed"),
                                       tr("difference"), tr("tolerance"), tr("unit"), tr("variant"),
                                       tr("erratum"), tr("command")});
    auto* filter = new Filter(this);
    proxy_ = filter;
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = widgets::resultTable(this, proxy_, "reproduceTable");
    table_->setWordWrap(false);
    validity_ = new QTextBrowser(this);
    validity_->setObjectName("reproduceValidity");
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(validity_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    job_ = new widgets::BackgroundJob(this);
    layout->addWidget(new widgets::JobProgress(job_, this));
    resize(1200, 700);

    connect(document_, &QComboBox::currentIndexChanged, this, &ReproduceView::applyFilter);
    connect(verdict_, &QComboBox::currentIndexChanged, this, &ReproduceView::applyFilter);
    connect(kind_, &QComboBox::currentIndexChanged, this, &ReproduceView::applyFilter);
    connect(job_, &widgets::BackgroundJob::failed, this, [this](const QString& why) {
        summary_->setText(tr("The report failed: %1").arg(why));
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the report"), QStringLiteral("reproduce.html"),
            tr("HTML report (*.html);;PDF report (*.pdf);;CSV of the rows shown (*.csv)"));
        if (path.isEmpty()) {
            return;
        }
        QString error;
        summary_->setText(exportTo(path, &error) ? tr("Exported to %1.").arg(path) : error);
    });
}

ReproduceView::~ReproduceView() = default;

void ReproduceView::finishPendingWork() {
    job_->waitForFinished();
}

void ReproduceView::refresh() {
    summary_->setText(tr("Recomputing every published value…"));
    job_->start(tr("Reproduce the papers…"), [this](widgets::JobControl&) {
        auto report = std::make_shared<cli::ReproduceReport>(cli::reproduce());
        auto page = QString::fromStdString(cli::reproduceHtml(*report));
        const std::string pdfBytes = cli::reproducePdf(*report);
        auto pdf = QByteArray(pdfBytes.data(), static_cast<qsizetype>(pdfBytes.size()));
        return [this, report, page, pdf] {
            html_ = page;
            pdf_ = pdf;
            model_->removeRows(0, model_->rowCount());
            QStringList documents;
            int counts[3] = {0, 0, 0};
            for (const auto& v : report->values) {
                const auto& e = v.entry;
                QList<QStandardItem*> items(Columns);
                items[Id] = textItem(e.id);
                items[Document] = textItem(e.document);
                items[Source] = textItem(e.source);
                items[Kind] =
                    textItem(e.kind == published::Kind::Printed ? std::string("printed")
                                                                : "derived from " + e.derivedFrom);
                items[Published] = numberItem(e.published);
                items[Computed] = numberItem(v.computed);
                items[Difference] = numberItem(v.computed - e.published);
                items[Tolerance] = numberItem(e.tolerance);
                items[Unit] = textItem(e.unit);
                items[Variant] = textItem(e.variant);
                std::string verdict = published::name(v.verdict);
                if (!v.error.empty()) {
                    verdict += ": " + v.error;
                }
                items[Verdict] = textItem(verdict);
                items[Erratum] = textItem(e.erratum);
                std::string command = "cdx";
                for (const auto& a : e.command) {
                    command += " " + a;
                }
                items[Command] = textItem(command);
                for (auto* item : items) {
                    item->setToolTip(QString::fromStdString(e.source + "\n" + command));
                }
                if (v.verdict != published::Verdict::Reproduced) {
                    const QColor tint = v.verdict == published::Verdict::Differs
                                            ? QColor(0xfd, 0xdd, 0xdd)
                                            : QColor(0xff, 0xf6, 0xcc);
                    for (auto* item : items) {
                        item->setBackground(tint);
                    }
                }
                ++counts[static_cast<int>(v.verdict)];
                const QString doc = QString::fromStdString(e.document);
                if (!documents.contains(doc)) {
                    documents << doc;
                }
                model_->appendRow(items);
            }
            {
                const QSignalBlocker block(document_);
                document_->clear();
                document_->addItem(tr("all (%1)").arg(documents.size()), QString());
                for (const auto& d : documents) {
                    document_->addItem(d, d);
                }
            }
            // Printed values and derived worked examples are counted apart (never one
            // "published values" count: most rows are the spec notes' worked examples).
            summary_->setText(
                tr("%1. Of all %2 entries recomputed by their cdx commands: %3 reproduced, %4 "
                   "differ within a known erratum, %5 differ. Sort by any column; hover a row "
                   "for its source and command. The table is profiles/published/ "
                   "(docs/formats.md).")
                    .arg(QString::fromStdString(
                        cli::headline(cli::reproduceSummary(report->values))))
                    .arg(report->values.size())
                    .arg(counts[0])
                    .arg(counts[1])
                    .arg(counts[2]));
            // The validity part of the same HTML page.
            const qsizetype at = html_.indexOf("<h2>How far to trust the models</h2>");
            validity_->setHtml(at >= 0 ? "<html><body>" + html_.mid(at) : html_);
            table_->sortByColumn(Document, Qt::AscendingOrder);
            table_->resizeColumnsToContents();
            for (int c : {Source, Variant, Erratum}) {
                table_->setColumnWidth(c, std::min(table_->columnWidth(c), 320));
            }
            applyFilter();
        };
    });
}

void ReproduceView::applyFilter() {
    auto* f = static_cast<Filter*>(proxy_);
    f->document = document_->currentData().toString();
    f->verdict = verdict_->currentData().toString();
    f->kind = kind_->currentData().toString();
    f->refilter();
}

QString ReproduceView::summaryText() const {
    return summary_->text();
}

int ReproduceView::visibleRows() const {
    return proxy_->rowCount();
}

QString ReproduceView::csv() const {
    QString out;
    QStringList header;
    for (int c = 0; c < Columns; ++c) {
        header << model_->headerData(c, Qt::Horizontal).toString();
    }
    out += header.join(',') + '\n';
    for (int r = 0; r < proxy_->rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < Columns; ++c) {
            const QVariant v = proxy_->index(r, c).data(Qt::UserRole);
            row << widgets::csvField(v.typeId() == QMetaType::Double
                                         ? QString::number(v.toDouble(), 'g', 17)
                                         : v.toString());
        }
        out += row.join(',') + '\n';
    }
    return out;
}

bool ReproduceView::exportTo(const QString& path, QString* error) const {
    const bool pdf = path.endsWith(".pdf", Qt::CaseInsensitive);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) {
            *error = tr("Could not write %1: %2").arg(path, f.errorString());
        }
        return false;
    }
    if (pdf) { // the same PDF as cdx reproduce --report FILE.pdf
        f.write(pdf_);
    } else {
        QTextStream(&f) << (path.endsWith(".csv", Qt::CaseInsensitive) ? csv() : html_);
    }
    return true;
}

} // namespace cdx::app
