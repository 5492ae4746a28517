// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "talg/talg.hpp"

#include <cstddef>
#include <string>
#include <vector>

// T_alg along one tile size or one hardware/stencil parameter, everything else fixed;
// each point keeps k, rounds and the wavefront width that explain the jumps.
namespace cdx::search {

struct SweepPoint {
    double x = 0;
    bool feasible = false;
    talg::Constraint excludedBy = talg::Constraint::None;
    double tAlg = 0; // NaN when infeasible
    std::int64_t k = 0;
    std::int64_t rounds = 0;
    std::int64_t w = 0;
    std::int64_t nSub = 0;
};

struct Sweep {
    std::string parameter; // "tS1", "tT", "n_sm", ...
    std::string unit;
    std::vector<SweepPoint> points;
};

// Tile sizes that can be swept: "tS1".."tS<dim>", "tT". Values step by 2 for tT, by 32
// for the innermost size, by 1 otherwise, from the smallest valid value to `last`.
std::vector<std::string> sweepableTileSizes(int dim);
Sweep sweepTileSize(const Stencil& st, const talg::Problem& p, const Gpu& g,
                    const talg::TalgVariant& v, const talg::Tiles& base, const std::string& which,
                    std::int64_t last);

// Parameters that can be swept: the canonical keys Talg uses (n_sm, n_v, m_sm_kb, m_tb_kb,
// mtb_sm, l_s_per_gb, tau_sync_s, t_sync_s, c_iter_s). Throws InputError for a bad key or
// value; the value is applied exactly as `--set` would.
std::vector<std::string> sweepableParameters();
Sweep sweepParameter(const Stencil& st, const talg::Problem& p, const Gpu& g,
                     const talg::TalgVariant& v, const talg::Tiles& t, const std::string& key,
                     const std::vector<double>& values);

// The x values of a sweep of parameter `key` (one of sweepableParameters()) around its
// `current` value, in increasing order; the grid every front end uses (the GUI's sweep view).
//   n_sm, mtb_sm       every integer from 1 to max(64, 2 current) (Talg takes any count; the
//                      codesign grid's even n_SM 2..32, C.16, lies on it).
//   n_v                multiples of 32 from 32 to max(2048, 2 current): thesis Appendix C,
//                      grid constraint C.14 (n_V a multiple of 32, the manufacturer's warp
//                      width; the codesign grid is 32..2048 step 32).
//   m_sm_kb, m_tb_kb   multiples of 12 KB from 12 to max(480, 2 current): Appendix C's shared
//                      memory grid (C.15 says multiples of 48 KB, yet 12, 24 and 36 KB were
//                      explored too, spec area-codesign.md erratum A11: the 12 KB step holds
//                      every value the thesis explored, 12..480 KB).
//   l_s_per_gb, tau_sync_s, t_sync_s, c_iter_s
//                      61 points evenly spaced on a log scale over two decades: current/10
//                      to 10 current, or 1e-12 to 1e-10 when current is 0 (measured times
//                      and latencies have no natural step; see parameterSweepIsLogarithmic).
// Every value is valid for the key (parameter_keys.hpp): a range ends at the key's maximum,
// values outside the key's range are left out, and a linear range longer than
// kMaxSweepPoints values is thinned to a step that is a multiple of the rule's step.
// InputError for a key that cannot be swept or an invalid `current`.
inline constexpr std::size_t kMaxSweepPoints = 4096;
std::vector<double> parameterSweepValues(const std::string& key, double current);
// Whether parameterSweepValues spaces `key` logarithmically (plot it on a log axis).
bool parameterSweepIsLogarithmic(const std::string& key);

// Sets one canonical key on the model inputs after checking it against the key table.
void setModelParameter(Gpu& g, Stencil& st, const std::string& key, double value);
// Reads one canonical key from the model inputs (the inverse of setModelParameter);
// throws InputError for a key that is not a model input.
double modelParameter(const Gpu& g, const Stencil& st, const std::string& key);

} // namespace cdx::search
