// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace cdx::app {

class SessionDocument;

// File ▸ Session Properties (issue 61): the session's title and description, what exports, the
// meeting pack and the window's title bar show. OK applies them as one undoable edit; an
// example's title that no longer describes the session is shown as such, with the title the
// exports use instead.
class SessionProperties : public QDialog {
    Q_OBJECT

public:
    SessionProperties(SessionDocument* doc, QWidget* parent = nullptr);

    QLineEdit* titleField() const { return title_; }
    QPlainTextEdit* descriptionField() const { return description_; }
    QLabel* note() const { return note_; }
    // Applies the fields (what OK does); false when nothing changed.
    bool apply();

private:
    SessionDocument* doc_;
    QLineEdit* title_ = nullptr;
    QPlainTextEdit* description_ = nullptr;
    QLabel* note_ = nullptr;
};

} // namespace cdx::app
