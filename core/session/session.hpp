// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "area/area_session.hpp"
#include "chain/chain_session.hpp"
#include "eatss/eatss_session.hpp"
#include "energy/energy_session.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/mwp_session.hpp"
#include "mwp/regime_map.hpp"
#include "params/profiles.hpp"
#include "search/codesign_session.hpp"
#include "talg/talg.hpp"
#include "talg/talg_session.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// A session: everything the explorer shows, self-contained (the GPU and stencil profiles
// travel with their edited values and sources), saved as `.cdx.json`.
//
// The file is composed of one block per model family, each owned by its folder (its
// settings struct and to/from JSON): the Talg fields at the top level (talg/talg_session),
// "area" (area/area_session), "codesign" (search/codesign_session), "mwp" (mwp/mwp_session),
// "energy" (energy/energy_session), "eatss" (eatss/eatss_session), "chain"
// (chain/chain_session). session.cpp only checks schema
// and version and runs the list of blocks.
namespace cdx {

// The Talg settings (gpu, stencil, problem, tiles, variant, within) are the session's own
// top-level members, as they are the file's top-level fields.
struct SessionState : TalgSettings {
    // What the session shows: an example session's title, a few lines on what to look at,
    // and the workspace it opens in ("talg", "area", "mwp", ...). Empty for sessions the user
    // saved. Optional top-level "title", "description", "workspace" (written when not empty).
    std::string title;
    std::string description;
    std::string workspace;
    // What was on screen when it was saved (format 2): each workspace's selected view
    // ("tab.talg" = "sweep") and the views' own settings ("talg.sweep.parameter" = "n_sm",
    // "mwp.temperature.run_s" = "600"), as the views write and read them. Not a model input:
    // sessions that differ only here compute the same. Top-level "view" (when not empty).
    std::map<std::string, std::string> view;
    // The configuration the session is compared with (issue 29; Compare ▸ Pin current as
    // baseline): a whole session of its own, without a baseline or a view. Saved as the
    // optional top-level "baseline" block (a session object); files without it open as before.
    std::shared_ptr<const SessionState> baseline;
    // The line-up (issue 46): its sides in order. A GPU side is evaluated with the session's
    // other settings (it follows the session's stencil, problem and variant); a session side
    // is a whole configuration of its own (opened from a file), without a baseline, a line-up
    // or a view. Saved as the optional top-level "lineup" array: [{"gpu": GPU} | {"session":
    // SESSION}]. At most lineup::kMaxSides.
    struct LineupEntry {
        std::optional<GpuProfile> gpu;
        std::shared_ptr<const SessionState> session;
        // By what the session holds, not where (the same pointer is the same session).
        bool operator==(const LineupEntry& o) const;
    };
    std::vector<LineupEntry> lineup;

    area::CoefficientSet areaCoefficients; // empty: the shipped default set
    area::Form areaForm = area::Form::Canonical;
    int areaNode = area::kCalibrationNode; // process node (issue 32 extension)
    area::OverheadScaling areaOverhead = area::OverheadScaling::Logic;
    CodesignSettings codesign;
    MwpSettings mwp;
    EnergySettings energy;
    EatssSettings eatss;
    ChainSettings chain;

    // Model inputs for the current GPU (throws InputError, e.g. no C_iter for this GPU).
    Gpu modelGpu() const { return toGpu(gpu); }
    Stencil modelStencil() const { return toStencil(stencil, gpu); }
    // The session's coefficient set, or the shipped default when it has none, carried to the
    // session's process node (area::scaleToNode; unchanged at 28 nm).
    area::CoefficientSet areaSet() const;
    // The GPU's area inputs (n_sm, n_v, m_sm_kb, r_vu_kb, l1_pair_kb, l2_kb).
    area::Architecture architecture() const { return area::architectureOf(gpu); }

