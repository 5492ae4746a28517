// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The board power of a chip at a clock (issue 59): static + dynamic + memory, with a
// voltage-frequency curve per die. Calibrated on one chip (the H100 SXM5 at 1980 MHz and
// 700 W) and used to predict the others; publishedBoardPowers() lists the checks. Every
// constant comes from shared/spec/codesign-2027.md §1 with its source; docs/codesign.md
// "Clock and power" gives the equations, the calibration and the errors.
//
//   V(f)      = max(V_floor, V_floor + k (f - f_knee))       k = 0.9 mV/MHz
//   P_static  = s A_die V(f)                                  s from the H100's idle power
//   P_dynamic = C_lane n_SM n_V V(f)^2 f x node power factor  C_lane from the H100's 700 W
//   P_memory  = units x floor + energy per bit x bandwidth    (memory_tech.hpp)
//
// The board power is the power at full load: every lane switching and the memory at its peak
// bandwidth, which is what a TDP budgets for.

#include "area/memory_tech.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cdx::area {

// A node's speed and dynamic power against the 5 nm class (N5, NVIDIA's 4N), from TSMC's
// published node-to-node claims (low end of each range). 7, 5, 4, 3 and 2 nm only: the
// model has no data for the papers' 28 and 16 nm chips.
struct NodePower {
    int nm = 5;
    double speed = 1; // clock at the same voltage, x N5
    double power = 1; // dynamic power at the same speed, x N5
    std::string_view source;
};
std::span<const NodePower> nodePowers();
// InputError naming `field` and the allowed nodes for any other.
const NodePower& nodePower(int nm, const std::string& field = "node");

// The voltage-frequency curve of a die: flat at the floor, then rising k per MHz above the
// knee (codesign-2027.md §1c).
struct VfCurve {
    double floorV = 0.67;
    double kneeMhz = 1553;
    double slopeVPerMhz = 0.9e-3;
};
double voltage(const VfCurve& c, double clockMhz);
// The same die's curve at another node: the knee moves with the node's speed.
VfCurve atNode(const VfCurve& c, int fromNm, int toNm);

// The constants of the calibration, with what they come from.
struct PowerCalibration {
    // The A100's published point (S2a, S2b): floor 0.700 V; 0.744 V at 1155 MHz.
    double a100FloorV = 0.700;
    double a100PointMhz = 1155;
    double a100PointV = 0.744;
    double a100BoostMhz = 1410;
    double slopeVPerMhz = 0.9e-3; // consumer Ampere/Turing boost range (S3a)
    double a100KneeMhz = 0;       // derived: where the A100's curve leaves its floor
    double kneeFraction = 0;      // derived: a100KneeMhz / a100BoostMhz
    // The H100 SXM5 (S1, S30): idle 72.0 W at 345 MHz and 0.670 V, 47.8 W of it memory;
    // 700 W at 1980 MHz with 132 x 128 lanes, an 814 mm2 die and 5 HBM3 stacks at 3350 GB/s.
    double h100IdleW = 72.0;
    double h100IdleMemoryW = 47.8;
    double h100FloorV = 0.670;
    double h100BoardW = 700;
    double h100ClockMhz = 1980;
    std::int64_t h100Lanes = 132 * 128;
    double h100DieMm2 = 814;
    int h100Stacks = 5;
    double h100BandwidthGBs = 3350;
    double h100KneeMhz = 0;    // derived: kneeFraction x 1980
    double h100Voltage = 0;    // derived: V(1980)
    double h100MemoryW = 0;    // derived: the memory at full load
    double h100StaticW = 0;    // derived: static at V(1980)
    double h100DynamicW = 0;   // derived: 700 - static - memory
    double staticWPerMm2V = 0; // s [W / (mm2 V)]
    double cLaneWPerV2GHz = 0; // C_lane [W / (lane V^2 GHz)] = nF per lane
    std::string memoryTech;    // "hbm3": the technology the memory share was computed with
};
// The calibration for `h100Memory` (the HBM3 technology's floor and energy per bit).
PowerCalibration calibratePower(const MemoryTech& h100Memory);

struct ChipPowerInputs {
    std::int64_t nSm = 0;
    std::int64_t nV = 0;
    double clockMhz = 0;
    int node = 5;
    double dieAreaMm2 = 0;
    VfCurve vf;                // at `node`
    double memoryFloorW = 0;   // units x floor
    double memoryTrafficW = 0; // energy per bit x the traffic
};

struct ChipPower {
    double voltageV = 0;
    double staticW = 0;
    double dynamicW = 0;
    double memoryW = 0;
    double memoryFloorW = 0;
    double memoryTrafficW = 0;
    double totalW = 0;
    double nodePowerFactor = 1;
};
// InputError naming the field for non-positive counts, clock, area, a voltage curve outside
// (0.3, 2] V, or a node outside the model.
ChipPower chipPower(const ChipPowerInputs& in, const PowerCalibration& cal);

// A published board power to check the model against: a shipped GPU, the overrides that make
// it the product (the H100 PCIe is the H100 SXM5's die with 114 SMs), its memory and power.
struct PublishedPower {
    std::string label;             // "H100 PCIe"
    std::string gpuId;             // "h100-sxm5"
    std::vector<std::string> sets; // "n_sm=114", ...
    std::string memoryTech;        // "hbm2e"
    int memoryUnits = 0;
    double boardW = 0;
    std::string source;
    bool calibration = false; // the chip the model is calibrated on
};
const std::vector<PublishedPower>& publishedBoardPowers();

} // namespace cdx::area
