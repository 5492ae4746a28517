// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_field.hpp"

#include "common/view_layout.hpp"

#include <cmath>

namespace cdx::widgets {

NumberField::NumberField(const QString& name, double min, double max, const QString& unit,
                         QWidget* parent)
    : QLineEdit(parent), name_(name), min_(min), max_(max), unit_(unit) {
    connect(this, &QLineEdit::editingFinished, this, &NumberField::commit);
    // Back at the value shown before (Ctrl+Z through refused texts): no longer refused.
    connect(this, &QLineEdit::textChanged, this, [this](const QString& t) {
        if (refused_ && t.trimmed() == QString::number(value_, 'g', 6)) {
            setRefused(false);
        }
    });
}

void NumberField::setValue(double v) {
    // A refused text stays beside the value it did not replace: showing that same value again
    // (another field was edited, the view was refreshed) keeps it; a new value replaces it.
    if (refused_ && v == value_) {
        return;
    }
    value_ = v;
    setRefused(false);
    setText(QString::number(v, 'g', 6));
    setModified(false);
}

void NumberField::refuseLast() {
    value_ = previous_;
    setRefused(true);
}

void NumberField::setRefused(bool on) {
    refused_ = on;
    markRefused(this, on);
}

void NumberField::commit() {
    if (!isModified()) {
        return;
    }
    setModified(false);
    bool ok = false;
    const double v = text().trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < min_ || v > max_) {
        // Refused: the typed text stays, marked, for the user to correct (or undo with Ctrl+Z);
        // the value stays what it was.
        const QString typed = text();
        setRefused(true);
        const QString why = tr("%1 = %2 refused: expected a number in [%3, %4]%5")
                                .arg(name_, typed.isEmpty() ? tr("(empty)") : typed)
                                .arg(min_)
                                .arg(max_)
                                .arg(unit_.isEmpty() ? QString() : QStringLiteral(" ") + unit_);
        sayRefusal(this, why);
        emit refused(why);
        return;
    }
    setRefused(false);
    if (v != value_) {
        previous_ = value_;
        value_ = v;
        emit edited(v);
    }
}

} // namespace cdx::widgets
