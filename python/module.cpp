// SPDX-License-Identifier: GPL-3.0-or-later
// codesign_explorer: the cdx commands as Python functions (README "Python module").
//
//   import codesign_explorer as cx
//   cx.talg(gpu="gtx980", stencil="heat2d", space=[8192, 8192], time=8192, tile=[8, 256], tt=8,
//           pitch="paper")["T_alg"]
//
// Each function runs the cdx command of the same name in this process (app/cdx/cli.hpp) with
// --json: keyword arguments are its flags (max_within= is --max-within), lists are comma-
// separated values, True is a bare flag, set={"n_sm": 24} is --set n_sm=24, and positional
// arguments are the command's operands (runs_import("runs.csv", db=...)). The result is the
// command's JSON as dicts and lists, with the same keys; bad input raises ValueError with the
// message cdx prints after "cdx: ". The commands' progress lines on stderr are not shown.
// frame=True gives a command whose answer is a table (optimize, codesign, lineup, runs_list,
// reproduce, energy_optimize, study_show) as a pandas DataFrame instead (study.py, _frame).
//
// Studies (issue 60): cx.study(spec, client=None) runs a design study and returns a DataFrame;
// with a dask.distributed.Client the points run on that cluster. study.py holds that half; the
// _study_* functions below are what it (and each Dask worker) calls.

#include "cdx/cli.hpp"
#include "cdx/study_eval.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "study/study_store.hpp"
#include "study_py.hpp"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

using Json = nlohmann::ordered_json;

py::object toPython(const Json& j) {
    switch (j.type()) {
    case Json::value_t::null:
        return py::none();
    case Json::value_t::boolean:
        return py::bool_(j.get<bool>());
    case Json::value_t::number_integer:
        return py::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned:
        return py::int_(j.get<std::uint64_t>());
    case Json::value_t::number_float:
        return py::float_(j.get<double>());
    case Json::value_t::string:
        return py::str(j.get<std::string>());
    case Json::value_t::array: {
        py::list out;
        for (const auto& e : j) {
            out.append(toPython(e));
        }
        return out;
    }
    case Json::value_t::object: {
        py::dict out;
        for (const auto& [key, value] : j.items()) {
            out[py::str(key)] = toPython(value);
        }
        return out;
    }
    default:
        throw std::runtime_error("unexpected JSON value from cdx");
    }
}

// The flags a command's usage shows as repeatable ("[--use PROFILE.json]..."), and --set.
std::set<std::string> repeatableFlags(const cdx::cli::Command& c) {
    std::set<std::string> out{"--set"};
    static const std::regex repeated(R"(\[(--[a-z0-9-]+)[^\]]*\]\.\.\.)");
    const std::string usage = c.usage;
    for (auto it = std::sregex_iterator(usage.begin(), usage.end(), repeated);
         it != std::sregex_iterator(); ++it) {
        out.insert((*it)[1].str());
    }
    return out;
}

// One value as cdx reads it: Python's own text of numbers (shortest round-trip for floats).
std::string text(const py::handle& v) {
    if (py::isinstance<py::bool_>(v)) {
        throw py::type_error("a True/False value is a bare flag: pass it on its own");
    }
    return py::str(v).cast<std::string>();
}

std::vector<std::string> toArguments(const cdx::cli::Command& c, const py::args& operands,
                                     const py::dict& flags) {
    std::vector<std::string> args;
    for (const auto& operand : operands) {
        args.push_back(text(operand));
    }
    const std::set<std::string> repeatable = repeatableFlags(c);
    for (const auto& [k, v] : flags) {
        std::string flag = "--" + py::str(k).cast<std::string>();
        std::replace(flag.begin() + 2, flag.end(), '_', '-');
        if (flag == "--json") {
            continue; // always on
        }
        if (v.is_none() || (py::isinstance<py::bool_>(v) && !v.cast<bool>())) {
            continue; // an unset option
        }
        if (py::isinstance<py::bool_>(v)) {
            args.push_back(flag);
            continue;
        }
        if (flag == "--set" && py::isinstance<py::dict>(v)) {
            for (const auto& [key, value] : v.cast<py::dict>()) {
                args.push_back(flag);
                args.push_back(text(key) + "=" + text(value));
            }
            continue;
        }
        if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
            const bool repeat = repeatable.count(flag) > 0;
            std::string joined;
            for (const auto& e : v) {
                if (repeat) {
                    args.push_back(flag);
                    args.push_back(text(e));
                } else {
                    if (!joined.empty()) {
                        joined += ',';
                    }
                    joined += text(e);
                }
            }
            if (!repeat) {
                args.push_back(flag);
                args.push_back(joined);
            }
            continue;
        }
        args.push_back(flag);
        args.push_back(text(v));
    }
    args.push_back("--json");
    return args;
}

