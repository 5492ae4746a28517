// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSpinBox>

namespace cdx::widgets {

// A spin box for integers that lets anything be typed: text that is not an integer in range
// ("1e400", "abc", "-") is not silently dropped key by key (QSpinBox turned "1e400" into 1400)
// but reported through `refused(text)` when the field is left or Enter is pressed, and the box
// shows its last value again.
class IntegerBox : public QSpinBox {
    Q_OBJECT

public:
    explicit IntegerBox(QWidget* parent = nullptr);

signals:
    void refused(const QString& text);

protected:
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;
};

} // namespace cdx::widgets
