// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/lessons.hpp"

#include "compare/families.hpp"
#include "glossary/glossary.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"
#include "params/json_files.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace cdx::lessons {

namespace {

const std::set<std::string> kOps{"=", "<", ">", "changed", "<was", ">was"};

std::string text(const nlohmann::json& o, const char* field, const std::string& where,
                 bool required) {
    if (!o.contains(field)) {
        if (required) {
            throw InputError(where + "." + field, {}, "missing; expected a string");
        }
        return {};
    }
    if (!o[field].is_string()) {
        throw InputError(where + "." + field, o[field].dump(), "expected a string");
    }
    return o[field].get<std::string>();
}

void knownFields(const nlohmann::json& o, const std::set<std::string>& known,
                 const std::string& where) {
    for (const auto& [field, value] : o.items()) {
        if (known.count(field) == 0) {
            std::string list;
            for (const auto& k : known) {
                list += (list.empty() ? "" : ", ") + k;
            }
            throw InputError(where + "." + field, {}, "unknown field; expected " + list);
        }
    }
}

// An array of at least `least` non-empty texts; InputError naming `where` otherwise.
std::vector<std::string> lessonTexts(const nlohmann::json& a, const std::string& where,
                                     std::size_t least, const char* array, const char* item) {
    if (!a.is_array() || a.size() < least) {
        throw InputError(where, a.dump().substr(0, 40), std::string("expected ") + array);
    }
    std::vector<std::string> out;
    for (const auto& x : a) {
        if (!x.is_string() || x.get<std::string>().empty()) {
            throw InputError(where, x.dump(), std::string("expected ") + item);
        }
        out.push_back(x.get<std::string>());
    }
    return out;
}

// A reference is "session:/pointer" or "family:name" with a family of compare/families.
void checkReference(const std::string& ref, const std::string& where) {
    const auto colon = ref.find(':');
    const std::string family = colon == std::string::npos ? std::string() : ref.substr(0, colon);
    if (family == "session") {
        if (ref.size() <= colon + 1 || ref[colon + 1] != '/') {
            throw InputError(where, ref, "expected session:/JSON-POINTER");
        }
        return;
    }
    for (const auto& f : compare::compareFamilies()) {
        if (f.id == family && ref.size() > colon + 1) {
            return;
        }
    }
    for (const auto& v : valueSources()) {
        if (v.id == family && ref.size() > colon + 1) {
            return;
        }
    }
    throw InputError(where, ref,
                     "expected session:/JSON-POINTER or FAMILY:NAME with FAMILY one of " +
                         referenceFamilies());
}

std::optional<double> number(const nlohmann::json& o, const std::string& where) {
    if (!o.contains("number")) {
        return std::nullopt;
    }
    if (!o["number"].is_number() || !std::isfinite(o["number"].get<double>())) {
        throw InputError(where + ".number", o["number"].dump(), "expected a finite number");
    }
    return o["number"].get<double>();
}

// Every [[...]] of a text names a glossary entry.
void checkLinks(const std::string& text, const std::string& where) {
    for (const auto& l : glossaryLinks(text)) {
        if (l.key.empty() || glossary::find(l.key, l.family) == nullptr) {
            throw InputError(where, text.substr(l.begin, l.end - l.begin),
                             "names no glossary entry; expected [[KEY]] or [[FAMILY:KEY]] with "
                             "a key of profiles/glossary/ (cdx glossary lists them)");
        }
    }
}

Act actOf(const nlohmann::json& a, const std::string& aw) {
    if (!a.is_object()) {
        throw InputError(aw, a.dump(), "expected an object");
    }
    knownFields(a, {"set", "number", "text"}, aw);
    Act act;
    act.set = text(a, "set", aw, true);
    act.number = number(a, aw);
    act.text = text(a, "text", aw, false);
    if (act.set.empty() || act.set[0] != '/' || act.number.has_value() == !act.text.empty()) {
        throw InputError(aw, a.dump(),
                         "expected {\"set\": \"/JSON-POINTER\"} with a number or a text");
    }
    return act;
}

Question questionOf(const nlohmann::json& q, const std::string& where, std::size_t steps) {
    if (!q.is_object()) {
        throw InputError(where, q.dump().substr(0, 40), "expected an object");
    }
    knownFields(q, {"ask", "answer", "choices", "tolerance", "given", "hint", "step"}, where);
    Question out;
    out.ask = text(q, "ask", where, true);
    out.answer = text(q, "answer", where, true);
    checkReference(out.answer, where + ".answer");
    out.hint = text(q, "hint", where, true);
    if (!q.contains("step") || !q["step"].is_number_integer() || q["step"].get<long>() < 1 ||
        q["step"].get<long>() > static_cast<long>(steps)) {
        throw InputError(where + ".step", q.contains("step") ? q["step"].dump() : "",
                         "expected the number of the step that explains it, 1 to " +
                             std::to_string(steps));
    }
    out.step = q["step"].get<int>();
    if (q.contains("choices")) {
        out.choices = lessonTexts(q["choices"], where + ".choices", 2,
                                  "an array of at least 2 texts", "a text");
    }
    if (q.contains("tolerance")) {
        if (!q["tolerance"].is_number() || !(q["tolerance"].get<double>() >= 0) ||
            !(q["tolerance"].get<double>() < 1) || !out.choices.empty()) {
            throw InputError(where + ".tolerance", q["tolerance"].dump(),
                             "expected a relative tolerance in [0, 1), for a number only");
        }
        out.tolerance = q["tolerance"].get<double>();
    }
    if (q.contains("given")) {
        out.given = actOf(q["given"], where + ".given");
    }
    for (const std::string* t : {&out.ask, &out.hint}) {
        for (const auto& ref : references(*t)) {
            checkReference(ref, where + (t == &out.ask ? ".ask" : ".hint"));
        }
        checkLinks(*t, where + (t == &out.ask ? ".ask" : ".hint"));
    }
    return out;
}

// Lower case, '_' as a space, spaces trimmed and single.
std::string words(const std::string& t) {
    std::string out;
    for (char c : t) {
        c = c == '_' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (c == ' ' && (out.empty() || out.back() == ' ')) {
            continue;
        }
        out += c;
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
    }
    return out;
}

} // namespace

