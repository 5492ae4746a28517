// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg.hpp"

#include "occupancy/occupancy.hpp"
#include "params/enum_names.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "talg/talg_formulas.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdx::talg {

namespace {

using formula::ceilDiv;
using formula::floorDiv;
using formula::mulSat;

constexpr std::array kPitchNames{std::pair{std::string_view("geometric"), Pitch::Geometric},
                                 std::pair{std::string_view("paper"), Pitch::Paper}};
constexpr std::array kNwNames{std::pair{std::string_view("exact"), WavefrontCount::Exact},
                              std::pair{std::string_view("approx"), WavefrontCount::Approx}};
constexpr std::array kKNames{std::pair{std::string_view("max"), KRule::Max},
                             std::pair{std::string_view("effective"), KRule::Effective},
                             std::pair{std::string_view("optimize"), KRule::Optimize}};
constexpr std::array kW3Names{std::pair{std::string_view("as-1d"), Width3D::As1D},
                              std::pair{std::string_view("eq22"), Width3D::Eq22}};
constexpr std::array kSubNames{
    std::pair{std::string_view("ceil-of-product"), SubSlabCount::CeilOfProduct},
    std::pair{std::string_view("product-of-ceils"), SubSlabCount::ProductOfCeils}};
constexpr std::array kGbNames{std::pair{std::string_view("decimal"), units::GigaByte::Decimal},
                              std::pair{std::string_view("binary"), units::GigaByte::Binary}};
constexpr std::array kSmemNames{std::pair{std::string_view("eq19"), SharedFootprint::Eq19},
                                std::pair{std::string_view("ppcg"), SharedFootprint::Ppcg}};
constexpr std::array kHidingNames{std::pair{std::string_view("none"), Hiding::None},
                                  std::pair{std::string_view("occupancy"), Hiding::Occupancy}};
constexpr std::array kBwNames{std::pair{std::string_view("tile"), Bandwidth::PerTile},
                              std::pair{std::string_view("shared"), Bandwidth::Shared}};

// Literal tables instead of "S" + to_string(): GCC 12 warns falsely (-Wrestrict,
// PR 105651) on `"literal" + std::string` temporaries.
std::string spaceName(int i) {
    return std::array{"S1", "S2", "S3"}.at(static_cast<std::size_t>(i));
}
std::string tileName(int i) {
    return std::array{"tS1", "tS2", "tS3"}.at(static_cast<std::size_t>(i));
}

void checkExtent(std::int64_t v, const std::string& field) {
    if (v < 1 || v > kMaxExtent) {
        throw InputError(field, std::to_string(v),
                         "must be a positive integer <= " + std::to_string(kMaxExtent));
    }
}

void checkGpuValue(const char* key, double v, const std::string& gpuId) {
    checkParameterValue(*findParameterKey(key), v, "GPU " + gpuId);
}

} // namespace

std::string_view name(Pitch v) {
    return enumName(v, kPitchNames);
}
std::string_view name(WavefrontCount v) {
    return enumName(v, kNwNames);
}
std::string_view name(KRule v) {
    return enumName(v, kKNames);
}
std::string_view name(Width3D v) {
    return enumName(v, kW3Names);
}
std::string_view name(SubSlabCount v) {
    return enumName(v, kSubNames);
}
std::string_view name(units::GigaByte v) {
    return enumName(v, kGbNames);
}
Pitch parsePitch(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kPitchNames);
}
WavefrontCount parseWavefrontCount(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kNwNames);
}
KRule parseKRule(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kKNames);
}
Width3D parseWidth3D(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kW3Names);
}
SubSlabCount parseSubSlabCount(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kSubNames);
}
units::GigaByte parseGigaByte(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kGbNames);
}
std::string_view name(SharedFootprint v) {
    return enumName(v, kSmemNames);
}
std::string_view name(Hiding v) {
    return enumName(v, kHidingNames);
}
std::string_view name(Bandwidth v) {
    return enumName(v, kBwNames);
}
SharedFootprint parseSharedFootprint(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kSmemNames);
}
Hiding parseHiding(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kHidingNames);
}
Bandwidth parseBandwidth(std::string_view s, const std::string& f) {
    return parseEnum(s, f, kBwNames);
}
bool papersModel(const TalgVariant& v) {
    return v.smem == SharedFootprint::Eq19 && v.hiding == Hiding::None &&
           v.bandwidth == Bandwidth::PerTile;
}

