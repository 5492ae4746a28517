// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The hybrid-hexagonal schedule of a 2D stencil (PPoPP'17 §2 and Fig. 2): hexagons in
// (t, S1), classic tiles along S2 after skewing time into S2. Plain C++ (C++17), header-only,
// no library: the measuring kit's CUDA kernel runs this schedule (its functions are host and
// device), and the project's CI tests it on the CPU (tests/test_kit_schedule.cpp).
//
// Iteration domain: a grid of n1 x n2 points whose border is fixed; time steps t = 1..steps
// update the interior points i in [1, n1-2], j in [1, n2-2] from step t-1 (radius 1 in both
// dimensions: the 5- and 9-point stencils). In schedule coordinates s = i - 1 in [0, S1) and
// tau = t - 1 in [0, steps), S1 = n1 - 2, S2 = n2 - 2.
//
// Hexagons (spec talg-time-model.md §1.4): base tS1, height tT (even); row r in [0, tT) has
// width tS1 + 2 min(r, tT-1-r) and its left edge at s0 - min(r, tT-1-r). "Green" hexagons sit
// at (s0, tau0) = (m P, n tT), "yellow" ones at (m P + tS1 + tT/2 - 1, n tT + tT/2), with the
// geometric pitch P = 2 tS1 + tT - 2 (the plane is tiled exactly; erratum I1). Wavefronts (one
// kernel call each): yellow row -1 first, then green n, yellow n, green n+1, ...; the hexagons
// of one wavefront are independent (one thread block each).
//
// Each hexagon is a prism along S2, skewed by u = (j - 1) + tau, cut into sub-prisms of tS2
// values of u - tau0, executed one after the other by its thread block; inside a sub-prism the
// rows of the hexagon bottom to top (a barrier between rows), each row's (i, j) points in
// parallel. A point depends on step t-1 at (i +- 1, j +- 1): earlier rows of the same
// sub-prism, earlier sub-prisms of the same hexagon, or earlier wavefronts, so two buffers
// (t mod 2) hold the whole computation.

#include <cstdint>

#if defined(__CUDACC__)
#define CDXKIT_HD __host__ __device__
#else
#define CDXKIT_HD
#endif