std::string formatValue(const Value& v) {
    if (!v.found || (!v.number && v.text.empty())) {
        return "n/a";
    }
    if (v.number) {
        // 4 significant digits; from 10,000 on, whole numbers with thousands separators
        // ("50,728 cycles", not "5.073e+04").
        const double x = *v.number;
        char buf[64];
        if (std::abs(x) >= 1e4 && std::abs(x) < 1e15) {
            std::snprintf(buf, sizeof buf, "%.0f", std::abs(x));
            std::string digits = buf;
            for (auto i = static_cast<long>(digits.size()) - 3; i > 0; i -= 3) {
                digits.insert(static_cast<std::size_t>(i), ",");
            }
            return (x < 0 ? "-" : "") + digits;
        }
        std::snprintf(buf, sizeof buf, x == std::floor(x) ? "%.0f" : "%.4g", x);
        return buf;
    }
    std::string t = v.text;
    for (char& c : t) {
        c = c == '_' ? ' ' : c;
    }
    return t;
}

Lesson lessonFromText(const std::string& content, const std::string& file) {
    const nlohmann::json j = parseJson(content, file);
    if (!j.is_object()) {
        throw InputError("lesson", {}, "expected an object", file);
    }
    knownFields(j, {"title", "summary", "session", "baseline", "steps", "questions"}, file);
    Lesson l;
    l.file = file;
    l.id = std::filesystem::path(file).stem().string();
    l.title = text(j, "title", file, true);
    l.summary = text(j, "summary", file, true);
    l.session = text(j, "session", file, true);
    if (j.contains("baseline")) {
        if (!j["baseline"].is_string() || j["baseline"].get<std::string>() != "start") {
            throw InputError(file + ".baseline", j["baseline"].dump(),
                             "expected \"start\" (the lesson pins its starting session)");
        }
        l.baselineAtStart = true;
    }
    if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].size() < 4 ||
        j["steps"].size() > 8) {
        throw InputError(file + ".steps",
                         j.contains("steps") ? j["steps"].dump().substr(0, 40) : "",
                         "expected an array of 4 to 8 steps");
    }
    for (std::size_t i = 0; i < j["steps"].size(); ++i) {
        const nlohmann::json& s = j["steps"][i];
        const std::string where = file + ": steps[" + std::to_string(i) + "]";
        if (!s.is_object()) {
            throw InputError(where, s.dump(), "expected an object");
        }
        knownFields(
            s, {"title", "text", "done", "workspace", "view", "highlight", "rows", "check", "act"},
            where);
        Step st;
        st.title = text(s, "title", where, true);
        st.text = text(s, "text", where, true);
        st.done = text(s, "done", where, false);
        st.workspace = text(s, "workspace", where, true);
        st.view = text(s, "view", where, false);
        st.highlight = text(s, "highlight", where, false);
        if (s.contains("rows")) {
            st.rows = lessonTexts(s["rows"], where + ".rows", 1,
                                  "an array of the table's row names", "a row's name");
        }
        if (s.contains("check")) {
            const nlohmann::json& c = s["check"];
            const std::string cw = where + ".check";
            if (!c.is_object()) {
                throw InputError(cw, c.dump(), "expected an object");
            }
            knownFields(c, {"value", "op", "number", "text"}, cw);
            Check k;
            k.value = text(c, "value", cw, true);
            checkReference(k.value, cw + ".value");
            k.op = text(c, "op", cw, true);
            if (kOps.count(k.op) == 0) {
                throw InputError(cw + ".op", k.op, "expected =, <, >, changed, <was or >was");
            }
            k.number = number(c, cw);
            k.text = text(c, "text", cw, false);
            const bool needsOperand = k.op == "=" || k.op == "<" || k.op == ">";
            if (needsOperand != (k.number.has_value() || !k.text.empty()) ||
                (!k.text.empty() && k.op != "=")) {
                throw InputError(cw, c.dump(),
                                 "=, < and > need a number (= also a text); changed, <was and "
                                 ">was need none");
            }
            st.check = k;
        }
        if (s.contains("act")) {
            st.act = actOf(s["act"], where + ".act");
        }
        for (const std::string* t : {&st.text, &st.done}) {
            for (const auto& ref : references(*t)) {
                checkReference(ref, where + (t == &st.text ? ".text" : ".done"));
            }
            checkLinks(*t, where + (t == &st.text ? ".text" : ".done"));
        }
        l.steps.push_back(std::move(st));
    }
    if (!j.contains("questions")) {
        return l; // a lesson of the first format: no self-check at its end
    }
    if (!j["questions"].is_array() || j["questions"].size() < 2 || j["questions"].size() > 5) {
        throw InputError(file + ".questions", j["questions"].dump().substr(0, 40),
                         "expected an array of 2 to 5 self-check questions");
    }
    for (std::size_t i = 0; i < j["questions"].size(); ++i) {
        l.questions.push_back(questionOf(
            j["questions"][i], file + ": questions[" + std::to_string(i) + "]", l.steps.size()));
    }
    return l;
}

