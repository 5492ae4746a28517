// SPDX-License-Identifier: GPL-3.0-or-later
#include "occupancy/occupancy_lineup.hpp"

#include "session/session.hpp"

#include <cmath>

namespace cdx::occupancy {

Input sessionInput(const SessionState& s, std::vector<std::string>* assumed) {
    const auto& kp = s.mwp.kernel.params;
    const auto value = [&kp](const char* key) -> std::optional<double> {
        const auto it = kp.find(key);
        return it == kp.end() ? std::nullopt : it->second.value;
    };
    Input in;
    in.threadsPerBlock = static_cast<std::int64_t>(value("threads_per_block").value_or(0));
    std::vector<std::string> unknown;
    if (const auto r = value("registers_per_thread")) {
        in.registersPerThread = static_cast<std::int64_t>(*r);
    } else {
        unknown.push_back("registers per thread unknown: 0 assumed");
    }
    if (const auto b = value("shared_bytes_per_block")) {
        in.sharedBytesPerBlock = static_cast<std::int64_t>(std::ceil(*b));
    } else {
        unknown.push_back("shared memory per block unknown: 0 assumed");
    }
    if (assumed) {
        *assumed = std::move(unknown);
    }
    return in;
}

compare::FamilyComparison evaluateSession(const SessionState& s) {
    compare::FamilyComparison f;
    f.family = "occupancy";
    f.title = "Occupancy";
    const Limits& l = limitsOfGpu(s.mwp.gpu, "compute_capability");
    const Input in = sessionInput(s);
    const Result r = evaluate(l, in);
    const auto n = [&f](const char* name, double v, const char* unit) {
        compare::addNumber(f, name, unit, std::nullopt, v, true);
    };
    compare::addNumber(f, "occupancy", "", std::nullopt, r.occupancy);
    n("blocks_per_sm", static_cast<double>(r.blocksPerSm), "blocks");
    n("warps_per_sm", static_cast<double>(r.warpsPerSm), "warps");
    n("blocks_limit_warps", static_cast<double>(r.blocksLimitWarps), "blocks");
    n("blocks_limit_registers", static_cast<double>(r.blocksLimitRegisters), "blocks");
    n("blocks_limit_shared", static_cast<double>(r.blocksLimitShared), "blocks");
    n("threads_per_block", static_cast<double>(in.threadsPerBlock), "threads");
    n("registers_per_thread", static_cast<double>(in.registersPerThread), "registers");
    n("shared_bytes_per_block", static_cast<double>(in.sharedBytesPerBlock), "B");
    compare::addText(f, "compute_capability", "", l.cc);
    compare::addText(f, "limiter", "", r.limiter);
    return f;
}

} // namespace cdx::occupancy
