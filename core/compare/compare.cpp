// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/compare.hpp"

#include "params/format.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cdx::compare {

std::optional<double> ComparedValue::delta() const {
    if (!a || !b) {
        return std::nullopt;
    }
    return *b - *a;
}

std::optional<double> ComparedValue::deltaPct() const {
    if (!a || !b) {
        return std::nullopt;
    }
    if (*a == *b) {
        return 0.0;
    }
    if (*a == 0) {
        return std::nullopt;
    }
    return 100 * (*b - *a) / std::abs(*a);
}

double logMean(double x, double y) {
    if (x == y) {
        return x;
    }
    return (y - x) / (std::log(y) - std::log(x));
}

nlohmann::ordered_json toJson(const ComparedValue& v) {
    const auto value = [](std::optional<double> x) {
        return x && std::isfinite(*x) ? nlohmann::ordered_json(*x)
                                      : nlohmann::ordered_json(nullptr);
    };
    if (v.isText()) {
        const auto text = [](const std::string& t) {
            return t.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t);
        };
        return {{"a", text(v.textA)},
                {"b", text(v.textB)},
                {"delta", nullptr},
                {"delta_pct", nullptr},
                {"changed", v.textA != v.textB}};
    }
    return {{"a", value(v.a)},
            {"b", value(v.b)},
            {"delta", value(v.delta())},
            {"delta_pct", value(v.deltaPct())}};
}

std::string percentText(std::optional<double> pct) {
    if (!pct) {
        return "n/a";
    }
    if (*pct == 0) {
        return "unchanged";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f %%", *pct);
    return buf;
}

namespace {
// `digits` significant digits, but a value of more integer digits than that is written whole
// (16160, 8392059: an exponent, "1.616e+04", hid that they are counts).
std::string readable(double x, int digits) {
    if (std::isfinite(x) && std::abs(x) >= std::pow(10.0, digits) && std::abs(x) < 1e15) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f", x);
        return buf;
    }
    return formatG(x, digits);
}
} // namespace

std::string change(double a, double b, int digits) {
    return a == b ? readable(a, digits) : readable(a, digits) + " → " + readable(b, digits);
}

std::string signedFixed(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%+.*f", decimals, x);
    std::string out = buf;
    if (out.find_first_not_of("+-0.") == std::string::npos) {
        out[0] = '+'; // a rounded zero has no sign of its own: "+0.000", not "-0.000"
    }
    return out;
}

int splitDecimals(const ComparedValue& total, const std::vector<Contribution>& parts) {
    const auto d = total.delta();
    double sum = 0;
    double largest = 0;
    for (const auto& p : parts) {
        sum += p.amount;
        largest = std::max(largest, std::abs(p.amount));
    }
    const double whole = d ? *d : sum;
    // 3 significant digits of the total's change (or of the largest term when it is 0).
    const double scale = std::abs(whole) > 0 ? std::abs(whole) : largest;
    int decimals = 0;
    if (scale > 0 && std::isfinite(scale)) {
        decimals = std::clamp(2 - static_cast<int>(std::floor(std::log10(scale))), 0, 15);
    }
    const auto rounded = [](double x, int n) {
        const double f = std::pow(10.0, n);
        return std::round(x * f) / f;
    };
    for (; decimals < 15; ++decimals) {
        double roundedSum = 0;
        for (const auto& p : parts) {
            roundedSum += rounded(p.amount, decimals);
        }
        if (std::abs(roundedSum - rounded(whole, decimals)) < 0.5 * std::pow(10.0, -decimals)) {
            break;
        }
    }
    return decimals;
}

const ComparedValue* splitTotal(const FamilyComparison& c) {
    if (c.contributions.empty()) {
        return nullptr;
    }
    double sum = 0, scale = 0;
    for (const auto& p : c.contributions) {
        sum += p.amount;
        scale = std::max(scale, std::abs(p.amount));
    }
    const ComparedValue* best = nullptr;
    double bestError = 0;
    for (const auto& v : c.values) {
        const auto d = v.delta();
        if (!d) {
            continue;
        }
        const double error = std::abs(*d - sum);
        if (error <= 1e-9 * std::max({scale, std::abs(*d), 1e-300}) &&
            (!best || error < bestError)) {
            best = &v;
            bestError = error;
        }
    }
    return best;
}

