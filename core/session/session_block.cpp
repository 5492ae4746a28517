// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session_block.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace cdx {

namespace {
// A short excerpt of a JSON value for messages.
std::string excerpt(const nlohmann::json& v) {
    std::string s = v.dump();
    if (s.size() > 40) {
        s = s.substr(0, 37) + "...";
    }
    return s;
}
} // namespace

std::string SessionReader::path(const std::string& prefix, const std::string& key) {
    return prefix.empty() ? key : prefix + "." + key;
}

void SessionReader::requireObject(const nlohmann::json& object, const std::string& field) const {
    if (!object.is_object()) {
        throw InputError(field, excerpt(object), "expected an object", file_);
    }
}

void SessionReader::warnUnknownFields(const nlohmann::json& object,
                                      const std::vector<std::string_view>& known,
                                      const std::string& prefix) const {
    if (warnings_ == nullptr || !object.is_object()) {
        return;
    }
    for (const auto& [key, _] : object.items()) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            std::string w;
            if (!file_.empty()) {
                w.append(file_).append(": ");
            }
            w.append("unknown field \"").append(path(prefix, key)).append("\" ignored");
            warnings_->push_back(std::move(w));
        }
    }
}

const nlohmann::json& SessionReader::member(const nlohmann::json& object, const std::string& key,
                                            const std::string& prefix) const {
    if (!object.is_object() || !object.contains(key)) {
        throw InputError(path(prefix, key), {}, "missing", file_);
    }
    return object.at(key);
}

std::string SessionReader::stringMember(const nlohmann::json& object, const std::string& key,
                                        const std::string& prefix) const {
    const auto& v = member(object, key, prefix);
    if (!v.is_string()) {
        throw InputError(path(prefix, key), excerpt(v), "expected a string", file_);
    }
    return v.get<std::string>();
}

std::int64_t SessionReader::integer(const nlohmann::json& v, const std::string& field,
                                    std::int64_t min, std::int64_t max,
                                    const std::string& allowed) const {
    // Non-negative integers are stored unsigned: a value beyond int64 is refused rather than
    // wrapped into range.
    const bool integral = v.is_number_integer() &&
                          (!v.is_number_unsigned() ||
                           v.get<std::uint64_t>() <= static_cast<std::uint64_t>(
                                                         std::numeric_limits<std::int64_t>::max()));
    const std::int64_t value = integral ? v.get<std::int64_t>() : 0;
    if (!integral || value < min || value > max) {
        throw InputError(field, excerpt(v), allowed, file_);
    }
    return value;
}

double SessionReader::number(const nlohmann::json& v, const std::string& field,
                             const std::string& allowed) const {
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
        throw InputError(field, excerpt(v), allowed, file_);
    }
    return v.get<double>();
}

bool SessionReader::boolean(const nlohmann::json& v, const std::string& field) const {
    if (!v.is_boolean()) {
        throw InputError(field, excerpt(v), "expected true or false", file_);
    }
    return v.get<bool>();
}

} // namespace cdx
