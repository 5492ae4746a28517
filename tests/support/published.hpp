// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The published values of profiles/published/ (the one table `cdx reproduce` reports): test
// rows take their expected value from it by id, so a number cannot differ between the report
// and the tests.

#include "published/published.hpp"

#include <map>
#include <string>

namespace cdx::test {

// The files are read once per suite: published::find reads all of them on each call, which a
// suite with a hundred rows paid a hundred times (most of a sanitizer run's time in some).
inline const published::Entry& publishedEntry(const std::string& id) {
    static const std::map<std::string, published::Entry> entries = [] {
        std::map<std::string, published::Entry> m;
        for (auto& e : published::loadAll()) {
            const std::string key = e.id;
            m.emplace(key, std::move(e));
        }
        return m;
    }();
    const auto it = entries.find(id);
    if (it == entries.end()) {
        published::find(id); // throws, naming the unknown id
    }
    return it->second;
}

inline double published(const char* id) {
    return publishedEntry(id).published;
}

} // namespace cdx::test
