// SPDX-License-Identifier: GPL-3.0-or-later
// cdx-measure: measures the constants of Codesign Explorer's models on the GPU at hand and runs
// the hybrid-hexagonal tiled kernel of the 2D stencils for validation (docs/measuring.md).
//
//   cdx-measure [--quick] [--out DIR] [--device N] [--tilings FILE]
//
// It writes into DIR (default cdx-measure-<profile id>): <id>.json, the GPU profile with every
// measured value of kind "measured"; <id>-runs.csv, the validation runs for `cdx runs import`;
// summary.txt and summary.json, every measurement with its spread. Needs only the CUDA toolkit
// and a C++ compiler.

#include "../schedule/hybrid_schedule.hpp"
#include "../schedule/stencils.hpp"
#include "kit_report.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

#define CHECK(call)                                                                             \
    do {                                                                                        \
        const cudaError_t e_ = (call);                                                          \
        if (e_ != cudaSuccess) {                                                                \
            std::fprintf(stderr, "cdx-measure: %s failed: %s (%s:%d)\n", #call,                 \
                         cudaGetErrorString(e_), __FILE__, __LINE__);                           \
            std::exit(2);                                                                       \
        }                                                                                       \
    } while (0)

using cdxkit::Measurement;
using cdxkit::Stencil2D;

struct Options {
    bool quick = false;
    std::string out;
    int device = 0;
    std::string tilings; // stencil,ts1,ts2,tt per line (docs/measuring.md)
};

void usage() {
    std::fprintf(stderr,
                 "usage: cdx-measure [--quick] [--out DIR] [--device N] [--tilings FILE]\n"
                 "  Measures L, tau_sync, T_sync, C_iter of the 2D stencils and MWP-CWP's delays\n"
                 "  on one GPU, runs the hybrid-hexagonal tiled kernel for validation, and writes\n"
                 "  a GPU profile, a runs CSV and a summary into DIR (docs/measuring.md).\n");
}

class EventTimer {
public:
    EventTimer() {
        CHECK(cudaEventCreate(&a_));
        CHECK(cudaEventCreate(&b_));
    }
    ~EventTimer() {
        cudaEventDestroy(a_);
        cudaEventDestroy(b_);
    }
    void start() { CHECK(cudaEventRecord(a_)); }
    double seconds() {
        CHECK(cudaEventRecord(b_));
        CHECK(cudaEventSynchronize(b_));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, a_, b_));
        return ms / 1000.0;
    }

private:
    cudaEvent_t a_{}, b_{};
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// --- L: streaming read + write ------------------------------------------------------------

__global__ void copyKernel(const float4* __restrict__ in, float4* __restrict__ out,
                           std::size_t n) {
    for (std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; k < n;
         k += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        out[k] = in[k];
    }
}

Measurement measureL(const cdxkit::DeviceFacts& d, bool quick) {
    Measurement m;
    m.key = "l_s_per_gb";
    m.unit = "s/GB";
    const std::size_t base = std::max<std::size_t>(256u << 20, 8 * static_cast<std::size_t>(d.l2Bytes));
    std::vector<std::size_t> sizes = {base, 2 * base};
    if (quick) {
        sizes = {base};
    }
    EventTimer timer;
    for (const std::size_t bytes : sizes) {
        const std::size_t n = bytes / sizeof(float4);
        float4 *in = nullptr, *out = nullptr;
        CHECK(cudaMalloc(&in, n * sizeof(float4)));
        CHECK(cudaMalloc(&out, n * sizeof(float4)));
        CHECK(cudaMemset(in, 0, n * sizeof(float4)));
        const int blocks = d.sms * 8;
        copyKernel<<<blocks, 256>>>(in, out, n); // warm-up
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        double best = 1e30;
        for (int rep = 0; rep < 5; ++rep) {
            timer.start();
            copyKernel<<<blocks, 256>>>(in, out, n);
            best = std::min(best, timer.seconds());
        }
        CHECK(cudaFree(in));
        CHECK(cudaFree(out));
        const double gb = 2.0 * static_cast<double>(n * sizeof(float4)) / 1e9; // read + write
        m.samples.push_back(best / gb);
    }
    m.value = *std::min_element(m.samples.begin(), m.samples.end());
    m.method = "a grid-stride float4 copy (read + write) of arrays of " +
               std::to_string(base >> 20) + " MB and more (8 x L2 at least), the best of 5 runs "
               "per size; the least time per GB kept (PPoPP'17 keeps minima)";
    return m;
}

