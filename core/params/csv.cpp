// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/csv.hpp"

namespace cdx {

std::vector<std::string> splitCsvRecord(const std::string& line, bool* badQuote) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"' && cur.empty()) {
            quoted = true;
        } else if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (badQuote != nullptr) {
        *badQuote = quoted;
    }
    out.push_back(cur);
    for (auto& f : out) {
        while (!f.empty() && (f.back() == ' ' || f.back() == '\r')) {
            f.pop_back();
        }
        while (!f.empty() && f.front() == ' ') {
            f.erase(f.begin());
        }
    }
    return out;
}

} // namespace cdx
