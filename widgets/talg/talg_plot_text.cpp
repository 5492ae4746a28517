// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg_plot_text.hpp"

namespace cdx::widgets {

QString variantLine(const talg::TalgVariant& v, int dim) {
    return QStringLiteral("variant: %1").arg(QString::fromStdString(talg::variantSummary(v, dim)));
}

} // namespace cdx::widgets
