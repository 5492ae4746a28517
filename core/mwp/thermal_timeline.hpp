// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"
#include "mwp/power_model.hpp"

#include <vector>

// Temperature over time (thesis Ch. IV, eqs. 49-57; spec mwp-cwp-power.md §2.5): a kernel that
// runs for `runS` seconds, then leaves the GPU idle for `idleS`, repeated `cycles` times. While it
// runs the chip heats toward Max_temp = Idle_temp + delta (eq. 53, read as a rise by default) with
// RC_Rise, and the run-time power grows by sigma x Delta_temp (eqs. 55-57); while idle it cools
// toward Idle_temp with RC_Decay (eq. 50, Decay_temp = the temperature when the kernel stopped)
// and the GPU draws its idle power. Eq. (49) assumes a cold start; a run that starts warm
// continues the same exponential from its start temperature, T = Max - (Max - T0) e^{-t/RC_Rise}
// (equal to eq. 49 for T0 = Idle_temp) - an extension the view labels.
namespace cdx::mwp {

struct ThermalSample {
    double t = 0;        // [s] from the first start
    double tempC = 0;    // chip temperature
    double runtimeW = 0; // eq. (56): Runtime_power_0 + sigma x Delta_temp while running, else 0
    double gpuW = 0;     // eq. (55): run-time + idle power
    bool running = false;
};

struct ThermalTimeline {
    TemperatureResult temperature; // delta, Max_temp, sigma x delta
    double runtimePower0W = 0;     // eq. (48), cold
    double idlePowerW = 0;
    double memAccessIntensity = 0; // eq. (54)
    // Time to 99 % of the rise from a cold start, RC_Rise ln 100 (the thesis measured saturation
    // after about 600 s with nvclock sampling every second).
    double saturationS = 0;
    std::vector<ThermalSample> samples; // `perPhase` + 1 per run and per idle phase
    double peakTempC = 0;
    double energyJ = 0;     // integral of GPU power (trapezoids over the samples)
    double coldEnergyJ = 0; // the same with the static feedback left out (sigma = 0)
};

// InputError for a GPU without temperature parameters, a run length <= 0, an idle gap < 0,
// cycles outside [1, 1000] or perPhase outside [2, 100000].
ThermalTimeline thermalTimeline(const PowerParams& p, const PowerResult& power, const MwpVariant& v,
                                double runS, double idleS, int cycles, int perPhase = 200);

} // namespace cdx::mwp
