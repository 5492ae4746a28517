// SPDX-License-Identifier: GPL-3.0-or-later
#include "glossary_window.hpp"

#include "common/glossary_tip.hpp"
#include "glossary/glossary.hpp"
#include "params/input_error.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>
#include <map>

namespace cdx::app {

GlossaryWindow::GlossaryWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
    setObjectName("glossaryWindow");
    setWindowTitle(tr("Glossary — Codesign Explorer"));
    auto* column = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    search_ = new QLineEdit(this);
    search_->setObjectName("glossarySearch");
    search_->setPlaceholderText(tr("Search a symbol, a key or a word of the meaning"));
    search_->setClearButtonEnabled(true);
    family_ = new QComboBox(this);
    family_->setObjectName("glossaryFamily");
    family_->setToolTip(tr("Whose symbols: the workspace on screen, every family, or one"));
    count_ = new QLabel(this);
    count_->setObjectName("glossaryCount");
    top->addWidget(search_, 1);
    top->addWidget(family_);
    top->addWidget(count_);
    column->addLayout(top);
    auto* split = new QSplitter(Qt::Vertical, this);
    list_ = new QTreeWidget(split);
    list_->setObjectName("glossaryList");
    list_->setHeaderLabels({tr("Symbol"), tr("Key"), tr("Family"), tr("Unit"), tr("Meaning")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->header()->setStretchLastSection(true);
    detail_ = new QTextBrowser(split);
    detail_->setObjectName("glossaryDetail");
    detail_->setOpenLinks(false);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    column->addWidget(split, 1);
    resize(900, 560);

    connect(search_, &QLineEdit::textChanged, this, [this] { refill(); });
    connect(family_, &QComboBox::currentIndexChanged, this, [this] { refill(); });
    connect(list_, &QTreeWidget::currentItemChanged, this, [this] { showEntry(); });
    connect(detail_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        // "see:FAMILY/KEY": a related entry, shown whatever the filter.
        const QString target = url.toString().section(':', 1);
        if (!select(target.section('/', 0, 0), target.section('/', 1))) {
            search_->clear();
            family_->setCurrentIndex(family_->findData(QStringList{}));
            select(target.section('/', 0, 0), target.section('/', 1));
        }
    });
    showFamilies({});
}

void GlossaryWindow::showFamilies(const QStringList& families) {
    const QSignalBlocker block(family_);
    family_->clear();
    if (!families.isEmpty()) {
        family_->addItem(tr("This workspace (%1)").arg(families.join(", ")), families);
    }
    family_->addItem(tr("All families"), QStringList{});
    try {
        for (const auto& f : glossary::families()) {
            family_->addItem(QString::fromStdString(f), QStringList{QString::fromStdString(f)});
        }
    } catch (const InputError& e) {
        detail_->setPlainText(tr("The glossary could not be read: %1").arg(e.what()));
    }
    family_->setCurrentIndex(0);
    search_->clear();
    refill();
}

int GlossaryWindow::shown() const {
    return list_->topLevelItemCount();
}

void GlossaryWindow::refill() {
    const QStringList families = family_->currentData().toStringList();
    const std::string term = search_->text().trimmed().toStdString();
    list_->clear();
    int total = 0;
    std::map<QString, int> elsewhere; // matches of the families the filter leaves out (issue 62)
    try {
        total = static_cast<int>(glossary::entries().size());
        for (const auto& e : glossary::search(term, {})) {
            if (!families.isEmpty() && !families.contains(QString::fromStdString(e.family))) {
                if (!term.empty()) {
                    ++elsewhere[QString::fromStdString(e.family)];
                }
                continue;
            }
            auto* item = new QTreeWidgetItem(
                list_, {QString::fromStdString(e.symbol), QString::fromStdString(e.key),
                        QString::fromStdString(e.family), QString::fromStdString(e.unit),
                        QString::fromStdString(e.meaning)});
            item->setData(0, Qt::UserRole, QString::fromStdString(e.family));
        }
    } catch (const InputError& e) {
        detail_->setPlainText(tr("The glossary could not be read: %1").arg(e.what()));
        return;
    }
    if (!sized_ && shown() > 0) { // once: a search or a link does not reflow the columns
        sized_ = true;
        for (int c = 0; c < 4; ++c) {
            list_->resizeColumnToContents(c);
        }
    }
    // Entries of other workspaces that match too: said, so that a filter never hides them.
    QStringList others;
    int more = 0;
    for (const auto& [family, n] : elsewhere) {
        others << QStringLiteral("%1: %2").arg(family).arg(n);
        more += n;
    }
    count_->setText(more == 0 ? tr("%1 of %2 entries").arg(shown()).arg(total)
                              : tr("%1 of %2 entries; %3 more in other workspaces (%4)")
                                    .arg(shown())
                                    .arg(total)
                                    .arg(more)
                                    .arg(others.join(", ")));
    if (shown() > 0) {
        list_->setCurrentItem(list_->topLevelItem(0));
    } else if (more > 0) {
        detail_->setHtml(tr("<p>No entry of this workspace matches “%1”, but %2 of other "
                            "workspaces do (%3): choose <i>All families</i> to see them.</p>")
                             .arg(search_->text().toHtmlEscaped())
                             .arg(more)
                             .arg(others.join(", ").toHtmlEscaped()));
    } else {
        detail_->setHtml(
            (families.isEmpty()
                 ? tr("<p>No entry of any family matches “%1”. Try a shorter part of a symbol, "
                      "or one word of the meaning.</p>")
                 : tr("<p>No entry here matches “%1”. Try <i>All families</i>, or one word of "
                      "the meaning.</p>"))
                .arg(search_->text().toHtmlEscaped()));
    }
}

void GlossaryWindow::showEntry() {
    const QTreeWidgetItem* item = list_->currentItem();
    if (item == nullptr) {
        return;
    }
    const std::string family = item->data(0, Qt::UserRole).toString().toStdString();
    const std::string key = item->text(1).toStdString();
    QString html = widgets::glossaryTip(key, family);
    if (const auto* e = glossary::find(key, family); e != nullptr && !e->seeAlso.empty()) {
        QStringList links;
        for (const auto& s : e->seeAlso) {
            const auto* other = glossary::find(s, family);
            links << QStringLiteral("<a href='see:%1/%2'>%3</a>")
                         .arg(QString::fromStdString(family), QString::fromStdString(s),
                              QString::fromStdString(other ? other->symbol : s).toHtmlEscaped());
        }
        html += tr("<p>See also: %1</p>").arg(links.join(", "));
    }
    detail_->setHtml(html);
}

bool GlossaryWindow::select(const QString& family, const QString& key) {
    for (int i = 0; i < list_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = list_->topLevelItem(i);
        if (item->text(1) == key && item->data(0, Qt::UserRole).toString() == family) {
            list_->setCurrentItem(item);
            list_->scrollToItem(item);
            return true;
        }
    }
    return false;
}

} // namespace cdx::app
