// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "published/published.hpp"

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

// The report of `cdx reproduce` as data, for the command and for the explorer's "Reproduce the
// papers" view: every published value recomputed by its command, and the validity data.
namespace cdx::cli {

struct ReproducedValue {
    published::Entry entry;
    double computed = NAN;
    std::string error; // the command failed or the quantity is not a number
    published::Verdict verdict = published::Verdict::Differs;
    // Beside it, not a published value: what the time model's extensions of issue 57 give for
    // the same command (--smem ppcg --hiding occupancy --bw shared); NaN where they do not apply
    // (another family, another command, a GPU without what hiding reads).
    double extension = NAN;
};
// The flags of the extensions reported beside the papers' time-model values.
const std::vector<std::string>& extensionFlags();

// A real measurement against the model: predicted, and the error in %.
struct ValidityCheck {
    published::Measurement m;
    double predicted = NAN;
    std::string error;
    double errorPct() const { return 100 * (predicted - m.real) / m.real; }
};

using ValidityList = std::vector<std::pair<published::Validity, std::vector<ValidityCheck>>>;

struct ReproduceReport {
    std::vector<ReproducedValue> values;
    ValidityList validity;
};

// One document's counts: entries by verdict, and by kind (the values the document prints,
// and the spec notes' worked examples derived from its equations), each with how many of them
// are reproduced.
struct ReproduceSummary {
    int entries = 0, reproduced = 0, withinErratum = 0, differs = 0;
    int printed = 0, derived = 0, printedReproduced = 0, derivedReproduced = 0;
};
// By document.
std::map<std::string, ReproduceSummary> reproduceSummary(const std::vector<ReproducedValue>& rows);
// "193 of 193 printed values and 1094 of 1094 derived worked examples reproduced": the headline
// of the report, the Reproduce view and the README (never one "published values" count).
std::string headline(const std::map<std::string, ReproduceSummary>& summary);

// Every entry of profiles/published/ (of one family, or all for ""), and profiles/validity/.
// Throws InputError on a bad table. Runs the commands in process (their stderr is silenced).
ReproduceReport reproduce(const std::string& family = {});
// The real measurements of one model, recomputed with their commands.
std::vector<ValidityCheck> validityChecks(const published::Validity& v);
// One model's "how far to trust" section as HTML (an h3, its calibration, claims, domain and
// measurements): the report's and the workspaces' panels.
// `withDomain`: list the calibration domain too (a view that shows it against the session
// leaves it out).
std::string validityHtml(const published::Validity& v, const std::vector<ValidityCheck>& checks,
                         bool withDomain = true);
// The report as one HTML page (what --report writes).
std::string reproduceHtml(const ReproduceReport& report);
// The text report as a PDF, its summary and validity first (what --report FILE.pdf writes).
std::string reproducePdf(const ReproduceReport& report);

} // namespace cdx::cli
