// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <QString>

// The T_alg family's words on its plots (issue 58: they lived in the common plot look).
namespace cdx::widgets {

// "variant: pitch=geometric nw=exact k=max gb=decimal" for a plot subtitle.
QString variantLine(const talg::TalgVariant& v, int dim);

} // namespace cdx::widgets
