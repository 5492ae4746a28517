// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_roofline.hpp"

#include "mwp/throughput_model.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cstdio>

namespace cdx::mwp {

MwpRoofline mwpRoofline(const Device& d, const Kernel& k, const MwpVariant& v, int maxBlocksPerSm) {
    validate(d, k);
    const MwpResult r = evaluate(d, k, v);
    if (!(r.memInsts > 0) || !(k.loadBytesPerWarp > 0)) {
        throw InputError("coal_mem_insts + uncoal_mem_insts", formatG(r.memInsts, 4),
                         "expected memory instructions and load_bytes_per_warp > 0: a kernel "
                         "that moves no bytes has no arithmetic intensity");
    }
    MwpRoofline out;
    out.activeSms = r.activeSms;
    const double flop = k.mix.fp + k.mix.fpDiv + 2 * k.mix.fpFused;
    out.unit = flop > 0 && d.fpUnitsPerSm > 0 ? RooflineUnit::Flop : RooflineUnit::Instruction;
    out.opsPerThread = out.unit == RooflineUnit::Flop ? flop : k.mix.total();
    out.bytesPerThread = r.memInsts * k.loadBytesPerWarp / 32.0;
    out.intensity = out.opsPerThread / out.bytesPerThread;
    out.bandwidthBytesPerS = d.bandwidthGbs * 1e9;
    const ThroughputResult t = throughput(d, k, v);
    if (out.unit == RooflineUnit::Flop) {
        out.peakOpsPerS = t.peakAchiGflops * 1e9; // eqs. 65-67 at the active SMs
        out.chapter5OpsPerS = t.perfGflops * 1e9;
    } else {
        out.peakOpsPerS = r.activeSms * d.freqGhz * 1e9 * 32.0 / d.issueCycles;
    }
    out.ridge = out.peakOpsPerS / out.bandwidthBytesPerS;
    const double bound = std::min(out.peakOpsPerS, out.intensity * out.bandwidthBytesPerS);
    const auto place = [&](const MwpResult& m, int blocks) {
        MwpRooflinePoint p;
        p.activeBlocksPerSm = blocks;
        p.n = m.n;
        const double threads = k.blocks * k.threadsPerBlock;
        p.opsPerSecond = m.timeSeconds > 0 ? threads * out.opsPerThread / m.timeSeconds : 0;
        p.boundOpsPerS = bound;
        p.fraction = bound > 0 ? p.opsPerSecond / bound : 0;
        p.regime = m.regime;
        p.limiter = m.limiter;
        return p;
    };
    out.current = place(r, k.activeBlocksPerSm);
    for (const auto& s : sweepWarps(d, k, v, maxBlocksPerSm)) {
        out.sweep.push_back(place(s.result, s.activeBlocksPerSm));
    }
    const std::string unit = out.unit == RooflineUnit::Flop ? "GFLOP/s" : "G instructions/s";
    std::string s = "At " + formatG(out.intensity, 4) +
                    (out.unit == RooflineUnit::Flop ? " FLOP/B" : " instructions/B") +
                    " the roofline allows " + formatG(bound / 1e9, 4) + " " + unit + " (" +
                    (out.intensity < out.ridge ? "bandwidth-bound" : "compute-bound") +
                    ", ridge at " + formatG(out.ridge, 4) + "); the MWP-CWP model predicts " +
                    formatG(out.current.opsPerSecond / 1e9, 4) + " " + unit + ", " +
                    formatG(100 * out.current.fraction, 3) + " % of it. ";
    switch (r.regime) {
    case Regime::ShortOfWarps:
        s += "Case 1: too few warps (N = " + formatG(r.n, 4) +
             ") to overlap memory latency, so neither "
             "roof is reached; more resident warps move the point up.";
        break;
    case Regime::ComputeBound:
        s += "Case 3: computation dominates; the point stays below the compute roof by the issue "
             "cost of non-FP and slow instructions (M_Factor) and one exposed memory latency.";
        break;
    case Regime::MemoryBound:
        switch (r.limiter) {
        case Limiter::Bandwidth:
            s += "Case 2 limited by bandwidth (MWP = MWP_peak_BW): the model's own bandwidth "
                 "ceiling, near the roof; the gap is the unhidden Comp_p x (MWP - 1) and the "
                 "departure delays.";
            break;
        case Limiter::Latency:
            s += "Case 2 limited by the departure delay (MWP = MWP_Without_BW = " +
                 formatG(r.mwp, 4) +
                 "): too few memory requests in flight to use the bandwidth, so the point sits "
                 "under the bandwidth roof.";
            break;
        default:
            s += "Case 2 limited by the warps: N = " + formatG(r.n, 4) +
                 " memory requests in flight at most; more warps would raise the point.";
            break;
        }
        break;
    }
    if (out.unit == RooflineUnit::Instruction) {
        s += " (No FP instructions or no fp_units_per_sm: operations are thread instructions, the "
             "ceiling #SM x Freq x 32 / #Issue_cycles.)";
    }
    out.explanation = s;
    return out;
}

} // namespace cdx::mwp
