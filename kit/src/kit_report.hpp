// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What cdx-measure writes, as plain C++ (no CUDA, no library): the GPU profile in Codesign
// Explorer's one-chip format (docs/formats.md "GPU": facts and one block per family, every
// value with its kind and source), the validation runs as a runs CSV that `cdx runs import`
// takes, and the summary (text and JSON) with each measurement's spread. The project's CI
// reads these back with its own parsers (tests/test_kit_schedule.cpp).

#include <cstdint>
#include <string>
#include <vector>

namespace cdxkit {

// What cudaGetDeviceProperties and the driver say.
struct DeviceFacts {
    std::string name;    // "NVIDIA H100 80GB HBM3"
    std::string driver;  // "550.54.15" or the CUDA driver version "12.4"
    std::string runtime; // CUDA runtime version, "12.4"
    int ccMajor = 0, ccMinor = 0;
    int sms = 0;
    int coresPerSm = 0; // FP32 lanes per SM, from the compute capability (coresPerSm())
    int clockMhz = 0;   // SM clock
    int memClockMhz = 0;
    int busWidthBits = 0;
    std::int64_t smemPerSmBytes = 0;
    std::int64_t smemPerBlockOptinBytes = 0;
    std::int64_t l2Bytes = 0;
    std::int64_t regsPerSm = 0;
    int maxThreadsPerSm = 0;
    int maxThreadsPerBlock = 0;
    int maxBlocksPerSm = 0;
};

// FP32 lanes per SM of a compute capability (the CUDA C++ Programming Guide's throughput
// table); 0 when unknown.
int coresPerSm(int major, int minor);

// One measured quantity: its samples (each a best-of-N where the method says so), the value
// kept and how it was obtained.
struct Measurement {
    std::string key;    // "l_s_per_gb", "tau_sync_s", "c_iter_s.heat2d", "mem_ld_cycles", ...
    std::string unit;   // "s/GB", "s", "cycles"
    std::string method; // one sentence: what ran and how the value is taken
    std::vector<double> samples;
    double value = 0;         // the value written
    double min() const;       // of the samples
    double max() const;       // of the samples
    double spreadPct() const; // (max - min) / value in %, 0 with one sample
};

// One validation run of the tiled kernel.
struct ValidationRun {
    std::string stencil; // "heat2d"
    std::int64_t s1 = 0, s2 = 0, t = 0;
    std::int64_t tS1 = 0, tS2 = 0, tT = 0;
    int threads = 0;
    double seconds = 0; // best of the repetitions
};

// "measured-nvidia-h100-80gb-hbm3": a profile id of the user's own, from the device's name.
std::string profileId(const DeviceFacts& d);

// The GPU profile (JSON text). `date`: ISO 8601. Measurements absent from `m` are left to the
// families' estimate rules (a C_iter of a 3D stencil, power data).
std::string profileJson(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date);

// The runs as a CSV for `cdx runs import` (docs/formats.md "Measured runs"), named after the
// measured GPU's profile id.
std::string runsCsv(const std::string& gpuId, const std::vector<ValidationRun>& runs,
                    const std::string& source);

// The summary: every measurement with its spread, and the device.
std::string summaryText(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date, double seconds);
std::string summaryJson(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date, double seconds);

// A JSON string literal of `s` (quotes, backslashes and control characters escaped).
std::string jsonString(const std::string& s);
// A number in JSON with 6 significant digits (a measurement's precision), "null" if not finite.
std::string jsonNumber(double v);

} // namespace cdxkit
