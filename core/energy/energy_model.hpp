// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Energy of tiled stencil codes on GPUs (thesis Appendix B; spec/energy-model.md):
//   E_alg = P_stat * T_alg + N_tiles * E_tile,   E_tile = E_gs + E_sr + E_ar
//   E_gs = e_gs * M_io,  E_sr = e_sr * SR,  E_ar = E_iter * V_tile,  E_iter = sum_j op_j * e_j
// A generic engine (evaluateEnergy) plus one plug-in per stencil (StencilModel) that supplies
// V_tile, M_io, the shared<->register word count SR, N_tiles, the default op counts and the
// feasibility rule. T_alg is an input (the model is decoupled from the time model, spec §2.1).
// Units: joules, seconds, 4-byte words, iteration points.
namespace cdx::energy {

enum class StencilKind { SmithWaterman, Jacobi1D, Jacobi2D };
std::string_view name(StencilKind k); // "sw", "jacobi1d", "jacobi2d"
StencilKind parseStencilKind(std::string_view s, const std::string& field);

// --- Variants: spec §6.1 items with two readings; the defaults are the thesis's reading. ---
// Tile count (§6.1 item 9): the thesis's continuous V_alg/V_tile-style count, or a product of
// per-dimension ceilings (partial tiles counted as whole tiles; an app option, not in the seed).
enum class TileCount { Continuous, Ceil };
// Jacobi 1D N_tiles (§1.5, §6.1 item 9): the thesis gives none in closed form. `Generic` is
// S*T/(tS*tT) (B.6.1); `Skewed` is the spec's time-skewed band count T*(S+tT)/(tS*tT).
enum class J1dCount { Generic, Skewed };
// Jacobi 1D shared<->register words (§1.5, §6.1 item 2): `Thesis` 4*(2tS + 4tT*tS/sS);
// `Alt` 4*(2tS + 4tT)*tS/sS (the fraction scoping the whole bracket).
enum class J1dSr { Thesis, Alt };
// Jacobi 2D hexagon pitch (§1.6, §6.1 item 7): `Geometric` tS1 + w_tile = 2tS1 + tT - 2
// (Appendix B with w_tile from A.4; volume-consistent, the default); `Paper` 2tS1 + tT (A.5).
enum class J2dPitch { Geometric, Paper };

struct EnergyVariant {
    TileCount count = TileCount::Continuous;
    J1dCount j1dCount = J1dCount::Generic;
    J1dSr j1dSr = J1dSr::Thesis;
    J2dPitch j2dPitch = J2dPitch::Geometric;
    bool operator==(const EnergyVariant&) const = default;
};
std::string_view name(TileCount v); // "continuous", "ceil"
std::string_view name(J1dCount v);  // "generic", "skewed"
std::string_view name(J1dSr v);     // "thesis", "alt"
std::string_view name(J2dPitch v);  // "geometric", "paper"
TileCount parseTileCount(std::string_view s, const std::string& field);
J1dCount parseJ1dCount(std::string_view s, const std::string& field);
J1dSr parseJ1dSr(std::string_view s, const std::string& field);
J2dPitch parseJ2dPitch(std::string_view s, const std::string& field);

// Hardware coefficients (Table B.1 "EH"): W, J/word (4-byte), J/op. e_gr and e_sync are
// listed by the thesis but unused (§6.1 item 11), so they are not here.
struct EnergyCoefficients {
    double pStatW = 0;
    double eGsJ = 0;   // global<->shared, per word
    double eSrJ = 0;   // shared<->register, per word
    double eFaddJ = 0; // single-precision add
    double eFmulJ = 0; // single-precision multiply
    double eIaddJ = 0; // integer add (SW only)
    double eImaxJ = 0; // integer max (SW only)
    bool operator==(const EnergyCoefficients&) const = default;
};

// Operations per iteration point (spec §6.1 item 5: editable; the defaults are inferred).
struct OpCounts {
    double fadd = 0;
    double fmul = 0;
    double iadd = 0;
    double imax = 0;
    bool operator==(const OpCounts&) const = default;
};
// SW: 5 iadd + 5 imax ("five add-compare operations", §1.4); J1D: 2 fadd + 1 fmul (§1.5,
// inferred); J2D: 4 fadd + 1 fmul (§1.6, inferred).
OpCounts defaultOpCounts(StencilKind k);
// mu_sr of J2D (B.6): shared<->register words per point, 6 (§1.6, §6.1 item 6).
constexpr double kDefaultMuSr = 6;

// One configuration. 1-D stencils (sw, jacobi1d) use s1 (= S), t, tS1 (= tS), tT, sS and need
// s2 = tS2 = 0; jacobi2d uses s1, s2, t, tS1, tS2, tT (even) and needs sS = 0 (no sub-tiling).
struct EnergyInput {
    StencilKind stencil = StencilKind::Jacobi2D;
    std::int64_t s1 = 0, s2 = 0, t = 0;            // problem sizes (points, steps)
    std::int64_t tS1 = 0, tS2 = 0, tT = 0, sS = 0; // tile and sub-tile sizes
    std::optional<OpCounts> ops;                   // nullopt: defaultOpCounts(stencil)
    std::optional<double> muSr;                    // J2D only; nullopt: kDefaultMuSr
    double tAlgS = 0;                              // execution time [s], > 0
    // Per-thread-block shared memory in 4-byte words; when set, J2D tiles must satisfy
    // M_tile = 2(tS1+tT+1)(tS2+tT+1) <= it (A.20/A.32). The thesis gives no shared-memory
    // footprint for the SW and J1D tiles, so for them it is not checked (a warning says so).
    std::optional<std::int64_t> sharedWordsPerBlock;
    bool operator==(const EnergyInput&) const = default;
};

// Per-tile counts of one stencil (a plug-in's answer).
struct TileCounts {
    double vTile = 0;                 // points per tile
    double mIo = 0;                   // global<->shared words per tile
    double sr = 0;                    // shared<->register words per tile
    double nTiles = 0;                // tiles (fractional under the continuous count)
    double vAlg = 0;                  // points of the iteration space (S*T, or T*S1*S2)
    std::optional<double> mTileWords; // J2D shared-memory footprint (A.20)
    std::string infeasibleReason;     // empty: feasible
    std::vector<std::string> warnings;
    // The warnings where the thesis gives nothing and a rule of this program fills in (no
    // shared-memory footprint for SW/J1D, the Jacobi 1D N_tiles): the result is extrapolated
    // beyond the thesis, and the workspace's trust view counts them.
    std::vector<std::string> extrapolations;
};

// A stencil plug-in. validate() throws InputError for bad input; counts() assumes valid input.
class StencilModel {
public:
    virtual ~StencilModel() = default;
    virtual StencilKind kind() const = 0;
    virtual OpCounts defaultOps() const = 0;
    virtual void validate(const EnergyInput& in) const = 0;
    virtual TileCounts counts(const EnergyInput& in, const EnergyVariant& v) const = 0;
};
const StencilModel& stencilModel(StencilKind k);

struct EnergyResult {
    bool feasible = true;
    std::string reason; // why infeasible (values are still computed from the formulas)
    // The `cdx energy --json` quantities (DESIGN.md), in J, words, points, W, J*s.
    double eAlg = 0, eStat = 0, eDyn = 0;
    double eTile = 0, nTiles = 0, vTile = 0, mIo = 0, sr = 0, eIter = 0;
    double eGs = 0, eSr = 0, eAr = 0;          // per tile
    double eDynGs = 0, eDynSr = 0, eDynAr = 0; // whole run
    double ePt = 0;                            // E_dyn / (N_tiles * V_tile), J per point
    double pAvg = 0;                           // E_alg / T_alg
    double edp = 0;                            // E_alg * T_alg
    double tAlgS = 0;
    double vEff = 0; // N_tiles * V_tile: points charged
    double vAlg = 0; // points of the iteration space
    double ops = 0;  // vAlg * sum_j op_j (operations of the whole run)
    double gopPerJ = 0;
    std::optional<double> mTileWords;
    OpCounts opCounts; // as used
    double muSr = 0;   // as used (J2D; 0 otherwise)
    EnergyVariant variant;
    std::vector<std::string> warnings;
    std::vector<std::string> extrapolations; // a subset of warnings (TileCounts)
};

// The whole model. Bad input (sizes < 1, a size a stencil does not use set, odd tT for J2D,
// sS not dividing tS, negative or non-finite coefficients, op counts, mu_sr or T_alg <= 0,
// products beyond 64 bits) is an InputError naming the field, the value and what is allowed.
// An infeasible tiling is a result with feasible = false and a reason.
EnergyResult evaluateEnergy(const EnergyInput& in, const EnergyCoefficients& c,
                            const EnergyVariant& v = {});

// The result under the `cdx energy --json` keys (without "command" and "t_alg_source", which
// the caller adds), plus "feasible", "reason", "V_eff", "V_alg" and "M_tile" (J2D).
nlohmann::json toJson(const EnergyResult& r);

} // namespace cdx::energy
