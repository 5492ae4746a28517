// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_model.hpp"

#include "params/enum_names.hpp"
#include "params/input_error.hpp"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace cdx::energy {

namespace {

constexpr EnumNames<StencilKind, 3> kStencilNames{{{"sw", StencilKind::SmithWaterman},
                                                   {"jacobi1d", StencilKind::Jacobi1D},
                                                   {"jacobi2d", StencilKind::Jacobi2D}}};
constexpr EnumNames<TileCount, 2> kCountNames{
    {{"continuous", TileCount::Continuous}, {"ceil", TileCount::Ceil}}};
constexpr EnumNames<J1dCount, 2> kJ1dCountNames{
    {{"generic", J1dCount::Generic}, {"skewed", J1dCount::Skewed}}};
constexpr EnumNames<J1dSr, 2> kJ1dSrNames{{{"thesis", J1dSr::Thesis}, {"alt", J1dSr::Alt}}};
constexpr EnumNames<J2dPitch, 2> kJ2dPitchNames{
    {{"geometric", J2dPitch::Geometric}, {"paper", J2dPitch::Paper}}};

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();

std::string str(std::int64_t v) {
    return std::to_string(v);
}

// Products of sizes are formed in 64-bit integers; one that does not fit is bad input.
std::int64_t mul(std::int64_t a, std::int64_t b, const char* what) {
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) {
        throw InputError(what, str(a) + " * " + str(b),
                         "the product must fit in a signed 64-bit integer (<= " + str(kMaxInt) +
                             "); use smaller sizes");
    }
    return r;
}
std::int64_t add(std::int64_t a, std::int64_t b, const char* what) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) {
        throw InputError(what, str(a) + " + " + str(b),
                         "the sum must fit in a signed 64-bit integer (<= " + str(kMaxInt) + ")");
    }
    return r;
}
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
    return a / b + (a % b != 0 ? 1 : 0);
}
double ratio(std::int64_t num, std::int64_t den) {
    return static_cast<double>(num) / static_cast<double>(den);
}

void requirePositive(std::int64_t v, const char* field) {
    if (v < 1) {
        throw InputError(field, str(v), "must be an integer >= 1");
    }
}
void requireUnused(std::int64_t v, const char* field, StencilKind k, const char* why) {
    if (v != 0) {
        throw InputError(field, str(v), "must be 0 for " + std::string(name(k)) + " (" + why + ")");
    }
}
void requireNonNegative(double v, const std::string& field) {
    if (!std::isfinite(v) || v < 0) {
        throw InputError(field, formatNumber(v), "must be a finite number >= 0");
    }
}
void requireSubTile(const EnergyInput& in) {
    requirePositive(in.sS, "sS");
    if (in.tS1 % in.sS != 0) {
        throw InputError("sS", str(in.sS), "must divide tS = " + str(in.tS1));
    }
}

std::string tileLargerThanDomain(const char* tile, std::int64_t t, const char* size,
                                 std::int64_t s) {
    return std::string(tile) + " = " + str(t) + " exceeds " + size + " = " + str(s) +
           " (a tile must fit in the domain)";
}

// Common feasibility of the 1-D stencils: the tile fits in the domain.
std::string oneDimFeasibility(const EnergyInput& in) {
    if (in.tS1 > in.s1) {
        return tileLargerThanDomain("tS", in.tS1, "S", in.s1);
    }
    if (in.tT > in.t) {
        return tileLargerThanDomain("tT", in.tT, "T", in.t);
    }
    return {};
}

void oneDimValidate(const EnergyInput& in) {
    requirePositive(in.s1, "S");
    requirePositive(in.t, "T");
    requirePositive(in.tS1, "tS");
    requirePositive(in.tT, "tT");
    requireUnused(in.s2, "S2", in.stencil, "a 1-D stencil");
    requireUnused(in.tS2, "tS2", in.stencil, "a 1-D stencil");
    requireSubTile(in);
    if (in.muSr) {
        throw InputError("mu_sr", formatNumber(*in.muSr),
                         "applies to jacobi2d only; leave it unset for " +
                             std::string(name(in.stencil)));
    }
}

void noSharedMemoryRule(const EnergyInput& in, TileCounts& c) {
    if (in.sharedWordsPerBlock) {
        c.warnings.push_back("shared-memory capacity not checked: the thesis gives no "
                             "shared-memory footprint for " +
                             std::string(name(in.stencil)) + " tiles");
        c.extrapolations.push_back(c.warnings.back());
    }
}

