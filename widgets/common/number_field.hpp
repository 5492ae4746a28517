// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineEdit>

namespace cdx::widgets {

// A field for a real number in [min, max] that never changes what was typed without a word
// (QDoubleSpinBox clamps 0 to its minimum and drops a "5" typed into [0, 1]): when the field is
// left or Enter is pressed, a valid new value is sent with `edited(value)`, anything else with
// `refused(text)` (naming the field, the value and the allowed range); the refused text stays in
// the field, marked, and the value stays what it was until a valid value is typed or the
// session's value changes.
class NumberField : public QLineEdit {
    Q_OBJECT

public:
    NumberField(const QString& name, double min, double max, const QString& unit,
                QWidget* parent = nullptr);
    void setValue(double v);
    double value() const { return value_; }
    // The value just sent with edited() was refused by its receiver (a model's limit): the
    // previous value is the field's again, the typed text stays, marked.
    void refuseLast();
    bool isRefused() const { return refused_; }

signals:
    void edited(double value);
    void refused(const QString& text);

private:
    void commit();
    void setRefused(bool on);

    QString name_;
    double min_, max_;
    QString unit_;
    double value_ = 0;
    double previous_ = 0;
    bool refused_ = false;
};

} // namespace cdx::widgets
