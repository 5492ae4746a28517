// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (issue 60): `cdx study run` of one study per question, serially and with two jobs:
// points per second and the peak memory of the run (the cdx process and its workers); then an
// energy study of 2,000 and of 20,000 points, whose peak memory must not grow with the points.
// The Dask path's overhead per point is measured by bench_study_dask.py (it needs Python).
// Uses the built cdx (CDX_EXECUTABLE) and the shipped profiles.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Result {
    double seconds = 0;
    double peakKb = 0; // the cdx process's largest resident set (a worker is a fork of it)
    int status = -1;
};

Result runCdx(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string exe = CDX_EXECUTABLE;
    argv.push_back(exe.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    std::fflush(stdout); // not printed twice by the child
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        freopen("/dev/null", "w", stdout);
        setenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR, 1);
        execv(argv[0], argv.data());
        _exit(127);
    }
    Result r;
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.status = status;
    r.peakKb = static_cast<double>(usage.ru_maxrss);
    return r;
}

std::string write(const fs::path& dir, const std::string& name, const std::string& text) {
    const fs::path p = dir / (name + ".study.json");
    std::ofstream(p) << text;
    return p.string();
}

const char* const kHead = R"("format": "codesign-explorer-study", "version": 1, )";

} // namespace

int main() {
    const fs::path dir = fs::temp_directory_path() / ("cdx-bench-study-" + std::to_string(getpid()));
    fs::create_directories(dir);
    struct Case {
        std::string name;
        std::string spec;
        int points;
    };
    const std::vector<Case> cases{
        {"optimize", std::string("{") + kHead + R"("name": "optimize", "question": "optimize",
            "fixed": {"stencil": "heat2d", "time": 1024},
            "axes": [{"name": "gpu", "values": ["gtx980", "titanx", "v100-sxm2", "p100-sxm2"]},
                     {"name": "space", "values": [[2048, 2048], [4096, 4096], [8192, 8192], [16384, 16384]]},
                     {"name": "k", "values": ["max", "optimize"]}]})",
         32},
        {"codesign", std::string("{") + kHead + R"("name": "codesign", "question": "codesign",
            "fixed": {"gpu": "h100-sxm5", "workload": "ppopp17", "n_sm": [96, 128, 160], "n_v": 128,
                      "m_sm_kb": [192, 256], "clock_mhz": [1600, 2000], "area": "200:900"},
            "axes": [{"name": "node", "values": [5, 4, 3, 2]},
                     {"name": "memory", "values": ["hbm3:4:6", "hbm3e:4:6"]},
                     {"name": "power_cap", "values": [500, 700]}]})",
         16},
        {"energy", std::string("{") + kHead + R"("name": "energy", "question": "energy",
            "fixed": {"stencil": "jacobi2d", "coefficients": "k20c-b", "space": [4096, 4096],
                      "time": 1024, "gpu": "gtx980"},
            "axes": [{"name": "tile", "values": ["16,32", "16,64", "32,32", "32,64"]},
                     {"name": "tt", "range": [2, 10, 2]}]})",
         20},
        {"mwp", std::string("{") + kHead + R"("name": "mwp", "question": "mwp",
            "axes": [{"name": "gpu", "values": ["gtx280", "gtx580", "8800gt"]},
                     {"name": "kernel", "values": ["cmem", "dmadd", "dotp", "madd", "mb1"]}]})",
         15},
        {"lineup", std::string("{") + kHead + R"("name": "lineup", "question": "lineup",
            "fixed": {"gpu": ["gtx980", "titanx"], "stencil": "heat2d", "time": 1024},
            "axes": [{"name": "space", "values": [[2048, 2048], [4096, 4096], [8192, 8192]]}]})",
         3},
    };
    std::printf("Study benchmark: cdx study run, one study per question\n\n");
    std::printf("%-9s %7s %12s %12s %12s %12s\n", "question", "points", "1 job [p/s]",
                "2 jobs [p/s]", "1 job [MB]", "2 jobs [MB]");
    std::printf("(MB: the cdx process's peak resident set; each worker is a fork of it)\n");
    for (const auto& c : cases) {
        const std::string file = write(dir, c.name, c.spec);
        Result r[2];
        for (int j = 0; j < 2; ++j) {
            const std::string out = (dir / (c.name + std::to_string(j) + ".sqlite")).string();
            fs::remove(out);
            r[j] = runCdx({"study", "run", file, "--out", out, "--jobs", j == 0 ? "1" : "2"});
            if (r[j].status != 0) {
                std::printf("%s: cdx study run failed (status %d)\n", c.name.c_str(), r[j].status);
                return 1;
            }
        }
        std::printf("%-9s %7d %12.1f %12.1f %12.1f %12.1f\n", c.name.c_str(), c.points,
                    c.points / r[0].seconds, c.points / r[1].seconds, r[0].peakKb / 1024.0,
                    r[1].peakKb / 1024.0);
    }
    // Memory against the number of points: an energy study of 2,000 and of 20,000 points.
    std::printf("\nPeak memory against the number of points (energy, 1 job):\n");
    for (const int n : {2000, 20000}) {
        const std::string spec = std::string("{") + kHead +
                                 R"("name": "scale", "question": "energy",
            "fixed": {"stencil": "jacobi2d", "coefficients": "k20c-b", "space": [4096, 4096],
                      "tile": "32,64", "tt": 8, "t_alg": 0.3},
            "axes": [{"name": "time", "range": [2, )" +
                                 std::to_string(2 * n) + R"(, 2]}]})";
        const std::string file = write(dir, "scale" + std::to_string(n), spec);
        const std::string out = (dir / ("scale" + std::to_string(n) + ".sqlite")).string();
        const Result r = runCdx({"study", "run", file, "--out", out, "--jobs", "1"});
        std::printf("  %6d points: %6.2f s, %8.0f points/s, peak %.1f MB, file %.1f MB\n", n,
                    r.seconds, n / r.seconds, r.peakKb / 1024.0,
                    static_cast<double>(fs::file_size(out)) / 1e6);
    }
    fs::remove_all(dir);
    return 0;
}
