// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdio>
#include <string>

namespace cdx {

// `v` as printf's "%.<digits>g" (what the models' explanations and labels print).
inline std::string formatG(double v, int digits = 6) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

} // namespace cdx