std::string_view name(Constraint c) {
    switch (c) {
    case Constraint::None:
        return "none";
    case Constraint::SharedMemoryPerBlock:
        return "shared_memory_per_block";
    case Constraint::NoResidentBlock:
        return "no_resident_block";
    case Constraint::Occupancy:
        return "occupancy";
    }
    return "?";
}

std::string describe(Constraint c) {
    switch (c) {
    case Constraint::None:
        return "feasible";
    case Constraint::SharedMemoryPerBlock:
        return "M_tile exceeds the shared memory per thread block (eq. 31)";
    case Constraint::NoResidentBlock:
        return "k_max = 0: no thread block fits on an SM (eq. 11, registers)";
    case Constraint::Occupancy:
        return "no block of these threads and registers fits on an SM (the occupancy rules)";
    }
    return "?";
}

std::string_view name(Warning w) {
    switch (w) {
    case Warning::BelowIdeal:
        return "below_ideal";
    case Warning::TileExceedsDomainS1:
        return "tile_exceeds_domain_s1";
    case Warning::TileExceedsDomainInner:
        return "tile_exceeds_domain_inner";
    case Warning::IdleSms:
        return "idle_sms";
    case Warning::RowsFitVectorUnits:
        return "rows_fit_vector_units";
    }
    return "?";
}

std::string describe(Warning w) {
    switch (w) {
    case Warning::BelowIdeal:
        return "prediction below the ideal time T_ideal (paper pitch / eq. 22 artefact, "
               "erratum I1)";
    case Warning::TileExceedsDomainS1:
        return "tile exceeds the domain along S1: a full tile is charged for w = 1";
    case Warning::TileExceedsDomainInner:
        return "tile exceeds the domain along S2/S3: a full sub-prism is charged";
    case Warning::IdleSms:
        return "fewer tile groups than SMs: some SMs are idle";
    case Warning::RowsFitVectorUnits:
        return "n_V covers every row of the tile: c degenerates to tT (C_iter + tau_sync)";
    }
    return "?";
}

std::vector<Warning> Warnings::list() const {
    std::vector<Warning> out;
    for (Warning w :
         {Warning::BelowIdeal, Warning::TileExceedsDomainS1, Warning::TileExceedsDomainInner,
          Warning::IdleSms, Warning::RowsFitVectorUnits}) {
        if (has(w)) {
            out.push_back(w);
        }
    }
    return out;
}

std::int64_t floorSum(std::int64_t n, std::int64_t m, std::int64_t a, std::int64_t b) {
    // Classic Euclid-like reduction; all quantities stay non-negative.
    std::int64_t ans = 0;
    while (n > 0) {
        if (a >= m) {
            ans += (n - 1) * n / 2 * (a / m);
            a %= m;
        }
        if (b >= m) {
            ans += n * (b / m);
            b %= m;
        }
        const std::int64_t yMax = a * n + b;
        if (yMax < m) {
            break;
        }
        n = yMax / m;
        b = yMax % m;
        std::swap(m, a);
    }
    return ans;
}

std::int64_t computeSum(std::int64_t tS1, std::int64_t terms, std::int64_t inner, std::int64_t nV) {
    if (terms > 64) {
        return floorSum(terms, nV, 2 * inner, tS1 * inner + nV - 1);
    }
    // ceil(y/nV) with y = x*inner stepping by d = 2*inner: carry quotient and remainder
    // instead of dividing per term (the same integers; 2 divisions instead of tT/2).
    const std::int64_t d = 2 * inner;
    const std::int64_t dq = floorDiv(d, nV);
    const std::int64_t dr = d - dq * nV;
    const std::int64_t y = tS1 * inner + nV - 1;
    std::int64_t q = floorDiv(y, nV);
    std::int64_t r = y - q * nV;
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < terms; ++i) {
        sum += q;
        q += dq;
        r += dr;
        if (r >= nV) {
            r -= nV;
            ++q;
        }
    }
    return sum;
}

std::int64_t sharedMemoryPerTile(int dim, const Tiles& t, SharedFootprint smem) {
    const std::int64_t tt = t.time;
    // Along S1: eq. 19's tS1 + tT + 1, or PPCG's tS1 + tT (the widest row w_tile and its two
    // neighbours; spec I1(b), I4: the 1D extent, one row fewer than eq. 19).
    const std::int64_t s1 = t.space[0] + tt + (smem == SharedFootprint::Eq19 ? 1 : 0);
    switch (dim) {
    case 1:
        return mulSat(2, t.space[0] + tt); // 2(w_tile + 2), inline after eq. 8
    case 2:
        return mulSat(mulSat(2, s1), t.space[1] + tt + 1); // eq. 19
    default:
        // [EXTRAPOLATED] natural extension of eq. 19 (P and A give no 3D M_tile).
        return mulSat(mulSat(mulSat(2, s1), t.space[1] + tt + 1), t.space[2] + tt + 1);
    }
}

