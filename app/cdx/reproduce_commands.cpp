#include "cdx/reproduce_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/cli.hpp"
#include "cdx/common.hpp"
#include "params/input_error.hpp"
#include "published/published.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cdx::cli {

namespace {

using json = nlohmann::ordered_json;

const char* const kReproduceUsage =
    "usage: cdx reproduce [--family talg|area|mwp|energy|eatss|chain] [--report FILE.html]\n"
    "                     [--json]\n"
    "  Recomputes every published value of profiles/published/ (tables, worked examples,\n"
    "  values read from figures) with the cdx command its entry names, and prints published,\n"
    "  computed, difference, variant and a verdict: reproduced (within the tolerance),\n"
    "  differs within the erratum (the printed value is known to be wrong and the model gives\n"
    "  the corrected one), or differs; then a summary per document. Exit 0 when it ran (it is\n"
    "  a report); --report writes the same as an HTML page.\n";

struct Row {
    published::Entry entry;
    double computed = NAN;
    std::string error; // the command failed or the quantity is not a number
    published::Verdict verdict = published::Verdict::Differs;
};

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

// Runs the entry's command with --json in process (once per distinct command) and reads the
// quantity.
Row evaluate(const published::Entry& e, std::map<std::vector<std::string>, json>& outputs) {
    Row r{e, NAN, {}, published::Verdict::Differs};
    const Command* c = findCommand(e.command.front());
    if (c == nullptr) {
        r.error = "unknown command '" + e.command.front() + "'";
        return r;
    }
    std::vector<std::string> args(e.command.begin() + 1, e.command.end());
    args.push_back("--json");
    try {
        auto cached = outputs.find(e.command);
        if (cached == outputs.end()) {
            std::ostringstream out;
            const QuietStderr quiet;
            if (c->run(args, out) != 0) {
                r.error = "the command failed";
                return r;
            }
            cached = outputs.emplace(e.command, json::parse(out.str())).first;
        }
        const json& j = cached->second;
        const json::json_pointer at(e.quantity);
        if (!j.contains(at) || !j.at(at).is_number()) {
            r.error = "no number at " + e.quantity + " in its output";
            return r;
        }
        r.computed = j.at(at).get<double>();
    } catch (const std::exception& ex) {
        r.error = ex.what();
        return r;
    }
    r.verdict = published::verdict(e, r.computed);
    return r;
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

struct Summary {
    int entries = 0, reproduced = 0, withinErratum = 0, differs = 0;
};

std::map<std::string, Summary> summarise(const std::vector<Row>& rows) {
    std::map<std::string, Summary> out;
    for (const Row& r : rows) {
        Summary& s = out[r.entry.document];
        ++s.entries;
        switch (r.verdict) {
        case published::Verdict::Reproduced:
            ++s.reproduced;
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

std::string html(const std::vector<Row>& rows) {
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Codesign Explorer: "
         "published values reproduced</title>\n<style>body{font-family:sans-serif}"
         "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:3px 6px}"
         "td.n{text-align:right}.differs{background:#fdd}.erratum{background:#ffe}"
         "</style></head><body>\n<h1>Published values reproduced</h1>\n<h2>Summary</h2>\n"
         "<table><tr><th>document</th><th>entries</th><th>reproduced</th>"
         "<th>differs within the erratum</th><th>differs</th></tr>\n";
    for (const auto& [doc, s] : summarise(rows)) {
        o << "<tr><td>" << escape(doc) << "</td><td class=n>" << s.entries << "</td><td class=n>"
          << s.reproduced << "</td><td class=n>" << s.withinErratum << "</td><td class=n>"
          << s.differs << "</td></tr>\n";
    }
    o << "</table>\n<h2>Entries</h2>\n<table><tr><th>id</th><th>document</th><th>source</th>"
         "<th>published</th><th>computed</th><th>difference</th><th>tolerance</th>"
         "<th>unit</th><th>variant</th><th>verdict</th><th>erratum</th><th>command</th></tr>\n";
    for (const Row& r : rows) {
        const auto& e = r.entry;
        const char* cls = r.verdict == published::Verdict::Differs         ? " class=differs"
                          : r.verdict == published::Verdict::WithinErratum ? " class=erratum"
                                                                           : "";
        std::string cmd = "cdx";
        for (const auto& a : e.command) {
            cmd += " " + a;
        }
        o << "<tr" << cls << "><td>" << escape(e.id) << "</td><td>" << escape(e.document)
          << "</td><td>" << escape(e.source) << "</td><td class=n>" << number(e.published)
          << "</td><td class=n>" << number(r.computed) << "</td><td class=n>"
          << number(r.computed - e.published) << "</td><td class=n>" << number(e.tolerance)
          << "</td><td>" << escape(e.unit) << "</td><td>" << escape(e.variant) << "</td><td>"
          << published::name(r.verdict) << (r.error.empty() ? "" : ": " + escape(r.error))
          << "</td><td>" << escape(e.erratum) << "</td><td><code>" << escape(cmd)
          << "</code></td></tr>\n";
    }
    o << "</table>\n</body></html>\n";
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
        if (report.size() < 5 || report.substr(report.size() - 5) != ".html") {
            throw InputError("--report", report,
                             "expected a FILE.html (PDF: print the HTML page from a browser)");
        }
    }
    std::vector<Row> rows;
    std::map<std::vector<std::string>, json> outputs;
    for (const auto& e : published::loadAll()) {
        if (family.empty() || e.family == family) {
            rows.push_back(evaluate(e, outputs));
        }
    }
    if (!report.empty()) {
        std::ofstream f(report);
        f << html(rows);
        if (!f) {
            throw InputError("--report", report, "could not be written");
        }
    }
    const auto summary = summarise(rows);
    if (a.has("--json")) {
        json entries = json::array();
        for (const Row& r : rows) {
            const auto& e = r.entry;
            entries.push_back(
                {{"id", e.id},
                 {"document", e.document},
                 {"source", e.source},
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
                            {"reproduced", s.reproduced},
                            {"within_erratum", s.withinErratum},
                            {"differs", s.differs}});
        }
        out << json{{"command", "reproduce"},
                    {"family", family.empty() ? json(nullptr) : json(family)},
                    {"entries", entries},
                    {"summary", docs}}
                   .dump(2)
            << '\n';
        return 0;
    }
    std::ostringstream o;
    std::string document;
    for (const Row& r : rows) {
        const auto& e = r.entry;
        if (e.document != document) {
            document = e.document;
            o << (o.tellp() > 0 ? "\n" : "") << document << "\n";
        }
        o << "  " << e.id << "  (" << e.source << ")\n";
        o << "    published " << number(e.published) << (e.unit.empty() ? "" : " " + e.unit)
          << ", computed " << number(r.computed) << ", difference "
          << number(r.computed - e.published) << " (tolerance " << number(e.tolerance) << ")"
          << (e.variant.empty() ? "" : "; " + e.variant) << "\n";
        o << "    " << published::name(r.verdict) << (r.error.empty() ? "" : ": " + r.error)
          << (e.erratum.empty() ? "" : "; erratum: " + e.erratum) << "\n";
    }
    o << "\nsummary:\n";
    for (const auto& [doc, s] : summary) {
        o << "  " << doc << ": " << s.entries << " entries, " << s.reproduced << " reproduced, "
          << s.withinErratum << " differ within the erratum, " << s.differs << " differ\n";
    }
    out << o.str();
    return 0;
}

} // namespace

std::vector<Command> reproduceCommands() {
    return {{"reproduce", "recompute every published value the project reproduces, with verdicts",
             kReproduceUsage, runReproduce}};
}

} // namespace cdx::cli