std::string referenceFamilies() {
    std::string out = compare::familyIds();
    for (const auto& v : valueSources()) {
        out += ", ";
        out += v.id;
    }
    return out;
}

std::vector<Lesson> load(std::vector<std::string>* refused) {
    std::vector<Lesson> out;
    if (const auto folder = profileFolder("lessons")) {
        for (const auto& f : jsonFilesIn(*folder)) {
            try {
                out.push_back(lessonFromText(readText(f), f.string()));
            } catch (const InputError& e) {
                if (refused == nullptr) {
                    throw;
                }
                refused->emplace_back(e.what());
            }
        }
    }
    return out;
}

namespace {
struct Loaded {
    std::vector<Lesson> lessons;
    std::vector<std::string> refused;
};
const Loaded& loaded() {
    static const Loaded all = [] {
        Loaded l;
        l.lessons = load(&l.refused);
        return l;
    }();
    return all;
}
} // namespace

const std::vector<Lesson>& lessons() {
    return loaded().lessons;
}

const std::vector<std::string>& refusedLessons() {
    return loaded().refused;
}

Values::Values(SessionState s) : state_(std::move(s)) {}

Value Values::get(const std::string& ref) {
    const auto colon = ref.find(':');
    if (colon == std::string::npos) {
        return {};
    }
    const std::string family = ref.substr(0, colon);
    const std::string name = ref.substr(colon + 1);
    if (family == "session") {
        if (!json_) {
            json_ = nlohmann::json::parse(sessionToJson(state_));
        }
        Value v;
        try {
            const nlohmann::json& x = json_->at(nlohmann::json::json_pointer(name));
            v.found = true;
            if (x.is_number()) {
                v.number = x.get<double>();
            } else if (x.is_string()) {
                v.text = x.get<std::string>();
            } else if (x.is_boolean()) {
                v.text = x.get<bool>() ? "true" : "false";
            }
        } catch (const nlohmann::json::exception&) {
            return {};
        }
        return v;
    }
    auto it = families_.find(family);
    if (it == families_.end()) {
        std::map<std::string, Value> values;
        const auto take = [&values](const compare::FamilyComparison& c) {
            for (const auto& q : c.values) {
                Value v;
                v.found = true;
                v.number = q.b;
                v.text = q.textB;
                values[q.name] = v;
            }
        };
        try {
            const auto& sources = valueSources();
            const auto source = std::find_if(sources.begin(), sources.end(),
                                             [&family](const auto& v) { return v.id == family; });
            if (source != sources.end()) {
                take(source->evaluate(state_));
            } else {
                for (const auto& c : compare::compareSessions(state_, state_, family)) {
                    take(c);
                }
            }
        } catch (const InputError&) {
        }
        it = families_.emplace(family, std::move(values)).first;
    }
    const auto found = it->second.find(name);
    return found == it->second.end() ? Value{} : found->second;
}

