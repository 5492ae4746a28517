// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/gpu_description.hpp"

#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

namespace cdx {

namespace {
constexpr std::array<std::string_view, 6> kKinds{"vendor",    "published", "measured",
                                                 "estimated", "fitted",    "yours"};

bool startsWith(const std::string& s, std::string_view prefix) {
    return s.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), s.begin(),
                      [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}
} // namespace

std::span<const std::string_view> valueKinds() {
    return kKinds;
}

bool isValueKind(std::string_view kind) {
    return std::find(kKinds.begin(), kKinds.end(), kind) != kKinds.end();
}

std::string kindOf(const Quantity& q) {
    if (!q.kind.empty()) {
        return q.kind;
    }
    if (q.edited || q.source == "set by user") {
        return "yours";
    }
    if (startsWith(q.source, "estimate")) {
        return "estimated";
    }
    if (startsWith(q.source, "measured")) {
        return "measured";
    }
    if (startsWith(q.source, "fitted")) {
        return "fitted";
    }
    for (const char* vendor : {"whitepaper", "CUDA C", "datasheet", "NVIDIA "}) {
        if (q.source.find(vendor) != std::string::npos) {
            return "vendor";
        }
    }
    return "published";
}

std::map<std::string, int> kindTally(const GpuProfile& gpu) {
    std::map<std::string, int> tally;
    for (const auto& [key, q] : gpu.params) {
        if (q.value) {
            ++tally[kindOf(q)];
        }
    }
    for (const auto& [stencil, q] : gpu.cIterByStencil) {
        if (q.value) {
            ++tally[kindOf(q)];
        }
    }
    return tally;
}

std::string kindCounts(const GpuProfile& gpu, const std::vector<std::string>& only) {
    const auto tally = kindTally(gpu);
    std::string out;
    for (const auto kind : kKinds) {
        const std::string k(kind);
        if (!only.empty() && std::find(only.begin(), only.end(), k) == only.end()) {
            continue;
        }
        const auto it = tally.find(k);
        if (it == tally.end() || it->second == 0) {
            continue;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(it->second) + " " + k;
    }
    return out.empty() ? std::string("no values") : out;
}

std::string_view blockOfKey(std::string_view key) {
    for (const auto& b : gpuBlocks()) {
        if (std::find(b.keys.begin(), b.keys.end(), key) != b.keys.end()) {
            return b.id;
        }
    }
    return "facts";
}

// --- Rules -----------------------------------------------------------------------------------

namespace {

// Recursive descent over  expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)* ;
// unary := '-' unary | primary ; primary := number | name | name '(' expr ',' expr ')' |
// '(' expr ')'. Evaluates left to right as written, so a rule computes exactly the double its
// text describes ("7.96e-10 * 1216 / clock_mhz").
class RuleParser {
public:
    RuleParser(const std::string& text, const std::string& field,
               const std::function<std::optional<double>(const std::string&)>* lookup,
               std::vector<std::string>* names)
        : s_(text), field_(field), lookup_(lookup), names_(names) {}

    std::optional<double> parse() {
        auto v = expr();
        skip();
        if (pos_ != s_.size()) {
            fail("unexpected '" + std::string(1, s_[pos_]) + "'");
        }
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw InputError(field_, "\"" + s_ + "\"",
                         "a rule: numbers, names of the chip's values, + - * / ( ), min(a, b), "
                         "max(a, b); " +
                             why + " at character " + std::to_string(pos_ + 1));
    }
    void skip() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) {
            ++pos_;
        }
    }
    bool eat(char c) {
        skip();
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    static std::optional<double> apply(char op, std::optional<double> a, std::optional<double> b) {
        if (!a || !b) {
            return std::nullopt;
        }
        switch (op) {
        case '+':
            return *a + *b;
        case '-':
            return *a - *b;
        case '*':
            return *a * *b;
        default:
            return *a / *b;
        }
    }
    std::optional<double> expr() {
        auto v = term();
        for (;;) {
            if (eat('+')) {
                v = apply('+', v, term());
            } else if (eat('-')) {
                v = apply('-', v, term());
            } else {
                return v;
            }
        }
    }
    std::optional<double> term() {
        auto v = unary();
        for (;;) {
            if (eat('*')) {
                v = apply('*', v, unary());
            } else if (eat('/')) {
                v = apply('/', v, unary());
            } else {
                return v;
            }
        }
    }
    std::optional<double> unary() {
        // Nesting is bounded: a rule is a short formula, and a deep one would exhaust the stack.
        if (++depth_ > 64) {
            fail("nested more than 64 deep");
        }
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{depth_};
        if (eat('-')) {
            auto v = unary();
            return v ? std::optional<double>(-*v) : std::nullopt;
        }
        return primary();
    }
    std::optional<double> primary() {
        skip();
        if (pos_ >= s_.size()) {
            fail("an operand is missing");
        }
        if (eat('(')) {
            auto v = expr();
            if (!eat(')')) {
                fail("')' expected");
            }
            return v;
        }
        const char c = s_[pos_];
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            // from_chars: the C locale's '.', whatever the user's locale (a decimal comma
            // would otherwise refuse every shipped rule).
            double v = 0;
            const auto [end, ec] = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), v);
            if (ec != std::errc() || !std::isfinite(v)) {
                fail("a number a double can hold is expected");
            }
            pos_ = static_cast<std::size_t>(end - s_.data());
            return v;
        }
        if (std::islower(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t start = pos_;
            const auto nameChar = [this](bool dash) {
                const auto ch = static_cast<unsigned char>(s_[pos_]);
                return std::islower(ch) || std::isdigit(ch) || ch == '_' || ch == '.' ||
                       (dash && ch == '-');
            };
            while (pos_ < s_.size() && nameChar(false)) {
                ++pos_;
            }
            // A stencil id may contain '-' ("c_iter_s.my-stencil"); elsewhere '-' subtracts.
            if (s_.compare(start, 9, "c_iter_s.") == 0) {
                while (pos_ < s_.size() && nameChar(true)) {
                    ++pos_;
                }
            }
            const std::string name = s_.substr(start, pos_ - start);
            if (name == "min" || name == "max") {
                if (!eat('(')) {
                    fail("'(' expected after " + name);
                }
                auto a = expr();
                if (!eat(',')) {
                    fail("',' expected in " + name + "(a, b)");
                }
                auto b = expr();
                if (!eat(')')) {
                    fail("')' expected");
                }
                if (!a || !b) {
                    return std::nullopt;
                }
                return name == "min" ? std::min(*a, *b) : std::max(*a, *b);
            }
            const bool cIter = name.rfind("c_iter_s.", 0) == 0 && name.size() > 9;
            if (!cIter) {
                const ParameterKey* k = findParameterKey(name);
                if (!k || k->owner != ParameterOwner::Gpu) {
                    pos_ = start;
                    fail("'" + name + "' is not a GPU value (known: " +
                         knownParameterKeys(ParameterOwner::Gpu) + ", c_iter_s.STENCIL)");
                }
            }
            if (names_) {
                names_->push_back(name);
            }
            return lookup_ ? (*lookup_)(name) : std::optional<double>(1.0);
        }
        fail("unexpected '" + std::string(1, c) + "'");
    }

