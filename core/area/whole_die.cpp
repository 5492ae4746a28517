// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/whole_die.hpp"

#include "area/process_node.hpp"
#include "params/input_error.hpp"

#include <cmath>

namespace cdx::area {

namespace {

constexpr double kUnitKb = 512;            // LLMCompass max_cache_unit_bytes = 2^19
constexpr double kUnitEfficiency = 0.602;  // cache_area_efficiency_arr[7] (a 512 KB unit)
constexpr double kLlmCompass7nmMtr = 96.3; // its transistor density at 7 nm [MTr/mm2]

double bitCellMm2(int node) {
    switch (node) {
    case 7:
        return 1.70e-7;
    case 5:
    case 4:
    case 3:
        return 1.25e-7;
    default:
        return 1.70e-7 * processNode(node).sramBitcellUm2 / processNode(7).sramBitcellUm2;
    }
}

} // namespace

double logicScaleVs7nm(int node) {
    return processNode(7).logicMtrPerMm2 / processNode(node).logicMtrPerMm2;
}

double WholeDie::mm2(const std::string& key) const {
    for (const DieBlock& b : blocks) {
        if (b.key == key) {
            return b.mm2;
        }
    }
    return 0;
}

double cacheSramMm2(double kb, int node) {
    if (!std::isfinite(kb) || kb < 0) {
        throw InputError("l2_kb", formatNumber(kb), "a size >= 0 KB");
    }
    if (kb == 0) {
        return 0;
    }
    const double units = std::ceil(kb / kUnitKb);
    return units * kUnitKb * 1024 * 8 * bitCellMm2(node) / kUnitEfficiency;
}

const std::vector<IoLink>& ioLinks() {
    static const std::vector<IoLink> links{
        {"nvlink3", 1.888, 74.632},
        {"nvlink4", 0.965, 86.628},
        {"pcie4", 0.48, 3.9625},
        {"pcie5", 0.64, 5.3721},
    };
    return links;
}

IoArea ioArea(const std::vector<std::pair<std::string, int>>& links) {
    IoArea a;
    for (const auto& [id, count] : links) {
        const IoLink* link = nullptr;
        for (const IoLink& l : ioLinks()) {
            link = id == l.id ? &l : link;
        }
        if (link == nullptr) {
            throw InputError("io", id, "expected nvlink3, nvlink4, pcie4 or pcie5");
        }
        if (count < 0) {
            throw InputError("io." + id, std::to_string(count), "a count >= 0");
        }
        a.phyMm2 += count * link->phyMm2;
        a.logicMm2At7nm += count * link->controllerMtr / kLlmCompass7nmMtr;
    }
    return a;
}

WholeDie wholeDie(const WholeDieInputs& in, const CoefficientSet& at28nm, Form form) {
    if (in.memory == nullptr) {
        throw InputError("memory", {},
                         "the die's memory technology is missing (hbm2e, hbm3, "
                         "hbm3e, gddr6x, gddr7)");
    }
    for (auto [v, field] : {std::pair{in.ioPhyMm2, "io_phy_mm2"},
                            std::pair{in.ioLogicMm2At7nm, "io_logic_mm2_7nm"}}) {
        if (!std::isfinite(v) || v < 0) {
            throw InputError(field, formatNumber(v), "an area >= 0 mm2");
        }
    }
    if (!std::isfinite(in.tensorFp64Fraction) || in.tensorFp64Fraction < 0 ||
        in.tensorFp64Fraction > 5) {
        throw InputError("tensor_fp64_fraction", formatNumber(in.tensorFp64Fraction),
                         "a fraction of the SM array in [0, 5]");
    }
    const ProcessNode& node = processNode(in.node);
    const CoefficientSet set =
        in.node == kCalibrationNode ? at28nm : scaleToNode(at28nm, in.node, OverheadScaling::Logic);
    Architecture sm = in.sm;
    const double l2Kb = sm.l2Kb;
    sm.l2Kb = 0;
    WholeDie d;
    d.smArray = areaBreakdown(sm, set, form);
    const double logic = logicScaleVs7nm(in.node);
    const MemoryResult mem = evaluateMemory(*in.memory, MemoryConfig{in.memoryUnits, 0, 0}, logic);
    const std::string nodeName(node.name);
    d.blocks = {
        {"sm_array", "SM array (lanes, registers, shared memory, L1, per-SM overhead)",
         d.smArray.total, true,
         "area model C.6 of " + set.id + " without L2, " + std::to_string(sm.nSm) + " SMs"},
        {"tensor_fp64", "Tensor cores and FP64 units", d.smArray.total * in.tensorFp64Fraction,
         false,
         "x " + formatNumber(in.tensorFp64Fraction) +
             " of the SM array: GH100's 814 mm2 less every other block (no published per-SM "
             "area; codesign-2027.md §4)"},
        {"l2", "L2 cache", cacheSramMm2(l2Kb, in.node), false,
         formatNumber(l2Kb) + " KB as 512 KB SRAM units of " + nodeName +
             " bit cells / 0.602 (LLMCompass, ISCA 2024)"},
        {"memory_phy", in.memory->name + " PHYs", mem.phyMm2, true,
         std::to_string(in.memoryUnits) + " x " + formatNumber(in.memory->value("phy_mm2")) +
             " mm2 (does not shrink; " + in.memory->id + ".json)"},
        {"memory_controllers", in.memory->name + " controllers", mem.controllerMm2, true,
         std::to_string(in.memoryUnits) + " x " +
             formatNumber(in.memory->value("controller_mm2_7nm")) + " mm2 at 7 nm x " +
             formatNumber(logic) + " (logic at " + nodeName + ")"},
        {"io_phy", "NVLink and PCIe PHYs", in.ioPhyMm2, false,
         "the GPU's io_phy_mm2 (LLMCompass per-link figures; does not shrink)"},
        {"io_controllers", "NVLink and PCIe controllers", in.ioLogicMm2At7nm * logic, false,
         formatNumber(in.ioLogicMm2At7nm) + " mm2 at 7 nm x " + formatNumber(logic)},
    };
    for (const DieBlock& b : d.blocks) {
        d.totalMm2 += b.mm2;
        d.noSpeedMm2 += b.inTimeModel ? 0 : b.mm2;
    }
    return d;
}

DieCalibration calibrateDie(const CoefficientSet& at28nm, Form form, const MemoryTech& hbm3) {
    DieCalibration c;
    const IoArea io = ioArea({{"nvlink4", 18}, {"pcie5", 16}});
    c.gh100.sm = Architecture{144, 128, 2, 228, 2 * (256.0 - 228.0), 60 * 1024.0};
    c.gh100.node = 5;
    c.gh100.memory = &hbm3;
    c.gh100.memoryUnits = 6;
    c.gh100.ioPhyMm2 = io.phyMm2;
    c.gh100.ioLogicMm2At7nm = io.logicMm2At7nm;
    c.withoutTensor = wholeDie(c.gh100, at28nm, form);
    const double left = c.dieMm2 - c.withoutTensor.totalMm2;
    c.nothingLeft = left <= 0;
    c.tensorFp64Fraction = c.nothingLeft ? 0 : left / c.withoutTensor.smArray.total;
    c.gh100.memory = nullptr; // points at the caller's technology only while computing
    return c;
}

} // namespace cdx::area
