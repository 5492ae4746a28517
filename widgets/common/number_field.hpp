// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineEdit>

namespace cdx::widgets {

// A field for a real number in [min, max] that never changes what was typed without a word
// (QDoubleSpinBox clamps 0 to its minimum and drops a "5" typed into [0, 1]): when the field is
// left or Enter is pressed, a valid new value is sent with `edited(value)`, anything else with
// `refused(text)` (naming the field, the value and the allowed range) and the last value shown
// again.
class NumberField : public QLineEdit {
    Q_OBJECT

public:
    NumberField(const QString& name, double min, double max, const QString& unit,
                QWidget* parent = nullptr);
    void setValue(double v);
    double value() const { return value_; }

signals:
    void edited(double value);
    void refused(const QString& text);

private:
    void commit();

    QString name_;
    double min_, max_;
    QString unit_;
    double value_ = 0;
};

} // namespace cdx::widgets
