// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace cdx::widgets {

// A one-line label that ends in "…" where its text does not fit (the whole text is its
// tooltip), instead of being cut mid-word without a sign; it never asks for more width.
class ElidingLabel : public QLabel {
    Q_OBJECT

public:
    explicit ElidingLabel(QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;
};

} // namespace cdx::widgets