// --- tau_sync: one intra-block barrier ------------------------------------------------------

template <bool Barrier> __global__ void syncLoop(int iterations, int* sink) {
    int acc = static_cast<int>(threadIdx.x);
    for (int i = 0; i < iterations; ++i) {
        acc = acc * 3 + 1;
        if (Barrier) {
            __syncthreads();
        }
    }
    if (acc == 0x7fffffff) {
        sink[0] = acc; // never true in practice; keeps the loop
    }
}

Measurement measureTauSync(const cdxkit::DeviceFacts& d, bool quick) {
    Measurement m;
    m.key = "tau_sync_s";
    m.unit = "s";
    int* sink = nullptr;
    CHECK(cudaMalloc(&sink, sizeof(int)));
    const int iterations = quick ? (1 << 14) : (1 << 16);
    EventTimer timer;
    for (const int threads : {128, 256, 512, 1024}) {
        for (const int resident : {1, 2}) {
            if (threads * resident > d.maxThreadsPerSm) {
                continue;
            }
            const int blocks = d.sms * resident;
            double with = 1e30, without = 1e30;
            for (int rep = 0; rep < 3; ++rep) {
                timer.start();
                syncLoop<true><<<blocks, threads>>>(iterations, sink);
                with = std::min(with, timer.seconds());
                timer.start();
                syncLoop<false><<<blocks, threads>>>(iterations, sink);
                without = std::min(without, timer.seconds());
            }
            m.samples.push_back(std::max(0.0, with - without) / iterations);
        }
    }
    CHECK(cudaFree(sink));
    m.value = median(m.samples);
    m.method = "a loop of __syncthreads() minus the same loop without it, per barrier, at 128 to "
               "1024 threads per block and 1 or 2 resident blocks per SM (every SM busy), the "
               "best of 3 runs each; the median of those configurations kept";
    return m;
}

// --- T_sync: one host-GPU synchronisation per kernel call ------------------------------------

__global__ void emptyKernel() {}

Measurement measureTSync(bool quick) {
    Measurement m;
    m.key = "t_sync_s";
    m.unit = "s";
    const int calls = quick ? 500 : 2000;
    emptyKernel<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
    for (int rep = 0; rep < 5; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        for (int c = 0; c < calls; ++c) {
            emptyKernel<<<1, 32>>>();
            CHECK(cudaDeviceSynchronize());
        }
        const std::chrono::duration<double> s = std::chrono::steady_clock::now() - start;
        m.samples.push_back(s.count() / calls);
    }
    m.value = *std::min_element(m.samples.begin(), m.samples.end());
    m.method = "an empty kernel launch followed by cudaDeviceSynchronize, " +
               std::to_string(calls) + " calls timed on the host, the best of 5";
    return m;
}

// --- C_iter: the tiled computation without its global transfers -------------------------------

