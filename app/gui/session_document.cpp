// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_document.hpp"

#include <QUndoStack>

namespace cdx::app {

SessionDocument::SessionDocument(QObject* parent) : QObject(parent), undo_(new QUndoStack(this)) {
    connect(undo_, &QUndoStack::cleanChanged, this, &SessionDocument::fileChanged);
}

bool SessionDocument::isModified() const {
    return !undo_->isClean();
}

void SessionDocument::edit(const QString& label, const SessionState& next, int mergeId) {
    SessionState shared = next;
    shareTheChip(state_, shared); // one chip, one description in every workspace (issue 43)
    if (state_ == shared) {
        return;
    }
    undo_->push(new SessionEditCommand(this, label, state_, shared, mergeId));
}

void SessionDocument::reset(const SessionState& s, const QString& path) {
    example_.reset();
    undo_->clear();
    state_ = s;
    path_ = path;
    undo_->setClean();
    emit fileChanged();
    emit changed();
}

void SessionDocument::saveAs(const QString& path) {
    if (viewWriter_) {
        viewWriter_(state_);
    }
    if (example_ && !state_.title.empty()) {
        SessionState shipped = *example_;
        shipped.title = state_.title;
        shipped.view = state_.view; // what is on screen is not a change of the example
        shipped.workspace = state_.workspace;
        const std::string mark = "Edited from: ";
        if (shipped != state_ && !state_.title.starts_with(mark)) {
            SessionState saved = state_;
            saved.title = mark + state_.title;
            saveSession(saved, std::filesystem::path(path.toStdString()));
            state_.title = saved.title; // not an edit of its own: what the file now says
            path_ = path;
            undo_->setClean();
            emit fileChanged();
            return;
        }
    }
    saveSession(state_, std::filesystem::path(path.toStdString()));
    path_ = path;
    undo_->setClean();
    emit fileChanged();
}

QStringList SessionDocument::openCopy(const QString& path) {
    std::vector<std::string> warnings;
    const SessionState loaded = loadSession(std::filesystem::path(path.toStdString()), &warnings);
    reset(loaded, QString());
    example_ = loaded;
    emit opened();
    QStringList out;
    for (const auto& w : warnings) {
        out << QString::fromStdString(w);
    }
    return out;
}

QStringList SessionDocument::open(const QString& path) {
    std::vector<std::string> warnings;
    const SessionState loaded = loadSession(std::filesystem::path(path.toStdString()), &warnings);
    reset(loaded, path);
    emit opened();
    QStringList out;
    for (const auto& w : warnings) {
        out << QString::fromStdString(w);
    }
    return out;
}

void SessionDocument::setStateFromCommand(const SessionState& s) {
    state_ = s;
    emit changed();
}

SessionEditCommand::SessionEditCommand(SessionDocument* doc, const QString& label,
                                       SessionState before, SessionState after, int mergeId)
    : QUndoCommand(label), doc_(doc), before_(std::move(before)), after_(std::move(after)),
      mergeId_(mergeId) {}

void SessionEditCommand::undo() {
    doc_->setStateFromCommand(before_);
}
void SessionEditCommand::redo() {
    doc_->setStateFromCommand(after_);
}

bool SessionEditCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const SessionEditCommand*>(other);
    if (mergeId_ < 0 || o->mergeId_ != mergeId_) {
        return false;
    }
    after_ = o->after_;
    setText(o->text());
    return true;
}

} // namespace cdx::app
