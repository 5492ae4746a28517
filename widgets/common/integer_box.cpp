// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/integer_box.hpp"

#include <QLineEdit>

namespace cdx::widgets {

IntegerBox::IntegerBox(QWidget* parent) : QSpinBox(parent) {
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
}

QValidator::State IntegerBox::validate(QString& input, int& pos) const {
    const QValidator::State s = QSpinBox::validate(input, pos);
    // Never Invalid: a refused key press would change the number typed without a word.
    return s == QValidator::Invalid ? QValidator::Intermediate : s;
}

void IntegerBox::fixup(QString& input) const {
    // Called when the text is not acceptable as the field is left: say so, then the box
    // corrects to its previous value (CorrectToPreviousValue).
    QString shown = input;
    if (!suffix().isEmpty() && shown.endsWith(suffix())) {
        shown.chop(suffix().size());
    }
    emit const_cast<IntegerBox*>(this)->refused(shown.trimmed());
    QSpinBox::fixup(input);
}

} // namespace cdx::widgets
