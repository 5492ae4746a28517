// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"
#include "session/session.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

// Guided lessons (issue 31): data files in profiles/lessons/ (one lesson each: the example
// session it starts from and 4-8 steps), and what a runner needs to walk them: the values a
// step's text quotes and its check reads, computed by core from the session on screen, never
// typed into the lesson. No Qt: the window's runner (app/gui/lesson_runner) and the tests use
// these functions.
namespace cdx::lessons {

// A condition on one value: `value` is a reference (see Values), `op` one of "=", "<", ">",
// "changed" (differs from the value when the step began), "<was", ">was" (smaller/larger
// than then). "=", "<" and ">" compare with `number`, or "=" with `text`.
struct Check {
    std::string value;
    std::string op;
    std::optional<double> number;
    std::string text;
};

// What "Show me" does for the student (and what the tests do): sets the session's field at
// JSON pointer `set` (as sessionToJson writes it) to `number` or `text`. A profile
// parameter's value ("/gpu/facts/n_sm/value") is marked edited, as the editors mark it.
struct Act {
    std::string set;
    std::optional<double> number;
    std::string text;
};

struct Step {
    std::string title;
    std::string text; // what to look at and what to do; {references} are filled in
    std::string done; // shown once the check holds ({was:...} is the value at the step's start)
    std::string workspace; // the workspace id the step shows ("talg")
    std::string view;      // the view's file stem ("breakdown"); empty: the workspace's current
    std::string highlight; // objectName of the control to look at; empty: none
    // Rows of the view's table the text asks to watch ("N_w", "w"): brought into sight and
    // selected when the step begins (issue 55: the breakdown was scrolled past them).
    std::vector<std::string> rows;
    std::optional<Check> check; // none: a step to read; Next is offered at once
    std::optional<Act> act;
};

// A self-check question at the end of a lesson (issue 62): the student computes or reads the
// answer in the window and types it (a number) or picks it (one of `choices`); the model checks
// it. The answer is always a value the model computes, `answer` (a reference as in a step's
// text), on the session on screen, or on it with `given` applied where the question asks "if
// ..." (the student sets it in the window, which leaves the same session). Never a typed number.
struct Question {
    std::string ask;                  // the question; {references} are filled in as in a step
    std::string answer;               // "talg:rounds", "occupancy:limiter"
    std::vector<std::string> choices; // empty: a number is typed
    double tolerance = 0.01;          // relative, for a number
    std::optional<Act> given;
    std::string hint; // where to look; {references} are filled in
    int step = 0;     // 1-based: the step that explains it (the hint's "Show where")
};

struct Lesson {
    std::string id;      // the file's stem
    std::string title;   // "Why does T_alg jump?"
    std::string summary; // one sentence for the Start page
    std::string session; // the shipped example session it starts from ("fig4-heat2d-gtx980")
    // The lesson pins the session it starts from as the baseline, so that the views which mark
    // the baseline (the codesign view's dashed circles, the roofline's hollow point, the
    // Compare dock) show where the student started.
    bool baselineAtStart = false;
    std::vector<Step> steps;
    std::vector<Question> questions; // 2 to 5; none in a lesson of the first format
    std::string file;
};

// Every lesson in profiles/lessons/ on the profile search path, in file order. InputError
// naming the file, the step and the field for a malformed lesson; with `refused`, a malformed
// lesson is left out and its error added there instead.
std::vector<Lesson> load(std::vector<std::string>* refused = nullptr);
// Read once, the malformed ones left out (a lesson file of the user's that this version refuses
// must not keep the window from opening) and said by refusedLessons().
const std::vector<Lesson>& lessons();
const std::vector<std::string>& refusedLessons();
Lesson lessonFromText(const std::string& text, const std::string& file);

// A value read from a session.
struct Value {
    bool found = false; // the reference names something the session has
    std::optional<double> number;
    std::string text;
};

// Where a reference's values come from besides the comparison's families (compare/families):
// the views whose numbers `cdx compare` does not print. One line per source in
// lessons/value_sources.cpp: "roofline" (search::rooflineOfSession), "occupancy"
// (occupancy::evaluateSession), "trust" (published::trustOfSession).
struct ValueSource {
    const char* id;
    compare::FamilyComparison (*evaluate)(const SessionState&);
};
const std::vector<ValueSource>& valueSources();
// Every family and source a reference may name, comma-separated.
std::string referenceFamilies();

// The values of one session state: "session:/POINTER" is a field of the saved session
// (sessionToJson), "FAMILY:NAME" a quantity of that family's comparison (compare/families:
// every value `cdx compare` prints, "talg:rounds", "mwp:case", "area:total_mm2") or of a value
// source above ("roofline:intensity"). Each family is evaluated once, on first use.
class Values {
public:
    explicit Values(SessionState s);
    Value get(const std::string& ref);

private:
    SessionState state_;
    std::optional<nlohmann::json> json_;
    std::map<std::string, std::map<std::string, Value>> families_;
};

// `text` with every {REF} replaced by the value now and {was:REF} by the value in `was`
// (numbers with 4 significant digits, from 10,000 on whole with thousands separators; "n/a"
// where there is none; words with "_" as spaces).
std::string render(const std::string& text, Values& now, Values& was);
// The references a text or check uses ("talg:T_alg", "was:talg:N_w" -> "talg:N_w").
std::vector<std::string> references(const std::string& text);
bool satisfied(const Check& c, Values& now, Values& was);
// `s` with the act applied. InputError when the pointer names no field of the session or the
// result is not a valid session. "/gpu/id" with a text chooses that GPU profile as the GPU
// editors do (chooseGpuProfile: the area model moves to the chip's node).
SessionState applyAct(const SessionState& s, const Act& a);

// A value formatted as the lesson panel writes it (render).
std::string formatValue(const Value& v);

// Glossary links in a lesson's text: [[KEY]] (the entry of the step's workspace families,
// else any family's) or [[FAMILY:KEY]]. The panel shows KEY as a link that opens its card.
struct GlossaryLink {
    std::size_t begin = 0, end = 0; // the "[[...]]" in the text
    std::string family;             // as written; empty: any
    std::string key;
};
std::vector<GlossaryLink> glossaryLinks(const std::string& text);
// `text` with every [[...]] replaced by its KEY (the plain text the student reads).
std::string withoutLinkMarks(const std::string& text);

// A self-check answer against the model.
struct Verdict {
    enum Kind { Right, Wrong, Unreadable } kind = Unreadable;
    std::string expected; // the model's answer, formatted as the panel writes values
    std::string message;  // why an answer is unreadable ("type a number, such as 12.5")
};
// The model's answer to `q` on `now` (with its `given` applied).
Value answerOf(const Question& q, const SessionState& now);
// `typed` against it: a number within the relative tolerance (thousands separators and a unit
// after the number are allowed: "50,728 cycles", "22 %"), or the choice whose words are the
// answer's ("memory bound" for memory_bound, in any case).
Verdict checkAnswer(const Question& q, const SessionState& now, const std::string& typed);

} // namespace cdx::lessons
