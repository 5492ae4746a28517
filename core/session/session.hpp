#pragma once

#include "params/profiles.hpp"
#include "talg/talg.hpp"

#include <filesystem>
#include <string>

// A session: everything the explorer shows, self-contained (the GPU and stencil profiles
// travel with their edited values and sources), saved as `.cdx.json`.
namespace cdx {

struct SessionState {
    GpuProfile gpu;
    StencilProfile stencil;
    talg::Problem problem;
    talg::Tiles tiles;
    talg::TalgVariant variant;
    double within = 0.10; // "within X% of the optimum" of the views

    // Model inputs for the current GPU (throws InputError, e.g. no C_iter for this GPU).
    Gpu modelGpu() const { return toGpu(gpu); }
    Stencil modelStencil() const { return toStencil(stencil, gpu.id); }
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
