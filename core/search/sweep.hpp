#pragma once

#include "talg/talg.hpp"

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

// Sets one canonical key on the model inputs after checking it against the key table.
void setModelParameter(Gpu& g, Stencil& st, const std::string& key, double value);
// Reads one canonical key from the model inputs (the inverse of setModelParameter);
// throws InputError for a key that is not a model input.
double modelParameter(const Gpu& g, const Stencil& st, const std::string& key);

} // namespace cdx::search
