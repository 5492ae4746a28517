// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

// The equations of §2.2 as small inline functions, shared by PreparedTalg::evaluate and the
// codesign kernel (which evaluates one tiling for many SM counts, vector-unit counts and
// shared-memory sizes). One formula, one floating-point operation order: the codesign's
// optima are bit-identical to what `optimize` computes.
namespace cdx::talg::formula {

// Integer floor for non-negative n and positive b (spec §2.1: never a float ceiling).
// Operands of the model nearly always fit 32 bits, and a 32-bit division is several
// times cheaper than a 64-bit one on x86 (GCC does not add this bypass itself).
inline std::int64_t floorDiv(std::int64_t n, std::int64_t b) {
    if (((static_cast<std::uint64_t>(n) | static_cast<std::uint64_t>(b)) >> 32) == 0) {
        return static_cast<std::uint32_t>(n) / static_cast<std::uint32_t>(b);
    }
    return n / b;
}

inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
    return floorDiv(a + b - 1, b);
}

inline std::int64_t mulSat(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}

// Eq. 3 with the thesis' floor in epsilon (erratum D1).
struct Wavefronts {
    std::int64_t q = 0;         // ceil(T/tT)
    std::int64_t remainder = 0; // T mod tT
    std::int64_t epsilon = 0;
    std::int64_t nW = 0;
};
inline Wavefronts wavefronts(std::int64_t T, std::int64_t tT, WavefrontCount v) {
    Wavefronts r;
    const std::int64_t whole = floorDiv(T, tT);
    r.remainder = T - whole * tT;
    r.q = whole + (r.remainder > 0 ? 1 : 0);
    r.epsilon = (r.remainder > 0 && 2 * r.remainder <= tT) ? 0 : 1;
    r.nW = 2 * r.q + (v == WavefrontCount::Exact ? r.epsilon : 0);
    return r;
}

// Hexagon geometry and sub-tiles (eqs. 4, 5, 16, 22, 23; errata I1, I2, I3).
struct Geometry {
    std::int64_t wTile = 0;
    std::int64_t pitch = 0;
    std::int64_t widthDenominator = 0;
    std::int64_t w = 0;     // tiles per wavefront
    std::int64_t inner = 1; // 1, tS2 or tS2*tS3
    std::int64_t nSub = 1;  // sub-prisms / sub-slabs
};
inline Geometry geometry(const Problem& p, const Tiles& t, const TalgVariant& v) {
    Geometry g;
    const std::int64_t tT = t.time;
    const std::int64_t tS1 = t.space[0];
    g.wTile = tS1 + tT - 2;
    g.pitch = 2 * tS1 + tT - (v.pitch == Pitch::Geometric ? 2 : 0);
    g.widthDenominator = (p.dim == 3 && v.width3d == Width3D::Eq22) ? tS1 + tT : g.pitch;
    g.w = ceilDiv(p.space[0], g.widthDenominator);
    switch (p.dim) {
    case 1:
        break;
    case 2:
        g.inner = t.space[1];
        g.nSub = ceilDiv(p.space[1] + tT, t.space[1]);
        break;
    default:
        g.inner = mulSat(t.space[1], t.space[2]);
        g.nSub = v.subSlabs == SubSlabCount::CeilOfProduct
                     ? ceilDiv((p.space[1] + tT) * (p.space[2] + tT), g.inner) // eq. 23 printed
                     : ceilDiv(p.space[1] + tT, t.space[1]) * ceilDiv(p.space[2] + tT, t.space[2]);
        break;
    }
    return g;
}

// m_i = m_o = inner (tS1 + 2 tT) words (eqs. 7, 13, 24).
inline std::int64_t inputWords(std::int64_t inner, std::int64_t tS1, std::int64_t tT) {
    return inner * (tS1 + 2 * tT);
}

// m' = m_io L_w + 2 tau_sync (eqs. 8, 14, 25).
inline double transferTime(std::int64_t mIo, double lWordSeconds, double tauSync) {
    return static_cast<double>(mIo) * lWordSeconds + 2.0 * tauSync;
}

// c = 2 C_iter sum + tT tau_sync (eqs. 9, 15, 27).
inline double computeTime(double cIter, std::int64_t sum, std::int64_t tT, double tauSync) {
    return 2.0 * cIter * static_cast<double>(sum) + static_cast<double>(tT) * tauSync;
}