std::string explainSum(const ComparedValue& total, const std::vector<Contribution>& parts) {
    const int decimals = splitDecimals(total, parts);
    const std::string unit = total.unit.empty() ? "" : " " + total.unit;
    std::string s = total.name + " " + percentText(total.deltaPct());
    if (total.a && total.b) {
        // The change at the split's decimals, so that the terms below visibly add up to it.
        s += " (" + change(*total.a, *total.b) + unit + ", Δ " +
             signedFixed(*total.b - *total.a, decimals) + unit + ")";
    }
    std::vector<const Contribution*> order;
    for (const auto& p : parts) {
        order.push_back(&p);
    }
    std::stable_sort(order.begin(), order.end(), [](const auto* x, const auto* y) {
        return std::abs(x->amount) > std::abs(y->amount);
    });
    std::vector<std::string> moved, unchanged;
    for (const auto* p : order) {
        if (p->amount == 0) {
            unchanged.push_back(p->term);
        } else {
            moved.push_back(p->detail + " " + signedFixed(p->amount, decimals) +
                            (total.unit.empty() ? "" : " " + total.unit));
        }
    }
    for (std::size_t i = 0; i < moved.size(); ++i) {
        s.append(i == 0 ? ": " : "; ").append(moved[i]);
    }
    if (!unchanged.empty()) {
        s.append(moved.empty() ? ": " : "; ");
        for (std::size_t i = 0; i < unchanged.size(); ++i) {
            s.append(i == 0 ? "" : i + 1 == unchanged.size() ? " and " : ", ").append(unchanged[i]);
        }
        s.append(" unchanged");
    }
    return s;
}

nlohmann::ordered_json toJson(const FamilyComparison& c) {
    nlohmann::ordered_json quantities = nlohmann::ordered_json::object();
    for (const auto& v : c.values) {
        quantities[v.name] = toJson(v);
    }
    nlohmann::ordered_json contributions = nlohmann::ordered_json::object();
    for (const auto& x : c.contributions) {
        contributions[x.term] = x.amount;
    }
    return {{"title", c.title},
            {"quantities", quantities},
            {"contributions", contributions},
            {"explanation", c.explanation},
            {"error",
             c.error.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.error)}};
}

void addNumber(FamilyComparison& f, const std::string& name, const std::string& unit,
               std::optional<double> a, std::optional<double> b, bool integer,
               const std::string& source) {
    f.values.push_back({name, unit, source, a, b, integer, {}, {}});
}

void addText(FamilyComparison& f, const std::string& name, const std::string& a,
             const std::string& b) {
    ComparedValue v;
    v.name = name;
    v.textA = a;
    v.textB = b;
    f.values.push_back(std::move(v));
}

namespace {
void addJsonSide(FamilyComparison& f, const nlohmann::json& j, const std::string& prefix,
                 bool isA) {
    if (!j.is_object()) {
        return;
    }
    for (const auto& [key, value] : j.items()) {
        const std::string name = prefix.empty() ? key : prefix + "." + key;
        if (value.is_object()) {
            addJsonSide(f, value, name, isA);
            continue;
        }
        if (!value.is_number() && !value.is_string()) {
            continue;
        }
        auto it = std::find_if(f.values.begin(), f.values.end(),
                               [&name](const ComparedValue& v) { return v.name == name; });
        if (it == f.values.end()) {
            f.values.push_back({name, {}, {}, std::nullopt, std::nullopt, false, {}, {}});
            it = std::prev(f.values.end());
        }
        if (value.is_number()) {
            (isA ? it->a : it->b) = value.get<double>();
            it->integer = value.is_number_integer();
        } else {
            (isA ? it->textA : it->textB) = value.get<std::string>();
        }
    }
}
} // namespace

void addJson(FamilyComparison& f, const nlohmann::json& a, const nlohmann::json& b,
             const std::string& prefix) {
    addJsonSide(f, a, prefix, true);
    addJsonSide(f, b, prefix, false);
}

bool evaluateSides(FamilyComparison& f, const std::function<void()>& a,
                   const std::function<void()>& b) {
    bool both = true;
    for (const auto& [side, run] :
         {std::pair<const char*, const std::function<void()>*>{"baseline", &a},
          std::pair<const char*, const std::function<void()>*>{"session", &b}}) {
        try {
            (*run)();
        } catch (const InputError& e) {
            f.error += (f.error.empty() ? "" : "; ") + std::string(side) + ": " + e.what();
            both = false;
        }
    }
    if (!both) {
        f.explanation = f.error;
    }
    return both;
}

} // namespace cdx::compare
