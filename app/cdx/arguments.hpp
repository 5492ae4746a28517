// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cdx::cli {

// Parsed `--flag value` / `--flag=value` / `--switch` arguments of one subcommand.
// Errors are InputErrors naming the flag, so main() can exit 2 with one line.
class Arguments {
public:
    // `valued` flags take a value, `switches` take none; `--set` may repeat.
    Arguments(const std::vector<std::string>& args, const std::vector<std::string>& valued,
              const std::vector<std::string>& switches);

    bool has(const std::string& flag) const;
    std::string required(const std::string& flag) const;
    std::optional<std::string> optional(const std::string& flag) const;
    const std::vector<std::string>& repeated(const std::string& flag) const;

    // "8192,8192" -> {8192, 8192}: minCount..maxCount positive integers.
    std::vector<std::int64_t> positiveList(const std::string& flag, std::size_t maxCount,
                                           std::size_t minCount = 1) const;
    std::int64_t positiveInteger(const std::string& flag) const;
    double number(const std::string& flag, double fallback) const;

private:
    std::map<std::string, std::vector<std::string>> values_;
    std::vector<std::string> empty_;
};

std::int64_t parseInteger(const std::string& text, const std::string& field);

// "0,35.5,60" -> {0, 35.5, 60}: finite numbers separated by commas, each accepted by `ok`; an
// InputError naming `field` with the whole text and `allowed` for anything else (an empty
// item or list too).
std::vector<double> numberList(const std::string& text, const std::string& field,
                               const std::string& allowed, const std::function<bool(double)>& ok);

// Commands with operands (`cdx compare A B`, `cdx glossary TERM`): the words that are not
// flags, and the flags with the values of `valued` ones, in order.
struct Operands {
    std::vector<std::string> flags;
    std::vector<std::string> words;
};
Operands splitOperands(const std::vector<std::string>& args,
                       const std::vector<std::string>& valued);

} // namespace cdx::cli