py::object run(const cdx::cli::Command& c, const std::vector<std::string>& prefix,
               const py::args& operands, const py::kwargs& given) {
    // frame=True: the answer's table as a DataFrame (not a flag of the command).
    py::dict flags;
    bool frame = false;
    for (const auto& [k, v] : given) {
        if (py::str(k).cast<std::string>() == "frame") {
            frame = PyObject_IsTrue(v.ptr()) == 1;
        } else {
            flags[k] = v;
        }
    }
    std::vector<std::string> args = prefix;
    const auto rest = toArguments(c, operands, flags);
    args.insert(args.end(), rest.begin(), rest.end());
    std::ostringstream out;
    std::ostringstream err; // progress lines and the one-line error of a refused input
    int rc = 0;
    {
        py::gil_scoped_release release; // long searches leave other Python threads running
        // One command at a time with std::cerr redirected: the redirection is the process's.
        const std::lock_guard<std::recursive_mutex> lock(cdx::cli::commandOutputLock());
        std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
        try {
            rc = c.run(args, out);
        } catch (...) {
            std::cerr.rdbuf(old);
            throw;
        }
        std::cerr.rdbuf(old);
    }
    if (rc != 0) {
        // A refusal reported on stderr (e.g. runs import of invalid rows): its last line, as
        // cdx prints it after "cdx: ".
        std::string line;
        std::istringstream lines(err.str());
        for (std::string l; std::getline(lines, l);) {
            if (!l.empty()) {
                line = l;
            }
        }
        if (line.rfind("cdx: ", 0) == 0) {
            line = line.substr(5);
        }
        if (rc == 2) {
            throw py::value_error(line.empty() ? "invalid input" : line);
        }
        throw std::runtime_error("cdx " + std::string(c.name) + " exited with " +
                                 std::to_string(rc) + (line.empty() ? "" : ": " + line));
    }
    py::object result = toPython(Json::parse(out.str()));
    if (frame) {
        std::string name = c.name;
        for (const auto& p : prefix) {
            name += "_" + p;
        }
        std::replace(name.begin(), name.end(), '-', '_');
        return py::module_::import("codesign_explorer").attr("_frame")(name, result);
    }
    return result;
}

namespace study = cdx::cli::study;

// A study's resolved text (absolute paths, ranges expanded): what workers get.
std::string studyResolve(const std::string& text, const std::string& base) {
    const auto j = cdx::study::Json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        throw cdx::InputError("spec", text.substr(0, 60), "is not JSON");
    }
    if (j.is_object() && j.contains("point_indices")) {
        return study::studyFromText(text).canonical;
    }
    return cdx::study::parseSpec(j, base, study::questionNames()).canonical;
}

// A resolved study read once per process (a Dask worker gets the same text with every task, and
// a list of a million points takes a while to read): the last few, by their text's hash.
std::shared_ptr<const cdx::study::Spec> studyOf(const std::string& canonical) {
    static std::mutex lock;
    static std::vector<std::pair<std::string, std::shared_ptr<const cdx::study::Spec>>> recent;
    const std::string key = cdx::study::fnv1a64(canonical) + ":" + std::to_string(canonical.size());
    {
        const std::lock_guard<std::mutex> hold(lock);
        for (const auto& [k, spec] : recent) {
            if (k == key) {
                return spec;
            }
        }
    }
    auto spec = std::make_shared<const cdx::study::Spec>(study::studyFromText(canonical));
    const std::lock_guard<std::mutex> hold(lock);
    recent.emplace_back(key, spec);
    if (recent.size() > 4) {
        recent.erase(recent.begin());
    }
    return spec;
}

// Checks every point, opens (or creates) the results file, and returns the points not in it.
std::vector<std::uint64_t> studyTodo(const std::string& canonical, const std::string& out) {
    py::gil_scoped_release release;
    const auto s = study::studyFromText(canonical);
    std::optional<cdx::study::Store> existing;
    if (std::filesystem::exists(out)) {
        existing.emplace(out, s, study::answerColumns(s.question), cdx::cli::version());
    }
    study::checkStudy(s);
    cdx::study::Store& store =
        existing ? *existing
                 : existing.emplace(out, s, study::answerColumns(s.question), cdx::cli::version());
    const auto done = store.donePoints();
    std::vector<std::uint64_t> todo;
    for (std::size_t i = 0; i < done.size(); ++i) {
        if (!done[i]) {
            todo.push_back(i);
        }
    }
    return todo;
}

