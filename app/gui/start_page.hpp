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

    // An example a workspace offers that is not a session (e.g. a run database).
    void addExample(const QString& title, const QString& description, const QString& objectName,
                    std::function<void()> open);

    // Where shipped resources of `kind` ("sessions", "runs") are looked up: $CDX_RESOURCES_DIR,
    // the installed share/codesign-explorer, the source tree's resources/.
    static QStringList resourceFolders(const QString& kind);
    static QStringList exampleFolders() { return resourceFolders("sessions"); }

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
