// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/reproduce_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/cli.hpp"
#include "cdx/common.hpp"
#include "cdx/reproduce.hpp"
#include "cdx/text_pdf.hpp"
#include "params/input_error.hpp"
#include "published/published.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cdx::cli {

namespace {

using json = nlohmann::ordered_json;

const char* const kReproduceUsage =
    "usage: cdx reproduce [--family talg|area|mwp|energy|eatss|chain]\n"
    "                     [--report FILE.html|FILE.pdf] [--json]\n"
    "  Recomputes every published value of profiles/published/ (tables, worked examples,\n"
    "  values read from figures) with the cdx command its entry names, and prints published,\n"
    "  computed, difference, variant and a verdict: reproduced (within the tolerance),\n"
    "  differs within the erratum (the printed value is known to be wrong and the model gives\n"
    "  the corrected one), or differs; then a summary per document, and how far each model\n"
    "  can be trusted: where it was calibrated, the accuracy its source claims, and real\n"
    "  measurements against it (profiles/validity/). Exit 0 when it ran (it is a report);\n"
    "  --report writes the same as an HTML page, or (FILE.pdf) the text as a PDF.\n";

// The commands' progress lines on stderr are not part of the report.
class QuietStderr {
public:
    QuietStderr() : old_(std::cerr.rdbuf(sink_.rdbuf())) {}
    ~QuietStderr() { std::cerr.rdbuf(old_); }
    QuietStderr(const QuietStderr&) = delete;
    QuietStderr& operator=(const QuietStderr&) = delete;

private:
    std::ostringstream sink_;
    std::streambuf* old_;
};

// Runs a command with --json in process (once per distinct command) and reads the number at
// `pointer`; NaN and `error` set when it cannot.
double quantityOf(const std::vector<std::string>& command, const std::string& pointer,
                  std::map<std::vector<std::string>, json>& outputs, std::string& error) {
    const Command* c = findCommand(command.front());
    if (c == nullptr) {
        error = "unknown command '" + command.front() + "'";
        return NAN;
    }
    std::vector<std::string> args(command.begin() + 1, command.end());
    args.push_back("--json");
    try {
        auto cached = outputs.find(command);
        if (cached == outputs.end()) {
            std::ostringstream out;
            const QuietStderr quiet;
            if (c->run(args, out) != 0) {
                error = "the command failed";
                return NAN;
            }
            cached = outputs.emplace(command, json::parse(out.str())).first;
        }
        const json& j = cached->second;
        const json::json_pointer at(pointer);
        if (!j.contains(at) || !j.at(at).is_number()) {
            error = "no number at " + pointer + " in its output";
            return NAN;
        }
        return j.at(at).get<double>();
    } catch (const std::exception& ex) {
        error = ex.what();
        return NAN;
    }
}

ReproducedValue evaluate(const published::Entry& e,
                         std::map<std::vector<std::string>, json>& outputs) {
    ReproducedValue r{e, NAN, {}, published::Verdict::Differs};
    r.computed = quantityOf(e.command, e.quantity, outputs, r.error);
    if (r.error.empty()) {
        r.verdict = published::verdict(e, r.computed);
    }
    return r;
}

std::vector<ValidityCheck> checksOf(const published::Validity& v,
                                    std::map<std::vector<std::string>, json>& outputs) {
    std::vector<ValidityCheck> checks;
    for (const auto& m : v.validation) {
        ValidityCheck c{m, NAN, {}};
        c.predicted = quantityOf(m.command, m.quantity, outputs, c.error);
        checks.push_back(std::move(c));
    }
    return checks;
}

ValidityList checkValidity(const std::string& family,
                           std::map<std::vector<std::string>, json>& outputs) {
    ValidityList out;
    for (const auto& v : published::loadValidity()) {
        if (!family.empty() && v.family != family) {
            continue;
        }
        out.emplace_back(v, checksOf(v, outputs));
    }
    return out;
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() > suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string number(double v) {
    if (!std::isfinite(v)) {
        return "-";
    }
    return fmt(v, 10);
}

std::string escape(const std::string& s) {
    std::string out;
    for (const char ch : s) {
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += ch;
        }
    }
    return out;
}

std::map<std::string, ReproduceSummary> summariseRows(const std::vector<ReproducedValue>& rows) {
    std::map<std::string, ReproduceSummary> out;
    for (const ReproducedValue& r : rows) {
        ReproduceSummary& s = out[r.entry.document];
        ++s.entries;
        const bool printed = r.entry.kind == published::Kind::Printed;
        ++(printed ? s.printed : s.derived);
        switch (r.verdict) {
        case published::Verdict::Reproduced:
            ++s.reproduced;
            ++(printed ? s.printedReproduced : s.derivedReproduced);
            break;
        case published::Verdict::WithinErratum:
            ++s.withinErratum;
            break;
        case published::Verdict::Differs:
            ++s.differs;
            break;
        }
    }
    return out;
}

// "printed", or "derived from the spec note talg-time-model.md §2.6"
std::string kindText(const published::Entry& e) {
    return e.kind == published::Kind::Printed ? "printed" : "derived from " + e.derivedFrom;
}

} // namespace

