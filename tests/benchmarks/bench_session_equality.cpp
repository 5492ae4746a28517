// SPDX-License-Identifier: GPL-3.0-or-later
// Equality of session states (issue 58, docs/performance.md): the window compares the state
// before and after every edit and every step of the codesign budget band. The time of
// SessionState::operator== against writing both states to JSON and comparing the texts (what
// sameSession did before), for the default session and for one with a baseline and a line-up
// of four GPUs whose pointers differ (the worst case: the baseline and the sides are compared
// by content). Medians of 2,000 comparisons of two equal states (the longest: every field).

#include "session/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <tuple>
#include <vector>

namespace {
double medianUs(int reps, const std::function<bool()>& f) {
    std::vector<double> us;
    int equal = 0;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        equal += f() ? 1 : 0;
        us.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count());
    }
    if (equal != reps) {
        std::printf("error: %d of %d comparisons said different\n", reps - equal, reps);
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}
} // namespace

int main() {
    using cdx::SessionState;
    const SessionState plain = cdx::defaultSession();
    SessionState rich = plain;
    rich.baseline = std::make_shared<const SessionState>(cdx::asBaseline(plain));
    for (int k = 0; k < 4; ++k) {
        rich.lineup.push_back({plain.gpu, nullptr});
    }
    // A copy whose baseline is another pointer with the same content.
    SessionState richCopy = rich;
    richCopy.baseline = std::make_shared<const SessionState>(*rich.baseline);
    std::printf("session equality (median of 2,000, microseconds)\n");
    std::printf("%-34s %12s %14s\n", "state", "operator==", "two JSON texts");
    for (const auto& [name, a, b] :
         {std::tuple<const char*, const SessionState*, const SessionState*>{"default", &plain,
                                                                             &plain},
          {"baseline + 4-GPU line-up (copies)", &rich, &richCopy}}) {
        const SessionState copy = *b;
        const double eq = medianUs(2000, [&] { return *a == copy; });
        const double json =
            medianUs(2000, [&] { return cdx::sessionToJson(*a) == cdx::sessionToJson(copy); });
        std::printf("%-34s %12.2f %14.1f\n", name, eq, json);
    }
    return 0;
}
