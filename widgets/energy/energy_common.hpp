// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_explain.hpp"
#include "session/session.hpp"

#include <QString>
#include <functional>
#include <optional>

// What the Energy views share: the run lookup (the window's run database, for the time source
// "measured"), the session's energy evaluated with its time source, and the one-line context
// every view shows (stencil, problem, tiles, coefficients, variant, time source).
namespace cdx::widgets {

using RunLookup = std::function<std::optional<runs::Run>(std::int64_t id)>;

energy::SettingsEvaluation evaluateEnergySession(const SessionState& s, const RunLookup& lookup);

QString energyStencilName(energy::StencilKind k);         // "Jacobi 2D (HHC)"
QString energyProblemText(const energy::EnergyInput& in); // "4096×4096, T 1024; tiles 16×64×8"
QString energyCoefficientsText(const energy::EnergyProfile& p); // "k20c-a (edited: e_gs)"
QString energyVariantText(const energy::EnergyVariant& v, energy::StencilKind k);
QString energyContext(const SessionState& s, const energy::SettingsEvaluation& ev);
QString joules(double j); // "12.3 J", "4.5 mJ", "3.2 kJ"

} // namespace cdx::widgets
