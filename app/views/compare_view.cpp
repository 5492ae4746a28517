// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/compare_view.hpp"

#include "common/number_format.hpp"
#include "common/view_export.hpp"
#include "compare/families.hpp"
#include "params/format.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace cdx::app {

namespace {

// A table item that sorts by its number (the text is formatted), empty cells last.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(const QString& text, std::optional<double> v) : QTableWidgetItem(text) {
        setData(Qt::UserRole, v ? QVariant(*v) : QVariant());
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
        if (!a.isValid() || !b.isValid()) {
            return a.isValid() && !b.isValid();
        }
        return a.toDouble() < b.toDouble();
    }
};

QString numberText(const compare::ComparedValue& v, std::optional<double> x) {
    return widgets::asCommandPrints(x, v.integer);
}

} // namespace

QString compareSideLabel(const SessionState& s, const QStringList& families) {
    std::vector<std::string> ids;
    for (const QString& f : families) {
        ids.push_back(f.toStdString());
    }
    return QString::fromStdString(compare::sideLabel(s, ids));
}

CompareView::CompareView(const QString& stem, QStringList families, QWidget* parent)
    : QWidget(parent), stem_(stem), families_(std::move(families)) {
    setObjectName("compareView");
    auto* layout = new QVBoxLayout(this);
    text_ = new QLabel(this);
    text_->setObjectName("compareText");
    text_->setWordWrap(true);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(text_);
    table_ = new QTableWidget(this);
    table_->setObjectName("compareTable");
    table_->setColumnCount(6);
    table_->setHorizontalHeaderLabels(
        {tr("quantity"), tr("baseline"), tr("session"), tr("Δ"), tr("Δ %"), tr("unit")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table_, 1);
    setPresentation(false);
}

void CompareView::setSession(const SessionState& s) {
    hasBaseline_ = s.baseline != nullptr;
    comparisons_.clear();
    table_->setSortingEnabled(false);
    table_->setRowCount(0);
    if (!hasBaseline_) {
        sides_.clear();
        text_->setText(tr("<b>No baseline.</b> Compare ▸ <b>Pin Current as Baseline</b> "
                          "(Ctrl+B) keeps this configuration; edit the session and every "
                          "quantity appears here beside the baseline's, with the difference and "
                          "the terms that explain it. Compare ▸ Open Session as Baseline… "
                          "compares with a saved session or an example, Compare ▸ Baseline: "
                          "Shipped Profiles with the published values."));
        table_->hide();
        return;
    }
    table_->show();
    for (const QString& f : families_) {
        auto one = compare::compareSessions(*s.baseline, s, f.toStdString());
        comparisons_.insert(comparisons_.end(), one.begin(), one.end());
    }
    sides_ = tr("Baseline: %1 — session: %2")
                 .arg(compareSideLabel(*s.baseline, families_), compareSideLabel(s, families_));
    // What differs, named (issue 44): two sides alike in name must not read alike.
    QStringList differs;
    for (const auto& d : compare::differences(*s.baseline, s)) {
        differs << QString::fromStdString(d);
    }
    differs_ = differs.isEmpty() ? tr("Same model inputs on both sides.")
                                 : tr("Differs in: %1.").arg(differs.join("; "));
    QStringList lines{QStringLiteral("<b>%1</b>").arg(sides_.toHtmlEscaped()),
                      differs_.toHtmlEscaped()};
    for (const auto& c : comparisons_) {
        lines << QStringLiteral("<b>%1</b>: %2")
                     .arg(QString::fromStdString(c.title).toHtmlEscaped(),
                          QString::fromStdString(c.explanation).toHtmlEscaped());
    }
    text_->setText(lines.join("<br>"));
    int rows = 0;
    for (const auto& c : comparisons_) {
        rows += static_cast<int>(c.values.size() + c.contributions.size());
    }
    table_->setRowCount(rows);
    int row = 0;
    const bool several = comparisons_.size() > 1;
    for (const auto& c : comparisons_) {
        for (const auto& v : c.values) {
            const QString name = QString::fromStdString(v.name);
            table_->setItem(row, 0,
                            new QTableWidgetItem(
                                several ? QString::fromStdString(c.family) + ": " + name : name));
            if (v.isText()) {
                table_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(v.textA)));
                table_->setItem(row, 2, new QTableWidgetItem(QString::fromStdString(v.textB)));
                table_->setItem(row, 3, new NumberItem({}, std::nullopt));
                table_->setItem(row, 4,
                                new NumberItem(v.textA == v.textB ? tr("unchanged") : tr("changed"),
                                               std::nullopt));
            } else {
                table_->setItem(row, 1, new NumberItem(numberText(v, v.a), v.a));
                table_->setItem(row, 2, new NumberItem(numberText(v, v.b), v.b));
                const auto d = v.delta();
                table_->setItem(row, 3, new NumberItem(numberText(v, d), d));
                const auto pct = v.deltaPct();
                table_->setItem(
                    row, 4, new NumberItem(QString::fromStdString(compare::percentText(pct)), pct));
            }
            table_->setItem(row, 5, new QTableWidgetItem(QString::fromStdString(v.unit)));
            ++row;
        }
        // The additive split of the headline (issue 44): each term's share of Δ at the decimals
        // where the rounded terms add up to the rounded Δ.
        if (const compare::ComparedValue* split = compare::splitTotal(c)) {
            const auto& total = *split;
            // At least the 6 significant digits of the Δ column, so that the rows visibly add
            // up to the Δ shown above them.
            int decimals = compare::splitDecimals(total, c.contributions);
            if (const auto d = total.delta(); d && *d != 0 && std::isfinite(*d)) {
                decimals = std::clamp(
                    std::max(decimals, 5 - static_cast<int>(std::floor(std::log10(std::abs(*d))))),
                    0, 15);
            }
            for (const auto& p : c.contributions) {
                const QString name =
                    tr("Δ %1 from %2")
                        .arg(QString::fromStdString(total.name), QString::fromStdString(p.term));
                table_->setItem(
                    row, 0,
                    new QTableWidgetItem(several ? QString::fromStdString(c.family) + ": " + name
                                                 : name));
                table_->setItem(row, 1, new NumberItem({}, std::nullopt));
                table_->setItem(row, 2, new NumberItem({}, std::nullopt));
                table_->setItem(
                    row, 3,
                    new NumberItem(QString::fromStdString(compare::signedFixed(p.amount, decimals)),
                                   p.amount));
                table_->setItem(row, 4, new NumberItem({}, std::nullopt));
                table_->setItem(row, 5, new QTableWidgetItem(QString::fromStdString(total.unit)));
                ++row;
            }
        }
    }
    table_->setSortingEnabled(true);
    table_->resizeColumnsToContents();
}

