// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/input_error.hpp"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

// What every model family's session block uses to read its part of a `.cdx.json` session
// (DESIGN.md: each model folder owns its session block; session/ only composes them).
// A block is a settings struct with `xSessionToJson` / `xSessionFromJson` in the family's
// folder; the reader below gives it the file name for errors and the warning list.
namespace cdx {

class SessionReader {
public:
    // `warnings` may be null: unknown fields are then ignored silently.
    SessionReader(std::string file, std::vector<std::string>* warnings)
        : file_(std::move(file)), warnings_(warnings) {}

    const std::string& file() const { return file_; }

    // `object` must be a JSON object; InputError naming `field` otherwise.
    void requireObject(const nlohmann::json& object, const std::string& field) const;
    // Adds `FILE: unknown field "PREFIX.KEY" ignored` for every key of `object` not in
    // `known` (`prefix` empty at the top level).
    void warnUnknownFields(const nlohmann::json& object, const std::vector<std::string_view>& known,
                           const std::string& prefix) const;
    // `object[key]`; InputError "PREFIX.KEY: missing" when absent.
    const nlohmann::json& member(const nlohmann::json& object, const std::string& key,
                                 const std::string& prefix) const;
    std::string stringMember(const nlohmann::json& object, const std::string& key,
                             const std::string& prefix) const;
    // A JSON integer in [min, max] (no wrap-around of huge values); InputError naming
    // `field` with `allowed` otherwise.
    std::int64_t integer(const nlohmann::json& v, const std::string& field, std::int64_t min,
                         std::int64_t max, const std::string& allowed) const;
    // A JSON number; InputError naming `field` with `allowed` otherwise.
    double number(const nlohmann::json& v, const std::string& field,
                  const std::string& allowed) const;
    bool boolean(const nlohmann::json& v, const std::string& field) const;

    // Runs `parse` (an enum parser or a model check that names the field but not the file)
    // and rethrows its InputError with this file as the place.
    template <class F> auto named(F&& parse) const -> decltype(parse()) {
        try {
            return parse();
        } catch (const InputError& e) {
            if (!e.where().empty()) {
                throw;
            }
            throw InputError(e.field(), e.value(), e.allowed(), file_);
        }
    }

    // "prefix.key", or "key" at the top level.
    static std::string path(const std::string& prefix, const std::string& key);

private:
    std::string file_;
    std::vector<std::string>* warnings_;
};

} // namespace cdx
