// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The whole die (issue 59): every block a real GPU die holds, not only the thesis' SM
// resources. The SM array (vector-unit logic, register files, shared memory, L1, per-SM
// overhead) is the area model at the node (area_model.hpp, process_node.hpp); the blocks it
// does not have come from LLMCompass's area model (Zhang et al., ISCA 2024, cost_model.py):
// L2 as SRAM in 512 KB units, memory PHYs and controllers (memory_tech.hpp), NVLink/PCIe PHYs
// and controllers. Tensor cores and FP64 units have no published per-SM area
// (codesign-2027.md §4): they are one fraction of the SM array, calibrated on GH100's 814 mm2
// and used unchanged for every other die. docs/codesign.md "The whole die" gives the blocks,
// their sources and the errors against GH100, GA100 and AD102.

#include "area/area_model.hpp"
#include "area/memory_tech.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cdx::area {

struct WholeDieInputs {
    Architecture sm; // the full die's SMs, lanes, R_VU, M_SM, L1 per pair; l2Kb: its L2
    int node = 5;
    const MemoryTech* memory = nullptr; // the die's memory interface
    int memoryUnits = 0;                // stacks or chips the die has interfaces for
    double ioPhyMm2 = 0;                // NVLink / PCIe PHYs (do not shrink)
    double ioLogicMm2At7nm = 0;         // their controllers at 7 nm (scale as logic)
    double tensorFp64Fraction = 0;      // of the SM array (calibrateDie)
};

struct DieBlock {
    std::string key;   // "sm_array", "tensor_fp64", "l2", "memory_phy", ...
    std::string label; // "SM array (lanes, registers, shared memory, L1, per-SM overhead)"
    double mm2 = 0;
    bool inTimeModel = true; // false: costs area, adds no speed in Talg (L2, tensor cores, ...)
    std::string rule;        // how it is computed, with its source
};

struct WholeDie {
    std::vector<DieBlock> blocks;
    AreaBreakdown smArray; // the area model's breakdown of the SM array (L2 removed)
    double totalMm2 = 0;
    double noSpeedMm2 = 0;                    // the blocks the time model does not see
    double mm2(const std::string& key) const; // 0 when absent
};

// L2 (or any large cache) as LLMCompass builds it: 512 KB SRAM units, bit cell area of the
// node / the CACTI array efficiency of a 512 KB unit (0.602). Bit cells: 7 nm 1.70e-7, 5 nm
// 1.25e-7 mm2 (LLMCompass); 4 and 3 nm as 5 nm (N4 keeps N5's SRAM, N3E's bit cell equals
// N5's); other nodes by the ratio of their bit cell to 7 nm's (process_node.hpp).
double cacheSramMm2(double kb, int node);
// A node's logic area against 7 nm (N7's logic density / the node's): what controllers scale by.
double logicScaleVs7nm(int node);

// InputError naming the field for a bad architecture, node or memory (`memory` null or
// units < 1), negative I/O areas or a fraction outside [0, 5].
WholeDie wholeDie(const WholeDieInputs& in, const CoefficientSet& at28nm,
                  Form form = Form::Canonical);

// The calibration die, GH100 (NVIDIA H100 whitepaper; codesign-2027.md §2b, §4): 144 SMs of
// 128 lanes, 64K registers (R_VU 2 KB), 228 KB shared memory and 256 KB L1+shared per SM,
// 60 MB L2, 6 HBM3 sites, 18 NVLink4 links and PCIe 5 x16, 814 mm2 at 5 nm.
struct DieCalibration {
    WholeDieInputs gh100; // with tensorFp64Fraction 0
    WholeDie withoutTensor;
    double dieMm2 = 814;
    double tensorFp64Fraction = 0; // (814 - every other block) / SM array; 0 if none is left
    bool nothingLeft = false;      // the other blocks already fill 814 mm2
};
// `hbm3`: the memory technology of GH100's interfaces.
DieCalibration calibrateDie(const CoefficientSet& at28nm, Form form, const MemoryTech& hbm3);

// LLMCompass's interconnect figures (cost_model.py): PHY mm2 and controller transistors per
// NVLink link or PCIe lane; controllers at 7 nm use its 96.3 MTr/mm2.
struct IoLink {
    const char* id; // "nvlink4", "pcie5"
    double phyMm2;
    double controllerMtr;
};
const std::vector<IoLink>& ioLinks();
struct IoArea {
    double phyMm2 = 0;
    double logicMm2At7nm = 0;
};
// {"nvlink4", 18}, {"pcie5", 16}: InputError for an unknown id or a count < 0.
IoArea ioArea(const std::vector<std::pair<std::string, int>>& links);

} // namespace cdx::area