// One block computes `rounds` sub-prisms of a hexagon of tS1 x tT by tS2 in shared memory only
// (two buffers of rows); its global memory is one word written at the end, so the arithmetic
// cannot be optimised away.
template <Stencil2D S>
__global__ void computeOnly(cdxkit::Tiles t, int rounds, float* sink) {
    extern __shared__ float shared[];
    const int width = static_cast<int>(t.tS1 + t.tT); // widest row + a halo point each side
    const int depth = static_cast<int>(t.tS2 + 2);
    float* buf[2] = {shared, shared + width * depth};
    for (int k = threadIdx.x; k < 2 * width * depth; k += blockDim.x) {
        shared[k] = 0.001f * static_cast<float>((k * 7 + blockIdx.x) % 97);
    }
    __syncthreads();
    for (int q = 0; q < rounds; ++q) {
        for (int r = 0; r < static_cast<int>(t.tT); ++r) {
            const float* in = buf[r % 2];
            float* out = buf[(r + 1) % 2];
            const int inset = static_cast<int>(cdxkit::rowInset(t, r));
            const int w = static_cast<int>(cdxkit::rowWidth(t, r));
            const int points = w * static_cast<int>(t.tS2);
            for (int p = threadIdx.x; p < points; p += blockDim.x) {
                const int s = p / static_cast<int>(t.tS2) + (static_cast<int>(t.tT) / 2 - inset);
                const int j = p % static_cast<int>(t.tS2) + 1;
                const int at = s * depth + j;
                const int up = s > 0 ? at - depth : at;
                const int down = s + 1 < width ? at + depth : at;
                out[at] = cdxkit::update<S>(in[at], in[up], in[down], in[at - 1], in[at + 1]);
            }
            __syncthreads();
        }
    }
    if (threadIdx.x == 0) {
        sink[blockIdx.x] = buf[static_cast<int>(t.tT) % 2][width * depth / 2];
    }
}

template <Stencil2D S>
Measurement measureCIter(const cdxkit::DeviceFacts& d, bool quick, std::mt19937& random) {
    Measurement m;
    m.key = std::string("c_iter_s.") + cdxkit::stencilId(S);
    m.unit = "s";
    const int samples = quick ? 12 : 70;
    const int blocks = d.sms * 4;
    float* sink = nullptr;
    CHECK(cudaMalloc(&sink, blocks * sizeof(float)));
    CHECK(cudaFuncSetAttribute(computeOnly<S>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(d.smemPerBlockOptinBytes)));
    std::uniform_int_distribution<int> s1(2, 64), s2(1, 8), tt(1, 8);
    EventTimer timer;
    while (static_cast<int>(m.samples.size()) < samples) {
        cdxkit::Tiles t;
        t.tS1 = s1(random);
        t.tS2 = 32 * s2(random);
        t.tT = 2 * tt(random);
        const std::size_t bytes = 2 * sizeof(float) * (t.tS1 + t.tT) * (t.tS2 + 2);
        if (bytes > static_cast<std::size_t>(d.smemPerBlockOptinBytes)) {
            continue;
        }
        const int rounds = 16;
        computeOnly<S><<<blocks, 256, bytes>>>(t, rounds, sink); // warm-up
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        timer.start();
        computeOnly<S><<<blocks, 256, bytes>>>(t, rounds, sink);
        const double seconds = timer.seconds();
        // Iterations: every point of every row of every round of every block.
        double iterations = 0;
        for (std::int64_t r = 0; r < t.tT; ++r) {
            iterations += static_cast<double>(cdxkit::rowWidth(t, r) * t.tS2);
        }
        iterations *= static_cast<double>(rounds) * blocks;
        // "Per vector unit" (spec §4.4, UNCERTAIN): time x n_SM x n_V / iterations.
        m.samples.push_back(seconds * d.sms * d.coresPerSm / iterations);
    }
    CHECK(cudaFree(sink));
    m.value = std::accumulate(m.samples.begin(), m.samples.end(), 0.0) / m.samples.size();
    m.method = "the hexagonal tile's computation in shared memory with its global transfers "
               "removed (one word written per block), " +
               std::to_string(samples) +
               " random tilings (tS1 2-64, tS2 32-256, tT 2-16), each as time x n_SM x n_V / "
               "iterations; the mean kept (PPoPP'17 sec. 5 averages 70)";
    return m;
}

// --- MWP-CWP: Mem_LD by pointer chasing, departure delays ------------------------------------

