// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

// The IPP power model (thesis Chapter III; spec mwp-cwp-power.md §2): access rates from the
// MWP-CWP predicted time, per-unit power, idle power, the log (GTX 280) or linear (Fermi)
// dependence on active SMs, temperature-dependent static power, and the optimal number of
// active SMs. Pure functions; every intermediate value is returned.
namespace cdx::mwp {

// The power units of Table 7 (plus Fermi's L1/L2 of Table 11).
enum class PowerUnit {
    Fp,
    Int,
    Sfu,
    Alu,
    TextureCache,
    ConstCache,
    Shared,
    Reg,
    Fds,
    ConstSm,
    L1,
    GlobalMem,
    LocalMem,
    L2,
};
inline constexpr int kPowerUnitCount = 14;
std::string_view name(PowerUnit u);  // "fp", "int", ..., "global_mem"
std::string_view label(PowerUnit u); // "FP", "INT", ..., "Global memory"
bool isOnChip(PowerUnit u);          // per-SM units (x Num_SMs); memory and L2 are chip-level
bool isSpecialLinear(PowerUnit u);   // Table 8 "Spec.Linear" column (Fermi L1/L2 too [R])

// One GPU's power and temperature parameters (Tables 8, 9, 11).
struct PowerParams {
    std::array<double, kPowerUnitCount> maxPower{}; // [W] per SM (on-chip) or per chip
    double idlePowerW = 0;
    double activationW = 0;        // Fermi: constant once a kernel runs
    std::optional<double> logBeta; // eq. (47); nullopt = linear in active SMs (Fermi)
    // Temperature (Table 9); absent on GPUs without published values.
    std::optional<double> muCPerW, lambdaC, rhoC, rcRiseS, rcDecayS, idleTempC, sigmaWPerC;

    double& operator[](PowerUnit u) { return maxPower[static_cast<std::size_t>(u)]; }
    double operator[](PowerUnit u) const { return maxPower[static_cast<std::size_t>(u)]; }
    bool hasTemperature() const;
};

// f(AR) = 0.1365 ln(AR) + 1.001375 for the special-linear units; f(0) = 0; clamped at 0 in
// the consistent variant (it is negative below AR = 6.516e-4).
double specialLinear(double accessRate, bool clamp);
// s(k) = log10(alpha k + beta), alpha = (10 - beta) / Num_SMs (eqs. 44-47).
double logScale(int activeSms, int numSms, double beta);

struct UnitPower {
    PowerUnit unit;
    double accesses = 0;   // DAC_per_th (eq. 41) [warp instructions per warp]
    double accessRate = 0; // eq. (40)/(61)
    double factor = 0;     // AR, f(AR) or 1 (Const_SM)
    double watts = 0;      // MaxPower x factor, per SM (on-chip) or chip (memory), before s(k)
    double gpuWatts = 0;   // its share of the GPU's run-time power: watts x (#SM) x s(k)
};

struct PowerResult {
    MwpResult performance; // the MWP-CWP prediction the access rates use
    double warpsPerSm = 0; // eq. (42)
    double issueSlots = 0; // Exec_cycles / #Issue_cycles
    std::vector<UnitPower> units;
    double smSum = 0;    // sum of SM components [W] (eq. 37)
    double maxSm = 0;    // Num_SMs x smSum (eq. 45)
    double memoryW = 0;  // RP_Memory (eq. 43)
    double scale = 1;    // log10(alpha k + beta) or k / Num_SMs
    double runtimeW = 0; // eq. (48) (+ activation on Fermi)
    double gpuW = 0;     // eq. (35)
    double energyJ = 0;  // GPU power x time
    double runtimeEnergyJ = 0;
    double gips = 0;               // thread instructions per second / 1e9 (or warp instructions)
    double gipsPerW = 0;           // eq. (62)
    double memAccessIntensity = 0; // eq. (54)
    std::vector<std::string> warnings;
};

// `perWarp`: GIPS counts warp instructions instead of thread instructions (§7.1 item 22; the
// optimum does not depend on it).
PowerResult power(const Device& d, const PowerParams& p, const Kernel& k, const MwpVariant& v,
                  bool perWarp = false);

struct ActiveSmRow {
    int activeSms = 0;
    PowerResult result;
    double powerGatedW = 0; // P(all) x k / Num_SMs (§3.5.6)
};

struct OptimalSms {
    std::vector<ActiveSmRow> sweep; // k = 1 .. Num_SMs
    int bySweep = 0;                // argmax GIPS/W (ties: fewer SMs)
    // Eq. (63) at all SMs: nullopt means "maximum available"; otherwise B / (BW_per_warp x N).
    bool eq63BandwidthLimited = false;
    double eq63Cores = 0;    // the closed form's value (clamped to [1, Num_SMs])
    double eq63Raw = 0;      // before clamping
    double refinedCores = 0; // B / (BW_per_warp x min(N, CWP)), clamped
    double refinedRaw = 0;
    // Savings at the sweep optimum against all SMs.
    double energySaving = 0;        // of total GPU energy (fraction)
    double runtimeEnergySaving = 0; // of run-time-only energy
    double powerGatedSaving = 0;    // with per-core power gating
};
OptimalSms optimalActiveSms(const Device& d, const PowerParams& p, const Kernel& k,
                            const MwpVariant& v, bool perWarp = false);

// Temperature (eqs. 49-57): the rise toward Max_temp and the static-power feedback.
struct TemperatureResult {
    double delta = 0; // eq. (53) read as a rise above Idle_temp (or literal: Max - Idle)
    double maxTempC = 0;
    double saturatedExtraW = 0; // sigma x delta
};
TemperatureResult temperature(const PowerParams& p, double runtimePowerW, double memAccessIntensity,
                              const MwpVariant& v);
double temperatureAt(const PowerParams& p, const TemperatureResult& t, double seconds);
double extraPowerAt(const PowerParams& p, const TemperatureResult& t, double seconds);
double decayTemperatureAt(const PowerParams& p, double startTempC, double seconds);

} // namespace cdx::mwp
