// SPDX-License-Identifier: GPL-3.0-or-later
#include "glossary/glossary.hpp"

#include "params/input_error.hpp"
#include "params/json_files.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

namespace cdx::glossary {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string text(const nlohmann::json& e, const char* field, const std::string& where) {
    if (!e.contains(field) || !e[field].is_string()) {
        throw InputError(where + "." + field, {}, "missing; expected a string");
    }
    return e[field].get<std::string>();
}

} // namespace

std::vector<Entry> entriesFromText(const std::string& content, const std::string& file) {
    const nlohmann::json j = parseJson(content, file);
    if (!j.is_object() || !j.contains("family") || !j["family"].is_string() ||
        !j.contains("entries") || !j["entries"].is_array()) {
        throw InputError("glossary", {}, "expected {\"family\": NAME, \"entries\": [...]}", file);
    }
    const std::string family = j["family"].get<std::string>();
    std::vector<Entry> out;
    std::set<std::string> keys;
    for (std::size_t i = 0; i < j["entries"].size(); ++i) {
        const nlohmann::json& e = j["entries"][i];
        const std::string where = file + ": entries[" + std::to_string(i) + "]";
        if (!e.is_object()) {
            throw InputError(where, e.dump(), "expected an object");
        }
        for (const auto& [field, value] : e.items()) {
            static const std::set<std::string> known{"key",      "symbol", "meaning", "unit",
                                                     "equation", "source", "see_also"};
            if (known.count(field) == 0) {
                throw InputError(where + "." + field, {},
                                 "unknown field; expected key, symbol, meaning, unit, equation, "
                                 "source, see_also");
            }
        }
        Entry x;
        x.key = text(e, "key", where);
        x.symbol = text(e, "symbol", where);
        x.meaning = text(e, "meaning", where);
        x.unit = text(e, "unit", where);
        x.equation = text(e, "equation", where);
        x.source = text(e, "source", where);
        x.family = family;
        if (x.key.empty() || x.meaning.empty() || x.source.empty()) {
            throw InputError(where, x.key, "key, meaning and source must not be empty");
        }
        if (!keys.insert(x.key).second) {
            throw InputError(where + ".key", x.key, "given twice in family " + family);
        }
        if (e.contains("see_also")) {
            if (!e["see_also"].is_array()) {
                throw InputError(where + ".see_also", e["see_also"].dump(),
                                 "expected an array of keys");
            }
            for (const auto& s : e["see_also"]) {
                if (!s.is_string()) {
                    throw InputError(where + ".see_also", s.dump(), "expected a key");
                }
                x.seeAlso.push_back(s.get<std::string>());
            }
        }
        out.push_back(std::move(x));
    }
    return out;
}

std::vector<Entry> load() {
    std::vector<Entry> out;
    if (const auto folder = profileFolder("glossary")) {
        for (const auto& f : jsonFilesIn(*folder)) {
            auto more = entriesFromText(readText(f), f.string());
            out.insert(out.end(), std::make_move_iterator(more.begin()),
                       std::make_move_iterator(more.end()));
        }
    }
    return out;
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> all = load();
    return all;
}

const Entry* find(const std::string& key, const std::string& family) {
    for (const auto& e : entries()) {
        if (e.key == key && (family.empty() || e.family == family)) {
            return &e;
        }
    }
    return nullptr;
}

std::vector<Entry> search(const std::string& term, const std::string& family) {
    std::vector<Entry> exact, named, meant;
    const std::string t = lower(term);
    for (const auto& e : entries()) {
        if (!family.empty() && e.family != family) {
            continue;
        }
        if (e.key == term) {
            exact.push_back(e);
        } else if (lower(e.key).find(t) != std::string::npos ||
                   lower(e.symbol).find(t) != std::string::npos) {
            named.push_back(e);
        } else if (lower(e.meaning).find(t) != std::string::npos) {
            meant.push_back(e);
        }
    }
    if (!exact.empty()) {
        return exact;
    }
    named.insert(named.end(), meant.begin(), meant.end()); // names first, then meanings
    return named;
}

std::vector<std::string> families() {
    std::vector<std::string> out;
    for (const auto& e : entries()) {
        if (std::find(out.begin(), out.end(), e.family) == out.end()) {
            out.push_back(e.family);
        }
    }
    return out;
}

} // namespace cdx::glossary