// Time of one group of k tiles on one SM (eqs. 10, 12, 16, 28-29; erratum I5: as printed).
inline double unitTime(int dim, double mPrime, double c, double zeta, std::int64_t nSub,
                       std::int64_t k) {
    const double kd = static_cast<double>(k);
    if (dim == 1) {
        return mPrime + c + (kd - 1.0) * zeta;
    }
    const double sub = static_cast<double>(nSub);
    return k == 1 ? (mPrime + c) * sub : mPrime + kd * zeta * sub;
}

// ceil(ceil(w/k)/n_SM) = ceil(w/(k n_SM)).
inline std::int64_t rounds(std::int64_t w, std::int64_t k, std::int64_t nSm) {
    return ceilDiv(w, k * nSm);
}

// T_alg = N_w (rounds T_unit + T_sync) (eqs. 6, 17, 30).
inline double totalTime(std::int64_t nW, std::int64_t rounds, double tUnit, double tSync) {
    return static_cast<double>(nW) * (static_cast<double>(rounds) * tUnit + tSync);
}

// k_max = min(floor(M_SM / M_tile), MTB_SM[, R_SM / R_tile]) (eq. 11).
inline std::int64_t maxResidentBlocks(std::int64_t mTile, std::int64_t mSmWords, std::int64_t mtbSm,
                                      std::int64_t rSm, const TalgVariant& v) {
    std::int64_t kMax = std::min(floorDiv(mSmWords, mTile), mtbSm);
    if (v.registersPerTile) {
        kMax = std::min(kMax, rSm / *v.registersPerTile);
    }
    return kMax;
}

// Issue 57, hiding = occupancy: one tile's transfer and compute with k resident blocks of
// `warps` warps each. Transfers at the bandwidth MWP = min(Mem_LD / departure, MWP_peak_BW,
// k warps) warps sustain (MWP-CWP eqs. 3-6): m' = m_io L_w / (MWP / MWP_peak_BW) + 2 tau; the
// compute sum at least a block's own on min(n_V, threads) lanes (`threadSum`, 0 when the block
// fills n_V) shared by the k blocks. Without hiding (mwpPeakBw = 0) the papers' terms.
struct Phase {
    double mPrime = 0, c = 0, zeta = 0, mwp = 0, efficiency = 1;
};
inline Phase phase(std::int64_t mIo, double lWord, double tau, double cIter, std::int64_t tT,
                   std::int64_t sum, std::int64_t threadSum, std::int64_t k, std::int64_t warps,
                   double mwpWithoutBw, double mwpPeakBw) {
    Phase ph;
    if (mwpPeakBw <= 0) {
        ph.mPrime = transferTime(mIo, lWord, tau);
        ph.c = computeTime(cIter, sum, tT, tau);
        ph.zeta = std::max(ph.mPrime, ph.c);
        return ph;
    }
    ph.mwp = std::min({mwpWithoutBw, mwpPeakBw, static_cast<double>(k * warps)});
    ph.efficiency = std::min(1.0, ph.mwp / mwpPeakBw);
    ph.mPrime = static_cast<double>(mIo) * lWord / ph.efficiency + 2.0 * tau;
    const double s =
        std::max(static_cast<double>(sum), static_cast<double>(threadSum) / static_cast<double>(k));
    ph.c = 2.0 * cIter * s + static_cast<double>(tT) * tau;
    ph.zeta = std::max(ph.mPrime, ph.c);
    return ph;
}

// bw = shared (issue 57): a wavefront's words through the one memory system.
inline double wavefrontMemory(std::int64_t w, std::int64_t nSub, std::int64_t mIo, double lWord,
                              double efficiency) {
    return static_cast<double>(w) * static_cast<double>(nSub) * static_cast<double>(mIo) * lWord /
           efficiency;
}

// MWP-CWP eqs. 3-5 in words: a warp's coalesced load moves 32 words per Mem_LD cycles.
inline double mwpPeakBw(double lWord, double clockMhz, double memLdCycles, std::int64_t nSm) {
    const double perWarp = clockMhz * 1e6 * 32.0 / memLdCycles;
    return (1.0 / lWord) / (perWarp * static_cast<double>(nSm));
}

} // namespace cdx::talg::formula
