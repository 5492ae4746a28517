// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/thermal_timeline.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::mwp {

ThermalTimeline thermalTimeline(const PowerParams& p, const PowerResult& power, const MwpVariant& v,
                                double runS, double idleS, int cycles, int perPhase) {
    if (!std::isfinite(runS) || runS <= 0 || runS > 1e7) {
        throw InputError("run length", formatNumber(runS), "expected seconds in (0, 1e7]");
    }
    if (!std::isfinite(idleS) || idleS < 0 || idleS > 1e7) {
        throw InputError("idle gap", formatNumber(idleS), "expected seconds in [0, 1e7]");
    }
    if (cycles < 1 || cycles > 1000) {
        throw InputError("cycles", std::to_string(cycles), "expected 1 to 1000 runs");
    }
    if (perPhase < 2 || perPhase > 100000) {
        throw InputError("samples per phase", std::to_string(perPhase), "expected 2 to 100000");
    }
    ThermalTimeline tl;
    tl.temperature = temperature(p, power.runtimeW, power.memAccessIntensity, v); // checks p
    tl.runtimePower0W = power.runtimeW;
    tl.idlePowerW = p.idlePowerW;
    tl.memAccessIntensity = power.memAccessIntensity;
    const double idle = *p.idleTempC, sigma = *p.sigmaWPerC;
    const double maxT = idle + tl.temperature.delta;
    tl.saturationS = *p.rcRiseS * std::log(100.0);
    double t0 = 0, temp = idle;
    tl.peakTempC = idle;
    const auto add = [&](double t, double c, bool running) {
        ThermalSample s;
        s.t = t;
        s.tempC = c;
        s.running = running;
        s.runtimeW = running ? tl.runtimePower0W + sigma * (c - idle) : 0.0;
        s.gpuW = s.runtimeW + tl.idlePowerW;
        if (!tl.samples.empty()) { // trapezoids; a phase change adds two samples at one t
            const ThermalSample& prev = tl.samples.back();
            const double dt = s.t - prev.t;
            const auto cold = [&](bool r) { return (r ? tl.runtimePower0W : 0.0) + tl.idlePowerW; };
            tl.energyJ += dt * (prev.gpuW + s.gpuW) / 2;
            tl.coldEnergyJ += dt * (cold(prev.running) + cold(running)) / 2;
        }
        tl.samples.push_back(s);
        tl.peakTempC = std::max(tl.peakTempC, c);
    };
    for (int c = 0; c < cycles; ++c) {
        const double start = temp;
        for (int i = 0; i <= perPhase; ++i) {
            const double dt = runS * i / perPhase;
            temp = maxT - (maxT - start) * std::exp(-dt / *p.rcRiseS); // (49) from `start`
            add(t0 + dt, temp, true);
        }
        t0 += runS;
        if (idleS > 0) {
            const double stop = temp; // Decay_temp
            for (int i = 0; i <= perPhase; ++i) {
                const double dt = idleS * i / perPhase;
                temp = idle + (stop - idle) * std::exp(-dt / *p.rcDecayS); // (50)
                add(t0 + dt, temp, false);
            }
            t0 += idleS;
        }
    }
    return tl;
}

} // namespace cdx::mwp
