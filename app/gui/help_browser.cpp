// SPDX-License-Identifier: GPL-3.0-or-later
#include "help_browser.hpp"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace cdx::app {

namespace {

QString readPage(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The first "# Title" of a page, or its file name.
QString pageTitle(const QString& path) {
    const QString text = readPage(path);
    for (const QString& line : text.split('\n')) {
        if (line.startsWith("# ")) {
            return line.mid(2).trimmed();
        }
    }
    return QFileInfo(path).fileName();
}

} // namespace

QStringList HelpBrowser::docsFolders() {
    QStringList dirs;
    if (const QByteArray env = qgetenv("CDX_DOCS_DIR"); !env.isEmpty()) {
        dirs << QString::fromLocal8Bit(env);
    }
    dirs << QDir(QCoreApplication::applicationDirPath())
                .filePath("../share/doc/codesign-explorer/docs");
#ifdef CDX_SOURCE_DOCS_DIR
    dirs << QStringLiteral(CDX_SOURCE_DOCS_DIR);
#endif
    return dirs;
}

QString HelpBrowser::docsFolder() {
    for (const QString& d : docsFolders()) {
        if (QFileInfo::exists(QDir(d).filePath("model.md"))) {
            return QDir(d).absolutePath();
        }
    }
    return {};
}

HelpBrowser::HelpBrowser(QWidget* parent) : QWidget(parent) {
    setObjectName("helpBrowser");
    setWindowTitle(tr("Documentation — Codesign Explorer"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    search_ = new QLineEdit(this);
    search_->setObjectName("helpSearch");
    search_->setPlaceholderText(tr("Search the documentation (Enter: next in this page)"));
    search_->setClearButtonEnabled(true);
    top->addWidget(search_);
    layout->addLayout(top);
    auto* split = new QSplitter(this);
    pages_ = new QListWidget(split);
    pages_->setObjectName("helpPages");
    text_ = new QTextBrowser(split);
    text_->setObjectName("helpText");
    text_->setOpenExternalLinks(true); // http(s) links in the system browser; .md pages here
    split->addWidget(pages_);
    split->addWidget(text_);
    split->setStretchFactor(1, 1);
    split->setSizes({300, 700});
    layout->addWidget(split, 1);
    status_ = new QLabel(this);
    status_->setObjectName("helpStatus");
    status_->setWordWrap(true);
    layout->addWidget(status_);
    resize(1000, 680);

    folder_ = docsFolder();
    if (folder_.isEmpty()) {
        status_->setText(
            tr("The documentation was not found (looked in: %1).").arg(docsFolders().join(", ")));
    } else {
        text_->setSearchPaths({folder_});
        for (const QString& f : QDir(folder_).entryList({"*.md"}, QDir::Files, QDir::Name)) {
            const QString title = pageTitle(QDir(folder_).filePath(f));
            auto* item = new QListWidgetItem(title, pages_);
            item->setData(Qt::UserRole, f);
            item->setToolTip(QStringLiteral("%1 (%2)").arg(title, f)); // the title when cut
        }
    }
    connect(pages_, &QListWidget::itemActivated, this, [this](QListWidgetItem* i) {
        showPage(i->data(Qt::UserRole).toString());
        if (!search_->text().isEmpty()) {
            findNext();
        }
    });
    connect(pages_, &QListWidget::itemClicked, pages_, &QListWidget::itemActivated);
    connect(search_, &QLineEdit::textChanged, this, &HelpBrowser::search);
    connect(search_, &QLineEdit::returnPressed, this, &HelpBrowser::findNext);
    connect(text_, &QTextBrowser::sourceChanged, this, [this](const QUrl& url) {
        const QString page = QFileInfo(url.toLocalFile()).fileName();
        for (int i = 0; i < pages_->count(); ++i) {
            if (pages_->item(i)->data(Qt::UserRole).toString() == page) {
                const QSignalBlocker block(pages_);
                pages_->setCurrentRow(i);
            }
        }
    });
    if (pages_->count() > 0) {
        showPage("model.md");
    }
}

bool HelpBrowser::showPage(const QString& page, const QString& heading) {
    const QString path = QDir(folder_).filePath(page);
    if (folder_.isEmpty() || !QFileInfo::exists(path)) {
        status_->setText(tr("No page %1 in %2.").arg(page, folder_));
        return false;
    }
    if (text_->source() != QUrl::fromLocalFile(path)) {
        text_->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    }
    if (heading.isEmpty()) {
        text_->moveCursor(QTextCursor::Start);
        status_->clear();
        return true;
    }
    // Qt's Markdown gives headings no anchors: find the heading block by its text.
    for (QTextBlock b = text_->document()->begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() > 0 && b.text().startsWith(heading)) {
            text_->setTextCursor(QTextCursor(b));
            // The heading at the top of the view (ensureCursorVisible would leave it at the
            // bottom when coming from above).
            // After the layout of a page just loaded has set the scroll range.
            const auto scroll = [this, b] {
                const qreal y = text_->document()->documentLayout()->blockBoundingRect(b).top();
                text_->verticalScrollBar()->setValue(static_cast<int>(y));
            };
            scroll();
            QTimer::singleShot(0, text_, scroll);
            status_->setText(tr("%1 ▸ %2").arg(pageTitle(path), b.text()));
            return true;
        }
    }
    status_->setText(tr("No section \"%1\" in %2; showing the page.").arg(heading, page));
    return false;
}

QString HelpBrowser::currentPage() const {
    return QFileInfo(text_->source().toLocalFile()).fileName();
}

QString HelpBrowser::currentHeading() const {
    QTextBlock b = text_->textCursor().block();
    for (; b.isValid(); b = b.previous()) {
        if (b.blockFormat().headingLevel() > 0) {
            return b.text();
        }
    }
    return {};
}

void HelpBrowser::search(const QString& term) {
    int pagesWith = 0;
    for (int i = 0; i < pages_->count(); ++i) {
        QListWidgetItem* item = pages_->item(i);
        const QString file = item->data(Qt::UserRole).toString();
        const QString title = pageTitle(QDir(folder_).filePath(file));
        const int hits =
            term.isEmpty()
                ? 0
                : int(readPage(QDir(folder_).filePath(file)).count(term, Qt::CaseInsensitive));
        item->setText(hits > 0 ? tr("(%1) %2").arg(hits).arg(title) : title); // seen when cut
        item->setForeground(term.isEmpty() || hits > 0 ? palette().text() : palette().mid());
        pagesWith += hits > 0 ? 1 : 0;
    }
    status_->setText(term.isEmpty() ? QString()
                                    : tr("\"%1\" occurs on %2 of %3 pages (the count beside "
                                         "each); Enter finds the next in this page.")
                                          .arg(term)
                                          .arg(pagesWith)
                                          .arg(pages_->count()));
}

void HelpBrowser::findNext() {
    const QString term = search_->text();
    if (term.isEmpty()) {
        return;
    }
    if (!text_->find(term)) {
        text_->moveCursor(QTextCursor::Start); // wrap around
        if (!text_->find(term)) {
            status_->setText(tr("\"%1\" is not on this page.").arg(term));
        }
    }
}

} // namespace cdx::app
