// SPDX-License-Identifier: GPL-3.0-or-later
// cdx study (issue 60): many questions at once, from a study file, on this machine's cores (a
// forked worker per job) or on a Dask cluster (through the Python module), into one SQLite
// table that a later run continues.
#include "cdx/study_commands.hpp"

#include "cdx/arguments.hpp"
#include "cdx/cli.hpp"
#include "cdx/common.hpp"
#include "cdx/study_eval.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "study/study_store.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cdx::cli {

namespace {

namespace fs = std::filesystem;
using cdx::study::PointRows;
using cdx::study::Spec;
using cdx::study::Store;
using Json = nlohmann::ordered_json;

const char* const kStudyUsage =
    "usage: cdx study run STUDY.json --out RESULTS.sqlite [--jobs N] [--dask tcp://HOST:PORT]\n"
    "                 [--json]\n"
    "       cdx study check STUDY.json [--json]\n"
    "       cdx study show RESULTS.sqlite [--pareto X,Y[,GROUP]] [--csv] [--limit 20] [--json]\n"
    "  A design study (docs/formats.md \"Study files\"): one question (optimize, codesign,\n"
    "  energy, mwp, lineup) asked at every point of the product of its axes, or of a list of\n"
    "  points. Every point is checked with its command before anything runs; a bad value is\n"
    "  refused naming its axis. run answers the points on this machine, --jobs N at a time\n"
    "  (default: one per core), or on the Dask cluster at --dask (its workers import the Python\n"
    "  module codesign_explorer), and writes one row per point and answer into RESULTS.sqlite:\n"
    "  every axis a column, the answer's columns, and the tool version, variant and the GPU\n"
    "  description's hash. A point's rows are one transaction: Ctrl+C or a lost worker leaves\n"
    "  whole points, and running the same command again computes only the points not there.\n"
    "  Progress (points done, rate, time left) goes to stderr. check prints the points and\n"
    "  columns without running. show summarises a results file: the first rows, the Pareto\n"
    "  front of X and Y (smaller is better; max:COL for larger) per value of GROUP, --csv for\n"
    "  every row.\n";

volatile std::sig_atomic_t gInterrupted = 0;

extern "C" void onInterrupt(int) {
    gInterrupted = 1;
}

// SIGINT and SIGTERM set a flag while a study runs: the points stored stay, the run stops.
class InterruptGuard {
public:
    InterruptGuard() {
        gInterrupted = 0;
        struct sigaction sa {};
        sa.sa_handler = onInterrupt;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = 0; // no SA_RESTART: poll() returns at once
        sigaction(SIGINT, &sa, &oldInt_);
        sigaction(SIGTERM, &sa, &oldTerm_);
        // A worker that died: writing to it is an error to handle, not the end of the run.
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGPIPE, &ignore, &oldPipe_);
    }
    ~InterruptGuard() {
        sigaction(SIGINT, &oldInt_, nullptr);
        sigaction(SIGTERM, &oldTerm_, nullptr);
        sigaction(SIGPIPE, &oldPipe_, nullptr);
    }
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
    struct sigaction oldInt_ {};
    struct sigaction oldTerm_ {};
    struct sigaction oldPipe_ {};
};

std::string duration(double s) {
    std::ostringstream o;
    if (s < 90) {
        o << static_cast<long>(std::ceil(s)) << " s";
    } else if (s < 5400) {
        o << static_cast<long>(std::ceil(s / 60)) << " min";
    } else {
        o << std::fixed << std::setprecision(1) << s / 3600 << " h";
    }
    return o.str();
}

// What a run has done, and its progress line once a second on stderr.
class Progress {
public:
    Progress(std::uint64_t total, std::uint64_t before)
        : total_(total), before_(before), start_(std::chrono::steady_clock::now()), last_(start_) {}

