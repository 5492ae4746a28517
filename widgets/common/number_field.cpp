// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_field.hpp"

#include <cmath>

namespace cdx::widgets {

NumberField::NumberField(const QString& name, double min, double max, const QString& unit,
                         QWidget* parent)
    : QLineEdit(parent), name_(name), min_(min), max_(max), unit_(unit) {
    connect(this, &QLineEdit::editingFinished, this, &NumberField::commit);
}

void NumberField::setValue(double v) {
    value_ = v;
    setText(QString::number(v, 'g', 6));
    setModified(false);
}

void NumberField::commit() {
    if (!isModified()) {
        return;
    }
    setModified(false);
    bool ok = false;
    const double v = text().trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < min_ || v > max_) {
        const QString typed = text();
        setValue(value_);
        emit refused(tr("%1 = %2 refused: expected a number in [%3, %4]%5")
                         .arg(name_, typed.isEmpty() ? tr("(empty)") : typed)
                         .arg(min_)
                         .arg(max_)
                         .arg(unit_.isEmpty() ? QString() : QStringLiteral(" ") + unit_));
        return;
    }
    if (v != value_) {
        value_ = v;
        emit edited(v);
    }
}

} // namespace cdx::widgets