    // Equal when every block is equal field by field (issue 58: before, both states were
    // written to JSON and the texts compared, on every edit and every drag step). The baseline
    // and the line-up's sessions compare by what they hold; the same pointer is the same
    // session, and two states of one document share theirs, so a drag step compares no
    // baseline. Agrees with "serialises the same" (test_session::equalityIsSerialisation).
    bool operator==(const SessionState& o) const;
};

// One chip, one description (issue 43). A session keeps two GPU slots: `gpu` (Tiled stencils,
// Die area and Codesign, Energy's time source) and `mwp.gpu` (MWP-CWP, power, temperature and
// Occupancy), chosen per workspace because the papers' families ran on different chips (the
// GTX 980 and the GTX 280). When both hold the same chip, it is one description:
// - an edit of the chip in one slot is copied into the other (the slot that changed wins);
// - choosing in one workspace the chip the other holds takes the other's description, edits
//   included, instead of a stock copy beside an edited one.
// When both slots changed in one step (an opened file, a reset of every profile), or the two
// already held different versions of the chip (a file saved so), nothing is copied: no edit is
// overwritten. Returns true when `after` was changed. The window calls it on every edit.
bool shareTheChip(const SessionState& before, SessionState& after);

// 2 adds "view" (what was on screen); 3 writes the GPUs as descriptions (facts and one block
// per family, each value with its kind and rule: issue 43), which an older build cannot read.
// Files of formats 1 and 2 open as before (their flat GPUs read as they are).
inline constexpr int kSessionVersion = 3;
inline constexpr const char* kSessionSchema = "codesign-explorer-session";

std::string sessionToJson(const SessionState& s);
// Throws InputError naming the file and the field: wrong schema, newer version, bad
// profile, sizes that do not match the stencil's dimension, invalid tiles. Nothing is
// returned half-read. Fields the reader does not know (at the top level or inside a block)
// are ignored; with `warnings`, one line per field is appended to it, e.g.
// `s.cdx.json: unknown field "mwp.variant.foo" ignored` (only when the whole file was read).
SessionState sessionFromJson(const std::string& text, const std::string& file);
// An interactive page (issue 46) holds its session as JSON in
// <script type="application/json" id="cdx-session">, every "<" written \u003c. Returns that
// JSON; throws InputError naming the file when the page holds none. loadSession reads a file
// that starts with "<" (after blanks) as a page.
inline constexpr const char* kPageSessionId = "cdx-session";
std::string sessionJsonFromPage(const std::string& html, const std::string& file);
SessionState sessionFromJson(const std::string& text, const std::string& file,
                             std::vector<std::string>* warnings);

// Atomic: writes a temporary file beside `path`, then renames it over `path`; on any
// failure the old file is untouched.
void saveSession(const SessionState& s, const std::filesystem::path& path);
SessionState loadSession(const std::filesystem::path& path);
SessionState loadSession(const std::filesystem::path& path, std::vector<std::string>* warnings);

// GTX 980, Heat 2D, 8192^2 x 8192, tiles = the exact optimum for the default variant.
SessionState defaultSession();

// The optimum tiling of the session's problem (exact search), if any.
bool applyOptimalTiles(SessionState& s);

// The GPU profile `idOrPath` (loadGpuProfile) as the session's GPU, as the GPU editors choose
// it: the area model moves to the chip's own node (the H100 at 5 nm), or to the calibration node
// for a chip of a node it does not carry. InputError as loadGpuProfile.
void chooseGpuProfile(SessionState& s, const std::string& idOrPath);

// `s` as a baseline: the same configuration without its own baseline, line-up and what was on
// screen.
SessionState asBaseline(const SessionState& s);

// One side of the session's line-up as a configuration: a GPU side is `s` with that GPU in
// both GPU slots (Tiled stencils and MWP-CWP), a session side its own session.
SessionState lineupSide(const SessionState& s, const SessionState::LineupEntry& e);

// `s` with every profile it uses read again as shipped (its GPU, stencil, MWP-CWP GPU and
// kernel, energy and area coefficients): the session with every edited value reset. A profile
// that is not shipped (a file of the user's) stays as it is, its id appended to `kept`.
SessionState withShippedProfiles(const SessionState& s, std::vector<std::string>* kept);

} // namespace cdx
