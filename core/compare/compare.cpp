// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/compare.hpp"

#include <cmath>
#include <cstdio>

namespace cdx::compare {

std::optional<double> ComparedValue::delta() const {
    if (!a || !b) {
        return std::nullopt;
    }
    return *b - *a;
}

std::optional<double> ComparedValue::deltaPct() const {
    if (!a || !b) {
        return std::nullopt;
    }
    if (*a == *b) {
        return 0.0;
    }
    if (*a == 0) {
        return std::nullopt;
    }
    return 100 * (*b - *a) / std::abs(*a);
}

double logMean(double x, double y) {
    if (x == y) {
        return x;
    }
    return (y - x) / (std::log(y) - std::log(x));
}

nlohmann::ordered_json toJson(const ComparedValue& v) {
    const auto value = [](std::optional<double> x) {
        return x && std::isfinite(*x) ? nlohmann::ordered_json(*x)
                                      : nlohmann::ordered_json(nullptr);
    };
    return {{"a", value(v.a)},
            {"b", value(v.b)},
            {"delta", value(v.delta())},
            {"delta_pct", value(v.deltaPct())}};
}

std::string percentText(std::optional<double> pct) {
    if (!pct) {
        return "n/a";
    }
    if (*pct == 0) {
        return "unchanged";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f %%", *pct);
    return buf;
}

} // namespace cdx::compare
