// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_plot_text.hpp"

#include "mwp/mwp_profiles.hpp"
#include "params/profile_label.hpp"

#include <QObject>
#include <QStringList>

namespace cdx::widgets {

QColor regimeColor(mwp::Regime r, mwp::Limiter l) {
    switch (r) {
    case mwp::Regime::ShortOfWarps:
        return QColor(230, 159, 0);
    case mwp::Regime::ComputeBound:
        return QColor(0, 158, 115);
    case mwp::Regime::MemoryBound:
        break;
    }
    switch (l) {
    case mwp::Limiter::Latency:
        return QColor(0, 114, 178);
    case mwp::Limiter::Bandwidth:
        return QColor(86, 180, 233);
    case mwp::Limiter::Warps:
        return QColor(204, 121, 167);
    case mwp::Limiter::None:
        break;
    }
    return QColor(150, 150, 150);
}

QString regimeText(mwp::Regime r, mwp::Limiter l) {
    if (r != mwp::Regime::MemoryBound || l == mwp::Limiter::None) {
        return QString::fromLatin1(mwp::label(r).data());
    }
    switch (l) {
    case mwp::Limiter::Latency:
        return QObject::tr("memory-bound / latency-limited");
    case mwp::Limiter::Bandwidth:
        return QObject::tr("memory-bound / bandwidth-limited");
    case mwp::Limiter::Warps:
        return QObject::tr("memory-bound / warp-limited");
    case mwp::Limiter::None:
        break;
    }
    return {};
}

QString mwpVariantLine(const mwp::MwpVariant& v) {
    if (v.name() != "custom") {
        return QStringLiteral("MWP-CWP variant: %1").arg(QString::fromStdString(v.name()));
    }
    return QStringLiteral("MWP-CWP variant: custom (case 2 %1, eq. 13 %2, #Rep %3, N_pw %4, "
                          "eq. 63 %5, eq. 53 %6%7)")
        .arg(QString::fromLatin1(mwp::name(v.case2).data()),
             QString::fromLatin1(mwp::name(v.memLCoal).data()),
             QString::fromLatin1(mwp::name(v.rep).data()),
             QString::fromLatin1(mwp::name(v.independentWarps).data()),
             QString::fromLatin1(mwp::name(v.optimalCores).data()),
             QString::fromLatin1(mwp::name(v.temperature).data()),
             v.clampAccessRate ? QString(", f(AR) clamped") : QString());
}

QString mwpContext(const MwpSettings& m) {
    return QObject::tr("kernel %1 on %2, %3")
        .arg(QString::fromStdString(profileLabel(m.kernel)),
             QString::fromStdString(profileLabel(m.gpu)), mwpVariantLine(m.variant));
}

QString noPowerModelText(const MwpSettings& m, const QString& error) {
    if (mwp::hasPowerData(m.gpu)) {
        return error;
    }
    QStringList with;
    for (const auto& name : mwp::gpusWithPowerData()) {
        with << QString::fromStdString(name);
    }
    const QString gpu = QString::fromStdString(m.gpu.name.empty() ? m.gpu.id : m.gpu.name);
    return with.isEmpty() ? QObject::tr("The %1 profile has no IPP power data.").arg(gpu)
                          : QObject::tr("The %1 profile has no IPP power data; try the %2.")
                                .arg(gpu, with.join(QObject::tr(" or the ")));
}

} // namespace cdx::widgets