std::int64_t defaultThreads(int dim, const Tiles& t, std::int64_t maxThreads) {
    std::int64_t n = 0;
    if (const int in = innermostIndex(dim); in >= 0) {
        n = t.space[static_cast<std::size_t>(in)];
    } else {
        const std::int64_t widest = t.space[0] + t.time - 2; // w_tile
        n = ceilDiv(std::max<std::int64_t>(widest, 1), kWarp) * kWarp;
    }
    return std::clamp<std::int64_t>(n, 1, std::max<std::int64_t>(maxThreads, 1));
}

namespace {
// The limit of threads per block: the compute capability's, else 1024 (every CC >= 2.0).
std::int64_t maxThreadsOf(const Gpu& g) {
    if (g.computeCapability) {
        try {
            return occupancy::limitsOf(occupancy::capabilityName(*g.computeCapability))
                .maxThreadsPerBlock;
        } catch (const InputError&) {
        }
    }
    return 1024;
}
} // namespace

std::int64_t maxThreadsPerBlock(const Gpu& g) {
    return maxThreadsOf(g);
}

std::int64_t threadsOf(int dim, const Tiles& t, const Gpu& g) {
    return t.threads > 0 ? t.threads : defaultThreads(dim, t, maxThreadsOf(g));
}

namespace {
struct Capacity {
    std::int64_t mSmWords;
    std::int64_t mTbWords;
};

Capacity capacity(const Gpu& g, int bytesPerWord) {
    // min() keeps the rule sensible for codesign points with M_SM < 48 KB (§2.1).
    return {units::kibToWords(g.mSmKb, bytesPerWord),
            units::kibToWords(std::min(g.mTbKb, g.mSmKb), bytesPerWord)};
}

std::int64_t maxResidentBlocks(std::int64_t mTile, const Capacity& cap, const Gpu& g,
                               const TalgVariant& v) {
    return formula::maxResidentBlocks(mTile, cap.mSmWords, g.mtbSm, g.rSm, v);
}
} // namespace

Constraint excludingConstraint(int dim, const Tiles& t, const Gpu& g, int bytesPerWord,
                               const TalgVariant& v) {
    Stencil st;
    st.dim = dim;
    st.bytesPerWord = bytesPerWord;
    Problem p;
    p.dim = dim;
    return PreparedTalg(st, p, g, v).excludingConstraint(t);
}

