// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/chip_power.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace cdx::area {

namespace {

// shared/spec/codesign-2027.md §3; the low end of each published range.
constexpr std::array kNodePowers{
    NodePower{7, 1 / 1.15, 1 / 0.70,
              "N5 against N7: +15 % speed at iso-power or -30 % power at iso-speed (WikiChip, "
              "codesign-2027.md §3, S15)"},
    NodePower{5, 1, 1, "the calibration's class (N5, NVIDIA 4N)"},
    NodePower{4, 1.11, 1 / 1.22,
              "N4P against N5: +11 % performance, +22 % power efficiency (TSMC press release, "
              "WikiChip Fuse; codesign-2027.md §3, S16)"},
    NodePower{3, 1.18, 0.67,
              "N3E against N5: +18 % performance or -32 to -34 % power (codesign-2027.md §3, S13, "
              "S14, S18)"},
    NodePower{2, 1.18 * 1.10, 0.67 * 0.75,
              "N2 against N3E: +10 to 15 % performance or -25 to -30 % power, on N3E's against "
              "N5 (codesign-2027.md §3, S14)"},
};

void requirePositive(double v, const char* field, const char* allowed) {
    if (!std::isfinite(v) || v <= 0) {
        throw InputError(field, formatNumber(v), allowed);
    }
}

} // namespace

std::span<const NodePower> nodePowers() {
    return kNodePowers;
}

const NodePower& nodePower(int nm, const std::string& field) {
    for (const NodePower& n : kNodePowers) {
        if (n.nm == nm) {
            return n;
        }
    }
    throw InputError(field, std::to_string(nm),
                     "the chip power model covers 7, 5, 4, 3 and 2 nm (no published clock and "
                     "power data for older nodes; codesign-2027.md §1)");
}

double voltage(const VfCurve& c, double clockMhz) {
    return std::max(c.floorV, c.floorV + c.slopeVPerMhz * (clockMhz - c.kneeMhz));
}

VfCurve atNode(const VfCurve& c, int fromNm, int toNm) {
    VfCurve out = c;
    out.kneeMhz = c.kneeMhz * nodePower(toNm).speed / nodePower(fromNm).speed;
    return out;
}

PowerCalibration calibratePower(const MemoryTech& h100Memory) {
    PowerCalibration c;
    c.memoryTech = h100Memory.id;
    c.a100KneeMhz = c.a100PointMhz - (c.a100PointV - c.a100FloorV) / c.slopeVPerMhz;
    c.kneeFraction = c.a100KneeMhz / c.a100BoostMhz;
    c.h100KneeMhz = c.kneeFraction * c.h100ClockMhz;
    const VfCurve h100{c.h100FloorV, c.h100KneeMhz, c.slopeVPerMhz};
    c.h100Voltage = voltage(h100, c.h100ClockMhz);
    const MemoryResult mem = evaluateMemory(
        h100Memory,
        MemoryConfig{c.h100Stacks,
                     c.h100BandwidthGBs / (c.h100Stacks * h100Memory.value("width_bits") / 8),
                     c.h100BandwidthGBs});
    c.h100MemoryW = mem.powerW;
    // Idle: the clock at its minimum, so what is not memory counts as static (leakage and
    // what stays on), at the idle voltage.
    c.staticWPerMm2V = (c.h100IdleW - c.h100IdleMemoryW) / (c.h100DieMm2 * c.h100FloorV);
    c.h100StaticW = c.staticWPerMm2V * c.h100DieMm2 * c.h100Voltage;
    c.h100DynamicW = c.h100BoardW - c.h100StaticW - c.h100MemoryW;
    c.cLaneWPerV2GHz = c.h100DynamicW / (static_cast<double>(c.h100Lanes) * c.h100Voltage *
                                         c.h100Voltage * c.h100ClockMhz / 1000);
    return c;
}

ChipPower chipPower(const ChipPowerInputs& in, const PowerCalibration& cal) {
    if (in.nSm < 1) {
        throw InputError("n_sm", std::to_string(in.nSm), "a whole number of SMs >= 1");
    }
    if (in.nV < 1) {
        throw InputError("n_v", std::to_string(in.nV), "a whole number of lanes per SM >= 1");
    }
    requirePositive(in.clockMhz, "clock_mhz", "a clock > 0 MHz");
    requirePositive(in.dieAreaMm2, "die_area_mm2", "an area > 0 mm2");
    if (!std::isfinite(in.vf.floorV) || in.vf.floorV <= 0.3 || in.vf.floorV > 2) {
        throw InputError("v_floor_v", formatNumber(in.vf.floorV), "a voltage in (0.3, 2] V");
    }
    requirePositive(in.vf.kneeMhz, "f_knee_mhz", "a clock > 0 MHz");
    if (!std::isfinite(in.memoryFloorW) || in.memoryFloorW < 0 ||
        !std::isfinite(in.memoryTrafficW) || in.memoryTrafficW < 0) {
        throw InputError("memory_w", formatNumber(in.memoryFloorW + in.memoryTrafficW),
                         "a power >= 0 W");
    }
    const NodePower& node = nodePower(in.node);
    ChipPower p;
    p.nodePowerFactor = node.power;
    p.voltageV = voltage(in.vf, in.clockMhz);
    p.staticW = cal.staticWPerMm2V * in.dieAreaMm2 * p.voltageV;
    p.dynamicW = cal.cLaneWPerV2GHz * static_cast<double>(in.nSm) * static_cast<double>(in.nV) *
                 p.voltageV * p.voltageV * in.clockMhz / 1000 * node.power;
    p.memoryFloorW = in.memoryFloorW;
    p.memoryTrafficW = in.memoryTrafficW;
    p.memoryW = in.memoryFloorW + in.memoryTrafficW;
    p.totalW = p.staticW + p.dynamicW + p.memoryW;
    return p;
}

const std::vector<PublishedPower>& publishedBoardPowers() {
    static const std::vector<PublishedPower> checks{
        {"H100 SXM5",
         "h100-sxm5",
         {},
         "hbm3",
         5,
         700,
         "NVIDIA H100 Tensor Core GPU whitepaper: 700 W at 1980 MHz (codesign-2027.md §5, S30)",
         true},
        {"H100 PCIe",
         "h100-sxm5",
         {"n_sm=114", "clock_mhz=1755", "mem_spec_gbs=2000"},
         "hbm2e",
         5,
         350,
         "NVIDIA H100 PCIe product brief PB-11133-001_v02: 114 SMs, 1755 MHz, 350 W, HBM2e "
         "2 TB/s (codesign-2027.md §1a, §5, S10)",
         false},
        {"A100 SXM4",
         "a100-sxm4",
         {},
         "hbm2e",
         5,
         400,
         "NVIDIA A100 whitepaper: 400 W at 1410 MHz, 80 GB HBM2e 2039 GB/s (codesign-2027.md "
         "§1a, §2b, S30)",
         false},
        {"RTX 4090",
         "rtx4090",
         {},
         "gddr6x",
         12,
         450,
         "NVIDIA Ada whitepaper: 450 W at 2520 MHz, 12 x 32-bit GDDR6X at 21 Gb/s "
         "(codesign-2027.md §1a, §2b, S30)",
         false},
    };
    return checks;
}

} // namespace cdx::area
