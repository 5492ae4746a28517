// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eatss/eatss_model.hpp"
#include "session/session.hpp"

#include <QString>
#include <optional>

// What the EATSS views share: the session's formulation and exact optimum (through core), and
// the one-line context every view shows.
namespace cdx::widgets {

struct EatssComputed {
    eatss::Gpu gpu;
    std::optional<eatss::Formulation> formulation;
    std::optional<eatss::Solution> solution;
    QString error; // why there is no formulation (the artifact exits, an unknown GPU, ...)
};
EatssComputed computeEatss(const EatssSettings& e);
QString eatssContext(const EatssSettings& e);
QString tileText(const std::vector<std::int64_t>& t);
int loopIndexOf(const eatss::Program& p, const std::string& name, int fallback);

} // namespace cdx::widgets