void validate(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
              const TalgVariant& v) {
    if (p.dim < 1 || p.dim > 3) {
        throw InputError("dim", std::to_string(p.dim), "must be 1, 2 or 3");
    }
    if (st.dim != p.dim) {
        throw InputError("space", std::to_string(p.dim) + " size(s)",
                         "stencil '" + st.id + "' is " + std::to_string(st.dim) +
                             "D: give exactly " + std::to_string(st.dim) +
                             " space size(s) and tile size(s)");
    }
    for (int i = 0; i < p.dim; ++i) {
        checkExtent(p.space[i], spaceName(i));
    }
    checkExtent(p.time, "T");
    if (t.time < 2 || t.time % 2 != 0 || t.time > kMaxExtent) {
        throw InputError("tT", std::to_string(t.time),
                         "must be an even integer in [2, " + std::to_string(kMaxExtent) +
                             "] (hybrid-hexagonal tiling needs an even time tile)");
    }
    for (int i = 0; i < p.dim; ++i) {
        checkExtent(t.space[i], tileName(i));
    }
    if (const int in = innermostIndex(p.dim); in >= 0 && t.space[in] % kWarp != 0) {
        throw InputError(tileName(in), std::to_string(t.space[in]),
                         "must be a positive multiple of 32 (innermost tile fills whole warps, "
                         "eq. 31)");
    }
    checkGpuValue("n_sm", static_cast<double>(g.nSm), g.id);
    checkGpuValue("n_v", static_cast<double>(g.nV), g.id);
    checkGpuValue("m_sm_kb", g.mSmKb, g.id);
    checkGpuValue("m_tb_kb", g.mTbKb, g.id);
    checkGpuValue("r_sm", static_cast<double>(g.rSm), g.id);
    checkGpuValue("mtb_sm", static_cast<double>(g.mtbSm), g.id);
    checkGpuValue("l_s_per_gb", g.lSecondsPerGb, g.id);
    checkGpuValue("tau_sync_s", g.tauSyncSeconds, g.id);
    checkGpuValue("t_sync_s", g.tSyncSeconds, g.id);
    checkParameterValue(*findParameterKey("c_iter_s"), st.cIterSeconds, "stencil " + st.id);
    checkParameterValue(*findParameterKey("bytes_per_word"), st.bytesPerWord, "stencil " + st.id);
    if (v.registersPerTile && (*v.registersPerTile < 1 || *v.registersPerTile > g.rSm * 64)) {
        throw InputError("r_tile", std::to_string(*v.registersPerTile),
                         "must be a positive number of registers");
    }
    // Issue 57: the block's threads, and what latency hiding reads from the GPU.
    const std::int64_t maxThreads = maxThreadsOf(g);
    if (t.threads < 0 || t.threads > maxThreads) {
        throw InputError("threads_per_block", std::to_string(t.threads),
                         "threads per block: an integer in [1, " + std::to_string(maxThreads) +
                             "] (the GPU's limit), or 0 for PPCG's default (one per point of "
                             "the innermost tile)");
    }
    if (v.registersPerThread && (*v.registersPerThread < 1 || *v.registersPerThread > 255)) {
        throw InputError("registers_per_thread", std::to_string(*v.registersPerThread),
                         "registers per thread: an integer in [1, 255]");
    }
    if (v.hiding == Hiding::Occupancy) {
        const auto need = [&g](const std::optional<double>& x, const char* key, const char* why) {
            if (!x || !(*x > 0)) {
                throw InputError(key, x ? std::to_string(*x) : "none",
                                 std::string("hiding=occupancy needs the GPU's ") + why +
                                     ", which GPU " + g.id +
                                     " does not give (give it in its description, or use "
                                     "hiding=none)");
            }
        };
        need(g.computeCapability, "compute_capability", "compute capability (the occupancy rules)");
        need(g.clockMhz, "clock_mhz", "clock (MWP-CWP's Freq)");
        need(g.memLdCycles, "mem_ld_cycles", "memory latency Mem_LD (MWP-CWP)");
        need(g.departureCoalCycles, "departure_del_coal_cycles",
             "departure delay of coalesced loads (MWP-CWP)");
        (void)occupancy::limitsOf(occupancy::capabilityName(*g.computeCapability),
                                  "compute_capability");
        if (v.registersPerThread &&
            *v.registersPerThread >
                occupancy::limitsOf(occupancy::capabilityName(*g.computeCapability))
                    .maxRegistersPerThread) {
            throw InputError("registers_per_thread", std::to_string(*v.registersPerThread),
                             "more registers per thread than compute capability " +
                                 occupancy::capabilityName(*g.computeCapability) + " allows (" +
                                 std::to_string(occupancy::limitsOf(
                                                    occupancy::capabilityName(*g.computeCapability))
                                                    .maxRegistersPerThread) +
                                 ")");
        }
    }
}

TalgResult evaluate(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
                    const TalgVariant& v) {
    validate(st, p, t, g, v);
    return evaluateUnchecked(st, p, t, g, v);
}

PreparedTalg::PreparedTalg(const Stencil& st, const Problem& p, const Gpu& g, const TalgVariant& v)
    : st_(st), p_(p), g_(g), v_(v) {
    lWordSeconds_ = units::secondsPerWord(g.lSecondsPerGb, st.bytesPerWord, v.gigabyte);
    const Capacity cap = capacity(g, st.bytesPerWord);
    mSmWords_ = cap.mSmWords;
    mTbWords_ = cap.mTbWords;
    double cells = static_cast<double>(p.time);
    for (int i = 0; i < p.dim; ++i) {
        cells *= static_cast<double>(p.space[i]);
    }
    tIdeal_ = cells * st.cIterSeconds / static_cast<double>(g.nSm * g.nV); // thesis eq. 8.3
    maxThreads_ = maxThreadsOf(g);
    if (v.hiding == Hiding::Occupancy && g.computeCapability) {
        // The compute capability's rules with this GPU's own resources (a codesign design's
        // shared memory and registers; no carveout choice: M_SM is the SM's).
        try {
            occupancy::Limits l =
                occupancy::limitsOf(occupancy::capabilityName(*g.computeCapability));
            l.sharedPerSmBytes = static_cast<int>(std::lround(g.mSmKb * 1024));
            l.maxSharedPerBlockBytes =
                static_cast<int>(std::lround(std::min(g.mTbKb, g.mSmKb) * 1024));
            l.registersPerSm = static_cast<int>(g.rSm);
            l.maxBlocksPerSm = static_cast<int>(g.mtbSm);
            l.carveoutsKb.clear();
            limits_ = l;
        } catch (const InputError&) {
            limits_.reset(); // validate() names it; unchecked callers get no occupancy limit
        }
        const double memLd = g.memLdCycles.value_or(1);
        mwpWithoutBw_ = memLd / g.departureCoalCycles.value_or(1);
        mwpPeakBw_ = formula::mwpPeakBw(lWordSeconds_, g.clockMhz.value_or(1), memLd, g.nSm);
    }
}

