// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/power_model.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::mwp {

namespace {

struct UnitInfo {
    PowerUnit unit;
    std::string_view name;
    std::string_view label;
    bool onChip;
    bool specialLinear;
};

constexpr std::array<UnitInfo, kPowerUnitCount> kUnits{{
    {PowerUnit::Fp, "fp", "FP", true, true},
    {PowerUnit::Int, "int", "INT", true, true},
    {PowerUnit::Sfu, "sfu", "SFU", true, false},
    {PowerUnit::Alu, "alu", "ALU", true, false},
    {PowerUnit::TextureCache, "tex_cache", "Texture cache", true, true},
    {PowerUnit::ConstCache, "const_cache", "Constant cache", true, true},
    {PowerUnit::Shared, "shared", "Shared memory", true, false},
    {PowerUnit::Reg, "reg", "Register file", true, true},
    {PowerUnit::Fds, "fds", "Fetch/decode/schedule", true, true},
    {PowerUnit::ConstSm, "const_sm", "Const_SM", true, false},
    {PowerUnit::L1, "l1", "L1 cache", true, true},
    {PowerUnit::GlobalMem, "global_mem", "Global memory", false, true},
    {PowerUnit::LocalMem, "local_mem", "Local memory", false, true},
    {PowerUnit::L2, "l2", "L2 cache", false, true},
}};

const UnitInfo& info(PowerUnit u) {
    return kUnits[static_cast<std::size_t>(u)];
}

constexpr double kArSlope = 0.1365; // Table 8 "special linear" f(AR)
constexpr double kArOffset = 1.001375;

// DAC_per_th (eq. 41) of each unit from the instruction classes of Table 7. Every
// instruction reads the register file (spec §7.1 item 19: the simplest reading, the one
// Example I uses) and passes fetch/decode/schedule. L1 and L2 see every global access on
// Fermi (.ca) [R]; local accesses are counted with the global ones (Ch. II treats local
// memory like global memory).
double accessesOf(PowerUnit u, const Kernel& k, double memInsts, double allInsts) {
    const InstructionMix& m = k.mix;
    switch (u) {
    case PowerUnit::Fp:
        return m.fp + m.fpFused + m.fpDiv;
    case PowerUnit::Int:
        return m.intAdd + m.intMul + m.intDiv + m.intMod;
    case PowerUnit::Sfu:
        return m.sfu;
    case PowerUnit::Alu:
        return m.alu;
    case PowerUnit::TextureCache:
        return m.texture;
    case PowerUnit::ConstCache:
        return m.constant;
    case PowerUnit::Shared:
        return m.shared;
    case PowerUnit::Reg:
    case PowerUnit::Fds:
        return allInsts;
    case PowerUnit::ConstSm:
        return 0;
    case PowerUnit::L1:
    case PowerUnit::GlobalMem:
    case PowerUnit::L2:
        return memInsts;
    case PowerUnit::LocalMem:
        return 0;
    }
    return 0;
}

constexpr double kTolerance = 1e-9;

} // namespace

std::string_view name(PowerUnit u) {
    return info(u).name;
}
std::string_view label(PowerUnit u) {
    return info(u).label;
}
bool isOnChip(PowerUnit u) {
    return info(u).onChip;
}
bool isSpecialLinear(PowerUnit u) {
    return info(u).specialLinear;
}

bool PowerParams::hasTemperature() const {
    return muCPerW && lambdaC && rhoC && rcRiseS && rcDecayS && idleTempC && sigmaWPerC;
}

double specialLinear(double accessRate, bool clamp) {
    if (accessRate <= 0) {
        return 0; // a unit never accessed draws no dynamic power
    }
    const double f = kArSlope * std::log(accessRate) + kArOffset;
    return clamp ? std::max(0.0, f) : f;
}

double logScale(int activeSms, int numSms, double beta) {
    const double alpha = (10 - beta) / numSms; // (46)
    return std::log10(alpha * activeSms + beta);
}

PowerResult power(const Device& d, const PowerParams& p, const Kernel& k, const MwpVariant& v,
                  bool perWarp) {
    PowerResult r;
    r.performance = evaluate(d, k, v);
    const MwpResult& m = r.performance;
    const double sms = m.activeSms;
    r.warpsPerSm = m.warpsPerBlock * k.blocks / sms; // (42)
    r.issueSlots = m.execCycles / d.issueCycles;     // Exec_cycles / 4
    for (int i = 0; i < kPowerUnitCount; ++i) {
        const auto u = static_cast<PowerUnit>(i);
        UnitPower up{u};
        up.accesses = accessesOf(u, k, m.memInsts, m.totalInsts);
        up.accessRate = up.accesses * r.warpsPerSm / r.issueSlots; // (40)/(61)
        if (u == PowerUnit::ConstSm) {
            up.factor = 1; // constant while the SM is active
        } else if (isSpecialLinear(u)) {
            up.factor = specialLinear(up.accessRate, v.clampAccessRate);
        } else {
            up.factor = up.accessRate;
        }
        up.watts = p[u] * up.factor; // (39)
        if (isOnChip(u)) {
            r.smSum += up.watts;
        } else {
            r.memoryW += up.watts;
        }
        if (up.accessRate > 1 + kTolerance && p[u] > 0) {
            r.warnings.push_back(std::string(label(u)) +
                                 " access rate above 1: the predicted time is below the issue "
                                 "limit");
        }
        r.units.push_back(up);
    }
    r.maxSm = d.nSm * r.smSum; // (45)
    if (p.logBeta) {
        r.scale = logScale(m.activeSms, d.nSm, *p.logBeta); // (44), (48)
        r.runtimeW = (r.maxSm + r.memoryW) * r.scale;
    } else {
        r.scale = sms / d.nSm; // Fermi: linear in active SMs (Fig. 73) [R]
        r.runtimeW = (r.maxSm + r.memoryW) * r.scale + p.activationW;
    }
    for (auto& up : r.units) {
        up.gpuWatts = up.watts * (isOnChip(up.unit) ? d.nSm : 1) * r.scale;
    }
    r.gpuW = r.runtimeW + p.idlePowerW; // (35)
    r.energyJ = r.gpuW * m.timeSeconds;
    r.runtimeEnergyJ = r.runtimeW * m.timeSeconds;
    const double threads = k.blocks * k.threadsPerBlock;
    const double insts = m.totalInsts * (perWarp ? threads / 32.0 : threads);
    r.gips = m.timeSeconds > 0 ? insts / m.timeSeconds / 1e9 : 0;
    r.gipsPerW = r.gpuW > 0 ? r.gips / r.gpuW : 0;
    const double nonMemory = m.totalInsts - m.memInsts;
    r.memAccessIntensity = nonMemory > 0 ? m.memInsts / nonMemory : 0; // (54)
    return r;
}