    const std::string& s_;
    const std::string& field_;
    const std::function<std::optional<double>(const std::string&)>* lookup_;
    std::vector<std::string>* names_;
    std::size_t pos_ = 0;
    int depth_ = 0;
};

Quantity* valueOf(GpuProfile& gpu, const std::string& name) {
    if (name.rfind("c_iter_s.", 0) == 0) {
        const auto it = gpu.cIterByStencil.find(name.substr(9));
        return it == gpu.cIterByStencil.end() ? nullptr : &it->second;
    }
    const auto it = gpu.params.find(name);
    return it == gpu.params.end() ? nullptr : &it->second;
}

std::vector<std::string> ruleNames(const GpuProfile& gpu) {
    std::vector<std::string> out;
    for (const auto& [key, q] : gpu.params) {
        if (!q.rule.empty()) {
            out.push_back(key);
        }
    }
    for (const auto& [stencil, q] : gpu.cIterByStencil) {
        if (!q.rule.empty()) {
            out.push_back("c_iter_s." + stencil);
        }
    }
    return out;
}

} // namespace

std::vector<std::string> ruleInputs(const std::string& rule, const std::string& field) {
    std::vector<std::string> names;
    RuleParser(rule, field, nullptr, &names).parse();
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

std::optional<double>
evaluateRule(const std::string& rule,
             const std::function<std::optional<double>(const std::string&)>& lookup,
             const std::string& field) {
    return RuleParser(rule, field, &lookup, nullptr).parse();
}

void rederive(GpuProfile& gpu) {
    const std::string where = gpu.file.empty() ? "GPU " + gpu.id : gpu.file;
    std::map<std::string, int> state; // 1: being derived, 2: done
    std::function<void(const std::string&)> derive = [&](const std::string& name) {
        Quantity* q = valueOf(gpu, name);
        if (!q || q->rule.empty() || state[name] == 2) {
            return;
        }
        if (state[name] == 1) {
            throw InputError(name, "\"" + q->rule + "\"",
                             "a rule that does not use itself (the rules form a cycle through " +
                                 name + ")",
                             where);
        }
        state[name] = 1;
        const auto lookup = [&](const std::string& input) -> std::optional<double> {
            derive(input);
            const Quantity* in = valueOf(gpu, input);
            return in ? in->value : std::nullopt;
        };
        std::optional<double> v = evaluateRule(q->rule, lookup, name + ".rule");
        const std::string key = name.rfind("c_iter_s.", 0) == 0 ? "c_iter_s" : name;
        if (v && !std::isfinite(*v)) {
            v.reset(); // a division by zero (L = 0: no bandwidth limit): the value is undefined
        }
        if (v) {
            const ParameterKey* k = findParameterKey(key);
            if (k && k->integer) {
                v = std::round(*v * 1e9) / 1e9; // a count derived by a rule ("n_v") stays whole
            }
            if (k) {
                try {
                    checkParameterValue(*k, v, {});
                } catch (const InputError& e) {
                    throw InputError(name, formatNumber(*v),
                                     e.allowed() + " (derived by the rule " + q->rule + ")", where);
                }
            }
        }
        q->value = v;
        // A conversion (a rule of one value, not an estimate: freq_ghz = clock_mhz / 1000) has
        // the kind of what it converts, now: a typed clock makes a typed Freq.
        if (!q->kind.empty() && q->kind != "estimated") {
            const auto inputs = ruleInputs(q->rule, name + ".rule");
            if (inputs.size() == 1) {
                if (const Quantity* in = valueOf(gpu, inputs.front())) {
                    q->kind = kindOf(*in);
                }
            }
        }
        state[name] = 2;
    };
    for (const auto& name : ruleNames(gpu)) {
        derive(name);
    }
}

std::vector<std::string> followersOf(const GpuProfile& gpu, const std::string& key) {
    std::set<std::string> out;
    std::vector<std::string> todo{key};
    const auto names = ruleNames(gpu);
    while (!todo.empty()) {
        const std::string k = todo.back();
        todo.pop_back();
        for (const auto& name : names) {
            const Quantity* q = valueOf(const_cast<GpuProfile&>(gpu), name);
            std::vector<std::string> inputs;
            try {
                inputs = ruleInputs(q->rule);
            } catch (const InputError&) {
                continue;
            }
            if (std::find(inputs.begin(), inputs.end(), k) != inputs.end() &&
                out.insert(name).second) {
                todo.push_back(name);
            }
        }
    }
    return {out.begin(), out.end()};
}

namespace {
bool inputsKnown(GpuProfile& gpu, const std::string& rule) {
    for (const auto& in : ruleInputs(rule)) {
        const Quantity* q = valueOf(gpu, in);
        if (!q || (!q->value && q->rule.empty())) {
            return false;
        }
    }
    return true;
}
} // namespace

bool addEstimate(GpuProfile& gpu, const std::string& key, const std::string& rule,
                 const std::string& why) {
    const auto it = gpu.params.find(key);
    // A value the user cleared (null, yours) is theirs: no estimate replaces it.
    if ((it != gpu.params.end() &&
         (it->second.value || !it->second.rule.empty() || kindOf(it->second) == "yours")) ||
        !inputsKnown(gpu, rule)) {
        return false;
    }
    const ParameterKey* k = findParameterKey(key);
    Quantity q;
    q.unit = k ? std::string(k->unit) : std::string();
    q.kind = "estimated";
    q.rule = rule;
    q.source = "estimate: " + why;
    gpu.params[key] = std::move(q);
    return true;
}

bool addCIterEstimate(GpuProfile& gpu, const std::string& stencil, const std::string& rule,
                      const std::string& why) {
    const auto it = gpu.cIterByStencil.find(stencil);
    if ((it != gpu.cIterByStencil.end() &&
         (it->second.value || !it->second.rule.empty() || kindOf(it->second) == "yours")) ||
        !inputsKnown(gpu, rule)) {
        return false;
    }
    Quantity q;
    q.unit = "s";
    q.kind = "estimated";
    q.rule = rule;
    q.source = "estimate: " + why;
    gpu.cIterByStencil[stencil] = std::move(q);
    return true;
}

void completeGpu(GpuProfile& gpu) {
    for (const auto& b : gpuBlocks()) {
        if (b.complete) {
            b.complete(gpu);
        }
    }
    rederive(gpu);
}

const Quantity* cIterOf(const GpuProfile& gpu, const StencilProfile& stencil) {
    const auto own = gpu.cIterByStencil.find(stencil.id);
    const bool hasOwn = own != gpu.cIterByStencil.end() && own->second.value;
    const std::string kind = hasOwn ? kindOf(own->second) : std::string();
    // The user's own value on the chip (typed or fitted); then a value the stencil's file gives
    // for this GPU (a stencil of the user's, a fitted stencil file, an older session's edit);
    // then the chip's published or measured value; last the chip's estimate.
    if (kind == "yours" || kind == "fitted") {
        return &own->second;
    }
    if (const auto it = stencil.cIterByGpu.find(gpu.id);
        it != stencil.cIterByGpu.end() && it->second.value) {
        return &it->second;
    }
    return hasOwn ? &own->second : nullptr;
}

std::vector<std::string> estimatedValues(const GpuProfile& gpu,
                                         const std::vector<std::string>& keys,
                                         const std::string& stencil) {
    std::vector<std::string> out;
    for (const auto& k : keys) {
        const auto it = gpu.params.find(k);
        if (it != gpu.params.end() && it->second.value && kindOf(it->second) == "estimated") {
            out.push_back(k);
        }
    }
    if (!stencil.empty()) {
        const auto it = gpu.cIterByStencil.find(stencil);
        if (it != gpu.cIterByStencil.end() && it->second.value &&
            kindOf(it->second) == "estimated") {
            out.push_back("c_iter_s." + stencil);
        }
    }
    return out;
}

std::string estimatedLine(const GpuProfile& gpu, const std::vector<std::string>& keys,
                          const std::string& stencil) {
    const auto names = estimatedValues(gpu, keys, stencil);
    if (names.empty()) {
        return {};
    }
    std::string out = "estimated: ";
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i ? ", " : "") + names[i];
    }
    return out + " (rules of docs/model.md, Today's GPUs; cdx profiles --show " + gpu.id + ")";
}

