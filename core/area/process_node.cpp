// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/process_node.hpp"

#include "params/input_error.hpp"

#include <algorithm>
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
    // Issue 59: the nodes of a 2027 GPU (shared/spec/codesign-2027.md §3). Each logic density
    // is N5's (171.3, WikiChip) times TSMC's published ratio to its predecessor, so the ratios
    // between nodes are the published ones; SRAM is the published HD bit cell.
    ProcessNode{4, "TSMC 4 nm (N4)", "N4P; NVIDIA's 4N and 4NP are custom N5-family processes",
                182.2,
                "derived: N5's 171.3 MTr/mm2 / 0.94, TSMC's 'about 6 % shrink' of N4 against N5 "
                "(WikiChip Fuse, 'TSMC extends its 5nm family with a new enhanced-performance N4P "
                "node'; codesign-2027.md §3, S16)",
                0.021, "N5's 0.021 um2: N4 keeps the N5 bit cell (codesign-2027.md §3, S16)"},
    ProcessNode{3, "TSMC 3 nm (N3E)", "N3E, the volume N3 (N3B: 1.7x logic, 0.0199 um2)", 274.1,
                "derived: N5's 171.3 MTr/mm2 x 1.6, TSMC's N3E logic density against N5 "
                "(WikiChip, 'IEDM 2022: did we just witness the death of SRAM?'; Tom's Hardware "
                "node table; codesign-2027.md §3, S13, S14)",
                0.021,
                "WikiChip, 'IEDM 2022: did we just witness the death of SRAM?' (N3E 0.021 um2, the "
                "same as N5: SRAM scaling stalled; codesign-2027.md §3, S13)"},
    ProcessNode{2, "TSMC 2 nm (N2, nanosheet)", "N2; N2P", 315.2,
                "derived: N3E's 274.1 MTr/mm2 x 1.15, TSMC's '+15 % chip density' of N2 against "
                "N3E, taken for logic (Tom's Hardware, 'SRAM scaling isn't dead after all'; "
                "codesign-2027.md §3, S14)",
                0.0175,
                "Tom's Hardware, 'SRAM scaling isn't dead after all' (N2 HD cell about 0.0175 um2, "
                "38 Mb/mm2; codesign-2027.md §3, S14)"},
};

} // namespace

std::span<const ProcessNode> processNodes() {
    return kNodes;
}

std::string allowedNodes() {
    return "28, 16, 7, 5, 4, 3 or 2 (nm: TSMC 28 nm, 16FF+, N7, N5, N4, N3E, N2; N7 to N2 "
           "may be written so)";
}

int parseNode(const std::string& text, const std::string& field) {
    std::string digits = text;
    if (!digits.empty() && (digits.front() == 'N' || digits.front() == 'n')) {
        digits.erase(0, 1);
    }
    const bool named = digits.size() != text.size();
    if (named && (digits == "3E" || digits == "3e")) { // the name the list gives N3
        digits = "3";
    }
    if (digits.empty() || digits.size() > 3 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        throw InputError(field, text, "expected " + allowedNodes());
    }
    const int nm = std::stoi(digits);
    if (named && nm > 7) { // "N28" is not a TSMC name
        throw InputError(field, text, "expected " + allowedNodes());
    }
    return processNode(nm, field).nm;
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