__global__ void chase(const unsigned* next, int steps, unsigned* sink, long long* cycles) {
    unsigned k = 0;
    const long long start = clock64();
    for (int i = 0; i < steps; ++i) {
        k = next[k];
    }
    const long long end = clock64();
    sink[0] = k;
    cycles[0] = end - start;
}

Measurement measureMemLd(const cdxkit::DeviceFacts& d, bool quick) {
    Measurement m;
    m.key = "mem_ld_cycles";
    m.unit = "cycles";
    // A random cycle (Sattolo) over an array far larger than L2, one element per 128-byte line.
    const std::size_t stride = 32;
    const std::size_t lines =
        std::max<std::size_t>(1u << 20, 16 * static_cast<std::size_t>(d.l2Bytes) / 128);
    std::vector<unsigned> order(lines);
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937 random(12345);
    for (std::size_t i = lines - 1; i > 0; --i) {
        std::uniform_int_distribution<std::size_t> pick(0, i - 1);
        std::swap(order[i], order[pick(random)]);
    }
    std::vector<unsigned> next(lines * stride, 0);
    for (std::size_t i = 0; i < lines; ++i) {
        next[i * stride] = static_cast<unsigned>(order[i] * stride);
    }
    unsigned *dNext = nullptr, *sink = nullptr;
    long long* cycles = nullptr;
    CHECK(cudaMalloc(&dNext, next.size() * sizeof(unsigned)));
    CHECK(cudaMalloc(&sink, sizeof(unsigned)));
    CHECK(cudaMalloc(&cycles, sizeof(long long)));
    CHECK(cudaMemcpy(dNext, next.data(), next.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    const int steps = quick ? (1 << 16) : (1 << 18);
    for (int rep = 0; rep < 3; ++rep) {
        chase<<<1, 1>>>(dNext, steps, sink, cycles);
        CHECK(cudaGetLastError());
        long long c = 0;
        CHECK(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
        m.samples.push_back(static_cast<double>(c) / steps);
    }
    CHECK(cudaFree(dNext));
    CHECK(cudaFree(sink));
    CHECK(cudaFree(cycles));
    m.value = median(m.samples);
    m.method = "one thread chasing a random cycle of dependent loads over " +
               std::to_string(lines * 128 >> 20) +
               " MB (one 4-byte load per 128-byte line), SM clock cycles per load by clock64, "
               "the median of 3 runs (Hong's thesis: Mem_LD is a global load's latency)";
    return m;
}

// Each warp of one block issues one load (coalesced: its 32 lanes read one 128-byte line;
// uncoalesced: each lane its own line); thread 0 times the block.
template <bool Coalesced>
__global__ void departures(const float* data, int warps, float* sink, long long* cycles) {
    __syncthreads();
    const long long start = clock64();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    float v = 0;
    if (warp < warps) {
        const std::size_t at = Coalesced ? static_cast<std::size_t>(warp) * 32 + lane
                                         : (static_cast<std::size_t>(warp) * 32 + lane) * 32;
        v = data[at];
    }
    __syncthreads();
    const long long end = clock64();
    if (v == 12345.0f) {
        sink[0] = v;
    }
    if (threadIdx.x == 0) {
        cycles[0] = end - start;
    }
}

template <bool Coalesced> Measurement measureDeparture(bool quick) {
    Measurement m;
    m.key = Coalesced ? "departure_del_coal_cycles" : "departure_del_uncoal_cycles";
    m.unit = "cycles";
    float* data = nullptr;
    float* sink = nullptr;
    long long* cycles = nullptr;
    const std::size_t n = 32 * 32 * 32 * 2;
    CHECK(cudaMalloc(&data, n * sizeof(float)));
    CHECK(cudaMemset(data, 0, n * sizeof(float)));
    CHECK(cudaMalloc(&sink, sizeof(float)));
    CHECK(cudaMalloc(&cycles, sizeof(long long)));
    const int reps = quick ? 3 : 7;
    // Cycles of the block against its number of warps: the slope is the delay between the
    // departures of consecutive warps' requests (Hong's Departure_delay).
    std::vector<double> xs, ys;
    for (int warps = 4; warps <= 32; warps += 4) {
        double best = 1e30;
        for (int rep = 0; rep < reps; ++rep) {
            // Evict the lines from L1/L2 between runs by touching another buffer is not
            // possible portably; the first run of each size reads from memory, so keep the
            // worst (the one that missed the caches).
            departures<Coalesced><<<1, 1024>>>(data, warps, sink, cycles);
            CHECK(cudaGetLastError());
            long long c = 0;
            CHECK(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
            best = rep == 0 ? static_cast<double>(c) : std::max(best, static_cast<double>(c));
        }
        xs.push_back(warps);
        ys.push_back(best);
    }
    // Least-squares slope, and each consecutive pair's slope as the samples.
    const double mx = std::accumulate(xs.begin(), xs.end(), 0.0) / xs.size();
    const double my = std::accumulate(ys.begin(), ys.end(), 0.0) / ys.size();
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        sxy += (xs[i] - mx) * (ys[i] - my);
        sxx += (xs[i] - mx) * (xs[i] - mx);
        if (i > 0) {
            m.samples.push_back((ys[i] - ys[i - 1]) / (xs[i] - xs[i - 1]));
        }
    }
    m.value = std::max(0.0, sxy / sxx);
    CHECK(cudaFree(data));
    CHECK(cudaFree(sink));
    CHECK(cudaFree(cycles));
    m.method = std::string("one block whose first 4 to 32 warps each issue one ") +
               (Coalesced ? "coalesced load (a 128-byte line per warp)"
                          : "uncoalesced load (a line per lane)") +
               ", block cycles by clock64 against warps: the least-squares slope (Hong's "
               "departure delay; samples: the slopes between consecutive sizes)";
    return m;
}

// --- Validation: the hybrid-hexagonal tiled kernel ----------------------------------------------

// One wavefront: block b runs hexagon first + b, its sub-prisms one after the other, each row
// with all threads, a barrier between rows (the schedule of kit/schedule, tested on the CPU).
// The two buffers are global; a row's neighbours come from the caches.
template <Stencil2D S>
__global__ void wavefront(cdxkit::Problem p, cdxkit::Tiles t, std::int64_t w, std::int64_t first,
                          float* buf0, float* buf1) {
    const cdxkit::Hexagon h = cdxkit::hexagonOf(t, w, first + blockIdx.x);
    const std::int64_t subs = cdxkit::subPrisms(p, t);
    for (std::int64_t q = 0; q < subs; ++q) {
        for (std::int64_t r = 0; r < t.tT; ++r) {
            const cdxkit::RowBox b = cdxkit::rowBox(p, t, h, q, r);
            if (!b.empty()) {
                const float* in = (b.t - 1) % 2 == 0 ? buf0 : buf1;
                float* out = b.t % 2 == 0 ? buf0 : buf1;
                const std::int64_t wj = b.jLast - b.jFirst + 1;
                const std::int64_t n = b.points();
                for (std::int64_t k = threadIdx.x; k < n; k += blockDim.x) {
                    const std::int64_t i = b.iFirst + k / wj, j = b.jFirst + k % wj;
                    out[i * p.n2 + j] = cdxkit::updateAt<S>(in, p.n2, i, j);
                }
            }
            __syncthreads();
        }
    }
}

template <Stencil2D S>
double runTiled(const cdxkit::Problem& p, const cdxkit::Tiles& t, int threads, float* buf0,
                float* buf1) {
    EventTimer timer;
    timer.start();
    const std::int64_t n = cdxkit::wavefronts(p, t);
    for (std::int64_t w = 0; w < n; ++w) {
        const cdxkit::HexagonRange range = cdxkit::wavefrontHexagons(p, t, w);
        if (range.count > 0) {
            wavefront<S><<<static_cast<unsigned>(range.count), threads>>>(p, t, w, range.first,
                                                                          buf0, buf1);
        }
    }
    CHECK(cudaGetLastError());
    return timer.seconds();
}

// The kernel against the CPU reference on a small problem (any mismatch stops the kit).
template <Stencil2D S> void selfTest() {
    const cdxkit::Problem p{70, 66, 13};
    const cdxkit::Tiles t{5, 32, 4};
    const std::size_t cells = static_cast<std::size_t>(p.n1 * p.n2);
    std::vector<float> a(cells), b;
    std::mt19937 random(3);
    std::uniform_real_distribution<float> v(0.0f, 1.0f);
    for (auto& x : a) {
        x = v(random);
    }
    float *d0 = nullptr, *d1 = nullptr;
    CHECK(cudaMalloc(&d0, cells * sizeof(float)));
    CHECK(cudaMalloc(&d1, cells * sizeof(float)));
    CHECK(cudaMemcpy(d0, a.data(), cells * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d1, a.data(), cells * sizeof(float), cudaMemcpyHostToDevice));
    runTiled<S>(p, t, 128, d0, d1);
    std::vector<float> gpu(cells);
    CHECK(cudaMemcpy(gpu.data(), p.steps % 2 == 0 ? d0 : d1, cells * sizeof(float),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d0));
    CHECK(cudaFree(d1));
    b = a;
    for (std::int64_t s = 1; s <= p.steps; ++s) {
        for (std::int64_t i = 1; i < p.n1 - 1; ++i) {
            for (std::int64_t j = 1; j < p.n2 - 1; ++j) {
                b[static_cast<std::size_t>(i * p.n2 + j)] = cdxkit::updateAt<S>(a.data(), p.n2, i, j);
            }
        }
        std::swap(a, b);
    }
    for (std::size_t k = 0; k < cells; ++k) {
        if (std::abs(gpu[k] - a[k]) > 1e-5f * std::max(1.0f, std::abs(a[k]))) {
            std::fprintf(stderr,
                         "cdx-measure: the tiled %s kernel differs from the CPU reference at "
                         "point %zu (%.9g against %.9g): stopped\n",
                         cdxkit::stencilId(S), k, gpu[k], a[k]);
            std::exit(3);
        }
    }
}

struct Tiling {
    std::string stencil;
    cdxkit::Tiles t;
};

std::vector<Tiling> readTilings(const std::string& path) {
    std::vector<Tiling> out;
    std::ifstream f(path);
    if (!f) {
        std::fprintf(stderr, "cdx-measure: --tilings %s: cannot be read\n", path.c_str());
        std::exit(2);
    }
    std::string line;
    int number = 0;
    while (std::getline(f, line)) {
        ++number;
        if (line.empty() || line[0] == '#' || line.rfind("stencil", 0) == 0) {
            continue;
        }
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream in(line);
        Tiling t;
        if (!(in >> t.stencil >> t.t.tS1 >> t.t.tS2 >> t.t.tT) ||
            cdxkit::invalid({10, 10, 1}, t.t) != nullptr) {
            std::fprintf(stderr,
                         "cdx-measure: --tilings %s, line %d: expected stencil,ts1,ts2,tt with "
                         "ts1, ts2 >= 1 and tt even >= 2\n",
                         path.c_str(), number);
            std::exit(2);
        }
        out.push_back(t);
    }
    return out;
}

template <Stencil2D S>
void validate(const cdxkit::DeviceFacts& d, bool quick, const std::vector<Tiling>& given,
              std::mt19937& random, std::vector<cdxkit::ValidationRun>& runs) {
    selfTest<S>();
    std::vector<cdxkit::Problem> problems = {{4098, 4098, 512}, {8194, 8194, 256}};
    if (!quick) {
        problems.push_back({16386, 16386, 128});
    }
    // The tilings given for this stencil (cdx optimize --max-within), then a spread of others.
    std::vector<cdxkit::Tiles> tilings;
    for (const auto& g : given) {
        if (g.stencil == cdxkit::stencilId(S)) {
            tilings.push_back(g.t);
        }
    }
    std::uniform_int_distribution<int> s1(1, 32), s2(1, 8), tt(1, 8);
    const std::size_t spread = tilings.size() + (quick ? 10 : 40);
    while (tilings.size() < spread) {
        tilings.push_back({2 * s1(random), 32 * s2(random), 2 * tt(random)});
    }
    for (const auto& p : problems) {
        const std::size_t cells = static_cast<std::size_t>(p.n1 * p.n2);
        float *d0 = nullptr, *d1 = nullptr;
        CHECK(cudaMalloc(&d0, cells * sizeof(float)));
        CHECK(cudaMalloc(&d1, cells * sizeof(float)));
        CHECK(cudaMemset(d0, 0, cells * sizeof(float)));
        CHECK(cudaMemset(d1, 0, cells * sizeof(float)));
        for (const auto& t : tilings) {
            const int threads = static_cast<int>(
                std::min<std::int64_t>(d.maxThreadsPerBlock,
                                       std::max<std::int64_t>(64, ((t.tS1 * t.tS2 + 31) / 32) * 32)));
            runTiled<S>(p, t, threads, d0, d1); // warm-up
            double best = 1e30;
            for (int rep = 0; rep < (quick ? 1 : 3); ++rep) {
                best = std::min(best, runTiled<S>(p, t, threads, d0, d1));
            }
            runs.push_back({cdxkit::stencilId(S), p.n1 - 2, p.n2 - 2, p.steps, t.tS1, t.tS2, t.tT,
                            threads, best});
        }
        CHECK(cudaFree(d0));
        CHECK(cudaFree(d1));
    }
}

std::string versionText(int v) {
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--quick") {
            o.quick = true;
        } else if ((a == "--out" || a == "--device" || a == "--tilings") && i + 1 < argc) {
            const std::string v = argv[++i];
            if (a == "--out") {
                o.out = v;
            } else if (a == "--tilings") {
                o.tilings = v;
            } else {
                char* end = nullptr;
                o.device = static_cast<int>(std::strtol(v.c_str(), &end, 10));
                if (end == v.c_str() || *end != '\0' || o.device < 0) {
                    std::fprintf(stderr, "cdx-measure: --device = %s: expected a device number\n",
                                 v.c_str());
                    return 2;
                }
            }
        } else if (a == "--help" || a == "-h") {
            usage();
            return 0;
        } else {
            std::fprintf(stderr, "cdx-measure: unknown argument %s\n", a.c_str());
            usage();
            return 2;
        }
    }
    const auto begin = std::chrono::steady_clock::now();
    int devices = 0;
    if (const cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0) {
        std::fprintf(stderr,
                     "cdx-measure: no usable NVIDIA GPU here (%s): run it on a machine with a GPU "
                     "and a driver as recent as the CUDA toolkit that built it\n",
                     e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
        return 2;
    }
    if (o.device >= devices) {
        std::fprintf(stderr, "cdx-measure: --device = %d: this machine has %d CUDA device(s)\n",
                     o.device, devices);
        return 2;
    }
    CHECK(cudaSetDevice(o.device));
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, o.device));
    cdxkit::DeviceFacts d;
    d.name = prop.name;
    int driver = 0, runtime = 0;
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    d.driver = versionText(driver);
    d.runtime = versionText(runtime);
    d.ccMajor = prop.major;
    d.ccMinor = prop.minor;
    d.sms = prop.multiProcessorCount;
    d.coresPerSm = cdxkit::coresPerSm(prop.major, prop.minor);
    int khz = 0;
    CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, o.device));
    d.clockMhz = khz / 1000;
    CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, o.device));
    d.memClockMhz = khz / 1000;
    CHECK(cudaDeviceGetAttribute(&d.busWidthBits, cudaDevAttrGlobalMemoryBusWidth, o.device));
    d.smemPerSmBytes = static_cast<std::int64_t>(prop.sharedMemPerMultiprocessor);
    d.smemPerBlockOptinBytes = static_cast<std::int64_t>(prop.sharedMemPerBlockOptin);
    d.l2Bytes = prop.l2CacheSize;
    d.regsPerSm = prop.regsPerMultiprocessor;
    d.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
    d.maxThreadsPerBlock = prop.maxThreadsPerBlock;
    d.maxBlocksPerSm = prop.maxBlocksPerMultiProcessor;
    if (d.coresPerSm == 0) {
        std::fprintf(stderr, "cdx-measure: compute capability %d.%d: FP32 lanes per SM unknown "
                             "to this kit\n", d.ccMajor, d.ccMinor);
        return 2;
    }
    const std::string id = cdxkit::profileId(d);
    if (o.out.empty()) {
        o.out = "cdx-measure-" + id;
    }
    mkdir(o.out.c_str(), 0755);
    std::fprintf(stderr, "cdx-measure: %s, %d SMs x %d lanes, %d MHz, %s run into %s\n",
                 d.name.c_str(), d.sms, d.coresPerSm, d.clockMhz, o.quick ? "quick" : "full",
                 o.out.c_str());
    std::mt19937 random(2026);
    std::vector<Measurement> m;
    const auto step = [&](const char* what) { std::fprintf(stderr, "  %s…\n", what); };
    step("L (streaming bandwidth)");
    m.push_back(measureL(d, o.quick));
    step("tau_sync (barrier)");
    m.push_back(measureTauSync(d, o.quick));
    step("T_sync (kernel call)");
    m.push_back(measureTSync(o.quick));
    step("C_iter of the 2D stencils");
    m.push_back(measureCIter<Stencil2D::Jacobi>(d, o.quick, random));
    m.push_back(measureCIter<Stencil2D::Heat>(d, o.quick, random));
    m.push_back(measureCIter<Stencil2D::Laplacian>(d, o.quick, random));
    m.push_back(measureCIter<Stencil2D::Gradient>(d, o.quick, random));
    step("Mem_LD and the departure delays");
    m.push_back(measureMemLd(d, o.quick));
    m.push_back(measureDeparture<true>(o.quick));
    m.push_back(measureDeparture<false>(o.quick));
    step("validation runs of the tiled kernel");
    const std::vector<Tiling> given = o.tilings.empty() ? std::vector<Tiling>() : readTilings(o.tilings);
    std::vector<cdxkit::ValidationRun> runs;
    validate<Stencil2D::Jacobi>(d, o.quick, given, random, runs);
    validate<Stencil2D::Heat>(d, o.quick, given, random, runs);
    validate<Stencil2D::Laplacian>(d, o.quick, given, random, runs);
    validate<Stencil2D::Gradient>(d, o.quick, given, random, runs);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    const auto write = [&](const std::string& name, const std::string& text) {
        const std::string path = o.out + "/" + name;
        std::ofstream f(path, std::ios::binary);
        f << text;
        if (!f) {
            std::fprintf(stderr, "cdx-measure: %s: cannot be written\n", path.c_str());
            std::exit(2);
        }
        std::fprintf(stderr, "  wrote %s\n", path.c_str());
    };
    write(id + ".json", cdxkit::profileJson(d, m, date));
    write(id + "-runs.csv",
          cdxkit::runsCsv(id, runs,
                          std::string("cdx-measure ") + (o.quick ? "--quick " : "") + "on " +
                              d.name + ", " + date));
    write("summary.txt", cdxkit::summaryText(d, m, date, seconds));
    write("summary.json", cdxkit::summaryJson(d, m, date, seconds));
    std::fputs(cdxkit::summaryText(d, m, date, seconds).c_str(), stdout);
    return 0;
}
