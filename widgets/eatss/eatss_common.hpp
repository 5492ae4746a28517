// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eatss/eatss_model.hpp"
#include "session/session.hpp"

#include <QString>
#include <cstdint>
#include <functional>
#include <optional>

// What the EATSS views share: the session's formulation and exact optimum (through core), and
// the one-line context every view shows.
namespace cdx::widgets {

class BackgroundJob;

struct EatssComputed {
    eatss::Gpu gpu;
    std::optional<eatss::Formulation> formulation;
    std::optional<eatss::Solution> solution;
    QString error; // why there is no formulation (the artifact exits, an unknown GPU, ...)
    // The exact search did not end within the budget below: the caller solves it off the GUI
    // thread (solveExactInBackground), with progress and Cancel (issue 44).
    bool pending = false;
};
// The formulation and its exact optimum when the search ends within `budgetSteps` steps of
// the enumeration on this thread (every shipped program at every configuration does, in
// hundreds; a step count, not a time, so that every build decides alike) or was solved before
// (the last answers are kept); else `pending`. The budget is checked every 4,096 steps: 0
// allows those first 4,096 only.
inline constexpr std::uint64_t kEatssGuiBudgetSteps = 1U << 17;
EatssComputed computeEatss(const EatssSettings& e,
                           std::uint64_t budgetSteps = kEatssGuiBudgetSteps);

// The exact search of `f` as `job`'s work, with its progress and Cancel; `done` runs on the
// GUI thread with the optimum (kept for computeEatss), unless the job was cancelled or
// superseded (then BackgroundJob::cancelled, or nothing, is what the caller hears).
void solveExactInBackground(BackgroundJob* job, const eatss::Formulation& f,
                            std::function<void(const eatss::Solution&)> done);
QString eatssContext(const EatssSettings& e);
QString tileText(const std::vector<std::int64_t>& t);
int loopIndexOf(const eatss::Program& p, const std::string& name, int fallback);

} // namespace cdx::widgets
