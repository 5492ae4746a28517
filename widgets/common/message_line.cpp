// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/message_line.hpp"

#include <QEvent>

namespace cdx::widgets {

MessageLine::MessageLine(const QString& hint, QWidget* parent) : QLabel(parent), hint_(hint) {
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setFixedHeight(2 * fontMetrics().lineSpacing() + 2);
    setError({});
}

void MessageLine::changeEvent(QEvent* e) {
    QLabel::changeEvent(e);
    if (e->type() == QEvent::FontChange) {
        setFixedHeight(2 * fontMetrics().lineSpacing() + 2);
    }
}

void MessageLine::setError(const QString& text) {
    error_ = text;
    setText(text.isEmpty() ? hint_ : text);
    setToolTip(text);
    setStyleSheet(text.isEmpty() ? QStringLiteral("color: palette(mid);")
                                 : QStringLiteral("color: #b00020;"));
}

} // namespace cdx::widgets
