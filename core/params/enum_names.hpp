// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/input_error.hpp"

#include <array>
#include <string>
#include <string_view>
#include <utility>

// Text names of the variant enums: one table per enum, used for parsing (CLI flags,
// session files) and for printing, so both always agree.
namespace cdx {

template <typename E, std::size_t N>
using EnumNames = std::array<std::pair<std::string_view, E>, N>;

// The enum named `s`; otherwise an InputError for `field` listing the allowed names.
template <typename E, std::size_t N>
E parseEnum(std::string_view s, const std::string& field, const EnumNames<E, N>& table) {
    for (const auto& [text, value] : table) {
        if (s == text) {
            return value;
        }
    }
    std::string allowed = "expected one of ";
    for (std::size_t i = 0; i < N; ++i) {
        allowed += (i ? ", " : "") + std::string(table[i].first);
    }
    throw InputError(field, std::string(s), allowed);
}

template <typename E, std::size_t N> std::string_view enumName(E v, const EnumNames<E, N>& table) {
    for (const auto& [text, value] : table) {
        if (value == v) {
            return text;
        }
    }
    return "?";
}

} // namespace cdx
