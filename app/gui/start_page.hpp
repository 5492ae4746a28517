// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>

class QTextBrowser;

namespace cdx::app {

// The Start page (Help ▸ Getting Started): what each workspace answers, the example sessions
// (each a published figure or worked example, opened with one click), the guided lessons and
// the recent sessions.
// One rich-text page: it wraps and scrolls at any window size.
class StartPage : public QWidget {
    Q_OBJECT

public:
    explicit StartPage(QWidget* parent = nullptr);

    void addWorkspace(const QIcon& icon, const QString& title, const QString& summary,
                      std::function<void()> open);
    // An example a workspace offers that is not a session file (e.g. a run database).
    void addExample(const QString& title, const QString& description, const QString& id,
                    std::function<void()> open);
    // A check of the papers (Reproduce the papers), listed under the workspaces.
    void addCheck(const QString& title, const QString& description, const QString& id,
                  std::function<void()> open);
    // A guided lesson (app/gui/lesson_runner), listed under the workspaces.
    void addLesson(const QString& title, const QString& description, int steps, int questions,
                   const QString& id, std::function<void()> open);
    void setRecent(const QStringList& paths);

    struct Example {
        QString path;
        QString title;
        QString description;
        QString workspace; // the workspace id to show it in
    };
    const QList<Example>& examples() const { return examples_; }
    QString workspaceFor(const QString& path) const;
    // The page's links: "workspace:N", "example:PATH", "extra:ID" (extras, checks and lessons),
    // "recent:PATH". Returns
    // whether the link was known (tests follow them as a click would).
    bool follow(const QString& link);
    QString html() const;

    // Where shipped resources of `kind` ("sessions", "runs") are looked up: $CDX_RESOURCES_DIR,
    // the installed share/codesign-explorer, the source tree's resources/.
    static QStringList resourceFolders(const QString& kind);
    static QStringList exampleFolders() { return resourceFolders("sessions"); }

signals:
    void openRequested(const QString& path);    // a recent session
    void exampleRequested(const QString& path); // a shipped example

private:
    void loadExamples();
    void render();

    struct Workspace {
        QString title, summary;
        std::function<void()> open;
    };
    struct Extra {
        QString title, description, id;
        std::function<void()> open;
    };
    QTextBrowser* browser_ = nullptr;
    QList<Workspace> workspaces_;
    QList<Example> examples_;
    QList<Extra> extras_;
    QList<Extra> checks_;
    QList<Extra> lessons_;
    QStringList recent_;
};

} // namespace cdx::app