std::map<std::string, ReproduceSummary> reproduceSummary(const std::vector<ReproducedValue>& rows) {
    return summariseRows(rows);
}

std::string headline(const std::map<std::string, ReproduceSummary>& summary) {
    int printed = 0, derived = 0, printedOk = 0, derivedOk = 0;
    for (const auto& [doc, s] : summary) {
        printed += s.printed;
        derived += s.derived;
        printedOk += s.printedReproduced;
        derivedOk += s.derivedReproduced;
    }
    return std::to_string(printedOk) + " of " + std::to_string(printed) + " printed values and " +
           std::to_string(derivedOk) + " of " + std::to_string(derived) +
           " derived worked examples reproduced";
}

std::string validityHtml(const published::Validity& v, const std::vector<ValidityCheck>& checks,
                         bool withDomain) {
    std::ostringstream o;
    o << "<h3>" << escape(v.family) << ": " << escape(v.model) << "</h3>\n<p>Calibrated on "
      << escape(v.calibratedOn) << ".</p>\n<ul>\n";
    for (const auto& c : v.claims) {
        o << "<li>" << escape(c.claim) << " <i>(" << escape(c.source) << ")</i></li>\n";
    }
    o << "</ul>\n";
    if (withDomain && !v.domain.empty()) {
        o << "<p>Calibration domain (a session outside it carries a warning in every view "
             "and export):</p>\n<ul>\n";
        for (const auto& d : v.domain) {
            o << "<li>" << escape(d.what) << ": " << escape(published::allowedText(d)) << " <i>("
              << escape(d.why) << ")</i></li>\n";
        }
        o << "</ul>\n";
    }
    if (!checks.empty()) {
        o << "<table border=1 cellspacing=0 cellpadding=3><tr><th>chip</th><th>role</th>"
             "<th>predicted</th><th>real</th>"
             "<th>error %</th><th>source</th></tr>\n";
        for (const auto& c : checks) {
            // The unit as printed (mm2 -> mm²); the prediction to 6 digits, the error to 0.1 %.
            const std::string unit = c.m.unit == "mm2" ? "mm\u00b2" : escape(c.m.unit);
            char error[32];
            std::snprintf(error, sizeof error, "%+.1f", c.errorPct());
            o << "<tr><td>" << escape(c.m.chip) << "</td><td>"
              << (c.m.calibration ? "calibration" : "validation") << "</td><td class=n>"
              << (std::isfinite(c.predicted) ? fmt(c.predicted, 6) : "-") << " " << unit
              << "</td><td class=n>" << fmt(c.m.real, 6) << " " << unit << "</td><td class=n>"
              << (c.error.empty() ? std::string(error) : escape(c.error)) << "</td><td>"
              << escape(c.m.source) << "</td></tr>\n";
        }
        o << "</table>\n";
    }
    return o.str();
}