    void pointDone(const PointRows& p) {
        ++done_;
        rows_ += std::max<std::size_t>(1, p.rows.size());
        if (p.status == "refused") {
            ++refused_;
        } else if (p.status == "none") {
            ++none_;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ >= std::chrono::seconds(1)) {
            last_ = now;
            print(false);
        }
    }
    void print(bool final) const {
        const double s = seconds();
        const double rate = s > 0 ? static_cast<double>(done_) / s : 0;
        const std::uint64_t stored = before_ + done_;
        std::cerr << "cdx study: " << stored << " of " << total_ << " points ("
                  << (total_ ? 100 * stored / total_ : 100) << " %), " << std::setprecision(3)
                  << rate << " points/s";
        if (!final && rate > 0 && stored < total_) {
            std::cerr << ", about " << duration(static_cast<double>(total_ - stored) / rate)
                      << " left";
        }
        std::cerr << '\n';
    }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    std::uint64_t done() const { return done_; }
    std::uint64_t rows() const { return rows_; }
    std::uint64_t refused() const { return refused_; }
    std::uint64_t none() const { return none_; }

private:
    std::uint64_t total_;
    std::uint64_t before_;
    std::uint64_t done_ = 0;
    std::uint64_t rows_ = 0;
    std::uint64_t refused_ = 0;
    std::uint64_t none_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_;
};

// The points still to answer, in order, without a list of them (a bit per point).
class Todo {
public:
    explicit Todo(std::vector<bool> done) : done_(std::move(done)) {}
    std::optional<std::uint64_t> next() {
        if (!retry_.empty()) {
            const auto p = retry_.front();
            retry_.pop_front();
            return p;
        }
        while (cursor_ < done_.size() && done_[cursor_]) {
            ++cursor_;
        }
        if (cursor_ >= done_.size()) {
            return std::nullopt;
        }
        return cursor_++;
    }
    void again(std::uint64_t p) { retry_.push_back(p); }

private:
    std::vector<bool> done_;
    std::uint64_t cursor_ = 0;
    std::deque<std::uint64_t> retry_;
};

bool writeAll(int fd, const std::string& s) {
    std::size_t off = 0;
    while (off < s.size()) {
        const ssize_t n = ::write(fd, s.data() + off, s.size() - off);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        off += static_cast<std::size_t>(n);
    }
    return true;
}

// A worker process: reads point numbers, one a line, and writes each point's rows, one a line,
// until its input ends. It never touches the results file.
[[noreturn]] void workerLoop(const Spec& s, int in, int out) {
    std::signal(SIGINT, SIG_IGN); // the parent decides when to stop
    std::string buffer;
    char chunk[256];
    for (;;) {
        const auto nl = buffer.find('\n');
        if (nl != std::string::npos) {
            const std::uint64_t point = std::stoull(buffer.substr(0, nl));
            buffer.erase(0, nl + 1);
            std::string line;
            try {
                line = study::toLine(study::answerPoint(s, point, true));
            } catch (const std::exception& e) {
                line = Json{{"point", point}, {"internal", e.what()}}.dump();
            }
            if (!writeAll(out, line + "\n")) {
                _exit(1);
            }
            continue;
        }
        const ssize_t n = ::read(in, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            _exit(0);
        }
        buffer.append(chunk, static_cast<std::size_t>(n));
    }
}

struct Worker {
    pid_t pid = -1;
    int in = -1;  // the worker's input (we write point numbers)
    int out = -1; // its output (we read rows)
    std::string buffer;
    std::optional<std::uint64_t> point;
};

// Stores one line of a worker's output; throws on a worker's internal error.
void storeLine(Store& store, Progress& progress, const std::string& line) {
    const Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded()) {
        throw std::runtime_error("a study worker wrote an unreadable line: " + line.substr(0, 80));
    }
    if (j.contains("internal")) {
        throw std::runtime_error("point " + j["point"].dump() + ": " +
                                 j["internal"].get<std::string>());
    }
    const PointRows p = study::fromLine(line);
    store.write(p);
    progress.pointDone(p);
}

