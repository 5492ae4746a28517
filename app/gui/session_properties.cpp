// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_properties.hpp"

#include "session_document.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace cdx::app {

SessionProperties::SessionProperties(SessionDocument* doc, QWidget* parent)
    : QDialog(parent), doc_(doc) {
    setWindowTitle(tr("Session properties"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    title_ = new QLineEdit(this);
    title_->setObjectName("sessionTitle");
    title_->setMaxLength(200);
    title_->setMinimumWidth(480);
    description_ = new QPlainTextEdit(this);
    description_->setObjectName("sessionDescription");
    description_->setTabChangesFocus(true);
    description_->setMinimumHeight(90);
    const SessionState& s = doc->state();
    title_->setText(QString::fromStdString(s.title));
    title_->setPlaceholderText(doc->displayTitle());
    description_->setPlainText(QString::fromStdString(s.description));
    form->addRow(tr("&Title"), title_);
    form->addRow(tr("&Description"), description_);
    layout->addLayout(form);
    note_ = new QLabel(this);
    note_->setObjectName("sessionTitleNote");
    note_->setWordWrap(true);
    if (doc->titleIsStale()) {
        note_->setText(tr("This title is the example's, and the session has changed since: "
                          "exports and the meeting pack name it “%1” until you give it a title "
                          "of your own.")
                           .arg(doc->displayTitle()));
    } else {
        note_->setText(tr("Exports, interactive pages and the meeting pack show the title; an "
                          "empty title names the session by its stencil and GPU (“%1”).")
                           .arg(tr("%1 on …").arg(QString::fromStdString(s.stencil.name))));
    }
    layout->addWidget(note_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool SessionProperties::apply() {
    SessionState next = doc_->state();
    next.title = title_->text().simplified().toStdString();
    next.description = description_->toPlainText().trimmed().toStdString();
    if (next.title == doc_->state().title && next.description == doc_->state().description) {
        return false;
    }
    doc_->edit(tr("Session properties"), next);
    return true;
}

} // namespace cdx::app
