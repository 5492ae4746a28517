// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/codesign_chip.hpp"

#include "area/area_gpu.hpp"
#include "area/chip_gpu.hpp"
#include "params/input_error.hpp"

namespace cdx::search {

ChipModel chipModelOf(const GpuProfile& gpu, const std::string& memoryTech, bool wholeDie,
                      const area::CoefficientSet& at28nm) {
    ChipModel c;
    c.calibration = area::calibratePower(area::loadMemoryTech("hbm3"));
    const auto node = area::chipNode(gpu);
    if (!node) {
        throw InputError("process_nm", {}, gpu.id + " has no process node of the area model");
    }
    c.vfNode = *node;
    area::nodePower(c.vfNode, "process_nm");
    c.vf = area::VfCurve{area::chipValue(gpu, "v_floor_v"), area::chipValue(gpu, "f_knee_mhz"),
                         c.calibration.slopeVPerMhz};
    c.baseClockMhz = area::chipValue(gpu, "clock_mhz");
    c.memory = area::chipMemory(gpu, memoryTech);
    c.baseMemoryUnits = static_cast<int>(area::chipValue(gpu, "memory_units"));
    const double spec = area::chipValue(gpu, "mem_spec_gbs");
    if (c.memory.id == gpu.memory) {
        c.pinRateGbps = spec / (c.baseMemoryUnits * c.memory.value("width_bits") / 8);
        if (c.pinRateGbps > c.memory.value("pin_rate_max_gbps")) {
            throw InputError("mem_spec_gbs", formatNumber(spec),
                             "above what " + std::to_string(c.baseMemoryUnits) + " " +
                                 c.memory.name + " " + c.memory.unit + "s carry");
        }
    }
    c.ownMemory = c.memory.id == gpu.memory ? c.memory : area::chipMemory(gpu);
    c.ownPinRateGbps = spec / (c.baseMemoryUnits * c.ownMemory.value("width_bits") / 8);
    const Gpu g = toGpu(gpu);
    c.bandwidthEfficiency = (1.0 / g.lSecondsPerGb) / spec;
    c.wholeDie = wholeDie;
    if (wholeDie) {
        c.die = area::wholeDieInputsOf(gpu, c.memory);
        c.die.memory = nullptr; // the codesign's memory is c.memory, per design
        const area::MemoryTech hbm3 = area::loadMemoryTech("hbm3");
        c.die.tensorFp64Fraction =
            area::calibrateDie(at28nm, area::Form::Canonical, hbm3).tensorFp64Fraction;
    }
    return c;
}

std::vector<area::DieBlock> designBlocks(const CodesignOptions& o, const DesignPoint& d) {
    std::vector<area::DieBlock> out;
    const bool whole = o.chip && o.chip->wholeDie;
    const area::Architecture a{
        d.nSm, d.nV, o.grid.rVuKb, d.mSmKb, whole ? o.chip->die.sm.l1PairKb : 0, 0};
    const double sm = area::areaBreakdown(a, o.coefficients, o.form).total;
    out.push_back({"sm_array", whole ? "SM array" : "SM array (cache-less)", sm, true, ""});
    double rest = d.area - sm;
    if (whole) {
        const double tensor = sm * o.chip->die.tensorFp64Fraction;
        const double l2 = area::cacheSramMm2(o.chip->die.sm.l2Kb, o.node);
        const double io =
            o.chip->die.ioPhyMm2 + o.chip->die.ioLogicMm2At7nm * area::logicScaleVs7nm(o.node);
        out.push_back({"tensor_fp64", "Tensor cores and FP64 units", tensor, false, ""});
        out.push_back({"l2", "L2 cache", l2, false, ""});
        out.push_back({"io", "NVLink, PCIe", io, false, ""});
        rest -= tensor + l2 + io;
    }
    if (o.chip || d.phyMm2 != 0) {
        out.push_back({"memory",
                       o.chip ? o.chip->memory.name + " PHYs and controllers"
                              : std::string("memory PHY above the base's bandwidth"),
                       rest, true, ""});
    }
    return out;
}

} // namespace cdx::search