namespace cdxkit {

struct Problem {
    std::int64_t n1 = 0;    // grid points along S1, the fixed border included (>= 3)
    std::int64_t n2 = 0;    // along S2 (>= 3)
    std::int64_t steps = 0; // time steps (>= 1)
};

struct Tiles {
    std::int64_t tS1 = 0; // hexagon base (>= 1)
    std::int64_t tS2 = 0; // sub-prism length along S2 (>= 1)
    std::int64_t tT = 0;  // hexagon height (even, >= 2)
};

// A hexagon of the tiling: its anchor (bottom row's left edge, bottom row) in schedule
// coordinates, and its colour.
struct Hexagon {
    std::int64_t s0 = 0;
    std::int64_t tau0 = 0;
    int colour = 0; // 0 green, 1 yellow
};

// The reason a problem or a tiling cannot be scheduled, or nullptr when it can.
CDXKIT_HD inline const char* invalid(const Problem& p, const Tiles& t) {
    if (p.n1 < 3 || p.n2 < 3) {
        return "n1 and n2 must be at least 3 (a border and one interior point)";
    }
    if (p.steps < 1) {
        return "steps must be at least 1";
    }
    if (t.tS1 < 1 || t.tS2 < 1) {
        return "tS1 and tS2 must be at least 1";
    }
    if (t.tT < 2 || t.tT % 2 != 0) {
        return "tT must be even and at least 2";
    }
    return nullptr;
}

CDXKIT_HD inline std::int64_t pitch(const Tiles& t) {
    return 2 * t.tS1 + t.tT - 2;
}

// Floor division (the anchors of the first hexagons are negative).
CDXKIT_HD inline std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

// Row r of a hexagon: its first s and its width.
CDXKIT_HD inline std::int64_t rowInset(const Tiles& t, std::int64_t r) {
    return r < t.tT - 1 - r ? r : t.tT - 1 - r;
}
CDXKIT_HD inline std::int64_t rowFirst(const Tiles& t, const Hexagon& h, std::int64_t r) {
    return h.s0 - rowInset(t, r);
}
CDXKIT_HD inline std::int64_t rowWidth(const Tiles& t, std::int64_t r) {
    return t.tS1 + 2 * rowInset(t, r);
}

// Wavefronts, numbered from 0: wavefront w holds the hexagons of colour (w + 1) % 2 at
// tau0 = (w - 1) tT / 2 (w = 0: the yellow row below the first green one).
CDXKIT_HD inline std::int64_t wavefronts(const Problem& p, const Tiles& t) {
    // The last wavefront whose hexagons start before `steps`.
    return floorDiv(2 * (p.steps - 1), t.tT) + 2;
}
CDXKIT_HD inline std::int64_t wavefrontTau0(const Tiles& t, std::int64_t w) {
    return (w - 1) * (t.tT / 2);
}
CDXKIT_HD inline int wavefrontColour(std::int64_t w) {
    return static_cast<int>((w + 1) % 2);
}

// The hexagons of wavefront w that reach S1's interior: m = first .. first + count - 1.
struct HexagonRange {
    std::int64_t first = 0;
    std::int64_t count = 0;
};
CDXKIT_HD inline HexagonRange wavefrontHexagons(const Problem& p, const Tiles& t, std::int64_t w) {
    const std::int64_t s1 = p.n1 - 2;
    const std::int64_t shift = wavefrontColour(w) == 0 ? 0 : t.tS1 + t.tT / 2 - 1;
    const std::int64_t half = t.tT / 2 - 1; // the widest rows reach this far beyond s0 and s0+tS1
    const std::int64_t P = pitch(t);
    // s0 - half < s1 and s0 + tS1 + half > 0, with s0 = m P + shift.
    const std::int64_t lo = floorDiv(-t.tS1 - half - shift, P) + 1;
    const std::int64_t hi = floorDiv(s1 + half - shift - 1, P);
    HexagonRange r;
    r.first = lo;
    r.count = hi >= lo ? hi - lo + 1 : 0;
    return r;
}
CDXKIT_HD inline Hexagon hexagonOf(const Tiles& t, std::int64_t w, std::int64_t m) {
    Hexagon h;
    h.colour = wavefrontColour(w);
    h.s0 = m * pitch(t) + (h.colour == 0 ? 0 : t.tS1 + t.tT / 2 - 1);
    h.tau0 = wavefrontTau0(t, w);
    return h;
}

// Sub-prisms of a hexagon: q covers u - tau0 in [q tS2, (q+1) tS2), u = (j - 1) + tau.
CDXKIT_HD inline std::int64_t subPrisms(const Problem& p, const Tiles& t) {
    const std::int64_t span = (p.n2 - 2) + t.tT - 1; // u - tau0 in [0, S2 + tT - 1)
    return (span + t.tS2 - 1) / t.tS2;
}

// The points of row r of sub-prism q of hexagon h inside the domain, as ranges: s in
// [sFirst, sLast], j in [jFirst, jLast] (empty when a first is past its last); t = tau0 + r + 1.
struct RowBox {
    std::int64_t t = 0;
    std::int64_t iFirst = 0, iLast = -1;
    std::int64_t jFirst = 0, jLast = -1;
    CDXKIT_HD bool empty() const { return iFirst > iLast || jFirst > jLast; }
    CDXKIT_HD std::int64_t points() const {
        return empty() ? 0 : (iLast - iFirst + 1) * (jLast - jFirst + 1);
    }
};
CDXKIT_HD inline RowBox rowBox(const Problem& p, const Tiles& t, const Hexagon& h, std::int64_t q,
                               std::int64_t r) {
    RowBox b;
    const std::int64_t tau = h.tau0 + r;
    b.t = tau + 1;
    if (tau < 0 || tau >= p.steps) {
        return b; // empty
    }
    const std::int64_t s1 = p.n1 - 2, s2 = p.n2 - 2;
    std::int64_t sFirst = rowFirst(t, h, r);
    std::int64_t sLast = sFirst + rowWidth(t, r) - 1;
    sFirst = sFirst < 0 ? 0 : sFirst;
    sLast = sLast > s1 - 1 ? s1 - 1 : sLast;
    // u - tau0 in [q tS2, (q+1) tS2)  <=>  j - 1 in [q tS2 + tau0 - tau, (q+1) tS2 + tau0 - tau)
    std::int64_t jFirst = q * t.tS2 + h.tau0 - tau;
    std::int64_t jLast = jFirst + t.tS2 - 1;
    jFirst = jFirst < 0 ? 0 : jFirst;
    jLast = jLast > s2 - 1 ? s2 - 1 : jLast;
    b.iFirst = sFirst + 1;
    b.iLast = sLast + 1;
    b.jFirst = jFirst + 1;
    b.jLast = jLast + 1;
    return b;
}

// Calls f(t, i, j) for every point of hexagon h in its execution order: sub-prisms, then rows
// bottom to top, then i, then j (the points of one row are independent).
template <class F> void forEachPoint(const Problem& p, const Tiles& t, const Hexagon& h, F f) {
    const std::int64_t q_n = subPrisms(p, t);
    for (std::int64_t q = 0; q < q_n; ++q) {
        for (std::int64_t r = 0; r < t.tT; ++r) {
            const RowBox b = rowBox(p, t, h, q, r);
            for (std::int64_t i = b.iFirst; i <= b.iLast; ++i) {
                for (std::int64_t j = b.jFirst; j <= b.jLast; ++j) {
                    f(b.t, i, j);
                }
            }
        }
    }
}

// Calls f(w, h) for every hexagon of every wavefront, in order.
template <class F> void forEachHexagon(const Problem& p, const Tiles& t, F f) {
    const std::int64_t n = wavefronts(p, t);
    for (std::int64_t w = 0; w < n; ++w) {
        const HexagonRange range = wavefrontHexagons(p, t, w);
        for (std::int64_t k = 0; k < range.count; ++k) {
            f(w, hexagonOf(t, w, range.first + k));
        }
    }
}

} // namespace cdxkit
