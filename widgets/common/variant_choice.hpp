// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QComboBox>
#include <QList>
#include <QPair>
#include <QSignalBlocker>
#include <QString>
#include <string>
#include <string_view>

// Combo boxes of a model variant's named choices (core's enum names as item data), shared by
// the Talg and MWP-CWP variant editors.
namespace cdx::widgets::variant_choice {

// A combo of (label, core name) items that does not widen its dock.
inline QComboBox* combo(QWidget* parent, const char* name,
                        const QList<QPair<QString, QString>>& items, const QString& tip) {
    auto* c = new QComboBox(parent);
    c->setObjectName(name);
    for (const auto& [label, value] : items) {
        c->addItem(label, value);
    }
    c->setToolTip(tip);
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(12);
    return c;
}

// Shows the item whose data is `value`, without emitting.
inline void select(QComboBox* c, std::string_view value) {
    const QSignalBlocker block(c);
    c->setCurrentIndex(
        c->findData(QString::fromLatin1(value.data(), static_cast<int>(value.size()))));
}

inline std::string value(const QComboBox* c) {
    return c->currentData().toString().toStdString();
}

} // namespace cdx::widgets::variant_choice
