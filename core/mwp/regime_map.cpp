// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/regime_map.hpp"

#include "params/enum_names.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <thread>

namespace cdx::mwp {

namespace {

struct AxisInfo {
    MapAxis axis;
    std::string_view name, label, unit;
    bool integer;
};

constexpr std::array<AxisInfo, kMapAxisCount> kAxes{{
    {MapAxis::ActiveBlocksPerSm, "active_blocks_per_sm", "resident blocks per SM", "blocks", true},
    {MapAxis::ThreadsPerBlock, "threads_per_block", "threads per block", "threads", true},
    {MapAxis::ActiveSms, "active_sms", "active SMs", "SMs", true},
    {MapAxis::BandwidthGbs, "mem_bandwidth_gbs", "memory bandwidth", "GB/s", false},
    {MapAxis::FreqGhz, "freq_ghz", "SM clock", "GHz", false},
    {MapAxis::MemLd, "mem_ld_cycles", "DRAM latency Mem_LD", "cycles", false},
    {MapAxis::DepartureDelUncoal, "departure_del_uncoal_cycles", "uncoalesced departure delay",
     "cycles", false},
    {MapAxis::DepartureDelCoal, "departure_del_coal_cycles", "coalesced departure delay", "cycles",
     false},
    {MapAxis::CompInsts, "comp_insts", "computation instructions per thread", "instructions",
     false},
    {MapAxis::CoalMemInsts, "coal_mem_insts", "coalesced memory instructions", "instructions",
     false},
    {MapAxis::UncoalMemInsts, "uncoal_mem_insts", "uncoalesced memory instructions", "instructions",
     false},
    {MapAxis::UncoalPerMw, "uncoal_per_mw", "transactions per uncoalesced warp", "transactions",
     false},
}};

const AxisInfo& info(MapAxis a) {
    return kAxes[static_cast<std::size_t>(a)];
}

void scaleMix(InstructionMix& m, double factor) {
    for (double* v : {&m.fp, &m.fpFused, &m.fpDiv, &m.intAdd, &m.intMul, &m.intDiv, &m.intMod,
                      &m.sfu, &m.alu, &m.shared, &m.constant, &m.texture, &m.other}) {
        *v *= factor;
    }
}

} // namespace

std::string_view name(MapAxis a) {
    return info(a).name;
}
std::string_view label(MapAxis a) {
    return info(a).label;
}
std::string_view unit(MapAxis a) {
    return info(a).unit;
}
bool isInteger(MapAxis a) {
    return info(a).integer;
}

MapAxis parseMapAxis(const std::string& s, const std::string& field) {
    std::string allowed;
    for (const auto& a : kAxes) {
        if (a.name == s) {
            return a.axis;
        }
        allowed += (allowed.empty() ? "" : ", ") + std::string(a.name);
    }
    throw InputError(field, s, "expected one of " + allowed);
}

double axisValue(const Device& d, const Kernel& k, MapAxis a) {
    switch (a) {
    case MapAxis::ActiveBlocksPerSm:
        return k.activeBlocksPerSm;
    case MapAxis::ThreadsPerBlock:
        return k.threadsPerBlock;
    case MapAxis::ActiveSms:
        return k.activeSms > 0 ? k.activeSms : d.nSm;
    case MapAxis::BandwidthGbs:
        return d.bandwidthGbs;
    case MapAxis::FreqGhz:
        return d.freqGhz;
    case MapAxis::MemLd:
        return d.memLd;
    case MapAxis::DepartureDelUncoal:
        return d.departureDelUncoal;
    case MapAxis::DepartureDelCoal:
        return d.departureDelCoal;
    case MapAxis::CompInsts:
        return k.mix.total();
    case MapAxis::CoalMemInsts:
        return k.coalMemInsts;
    case MapAxis::UncoalMemInsts:
        return k.uncoalMemInsts;
    case MapAxis::UncoalPerMw:
        return k.uncoalPerMw;
    }
    return 0;
}

void setAxisValue(Device& d, Kernel& k, MapAxis a, double value) {
    const auto whole = [](double v) { return static_cast<int>(std::lround(v)); };
    switch (a) {
    case MapAxis::ActiveBlocksPerSm:
        k.activeBlocksPerSm = whole(value);
        break;
    case MapAxis::ThreadsPerBlock:
        k.threadsPerBlock = whole(value);
        break;
    case MapAxis::ActiveSms:
        k.activeSms = whole(value);
        break;
    case MapAxis::BandwidthGbs:
        d.bandwidthGbs = value;
        break;
    case MapAxis::FreqGhz:
        d.freqGhz = value;
        break;
    case MapAxis::MemLd:
        d.memLd = value;
        break;
    case MapAxis::DepartureDelUncoal:
        d.departureDelUncoal = value;
        break;
    case MapAxis::DepartureDelCoal:
        d.departureDelCoal = value;
        break;
    case MapAxis::CompInsts: {
        const double total = k.mix.total();
        if (total > 0) {
            scaleMix(k.mix, value / total);
        } else {
            k.mix.other = value;
        }
        break;
    }
    case MapAxis::CoalMemInsts:
        k.coalMemInsts = value;
        break;
    case MapAxis::UncoalMemInsts:
        k.uncoalMemInsts = value;
        break;
    case MapAxis::UncoalPerMw:
        k.uncoalPerMw = value;
        break;
    }
}

std::vector<double> axisValues(const AxisRange& r) {
    std::vector<double> v(static_cast<std::size_t>(r.steps));
    for (int i = 0; i < r.steps; ++i) {
        const double t = r.steps > 1 ? double(i) / (r.steps - 1) : 0;
        v[static_cast<std::size_t>(i)] =
            r.log ? r.min * std::pow(r.max / r.min, t) : r.min + (r.max - r.min) * t;
    }
    return v;
}

AxisRange suggestedRange(MapAxis a, const Device& d, const Kernel& k) {
    const double v = axisValue(d, k, a);
    AxisRange r{a, 1, 8, 200, false};
    switch (a) {
    case MapAxis::ActiveBlocksPerSm:
        r.max = std::max(8.0, 2 * v);
        break;
    case MapAxis::ThreadsPerBlock:
        r.min = 32;
        r.max = 1024;
        r.steps = 32; // whole warps
        return r;
    case MapAxis::ActiveSms:
        r.max = std::max(2, d.nSm);
        break;
    case MapAxis::UncoalPerMw:
        r.max = 32;
        break;
    case MapAxis::CoalMemInsts:
    case MapAxis::UncoalMemInsts:
        r.min = 0;
        r.max = std::max(8.0, 4 * v);
        return r;
    default:
        r.min = v > 0 ? v / 4 : 1;
        r.max = v > 0 ? v * 4 : 100;
        r.log = true;
        return r;
    }
    r.steps = static_cast<int>(std::min(200.0, r.max - r.min + 1));
    return r;
}

void validateMapAxes(const AxisRange& x, const AxisRange& y) {
    for (const auto* r : {&x, &y}) {
        const std::string axis(name(r->axis));
        if (!std::isfinite(r->min) || !std::isfinite(r->max) || r->min > r->max) {
            throw InputError("map range " + axis, formatNumber(r->min) + ":" + formatNumber(r->max),
                             "expected finite MIN:MAX with MIN <= MAX");
        }
        if (r->steps < 2 || r->steps > 2000) {
            throw InputError("map steps " + axis, std::to_string(r->steps),
                             "expected an integer in [2, 2000]");
        }
        if (r->log && r->min <= 0) {
            throw InputError("map range " + axis, formatNumber(r->min),
                             "a logarithmic axis needs MIN > 0");
        }
    }
    if (x.axis == y.axis) {
        throw InputError("map axes", std::string(name(x.axis)), "the two axes must differ");
    }
}

void forEachMapPoint(
    const Device& d, const Kernel& k, const AxisRange& x, const AxisRange& y,
    const std::vector<double>& xs, const std::vector<double>& ys,
    const std::function<void(std::size_t, std::size_t, const Device&, const Kernel&)>& cell) {
    const auto rows = [&](std::size_t from, std::size_t to) {
        for (std::size_t iy = from; iy < to; ++iy) {
            Device dy = d;
            Kernel ky = k;
            setAxisValue(dy, ky, y.axis, ys[iy]);
            for (std::size_t ix = 0; ix < xs.size(); ++ix) {
                Device dx = dy;
                Kernel kx = ky;
                setAxisValue(dx, kx, x.axis, xs[ix]);
                cell(ix, iy, dx, kx);
            }
        }
    };
    const std::size_t threads =
        xs.size() * ys.size() < 4096
            ? 1
            : std::min<std::size_t>(ys.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) {
        pool.emplace_back(rows, ys.size() * t / threads, ys.size() * (t + 1) / threads);
    }
    rows(0, ys.size() / threads);
    for (auto& t : pool) {
        t.join();
    }
}

RegimeMap regimeMap(const Device& d, const Kernel& k, const MwpVariant& v, const AxisRange& x,
                    const AxisRange& y) {
    validateMapAxes(x, y);
    RegimeMap m{x, y, axisValues(x), axisValues(y), {}};
    m.cells.resize(m.xs.size() * m.ys.size());
    forEachMapPoint(d, k, x, y, m.xs, m.ys,
                    [&](std::size_t ix, std::size_t iy, const Device& dx, const Kernel& kx) {
                        RegimeCell& c = m.cells[iy * m.xs.size() + ix];
                        try {
                            const MwpResult r = evaluate(dx, kx, v);
                            c.regime = r.regime;
                            c.limiter = r.limiter;
                            c.execCycles = r.execCycles;
                        } catch (const InputError&) {
                            c.valid = false; // e.g. 0 SMs or 0 instructions at a range's corner
                        }
                    });
    return m;
}

std::vector<Boundary> classBoundaries(std::size_t nx, std::size_t ny,
                                      const std::function<int(std::size_t, std::size_t)>& cls) {
    std::vector<Boundary> out;
    for (std::size_t iy = 0; iy < ny; ++iy) {
        for (std::size_t ix = 0; ix < nx; ++ix) {
            if (ix + 1 < nx && cls(ix, iy) != cls(ix + 1, iy)) {
                out.push_back({true, ix, iy});
            }
            if (iy + 1 < ny && cls(ix, iy) != cls(ix, iy + 1)) {
                out.push_back({false, ix, iy});
            }
        }
    }
    return out;
}

std::vector<Boundary> regimeBoundaries(const RegimeMap& m) {
    return classBoundaries(m.xs.size(), m.ys.size(), [&](std::size_t ix, std::size_t iy) {
        const RegimeCell& c = m.at(ix, iy);
        return c.valid ? regimeClass(c) : -1;
    });
}

} // namespace cdx::mwp
