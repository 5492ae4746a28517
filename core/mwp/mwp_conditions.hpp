// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "published/published.hpp"

#include <vector>

namespace cdx {
struct SessionState;
}

namespace cdx::mwp {

// The MWP-CWP kernel against its GPU's limits (threads, resident blocks, the occupancy its
// compute capability allows), and the model's own warnings about this evaluation, as rows of How
// far to trust this. Empty when the session has no valid kernel (the views say why).
std::vector<published::DomainValue> modelConditions(const SessionState& s);

} // namespace cdx::mwp