std::vector<ValidityCheck> validityChecks(const published::Validity& v) {
    std::map<std::vector<std::string>, json> outputs;
    return checksOf(v, outputs);
}

namespace {

std::string html(const std::vector<ReproducedValue>& rows, const ValidityList& validity) {
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Codesign Explorer: "
         "published values reproduced</title>\n<style>body{font-family:sans-serif}"
         "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:3px 6px}"
         "td.n{text-align:right}.differs{background:#fdd}.erratum{background:#ffe}"
         "</style></head><body>\n<h1>Published values reproduced</h1>\n<h2>Summary</h2>\n"
         "<p>"
      << escape(headline(summariseRows(rows)))
      << "</p>\n"
         "<table><tr><th>document</th><th>entries</th><th>printed</th><th>derived</th>"
         "<th>reproduced</th><th>differs within the erratum</th><th>differs</th></tr>\n";
    for (const auto& [doc, s] : summariseRows(rows)) {
        o << "<tr><td>" << escape(doc) << "</td><td class=n>" << s.entries << "</td><td class=n>"
          << s.printed << "</td><td class=n>" << s.derived << "</td><td class=n>" << s.reproduced
          << "</td><td class=n>" << s.withinErratum << "</td><td class=n>" << s.differs
          << "</td></tr>\n";
    }
    o << "</table>\n<h2>Entries</h2>\n<table><tr><th>id</th><th>document</th><th>source</th>"
         "<th>kind</th>"
         "<th>published</th><th>computed</th><th>difference</th><th>tolerance</th>"
         "<th>unit</th><th>variant</th><th>verdict</th><th>erratum</th><th>command</th></tr>\n";
    for (const ReproducedValue& r : rows) {
        const auto& e = r.entry;
        const char* cls = r.verdict == published::Verdict::Differs         ? " class=differs"
                          : r.verdict == published::Verdict::WithinErratum ? " class=erratum"
                                                                           : "";
        std::string cmd = "cdx";
        for (const auto& a : e.command) {
            cmd += " " + a;
        }
        o << "<tr" << cls << "><td>" << escape(e.id) << "</td><td>" << escape(e.document)
          << "</td><td>" << escape(e.source) << "</td><td>" << escape(kindText(e))
          << "</td><td class=n>" << number(e.published) << "</td><td class=n>" << number(r.computed)
          << "</td><td class=n>" << number(r.computed - e.published) << "</td><td class=n>"
          << number(e.tolerance) << "</td><td>" << escape(e.unit) << "</td><td>"
          << escape(e.variant) << "</td><td>" << published::name(r.verdict)
          << (r.error.empty() ? "" : ": " + escape(r.error)) << "</td><td>" << escape(e.erratum)
          << "</td><td><code>" << escape(cmd) << "</code></td></tr>\n";
    }
    o << "</table>\n<h2>How far to trust the models</h2>\n";
    for (const auto& [v, checks] : validity) {
        o << validityHtml(v, checks);
    }
    o << "</body></html>\n";
    return o.str();
}

// The plain-text report (what cdx reproduce prints, and what --report FILE.pdf lays out).
std::string textReport(const std::vector<ReproducedValue>& rows,
                       const std::map<std::string, ReproduceSummary>& summary,
                       const ValidityList& validity) {
    std::ostringstream o;
    std::string document;
    for (const ReproducedValue& r : rows) {
        const auto& e = r.entry;
        if (e.document != document) {
            document = e.document;
            o << (o.tellp() > 0 ? "\n" : "") << document << "\n";
        }
        o << "  " << e.id << "  (" << e.source << "; " << kindText(e) << ")\n";
        o << "    published " << number(e.published) << (e.unit.empty() ? "" : " " + e.unit)
          << ", computed " << number(r.computed) << ", difference "
          << number(r.computed - e.published) << " (tolerance " << number(e.tolerance) << ")"
          << (e.variant.empty() ? "" : "; " + e.variant) << "\n";
        o << "    " << published::name(r.verdict) << (r.error.empty() ? "" : ": " + r.error)
          << (e.erratum.empty() ? "" : "; erratum: " + e.erratum) << "\n";
    }
    o << "\nsummary: " << headline(summary) << "\n";
    for (const auto& [doc, s] : summary) {
        o << "  " << doc << ": " << s.entries << " entries (" << s.printed << " printed, "
          << s.derived << " derived), " << s.reproduced << " reproduced, " << s.withinErratum
          << " differ within the erratum, " << s.differs << " differ\n";
    }
    o << "\nhow far to trust the models:\n";
    for (const auto& [v, checks] : validity) {
        o << "  " << v.family << ": " << v.model << "\n    calibrated on " << v.calibratedOn
          << "\n";
        for (const auto& c : v.claims) {
            o << "    - " << c.claim << " (" << c.source << ")\n";
        }
        for (const auto& d : v.domain) {
            o << "    domain: " << d.what << " " << published::allowedText(d) << " (" << d.why
              << ")\n";
        }
        for (const auto& c : checks) {
            o << "    " << (c.m.calibration ? "calibration" : "validation ") << "  " << c.m.chip
              << ": predicted " << number(c.predicted) << " " << c.m.unit << ", real "
              << number(c.m.real) << " " << c.m.unit;
            if (c.error.empty()) {
                char buf[32];
                std::snprintf(buf, sizeof buf, " (%+.1f %%)", c.errorPct());
                o << buf;
            } else {
                o << " (" << c.error << ")";
            }
            o << "\n";
        }
    }
    return o.str();
}

int runReproduce(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, {"--family", "--report"}, {"--json"});
    std::string family;
    if (a.has("--family")) {
        family = a.required("--family");
        const auto& known = published::families();
        if (std::find(known.begin(), known.end(), family) == known.end()) {
            throw InputError("--family", family,
                             "expected one of talg, area, mwp, energy, eatss, chain");
        }
    }
    std::string report;
    if (a.has("--report")) {
        report = a.required("--report");
        if (!endsWith(report, ".html") && !endsWith(report, ".pdf")) {
            throw InputError("--report", report, "expected a FILE.html or a FILE.pdf");
        }
    }
    const ReproduceReport all = reproduce(family);
    const std::vector<ReproducedValue>& rows = all.values;
    const ValidityList& validity = all.validity;
    const auto summary = summariseRows(rows);
    if (!report.empty()) {
        // The HTML page, or the text report laid out as a PDF.
        std::ofstream f(report, std::ios::binary);
        f << (endsWith(report, ".pdf") ? reproducePdf(all) : html(rows, validity));
        if (!f) {
            throw InputError("--report", report, "could not be written");
        }
    }
    if (a.has("--json")) {
        json entries = json::array();
        for (const ReproducedValue& r : rows) {
            const auto& e = r.entry;
            entries.push_back(
                {{"id", e.id},
                 {"document", e.document},
                 {"source", e.source},
                 {"kind", published::name(e.kind)},
                 {"derived_from", e.derivedFrom.empty() ? json(nullptr) : json(e.derivedFrom)},
                 {"family", e.family},
                 {"command", e.command},
                 {"quantity", e.quantity},
                 {"published", e.published},
                 {"corrected", e.corrected ? json(*e.corrected) : json(nullptr)},
                 {"computed", std::isfinite(r.computed) ? json(r.computed) : json(nullptr)},
                 {"difference",
                  std::isfinite(r.computed) ? json(r.computed - e.published) : json(nullptr)},
                 {"tolerance", e.tolerance},
                 {"unit", e.unit},
                 {"variant", e.variant},
                 {"erratum", e.erratum.empty() ? json(nullptr) : json(e.erratum)},
                 {"verdict", published::name(r.verdict)},
                 {"error", r.error.empty() ? json(nullptr) : json(r.error)}});
        }
        json docs = json::array();
        for (const auto& [doc, s] : summary) {
            docs.push_back({{"document", doc},
                            {"entries", s.entries},
                            {"printed", s.printed},
                            {"derived", s.derived},
                            {"printed_reproduced", s.printedReproduced},
                            {"derived_reproduced", s.derivedReproduced},
                            {"reproduced", s.reproduced},
                            {"within_erratum", s.withinErratum},
                            {"differs", s.differs}});
        }
        json trust = json::array();
        for (const auto& [v, checks] : validity) {
            json claims = json::array();
            for (const auto& c : v.claims) {
                claims.push_back({{"claim", c.claim}, {"source", c.source}});
            }
            json measured = json::array();
            for (const auto& c : checks) {
                const bool ok = c.error.empty();
                measured.push_back({{"id", c.m.id},
                                    {"chip", c.m.chip},
                                    {"calibration", c.m.calibration},
                                    {"predicted", ok ? json(c.predicted) : json(nullptr)},
                                    {"real", c.m.real},
                                    {"error_pct", ok ? json(c.errorPct()) : json(nullptr)},
                                    {"unit", c.m.unit},
                                    {"source", c.m.source},
                                    {"error", ok ? json(nullptr) : json(c.error)}});
            }
            json domain = json::array();
            for (const auto& d : v.domain) {
                json c{{"what", d.what}, {"session", d.pointer}};
                if (d.unedited) {
                    c["unedited"] = true;
                } else if (d.measured) {
                    c["measured"] = true;
                } else if (!d.oneOf.empty()) {
                    c["one_of"] = d.oneOf;
                } else {
                    c["min"] = d.min ? json(*d.min) : json(nullptr);
                    c["max"] = d.max ? json(*d.max) : json(nullptr);
                }
                c["why"] = d.why;
                domain.push_back(c);
            }
            trust.push_back({{"family", v.family},
                             {"name", v.name},
                             {"model", v.model},
                             {"calibrated_on", v.calibratedOn},
                             {"claims", claims},
                             {"validation", measured},
                             {"domain", domain}});
        }
        out << json{{"command", "reproduce"},
                    {"family", family.empty() ? json(nullptr) : json(family)},
                    {"entries", entries},
                    {"headline", headline(summary)},
                    {"summary", docs},
                    {"validity", trust}}
                   .dump(2)
            << '\n';
        return 0;
    }
    out << textReport(rows, summary, validity);
    return 0;
}

} // namespace

ReproduceReport reproduce(const std::string& family) {
    ReproduceReport report;
    std::map<std::vector<std::string>, json> outputs;
    for (const auto& e : published::loadAll()) {
        if (family.empty() || e.family == family) {
            report.values.push_back(evaluate(e, outputs));
        }
    }
    report.validity = checkValidity(family, outputs);
    return report;
}

std::string reproduceHtml(const ReproduceReport& report) {
    return html(report.values, report.validity);
}

std::string reproducePdf(const ReproduceReport& report) {
    // The summary and the validity first, then the entries.
    const std::string text =
        textReport(report.values, summariseRows(report.values), report.validity);
    const std::size_t at = text.find("\nsummary: ");
    const std::string ordered =
        at == std::string::npos ? text : text.substr(at + 1) + "\n" + text.substr(0, at + 1);
    return textToPdf(ordered, "Codesign Explorer: published values reproduced (cdx reproduce)");
}

std::vector<Command> reproduceCommands() {
    return {{"reproduce", "recompute every published value the project reproduces, with verdicts",
             kReproduceUsage, runReproduce}};
}

} // namespace cdx::cli