std::vector<std::string> references(const std::string& text) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while ((pos = text.find('{', pos)) != std::string::npos) {
        const auto end = text.find('}', pos);
        if (end == std::string::npos) {
            break;
        }
        std::string ref = text.substr(pos + 1, end - pos - 1);
        if (ref.rfind("was:", 0) == 0) {
            ref = ref.substr(4);
        }
        out.push_back(ref);
        pos = end + 1;
    }
    return out;
}

std::string render(const std::string& text, Values& now, Values& was) {
    std::string out;
    std::size_t pos = 0;
    while (true) {
        const auto open = text.find('{', pos);
        const auto close = open == std::string::npos ? open : text.find('}', open);
        if (close == std::string::npos) {
            out += text.substr(pos);
            return out;
        }
        out += text.substr(pos, open - pos);
        const std::string ref = text.substr(open + 1, close - open - 1);
        out += ref.rfind("was:", 0) == 0 ? formatValue(was.get(ref.substr(4)))
                                         : formatValue(now.get(ref));
        pos = close + 1;
    }
}

bool satisfied(const Check& c, Values& now, Values& was) {
    const Value v = now.get(c.value);
    if (c.op == "changed") {
        const Value w = was.get(c.value);
        return v.found && (v.number != w.number || v.text != w.text);
    }
    if (c.op == "<was" || c.op == ">was") {
        const Value w = was.get(c.value);
        if (!v.number || !w.number) {
            return false;
        }
        return c.op == "<was" ? *v.number < *w.number : *v.number > *w.number;
    }
    if (!c.text.empty()) {
        return v.text == c.text;
    }
    if (!v.number || !c.number) {
        return false;
    }
    const double tol = 1e-9 * std::max(1.0, std::abs(*c.number));
    if (c.op == "=") {
        return std::abs(*v.number - *c.number) <= tol;
    }
    return c.op == "<" ? *v.number < *c.number : *v.number > *c.number;
}

