// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/grid_axis.hpp"

#include "params/input_error.hpp"

#include <cmath>
#include <set>

namespace cdx::search {

namespace {

std::string allowedText(const AxisRule& r) {
    return std::string("expected ") + (r.integers ? "whole numbers" : "numbers") + " in (" +
           formatNumber(r.min) + ", " + formatNumber(r.max) +
           "] or runs FROM:TO:STEP separated by commas, at most " + std::to_string(r.maxValues) +
           " values, each once (e.g. 2:32:2 or 12,24,36,48:480:48)";
}

bool number(std::string_view s, double& out) {
    while (!s.empty() && s.front() == ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    if (s.empty()) {
        return false;
    }
    const std::string t(s);
    std::size_t used = 0;
    try {
        out = std::stod(t, &used);
    } catch (const std::exception&) {
        return false;
    }
    return used == t.size() && std::isfinite(out);
}

} // namespace

std::vector<double> parseAxis(std::string_view text, const std::string& field, const AxisRule& r) {
    const std::string shown = text.empty() ? "\"\"" : std::string(text);
    // The item at fault first (issue 44: "32:2:2" was refused with the form it seemed to
    // follow), then the allowed form.
    const auto refuse = [&](const std::string& why = {}) {
        throw InputError(field, shown, (why.empty() ? "" : why + "; ") + allowedText(r));
    };
    std::vector<double> out;
    std::set<double> seen;
    const auto add = [&](double v) {
        if (!(v > r.min) || v > r.max) {
            refuse(formatNumber(v) + " is out of range");
        }
        if (r.integers && v != std::floor(v)) {
            refuse(formatNumber(v) + " is not a whole number");
        }
        if (!seen.insert(v).second) {
            refuse(formatNumber(v) + " appears twice");
        }
        if (out.size() >= r.maxValues) {
            refuse("more than " + std::to_string(r.maxValues) + " values");
        }
        out.push_back(v);
    };
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        const std::size_t c1 = item.find(':');
        if (c1 == std::string_view::npos) {
            double v = 0;
            if (!number(item, v)) {
                refuse(item.empty() ? "an empty item"
                                    : "\"" + std::string(item) + "\" is not a number");
            }
            add(v);
        } else {
            const std::size_t c2 = item.find(':', c1 + 1);
            double from = 0, to = 0, step = 0;
            const std::string run(item);
            if (c2 == std::string_view::npos || !number(item.substr(0, c1), from) ||
                !number(item.substr(c1 + 1, c2 - c1 - 1), to) ||
                !number(item.substr(c2 + 1), step)) {
                refuse("the run " + run + " is not FROM:TO:STEP");
            }
            if (!(step > 0)) {
                refuse("the run " + run + " has a step that is not positive");
            }
            if (to < from) {
                refuse("the run " + run + " goes down (" + formatNumber(from) + " > " +
                       formatNumber(to) + "): FROM must be at most TO");
            }
            if ((to - from) / step >= static_cast<double>(r.maxValues)) {
                refuse("the run " + run + " has more than " + std::to_string(r.maxValues) +
                       " values");
            }
            // from + i step (not repeated addition): no drift over a long run.
            const auto n = static_cast<std::size_t>(std::floor((to - from) / step * (1 + 1e-12)));
            for (std::size_t i = 0; i <= n; ++i) {
                add(from + static_cast<double>(i) * step);
            }
        }
        start = comma + 1;
    }
    return out;
}

std::string axisText(const std::vector<double>& values) {
    std::string out;
    std::size_t i = 0;
    while (i < values.size()) {
        std::size_t j = i + 1;
        if (i + 2 < values.size()) {
            const double step = values[i + 1] - values[i];
            if (step > 0) {
                j = i + 1;
                while (j + 1 < values.size() &&
                       values[j + 1] == values[i] + static_cast<double>(j + 1 - i) * step) {
                    ++j;
                }
                ++j; // one past the run's end
            }
        }
        if (!out.empty()) {
            out += ",";
        }
        if (j - i >= 3) {
            out += formatNumber(values[i]) + ":" + formatNumber(values[j - 1]) + ":" +
                   formatNumber(values[i + 1] - values[i]);
            i = j;
        } else {
            out += formatNumber(values[i]);
            ++i;
        }
    }
    return out;
}

} // namespace cdx::search