// Reads what is available on `fd` into `buffer`; false at the end of the stream.
bool readSome(int fd, std::string& buffer) {
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) {
            if (gInterrupted) {
                return true;
            }
            continue;
        }
        if (n <= 0) {
            return false;
        }
        buffer.append(chunk, static_cast<std::size_t>(n));
        return true;
    }
}

void stopWorkers(std::vector<Worker>& workers, bool kill) {
    for (auto& w : workers) {
        if (w.in >= 0) {
            ::close(w.in);
            w.in = -1;
        }
        if (kill && w.pid > 0) {
            ::kill(w.pid, SIGKILL);
        }
    }
    for (auto& w : workers) {
        if (w.out >= 0) {
            ::close(w.out);
            w.out = -1;
        }
        if (w.pid > 0) {
            int status = 0;
            while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
            }
            w.pid = -1;
        }
    }
}

// --jobs N > 1: N forked workers, a point at a time each.
void runForked(const Spec& s, Store& store, Todo& todo, Progress& progress, unsigned jobs) {
    std::cout.flush();
    std::cerr.flush();
    std::vector<Worker> workers(jobs);
    std::vector<int> parentEnds;
    for (auto& w : workers) {
        int toChild[2];
        int fromChild[2];
        if (::pipe(toChild) != 0) {
            stopWorkers(workers, true);
            throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
        }
        if (::pipe(fromChild) != 0) {
            ::close(toChild[0]);
            ::close(toChild[1]);
            stopWorkers(workers, true);
            throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
        }
        const pid_t pid = ::fork();
        if (pid < 0) {
            stopWorkers(workers, true);
            throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
        }
        if (pid == 0) {
            commandOutputLockAfterFork();
            for (const int fd : parentEnds) {
                ::close(fd);
            }
            ::close(toChild[1]);
            ::close(fromChild[0]);
            workerLoop(s, toChild[0], fromChild[1]);
        }
        ::close(toChild[0]);
        ::close(fromChild[1]);
        w.pid = pid;
        w.in = toChild[1];
        w.out = fromChild[0];
        parentEnds.push_back(w.in);
        parentEnds.push_back(w.out);
    }
    const auto dispatch = [&](Worker& w) {
        if (gInterrupted || w.in < 0) {
            return; // a worker whose input is closed takes no more points
        }
        if (const auto p = todo.next()) {
            w.point = *p;
            if (!writeAll(w.in, std::to_string(*p) + "\n")) {
                todo.again(*p);
                w.point.reset();
            }
        } else if (w.in >= 0) {
            ::close(w.in); // no more points: the worker ends
            w.in = -1;
        }
    };
    try {
        for (auto& w : workers) {
            dispatch(w);
        }
        for (;;) {
            std::vector<pollfd> fds;
            std::vector<Worker*> who;
            for (auto& w : workers) {
                if (w.out >= 0 && w.point) {
                    fds.push_back({w.out, POLLIN, 0});
                    who.push_back(&w);
                }
            }
            if (fds.empty() || gInterrupted) {
                break;
            }
            const int ready = ::poll(fds.data(), fds.size(), 1000);
            if (ready < 0 && errno != EINTR) {
                throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
            }
            for (std::size_t i = 0; ready > 0 && i < fds.size(); ++i) {
                if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) {
                    continue;
                }
                Worker& w = *who[i];
                if (!readSome(w.out, w.buffer)) {
                    // A lost worker: its point was not stored; another worker answers it.
                    std::cerr << "cdx study: a worker (pid " << w.pid << ") ended at point "
                              << *w.point << "; the point goes to another worker\n";
                    todo.again(*w.point);
                    w.point.reset();
                    ::close(w.out);
                    w.out = -1;
                    if (w.in >= 0) {
                        ::close(w.in);
                        w.in = -1;
                    }
                    if (std::none_of(workers.begin(), workers.end(),
                                     [](const Worker& o) { return o.out >= 0; })) {
                        throw std::runtime_error("every study worker ended");
                    }
                    for (auto& o : workers) {
                        if (o.out >= 0 && o.in >= 0 && !o.point) {
                            dispatch(o);
                        }
                    }
                    continue;
                }
                for (auto nl = w.buffer.find('\n'); nl != std::string::npos;
                     nl = w.buffer.find('\n')) {
                    const std::string line = w.buffer.substr(0, nl);
                    w.buffer.erase(0, nl + 1);
                    storeLine(store, progress, line);
                    w.point.reset();
                    dispatch(w);
                }
            }
        }
    } catch (...) {
        stopWorkers(workers, true);
        throw;
    }
    stopWorkers(workers, gInterrupted != 0);
}