QString CompareView::headline() const {
    return text_->text();
}

QString CompareView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(
        hasBaseline_ ? sides_ : tr("no baseline: Compare > Pin Current as Baseline (Ctrl+B)"));
    if (hasBaseline_) {
        out += QStringLiteral("# %1\n").arg(differs_);
    }
    for (const auto& c : comparisons_) {
        out += QStringLiteral("# %1: %2\n")
                   .arg(QString::fromStdString(c.title), QString::fromStdString(c.explanation));
    }
    // Named outcomes (a case, a limiter) as comments before the table: its baseline and
    // session columns hold numbers only (issue 45).
    for (const auto& c : comparisons_) {
        for (const auto& v : c.values) {
            if (v.isText()) {
                out += QStringLiteral("# %1 %2: baseline %3, session %4\n")
                           .arg(QString::fromStdString(c.family), QString::fromStdString(v.name),
                                QString::fromStdString(v.textA), QString::fromStdString(v.textB));
            }
        }
    }
    out += QStringLiteral("family,quantity,baseline,session,delta,delta_pct,unit\n");
    const auto num = [](std::optional<double> x) { return widgets::csvNumber(x); };
    for (const auto& c : comparisons_) {
        for (const auto& v : c.values) {
            if (v.isText()) {
                continue;
            }
            out += QStringList{QString::fromStdString(c.family),
                               widgets::csvField(QString::fromStdString(v.name)),
                               num(v.a),
                               num(v.b),
                               num(v.delta()),
                               num(v.deltaPct()),
                               widgets::csvField(QString::fromStdString(v.unit))}
                       .join(',') +
                   '\n';
        }
        // The split's terms in full precision: they add up to the delta above (to rounding).
        if (const compare::ComparedValue* split = compare::splitTotal(c)) {
            for (const auto& p : c.contributions) {
                out += QStringList{QString::fromStdString(c.family),
                                   widgets::csvField(QStringLiteral("delta %1 from %2")
                                                         .arg(QString::fromStdString(split->name),
                                                              QString::fromStdString(p.term))),
                                   QString(),
                                   QString(),
                                   num(p.amount),
                                   QString(),
                                   widgets::csvField(QString::fromStdString(split->unit))}
                           .join(',') +
                       '\n';
            }
        }
    }
    return out;
}

void CompareView::renderTo(QPaintDevice& device, const QSize& size) {
    // The sentences and the table as one page of text, scaled to fit (as How far to trust this).
    QString h = QStringLiteral("<p>%1</p>").arg(text_->text());
    if (hasBaseline_) {
        h += QStringLiteral(
            "<table border=1 cellspacing=0 cellpadding=3><tr><th>quantity</th>"
            "<th>baseline</th><th>session</th><th>Δ</th><th>Δ %</th><th>unit</th></tr>");
        for (int r = 0; r < table_->rowCount(); ++r) {
            h += QStringLiteral("<tr>");
            for (int c = 0; c < 6; ++c) {
                const auto* item = table_->item(r, c);
                h += QStringLiteral("<td%1>%2</td>")
                         .arg(c >= 1 && c <= 4 ? " align=right" : "",
                              item ? item->text().toHtmlEscaped() : QString());
            }
            h += QStringLiteral("</tr>");
        }
        h += QStringLiteral("</table>");
    }
    widgets::renderFittedHtml(device, size, h, font(), 100);
}

void CompareView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSizeF(on ? 15 : QWidget().font().pointSizeF());
    text_->setFont(f);
    table_->setFont(f);
    table_->resizeColumnsToContents();
}

} // namespace cdx::app