Constraint PreparedTalg::excludingConstraint(const Tiles& t) const {
    const std::int64_t mTile = sharedMemoryPerTile(p_.dim, t, v_.smem);
    if (mTile > mTbWords_) {
        return Constraint::SharedMemoryPerBlock;
    }
    if (maxResidentBlocks(mTile, Capacity{mSmWords_, mTbWords_}, g_, v_) < 1) {
        return Constraint::NoResidentBlock;
    }
    if (limits_) {
        const occupancy::Result o = occupancy::evaluate(
            *limits_, {std::min(t.threads > 0 ? t.threads : defaultThreads(p_.dim, t, maxThreads_),
                                static_cast<std::int64_t>(limits_->maxThreadsPerBlock)),
                       v_.registersPerThread.value_or(0),
                       std::min<std::int64_t>(mulSat(mTile, st_.bytesPerWord),
                                              limits_->maxSharedPerBlockBytes),
                       std::nullopt});
        if (o.blocksPerSm < 1) {
            return Constraint::Occupancy;
        }
    }
    return Constraint::None;
}

TalgResult PreparedTalg::evaluate(const Tiles& t) const {
    TalgResult r;
    TalgBreakdown& b = r.breakdown;
    const int dim = p_.dim;
    const std::int64_t T = p_.time;
    const std::int64_t tT = t.time;
    const std::int64_t tS1 = t.space[0];
    const std::int64_t S1 = p_.space[0];

    // Units (§2.1).
    b.lWordSeconds = lWordSeconds_;
    const Capacity cap{mSmWords_, mTbWords_};
    b.mSmWords = cap.mSmWords;
    b.mTbWords = cap.mTbWords;

    // Wavefronts (eq. 3 with the thesis' floor, erratum D1).
    const formula::Wavefronts wf = formula::wavefronts(T, tT, v_.nw);
    b.remainder = wf.remainder;
    b.q = wf.q;
    b.epsilon = wf.epsilon;
    b.nW = wf.nW;

    // Hexagon geometry (eqs. 4, 5, 22; errata I1, I2) and sub-tiles (eqs. 16, 23).
    const formula::Geometry geo = formula::geometry(p_, t, v_);
    b.wTile = geo.wTile;
    b.pitch = geo.pitch;
    b.widthDenominator = geo.widthDenominator;
    b.w = geo.w;
    b.inner = geo.inner;
    b.nSub = geo.nSub;

    b.tIdeal = tIdeal_;

    // Shared memory and resident blocks (eqs. 11, 19, 31); checked before the
    // compute sum so that infeasible giant tiles never reach the products below.
    b.mTile = sharedMemoryPerTile(dim, t, v_.smem);
    b.ppcgFootprint = v_.smem == SharedFootprint::Ppcg && dim >= 2;
    // k_max as eq. 11 gives it, also for a tile over the per-block limit (issue 55: the
    // breakdown showed 0 beside its formula, which gives 1).
    b.kMax = maxResidentBlocks(b.mTile, cap, g_, v_);
    // The block's threads (issue 57): the tiling's, or PPCG's one per innermost point.
    b.threads = t.threads > 0 ? t.threads : defaultThreads(dim, t, maxThreads_);
    b.warpsPerBlock = ceilDiv(b.threads, kWarp);
    if (b.mTile > cap.mTbWords) {
        r.excludedBy = Constraint::SharedMemoryPerBlock;
    } else if (b.kMax < 1) {
        r.excludedBy = Constraint::NoResidentBlock;
    } else if (limits_) {
        // hiding = occupancy: the resident blocks the occupancy rules allow for these threads,
        // registers and shared memory bound k too.
        const occupancy::Result o = occupancy::evaluate(
            *limits_, {std::min(b.threads, static_cast<std::int64_t>(limits_->maxThreadsPerBlock)),
                       v_.registersPerThread.value_or(0),
                       std::min<std::int64_t>(mulSat(b.mTile, st_.bytesPerWord),
                                              limits_->maxSharedPerBlockBytes),
                       std::nullopt});
        b.kOccupancy = o.blocksPerSm;
        b.kMax = std::min(b.kMax, o.blocksPerSm);
        if (b.kMax < 1) {
            r.excludedBy = Constraint::Occupancy;
        }
    }
    if (r.excludedBy != Constraint::None) {
        r.feasible = false;
        r.tAlg = std::numeric_limits<double>::quiet_NaN();
        return r;
    }
    r.feasible = true;

    // Transfers (eqs. 7-8, 13-14, 24-25): m_o = m_i for Jacobi-like stencils.
    b.mI = formula::inputWords(b.inner, tS1, tT);
    b.mO = b.mI;
    b.mIo = b.mI + b.mO;
    b.mPrime = formula::transferTime(b.mIo, b.lWordSeconds, g_.tauSyncSeconds);

    // Compute (eqs. 9, 15, 27): sum over x = tS1, tS1+2, ..., w_tile of ceil(x*inner/n_V),
    // each ceiling per term; tT/2 terms for even tT.
    b.computeSum = computeSum(tS1, tT / 2, b.inner, g_.nV);
    b.c = formula::computeTime(st_.cIterSeconds, b.computeSum, tT, g_.tauSyncSeconds);
    b.zeta = std::max(b.mPrime, b.c);
    b.computeBound = b.c >= b.mPrime;

    // hiding = occupancy (issue 57), for k resident blocks of b.warpsPerBlock warps each:
    // transfers at the bandwidth MWP = min(Mem_LD / departure, MWP_peak_BW, resident warps)
    // warps sustain (MWP-CWP eqs. 3-6), and a tile computing on min(n_V, threads) lanes while
    // the k tiles share the SM's n_V.
    const bool hiding = limits_.has_value();
    b.lanesPerTile = hiding ? std::min(g_.nV, b.threads) : g_.nV;
    const std::int64_t threadSum =
        hiding && b.lanesPerTile < g_.nV ? computeSum(tS1, tT / 2, b.inner, b.lanesPerTile) : 0;
    const auto phase = [&](std::int64_t k) -> formula::Phase {
        if (!hiding) {
            return {b.mPrime, b.c, b.zeta, 0.0, 1.0};
        }
        return formula::phase(b.mIo, b.lWordSeconds, g_.tauSyncSeconds, st_.cIterSeconds, tT,
                              b.computeSum, threadSum, k, b.warpsPerBlock, mwpWithoutBw_,
                              mwpPeakBw_);
    };
    const auto unitTime = [&](std::int64_t k) {
        const formula::Phase ph = phase(k);
        return formula::unitTime(dim, ph.mPrime, ph.c, ph.zeta, b.nSub, k);
    };
    // bw = shared: a wavefront's words go through the one memory system (issue 57; the
    // papers' charge every SM's tile at the GPU's whole bandwidth at once).
    const auto wavefrontMemory = [&](std::int64_t k) {
        if (v_.bandwidth != Bandwidth::Shared) {
            return 0.0;
        }
        return formula::wavefrontMemory(b.w, b.nSub, b.mIo, b.lWordSeconds, phase(k).efficiency);
    };
    const auto total = [&](std::int64_t k, double tUnit) {
        const double wavefront = std::max(
            static_cast<double>(formula::rounds(b.w, k, g_.nSm)) * tUnit, wavefrontMemory(k));
        return static_cast<double>(b.nW) * (wavefront + g_.tSyncSeconds);
    };

    switch (v_.k) {
    case KRule::Max:
        b.k = b.kMax;
        break;
    case KRule::Effective:
        b.k = std::min(b.kMax, ceilDiv(b.w, g_.nSm));
        break;
    case KRule::Optimize: {
        b.k = 1;
        double best = total(1, unitTime(1));
        for (std::int64_t k = 2; k <= b.kMax; ++k) {
            const double tk = total(k, unitTime(k));
            if (tk < best) {
                best = tk;
                b.k = k;
            }
        }
        break;
    }
    }
    b.tUnit = unitTime(b.k);
    b.groups = ceilDiv(b.w, b.k);
    b.rounds = formula::rounds(b.w, b.k, g_.nSm); // = ceil(groups / n_SM)
    b.syncTime = static_cast<double>(b.nW) * g_.tSyncSeconds;
    if (hiding) {
        const formula::Phase ph = phase(b.k);
        b.mPrime = ph.mPrime;
        b.c = ph.c;
        b.zeta = ph.zeta;
        b.computeBound = b.c >= b.mPrime;
        b.mwp = ph.mwp;
        b.mwpPeakBw = mwpPeakBw_;
        b.memoryEfficiency = ph.efficiency;
        b.residentWarps = b.k * b.warpsPerBlock;
    }
    b.wavefrontMemoryTime = wavefrontMemory(b.k);
    const double roundsTime = static_cast<double>(b.rounds) * b.tUnit;
    b.memorySystemBound = b.wavefrontMemoryTime > roundsTime;
    b.computeTime = static_cast<double>(b.nW) * std::max(roundsTime, b.wavefrontMemoryTime);
    r.tAlg = total(b.k, b.tUnit);
    b.utilisation = static_cast<double>(b.w) / static_cast<double>(b.k * g_.nSm * b.rounds);
    b.efficiency = b.tIdeal / r.tAlg;

    if (r.tAlg < b.tIdeal) {
        r.warnings.add(Warning::BelowIdeal);
    }
    if (b.widthDenominator > S1) {
        r.warnings.add(Warning::TileExceedsDomainS1);
    }
    if ((dim >= 2 && t.space[1] >= p_.space[1] + tT) ||
        (dim == 3 && t.space[2] >= p_.space[2] + tT)) {
        r.warnings.add(Warning::TileExceedsDomainInner);
    }
    if (b.groups < g_.nSm) {
        r.warnings.add(Warning::IdleSms);
    }
    if (g_.nV >= b.wTile * b.inner) {
        r.warnings.add(Warning::RowsFitVectorUnits);
    }
    return r;
}

