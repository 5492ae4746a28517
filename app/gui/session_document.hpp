// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoCommand>

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
    // Save to `path` (atomic); throws InputError with the reason on failure.
    void saveAs(const QString& path);
    // Load `path`; on failure throws InputError and the document keeps its state. Returns the
    // warnings of the reader (unknown fields ignored).
    QStringList open(const QString& path);
    // Loads `path` as a new untitled session (a shipped example is never saved over).
    QStringList openCopy(const QString& path);

    // Applied by the undo commands.
    void setStateFromCommand(const SessionState& s);

    enum MergeId { DragTiles = 1, DragSlice = 2, DragArchitecture = 3 };

signals:
    void changed();
    void fileChanged();

private:
    SessionState state_;
    QUndoStack* undo_ = nullptr;
    QString path_;
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
