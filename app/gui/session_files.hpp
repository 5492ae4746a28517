// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>

class QMenu;
class QWidget;

namespace cdx {
class InputError;
}

namespace cdx::app {

class SessionDocument;

// The session's file actions: New, Open…, Open Recent, Save, Save As…, the question about
// unsaved changes, and the recent-files list (kept in the settings). Errors are shown in
// dialogs; successes are confirmed through `message` (the status line).
class SessionFiles : public QObject {
    Q_OBJECT

public:
    SessionFiles(SessionDocument* doc, QWidget* dialogParent,
                 std::function<void(const QString&, int)> message);

    void addMenuEntries(QMenu* file);
    // Opens `path`; on error shows (or, quiet, returns) the reason and keeps the current
    // session. The reader's warnings (unknown fields) go to the status line.
    bool open(const QString& path, QString* error = nullptr, bool quiet = false);
    // A shipped example as a new untitled session (Save asks where; the example stays as
    // shipped), not added to the recent files.
    bool openExample(const QString& path, const QString& title);
    // File ▸ Import from Page…: the session inside an interactive page, as an untitled session
    // (Save would otherwise write JSON over the page). open() of a .html file comes here.
    bool importPage(const QString& path, QString* error = nullptr, bool quiet = false);
    bool save();
    bool saveAs();
    // "Save the changes?" when the session is modified; false: the user cancelled.
    bool maybeSave();
    // Before the window closes: refused text in fields (not in the session) is asked about on
    // its own, then unsaved changes (maybeSave).
    bool maybeClose();
    // What a save leaves out (fields holding refused text): said with "Saved …".
    void setLeftOut(std::function<QStringList()> f) { leftOut_ = std::move(f); }
    QStringList recent() const;

signals:
    void recentChanged(const QStringList& paths);

private:
    // A refused file: the reason into `error`, and unless `quiet` a warning titled `title`
    // whose `text` has the reason as %1. Returns false.
    bool refused(const InputError& e, QString* error, bool quiet, const QString& title,
                 const QString& text) const;
    void addRecent(const QString& path);
    void fillRecentMenu();

    SessionDocument* doc_;
    QWidget* parent_;
    std::function<void(const QString&, int)> message_;
    std::function<QStringList()> leftOut_;
    QString savedText(const QString& path) const;
    QMenu* recentMenu_ = nullptr;
};

// The folder the file dialogs start in (the last one used).
QString lastDirectory();
void setLastDirectory(const QString& dir);

} // namespace cdx::app