void partialTilesWarning(bool divides, const EnergyVariant& v, TileCounts& c) {
    if (!divides && v.count == TileCount::Continuous) {
        c.warnings.push_back("the tile sizes do not divide the domain: N_tiles is the "
                             "continuous (fractional) count; --count ceil counts partial tiles "
                             "as whole tiles");
    }
}

// Smith-Waterman, orthogonal tiles with sub-tiles (B.6.2, spec §1.4).
class SmithWatermanModel final : public StencilModel {
public:
    StencilKind kind() const override { return StencilKind::SmithWaterman; }
    OpCounts defaultOps() const override { return {0, 0, 5, 5}; }
    void validate(const EnergyInput& in) const override {
        oneDimValidate(in);
        mul(in.s1, in.t, "S*T");
    }
    TileCounts counts(const EnergyInput& in, const EnergyVariant& v) const override {
        TileCounts c;
        const std::int64_t tS = in.tS1, tT = in.tT;
        const std::int64_t vTile = mul(tS, tT, "tS*tT");
        c.vTile = static_cast<double>(vTile);
        c.mIo = 4.25 * static_cast<double>(add(tS, tT, "tS+tT"));
        // (V_tile + 5 tT tS/sS): tS/sS is an integer (sS | tS).
        c.sr = static_cast<double>(
            add(vTile, mul(mul(5, tT, "5*tT"), tS / in.sS, "5*tT*tS/sS"), "V_tile+5*tT*tS/sS"));
        const std::int64_t vAlg = mul(in.s1, in.t, "S*T");
        c.vAlg = static_cast<double>(vAlg);
        c.nTiles = v.count == TileCount::Continuous
                       ? ratio(vAlg, vTile)
                       : static_cast<double>(
                             mul(ceilDiv(in.s1, tS), ceilDiv(in.t, tT), "ceil(S/tS)*ceil(T/tT)"));
        partialTilesWarning(in.s1 % tS == 0 && in.t % tT == 0, v, c);
        noSharedMemoryRule(in, c);
        c.infeasibleReason = oneDimFeasibility(in);
        return c;
    }
};

// Jacobi 1D, time skewing with sub-tiles (B.6.2, spec §1.5).
class Jacobi1DModel final : public StencilModel {
public:
    StencilKind kind() const override { return StencilKind::Jacobi1D; }
    OpCounts defaultOps() const override { return {2, 1, 0, 0}; }
    void validate(const EnergyInput& in) const override {
        oneDimValidate(in);
        mul(in.s1, in.t, "S*T");
        mul(in.t, add(in.s1, in.tT, "S+tT"), "T*(S+tT)");
    }
    TileCounts counts(const EnergyInput& in, const EnergyVariant& v) const override {
        TileCounts c;
        const std::int64_t tS = in.tS1, tT = in.tT, subTiles = tS / in.sS;
        const std::int64_t vTile = mul(tS, tT, "tS*tT");
        c.vTile = static_cast<double>(vTile);
        c.mIo = 2.0 * static_cast<double>(add(mul(2, tT, "2*tT"), tS, "2*tT+tS"));
        const std::int64_t fourTt = mul(4, tT, "4*tT");
        const std::int64_t twoTs = mul(2, tS, "2*tS");
        const std::int64_t sr =
            v.j1dSr == J1dSr::Thesis
                ? mul(4, add(twoTs, mul(fourTt, subTiles, "4*tT*tS/sS"), "2*tS+4*tT*tS/sS"),
                      "4*(2*tS+4*tT*tS/sS)")
                : mul(mul(4, add(twoTs, fourTt, "2*tS+4*tT"), "4*(2*tS+4*tT)"), subTiles,
                      "4*(2*tS+4*tT)*tS/sS");
        c.sr = static_cast<double>(sr);
        const std::int64_t vAlg = mul(in.s1, in.t, "S*T");
        c.vAlg = static_cast<double>(vAlg);
        // The skewed band count uses S + tT as the spec's formula (§1.5, §3.4) and B.5's
        // (S2 + tT)/tS2 do for a skewed dimension (a band strictly spans S + tT - 1 columns).
        const std::int64_t width = v.j1dCount == J1dCount::Generic ? in.s1 : in.s1 + in.tT;
        if (v.count == TileCount::Continuous) {
            c.nTiles = ratio(mul(in.t, width, "T*(S+tT)"), vTile);
        } else {
            c.nTiles = static_cast<double>(
                mul(ceilDiv(in.t, tT), ceilDiv(width, tS), "ceil(T/tT)*ceil(S/tS)"));
        }
        partialTilesWarning(width % tS == 0 && in.t % tT == 0, v, c);
        c.warnings.push_back(v.j1dCount == J1dCount::Generic
                                 ? "Jacobi 1D N_tiles is not given by the thesis (external "
                                   "spreadsheets); the generic S*T/(tS*tT) is used"
                                 : "Jacobi 1D N_tiles is not given by the thesis; the spec's "
                                   "skewed-band derivation T*(S+tT)/(tS*tT) is used");
        c.extrapolations.push_back(c.warnings.back());
        if (v.j1dSr == J1dSr::Alt) {
            c.warnings.push_back("shared<->register words use the alternative parse "
                                 "4*(2tS+4tT)*tS/sS (spec §6.1 item 2), not the default");
        }
        noSharedMemoryRule(in, c);
        c.infeasibleReason = oneDimFeasibility(in);
        return c;
    }
};

