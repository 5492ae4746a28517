// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/message_line.hpp"

#include <QApplication>
#include <QEvent>
#include <QPalette>

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
    // The colour by the palette, not a style sheet: a styled label keeps the font it had when
    // styled, so a line restyled during the presentation kept its large font after it (issue
    // 45).
    QPalette p = palette();
    p.setColor(QPalette::WindowText, text.isEmpty() ? QApplication::palette().color(QPalette::Mid)
                                                    : QColor(0xb0, 0x00, 0x20));
    setPalette(p);
}

} // namespace cdx::widgets
