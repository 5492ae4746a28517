// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"
#include "session/session.hpp"

#include <QColor>
#include <QString>

// The MWP-CWP family's words and colours on its plots (issue 58: they lived in the common
// plot look, which then knew this family).
namespace cdx::widgets {

// The colour of an MWP-CWP class (spec §5.1 UI labels): short of warps orange, compute-bound
// green, memory-bound blue (latency), sky blue (bandwidth) or purple (warps); Okabe-Ito.
QColor regimeColor(mwp::Regime r, mwp::Limiter l);
// "memory-bound / bandwidth-limited", "compute-bound", "short of warps"
QString regimeText(mwp::Regime r, mwp::Limiter l);
// "MWP-CWP variant: consistent (case2=consistent, eq13=thesis, rep=real, …)"
QString mwpVariantLine(const mwp::MwpVariant& v);
// "kernel example-i on NVIDIA GeForce GTX 280, MWP-CWP variant: consistent" (plot subtitles)
QString mwpContext(const MwpSettings& m);
// Why a power or temperature view has nothing to show, in one sentence for the place of its
// charts: "The NVIDIA Quadro FX 5600 profile has no IPP power data; try the NVIDIA GeForce
// GTX 280." when the GPU lacks the data, else `error` (the model's own reason).
QString noPowerModelText(const MwpSettings& m, const QString& error);

} // namespace cdx::widgets
