// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QTextBrowser;

namespace cdx::app {

// The documentation inside the window (Help ▸ Documentation, F1): the pages of docs/ rendered
// from their Markdown by Qt, a list of the pages with how often a search term occurs in each,
// and find-in-page. Links between pages work; a page may be opened at a heading. The pages are
// read from $CDX_DOCS_DIR, the installed share/doc/codesign-explorer/docs, then the source tree.
class HelpBrowser : public QWidget {
    Q_OBJECT

public:
    explicit HelpBrowser(QWidget* parent = nullptr);

    // The folder the pages are read from ("" when none is found).
    static QString docsFolder();
    static QStringList docsFolders();

    // Shows `page` ("model.md"); with `heading`, scrolled to the first heading that starts
    // with it ("Occupancy"). False when the page or the heading is not found (said in the
    // browser's status line).
    bool showPage(const QString& page, const QString& heading = {});

    QString currentPage() const;
    QString currentHeading() const; // the heading at the top of the view, for tests
    QTextBrowser* browser() const { return text_; }
    QLineEdit* searchField() const { return search_; }
    QListWidget* pageList() const { return pages_; }

private:
    void search(const QString& term);
    void findNext();

    QListWidget* pages_ = nullptr;
    QLineEdit* search_ = nullptr;
    QTextBrowser* text_ = nullptr;
    QLabel* status_ = nullptr;
    QString folder_;
};

} // namespace cdx::app
