// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace cdx::app {

// A typed setting declared next to its use (Tiled's Preference<T>):
//   Preference<QByteArray> geometry{"mainwindow/geometry"};
template <typename T> class Preference {
public:
    explicit Preference(QString key, T fallback = T{})
        : key_(std::move(key)), fallback_(std::move(fallback)) {}
    T get() const {
        return QSettings().value(key_, QVariant::fromValue(fallback_)).template value<T>();
    }
    void set(const T& v) const { QSettings().setValue(key_, QVariant::fromValue(v)); }

private:
    QString key_;
    T fallback_;
};

} // namespace cdx::app
