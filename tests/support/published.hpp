// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The published values of profiles/published/ (the one table `cdx reproduce` reports): test
// rows take their expected value from it by id, so a number cannot differ between the report
// and the tests.

#include "published/published.hpp"

namespace cdx::test {

inline double published(const char* id) {
    return published::find(id).published;
}

} // namespace cdx::test