TalgResult evaluateUnchecked(const Stencil& st, const Problem& p, const Tiles& t, const Gpu& g,
                             const TalgVariant& v) {
    return PreparedTalg(st, p, g, v).evaluate(t);
}

} // namespace cdx::talg

namespace cdx::talg {

TimeSplit splitTime(const TalgResult& r, int dim) {
    TimeSplit s;
    if (!r.feasible) {
        return s;
    }
    const TalgBreakdown& b = r.breakdown;
    s.hostSync = b.syncTime;
    const double busy = b.computeTime * b.utilisation;
    s.idle = b.computeTime - busy;
    // Computation inside one T_unit: k tiles of c each (times N_sub sub-tiles in 2D/3D).
    const double tiles = static_cast<double>(b.k) * (dim == 1 ? 1.0 : static_cast<double>(b.nSub));
    const double computeShare = b.tUnit > 0 ? std::min(1.0, tiles * b.c / b.tUnit) : 0.0;
    s.compute = busy * computeShare;
    s.exposedTransfer = busy - s.compute;
    return s;
}

} // namespace cdx::talg

namespace cdx::talg {

std::string variantSummary(const TalgVariant& v, int dim) {
    std::string s;
    s.append("pitch=").append(name(v.pitch));
    s.append(" nw=").append(name(v.nw));
    s.append(" k=").append(name(v.k));
    s.append(" gb=").append(name(v.gigabyte));
    if (dim == 3) {
        s.append(" w3d=").append(name(v.width3d));
        s.append(" nsslabs=").append(name(v.subSlabs));
    }
    if (v.registersPerTile) {
        s.append(" r_tile=").append(std::to_string(*v.registersPerTile));
    }
    // The extensions of issue 57, named only when chosen (the papers' model reads as before).
    if (v.smem != SharedFootprint::Eq19) {
        s.append(" smem=").append(name(v.smem));
    }
    if (v.hiding != Hiding::None) {
        s.append(" hiding=").append(name(v.hiding));
    }
    if (v.bandwidth != Bandwidth::PerTile) {
        s.append(" bw=").append(name(v.bandwidth));
    }
    if (v.registersPerThread) {
        s.append(" regs=").append(std::to_string(*v.registersPerThread));
    }
    return s;
}

std::vector<BreakdownEntry> breakdownEntries(const TalgResult& r, int dim) {
    const TalgBreakdown& b = r.breakdown;
    const auto count = [](std::int64_t v) { return static_cast<double>(v); };
    const char* tile = dim == 1 ? "eq. 12" : (dim == 2 ? "eq. 16" : "eqs. 28-29");
    std::vector<BreakdownEntry> e{
        {"L_w", b.lWordSeconds, false, "s/word", "L * b_w / GB (spec 2.1)", "L_word"},
        {"M_SM", count(b.mSmWords), true, "words", "shared memory per SM", "M_SM_words"},
        {"M_TB", count(b.mTbWords), true, "words", "per-thread-block limit (eq. 31)", "M_TB_words"},
        {"N_w", count(b.nW), true, "", "eq. 3, epsilon = " + std::to_string(b.epsilon), "N_w"},
        {"w_tile", count(b.wTile), true, "points", "eq. 4: tS1 + tT - 2", "w_tile"},
        {"pitch", count(b.pitch), true, "points", "eq. 5 / A.5 (erratum I1)", "pitch"},
        {"w", count(b.w), true, "tiles", dim == 3 ? "eq. 22 / eq. 5" : "eq. 5", "w"},
        {"N_sub", count(b.nSub), true, "", dim == 3 ? "eq. 23" : "eq. 16 (1 in 1D)", "N_sub"},
        {"M_tile", count(b.mTile), true, "words",
         b.ppcgFootprint ? (dim == 3 ? "PPCG's: 2(tS1+tT)(tS2+tT+1)(tS3+tT+1), extrapolated"
                                     : "PPCG's: 2(tS1+tT)(tS2+tT+1) (spec I4)")
                         : (dim == 3 ? "eq. 19 extended to 3D" : "eq. 19"),
         "M_tile"},
        {"k_max", count(b.kMax), true, "",
         b.kOccupancy > 0 ? "eq. 11, and the occupancy rules' blocks per SM"
                          : "eq. 11: min(M_SM / M_tile, MTB_SM)",
         "k_max"},
        {"threads", count(b.threads), true, "",
         "threads per block (issue 57; the papers' model does not use them)", "threads_per_block"}};
    if (r.feasible) {
        const std::vector<BreakdownEntry> more{
            {"m_i", count(b.mI), true, "words", "eqs. 7 / 13 / 24", "m_i"},
            {"m'", b.mPrime, false, "s", "eqs. 8 / 14 / 25: m_io L_w + 2 tau_sync", "m_prime"},
            {"sum", count(b.computeSum), true, "", "sum of ceil(x inner / n_V)", "compute_sum"},
            {"c", b.c, false, "s", "eqs. 9 / 15 / 27", "c"},
            {"k", count(b.k), true, "", "hyper-threading factor (spec 2.3)", "k"},
            {"zeta", b.zeta, false, "s", "max(m', c)", "zeta"},
            {"T_unit", b.tUnit, false, "s", tile, "T_unit"},
            {"groups", count(b.groups), true, "", "ceil(w / k)", "groups"},
            {"rounds", count(b.rounds), true, "", "ceil(groups / n_SM)", "rounds"},
            {"N_w T_sync", b.syncTime, false, "s", "host synchronisations", "sync_time"},
            {"utilisation", b.utilisation, false, "", "w / (k n_SM rounds)", "utilisation"},
            {"T_ideal", b.tIdeal, false, "s", "thesis eq. 8.3", "T_ideal"},
            {"T_alg", r.tAlg, false, "s", "eqs. 6 / 17 / 30", "T_alg"}};
        e.insert(e.end(), more.begin(), more.end());
        if (b.kOccupancy > 0) { // hiding = occupancy (issue 57)
            const std::vector<BreakdownEntry> hiding{
                {"k_occupancy", count(b.kOccupancy), true, "",
                 "blocks per SM by the occupancy rules (threads, registers, shared memory)",
                 "k_occupancy"},
                {"warps", count(b.residentWarps), true, "",
                 "k x ceil(threads / 32): resident warps", "resident_warps"},
                {"MWP", b.mwp, false, "",
                 "min(Mem_LD / departure, MWP_peak_BW, warps) (MWP-CWP eq. 6)", "mwp"},
                {"MWP_peak_BW", b.mwpPeakBw, false, "", "bandwidth / (BW_per_warp n_SM) (eq. 5)",
                 "mwp_peak_bw"},
                {"bw_share", b.memoryEfficiency, false, "", "MWP / MWP_peak_BW",
                 "memory_efficiency"},
                {"lanes", count(b.lanesPerTile), true, "", "min(n_V, threads): one tile's lanes",
                 "lanes_per_tile"}};
            e.insert(e.end() - 1, hiding.begin(), hiding.end());
        }
        if (b.wavefrontMemoryTime > 0) { // bw = shared (issue 57)
            e.insert(e.end() - 1,
                     BreakdownEntry{"T_wf_mem", b.wavefrontMemoryTime, false, "s",
                                    b.memorySystemBound
                                        ? "w N_sub m_io L_w / share: binds"
                                        : "w N_sub m_io L_w / share: below rounds T_unit",
                                    "wavefront_memory_time"});
        }
    }
    return e;
}

} // namespace cdx::talg
