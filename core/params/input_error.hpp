// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace cdx {

// Invalid user input: a value outside what a model or file format allows.
// The message is one line naming where (file, if any), the field, the value and
// what is allowed, so the CLI can print it as is and the GUI can show it at the field.
class InputError : public std::runtime_error {
public:
    InputError(std::string field, std::string value, std::string allowed, std::string where = {});

    const std::string& field() const { return field_; }
    const std::string& value() const { return value_; }
    const std::string& allowed() const { return allowed_; }
    const std::string& where() const { return where_; }

private:
    std::string field_;
    std::string value_;
    std::string allowed_;
    std::string where_;
};

// Formats a double the way messages and tables show it: shortest round-trip form.
std::string formatNumber(double v);

} // namespace cdx
