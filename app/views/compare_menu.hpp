// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <functional>

class QAction;
class QMenu;
class QMenuBar;
class QWidget;

namespace cdx::app {

class SessionDocument;

// The Compare menu (issue 29): pin the current configuration as the baseline (Ctrl+B), open a
// saved session or an example as the baseline, take the shipped profiles as the baseline, swap
// the two, clear it. Every one is an edit of the session document (undoable, and saved with
// the session); every one is answered in the status line.
class CompareMenu : public QObject {
    Q_OBJECT

public:
    using Message = std::function<void(const QString& text, int ms)>;
    CompareMenu(SessionDocument* doc, QWidget* window, Message message);

    void addTo(QMenuBar* bar);

    void pin();
    // False (with the reason said, nothing changed) when the file is not a session; with
    // `error`, the reason goes there instead of a message box.
    bool openAsBaseline(const QString& path, QString* error = nullptr);
    void shippedProfiles();
    void swap();
    void clear();

    QAction* pinAction() const { return pin_; }
    QAction* swapAction() const { return swap_; }
    QAction* clearAction() const { return clear_; }

private:
    void updateActions();

    SessionDocument* doc_;
    QWidget* window_;
    Message message_;
    QAction* pin_ = nullptr;
    QAction* open_ = nullptr;
    QAction* shipped_ = nullptr;
    QAction* swap_ = nullptr;
    QAction* clear_ = nullptr;
};

} // namespace cdx::app