OptimalSms optimalActiveSms(const Device& d, const PowerParams& p, const Kernel& k,
                            const MwpVariant& v, bool perWarp) {
    OptimalSms o;
    for (int sm = 1; sm <= d.nSm; ++sm) {
        Kernel ks = k;
        ks.activeSms = sm;
        o.sweep.push_back({sm, power(d, p, ks, v, perWarp), 0});
    }
    const ActiveSmRow& all = o.sweep.back();
    double best = -1;
    for (auto& row : o.sweep) {
        row.powerGatedW = all.result.gpuW * row.activeSms / d.nSm;
        if (row.result.gipsPerW > best * (1 + kTolerance)) {
            best = row.result.gipsPerW;
            o.bySweep = row.activeSms;
        }
    }
    // Eq. (63) at all SMs. "MWP == N" and "CWP == N" as "N binds" with a tolerance.
    const MwpResult& m = all.result.performance;
    const auto equalsN = [&](double x) { return std::abs(x - m.n) <= kTolerance * m.n; };
    const bool c1 = v.optimalCores == OptimalCoresRule::And ? (equalsN(m.mwp) && equalsN(m.cwp))
                                                            : (equalsN(m.mwp) || equalsN(m.cwp));
    const bool maxCores =
        m.limiter == Limiter::None || c1 || m.mwp > m.cwp || m.mwp < m.mwpPeakBw * (1 - kTolerance);
    const auto clampCores = [&](double x) { return std::clamp(x, 1.0, double(d.nSm)); };
    o.eq63BandwidthLimited = !maxCores;
    if (maxCores) {
        o.eq63Raw = o.refinedRaw = d.nSm;
    } else {
        o.eq63Raw = d.bandwidthGbs / (m.bwPerWarp * m.n);
        o.refinedRaw = d.bandwidthGbs / (m.bwPerWarp * std::min(m.n, m.cwp));
    }
    o.eq63Cores = clampCores(o.eq63Raw);
    o.refinedCores = clampCores(o.refinedRaw);
    const ActiveSmRow& opt = o.sweep[static_cast<std::size_t>(o.bySweep - 1)];
    const auto saving = [](double base, double x) { return base > 0 ? 1 - x / base : 0; };
    o.energySaving = saving(all.result.energyJ, opt.result.energyJ);
    o.runtimeEnergySaving = saving(all.result.runtimeEnergyJ, opt.result.runtimeEnergyJ);
    o.powerGatedSaving =
        saving(all.result.energyJ, opt.powerGatedW * opt.result.performance.timeSeconds);
    return o;
}

TemperatureResult temperature(const PowerParams& p, double runtimePowerW, double memAccessIntensity,
                              const MwpVariant& v) {
    if (!p.hasTemperature()) {
        throw InputError("temperature parameters", {},
                         "this GPU has none (the thesis gives Table 9 for the GTX 280 only); set "
                         "temp_mu_c_per_w, temp_lambda_c, temp_rho_c, temp_rc_rise_s, "
                         "temp_rc_decay_s, temp_idle_c, static_power_w_per_c");
    }
    TemperatureResult t;
    const double value = *p.muCPerW * runtimePowerW + *p.lambdaC + *p.rhoC * memAccessIntensity;
    if (v.temperature == TemperatureReading::Rise) {
        t.delta = value; // spec §2.5 [R]: eq. (53) is the rise above Idle_temp
        t.maxTempC = *p.idleTempC + value;
    } else {
        t.maxTempC = value; // as printed: an absolute temperature
        t.delta = value - *p.idleTempC;
    }
    t.saturatedExtraW = *p.sigmaWPerC * t.delta;
    return t;
}

double temperatureAt(const PowerParams& p, const TemperatureResult& t, double seconds) {
    return *p.idleTempC + t.delta * (1 - std::exp(-seconds / *p.rcRiseS)); // (49)
}

double extraPowerAt(const PowerParams& p, const TemperatureResult& t, double seconds) {
    return *p.sigmaWPerC * (temperatureAt(p, t, seconds) - *p.idleTempC); // (56), (57)
}

double decayTemperatureAt(const PowerParams& p, double startTempC, double seconds) {
    return *p.idleTempC + (startTempC - *p.idleTempC) * std::exp(-seconds / *p.rcDecayS); // (50)
}

} // namespace cdx::mwp