const std::vector<ChipFact>& chipFacts() {
    static const std::vector<ChipFact> facts{
        {"die_area_mm2", {"n_sm", "n_v", "m_sm_kb", "r_sm", "l2_kb", "l1_shared_kb", "process_nm"}},
        {"board_power_w", {"n_sm", "n_v", "clock_mhz", "process_nm", "mem_spec_gbs"}},
    };
    return facts;
}

std::string chipFactEditedInputs(const GpuProfile& gpu, const std::string& key) {
    std::string out;
    for (const ChipFact& f : chipFacts()) {
        if (f.key != key) {
            continue;
        }
        // A value the user typed for this chip is the chip's own.
        if (const auto own = gpu.params.find(key); own != gpu.params.end() && own->second.edited) {
            return {};
        }
        for (const auto& in : f.inputs) {
            if (const auto it = gpu.params.find(in); it != gpu.params.end() && it->second.edited) {
                out += (out.empty() ? "" : ", ") + in;
            }
        }
    }
    return out;
}

void setAsideChipFacts(nlohmann::json& profile) {
    for (const char* block : {"facts", "params"}) {
        if (!profile.contains(block) || !profile[block].is_object()) {
            continue;
        }
        nlohmann::json& b = profile[block];
        const auto edited = [](const nlohmann::json& q) {
            return q.is_object() && q.contains("edited") && q["edited"] == true;
        };
        for (const ChipFact& f : chipFacts()) {
            if (!b.contains(f.key) || edited(b[f.key]) || !b[f.key].is_object() ||
                !b[f.key].contains("value") || !b[f.key]["value"].is_number()) {
                continue;
            }
            std::string inputs;
            for (const auto& in : f.inputs) {
                if (b.contains(in) && edited(b[in])) {
                    inputs += (inputs.empty() ? "" : ", ") + in;
                }
            }
            if (inputs.empty()) {
                continue;
            }
            nlohmann::json& q = b[f.key];
            const std::string unit = q.value("unit", std::string());
            q["source"] = "set aside: the base chip's " + formatNumber(q["value"].get<double>()) +
                          " " + unit + " (" + q.value("kind", std::string("vendor")) + ": " +
                          q.value("source", std::string()) + ") does not describe it with " +
                          inputs + " edited; type this chip's own";
            q["value"] = nullptr;
            q["kind"] = "yours";
        }
    }
}

