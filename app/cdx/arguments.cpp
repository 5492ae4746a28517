// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/arguments.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

namespace cdx::cli {

namespace {
bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::string knownFlags(const std::vector<std::string>& valued,
                       const std::vector<std::string>& switches) {
    std::string s;
    for (const auto& f : valued) {
        s += (s.empty() ? "" : ", ") + f;
    }
    for (const auto& f : switches) {
        s += (s.empty() ? "" : ", ") + f;
    }
    return s;
}
} // namespace

Arguments::Arguments(const std::vector<std::string>& args, const std::vector<std::string>& valued,
                     const std::vector<std::string>& switches) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string flag = args[i];
        std::optional<std::string> value;
        if (!flag.starts_with("--")) {
            throw InputError("argument", flag,
                             "unexpected; known flags: " + knownFlags(valued, switches));
        }
        if (const auto eq = flag.find('='); eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        }
        if (contains(switches, flag)) {
            if (value) {
                throw InputError(flag, *value, "takes no value");
            }
            values_[flag].push_back("");
        } else if (contains(valued, flag)) {
            if (!value) {
                if (i + 1 >= args.size()) {
                    throw InputError(flag, {}, "needs a value");
                }
                value = args[++i];
            }
            values_[flag].push_back(*value);
        } else {
            throw InputError("flag", flag, "unknown; known flags: " + knownFlags(valued, switches));
        }
        if (flag != "--set" && values_[flag].size() > 1) {
            throw InputError(flag, {}, "given more than once");
        }
    }
}

bool Arguments::has(const std::string& flag) const {
    return values_.contains(flag);
}

std::string Arguments::required(const std::string& flag) const {
    const auto v = optional(flag);
    if (!v) {
        throw InputError(flag, {}, "is required");
    }
    return *v;
}

std::optional<std::string> Arguments::optional(const std::string& flag) const {
    const auto it = values_.find(flag);
    if (it == values_.end()) {
        return std::nullopt;
    }
    return it->second.front();
}

const std::vector<std::string>& Arguments::repeated(const std::string& flag) const {
    const auto it = values_.find(flag);
    return it == values_.end() ? empty_ : it->second;
}

std::int64_t parseInteger(const std::string& text, const std::string& field) {
    std::int64_t v = 0;
    const auto* end = text.data() + text.size();
    const auto res = std::from_chars(text.data(), end, v);
    if (text.empty() || res.ec != std::errc{} || res.ptr != end) {
        throw InputError(field, text.empty() ? "\"\"" : text, "expected an integer");
    }
    return v;
}

std::vector<double> numberList(const std::string& text, const std::string& field,
                               const std::string& allowed, const std::function<bool(double)>& ok) {
    std::vector<double> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::size_t used = 0;
        double v = std::numeric_limits<double>::quiet_NaN();
        try {
            v = std::stod(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (item.empty() || used != item.size() || !std::isfinite(v) || !ok(v)) {
            throw InputError(field, text.empty() ? "\"\"" : text, allowed);
        }
        out.push_back(v);
    }
    if (out.empty()) {
        throw InputError(field, "\"\"", allowed);
    }
    return out;
}

std::vector<std::int64_t> Arguments::positiveList(const std::string& flag, std::size_t maxCount,
                                                  std::size_t minCount) const {
    const std::string text = required(flag);
    std::vector<std::int64_t> out;
    std::size_t start = 0;
    // "expected comma-separated positive integers (at least 3, at most 201)"
    std::string allowed = "expected comma-separated positive integers";
    if (minCount == maxCount) {
        allowed += " (" + std::to_string(minCount) + ")";
    } else if (minCount > 1) {
        allowed += " (at least " + std::to_string(minCount) + ", at most " +
                   std::to_string(maxCount) + ")";
    } else {
        allowed += " (at most " + std::to_string(maxCount) + ")";
    }
    while (true) {
        const auto comma = text.find(',', start);
        const std::string part =
            text.substr(start, comma == std::string::npos ? comma : comma - start);
        std::int64_t v = 0;
        const auto* end = part.data() + part.size();
        const auto res = std::from_chars(part.data(), end, v);
        if (part.empty() || res.ec != std::errc{} || res.ptr != end || v < 1) {
            throw InputError(flag, text, allowed);
        }
        out.push_back(v);
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    if (out.size() > maxCount || out.size() < minCount) {
        throw InputError(flag, text, allowed);
    }
    return out;
}

std::int64_t Arguments::positiveInteger(const std::string& flag) const {
    const std::string text = required(flag);
    const std::int64_t v = parseInteger(text, flag);
    if (v < 1) {
        throw InputError(flag, text, "expected a positive integer");
    }
    return v;
}

double Arguments::number(const std::string& flag, double fallback) const {
    const auto text = optional(flag);
    if (!text) {
        return fallback;
    }
    double v = 0;
    const auto* end = text->data() + text->size();
    const auto res = std::from_chars(text->data(), end, v);
    if (text->empty() || res.ec != std::errc{} || res.ptr != end || !std::isfinite(v)) {
        throw InputError(flag, *text, "expected a finite number");
    }
    return v;
}

Operands splitOperands(const std::vector<std::string>& args,
                       const std::vector<std::string>& valued) {
    Operands out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const bool takesValue = std::find(valued.begin(), valued.end(), args[i]) != valued.end();
        if (takesValue && i + 1 < args.size()) {
            out.flags.push_back(args[i]);
            out.flags.push_back(args[++i]);
        } else if (args[i].starts_with("--")) {
            out.flags.push_back(args[i]);
        } else {
            out.words.push_back(args[i]);
        }
    }
    return out;
}

} // namespace cdx::cli
