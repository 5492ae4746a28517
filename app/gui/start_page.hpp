#pragma once

#include <QIcon>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>

class QVBoxLayout;
class QGridLayout;

namespace cdx::app {

// The Start page (Help ▸ Getting Started): what each workspace answers, the example sessions
// (each a published figure or worked example, opened with one click) and the recent sessions.
class StartPage : public QWidget {
    Q_OBJECT

public:
    explicit StartPage(QWidget* parent = nullptr);

    void addWorkspace(const QIcon& icon, const QString& title, const QString& summary,
                      std::function<void()> open);
    void setRecent(const QStringList& paths);

    struct Example {
        QString path;
        QString title;
        QString description;
        QString workspace; // the workspace id to show it in
    };
    const QList<Example>& examples() const { return examples_; }
    QString workspaceFor(const QString& path) const;

    // Where example sessions are looked up: $CDX_SESSIONS_DIR, the installed
    // share/codesign-explorer/sessions, the source tree's resources/sessions.
    static QStringList exampleFolders();

signals:
    void openRequested(const QString& path);

private:
    void loadExamples();

    QGridLayout* workspaces_ = nullptr;
    QVBoxLayout* examplesBox_ = nullptr;
    QVBoxLayout* recentBox_ = nullptr;
    QList<Example> examples_;
};

} // namespace cdx::app
