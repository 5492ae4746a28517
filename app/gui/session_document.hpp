// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoCommand>
#include <functional>
#include <optional>

class QUndoStack;

namespace cdx::app {

// The open session: its state, its file, and the undo stack every edit goes through.
// Views and editors listen to changed() and redraw from state().
class SessionDocument : public QObject {
    Q_OBJECT

public:
    explicit SessionDocument(QObject* parent = nullptr);

    const SessionState& state() const { return state_; }
    QUndoStack* undoStack() const { return undo_; }
    QString filePath() const { return path_; }
    bool isModified() const;

    // One undoable edit. Consecutive edits with the same non-negative mergeId (a slider
    // being dragged) become one undo step.
    void edit(const QString& label, const SessionState& next, int mergeId = -1);

    // New or opened session: replaces the state and clears the undo history.
    void reset(const SessionState& s, const QString& path = {});
    // Save to `path` (atomic); throws InputError with the reason on failure. A session opened
    // from an example and changed since, whose title is still the example's, is saved with its
    // displayTitle() and without the example's description: they no longer describe it.
    void saveAs(const QString& path);
    // The session's title as exports, the meeting pack and the window show it (issue 61): the
    // user's (File ▸ Session Properties), else, for an example changed since it was opened, one
    // made from what the session now holds ("Heat 2D on NVIDIA H100 SXM5 80 GB, edited from an
    // example": never the example's numbers, which may no longer be true); an untitled session
    // is named by its stencil and GPU.
    QString displayTitle() const;
    // The description likewise: an example's, once the session has changed, is not shown.
    QString displayDescription() const;
    // The title is an example's and the session has changed since it was opened.
    bool titleIsStale() const;

    // Load `path`; on failure throws InputError and the document keeps its state. Returns the
    // warnings of the reader (unknown fields ignored).
    QStringList open(const QString& path);
    // Loads `path` as a new untitled session (a shipped example is never saved over).
    QStringList openCopy(const QString& path);
    // Called by saveAs before writing: puts what is on screen into the state (its "view" and
    // "workspace"; format 2). Not an edit: nothing to undo, the file is what changes.
    void setViewStateWriter(std::function<void(SessionState&)> writer) {
        viewWriter_ = std::move(writer);
    }

    // Applied by the undo commands.
    void setStateFromCommand(const SessionState& s);

    enum MergeId { DragTiles = 1, DragSlice = 2, DragArchitecture = 3 };

signals:
    void changed();
    void fileChanged();
    // A file or an example was opened: what it says was on screen is to be shown again.
    void opened();

private:
    SessionState state_;
    QUndoStack* undo_ = nullptr;
    QString path_;
    std::optional<SessionState> example_; // as opened by openCopy (an example), until reset
    std::function<void(SessionState&)> viewWriter_;
};

class SessionEditCommand : public QUndoCommand {
public:
    SessionEditCommand(SessionDocument* doc, const QString& label, SessionState before,
                       SessionState after, int mergeId);
    void undo() override;
    void redo() override;
    int id() const override { return mergeId_; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    SessionDocument* doc_;
    SessionState before_;
    SessionState after_;
    int mergeId_;
};

} // namespace cdx::app
