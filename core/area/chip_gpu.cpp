// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/chip_gpu.hpp"

#include "area/area_gpu.hpp"
#include "params/input_error.hpp"

#include <cmath>

namespace cdx::area {

double chipValue(const GpuProfile& gpu, const std::string& key) {
    const auto it = gpu.params.find(key);
    if (it == gpu.params.end() || !it->second.value) {
        throw InputError(key, {},
                         "missing in " + gpu.id +
                             ": the whole die and the chip power need it (its \"die\" block, "
                             "docs/formats.md; set it with --set " +
                             key + "=VALUE)");
    }
    return *it->second.value;
}

MemoryTech chipMemory(const GpuProfile& gpu, const std::string& overrideId) {
    const std::string id = overrideId.empty() ? gpu.memory : overrideId;
    if (id.empty()) {
        throw InputError("memory", {},
                         gpu.id + " names no memory technology; expected hbm2e, hbm3, hbm3e, "
                                  "gddr6x or gddr7 (--memory TECH)");
    }
    return loadMemoryTech(id);
}

namespace {
int wholeUnits(const GpuProfile& gpu, const std::string& key) {
    return static_cast<int>(chipValue(gpu, key));
}
int nodeOf(const GpuProfile& gpu) {
    const auto node = chipNode(gpu);
    if (!node) {
        throw InputError("process_nm", {},
                         gpu.id + " has no process node of the area model (28, 16, 7, 5, 4, 3, "
                                  "2 nm)");
    }
    return *node;
}
} // namespace

WholeDieInputs wholeDieInputsOf(const GpuProfile& gpu, const MemoryTech& memory) {
    WholeDieInputs in;
    Architecture a = architectureOf(gpu);
    a.nSm = static_cast<std::int64_t>(chipValue(gpu, "die_n_sm"));
    a.l2Kb = chipValue(gpu, "die_l2_kb");
    in.sm = a;
    in.node = nodeOf(gpu);
    in.memory = &memory;
    in.memoryUnits = wholeUnits(gpu, "die_memory_units");
    in.ioPhyMm2 = chipValue(gpu, "io_phy_mm2");
    in.ioLogicMm2At7nm = chipValue(gpu, "io_logic_mm2_7nm");
    return in;
}

ChipPowerReport chipPowerOf(const GpuProfile& gpu, const MemoryTech& memory, int units,
                            double clockMhz, const PowerCalibration& cal,
                            const CoefficientSet& at28nm) {
    ChipPowerReport r;
    r.tech = memory.id;
    r.units = units > 0 ? units : wholeUnits(gpu, "memory_units");
    const double bandwidth = chipValue(gpu, "mem_spec_gbs");
    const double perUnit = memory.value("width_bits") / 8;
    const double pinRate = bandwidth / (r.units * perUnit);
    if (pinRate > memory.value("pin_rate_max_gbps")) {
        throw InputError("mem_spec_gbs", formatNumber(bandwidth),
                         "at most " +
                             formatNumber(r.units * perUnit * memory.value("pin_rate_max_gbps")) +
                             " GB/s from " + std::to_string(r.units) + " " + memory.name + " " +
                             memory.unit + "s");
    }
    r.memory = evaluateMemory(memory, MemoryConfig{r.units, pinRate, bandwidth});
    ChipPowerInputs& in = r.inputs;
    in.nSm = static_cast<std::int64_t>(chipValue(gpu, "n_sm"));
    in.nV = static_cast<std::int64_t>(chipValue(gpu, "n_v"));
    in.clockMhz = clockMhz > 0 ? clockMhz : chipValue(gpu, "clock_mhz");
    in.node = nodeOf(gpu);
    if (const auto it = gpu.params.find("die_area_mm2");
        it != gpu.params.end() && it->second.value) {
        r.dieAreaMm2 = *it->second.value;
        r.dieAreaSource = "die_area_mm2 (" + kindOf(it->second) + ")";
    } else {
        WholeDieInputs w = wholeDieInputsOf(gpu, memory);
        const MemoryTech hbm3 = loadMemoryTech("hbm3"); // GH100's, the calibration die
        w.tensorFp64Fraction = calibrateDie(at28nm, Form::Canonical, hbm3).tensorFp64Fraction;
        r.dieAreaMm2 = wholeDie(w, at28nm).totalMm2;
        r.dieAreaSource = "the whole-die model";
    }
    in.dieAreaMm2 = r.dieAreaMm2;
    in.vf = VfCurve{chipValue(gpu, "v_floor_v"), chipValue(gpu, "f_knee_mhz"), cal.slopeVPerMhz};
    in.memoryFloorW = r.memory.floorW;
    in.memoryTrafficW = r.memory.trafficW;
    r.power = chipPower(in, cal);
    return r;
}

bool applyChip(GpuProfile& gpu, double clockMhz, int units, const std::string& tech) {
    if (!std::isfinite(clockMhz) || clockMhz < 0 || clockMhz > 1e5) {
        throw InputError("clock_mhz", formatNumber(clockMhz), "a clock in (0, 100000] MHz");
    }
    if (units < 0 || units > 64) {
        throw InputError("memory_units", std::to_string(units), "1 to 64 stacks or chips");
    }
    GpuProfile g = gpu;
    bool changed = false;
    const auto set = [&](const char* key, double v) {
        const auto it = g.params.find(key);
        if (it == g.params.end() || !it->second.value || *it->second.value != v) {
            setGpuParameter(g, key, v);
            changed = true;
        }
    };
    if (clockMhz > 0) {
        set("clock_mhz", clockMhz);
    }
    if (units > 0) {
        const MemoryTech next = chipMemory(g, tech);
        const int before = static_cast<int>(chipValue(g, "memory_units"));
        const double spec = chipValue(g, "mem_spec_gbs");
        const double perUnit = next.value("width_bits") / 8;
        const double pinRate =
            next.id == g.memory ? spec / (before * perUnit) : next.value("pin_rate_gbps");
        const double newSpec = units * perUnit * pinRate;
        if (next.id != g.memory) {
            g.memory = next.id;
            changed = true;
        }
        set("memory_units", units);
        if (const auto bw = g.params.find("mem_bandwidth_gbs");
            bw != g.params.end() && bw->second.value && bw->second.rule.empty() &&
            newSpec != spec) {
            set("mem_bandwidth_gbs", *bw->second.value * newSpec / spec);
        }
        set("mem_spec_gbs", newSpec);
    }
    if (changed) {
        gpu = std::move(g);
    }
    return changed;
}

} // namespace cdx::area
