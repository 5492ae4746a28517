// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/physical_limits.hpp"

#include "params/input_error.hpp"

#include <array>

namespace cdx::search {

namespace {

constexpr std::array kRules{
    PowerRule{28, "GTX 980 (GM204)", 165, 16 * 128, 1.216,
              "NVIDIA GeForce GTX 980 whitepaper: 165 W, 16 SMs x 128 FP32 lanes, 1216 MHz boost"},
    PowerRule{16, "Tesla P100 SXM2 (GP100)", 300, 56 * 64, 1.480,
              "NVIDIA Tesla P100 whitepaper: 300 W, 56 SMs x 64 FP32 lanes, 1480 MHz boost"},
    PowerRule{7, "A100 SXM4 (GA100)", 400, 108 * 64, 1.410,
              "NVIDIA A100 Tensor Core GPU whitepaper: 400 W, 108 SMs x 64 FP32 lanes, 1410 MHz "
              "boost"},
    PowerRule{5, "H100 SXM5 (GH100)", 700, 132 * 128, 1.980,
              "NVIDIA H100 Tensor Core GPU whitepaper: 700 W, 132 SMs x 128 FP32 lanes, 1980 MHz "
              "boost"},
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
    throw InputError("node", std::to_string(nm), "expected 28, 16, 7 or 5 (nm)");
}

double designPowerW(std::int64_t nSm, std::int64_t nV, double clockGHz, int nm) {
    return static_cast<double>(nSm) * static_cast<double>(nV) * clockGHz *
           powerRule(nm).wattsPerLaneGHz();
}

} // namespace cdx::search