SessionState applyAct(const SessionState& s, const Act& a) {
    // A profile parameter's value is set through the setter its editor uses, so "Show me" and
    // the control leave the same session (issue 55: Show me kept the profile's source beside
    // an edited value, and a value set back stayed edited).
    {
        const nlohmann::json::json_pointer p(a.set);
        std::vector<std::string> t;
        for (auto q = p; !q.empty(); q = q.parent_pointer()) {
            t.insert(t.begin(), q.back());
        }
        if (!a.text.empty() && t == std::vector<std::string>{"gpu", "id"}) {
            SessionState next = s;
            chooseGpuProfile(next, a.text);
            return next;
        }
        if (a.number && t.size() >= 3 && t.back() == "value") {
            SessionState next = s;
            const std::string key = t[t.size() - 2];
            const bool cIter = t.size() >= 4 && t[t.size() - 3] == "c_iter_s";
            const std::string gpuKey = cIter ? "c_iter_s." + key : key;
            if (t[0] == "mwp" && t[1] == "kernel") {
                mwp::setKernelParameter(next.mwp.gpu, next.mwp.kernel, key, *a.number);
                return next;
            }
            if (t[0] == "mwp" && t[1] == "gpu") {
                setGpuParameter(next.mwp.gpu, gpuKey, *a.number);
                return next;
            }
            if (t[0] == "gpu") {
                setGpuParameter(next.gpu, gpuKey, *a.number);
                return next;
            }
        }
    }
    nlohmann::json j = nlohmann::json::parse(sessionToJson(s));
    const nlohmann::json::json_pointer p(a.set);
    if (!j.contains(p)) {
        throw InputError("act.set", a.set, "names no field of the session");
    }
    if (a.number && j.at(p).is_number_integer() && *a.number == std::floor(*a.number) &&
        std::abs(*a.number) < 9e15) {
        j[p] = static_cast<std::int64_t>(*a.number); // a count stays a whole number
    } else {
        j[p] = a.number ? nlohmann::json(*a.number) : nlohmann::json(a.text);
    }
    if (a.number && j.at(p.parent_pointer()).contains("source") && p.back() == "value") {
        j[p.parent_pointer()]["edited"] = true;
    }
    return sessionFromJson(j.dump(), "lesson");
}

std::vector<GlossaryLink> glossaryLinks(const std::string& text) {
    std::vector<GlossaryLink> out;
    std::size_t pos = 0;
    while ((pos = text.find("[[", pos)) != std::string::npos) {
        const auto end = text.find("]]", pos + 2);
        if (end == std::string::npos) {
            break;
        }
        GlossaryLink l;
        l.begin = pos;
        l.end = end + 2;
        const std::string inside = text.substr(pos + 2, end - pos - 2);
        const auto colon = inside.find(':');
        const auto& families = glossary::families();
        if (colon != std::string::npos && std::find(families.begin(), families.end(),
                                                    inside.substr(0, colon)) != families.end()) {
            l.family = inside.substr(0, colon);
            l.key = inside.substr(colon + 1);
        } else {
            l.key = inside;
        }
        out.push_back(std::move(l));
        pos = end + 2;
    }
    return out;
}

std::string withoutLinkMarks(const std::string& text) {
    std::string out;
    std::size_t pos = 0;
    for (const auto& l : glossaryLinks(text)) {
        out += text.substr(pos, l.begin - pos);
        out += l.key;
        pos = l.end;
    }
    return out + text.substr(pos);
}

Value answerOf(const Question& q, const SessionState& now) {
    Values v(q.given ? applyAct(now, *q.given) : now);
    return v.get(q.answer);
}

Verdict checkAnswer(const Question& q, const SessionState& now, const std::string& typed) {
    Verdict out;
    Value expected;
    try {
        expected = answerOf(q, now);
    } catch (const InputError& e) {
        out.message = std::string("the model has no answer for this session: ") + e.what();
        return out;
    }
    out.expected = formatValue(expected);
    if (!expected.found || (!expected.number && expected.text.empty())) {
        out.message = "the model has no answer for this session";
        return out;
    }
    if (!q.choices.empty()) {
        const std::string answer = words(expected.text);
        const std::string given = words(typed);
        if (given.empty()) {
            out.message = "pick one of the choices";
            return out;
        }
        out.kind = given == answer ? Verdict::Right : Verdict::Wrong;
        return out;
    }
    // A number: thousands separators and spaces dropped; what follows it (a unit) ignored.
    std::string digits;
    for (const char c : typed) {
        if (c != ',' && c != ' ') {
            digits += c;
        }
    }
    const char* begin = digits.c_str();
    char* end = nullptr;
    const double x = std::strtod(begin, &end);
    if (end == begin || !std::isfinite(x) || !expected.number) {
        out.message = "type a number (digits, a unit after it if you like)";
        return out;
    }
    const double want = *expected.number;
    const double tol = std::max(q.tolerance * std::abs(want), 1e-12);
    out.kind = std::abs(x - want) <= tol ? Verdict::Right : Verdict::Wrong;
    return out;
}

} // namespace cdx::lessons