std::optional<Die> dieOf(const GpuProfile& gpu) {
    const auto it = gpu.params.find("die_area_mm2");
    if (it == gpu.params.end() || !it->second.value ||
        !chipFactEditedInputs(gpu, "die_area_mm2").empty()) {
        return std::nullopt;
    }
    std::string die = gpu.architecture.empty() ? gpu.name : gpu.architecture;
    if (const auto space = die.rfind(' '); space != std::string::npos) {
        die = die.substr(space + 1);
    }
    std::string process = gpu.process;
    if (process.rfind("TSMC ", 0) == 0) {
        process = process.substr(5);
    }
    Die d;
    d.areaMm2 = *it->second.value;
    d.label = die + (process.empty() ? "" : ", " + process) + ", " + formatNumber(d.areaMm2) +
              " mm\u00b2";
    return d;
}

nlohmann::json deriveGpuProfile(const GpuProfile& base, const std::string& id,
                                const std::string& name, const std::vector<std::string>& sets) {
    GpuProfile g = base;
    StencilProfile noStencil;
    for (const auto& s : sets) {
        // A GPU is written: a stencil's key has no place in it (c_iter_s.STENCIL is the GPU's).
        const std::string key = s.substr(0, s.find('='));
        const ParameterKey* k = findParameterKey(key);
        if (k && k->owner == ParameterOwner::Stencil) {
            throw InputError("--set " + key, s.substr(std::min(s.size(), key.size() + 1)),
                             key == "c_iter_s"
                                 ? "C_iter of which stencil? give c_iter_s.STENCIL=SECONDS"
                                 : "is a stencil key; derive writes a GPU (GPU keys and "
                                   "c_iter_s.STENCIL)");
        }
        applyOverride(g, noStencil, g.id, s);
    }
    nlohmann::json j = toJson(g);
    return asUserProfile(j, "gpus", id, name.empty() ? base.name + " (derived)" : name);
}

} // namespace cdx