// Jacobi 2D, hybrid hexagonal-classical tiling (B.6.3, spec §1.6).
class Jacobi2DModel final : public StencilModel {
public:
    StencilKind kind() const override { return StencilKind::Jacobi2D; }
    OpCounts defaultOps() const override { return {4, 1, 0, 0}; }
    void validate(const EnergyInput& in) const override {
        requirePositive(in.s1, "S1");
        requirePositive(in.s2, "S2");
        requirePositive(in.t, "T");
        requirePositive(in.tS1, "tS1");
        requirePositive(in.tS2, "tS2");
        requirePositive(in.tT, "tT");
        if (in.tT % 2 != 0) {
            throw InputError("tT", str(in.tT),
                             "must be even for jacobi2d (the thesis gives the hexagon formulas "
                             "for even tT only)");
        }
        requireUnused(in.sS, "sS", in.stencil, "HHC tiling uses no sub-tiles");
        if (in.muSr) {
            requireNonNegative(*in.muSr, "mu_sr");
        }
        // Every product the counts form, so counts() cannot overflow.
        const std::int64_t s2tT = add(in.s2, in.tT, "S2+tT");
        mul(mul(mul(2, in.t, "2*T"), in.s1, "2*T*S1"), s2tT, "2*T*S1*(S2+tT)");
        mul(mul(in.t, in.s1, "T*S1"), in.s2, "T*S1*S2");
        const std::int64_t pitch = add(mul(2, in.tS1, "2*tS1"), in.tT, "2*tS1+tT");
        mul(mul(in.tT, in.tS2, "tT*tS2"), pitch, "tT*tS2*(2*tS1+tT)");
        mul(mul(in.tS2, in.tT / 2, "tS2*tT/2"), pitch, "tS2*tT*(2*tS1+tT-2)/2");
        mul(mul(2, in.tS2, "2*tS2"), add(in.tS1, mul(2, in.tT, "2*tT"), "tS1+2*tT"),
            "2*tS2*(tS1+2*tT)");
        mul(mul(2, add(add(in.tS1, in.tT, "tS1+tT"), 1, "tS1+tT+1"), "2*(tS1+tT+1)"),
            add(add(in.tS2, in.tT, "tS2+tT"), 1, "tS2+tT+1"), "2*(tS1+tT+1)*(tS2+tT+1)");
    }
    TileCounts counts(const EnergyInput& in, const EnergyVariant& v) const override {
        TileCounts c;
        const std::int64_t tS1 = in.tS1, tS2 = in.tS2, tT = in.tT;
        const std::int64_t wTile = tS1 + tT - 2;                                     // A.4
        const std::int64_t pitch = v.j2dPitch == J2dPitch::Geometric ? tS1 + wTile   // B.5
                                                                     : 2 * tS1 + tT; // A.5
        const std::int64_t vTile = tS2 * (tT / 2) * (2 * tS1 + tT - 2);              // B.4
        c.vTile = static_cast<double>(vTile);
        c.mIo = static_cast<double>(2 * tS2 * (tS1 + 2 * tT)); // B.3
        const double muSr = in.muSr.value_or(kDefaultMuSr);
        c.sr = muSr * c.vTile; // B.6
        c.vAlg = static_cast<double>(in.t * in.s1 * in.s2);
        const std::int64_t prisms = in.s2 + tT; // skewed extent along s2
        if (v.count == TileCount::Continuous) {
            c.nTiles = ratio(2 * in.t * in.s1 * prisms, tT * tS2 * pitch); // B.5
        } else {
            c.nTiles = static_cast<double>(
                mul(mul(ceilDiv(2 * in.t, tT), ceilDiv(in.s1, pitch), "ceil(2T/tT)*ceil(S1/pitch)"),
                    ceilDiv(prisms, tS2), "ceil(2T/tT)*ceil(S1/pitch)*ceil((S2+tT)/tS2)"));
        }
        partialTilesWarning((2 * in.t) % tT == 0 && in.s1 % pitch == 0 && prisms % tS2 == 0, v, c);
        if (v.j2dPitch == J2dPitch::Paper) {
            c.warnings.push_back("hexagon pitch 2tS1+tT (A.5): N_tiles*V_tile no longer equals "
                                 "T*S1*(S2+tT) (the default pitch 2tS1+tT-2 is "
                                 "volume-consistent)");
        }
        const std::int64_t mTile = 2 * (tS1 + tT + 1) * (tS2 + tT + 1); // A.20
        c.mTileWords = static_cast<double>(mTile);
        if (tS1 > in.s1) {
            c.infeasibleReason = tileLargerThanDomain("tS1", tS1, "S1", in.s1);
        } else if (tS2 > in.s2) {
            c.infeasibleReason = tileLargerThanDomain("tS2", tS2, "S2", in.s2);
        } else if (tT > in.t) {
            c.infeasibleReason = tileLargerThanDomain("tT", tT, "T", in.t);
        } else if (tS2 % 32 != 0) {
            c.infeasibleReason = "tS2 = " + str(tS2) + " is not a multiple of 32 (A.32)";
        } else if (in.sharedWordsPerBlock && mTile > *in.sharedWordsPerBlock) {
            c.infeasibleReason = "M_tile = 2(tS1+tT+1)(tS2+tT+1) = " + str(mTile) +
                                 " words exceeds the shared memory per block (" +
                                 str(*in.sharedWordsPerBlock) + " words; A.20/A.32)";
        }
        return c;
    }
};

