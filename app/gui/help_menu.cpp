// SPDX-License-Identifier: GPL-3.0-or-later
#include "help_menu.hpp"

#include "glossary_window.hpp"
#include "help_browser.hpp"
#include "main_window.hpp"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUrl>

namespace cdx::app {

HelpMenu::HelpMenu(QWidget* window, std::function<QString()> currentView,
                   std::function<void()> showStart, std::function<QString()> aboutText)
    : QObject(window), window_(window), currentView_(std::move(currentView)),
      showStart_(std::move(showStart)), aboutText_(std::move(aboutText)) {}

void HelpMenu::addTo(QMenuBar* bar) {
    QMenu* help = bar->addMenu(tr("&Help"));
    auto* docs = help->addAction(tr("&Documentation"), this, [this] { showContextHelp(); });
    docs->setShortcut(QKeySequence::HelpContents); // F1: the view on screen's section
    docs->setToolTip(tr("The documentation inside the window, at the section of the view on "
                        "screen (F1)"));
    help->addAction(tr("Documentation &Folder"), this, [this] {
        const QString folder = HelpBrowser::docsFolder();
        if (folder.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(folder))) {
            QMessageBox::information(window_, tr("Documentation folder"),
                                     folder.isEmpty()
                                         ? tr("The documentation was not found (looked in: %1).")
                                               .arg(HelpBrowser::docsFolders().join(", "))
                                         : tr("The documentation is in %1.").arg(folder));
        }
    });
    auto* glossary = help->addAction(tr("&Glossary"), this, [this] { showGlossary(); });
    glossary->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F1));
    glossary->setToolTip(tr("What every symbol means, searchable, for the workspace on screen "
                            "(Shift+F1)"));
    help->addSeparator();
    help->addAction(tr("&Getting Started"), this, [this] { showStart_(); });
    help->addAction(tr("&About Codesign Explorer"), this, [this] {
        QMessageBox::about(window_, tr("About Codesign Explorer"), aboutText_());
    });
}

std::pair<QString, QString> HelpMenu::topicOf(const QString& viewStem) {
    // The view's workspace's page for students (issue 62: F1 opened model.md, written for
    // developers), at "How to read it"; the page links to model.md for the detail.
    QFile f(QDir(HelpBrowser::docsFolder()).filePath("help-topics.json"));
    if (!viewStem.isEmpty() && f.open(QIODevice::ReadOnly)) {
        const QJsonObject topics = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject views = topics["views"].toObject();
        if (const auto it = views.find(viewStem); it != views.end()) {
            const QJsonArray a = it.value().toArray();
            return {a.at(0).toString(), a.at(1).toString()};
        }
        // The shell's views (Compare, Line-up, How far to trust this): "talg-compare" is the
        // Tiled stencils workspace's.
        const QJsonObject workspaces = topics["workspaces"].toObject();
        if (const auto it = workspaces.find(viewStem.section('-', 0, 0)); it != workspaces.end()) {
            return {it.value().toString(), QStringLiteral("How to read it")};
        }
    }
    return {QStringLiteral("model.md"), QString()};
}

HelpBrowser* HelpMenu::showHelp(const QString& page, const QString& heading) {
    if (browser_ == nullptr) {
        browser_ = new HelpBrowser(window_);
        browser_->setWindowFlag(Qt::Window);
    }
    browser_->showPage(page, heading);
    browser_->show();
    browser_->raise();
    browser_->activateWindow();
    return browser_;
}

GlossaryWindow* HelpMenu::showGlossary() {
    if (glossary_ == nullptr) {
        glossary_ = new GlossaryWindow(window_);
    }
    const auto* main = qobject_cast<MainWindow*>(window_);
    const Workspace* w = main != nullptr ? main->currentWorkspace() : nullptr;
    glossary_->showFamilies(w != nullptr ? w->glossaryFamilies() : QStringList{});
    glossary_->show();
    glossary_->raise();
    glossary_->activateWindow();
    return glossary_;
}

HelpBrowser* HelpMenu::showContextHelp() {
    const auto [page, heading] = topicOf(currentView_());
    return showHelp(page, heading);
}

} // namespace cdx::app
