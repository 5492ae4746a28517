// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/sweep.hpp"

#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"

#include <algorithm>
#include <cmath>

namespace cdx::search {

namespace {
SweepPoint pointFrom(double x, const talg::TalgResult& r) {
    return {x,
            r.feasible,
            r.excludedBy,
            r.tAlg,
            r.breakdown.k,
            r.breakdown.rounds,
            r.breakdown.w,
            r.breakdown.nSub};
}
} // namespace

std::vector<std::string> sweepableTileSizes(int dim) {
    std::vector<std::string> out;
    for (int i = 0; i < dim; ++i) {
        out.push_back("tS" + std::to_string(i + 1));
    }
    out.emplace_back("tT");
    return out;
}

Sweep sweepTileSize(const Stencil& st, const talg::Problem& p, const Gpu& g,
                    const talg::TalgVariant& v, const talg::Tiles& base, const std::string& which,
                    std::int64_t last) {
    const auto names = sweepableTileSizes(p.dim);
    const auto it = std::find(names.begin(), names.end(), which);
    if (it == names.end()) {
        std::string allowed;
        for (const auto& n : names) {
            allowed += (allowed.empty() ? "" : ", ") + n;
        }
        throw InputError("sweep", which, "expected one of " + allowed);
    }
    const int index = static_cast<int>(it - names.begin()); // == dim for tT
    const bool isTime = index == p.dim;
    const std::int64_t step = isTime ? 2 : (index == talg::innermostIndex(p.dim) ? talg::kWarp : 1);
    talg::validate(st, p, base, g, v);
    const talg::PreparedTalg model(st, p, g, v);
    Sweep s{which, isTime ? "time steps" : "points", {}};
    talg::Tiles t = base;
    for (std::int64_t x = step; x <= last; x += step) {
        (isTime ? t.time : t.space[index]) = x;
        s.points.push_back(pointFrom(static_cast<double>(x), model.evaluate(t)));
    }
    return s;
}

std::vector<std::string> sweepableParameters() {
    return {"n_sm",       "n_v",        "m_sm_kb",  "m_tb_kb", "mtb_sm",
            "l_s_per_gb", "tau_sync_s", "t_sync_s", "c_iter_s"};
}

void setModelParameter(Gpu& g, Stencil& st, const std::string& key, double value) {
    const ParameterKey* k = findParameterKey(key);
    if (!k) {
        throw InputError("parameter", key,
                         "unknown; known: " + knownParameterKeys(ParameterOwner::Gpu) + ", " +
                             knownParameterKeys(ParameterOwner::Stencil));
    }
    checkParameterValue(*k, value, {});
    const auto asInt = static_cast<std::int64_t>(value);
    if (key == "n_sm") {
        g.nSm = asInt;
    } else if (key == "n_v") {
        g.nV = asInt;
    } else if (key == "m_sm_kb") {
        g.mSmKb = value;
    } else if (key == "m_tb_kb") {
        g.mTbKb = value;
    } else if (key == "r_sm") {
        g.rSm = asInt;
    } else if (key == "mtb_sm") {
        g.mtbSm = asInt;
    } else if (key == "l_s_per_gb") {
        g.lSecondsPerGb = value;
    } else if (key == "tau_sync_s") {
        g.tauSyncSeconds = value;
    } else if (key == "t_sync_s") {
        g.tSyncSeconds = value;
    } else if (key == "c_iter_s") {
        st.cIterSeconds = value;
    } else if (key == "flops_per_point") {
        st.flopsPerPoint = value;
    } else if (key == "bytes_per_word") {
        st.bytesPerWord = static_cast<int>(value);
    } // shared_memory_banks: informational, not a model input
}

double modelParameter(const Gpu& g, const Stencil& st, const std::string& key) {
    const auto d = [](std::int64_t v) { return static_cast<double>(v); };
    if (key == "n_sm") {
        return d(g.nSm);
    }
    if (key == "n_v") {
        return d(g.nV);
    }
    if (key == "m_sm_kb") {
        return g.mSmKb;
    }
    if (key == "m_tb_kb") {
        return g.mTbKb;
    }
    if (key == "r_sm") {
        return d(g.rSm);
    }
    if (key == "mtb_sm") {
        return d(g.mtbSm);
    }
    if (key == "l_s_per_gb") {
        return g.lSecondsPerGb;
    }
    if (key == "tau_sync_s") {
        return g.tauSyncSeconds;
    }
    if (key == "t_sync_s") {
        return g.tSyncSeconds;
    }
    if (key == "c_iter_s") {
        return st.cIterSeconds;
    }
    if (key == "bytes_per_word") {
        return st.bytesPerWord;
    }
    throw InputError("parameter", key, "not a Talg model input");
}

Sweep sweepParameter(const Stencil& st, const talg::Problem& p, const Gpu& g,
                     const talg::TalgVariant& v, const talg::Tiles& t, const std::string& key,
                     const std::vector<double>& values) {
    const ParameterKey* k = findParameterKey(key);
    if (!k) {
        throw InputError("parameter", key, "unknown parameter key");
    }
    Sweep s{key, std::string(k->unit), {}};
    for (double x : values) {
        Gpu g2 = g;
        Stencil st2 = st;
        setModelParameter(g2, st2, key, x);
        s.points.push_back(pointFrom(x, talg::evaluate(st2, p, t, g2, v)));
    }
    return s;
}

namespace {

// first, first + step, ... up to last; thinned to at most kMaxSweepPoints values by a stride
// that is a multiple of `step`, so every value stays on the rule's grid.
std::vector<double> linearGrid(double first, double step, double last) {
    std::vector<double> xs;
    if (last < first) {
        return xs;
    }
    const double count = std::floor((last - first) / step) + 1;
    const double stride = step * std::ceil(count / static_cast<double>(kMaxSweepPoints));
    for (double v = first; v <= last; v += stride) {
        xs.push_back(v);
    }
    return xs;
}

} // namespace

bool parameterSweepIsLogarithmic(const std::string& key) {
    return key == "l_s_per_gb" || key == "tau_sync_s" || key == "t_sync_s" || key == "c_iter_s";
}

std::vector<double> parameterSweepValues(const std::string& key, double current) {
    const auto keys = sweepableParameters();
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        std::string allowed;
        for (const auto& k : keys) {
            allowed += (allowed.empty() ? "" : ", ") + k;
        }
        throw InputError("sweep", key, "expected one of " + allowed);
    }
    const ParameterKey& k = *findParameterKey(key);
    checkParameterValue(k, current, "sweep");
    // Twice the current value, at least `atLeast`, at most what the key allows.
    const auto upTo = [&](double atLeast) {
        return std::min(k.max, std::max(atLeast, 2 * current));
    };
    if (key == "n_sm" || key == "mtb_sm") {
        return linearGrid(1, 1, upTo(64));
    }
    if (key == "n_v") {
        return linearGrid(32, 32, upTo(2048)); // C.14
    }
    if (key == "m_sm_kb" || key == "m_tb_kb") {
        return linearGrid(12, 12, upTo(480)); // C.15 with erratum A11
    }
    // The log keys (parameterSweepIsLogarithmic).
    std::vector<double> xs;
    const double lo = current > 0 ? current / 10 : 1e-12;
    for (int i = 0; i <= 60; ++i) {
        const double v = lo * std::pow(100.0, i / 60.0);
        try {
            checkParameterValue(k, v, "sweep");
        } catch (const InputError&) {
            continue; // 0 or inf at the ends of the double range
        }
        xs.push_back(v);
    }
    return xs;
}

} // namespace cdx::search
