// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace cdx::widgets {

// The place above an editor's fields where a refusal is said: two lines kept for it whether
// or not there is one (a message appearing must not move the fields under the pointer), and,
// when there is none, a grey hint on how the fields work instead of an empty band.
class MessageLine : public QLabel {
    Q_OBJECT

public:
    MessageLine(const QString& hint, QWidget* parent = nullptr);
    // The refusal to show (the whole of it also as the tooltip); empty: the hint again.
    void setError(const QString& text);
    QString error() const { return error_; }

protected:
    void changeEvent(QEvent* e) override; // a new font (presentation mode): new height

private:
    QString hint_;
    QString error_;
};

} // namespace cdx::widgets
