// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_common.hpp"

#include <QObject>
#include <cmath>

namespace cdx::widgets {

energy::SettingsEvaluation evaluateEnergySession(const SessionState& s, const RunLookup& lookup) {
    std::optional<runs::Run> run;
    if (s.energy.timeSource.kind == energy::TimeSourceKind::Measured && lookup) {
        run = lookup(s.energy.timeSource.runId);
    }
    return energy::evaluateSettings(s.energy, s.gpu, s.variant, run);
}

QString energyStencilName(energy::StencilKind k) {
    switch (k) {
    case energy::StencilKind::SmithWaterman:
        return QObject::tr("Smith-Waterman (sw)");
    case energy::StencilKind::Jacobi1D:
        return QObject::tr("Jacobi 1D, time-skewed (jacobi1d)");
    case energy::StencilKind::Jacobi2D:
        break;
    }
    return QObject::tr("Jacobi 2D, hybrid-hexagonal (jacobi2d)");
}

QString energyProblemText(const energy::EnergyInput& in) {
    if (in.stencil == energy::StencilKind::Jacobi2D) {
        return QObject::tr("%1×%2, T %3; tiles %4×%5×%6")
            .arg(in.s1)
            .arg(in.s2)
            .arg(in.t)
            .arg(in.tS1)
            .arg(in.tS2)
            .arg(in.tT);
    }
    return QObject::tr("S %1, T %2; tile %3×%4, sub-tile %5")
        .arg(in.s1)
        .arg(in.t)
        .arg(in.tS1)
        .arg(in.tT)
        .arg(in.sS);
}

QString energyCoefficientsText(const energy::EnergyProfile& p) {
    QStringList edited;
    for (const auto& [key, q] : p.params) {
        if (q.edited) {
            edited << QString::fromStdString(key);
        }
    }
    QString s = QString::fromStdString(p.id);
    if (!edited.isEmpty()) {
        s += QObject::tr(" (edited: %1)").arg(edited.join(", "));
    }
    return s;
}

QString energyVariantText(const energy::EnergyVariant& v, energy::StencilKind k) {
    QString s = QObject::tr("count %1").arg(QString::fromLatin1(energy::name(v.count).data()));
    if (k == energy::StencilKind::Jacobi1D) {
        s += QObject::tr(", j1d-count %1, j1d-sr %2")
                 .arg(QString::fromLatin1(energy::name(v.j1dCount).data()),
                      QString::fromLatin1(energy::name(v.j1dSr).data()));
    } else if (k == energy::StencilKind::Jacobi2D) {
        s += QObject::tr(", pitch %1").arg(QString::fromLatin1(energy::name(v.j2dPitch).data()));
    }
    return s;
}

QString energyContext(const SessionState& s, const energy::SettingsEvaluation& ev) {
    return QObject::tr("%1 %2; coefficients %3; %4; T_alg: %5")
        .arg(energyStencilName(ev.input.stencil), energyProblemText(ev.input),
             energyCoefficientsText(s.energy.coefficients),
             energyVariantText(s.energy.variant, ev.input.stencil),
             QString::fromStdString(ev.timeLabel.empty() ? std::string("—") : ev.timeLabel));
}

QString joules(double j) {
    const double a = std::abs(j);
    if (a != 0 && a < 1e-6) {
        return QString::number(j * 1e9, 'g', 4) + QStringLiteral(" nJ");
    }
    if (a != 0 && a < 1e-3) {
        return QString::number(j * 1e6, 'g', 4) + QStringLiteral(" µJ");
    }
    if (a != 0 && a < 1) {
        return QString::number(j * 1e3, 'g', 4) + QStringLiteral(" mJ");
    }
    if (a >= 1e4) {
        return QString::number(j / 1e3, 'g', 5) + QStringLiteral(" kJ");
    }
    return QString::number(j, 'g', 5) + QStringLiteral(" J");
}

} // namespace cdx::widgets