// The interpreter and module path for the Dask client (the Python module's own).
std::string pythonInterpreter() {
    if (const char* p = std::getenv("CDX_PYTHON"); p && *p) {
        return p;
    }
    return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// --dask ADDRESS: a Python process with a Dask client sends the points to the cluster and
// writes each point's rows, one a line, as the forked workers do.
void runDask(const Spec& s, Store& store, Todo& todo, Progress& progress,
             const std::string& address) {
    const fs::path dir =
        fs::temp_directory_path() / ("cdx-study-" + std::to_string(::getpid()) + "-" + s.hash);
    fs::create_directories(dir);
    const fs::path specFile = dir / "study.json";
    const fs::path todoFile = dir / "todo.txt";
    {
        std::ofstream spec(specFile);
        spec << s.canonical;
        std::ofstream points(todoFile);
        while (const auto p = todo.next()) {
            points << *p << '\n';
        }
    }
    int fromChild[2];
    if (::pipe(fromChild) != 0) {
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    std::cout.flush();
    std::cerr.flush();
    const std::string python = pythonInterpreter();
    const pid_t pid = ::fork();
    if (pid < 0) {
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        ::close(fromChild[0]);
        ::dup2(fromChild[1], STDOUT_FILENO);
        ::close(fromChild[1]);
#ifdef CDX_PYTHON_BUILD_DIR
        // The build tree's cdx uses the build tree's module.
        std::error_code ec;
        const fs::path self = fs::read_symlink("/proc/self/exe", ec);
        if (!ec && fs::exists(CDX_PYTHON_BUILD_DIR) &&
            self.string().rfind(fs::path(CDX_PYTHON_BUILD_DIR).parent_path().string(), 0) == 0) {
            const char* old = std::getenv("PYTHONPATH");
            const std::string path =
                std::string(CDX_PYTHON_BUILD_DIR) + (old && *old ? ":" + std::string(old) : "");
            ::setenv("PYTHONPATH", path.c_str(), 1);
        }
#endif
        ::execlp(python.c_str(), python.c_str(), "-c",
                 "import sys\n"
                 "try:\n"
                 "    import codesign_explorer as cx\n"
                 "except ImportError as e:\n"
                 "    sys.stderr.write('cdx: --dask: %s\\n' % e)\n"
                 "    sys.exit(3)\n"
                 "sys.exit(cx._dask_stream(sys.argv[1], sys.argv[2], sys.argv[3]))",
                 address.c_str(), specFile.c_str(), todoFile.c_str(), static_cast<char*>(nullptr));
        std::cerr << "cdx: --dask: cannot start " << python << ": " << std::strerror(errno) << '\n';
        _exit(127);
    }
    ::close(fromChild[1]);
    std::string buffer;
    std::exception_ptr failure;
    bool stopped = false;
    try {
        for (;;) {
            if (gInterrupted && !stopped) {
                // Stopped: the client ends; the lines it wrote before are still stored.
                ::kill(pid, SIGTERM);
                stopped = true;
            }
            pollfd fd{fromChild[0], POLLIN, 0};
            const int ready = ::poll(&fd, 1, 1000);
            if (ready < 0 && errno != EINTR) {
                throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
            }
            if (ready <= 0) {
                continue;
            }
            if (!readSome(fromChild[0], buffer)) {
                break;
            }
            for (auto nl = buffer.find('\n'); nl != std::string::npos; nl = buffer.find('\n')) {
                const std::string line = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                storeLine(store, progress, line);
            }
        }
    } catch (...) {
        failure = std::current_exception();
        ::kill(pid, SIGTERM);
    }
    ::close(fromChild[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (failure) {
        std::rethrow_exception(failure);
    }
    if (!gInterrupted && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        if (code == 2) {
            throw InputError("--dask", address,
                             "the Dask client refused (its message is above): a running "
                             "scheduler's address, tcp://HOST:PORT, whose workers import "
                             "codesign_explorer");
        }
        if (code == 3) {
            throw InputError("--dask", address,
                             "needs the Python packages dask.distributed (Debian: "
                             "python3-distributed) and codesign_explorer for " +
                                 python);
        }
        throw std::runtime_error("the Dask client (" + python + ") ended with " +
                                 std::to_string(code) + "; the points stored so far stay");
    }
}

std::string columnList(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& c : v) {
        out += (out.empty() ? "" : ", ") + c;
    }
    return out;
}

int studyCheck(const std::vector<std::string>& args, std::ostream& out) {
    const Operands o = splitOperands(args, {});
    const Arguments a(o.flags, {}, {"--json"});
    if (o.words.size() != 1) {
        throw InputError("study check", columnList(o.words), "expected one STUDY.json");
    }
    const Spec s = study::readStudy(o.words[0]);
    const std::uint64_t checked = study::checkStudy(s);
    const auto& answers = study::answerColumns(s.question);
    if (a.has("--json")) {
        Json axes = Json::array();
        for (const auto& ax : s.axes) {
            Json values = Json::array();
            for (const auto& v : ax.values) {
                values.push_back(v.column);
            }
            axes.push_back(Json{{"name", ax.name}, {"values", values}});
        }
        out << Json{{"command", "study check"},  {"name", s.name},
                    {"question", s.question},    {"points", cdx::study::pointCount(s)},
                    {"checked", checked},        {"axes", axes},
                    {"answer_columns", answers}, {"spec_hash", s.hash}}
                   .dump(2)
            << '\n';
        return 0;
    }
    out << "Study '" << s.name << "': " << s.question << " at " << cdx::study::pointCount(s)
        << " points (" << checked << " checked with cdx " << s.question << ")\n";
    for (const auto& ax : s.axes) {
        out << "  axis " << ax.name << " (" << ax.values.size() << "): ";
        for (std::size_t i = 0; i < ax.values.size() && i < 8; ++i) {
            const Json& c = ax.values[i].column;
            out << (i ? ", " : "") << (c.is_string() ? c.get<std::string>() : c.dump());
        }
        out << (ax.values.size() > 8 ? ", ..." : "") << '\n';
    }
    out << "  answer columns: " << columnList(answers) << '\n';
    return 0;
}

int studyRun(const std::vector<std::string>& args, std::ostream& out) {
    const Operands o = splitOperands(args, {"--out", "--jobs", "--dask"});
    const Arguments a(o.flags, {"--out", "--jobs", "--dask"}, {"--json"});
    if (o.words.size() != 1) {
        throw InputError("study run", columnList(o.words), "expected one STUDY.json");
    }
    const std::string outPath = a.required("--out");
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    if (a.has("--jobs")) {
        const std::int64_t j = parseInteger(a.required("--jobs"), "--jobs");
        if (j < 1 || j > 256) {
            throw InputError("--jobs", std::to_string(j),
                             "expected an integer in [1, 256] (points answered at once)");
        }
        jobs = static_cast<unsigned>(j);
    }
    const std::optional<std::string> dask = a.optional("--dask");
    if (dask && dask->find("://") == std::string::npos) {
        throw InputError("--dask", *dask, "expected a scheduler address, tcp://HOST:PORT");
    }
    if (dask && a.has("--jobs")) {
        throw InputError("--jobs", a.required("--jobs"),
                         "not with --dask: the cluster's workers are the jobs");
    }
    const Spec s = study::readStudy(o.words[0]);
    const std::uint64_t total = cdx::study::pointCount(s);
    // Checked before anything is written (an existing file's study is checked first, so that
    // another study's file is not taken for this one).
    std::optional<Store> existing;
    if (fs::exists(outPath)) {
        existing.emplace(outPath, s, study::answerColumns(s.question), version());
    }
    study::checkStudy(s);
    Store& store = existing
                       ? *existing
                       : existing.emplace(outPath, s, study::answerColumns(s.question), version());
    Todo todo(store.donePoints());
    const std::uint64_t before = store.doneCount();
    Progress progress(total, before);
    const std::uint64_t toDo = total - before;
    {
        const InterruptGuard guard;
        if (toDo > 0) {
            std::cerr << "cdx study: '" << s.name << "', " << s.question << " at " << total
                      << " points"
                      << (before ? ", " + std::to_string(before) + " already stored" : "") << "; "
                      << (dask ? "on the Dask cluster at " + *dask
                               : std::to_string(std::min<std::uint64_t>(jobs, toDo)) +
                                     (jobs == 1 ? " job" : " jobs"))
                      << "; Ctrl+C stops it, the same command continues it\n";
        }
        if (dask) {
            if (toDo > 0) {
                runDask(s, store, todo, progress, *dask);
            }
        } else {
            if (jobs > 1 && toDo > 1) {
                runForked(s, store, todo, progress,
                          static_cast<unsigned>(std::min<std::uint64_t>(jobs, toDo)));
            }
            // One job; or the points whose workers were lost with no other worker left.
            while (!gInterrupted) {
                const auto p = todo.next();
                if (!p) {
                    break;
                }
                const PointRows rows = study::answerPoint(s, *p, false);
                store.write(rows);
                progress.pointDone(rows);
            }
        }
    }
    const std::uint64_t stored = store.doneCount();
    if (gInterrupted) {
        std::cerr << "cdx study: interrupted: " << stored << " of " << total << " points stored in "
                  << outPath << "; the same command continues\n";
        return 130;
    }
    if (toDo > 0) {
        progress.print(true);
    }
    if (stored != total) {
        throw std::runtime_error(std::to_string(total - stored) +
                                 " points are missing after the run");
    }
    if (a.has("--json")) {
        out << Json{{"command", "study run"},  {"name", s.name},
                    {"question", s.question},  {"points", total},
                    {"before", before},        {"computed", progress.done()},
                    {"rows", progress.rows()}, {"refused", progress.refused()},
                    {"none", progress.none()}, {"seconds", progress.seconds()},
                    {"out", outPath}}
                   .dump(2)
            << '\n';
        return 0;
    }
    out << "Study '" << s.name << "': " << total << " points in " << outPath << " ("
        << progress.done() << " computed now, " << before << " before; " << progress.rows()
        << " rows";
    if (progress.none() || progress.refused()) {
        out << "; " << progress.none() << " without an answer, " << progress.refused()
            << " refused";
    }
    out << ")\n  cdx study show " << outPath << " summarises it.\n";
    return 0;
}

void printCsv(const cdx::study::Table& t, const std::vector<std::size_t>& rows, std::ostream& out,
              const std::string& groupColumn, const std::vector<std::string>& groups) {
    const auto csv = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) {
            return s;
        }
        std::string q = "\"";
        for (const char c : s) {
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        return q + "\"";
    };
    bool first = true;
    if (!groupColumn.empty()) {
        out << "front";
        first = false;
    }
    for (const auto& c : t.columns) {
        out << (first ? "" : ",") << csv(c);
        first = false;
    }
    out << '\n';
    for (std::size_t i = 0; i < rows.size(); ++i) {
        first = true;
        if (!groupColumn.empty()) {
            out << csv(groups[i]);
            first = false;
        }
        for (const auto& c : t.rows[rows[i]]) {
            out << (first ? "" : ",") << csv(cdx::study::text(c));
            first = false;
        }
        out << '\n';
    }
}

int studyShow(const std::vector<std::string>& args, std::ostream& out) {
    const Operands o = splitOperands(args, {"--pareto", "--limit"});
    const Arguments a(o.flags, {"--pareto", "--limit"}, {"--json", "--csv"});
    if (o.words.size() != 1) {
        throw InputError("study show", columnList(o.words), "expected one RESULTS.sqlite");
    }
    if (a.has("--json") && a.has("--csv")) {
        throw InputError("--csv", "", "not with --json: one output form");
    }
    const cdx::study::Table t = cdx::study::readTable(o.words[0]);
    std::int64_t limit = 20;
    if (a.has("--limit")) {
        limit = parseInteger(a.required("--limit"), "--limit");
        if (limit < 0) {
            throw InputError("--limit", std::to_string(limit),
                             "expected an integer >= 0 (0 = all)");
        }
    }
    std::vector<std::size_t> rows;
    std::vector<std::string> groups;
    std::vector<cdx::study::Front> fronts;
    std::string x;
    std::string y;
    std::string group;
    if (const auto p = a.optional("--pareto")) {
        std::vector<std::string> parts;
        std::stringstream in(*p);
        for (std::string part; std::getline(in, part, ',');) {
            parts.push_back(part);
        }
        if (parts.size() < 2 || parts.size() > 3 || p->back() == ',') {
            throw InputError("--pareto", *p,
                             "expected X,Y or X,Y,GROUP: two columns to minimise (max:COL to "
                             "maximise) and a column to group by");
        }
        x = parts[0];
        y = parts[1];
        group = parts.size() == 3 ? parts[2] : "";
        fronts = cdx::study::paretoFronts(t, x, y, group);
        for (const auto& f : fronts) {
            for (const auto r : f.rows) {
                rows.push_back(r);
                groups.push_back(f.group);
            }
        }
    } else {
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            rows.push_back(r);
        }
    }
    if (a.has("--csv")) {
        printCsv(t, rows, out, a.has("--pareto") ? (group.empty() ? "all" : group) : "", groups);
        return 0;
    }
    std::map<std::string, std::uint64_t> statuses;
    const std::size_t statusColumn = cdx::study::columnIndex(t, "status", "status");
    for (const auto& r : t.rows) {
        if (r[1] == cdx::study::Cell{std::int64_t{0}}) {
            ++statuses[cdx::study::text(r[statusColumn])];
        }
    }
    if (a.has("--json")) {
        const auto rowsJson = [&](const std::vector<std::size_t>& which) {
            Json list = Json::array();
            for (const auto r : which) {
                Json row = Json::object();
                for (std::size_t c = 0; c < t.columns.size(); ++c) {
                    row[t.columns[c]] = cdx::study::jsonOf(t.rows[r][c]);
                }
                list.push_back(row);
            }
            return list;
        };
        Json j{{"command", "study show"}, {"name", t.name},       {"question", t.question},
               {"points", t.points},      {"done", t.donePoints}, {"axes", t.axes},
               {"columns", t.columns},    {"statuses", statuses}};
        if (a.has("--pareto")) {
            Json fs = Json::array();
            for (const auto& f : fronts) {
                fs.push_back(Json{{"group", f.group}, {"rows", rowsJson(f.rows)}});
            }
            j["pareto"] = Json{{"x", x},
                               {"y", y},
                               {"group", group.empty() ? Json() : Json(group)},
                               {"fronts", fs}};
        }
        j["rows"] = rowsJson(rows);
        out << j.dump(2) << '\n';
        return 0;
    }
    out << "Study '" << t.name << "' (" << t.question << "): " << t.donePoints << " of " << t.points
        << " points, " << t.rows.size() << " rows";
    for (const auto& [status, n] : statuses) {
        out << "; " << n << ' ' << status;
    }
    out << "\n  axes: " << columnList(t.axes) << "\n";
    if (a.has("--pareto")) {
        out << "Pareto front of " << x << " and " << y
            << (group.empty() ? std::string() : " per " + group) << " (smaller is better"
            << (x.rfind("max:", 0) == 0 || y.rfind("max:", 0) == 0 ? "; max: larger" : "")
            << "):\n";
    }
    // The columns shown: the point, the axes, the status and the first answer columns.
    std::vector<std::size_t> shown{0};
    for (const auto& ax : t.axes) {
        shown.push_back(cdx::study::columnIndex(t, ax, "axis"));
    }
    shown.push_back(statusColumn);
    const std::size_t firstAnswer = statusColumn + 2;
    for (std::size_t c = firstAnswer; c < t.columns.size() && shown.size() < t.axes.size() + 9;
         ++c) {
        if (t.columns[c] != "variant" && t.columns[c] != "gpu_hash") {
            shown.push_back(c);
        }
    }
    if (a.has("--pareto")) {
        const std::size_t cx = cdx::study::columnIndex(t, x, "--pareto");
        const std::size_t cy = cdx::study::columnIndex(t, y, "--pareto");
        for (const auto c : {cx, cy}) {
            if (std::find(shown.begin(), shown.end(), c) == shown.end()) {
                shown.push_back(c);
            }
        }
    }
    const auto cellText = [](const cdx::study::Cell& c) {
        std::string s = cdx::study::text(c);
        if (const auto* d = std::get_if<double>(&c)) {
            s = fmt(*d, 6);
        }
        return s.size() > 24 ? s.substr(0, 21) + "..." : s;
    };
    std::vector<std::size_t> widths;
    for (const auto c : shown) {
        std::size_t w = t.columns[c].size();
        for (std::size_t i = 0;
             i < rows.size() && (limit == 0 || static_cast<std::int64_t>(i) < limit); ++i) {
            w = std::max(w, cellText(t.rows[rows[i]][c]).size());
        }
        widths.push_back(w);
    }
    for (std::size_t k = 0; k < shown.size(); ++k) {
        out << (k ? "  " : "") << std::left << std::setw(static_cast<int>(widths[k]))
            << t.columns[shown[k]];
    }
    out << '\n';
    std::string lastGroup;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (limit > 0 && static_cast<std::int64_t>(i) >= limit) {
            out << "... " << rows.size() - i << " more rows (--limit 0 or --csv for all)\n";
            break;
        }
        if (!group.empty() && (i == 0 || groups[i] != lastGroup)) {
            out << "[" << group << " = " << groups[i] << "]\n";
            lastGroup = groups[i];
        }
        for (std::size_t k = 0; k < shown.size(); ++k) {
            out << (k ? "  " : "") << std::left << std::setw(static_cast<int>(widths[k]))
                << cellText(t.rows[rows[i]][shown[k]]);
        }
        out << '\n';
    }
    return 0;
}

int runStudy(const std::vector<std::string>& args, std::ostream& out) {
    if (args.empty()) {
        throw InputError("study", {}, "expected a subcommand: run, check, show");
    }
    const std::string sub = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (sub == "run") {
        return studyRun(rest, out);
    }
    if (sub == "check") {
        return studyCheck(rest, out);
    }
    if (sub == "show") {
        return studyShow(rest, out);
    }
    throw InputError("study", sub, "unknown subcommand; expected run, check, show");
}

} // namespace

std::vector<Command> studyCommands() {
    return {{"study", "a design study: many questions at once, locally or on Dask (SQLite --out)",
             kStudyUsage, runStudy}};
}

} // namespace cdx::cli
