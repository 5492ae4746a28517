// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

// The published values the project reproduces (issue 19): one table, profiles/published/*.json,
// read by `cdx reproduce` and by the test rows (one source of truth). Each entry names its
// source, the cdx command that computes it, where the value is in that command's --json output,
// the printed value, the tolerance and, where the printed value is known to be wrong, the
// erratum with the value the model gives instead. docs/formats.md "Published values".
namespace cdx::published {

// Printed: the value appears in the document (a table, a figure, the text). Derived: a worked
// example of the spec notes, computed from the document's equations and inputs (the number is
// not printed there); derivedFrom says from what.
enum class Kind { Printed, Derived };
const char* name(Kind k); // "printed", "derived"

struct Entry {
    std::string id;       // unique over all files: "ppopp17-example-a-talg"
    std::string document; // the source document: "PPoPP'17", "Hong's thesis", ...
    std::string source;   // where in it: "Table 4", "spec talg-time-model.md §2.6 Example A"
    Kind kind = Kind::Printed;
    std::string derivedFrom;          // derived entries: "the spec note talg-time-model.md §2.6"
    std::string family;               // talg, area, mwp, energy, eatss, chain
    std::vector<std::string> command; // cdx arguments (without --json)
    std::string quantity;             // JSON pointer into the command's --json output
    double published = 0;             // the value as printed
    std::string unit;
    double tolerance = 0; // absolute, in `unit`
    std::string variant;  // the model variant that reproduces it
    // The erratum: why the printed value is wrong, and the value a consistent model gives.
    std::string erratum;
    std::optional<double> corrected;
    std::string file; // where the entry was read from
};

enum class Verdict { Reproduced, WithinErratum, Differs };
const char* name(Verdict v); // "reproduced", "differs within the erratum", "differs"

// reproduced: |computed - published| <= tolerance; within the erratum: otherwise, and the entry
// has an erratum whose corrected value is met within the tolerance; else differs.
Verdict verdict(const Entry& e, double computed);

// Every entry of every file of the first profiles/published/ folder on the profile search path,
// in file then entry order. Throws InputError (file, member path, what is allowed) on a bad
// file or a duplicate id.
std::vector<Entry> loadAll();
std::vector<Entry> loadFile(const std::filesystem::path& path);
// The same from a file's text (`file` names it in errors).
std::vector<Entry> entriesFromText(const std::string& content, const std::string& file);

// The entry `id` (InputError naming the known ids' files when unknown).
Entry find(const std::string& id);

// How far a model can be trusted (profiles/validity/<family>.json): where it was calibrated,
// the accuracy its source claims, and real measurements it was or was not calibrated on.
struct Claim {
    std::string claim;
    std::string source;
};
struct Measurement {
    std::string id;
    std::string chip;
    bool calibration = false; // the model was fitted to it (not a validation point)
    std::vector<std::string> command;
    std::string quantity;
    double real = 0;
    std::string unit;
    std::string source;
};
// One bound of the calibration domain, on a value of the session (a JSON pointer into the
// session file, docs/formats.md): a value among `oneOf` (strings), a number in [min, max], or
// a profile whose values are all as published (`unedited`).
struct DomainCondition {
    std::string what;    // "GPU profile", "n_V (vector units per SM)"
    std::string pointer; // "/gpu/id", "/gpu/facts/n_v/value"
    std::vector<std::string> oneOf;
    std::optional<double> min;
    std::optional<double> max;
    bool zeroMeansNone = false; // 0 (the part is left out, exactly modelled) is inside too
    // Inside when no value under the pointer is marked "edited" (a profile as published).
    bool unedited = false;
    // Inside when no value under the pointer has a source beginning "estimate:" (today's GPUs:
    // docs/model.md "Today's GPUs"). The pointer may name a session value in braces,
    // "/stencil/c_iter_s/{/gpu/id}": the C_iter of the session's GPU.
    bool measured = false;
    std::string why; // where the bound comes from
};
struct Validity {
    std::string family;
    std::string name;  // short, for messages: "die-area model", "time model (T_alg)"
    std::string model; // the long title
    std::string calibratedOn;
    std::vector<Claim> claims;
    std::vector<Measurement> validation;
    std::vector<DomainCondition> domain;
    std::string file;
};
// Every file of the first profiles/validity/ folder on the profile search path, by name.
std::vector<Validity> loadValidity();
Validity loadValidityFile(const std::filesystem::path& path);
Validity validityFromText(const std::string& content, const std::string& file);

// The validity file of `family`, if there is one.
std::optional<Validity> validityOf(const std::string& family);

// A session value against one condition of the calibration domain: what, the value, what the
// model was calibrated on, why, and whether the value is inside.
struct DomainValue {
    std::string what;
    std::string value;
    std::string allowed; // "gtx980 or titanx", "[16, 24]", "128"
    std::string why;
    std::string family;
    std::string model; // the validity file's short name
    bool inside = true;
    // "die-area model: n_V (vector units per SM) = 256, calibrated on 128: why"; a number to 4
    // significant digits.
    std::string message() const;
    // The value as a banner shows it (issue 43): counted by kind ("3 estimated", "1 yours":
    // the names follow with `names`), a number to 4 significant digits.
    std::string shortValue(bool names = false) const;
};
// Every condition of `v` against the session (its JSON, as sessionToJson writes it), in file
// order. A pointer the session does not have (an optional value left unset) is left out.
std::vector<DomainValue> domainValues(const Validity& v, const std::string& sessionJson);
// What is outside, counted by kind (issue 44): "6 estimated values, 1 value of yours and GPU
// profile h100-sxm5"; empty when everything is inside.
std::string outsideSummary(const std::vector<DomainValue>& values);
// Only the conditions the session breaks.
std::vector<DomainValue> outsideDomain(const Validity& v, const std::string& sessionJson);
// The allowed values of a condition as text ("gtx980 or titanx", "[16, 24]", "128").
std::string allowedText(const DomainCondition& c);

// The family names an entry may have.
const std::vector<std::string>& families();

} // namespace cdx::published
