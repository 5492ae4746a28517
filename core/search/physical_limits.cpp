// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/physical_limits.hpp"

#include "params/input_error.hpp"

#include <array>

namespace cdx::search {

namespace {

constexpr std::array kRules{
    PowerRule{28, "GTX 980 (GM204)", 165, 16 * 128, 1.216,
              "NVIDIA GeForce GTX 980 whitepaper: 165 W, 16 SMs x 128 FP32 lanes, 1216 MHz boost",
              1, ""},
    PowerRule{16, "Tesla P100 SXM2 (GP100)", 300, 56 * 64, 1.480,
              "NVIDIA Tesla P100 whitepaper: 300 W, 56 SMs x 64 FP32 lanes, 1480 MHz boost", 1, ""},
    PowerRule{7, "A100 SXM4 (GA100)", 400, 108 * 64, 1.410,
              "NVIDIA A100 Tensor Core GPU whitepaper: 400 W, 108 SMs x 64 FP32 lanes, 1410 MHz "
              "boost",
              1, ""},
    PowerRule{5, "H100 SXM5 (GH100)", 700, 132 * 128, 1.980,
              "NVIDIA H100 Tensor Core GPU whitepaper: 700 W, 132 SMs x 128 FP32 lanes, 1980 MHz "
              "boost",
              1, ""},
    // No chip of these nodes is in the model: the H100's rule times TSMC's power at iso-speed
    // (shared/spec/codesign-2027.md §3; the low end of each published range is not taken).
    PowerRule{4, "H100 SXM5 (GH100)", 700, 132 * 128, 1.980,
              "NVIDIA H100 Tensor Core GPU whitepaper: 700 W, 132 SMs x 128 FP32 lanes, 1980 MHz "
              "boost",
              1 / 1.22,
              "x 1/1.22: TSMC N4P '+22 % power efficiency' against N5 (WikiChip Fuse, TSMC press "
              "release; codesign-2027.md §3, S16)"},
    PowerRule{3, "H100 SXM5 (GH100)", 700, 132 * 128, 1.980,
              "NVIDIA H100 Tensor Core GPU whitepaper: 700 W, 132 SMs x 128 FP32 lanes, 1980 MHz "
              "boost",
              0.67,
              "x 0.67: TSMC N3E '-32 to -34 % power' at iso-speed against N5 (codesign-2027.md "
              "§3, S13, S14, S18)"},
    PowerRule{2, "H100 SXM5 (GH100)", 700, 132 * 128, 1.980,
              "NVIDIA H100 Tensor Core GPU whitepaper: 700 W, 132 SMs x 128 FP32 lanes, 1980 MHz "
              "boost",
              0.67 * 0.75,
              "x 0.67 x 0.75: N3E's -33 % against N5, then TSMC N2 '-25 to -30 % power' at "
              "iso-speed against N3E (codesign-2027.md §3, S14)"},
};

} // namespace

std::span<const PowerRule> powerRules() {
    return kRules;
}

const PowerRule& powerRule(int nm) {
    for (const PowerRule& r : kRules) {
        if (r.nm == nm) {
            return r;
        }
    }
    throw InputError("node", std::to_string(nm), "expected 28, 16, 7, 5, 4, 3 or 2 (nm)");
}

double designPowerW(std::int64_t nSm, std::int64_t nV, double clockGHz, int nm) {
    return static_cast<double>(nSm) * static_cast<double>(nV) * clockGHz *
           powerRule(nm).wattsPerLaneGHz();
}

} // namespace cdx::search
