// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"

#include "params/format.hpp"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace cdx::widgets {

QString fixed(double v, int decimals) {
    QString out = QString::number(v, 'f', decimals);
    if (out.startsWith('-') && out.mid(1).count('0') + out.count('.') == out.size() - 1) {
        out.remove(0, 1); // "-0.00"
    }
    return out;
}

QString formatSeconds(double s) {
    if (std::isnan(s)) {
        return QStringLiteral("—");
    }
    if (s != 0 && (std::abs(s) < 1e-3 || std::abs(s) >= 1e5)) {
        return QString::number(s, 'g', 6) + " s";
    }
    return QString::number(s, 'f', 6) + " s";
}

QString significant(double v, int digits) {
    return QString::number(v, 'g', digits);
}

QString significantOrDash(double v, int digits) {
    return std::isfinite(v) ? significant(v, digits) : QStringLiteral("—");
}

QString grouped(double v) {
    if (std::isnan(v)) {
        return QStringLiteral("–");
    }
    QLocale l(QLocale::English);
    l.setNumberOptions(QLocale::DefaultNumberOptions);
    const bool whole = std::abs(v - std::round(v)) < 1e-9 * std::max(1.0, std::abs(v));
    return l.toString(v, 'f', whole ? 0 : 2);
}

QString asCommandPrints(std::optional<double> v, bool integer) {
    return v ? QString::fromStdString(formatG(*v, integer ? 15 : 6)) : QStringLiteral("–");
}

QString csvNumber(std::optional<double> v) {
    return v && !std::isnan(*v) ? QString::number(*v, 'g', 17) : QString();
}

QString cycles(double v) {
    return std::abs(v) >= 1e6 ? QString::number(v, 'g', 6) : QString::number(v, 'f', 0);
}

} // namespace cdx::widgets
