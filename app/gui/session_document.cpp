// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_document.hpp"

#include "params/profile_label.hpp"

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
    if (titleIsStale()) {
        SessionState saved = state_;
        saved.title = displayTitle().toStdString();
        saved.description = displayDescription().toStdString(); // the user's, not the example's
        saveSession(saved, std::filesystem::path(path.toStdString()));
        state_.title = saved.title; // not an edit of its own: what the file now says
        state_.description = saved.description;
        path_ = path;
        undo_->setClean();
        emit fileChanged();
        return;
    }
    saveSession(state_, std::filesystem::path(path.toStdString()));
    path_ = path;
    undo_->setClean();
    emit fileChanged();
}

bool SessionDocument::titleIsStale() const {
    if (!example_ || state_.title.empty() || state_.title != example_->title) {
        return false; // the user's title, or none
    }
    SessionState shipped = *example_;
    shipped.view = state_.view; // what is on screen is not a change of the example
    shipped.workspace = state_.workspace;
    shipped.description = state_.description;
    return shipped != state_;
}

QString SessionDocument::displayTitle() const {
    const QString made = tr("%1 on %2")
                             .arg(QString::fromStdString(state_.stencil.name),
                                  QString::fromStdString(profileLabel(state_.gpu)));
    if (titleIsStale()) {
        return tr("%1, edited from an example").arg(made);
    }
    return state_.title.empty() ? made : QString::fromStdString(state_.title);
}

QString SessionDocument::displayDescription() const {
    return titleIsStale() && state_.description == example_->description
               ? QString()
               : QString::fromStdString(state_.description);
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
