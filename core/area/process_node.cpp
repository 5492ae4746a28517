// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/process_node.hpp"

#include "params/input_error.hpp"

#include <array>
#include <cstdio>

namespace cdx::area {

namespace {

// Published densities (docs/codesign.md "Process nodes"; every figure with its source). The
// 28 nm logic density is derived: TSMC gives a raw gate density, converted at 4 transistors
// per NAND2 gate, the unit gate of that figure.
constexpr std::array kNodes{
    ProcessNode{28, "TSMC 28 nm (28HP/28HPM, planar)", "Maxwell GM204/GM200: the calibration", 15.6,
                "derived: raw gate density 3,900 kgate/mm2 (TSMC 28 nm SoC technology, VLSI "
                "Symposium 2010, as reported by Electronic Design, 'TSMC announces 28nm "
                "milestone') x 4 transistors per NAND2 gate",
                0.127,
                "TSMC 28 nm 64 Mb SRAM test chip, 0.127 um2 cell (same VLSI 2010 paper and "
                "report)"},
    ProcessNode{16, "TSMC 16 nm FinFET (16FF+)", "12FFN (GV100), an optimised 16FF+", 28.88,
                "WikiChip, '16 nm lithography process' (TSMC 16FF+: 28.88 MTr/mm2)", 0.07,
                "Chen et al., 'A 16 nm 128 Mb SRAM in high-k metal-gate FinFET technology', IEEE "
                "JSSC 50(1), 2015 (0.07 um2)"},
    ProcessNode{7, "TSMC 7 nm (N7)", "GA100", 91.2,
                "WikiChip, '7 nm lithography process' (TSMC N7: 91.2 MTr/mm2)", 0.027,
                "Chang et al., 'A 7nm 256Mb SRAM in high-k metal-gate FinFET technology', ISSCC "
                "2017 (0.027 um2)"},
    ProcessNode{5, "TSMC 5 nm (N5)", "4N (GH100, AD102), an N5 derivative", 171.3,
                "WikiChip, '5 nm lithography process' (TSMC N5: 171.3 MTr/mm2, 1.84x N7); "
                "Angstronomics ('The truth of TSMC 5nm') finds real N5 chips well below it",
                0.021,
                "Yeap et al., '5nm CMOS production technology platform', IEDM 2019 (0.021 um2; "
                "N3E keeps it, IEDM 2022)"},
};

} // namespace

std::span<const ProcessNode> processNodes() {
    return kNodes;
}

std::string allowedNodes() {
    return "28, 16, 7 or 5 (nm: TSMC 28 nm, 16FF+, N7, N5)";
}

const ProcessNode& processNode(int nm, const std::string& field) {
    for (const ProcessNode& n : kNodes) {
        if (n.nm == nm) {
            return n;
        }
    }
    throw InputError(field, std::to_string(nm), "expected " + allowedNodes());
}

std::string_view name(OverheadScaling o) {
    switch (o) {
    case OverheadScaling::Logic:
        return "logic";
    case OverheadScaling::Sram:
        return "sram";
    case OverheadScaling::None:
        return "none";
    }
    return "logic";
}

OverheadScaling parseOverheadScaling(std::string_view s, const std::string& field) {
    for (OverheadScaling o :
         {OverheadScaling::Logic, OverheadScaling::Sram, OverheadScaling::None}) {
        if (s == name(o)) {
            return o;
        }
    }
    throw InputError(field, std::string(s),
                     "expected logic (alpha_oh scales as logic), sram (as SRAM) or none (the "
                     "28 nm mm2 per SM at every node)");
}

NodeFactors nodeFactors(int nm, OverheadScaling overhead) {
    const ProcessNode& base = processNode(kCalibrationNode);
    const ProcessNode& n = processNode(nm);
    NodeFactors f;
    f.nm = nm;
    f.logic = base.logicMtrPerMm2 / n.logicMtrPerMm2;
    f.sram = n.sramBitcellUm2 / base.sramBitcellUm2;
    f.overhead = overhead == OverheadScaling::Logic  ? f.logic
                 : overhead == OverheadScaling::Sram ? f.sram
                                                     : 1.0;
    return f;
}

CoefficientSet scaleToNode(const CoefficientSet& s, int nm, OverheadScaling overhead) {
    const NodeFactors f = nodeFactors(nm, overhead);
    if (nm == kCalibrationNode) {
        return s;
    }
    const ProcessNode& n = processNode(nm);
    CoefficientSet out = s;
    out.id = s.id + "@" + std::to_string(nm) + "nm";
    out.name = s.name + ", scaled to " + std::string(n.name) + " (extension)";
    out.process = std::string(n.name) + ": scaled from " + s.process;
    char note[160];
    std::snprintf(note, sizeof note,
                  "issue 32 extension, outside the 28 nm calibration: logic x %.4f, SRAM x "
                  "%.4f, overhead (%s) x %.4f",
                  f.logic, f.sram, std::string(name(overhead)).c_str(), f.overhead);
    out.note = note;
    out.printedC7.clear();
    out.node = nm;
    const auto scale = [&](const char* key, double factor, const char* kind) {
        auto it = out.params.find(key);
        if (it == out.params.end() || !it->second.value) {
            return;
        }
        *it->second.value *= factor;
        char buf[64];
        std::snprintf(buf, sizeof buf, " x %.4f", factor);
        it->second.source = "scaled to " + std::to_string(nm) + " nm as " + kind + buf + " from " +
                            it->second.source;
    };
    for (const char* k : {"beta_vu", "beta_r", "alpha_r"}) {
        scale(k, f.logic, "logic");
    }
    for (const char* k : {"beta_m", "alpha_m", "beta_l1", "alpha_l1", "beta_l2", "alpha_l2"}) {
        scale(k, f.sram, "SRAM");
    }
    scale("alpha_oh", f.overhead,
          overhead == OverheadScaling::None   ? "unscaled (choice: none)"
          : overhead == OverheadScaling::Sram ? "SRAM (choice)"
                                              : "logic (choice)");
    return out;
}

} // namespace cdx::area
