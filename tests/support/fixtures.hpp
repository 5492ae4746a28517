// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hardware and stencil values of PPoPP'17 Tables 2-4, typed in from the paper so the
// model tests do not depend on the shipped JSON (test_params checks the JSON against them).

#include "params/model_inputs.hpp"
#include "talg/talg.hpp"

namespace cdx::test {

inline Gpu gtx980() {
    return Gpu{"gtx980", 16, 128, 96, 48, 65536, 32, 7.36e-3, 7.96e-10, 9.24e-7, {}, {}, {}, {}};
}

inline Gpu titanx() {
    return Gpu{"titanx", 24, 128, 96, 48, 65536, 32, 5.42e-3, 6.74e-10, 9.00e-7, {}, {}, {}, {}};
}

inline Stencil stencil(const char* id, int dim, double cIter) {
    Stencil s;
    s.id = id;
    s.dim = dim;
    s.cIterSeconds = cIter;
    return s;
}

inline talg::Problem problem2d(std::int64_t s1, std::int64_t s2, std::int64_t t) {
    return talg::Problem{2, {s1, s2, 1}, t};
}

inline talg::Problem problem3d(std::int64_t s, std::int64_t t) {
    return talg::Problem{3, {s, s, s}, t};
}

inline talg::Tiles tiles(std::int64_t ts1, std::int64_t ts2, std::int64_t ts3, std::int64_t tt) {
    return talg::Tiles{{ts1, ts2, ts3}, tt};
}

inline talg::TalgVariant paperVariant() {
    talg::TalgVariant v;
    v.pitch = talg::Pitch::Paper;
    return v;
}

} // namespace cdx::test