void validateCoefficients(const EnergyCoefficients& c) {
    requireNonNegative(c.pStatW, "p_stat_w");
    requireNonNegative(c.eGsJ, "e_gs_j");
    requireNonNegative(c.eSrJ, "e_sr_j");
    requireNonNegative(c.eFaddJ, "e_fadd_j");
    requireNonNegative(c.eFmulJ, "e_fmul_j");
    requireNonNegative(c.eIaddJ, "e_iadd_j");
    requireNonNegative(c.eImaxJ, "e_imax_j");
}

void validateOps(const OpCounts& o) {
    requireNonNegative(o.fadd, "ops.fadd");
    requireNonNegative(o.fmul, "ops.fmul");
    requireNonNegative(o.iadd, "ops.iadd");
    requireNonNegative(o.imax, "ops.imax");
}

} // namespace

std::string_view name(StencilKind k) {
    return enumName(k, kStencilNames);
}
std::string_view name(TileCount v) {
    return enumName(v, kCountNames);
}
std::string_view name(J1dCount v) {
    return enumName(v, kJ1dCountNames);
}
std::string_view name(J1dSr v) {
    return enumName(v, kJ1dSrNames);
}
std::string_view name(J2dPitch v) {
    return enumName(v, kJ2dPitchNames);
}
StencilKind parseStencilKind(std::string_view s, const std::string& field) {
    return parseEnum(s, field, kStencilNames);
}
TileCount parseTileCount(std::string_view s, const std::string& field) {
    return parseEnum(s, field, kCountNames);
}
J1dCount parseJ1dCount(std::string_view s, const std::string& field) {
    return parseEnum(s, field, kJ1dCountNames);
}
J1dSr parseJ1dSr(std::string_view s, const std::string& field) {
    return parseEnum(s, field, kJ1dSrNames);
}
J2dPitch parseJ2dPitch(std::string_view s, const std::string& field) {
    return parseEnum(s, field, kJ2dPitchNames);
}

const StencilModel& stencilModel(StencilKind k) {
    static const SmithWatermanModel sw;
    static const Jacobi1DModel j1d;
    static const Jacobi2DModel j2d;
    switch (k) {
    case StencilKind::SmithWaterman:
        return sw;
    case StencilKind::Jacobi1D:
        return j1d;
    case StencilKind::Jacobi2D:
        break;
    }
    return j2d;
}

OpCounts defaultOpCounts(StencilKind k) {
    return stencilModel(k).defaultOps();
}

