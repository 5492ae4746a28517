// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/input_error.hpp"

#include <charconv>
#include <cmath>

namespace cdx {

namespace {
std::string composeMessage(const std::string& field, const std::string& value,
                           const std::string& allowed, const std::string& where) {
    std::string m;
    // append() rather than operator+ on temporaries: GCC 12 emits a bogus -Wrestrict
    // for `"literal" + std::string` (GCC PR 105651).
    if (!where.empty()) {
        m.append(where).append(": ");
    }
    m.append(field);
    if (!value.empty()) {
        m.append(" = ").append(value);
    }
    m.append(": ").append(allowed);
    return m;
}
} // namespace

InputError::InputError(std::string field, std::string value, std::string allowed, std::string where)
    : std::runtime_error(composeMessage(field, value, allowed, where)), field_(std::move(field)),
      value_(std::move(value)), allowed_(std::move(allowed)), where_(std::move(where)) {}

std::string formatNumber(double v) {
    if (std::isnan(v)) {
        return "nan";
    }
    if (std::isinf(v)) {
        return v > 0 ? "inf" : "-inf";
    }
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

} // namespace cdx
