// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The 2D stencils the measuring kit runs, one point update each (radius 1, from step t-1).
// Jacobi 2D is the thesis's (App. B: 0.2 times the 5-point sum). The papers give no formula
// for Heat, Laplacian and Gradient 2D (spec talg-time-model.md §5): these are textbook forms in
// the spirit of the HHC benchmarks they name, NOT the papers' code, with the same neighbourhood;
// their C_iter measured by the kit is that of these forms. Host and device (CUDA) code.

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define CDXKIT_HD_STENCIL __host__ __device__
#else
#define CDXKIT_HD_STENCIL
#endif

namespace cdxkit {

enum class Stencil2D { Jacobi, Heat, Laplacian, Gradient };

inline const char* stencilId(Stencil2D s) {
    switch (s) {
    case Stencil2D::Jacobi:
        return "jacobi2d";
    case Stencil2D::Heat:
        return "heat2d";
    case Stencil2D::Laplacian:
        return "laplacian2d";
    case Stencil2D::Gradient:
        return "gradient2d";
    }
    return "?";
}

// c: the point at t-1; n, s, w, e: its neighbours (i-1, i+1, j-1, j+1) at t-1.
template <Stencil2D S>
CDXKIT_HD_STENCIL inline float update(float c, float n, float s, float w, float e) {
    if constexpr (S == Stencil2D::Jacobi) {
        return 0.2f * (c + n + s + w + e);
    } else if constexpr (S == Stencil2D::Heat) {
        return c + 0.125f * (n - 2.0f * c + s) + 0.125f * (w - 2.0f * c + e);
    } else if constexpr (S == Stencil2D::Laplacian) {
        return c + 0.1f * (n + s + w + e - 4.0f * c);
    } else {
        const float dn = c - n, ds = c - s, dw = c - w, de = c - e;
        return c + 0.01f / sqrtf(1e-6f + dn * dn + ds * ds + dw * dw + de * de);
    }
}

// The update at (i, j) of a row-major n1 x n2 grid `in` (step t-1).
template <Stencil2D S>
CDXKIT_HD_STENCIL inline float updateAt(const float* in, std::int64_t n2, std::int64_t i,
                                        std::int64_t j) {
    const std::int64_t at = i * n2 + j;
    return update<S>(in[at], in[at - n2], in[at + n2], in[at - 1], in[at + 1]);
}

} // namespace cdxkit