// The rows of some points, one JSON line each (study_eval's toLine), one thread per worker.
std::vector<std::string> studyRows(const std::string& canonical,
                                   const std::vector<std::uint64_t>& points) {
    py::gil_scoped_release release;
    const auto spec = studyOf(canonical);
    const auto& s = *spec;
    const auto n = cdx::study::pointCount(s);
    std::vector<std::string> lines;
    for (const auto p : points) {
        if (p >= n) {
            throw cdx::InputError("point", std::to_string(p),
                                  "expected a point number below " + std::to_string(n));
        }
        lines.push_back(study::toLine(study::answerPoint(s, p, true)));
    }
    return lines;
}

std::size_t studyStore(const std::string& canonical, const std::string& out,
                       const std::vector<std::string>& lines) {
    py::gil_scoped_release release;
    const auto spec = studyOf(canonical);
    const auto& s = *spec;
    cdx::study::Store store(out, s, study::answerColumns(s.question), cdx::cli::version());
    for (const auto& line : lines) {
        store.write(study::fromLine(line));
    }
    return lines.size();
}

// Which profiles the module reads, decided by where the module itself is, never by the
// interpreter (issue 26): the build tree's module reads the source tree's profiles; an installed
// module (PREFIX/lib/python3/dist-packages) reads the nearest share/codesign-explorer above it,
// its own prefix's. $CDX_PROFILES_DIR still comes first (core's search path).
void findOwnProfiles() {
    namespace fs = std::filesystem;
    cdx::setInstallationPrefix({}); // unless found below: the source tree's profiles
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&findOwnProfiles), &info) == 0 ||
        info.dli_fname == nullptr) {
        return;
    }
    std::error_code ec;
    const fs::path dir = fs::weakly_canonical(info.dli_fname, ec).parent_path();
    if (ec || dir.empty() || dir == fs::weakly_canonical(CDX_PYTHON_BUILD_DIR, ec)) {
        return; // the build tree
    }
    for (fs::path prefix = dir; !prefix.empty() && prefix != prefix.root_path();
         prefix = prefix.parent_path()) {
        if (fs::is_directory(prefix / "share" / "codesign-explorer" / "profiles", ec)) {
            cdx::setInstallationPrefix(prefix);
            return;
        }
    }
}

} // namespace

PYBIND11_MODULE(codesign_explorer, m) {
    m.doc() = "Codesign Explorer's analytical GPU cost models: the cdx commands as functions.\n"
              "Keyword arguments are the command's flags (max_within= for --max-within), the\n"
              "result is its --json output as dicts and lists; bad input raises ValueError\n"
              "with the message cdx prints. help(codesign_explorer.talg) shows the flags.";
    m.attr("__version__") = cdx::cli::version();
    m.attr("__license__") = cdx::cli::licence();
    findOwnProfiles();
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) {
                std::rethrow_exception(p);
            }
        } catch (const cdx::InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
    for (const cdx::cli::Command& c : cdx::cli::allCommands()) {
        const std::string name = c.name;
        std::string pyName = name;
        std::replace(pyName.begin(), pyName.end(), '-', '_');
        const cdx::cli::Command* command = &c;
        if (name == "runs" || name == "study") { // one function per action: runs_import, ...
            const std::vector<const char*> actions =
                name == "runs" ? std::vector<const char*>{"import", "list", "stats", "calibrate"}
                               : std::vector<const char*>{"run", "check", "show"};
            for (const char* action : actions) {
                m.def((name + "_" + action).c_str(),
                      [command, action](const py::args& a, const py::kwargs& k) {
                          return run(*command, {action}, a, k);
                      },
                      ("cdx " + name + " " + action + " ... --json\n\n" + c.usage).c_str());
            }
            continue;
        }
        m.def(
            pyName.c_str(),
            [command](const py::args& a, const py::kwargs& k) { return run(*command, {}, a, k); },
            (std::string(c.summary) + "\n\n" + c.usage).c_str());
    }
    m.def("_study_resolve", &studyResolve,
          "a study's JSON text and base folder: its resolved text");
    m.def(
        "_study_resolve_file",
        [](const std::string& path) { return study::readStudy(path).canonical; },
        "a study file: its resolved text");
    m.def("_study_todo", &studyTodo, "checks a resolved study, opens its results: points to do");
    m.def("_study_rows", &studyRows, "the rows of some points of a resolved study, a line each");
    m.def("_study_store", &studyStore, "stores points' rows (lines of _study_rows)");
    // The Python half: study(), _dask_stream(), _frame() (study.py).
    py::exec(kStudyPy, m.attr("__dict__"));
}
