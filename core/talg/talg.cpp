// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/talg.hpp"

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

std::string_view name(Constraint c) {
    switch (c) {
    case Constraint::None:
        return "none";
    case Constraint::SharedMemoryPerBlock:
        return "shared_memory_per_block";
    case Constraint::NoResidentBlock:
        return "no_resident_block";
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

std::int64_t sharedMemoryPerTile(int dim, const Tiles& t) {
    const std::int64_t tt = t.time;
    switch (dim) {
    case 1:
        return mulSat(2, t.space[0] + tt); // 2(w_tile + 2), inline after eq. 8
    case 2:
        return mulSat(mulSat(2, t.space[0] + tt + 1), t.space[1] + tt + 1); // eq. 19
    default:
        // [EXTRAPOLATED] natural extension of eq. 19 (P and A give no 3D M_tile).
        return mulSat(mulSat(mulSat(2, t.space[0] + tt + 1), t.space[1] + tt + 1),
                      t.space[2] + tt + 1);
    }
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
    const Capacity cap = capacity(g, bytesPerWord);
    const std::int64_t mTile = sharedMemoryPerTile(dim, t);
    if (mTile > cap.mTbWords) {
        return Constraint::SharedMemoryPerBlock;
    }
    return maxResidentBlocks(mTile, cap, g, v) < 1 ? Constraint::NoResidentBlock : Constraint::None;
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
}

Constraint PreparedTalg::excludingConstraint(const Tiles& t) const {
    const std::int64_t mTile = sharedMemoryPerTile(p_.dim, t);
    if (mTile > mTbWords_) {
        return Constraint::SharedMemoryPerBlock;
    }
    return maxResidentBlocks(mTile, Capacity{mSmWords_, mTbWords_}, g_, v_) < 1
               ? Constraint::NoResidentBlock
               : Constraint::None;
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
    b.mTile = sharedMemoryPerTile(dim, t);
    // k_max as eq. 11 gives it, also for a tile over the per-block limit (issue 55: the
    // breakdown showed 0 beside its formula, which gives 1).
    b.kMax = maxResidentBlocks(b.mTile, cap, g_, v_);
    if (b.mTile > cap.mTbWords) {
        r.excludedBy = Constraint::SharedMemoryPerBlock;
    } else if (b.kMax < 1) {
        r.excludedBy = Constraint::NoResidentBlock;
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

    const auto unitTime = [&](std::int64_t k) {
        return formula::unitTime(dim, b.mPrime, b.c, b.zeta, b.nSub, k);
    };
    const auto total = [&](std::int64_t k, double tUnit) {
        return formula::totalTime(b.nW, formula::rounds(b.w, k, g_.nSm), tUnit, g_.tSyncSeconds);
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
    b.computeTime = static_cast<double>(b.nW) * static_cast<double>(b.rounds) * b.tUnit;
    r.tAlg = formula::totalTime(b.nW, b.rounds, b.tUnit, g_.tSyncSeconds);
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
        {"M_tile", count(b.mTile), true, "words", dim == 3 ? "eq. 19 extended to 3D" : "eq. 19",
         "M_tile"},
        {"k_max", count(b.kMax), true, "", "eq. 11: min(M_SM / M_tile, MTB_SM)", "k_max"}};
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
    }
    return e;
}

} // namespace cdx::talg
