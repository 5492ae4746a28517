// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/reproduce_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/cli.hpp"
#include "cdx/common.hpp"
#include "cdx/reproduce.hpp"
#include "cdx/typeset_pdf.hpp"
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
    "                     [--report FILE.html|FILE.pdf [--summary]] [--json]\n"
    "  Recomputes every published value of profiles/published/ (tables, worked examples,\n"
    "  values read from figures) with the cdx command its entry names, and prints published,\n"
    "  computed, difference, variant and a verdict: reproduced (within the tolerance),\n"
    "  differs within the erratum (the printed value is known to be wrong and the model gives\n"
    "  the corrected one), or differs; then a summary per document, and how far each model\n"
    "  can be trusted: where it was calibrated, the accuracy its source claims, and real\n"
    "  measurements against it (profiles/validity/). Exit 0 when it ran (it is a report);\n"
    "  --report writes the same as an HTML page (sortable, filterable), or (FILE.pdf) a\n"
    "  typeset document: a cover (the build, the number of values, the verdict, the verdicts\n"
    "  by model), one table per model, validity; with --summary, a two-page handout: the\n"
    "  cover, then the values that differ and why.\n";

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
    ReproducedValue r{e, NAN, {}, published::Verdict::Differs, NAN};
    r.computed = quantityOf(e.command, e.quantity, outputs, r.error);
    if (r.error.empty()) {
        r.verdict = published::verdict(e, r.computed);
    }
    // Beside the papers' time-model values, labelled as not published: the extensions'.
    if (e.family == "talg" && !e.command.empty() &&
        (e.command.front() == "talg" || e.command.front() == "optimize")) {
        std::vector<std::string> command = e.command;
        command.insert(command.end(), extensionFlags().begin(), extensionFlags().end());
        std::string ignored;
        r.extension = quantityOf(command, e.quantity, outputs, ignored);
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

// The models' names, for the report's headings.
std::string familyTitle(const std::string& family) {
    static const std::map<std::string, std::string> titles{
        {"talg", "T_alg of hybrid-hexagonal tiled stencils"},
        {"area", "Die area and codesign"},
        {"mwp", "MWP-CWP, power and temperature"},
        {"energy", "Energy of tiled stencils"},
        {"eatss", "EATSS energy-aware tile sizes"},
        {"chain", "Matrix chains"}};
    const auto it = titles.find(family);
    return it == titles.end() ? family : it->second + " (" + family + ")";
}

// The rows by family, in the order of published::families().
std::vector<std::pair<std::string, std::vector<const ReproducedValue*>>>
byFamily(const std::vector<ReproducedValue>& rows) {
    std::vector<std::pair<std::string, std::vector<const ReproducedValue*>>> out;
    for (const std::string& f : published::families()) {
        std::vector<const ReproducedValue*> of;
        for (const auto& r : rows) {
            if (r.entry.family == f) {
                of.push_back(&r);
            }
        }
        if (!of.empty()) {
            out.emplace_back(f, std::move(of));
        }
    }
    return out;
}

std::string verdictClass(published::Verdict v) {
    return v == published::Verdict::Differs         ? "differs"
           : v == published::Verdict::WithinErratum ? "erratum"
                                                    : "ok";
}

std::string commandText(const published::Entry& e) {
    std::string cmd = "cdx";
    for (const auto& a : e.command) {
        cmd += " " + a;
    }
    return cmd;
}

// Per family: documents, printed and derived values, verdicts.
std::string familySummaryHtml(const std::vector<ReproducedValue>& rows) {
    std::ostringstream o;
    o << "<table class=\"summary\"><thead><tr><th>model</th><th>documents</th><th>printed</th>"
         "<th>derived</th><th>reproduced</th><th>differ within the erratum</th><th>differ</th>"
         "</tr></thead><tbody>\n";
    for (const auto& [family, of] : byFamily(rows)) {
        std::vector<ReproducedValue> copy;
        for (const auto* r : of) {
            copy.push_back(*r);
        }
        ReproduceSummary total;
        std::string documents;
        for (const auto& [doc, s] : summariseRows(copy)) {
            documents += (documents.empty() ? "" : ", ") + doc;
            total.entries += s.entries;
            total.printed += s.printed;
            total.derived += s.derived;
            total.printedReproduced += s.printedReproduced;
            total.derivedReproduced += s.derivedReproduced;
            total.reproduced += s.reproduced;
            total.withinErratum += s.withinErratum;
            total.differs += s.differs;
        }
        o << "<tr><td>" << escape(familyTitle(family)) << "</td><td>" << escape(documents)
          << "</td><td class=n>" << total.printedReproduced << " of " << total.printed
          << "</td><td class=n>" << total.derivedReproduced << " of " << total.derived
          << "</td><td class=n>" << total.reproduced << "</td><td class=n>" << total.withinErratum
          << "</td><td class=n>" << total.differs << "</td></tr>\n";
    }
    o << "</tbody></table>\n";
    return o.str();
}

// One table per family: every entry and its verdict. The page (HTML): one row per entry, the
// command as the id's tooltip, sortable. The PDF: two rows per entry, the id and the numbers
// over where the value comes from, so that prose has the page's width and no name is broken.
std::string entryTablesHtml(const std::vector<ReproducedValue>& rows, bool forPage) {
    std::ostringstream o;
    for (const auto& [family, of] : byFamily(rows)) {
        o << "<h2 id=\"" << escape(family) << "\">" << escape(familyTitle(family)) << "</h2>\n"
          << "<table class=\"entries\"><thead><tr><th>entry</th>"
          << (forPage ? "<th>source</th>" : "")
          << "<th>kind</th><th>published</th><th>computed</th><th>difference</th>"
             "<th>tolerance</th><th>unit</th><th>verdict</th></tr></thead><tbody>\n";
        for (const ReproducedValue* r : of) {
            const auto& e = r->entry;
            std::string verdict = published::name(r->verdict);
            if (!r->error.empty()) {
                verdict += ": " + r->error;
            }
            char difference[32];
            std::snprintf(difference, sizeof difference, "%.3g", r->computed - e.published);
            std::string where = escape(e.document) + ", " + escape(e.source);
            if (e.kind == published::Kind::Derived) {
                where += "<br><small>derived from " + escape(e.derivedFrom) + "</small>";
            }
            if (!e.variant.empty()) {
                where += "<br><small>variant: " + escape(e.variant) + "</small>";
            }
            if (std::isfinite(r->extension)) {
                where += "<br><small>beside, not published: the extensions of issue 57 give " +
                         number(r->extension) + "</small>";
            }
            const std::string erratum =
                e.erratum.empty() ? "" : "<small>erratum: " + escape(e.erratum) + "</small>";
            o << "<tr class=\"" << verdictClass(r->verdict) << "\"><td";
            if (forPage) {
                o << " title=\"" << escape(commandText(e)) << "\"";
            }
            o << " style=\"white-space:nowrap\">" << escape(e.id) << "</td>";
            if (forPage) {
                o << "<td>" << where << "</td>";
            }
            o << "<td>" << (e.kind == published::Kind::Printed ? "printed" : "derived")
              << "</td><td class=n>" << number(e.published) << "</td><td class=n>"
              << number(r->computed) << "</td><td class=n>"
              << (std::isfinite(r->computed) ? std::string(difference) : "-") << "</td><td class=n>"
              << number(e.tolerance) << "</td><td>" << escape(e.unit) << "</td><td>"
              << escape(verdict) << (forPage && !erratum.empty() ? "<br>" + erratum : "")
              << "</td></tr>\n";
            if (!forPage) {
                o << "<tr class=\"" << verdictClass(r->verdict)
                  << "\"><td colspan=\"8\" style=\"padding-left:18px\"><small>" << where
                  << (erratum.empty() ? "" : "<br>" + erratum) << "</small></td></tr>\n";
            }
        }
        o << "</tbody></table>\n";
    }
    return o.str();
}

// The HTML report: one page that fits a 1366-pixel screen (the verdict column in view),
// one table per model, sortable by a click on a column's name and filtered by a text, with
// no network access.
std::string html(const std::vector<ReproducedValue>& rows, const ValidityList& validity) {
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "script-src 'unsafe-inline'; style-src 'unsafe-inline'\">\n"
         "<title>Codesign Explorer: published values reproduced</title>\n<style>\n"
         "body{font-family:sans-serif;max-width:1320px;margin:0 auto;padding:0 12px 32px}\n"
         "table{border-collapse:collapse;width:100%;table-layout:auto;font-size:0.85em}\n"
         "td,th{border:1px solid #bbb;padding:3px 5px;vertical-align:top;"
         "overflow-wrap:normal;word-break:normal}\n"
         "th{background:#eef;position:sticky;top:0;cursor:pointer;white-space:nowrap}\n"
         "table.entries td:first-child{font-family:monospace;font-size:0.95em}\n"
         "table.entries td:nth-child(2){min-width:26em}\n"
         "td.n{text-align:right;white-space:nowrap}small{color:#555}\n"
         "tr.differs{background:#fdd}tr.erratum{background:#ffe}\n"
         "th.up::after{content:' \\25B2'}th.down::after{content:' \\25BC'}\n"
         ".tools{position:sticky;top:0;background:#fff;padding:6px 0;z-index:2}\n"
         "</style></head><body>\n<h1>Published values reproduced</h1>\n<p>"
      << escape(headline(summariseRows(rows)))
      << ". Every value the papers print, and every worked example the spec notes derive from "
         "their equations, recomputed by the command in its entry's tooltip.</p>\n"
         "<h2>Summary by model</h2>\n"
      << familySummaryHtml(rows)
      << "<p class=\"tools\"><label>Filter the entries <input id=\"filter\" type=\"search\" "
         "placeholder=\"id, source, verdict…\"></label> <span id=\"count\"></span> "
         "<small>Click a column's name to sort its table.</small></p>\n"
      << entryTablesHtml(rows, true) << "<h2>How far to trust the models</h2>\n";
    for (const auto& [v, checks] : validity) {
        o << validityHtml(v, checks);
    }
    o << R"(<script>
(function () {
  "use strict";
  var tables = Array.prototype.slice.call(document.querySelectorAll("table.entries"));
  var all = [];
  tables.forEach(function (t) { all = all.concat(Array.prototype.slice.call(t.tBodies[0].rows)); });
  var count = document.getElementById("count");
  var show = function (n) { count.textContent = n + " of " + all.length + " entries shown"; };
  show(all.length);
  document.getElementById("filter").addEventListener("input", function (e) {
    var q = e.target.value.toLowerCase(), n = 0;
    all.forEach(function (r) {
      var hit = !q || r.textContent.toLowerCase().indexOf(q) >= 0 ||
        (r.cells[0].title || "").toLowerCase().indexOf(q) >= 0;
      r.style.display = hit ? "" : "none";
      n += hit ? 1 : 0;
    });
    show(n);
  });
  var number = function (s) { return s !== "" && s !== "-" && isFinite(+s); };
  tables.forEach(function (t) {
    var heads = t.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      th.addEventListener("click", function () {
        var up = !th.classList.contains("up");
        Array.prototype.forEach.call(heads, function (h) { h.classList.remove("up", "down"); });
        th.classList.add(up ? "up" : "down");
        var body = t.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var u = a.cells[col].textContent, v = b.cells[col].textContent;
          var r = number(u) && number(v) ? (+u) - (+v) : u.localeCompare(v);
          return up ? r : -r;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
})();
</script>
</body></html>
)";
    return o.str();
}

// Every "<table " of `html` with `attributes` added (QTextDocument draws a table's grid from
// its attributes, not from CSS borders). Not std::regex: GCC 12 warns of its internals under
// the sanitizers (-Werror).
std::string withAttributes(std::string html, const std::string& attributes) {
    const std::string table = "<table ";
    for (std::size_t at = html.find(table); at != std::string::npos;
         at = html.find(table, at + table.size() + attributes.size())) {
        html.insert(at + table.size(), attributes + " ");
    }
    return html;
}

// The document typeset as the PDF: a title page, the summary by model, one table per model
// (its header repeated on every page), and the validity section.
const char* const kPdfStyle =
    "<html><head><style>"
    "h1{font-size:20pt}h2{font-size:13pt;margin-top:14pt}h3{font-size:11pt}"
    "table{border-collapse:collapse}th{background-color:#e4e4f0;font-weight:bold}"
    "td.n{text-align:right}small{color:#444}"
    "tr.differs{background-color:#fdd}tr.erratum{background-color:#ffe}"
    "</style></head><body>\n";

// The cover (issue 61: it was nearly empty): what the document is, which build made it and
// when, how many values, the verdict, and the verdicts by model.
std::string coverHtml(const std::vector<ReproducedValue>& rows, bool handout) {
    int reproduced = 0;
    int erratum = 0;
    int differs = 0;
    for (const auto& r : rows) {
        (r.verdict == published::Verdict::Reproduced      ? reproduced
         : r.verdict == published::Verdict::WithinErratum ? erratum
                                                          : differs)++;
    }
    std::ostringstream o;
    o << "<h1>Codesign Explorer: published values reproduced</h1>\n"
      << "<p><b>" << (handout ? "Summary (two pages)" : "Report") << "</b> &middot; cdx "
      << version() << " &middot; " << today() << "</p>\n"
      << "<p>Every value printed by the papers behind Codesign Explorer, and every worked "
         "example that the spec notes derive from their equations, recomputed by the models of "
         "this build: <b>"
      << rows.size() << " values</b>.</p>\n<p><b>Verdict:</b> "
      << escape(headline(summariseRows(rows))) << ". " << reproduced
      << " reproduced within their tolerance, " << erratum
      << " differ where the printed value is a known erratum (the model gives the corrected "
         "one), "
      << differs << " differ.</p>\n<h2>Verdicts by model</h2>\n"
      << withAttributes(familySummaryHtml(rows),
                        "border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"");
    return o.str();
}

// The values that are not reproduced, with why: the handout's second page.
std::string notReproducedHtml(const std::vector<ReproducedValue>& rows) {
    std::ostringstream o;
    o << "<h2>The values that differ</h2>\n";
    std::vector<const ReproducedValue*> off;
    for (const auto& r : rows) {
        if (r.verdict != published::Verdict::Reproduced) {
            off.push_back(&r);
        }
    }
    if (off.empty()) {
        o << "<p>None: every value is reproduced within its tolerance.</p>\n";
        return o.str();
    }
    o << "<table style=\"font-size:7pt\" border=\"1\" cellspacing=\"0\" cellpadding=\"1\" "
         "width=\"100%\"><thead><tr>"
         "<th>entry</th><th>source</th><th>published</th><th>computed</th><th>verdict and why</th>"
         "</tr></thead><tbody>\n";
    for (const auto* r : off) {
        const auto& e = r->entry;
        const bool erratum = r->verdict == published::Verdict::WithinErratum;
        std::string why = published::name(r->verdict);
        if (!r->error.empty()) {
            why += ": " + r->error;
        } else if (!e.erratum.empty()) {
            why += ": " + e.erratum;
        }
        // Short enough that a page holds the list: the whole texts are in the report.
        const auto clip = [](const std::string& t, std::size_t n) {
            if (t.size() <= n) {
                return t;
            }
            std::size_t cut = n - 3; // not inside a UTF-8 character ("§" was cut in two)
            while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) {
                --cut;
            }
            return t.substr(0, cut) + "...";
        };
        o << "<tr class=\"" << (erratum ? "erratum" : "differs") << "\"><td>"
          << escape(clip(e.id, 40)) << "</td><td>" << escape(clip(e.document + ", " + e.source, 48))
          << "</td><td class=n>"
          << escape(fmt(e.published, 8) + (e.unit.empty() ? "" : " " + e.unit))
          << "</td><td class=n>" << escape(fmt(r->computed, 8)) << "</td><td>"
          << escape(clip(why, 110)) << "</td></tr>\n";
    }
    o << "</tbody></table>\n<p><small>The whole report, every entry with its command: cdx "
         "reproduce --report FILE.pdf (or FILE.html, sortable).</small></p>\n";
    return o.str();
}

// The two-page handout (cdx reproduce --report FILE.pdf --summary): the cover with the verdicts
// by model, then the values that differ.
std::string summaryDocumentHtml(const std::vector<ReproducedValue>& rows) {
    return std::string(kPdfStyle) + coverHtml(rows, true) +
           "<div style=\"page-break-before:always\"></div>" + notReproducedHtml(rows) +
           "</body></html>\n";
}

std::string pdfDocumentHtml(const std::vector<ReproducedValue>& rows,
                            const ValidityList& validity) {
    std::ostringstream o;
    o << kPdfStyle << coverHtml(rows, false) << "<p>Models:</p><ul>";
    for (const auto& [family, of] : byFamily(rows)) {
        o << "<li>" << escape(familyTitle(family)) << ": " << of.size() << " entries</li>";
    }
    o << "</ul>\n<p>Then: every entry by model, and how far to trust each model.</p>\n"
      << "<h2 style=\"page-break-before:always\">Every entry by model</h2>\n"
      << withAttributes(entryTablesHtml(rows, false),
                        "border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\"")
      << "<h2 style=\"page-break-before:always\">How far to trust the models</h2>\n";
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
        if (std::isfinite(r.extension)) {
            o << "    beside, not published: the extensions of issue 57 (--smem ppcg --hiding "
                 "occupancy --bw shared) give "
              << number(r.extension) << "\n";
        }
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
    const Arguments a(args, {"--family", "--report"}, {"--json", "--summary"});
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
    if (a.has("--summary") && !endsWith(report, ".pdf")) {
        throw InputError("--summary", report.empty() ? std::string("(no --report)") : report,
                         "the two-page handout is a PDF: --report FILE.pdf --summary");
    }
    const ReproduceReport all = reproduce(family);
    const std::vector<ReproducedValue>& rows = all.values;
    const ValidityList& validity = all.validity;
    const auto summary = summariseRows(rows);
    if (!report.empty()) {
        // The HTML page, or the document typeset as a PDF; made before the file is opened, so
        // a build that cannot typeset leaves no empty file.
        const std::string bytes =
            endsWith(report, ".pdf")
                ? typesetPdf(a.has("--summary") ? summaryDocumentHtml(rows)
                                                : pdfDocumentHtml(rows, validity),
                             a.has("--summary")
                                 ? "Codesign Explorer: published values reproduced (summary)"
                                 : "Codesign Explorer: published values reproduced",
                             report)
                : html(rows, validity);
        std::ofstream f(report, std::ios::binary);
        f << bytes;
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
                 {"error", r.error.empty() ? json(nullptr) : json(r.error)},
                 {"extension", std::isfinite(r.extension) ? json(r.extension) : json(nullptr)}});
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

const std::vector<std::string>& extensionFlags() {
    static const std::vector<std::string> flags{"--smem",    "ppcg", "--hiding",
                                                "occupancy", "--bw", "shared"};
    return flags;
}

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
    return typesetPdf(pdfDocumentHtml(report.values, report.validity),
                      "Codesign Explorer: published values reproduced", "report.pdf");
}

std::vector<Command> reproduceCommands() {
    return {{"reproduce", "recompute every published value the project reproduces, with verdicts",
             kReproduceUsage, runReproduce}};
}

} // namespace cdx::cli
