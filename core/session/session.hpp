#pragma once

#include "area/area_model.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/regime_map.hpp"
#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <filesystem>
#include <string>

// A session: everything the explorer shows, self-contained (the GPU and stencil profiles
// travel with their edited values and sources), saved as `.cdx.json`.
namespace cdx {

// The codesign view's settings: which workload, the area range searched and the budget band.
struct CodesignSettings {
    std::string workload = "ppopp17"; // a named workload (search/workload.hpp)
    double areaMin = 200;             // search range [mm^2] (the thesis' budgets)
    double areaMax = 650;
    double budgetMin = 425; // highlighted budget band [mm^2] (Table C.2)
    double budgetMax = 450;

    bool operator==(const CodesignSettings&) const = default;
};

// The MWP-CWP / IPP views' inputs: their own GPU (the thesis's GPUs carry the MWP-CWP,
// power and temperature parameters; the Talg GPUs do not), the kernel, the variant and the
// regime map's axes.
struct MwpSettings {
    GpuProfile gpu;
    KernelProfile kernel;
    mwp::MwpVariant variant;
    mwp::AxisRange mapX{mwp::MapAxis::CompInsts, 1, 400, 200, false};
    mwp::AxisRange mapY{mwp::MapAxis::BandwidthGbs, 10, 400, 200, true};

    // Model inputs (throw InputError naming the missing or invalid key).
    mwp::Device device() const;
    mwp::Kernel model() const;
};

// GTX 280 with the spec's Example I kernel: every MWP-CWP, power and temperature view works.
MwpSettings defaultMwpSettings();

struct SessionState {
    GpuProfile gpu;
    StencilProfile stencil;
    talg::Problem problem;
    talg::Tiles tiles;
    talg::TalgVariant variant;
    double within = 0.10;                  // "within X% of the optimum" of the views
    area::CoefficientSet areaCoefficients; // empty: the shipped default set
    area::Form areaForm = area::Form::Canonical;
    CodesignSettings codesign;
    MwpSettings mwp;

    // Model inputs for the current GPU (throws InputError, e.g. no C_iter for this GPU).
    Gpu modelGpu() const { return toGpu(gpu); }
    Stencil modelStencil() const { return toStencil(stencil, gpu.id); }
    // The session's coefficient set, or the shipped default when it has none.
    area::CoefficientSet areaSet() const;
    // The GPU's area inputs (n_sm, n_v, m_sm_kb, r_vu_kb, l1_pair_kb, l2_kb).
    area::Architecture architecture() const { return area::architectureOf(gpu); }
};

bool sameSession(const SessionState& a, const SessionState& b);

inline constexpr int kSessionVersion = 1;
inline constexpr const char* kSessionSchema = "codesign-explorer-session";

std::string sessionToJson(const SessionState& s);
// Throws InputError naming the file and the field: wrong schema, newer version, bad
// profile, sizes that do not match the stencil's dimension, invalid tiles.
SessionState sessionFromJson(const std::string& text, const std::string& file);

// Atomic: writes a temporary file beside `path`, then renames it over `path`; on any
// failure the old file is untouched.
void saveSession(const SessionState& s, const std::filesystem::path& path);
SessionState loadSession(const std::filesystem::path& path);

// GTX 980, Heat 2D, 8192^2 x 8192, tiles = the exact optimum for the default variant.
SessionState defaultSession();

// The optimum tiling of the session's problem (exact search), if any.
bool applyOptimalTiles(SessionState& s);

} // namespace cdx