EnergyResult evaluateEnergy(const EnergyInput& in, const EnergyCoefficients& coef,
                            const EnergyVariant& v) {
    const StencilModel& model = stencilModel(in.stencil);
    model.validate(in);
    validateCoefficients(coef);
    const OpCounts ops = in.ops.value_or(model.defaultOps());
    validateOps(ops);
    if (!std::isfinite(in.tAlgS) || in.tAlgS <= 0) {
        throw InputError("t_alg_s", formatNumber(in.tAlgS), "must be a finite time > 0 [s]");
    }
    if (in.sharedWordsPerBlock && *in.sharedWordsPerBlock < 1) {
        throw InputError("shared_words_per_block", str(*in.sharedWordsPerBlock),
                         "must be an integer >= 1 [words]");
    }

    TileCounts c = model.counts(in, v);
    EnergyResult r;
    r.variant = v;
    r.opCounts = ops;
    r.muSr = in.stencil == StencilKind::Jacobi2D ? in.muSr.value_or(kDefaultMuSr) : 0.0;
    r.feasible = c.infeasibleReason.empty();
    r.reason = c.infeasibleReason;
    r.warnings = std::move(c.warnings);
    r.extrapolations = std::move(c.extrapolations);
    r.mTileWords = c.mTileWords;

    r.vTile = c.vTile;
    r.mIo = c.mIo;
    r.sr = c.sr;
    r.nTiles = c.nTiles;
    r.vAlg = c.vAlg;
    r.eIter = ops.fadd * coef.eFaddJ + ops.fmul * coef.eFmulJ + ops.iadd * coef.eIaddJ +
              ops.imax * coef.eImaxJ;
    r.eGs = coef.eGsJ * r.mIo; // B.2
    r.eSr = coef.eSrJ * r.sr;  // B.2
    r.eAr = r.eIter * r.vTile; // B.2
    r.eTile = r.eGs + r.eSr + r.eAr;
    r.eDynGs = r.nTiles * r.eGs;
    r.eDynSr = r.nTiles * r.eSr;
    r.eDynAr = r.nTiles * r.eAr;
    r.eDyn = r.nTiles * r.eTile;
    r.tAlgS = in.tAlgS;
    r.eStat = coef.pStatW * in.tAlgS;
    r.eAlg = r.eStat + r.eDyn;
    r.vEff = r.nTiles * r.vTile;
    r.ePt = r.eDyn / r.vEff;
    r.pAvg = r.eAlg / in.tAlgS;
    r.edp = r.eAlg * in.tAlgS;
    r.ops = r.vAlg * (ops.fadd + ops.fmul + ops.iadd + ops.imax);
    r.gopPerJ = r.eAlg > 0 ? r.ops / r.eAlg / 1e9 : 0.0;
    for (const double x : {r.eAlg, r.edp, r.pAvg, r.ePt}) {
        if (!std::isfinite(x)) {
            throw InputError("E_alg", formatNumber(x),
                             "the coefficients and sizes give a result beyond double range; use "
                             "smaller values");
        }
    }
    return r;
}

nlohmann::json toJson(const EnergyResult& r) {
    nlohmann::json j = {
        {"feasible", r.feasible},
        {"reason", r.reason},
        {"E_alg", r.eAlg},
        {"E_stat", r.eStat},
        {"E_dyn", r.eDyn},
        {"E_tile", r.eTile},
        {"N_tiles", r.nTiles},
        {"V_tile", r.vTile},
        {"M_io", r.mIo},
        {"SR", r.sr},
        {"E_iter", r.eIter},
        {"E_gs", r.eGs},
        {"E_sr", r.eSr},
        {"E_ar", r.eAr},
        {"E_dyn_gs", r.eDynGs},
        {"E_dyn_sr", r.eDynSr},
        {"E_dyn_ar", r.eDynAr},
        {"e_pt", r.ePt},
        {"P_avg", r.pAvg},
        {"EDP", r.edp},
        {"t_alg_s", r.tAlgS},
        {"V_eff", r.vEff},
        {"V_alg", r.vAlg},
        {"variant",
         {{"count", name(r.variant.count)},
          {"j1d_count", name(r.variant.j1dCount)},
          {"j1d_sr", name(r.variant.j1dSr)},
          {"j2d_pitch", name(r.variant.j2dPitch)}}},
        {"warnings", r.warnings},
    };
    if (r.mTileWords) {
        j["M_tile"] = *r.mTileWords;
    }
    // Off-chip words per iteration point: the surface-to-volume ratio behind e_pt (spec §3.3).
    j["M_io_per_V_tile"] = r.vTile > 0 ? r.mIo / r.vTile : 0.0;
    return j;
}

} // namespace cdx::energy
