// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/chip_commands.hpp"

#include "area/chip_gpu.hpp"
#include "area/process_node.hpp"
#include "cdx/common.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <cstdio>
#include <sstream>

namespace cdx::cli {

using json = nlohmann::ordered_json;

namespace {

const char* const kChipPowerUsage =
    "usage: cdx chip-power --gpu ID|PATH [--clock-mhz F] [--memory TECH[:UNITS]]\n"
    "                      [--set KEY=VALUE]... [--json]\n"
    "       cdx chip-power --checks [--json]\n"
    "  Board power of a chip at a clock (issue 59): static (die area x voltage) + dynamic\n"
    "  (C_lane x lanes x V(f)^2 x f x the node's power factor) + memory (stacks or chips x\n"
    "  floor + energy per bit x the bandwidth), at full load. Calibrated on the H100 SXM5 at\n"
    "  1980 MHz and 700 W; --checks predicts the H100 PCIe, A100 SXM4 and RTX 4090 and shows\n"
    "  each against its published board power. Nodes 7, 5, 4, 3 and 2 nm. The IPP power of a\n"
    "  kernel is `cdx power`. docs/codesign.md \"Clock and power\".\n";

GpuProfile chipWithOverrides(const std::string& idOrPath, const std::vector<std::string>& sets) {
    GpuProfile gpu = loadGpuProfile(idOrPath);
    StencilProfile unused;
    for (const auto& s : sets) {
        applyOverride(gpu, unused, gpu.id, s);
    }
    return gpu;
}

std::pair<std::string, int> memoryFlag(const Arguments& a) {
    const auto text = a.optional("--memory");
    if (!text) {
        return {{}, 0};
    }
    const auto colon = text->find(':');
    if (colon == std::string::npos) {
        return {*text, 0};
    }
    const std::int64_t units = parseInteger(text->substr(colon + 1), "--memory");
    if (units < 1 || units > 64) {
        throw InputError("--memory", *text, "expected TECH or TECH:UNITS with 1 to 64 units");
    }
    return {text->substr(0, colon), static_cast<int>(units)};
}

json powerJson(const area::ChipPowerReport& r) {
    return {{"clock_mhz", r.inputs.clockMhz},
            {"voltage_v", r.power.voltageV},
            {"vf",
             {{"floor_v", r.inputs.vf.floorV},
              {"knee_mhz", r.inputs.vf.kneeMhz},
              {"slope_v_per_mhz", r.inputs.vf.slopeVPerMhz}}},
            {"node", r.inputs.node},
            {"node_power_factor", r.power.nodePowerFactor},
            {"lanes", r.inputs.nSm * r.inputs.nV},
            {"die_area_mm2", r.dieAreaMm2},
            {"die_area_from", r.dieAreaSource},
            {"memory",
             {{"tech", r.tech},
              {"units", r.units},
              {"bandwidth_gbs", r.memory.bandwidthGBs},
              {"pin_rate_gbps", r.memory.pinRateGbps},
              {"floor_w", r.memory.floorW},
              {"traffic_w", r.memory.trafficW}}},
            {"power_w",
             {{"static", r.power.staticW},
              {"dynamic", r.power.dynamicW},
              {"memory", r.power.memoryW},
              {"total", r.power.totalW}}}};
}

json calibrationJson(const area::PowerCalibration& c) {
    return {{"chip", "H100 SXM5"},
            {"memory_tech", c.memoryTech},
            {"a100_knee_mhz", c.a100KneeMhz},
            {"knee_fraction_of_boost", c.kneeFraction},
            {"h100_voltage_v", c.h100Voltage},
            {"h100_static_w", c.h100StaticW},
            {"h100_memory_w", c.h100MemoryW},
            {"h100_dynamic_w", c.h100DynamicW},
            {"static_w_per_mm2_v", c.staticWPerMm2V},
            {"c_lane_w_per_v2_ghz", c.cLaneWPerV2GHz}};
}

struct CheckRow {
    const area::PublishedPower* check;
    area::ChipPowerReport report;
};

std::vector<CheckRow> runChecks(const area::PowerCalibration& cal,
                                const area::CoefficientSet& set) {
    std::vector<CheckRow> rows;
    for (const area::PublishedPower& c : area::publishedBoardPowers()) {
        const GpuProfile gpu = chipWithOverrides(c.gpuId, c.sets);
        rows.push_back({&c, area::chipPowerOf(gpu, area::loadMemoryTech(c.memoryTech),
                                              c.memoryUnits, 0, cal, set)});
    }
    return rows;
}

int runChipPower(const std::vector<std::string>& args, std::ostream& out) {
    const Arguments a(args, {"--gpu", "--clock-mhz", "--memory", "--set"}, {"--json", "--checks"});
    const area::PowerCalibration cal = area::calibratePower(area::loadMemoryTech("hbm3"));
    const area::CoefficientSet set = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    if (a.has("--checks")) {
        for (const char* f : {"--gpu", "--clock-mhz", "--memory", "--set"}) {
            if (a.has(f)) {
                throw InputError(f, a.repeated(f).front(),
                                 "--checks runs the published chips as they are; leave it out");
            }
        }
        const auto rows = runChecks(cal, set);
        if (a.has("--json")) {
            json list = json::array();
            for (const auto& r : rows) {
                json row = powerJson(r.report);
                row = json{{"label", r.check->label},
                           {"gpu", r.check->gpuId},
                           {"set", r.check->sets},
                           {"calibration", r.check->calibration},
                           {"published_w", r.check->boardW},
                           {"predicted_w", r.report.power.totalW},
                           {"ratio", r.report.power.totalW / r.check->boardW},
                           {"source", r.check->source},
                           {"model", row}};
                list.push_back(row);
            }
            out << json{{"command", "chip-power"},
                        {"calibration", calibrationJson(cal)},
                        {"checks", list}}
                       .dump(2)
                << '\n';
            return 0;
        }
        std::ostringstream o;
        o << "chip power against published board powers (calibrated on the H100 SXM5)\n";
        char buf[240];
        std::snprintf(buf, sizeof buf, "  %-10s %8s %6s %8s %8s %8s %9s %10s %6s\n", "chip", "MHz",
                      "V", "static", "dynamic", "memory", "model W", "published", "ratio");
        o << buf;
        for (const auto& r : rows) {
            const auto& p = r.report.power;
            std::snprintf(
                buf, sizeof buf, "  %-10s %8.0f %6.3f %8.1f %8.1f %8.1f %9.1f %10.0f %6.2f%s\n",
                r.check->label.c_str(), r.report.inputs.clockMhz, p.voltageV, p.staticW, p.dynamicW,
                p.memoryW, p.totalW, r.check->boardW, p.totalW / r.check->boardW,
                r.check->calibration ? "  (calibration)" : "");
            o << buf;
        }
        o << "ratio = model / published; not fitted per chip (docs/codesign.md \"Clock and "
             "power\")\n";
        out << o.str();
        return 0;
    }
    const GpuProfile gpu = chipWithOverrides(a.required("--gpu"), a.repeated("--set"));
    const auto [techId, units] = memoryFlag(a);
    const area::MemoryTech tech = area::chipMemory(gpu, techId);
    double clock = 0;
    if (a.has("--clock-mhz")) {
        clock = a.number("--clock-mhz", 0);
        if (!(clock > 0) || clock > 1e5) {
            throw InputError("--clock-mhz", a.required("--clock-mhz"),
                             "expected a clock in (0, 100000] MHz");
        }
    }
    const area::ChipPowerReport r = area::chipPowerOf(gpu, tech, units, clock, cal, set);
    if (a.has("--json")) {
        json j{{"command", "chip-power"}, {"gpu", gpu.id}, {"name", gpu.name}};
        j.update(powerJson(r));
        j["calibration"] = calibrationJson(cal);
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    char buf[200];
    o << "chip power  " << gpu.name << " (" << gpu.id << ")\n";
    std::snprintf(buf, sizeof buf,
                  "clock %.0f MHz, V = %.3f V (floor %.3f V, knee %.0f MHz), %lld lanes, "
                  "%g nm (power x %.3f)\n",
                  r.inputs.clockMhz, r.power.voltageV, r.inputs.vf.floorV, r.inputs.vf.kneeMhz,
                  static_cast<long long>(r.inputs.nSm * r.inputs.nV),
                  static_cast<double>(r.inputs.node), r.power.nodePowerFactor);
    o << buf;
    std::snprintf(buf, sizeof buf, "memory %d %s %s%s, %.0f GB/s\n", r.units, tech.name.c_str(),
                  tech.unit.c_str(), r.units == 1 ? "" : "s", r.memory.bandwidthGBs);
    o << buf;
    std::snprintf(buf, sizeof buf, "  %-44s %8.1f W\n",
                  ("static (" + fmt(r.dieAreaMm2, 4) + " mm2, " + r.dieAreaSource + ")").c_str(),
                  r.power.staticW);
    o << buf;
    std::snprintf(buf, sizeof buf, "  %-44s %8.1f W\n", "dynamic", r.power.dynamicW);
    o << buf;
    std::snprintf(buf, sizeof buf, "  %-44s %8.1f W  (floor %.1f, traffic %.1f)\n", "memory",
                  r.power.memoryW, r.memory.floorW, r.memory.trafficW);
    o << buf;
    std::snprintf(buf, sizeof buf, "  %-44s %8.1f W\n", "total (full load)", r.power.totalW);
    o << buf;
    if (const auto it = gpu.params.find("board_power_w");
        it != gpu.params.end() && it->second.value && !a.has("--set") && !a.has("--clock-mhz") &&
        !a.has("--memory")) {
        std::snprintf(buf, sizeof buf, "  %-44s %8.1f W  (model / published %.2f)\n",
                      "published board power", *it->second.value,
                      r.power.totalW / *it->second.value);
        o << buf;
    }
    out << o.str();
    return 0;
}

} // namespace

int runWholeDie(const Arguments& a, std::ostream& out) {
    const GpuProfile gpu = chipWithOverrides(a.required("--gpu"), a.repeated("--set"));
    const auto [techId, units] = memoryFlag(a);
    (void)units;
    const area::MemoryTech tech = area::chipMemory(gpu, techId);
    const area::CoefficientSet set = area::loadCoefficientSet(
        a.optional("--coefficients").value_or(area::kDefaultCoefficientSet));
    const area::MemoryTech hbm3 = area::loadMemoryTech("hbm3");
    const area::DieCalibration cal = area::calibrateDie(set, area::Form::Canonical, hbm3);
    area::WholeDieInputs in = area::wholeDieInputsOf(gpu, tech);
    if (a.has("--node")) {
        in.node = area::parseNode(a.required("--node"), "--node");
    }
    in.tensorFp64Fraction = cal.tensorFp64Fraction;
    const area::WholeDie d = area::wholeDie(in, set);
    std::optional<double> real;
    if (const auto it = gpu.params.find("die_area_mm2");
        it != gpu.params.end() && it->second.value && !a.has("--node")) {
        real = *it->second.value;
    }
    constexpr double kReticle = 858;
    if (a.has("--json")) {
        json blocks = json::array();
        for (const auto& b : d.blocks) {
            blocks.push_back({{"key", b.key},
                              {"label", b.label},
                              {"mm2", b.mm2},
                              {"percent", 100 * b.mm2 / d.totalMm2},
                              {"in_time_model", b.inTimeModel},
                              {"rule", b.rule}});
        }
        json j{{"command", "area"},
               {"whole_die", true},
               {"gpu", gpu.id},
               {"node", in.node},
               {"coefficients", set.id},
               {"die",
                {{"n_sm", in.sm.nSm},
                 {"n_v", in.sm.nV},
                 {"m_sm_kb", in.sm.mSmKb},
                 {"l1_pair_kb", in.sm.l1PairKb},
                 {"l2_kb", in.sm.l2Kb},
                 {"memory", tech.id},
                 {"memory_units", in.memoryUnits}}},
               {"blocks", blocks},
               {"total_mm2", d.totalMm2},
               {"no_speed_mm2", d.noSpeedMm2},
               {"tensor_fp64_fraction", cal.tensorFp64Fraction},
               {"reticle_mm2", kReticle},
               {"within_reticle", d.totalMm2 <= kReticle}};
        if (real) {
            j["real_die"] = {{"area_mm2", *real},
                             {"model_error_pct", 100 * (d.totalMm2 - *real) / *real}};
        }
        out << j.dump(2) << '\n';
        return 0;
    }
    std::ostringstream o;
    char buf[260];
    o << "whole die  " << gpu.name << " (" << gpu.id << "), " << in.sm.nSm << " SMs, "
      << fmt(in.sm.l2Kb / 1024, 4) << " MB L2, " << in.memoryUnits << " " << tech.name << " "
      << tech.unit << "s, " << area::processNode(in.node).name << "\n";
    for (const auto& b : d.blocks) {
        std::snprintf(buf, sizeof buf, "  %-66s %9.1f mm2 %5.1f %%%s\n", b.label.c_str(), b.mm2,
                      100 * b.mm2 / d.totalMm2, b.inTimeModel ? "" : "  *");
        o << buf;
    }
    std::snprintf(buf, sizeof buf, "  %-66s %9.1f mm2  (%s the %.0f mm2 reticle)\n", "total",
                  d.totalMm2, d.totalMm2 <= kReticle ? "within" : "ABOVE", kReticle);
    o << buf;
    if (real) {
        std::snprintf(buf, sizeof buf, "  %-66s %9.1f mm2  (the model %+.1f %%)\n", "real die",
                      *real, 100 * (d.totalMm2 - *real) / *real);
        o << buf;
    }
    std::snprintf(buf, sizeof buf,
                  "* costs area, adds no speed in the time model: %.1f mm2. Tensor cores and "
                  "FP64: x %.3f of the SM array, calibrated on GH100 (814 mm2).\n",
                  d.noSpeedMm2, cal.tensorFp64Fraction);
    o << buf;
    out << o.str();
    return 0;
}

std::vector<Command> chipCommands() {
    return {{"chip-power", "board power of a chip at a clock (static, dynamic, memory)",
             kChipPowerUsage, runChipPower}};
}

} // namespace cdx::cli
