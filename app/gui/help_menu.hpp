// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <utility>

class QMenuBar;
class QWidget;

namespace cdx::app {

class GlossaryWindow;
class HelpBrowser;

// The Help menu: Documentation (F1: the page and section of the view on screen, from
// docs/help-topics.json), Glossary (Shift+F1: filtered to the workspace on screen), Getting
// Started (the Start page, with the guided lessons) and About.
class HelpMenu : public QObject {
    Q_OBJECT

public:
    // `currentView`: the file stem of the view on screen ("" on the Start page).
    HelpMenu(QWidget* window, std::function<QString()> currentView, std::function<void()> showStart,
             std::function<QString()> aboutText);

    void addTo(QMenuBar* bar);

    // The page and heading F1 opens for a view's file stem (docs/help-topics.json; the
    // model page's top for a stem it does not list).
    static std::pair<QString, QString> topicOf(const QString& viewStem);

    HelpBrowser* showHelp(const QString& page, const QString& heading = {});
    HelpBrowser* showContextHelp();
    HelpBrowser* browser() const { return browser_; }
    GlossaryWindow* showGlossary();
    GlossaryWindow* glossary() const { return glossary_; }

private:
    QWidget* window_;
    std::function<QString()> currentView_;
    std::function<void()> showStart_;
    std::function<QString()> aboutText_;
    HelpBrowser* browser_ = nullptr;
    GlossaryWindow* glossary_ = nullptr;
};

} // namespace cdx::app
