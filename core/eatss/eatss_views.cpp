// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_views.hpp"

#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace cdx::eatss {

std::vector<ConfigCell> configurationGrid(const Program& p, const Gpu& g, Mode mode,
                                          Precision precision, const std::vector<double>& splits,
                                          const std::vector<double>& aligns) {
    std::vector<ConfigCell> out;
    for (double s : splits) {
        for (double a : aligns) {
            ConfigCell c;
            c.split = s;
            c.align = a;
            try {
                c.solution = solveExact(formulate(p, g, {mode, s, a, precision}));
                c.formulated = true;
            } catch (const InputError& e) {
                c.error = e.what();
            }
            out.push_back(std::move(c));
        }
    }
    return out;
}

ObjectiveMap objectiveMap(const Formulation& f, const std::vector<std::int64_t>& tiles, int x,
                          int y) {
    const auto n = static_cast<int>(f.loops.size());
    if (x < 0 || x >= n || y < 0 || y >= n || x == y || tiles.size() != f.loops.size()) {
        throw InputError("map", std::to_string(x) + "," + std::to_string(y),
                         "expected two different loops of the program");
    }
    ObjectiveMap m;
    m.x = x;
    m.y = y;
    const std::int64_t step = f.waf > 0 ? f.waf : 1;
    // At most 128 values per axis (unaligned domains are sampled evenly: 4.7 px a cell at
    // 600 px, and a split drag within a frame, issue 33).
    const std::int64_t count = (f.tMax - f.tMin) / step + 1;
    const std::int64_t stride = std::max<std::int64_t>(1, (count + 127) / 128) * step;
    for (std::int64_t v = f.tMin; v <= f.tMax; v += stride) {
        m.xs.push_back(v);
        m.ys.push_back(v);
    }
    std::vector<std::int64_t> t = tiles;
    // Constraint k's left-hand side at t.
    const auto lhsAt = [&f, &t](std::size_t k) {
        std::int64_t lhs = 0;
        for (const auto& term : f.constraints[k].terms) {
            std::int64_t v = 1;
            for (int i : term) {
                v *= t[static_cast<std::size_t>(i)];
            }
            lhs += v;
        }
        return lhs;
    };
    m.boundary.assign(f.constraints.size(), std::vector<std::int64_t>(m.xs.size(), -1));
    for (std::size_t xi = 0; xi < m.xs.size(); ++xi) {
        t[static_cast<std::size_t>(x)] = m.xs[xi];
        for (std::size_t k = 0; k < f.constraints.size(); ++k) {
            for (std::int64_t yv : m.ys) {
                t[static_cast<std::size_t>(y)] = yv;
                if (lhsAt(k) > f.constraints[k].rhs) {
                    break; // monotone: larger y violate it too
                }
                m.boundary[k][xi] = yv;
            }
        }
    }
    t = tiles;
    for (std::int64_t yv : m.ys) {
        for (std::int64_t xv : m.xs) {
            t[static_cast<std::size_t>(x)] = xv;
            t[static_cast<std::size_t>(y)] = yv;
            // evaluate()'s rules without its texts (65,536 cells of an unaligned map: the
            // strings took 50 ms a step, issue 33): the bounds and the alignment, then the
            // first constraint over its bound.
            bool feasible = true;
            for (std::int64_t v : t) {
                feasible = feasible && v >= f.tMin && v <= f.tMax && (f.waf <= 0 || v % f.waf == 0);
            }
            int violated = -1;
            for (std::size_t k = 0; k < f.constraints.size() && violated < 0; ++k) {
                if (lhsAt(k) > f.constraints[k].rhs) {
                    violated = static_cast<int>(k);
                }
            }
            feasible = feasible && violated < 0;
            if (!feasible && violated < 0) {
                violated = -2;
            }
            std::int64_t w = 1;
            for (int i : f.blockLoops) {
                w *= t[static_cast<std::size_t>(i)];
            }
            for (std::size_t i = 0; i < t.size(); ++i) {
                w += f.weights[i] * t[i];
            }
            m.w.push_back(feasible ? w : -1);
            m.violated.push_back(violated);
            if (feasible) {
                m.best = std::max(m.best, w);
            }
        }
    }
    return m;
}

std::vector<std::int64_t> ppcgBlock(const std::vector<std::int64_t>& tiles,
                                    std::int64_t maxThreadsPerBlock) {
    const std::int64_t half = maxThreadsPerBlock / 2;
    if (tiles.empty()) {
        return {};
    }
    if (tiles.size() == 1) {
        return {std::min(tiles[0], half)};
    }
    return {tiles[0], std::min(tiles[1], std::max<std::int64_t>(1, half / tiles[0]))};
}

std::string ppcgSizes(const std::vector<std::int64_t>& tiles, std::int64_t maxThreadsPerBlock) {
    const auto list = [](const std::vector<std::int64_t>& v) {
        std::string names, conds;
        for (std::size_t i = 0; i < v.size(); ++i) {
            names += (i ? ", o" : "o") + std::to_string(i);
            conds += " and o" + std::to_string(i) + " = " + std::to_string(v[i]);
        }
        return std::make_pair(names, conds);
    };
    const auto [tn, tc] = list(tiles);
    const auto [bn, bc] = list(ppcgBlock(tiles, maxThreadsPerBlock));
    return "kernel[i0] -> tile[" + tn + "] : (i0 = 0" + tc + "); kernel[i0] -> block[" + bn +
           "] : (i0 = 0" + bc + ")";
}

Measurements loadFig7(const std::string& gpu) {
    if (gpu != "a100" && gpu != "xavier") {
        throw InputError("gpu", gpu,
                         "Fig. 7 has measurements of a100 (GA100) and xavier (Jetson AGX Xavier)");
    }
    const auto path = resolveProfile("fig7", "eatss-measurements", "measurements");
    const nlohmann::json j = parseJson(readText(path), path.string());
    Measurements m;
    m.gpu = gpu;
    m.source = j.value("source", std::string());
    const auto& g = j.at("gpus").at(gpu);
    m.energyUnit = g.at("energy_unit").get<std::string>();
    const char* keys[4] = {"median", "default", "best", "eatss"};
    for (const auto& r : g.at("rows")) {
        Measurement row;
        row.bench = r.at("bench").get<std::string>();
        for (int k = 0; k < 4; ++k) {
            row.ppw[static_cast<std::size_t>(k)] = r.at("ppw").at(keys[k]).get<double>();
            row.energy[static_cast<std::size_t>(k)] = r.at("energy").at(keys[k]).get<double>();
            row.gflops[static_cast<std::size_t>(k)] = r.at("gflops").at(keys[k]).get<double>();
        }
        m.rows.push_back(row);
    }
    return m;
}

double geometricMean(const std::vector<double>& v) {
    if (v.empty()) {
        return 0;
    }
    double s = 0;
    for (double x : v) {
        s += std::log(x);
    }
    return std::exp(s / static_cast<double>(v.size()));
}

} // namespace cdx::eatss
