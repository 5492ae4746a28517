// SPDX-License-Identifier: GPL-3.0-or-later
#include "kit_report.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace cdxkit {

int coresPerSm(int major, int minor) {
    // FP32 lanes per SM (CUDA C++ Programming Guide, arithmetic instruction throughput).
    switch (major) {
    case 2:
        return minor == 1 ? 48 : 32;
    case 3:
        return 192;
    case 5:
        return 128;
    case 6:
        return minor == 0 ? 64 : 128;
    case 7:
        return 64;
    case 8:
        return minor == 0 ? 64 : 128;
    case 9:
        return 128;
    case 10:
    case 12:
        return 128;
    default:
        return 0;
    }
}

double Measurement::min() const {
    return samples.empty() ? value : *std::min_element(samples.begin(), samples.end());
}
double Measurement::max() const {
    return samples.empty() ? value : *std::max_element(samples.begin(), samples.end());
}
double Measurement::spreadPct() const {
    return samples.size() < 2 || value == 0 ? 0.0 : 100.0 * (max() - min()) / std::abs(value);
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

std::string jsonNumber(double v) {
    if (!std::isfinite(v)) {
        return "null";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string profileId(const DeviceFacts& d) {
    std::string id = "measured-";
    bool dash = false;
    for (const char c : d.name) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
            id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            dash = false;
        } else if (!dash && id.back() != '-') {
            id += '-';
            dash = true;
        }
    }
    while (!id.empty() && id.back() == '-') {
        id.pop_back();
    }
    return id == "measured" ? "measured-gpu" : id;
}

namespace {

// "on NVIDIA H100 80GB HBM3 (driver 12.4, CUDA 12.4) on 2026-11-29"
std::string provenance(const DeviceFacts& d, const std::string& date) {
    return "cdx-measure on " + d.name + " (driver " + d.driver + ", CUDA runtime " + d.runtime +
           ") on " + date;
}

std::string value(double v, const char* unit, const char* kind, const std::string& source) {
    return std::string("{\"value\": ") + jsonNumber(v) + ", \"unit\": " + jsonString(unit) +
           ", \"kind\": " + jsonString(kind) + ", \"source\": " + jsonString(source) + "}";
}

const Measurement* find(const std::vector<Measurement>& m, const std::string& key) {
    for (const auto& x : m) {
        if (x.key == key) {
            return &x;
        }
    }
    return nullptr;
}

std::string measured(const Measurement& x, const DeviceFacts& d, const std::string& date) {
    char spread[64];
    std::snprintf(spread, sizeof spread, "%zu samples, spread %.3g %%", x.samples.size(),
                  x.spreadPct());
    return value(x.value, x.unit.c_str(), "measured",
                 provenance(d, date) + ": " + x.method + " (" + spread + ")");
}

} // namespace

std::string profileJson(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date) {
    const std::string props = "cudaGetDeviceProperties on " + d.name + " (driver " + d.driver + ")";
    std::ostringstream o;
    o << "{\n  \"id\": " << jsonString(profileId(d))
      << ",\n  \"name\": " << jsonString(d.name + " (measured)") << ",\n  \"architecture\": "
      << jsonString("compute capability " + std::to_string(d.ccMajor) + "." +
                    std::to_string(d.ccMinor))
      << ",\n  \"note\": "
      << jsonString("Measured by " + provenance(d, date) +
                    " (Codesign Explorer's kit, docs/measuring.md). The values without a "
                    "measurement are the families' estimates by their rules.")
      << ",\n  \"facts\": {\n";
    std::vector<std::string> facts;
    const auto fact = [&](const char* key, double v, const char* unit, const std::string& what) {
        facts.push_back(std::string("    \"") + key +
                        "\": " + value(v, unit, "vendor", props + ": " + what));
    };
    fact("n_sm", d.sms, "count", "multiProcessorCount");
    fact("n_v", d.coresPerSm, "count",
         "FP32 lanes per SM of compute capability " + std::to_string(d.ccMajor) + "." +
             std::to_string(d.ccMinor) + " (CUDA C++ Programming Guide)");
    fact("clock_mhz", d.clockMhz, "MHz", "cudaDevAttrClockRate (the SM's peak clock)");
    if (d.memClockMhz > 0 && d.busWidthBits > 0) {
        // Double data rate: two transfers per memory clock.
        fact("mem_spec_gbs", 2.0 * d.memClockMhz * 1e6 * (d.busWidthBits / 8.0) / 1e9, "GB/s",
             "2 x memory clock x bus width (cudaDevAttrMemoryClockRate, "
             "cudaDevAttrGlobalMemoryBusWidth)");
    }
    fact("m_sm_kb", static_cast<double>(d.smemPerSmBytes) / 1024.0, "KB",
         "sharedMemPerMultiprocessor");
    fact("m_tb_kb", static_cast<double>(d.smemPerBlockOptinBytes) / 1024.0, "KB",
         "sharedMemPerBlockOptin (the opt-in maximum a launch can ask for)");
    fact("r_sm", static_cast<double>(d.regsPerSm), "registers", "regsPerMultiprocessor");
    fact("mtb_sm", d.maxBlocksPerSm, "count", "maxBlocksPerMultiProcessor");
    fact("max_threads_per_sm", d.maxThreadsPerSm, "threads", "maxThreadsPerMultiProcessor");
    fact("max_threads_per_block", d.maxThreadsPerBlock, "threads", "maxThreadsPerBlock");
    fact("l2_kb", static_cast<double>(d.l2Bytes) / 1024.0, "KB", "l2CacheSize");
    fact("compute_capability", d.ccMajor + d.ccMinor / 10.0, "CC", "major.minor");
    for (std::size_t i = 0; i < facts.size(); ++i) {
        o << facts[i] << (i + 1 < facts.size() ? ",\n" : "\n");
    }
    o << "  }";
    // T_alg's constants.
    std::vector<std::string> talg;
    for (const char* key : {"l_s_per_gb", "tau_sync_s", "t_sync_s"}) {
        if (const Measurement* x = find(m, key)) {
            talg.push_back(std::string("    \"") + key + "\": " + measured(*x, d, date));
        }
    }
    std::vector<std::string> citer;
    for (const auto& x : m) {
        if (x.key.rfind("c_iter_s.", 0) == 0) {
            citer.push_back("      " + jsonString(x.key.substr(9)) + ": " + measured(x, d, date));
        }
    }
    if (!citer.empty()) {
        std::string block = "    \"c_iter_s\": {\n";
        for (std::size_t i = 0; i < citer.size(); ++i) {
            block += citer[i] + (i + 1 < citer.size() ? ",\n" : "\n");
        }
        talg.push_back(block + "    }");
    }
    if (!talg.empty()) {
        o << ",\n  \"talg\": {\n";
        for (std::size_t i = 0; i < talg.size(); ++i) {
            o << talg[i] << (i + 1 < talg.size() ? ",\n" : "\n");
        }
        o << "  }";
    }
    // MWP-CWP's delays.
    std::vector<std::string> mwp;
    for (const char* key :
         {"mem_ld_cycles", "departure_del_coal_cycles", "departure_del_uncoal_cycles"}) {
        if (const Measurement* x = find(m, key)) {
            mwp.push_back(std::string("    \"") + key + "\": " + measured(*x, d, date));
        }
    }
    if (!mwp.empty()) {
        o << ",\n  \"mwp\": {\n";
        for (std::size_t i = 0; i < mwp.size(); ++i) {
            o << mwp[i] << (i + 1 < mwp.size() ? ",\n" : "\n");
        }
        o << "  }";
    }
    o << "\n}\n";
    return o.str();
}

std::string runsCsv(const std::string& gpuId, const std::vector<ValidationRun>& runs,
                    const std::string& source) {
    std::ostringstream o;
    o << "gpu,stencil,s1,s2,t,ts1,ts2,tt,threads,time_s,source\n";
    std::string quoted = "\"";
    for (const char c : source) {
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    quoted += "\"";
    for (const auto& r : runs) {
        char time[32];
        std::snprintf(time, sizeof time, "%.6g", r.seconds);
        o << gpuId << ',' << r.stencil << ',' << r.s1 << ',' << r.s2 << ',' << r.t << ',' << r.tS1
          << ',' << r.tS2 << ',' << r.tT << ',' << r.threads << ',' << time << ',' << quoted
          << '\n';
    }
    return o.str();
}

std::string summaryText(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date, double seconds) {
    std::ostringstream o;
    o << provenance(d, date) << "\n";
    o << "  " << d.sms << " SMs x " << d.coresPerSm << " FP32 lanes, " << d.clockMhz
      << " MHz, compute capability " << d.ccMajor << "." << d.ccMinor << ", L2 " << d.l2Bytes / 1024
      << " KB, shared memory " << d.smemPerSmBytes / 1024 << " KB per SM\n";
    char line[512];
    for (const auto& x : m) {
        std::snprintf(line, sizeof line,
                      "  %-28s %12.6g %-7s (min %.6g, max %.6g, %zu samples, spread %.3g %%)\n",
                      x.key.c_str(), x.value, x.unit.c_str(), x.min(), x.max(), x.samples.size(),
                      x.spreadPct());
        o << line << "      " << x.method << "\n";
    }
    std::snprintf(line, sizeof line, "  measured in %.1f s\n", seconds);
    o << line;
    return o.str();
}

std::string summaryJson(const DeviceFacts& d, const std::vector<Measurement>& m,
                        const std::string& date, double seconds) {
    std::ostringstream o;
    o << "{\n  \"schema\": \"cdx-measure-summary\",\n  \"device\": " << jsonString(d.name)
      << ",\n  \"driver\": " << jsonString(d.driver)
      << ",\n  \"runtime\": " << jsonString(d.runtime) << ",\n  \"date\": " << jsonString(date)
      << ",\n  \"seconds\": " << jsonNumber(seconds)
      << ",\n  \"profile\": " << jsonString(profileId(d)) << ",\n  \"measurements\": [\n";
    for (std::size_t i = 0; i < m.size(); ++i) {
        const auto& x = m[i];
        o << "    {\"key\": " << jsonString(x.key) << ", \"value\": " << jsonNumber(x.value)
          << ", \"unit\": " << jsonString(x.unit) << ", \"min\": " << jsonNumber(x.min())
          << ", \"max\": " << jsonNumber(x.max())
          << ", \"spread_pct\": " << jsonNumber(x.spreadPct()) << ", \"samples\": [";
        for (std::size_t k = 0; k < x.samples.size(); ++k) {
            o << (k ? ", " : "") << jsonNumber(x.samples[k]);
        }
        o << "], \"method\": " << jsonString(x.method) << "}" << (i + 1 < m.size() ? "," : "")
          << "\n";
    }
    o << "  ]\n}\n";
    return o.str();
}

} // namespace cdxkit
