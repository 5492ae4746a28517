// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/model_inputs.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cdx {

struct ParameterKey; // params/parameter_keys.hpp

// One parameter value with its unit and provenance (DESIGN.md "Parameters").
struct Quantity {
    std::optional<double> value; // nullopt: the sources give none
    std::string unit;
    std::string source;  // "PPoPP'17 Table 2", "measured", "estimate (...)", "set by user", ...
    bool edited = false; // changed after loading (--set or an editor)
    // One of valueKinds() (params/gpu_description.hpp): vendor, published, measured, estimated,
    // fitted, yours. Empty in files written before issue 43 (kindOf infers it from the source).
    std::string kind;
    // A rule of the chip's other values ("7.96e-10 * 1216 / clock_mhz"), evaluated live by
    // rederive(); empty for a plain value. A value the user types replaces its rule.
    std::string rule;
    bool operator==(const Quantity&) const = default;
};

struct GpuProfile {
    std::string id;
    std::string name;
    std::string architecture;
    std::string file; // where it was read from, for messages
    std::string note;
    std::map<std::string, Quantity> params;
    // C_iter per stencil id (the description's talg.c_iter_s): the chip's, so that a GPU derived
    // from it keeps them and follows its own clock (issue 43).
    std::map<std::string, Quantity> cIterByStencil;
    // The process as the vendor names it ("TSMC 4N"), for labels; empty when not known.
    std::string process;
    // The memory technology of its stacks or chips (a profiles/memory id: "hbm3"), for the
    // whole die and the chip power (issue 59); empty when not known.
    std::string memory;
    // Equal in what it describes: `file` (where it was read from) is neither written nor
    // compared, so one profile read from two places is one profile.
    // Values compare with the kind a save writes (kindOf: a value typed in with no kind is
    // "yours").
    bool operator==(const GpuProfile& o) const;
};

struct StencilProfile {
    std::string id;
    std::string name;
    int dim = 2;
    std::string description;
    std::string file;
    std::map<std::string, Quantity> params;     // flops_per_point, bytes_per_word
    std::map<std::string, Quantity> cIterByGpu; // GPU id -> C_iter
    // Equal in what it describes: `file` (where it was read from) is neither written nor
    // compared, so one profile read from two places is one profile.
    bool operator==(const StencilProfile& o) const {
        return id == o.id && name == o.name && dim == o.dim && description == o.description &&
               params == o.params && cIterByGpu == o.cIterByGpu;
    }
};

// An MWP-CWP kernel (profiles/kernels): launch and per-thread instruction counts with their
// sources; keys of ParameterOwner::Kernel.
struct KernelProfile {
    std::string id;
    std::string name;
    std::string description;
    std::string file;
    std::map<std::string, Quantity> params;
    // Equal in what it describes: `file` (where it was read from) is neither written nor
    // compared, so one profile read from two places is one profile.
    bool operator==(const KernelProfile& o) const {
        return id == o.id && name == o.name && description == o.description && params == o.params;
    }
};

// Readers: throw InputError naming the file, the key and what is expected.
GpuProfile parseGpuProfile(const std::string& jsonText, const std::string& file);
StencilProfile parseStencilProfile(const std::string& jsonText, const std::string& file);
GpuProfile readGpuProfile(const std::filesystem::path& path);
// requireTalg: every parameter the Talg model needs must be present (profiles/gpus); the
// MWP-CWP GPUs of profiles/mwp-gpus carry only the MWP-CWP, power and temperature keys.
//
// Both forms of the GPU file are read (docs/formats.md "GPU"): the description ("facts" and one
// block per family, each value with its kind, a value or a rule) and the older flat "params".
// `complete`: the families' estimation rules fill what the file leaves out and every rule is
// evaluated (completeGpu); a session's embedded GPU of the older form is read as it is.
GpuProfile gpuProfileFromJson(const nlohmann::json& j, const std::string& file,
                              bool requireTalg = true, bool complete = true);
// The file as written: no estimates added (rules are still evaluated).
GpuProfile readGpuProfileAsWritten(const std::filesystem::path& path);
StencilProfile stencilProfileFromJson(const nlohmann::json& j, const std::string& file);

// The profile as JSON in the format of profiles/*.json; edited values carry "edited": true.
nlohmann::json toJson(const GpuProfile& p);
nlohmann::json toJson(const StencilProfile& p);
nlohmann::json toJson(const KernelProfile& p);
KernelProfile kernelProfileFromJson(const nlohmann::json& j, const std::string& file);

// Parses JSON text; a syntax error is an InputError with file, line and column.
nlohmann::json parseJson(const std::string& text, const std::string& file);
// {"value": x|null, "unit": "...", "source": "..."}: structure and unit checked (the value's
// range is the caller's); `allowed` describes valid values for messages.
Quantity quantityFromJson(const nlohmann::json& q, std::string_view unit,
                          const std::string& allowed, const std::string& path,
                          const std::string& file);
// Writes a quantity back in the same form; `integer` writes the value without decimals.
nlohmann::json quantityToJson(const Quantity& q, bool integer);
// Whole file as text; InputError if it cannot be read.
std::string readText(const std::filesystem::path& path);
// The file parsed as parseJson does, read again only when its size or modification time
// changed: the profile lists are read at every parameter edit (a GPU key's value is compared
// with its profile's), and a drag edits several keys a frame. Thread-safe.
std::shared_ptr<const nlohmann::json> readJsonCached(const std::filesystem::path& path);
// Atomic: writes a temporary file beside `path`, then renames it over `path`; on any failure
// the old file is untouched and an InputError says why.
void writeTextAtomic(const std::filesystem::path& path, const std::string& text);
StencilProfile readStencilProfile(const std::filesystem::path& path);

// Validated model inputs. toStencil picks C_iter for `gpuId`; a missing one is an
// InputError telling the user to supply it (e.g. Jacobi 1D has no published C_iter).
Gpu toGpu(const GpuProfile& p);
// C_iter of the stencil on this GPU (cIterOf: the GPU description's, else the stencil file's for
// the GPU's id); none is an InputError naming c_iter_s in the editors' words.
Stencil toStencil(const StencilProfile& p, const GpuProfile& gpu);
// The same for the GPU of id `gpuId` as shipped or saved (loadGpuProfile).
Stencil toStencil(const StencilProfile& p, const std::string& gpuId);

// Typed parameter edits: the editors call these with numbers, and the `--set` parsers below
// are thin wrappers that parse VALUE and call them, so a value is validated one way only.
// Each checks `value` against the key table (parameter_keys.hpp: range, integer, nullable;
// nullopt = null, allowed for nullable keys only) and stores it as edited, source "set by
// user". A refused edit is an InputError naming the key, the value and what is allowed
// ("n_sm = -4: must be an integer in [1, 1048576] [count]"; the --set wrappers prefix
// "--set: ") and leaves the profiles unchanged.
//
// One canonical key of the GPU or the stencil (not an MWP-CWP kernel key: see
// mwp::setKernelParameter); for the stencil's c_iter_s the value applies to `gpuId`.
void setParameter(GpuProfile& gpu, StencilProfile& stencil, const std::string& gpuId,
                  const std::string& key, std::optional<double> value);
// GPU keys only (a stencil or kernel key is refused), for code that has no stencil at hand.
void setGpuParameter(GpuProfile& gpu, const std::string& key, std::optional<double> value);

// VALUE of `--set KEY=VALUE` for `key`: a number or "null", not yet range-checked (the typed
// setters do that); anything else is an InputError "--set KEY = VALUE: must be ...".
std::optional<double> parseOverrideValue(const ParameterKey& key, const std::string& text);

// `--set KEY=VALUE`: setParameter after parsing; VALUE may be "null" for nullable keys.
// `accepted`: the keys the command takes (talgModelKeys(), ...; empty: every GPU and stencil
// key). Every refusal has one form, "--set KEY = VALUE: why", and lists the accepted keys.
// A fact the command takes only for its rules (clock_mhz, the bandwidths) that no value it reads
// follows on this GPU is refused, as it would change nothing; `readsItself` names the facts
// the command reads directly (codesign's power budget reads clock_mhz), which are never refused.
void applyOverride(GpuProfile& gpu, StencilProfile& stencil, const std::string& gpuId,
                   const std::string& assignment, const std::vector<std::string>& accepted = {},
                   const std::vector<std::string>& readsItself = {});

// Where shipped profiles are looked up, in order: $CDX_PROFILES_DIR, the installation's
// PREFIX/share/codesign-explorer/profiles, the source tree.
std::vector<std::filesystem::path> profileSearchPath();

// The installation prefix on that path. By default it is the running executable's
// (PREFIX/bin/cdx gives PREFIX). Code loaded into another program, the Python module in the
// interpreter, names its own instead: its installation's prefix, or an empty path when it is
// not installed (the build tree), so that only $CDX_PROFILES_DIR and the source tree are
// searched. The interpreter's location then decides nothing.
void setInstallationPrefix(const std::filesystem::path& prefix);

struct ProfileEntry {
    std::string id;
    std::string name;
    std::filesystem::path path;
    bool user = false; // from the user's folder or CDX_PROFILES_PATH ("Yours"), not shipped
    std::string error; // a user profile that cannot be used: why (unreadable, no id, an id taken)
};
// The shipped profiles of `kind` ("gpus", "stencils", ...), sorted by id.
std::vector<ProfileEntry> listProfiles(const std::string& kind);

// The user's profiles (docs/formats.md "User profiles"). They live in `<folder>/<kind>/*.json`
// for each folder of userProfileFolders(): first the user's data folder (where the window saves:
// QStandardPaths::AppDataLocation/profiles, i.e. $XDG_DATA_HOME or ~/.local/share, then
// CodesignExplorer/codesign-explorer/profiles), then each folder of $CDX_PROFILES_PATH
// (colon-separated). The GUI passes Qt's location with setUserProfileFolder; core computes the
// same one otherwise, so that cdx and Python read what the window saved.
std::vector<std::filesystem::path> userProfileFolders();
std::filesystem::path userProfileFolder(); // the first: where saves go
void setUserProfileFolder(const std::filesystem::path& folder);

// Shipped then the user's profiles of `kind`. A user profile is never skipped in silence: one
// that is not JSON, has no "id", takes a shipped id or an id already listed is listed with
// `error` set (and refused when chosen), and nothing else stops because of it.
std::vector<ProfileEntry> listAllProfiles(const std::string& kind);

// An id a user profile may take: 1 to 64 characters of a-z, 0-9, '.', '_' and '-', starting
// with a letter or digit, not ending in ".json", and not the id of a shipped profile of `kind`.
// InputError otherwise, naming the field "id" and the rule (or the shipped profile it collides
// with).
void checkUserProfileId(const std::string& kind, const std::string& id);

// Writes `profile` (JSON of that kind, with its "id") as userProfileFolder()/<kind>/<id>.json,
// atomically, creating the folders. An existing file of that id is replaced only with
// `replace`; otherwise InputError "id: a profile of yours has this id (FILE)". Another file of
// yours whose "id" is this one is always refused (it would be the one chosen). Returns the path.
// `profile` (a parameter set as the session holds it: JSON of `kind`) as a profile of the user's
// named `name` with id `id`: every value marked "edited" becomes the profile's own, its source
// "edited from ORIGINAL (was V)" where ORIGINAL is the profile it was loaded from (its "id" in
// `profile`) and V that profile's shipped value at the same place ("edited from gtx980 (was
// 16)"); "edited" flags are dropped. Checks the id (checkUserProfileId).
nlohmann::json asUserProfile(const nlohmann::json& profile, const std::string& kind,
                             const std::string& id, const std::string& name);

std::filesystem::path saveUserProfile(const std::string& kind, const nlohmann::json& profile,
                                      bool replace);

// A GPU description from a file (the measuring kit's, another user's) made one of the user's:
// read and validated as a GPU (parseGpuProfile), its id checked (checkUserProfileId), then
// saved (saveUserProfile). Returns the profile as read and the path written.
std::pair<GpuProfile, std::filesystem::path> importGpuProfile(const std::string& path,
                                                              bool replace);

// The file of a profile of `kind` ("gpus", "stencils", "area"): an id looked up on the search
// path or a path; an unknown id is an InputError for `flag` listing the known ones.
std::filesystem::path resolveProfile(const std::string& idOrPath, const std::string& kind,
                                     const std::string& flag);

// Resolves an id ("gtx980") or a path ("my/gpu.json"); an unknown id lists the known ones.
GpuProfile loadGpuProfile(const std::string& idOrPath);
StencilProfile loadStencilProfile(const std::string& idOrPath);
// MWP-CWP: an id of profiles/mwp-gpus (then profiles/gpus) or a path, without the Talg
// requirement; an id of profiles/kernels or a path.
GpuProfile loadMwpGpuProfile(const std::string& idOrPath);
KernelProfile loadKernelProfile(const std::string& idOrPath);

// `--set KEY=VALUE` for the MWP-CWP commands: GPU keys go to `gpu`, kernel keys to `kernel`.
// A thin wrapper of mwp::setKernelParameter (mwp/mwp_profiles.hpp), defined beside it in
// mwp/mwp_profiles.cpp so that params/ does not depend on mwp/.
void applyKernelOverride(GpuProfile& gpu, KernelProfile& kernel, const std::string& assignment);

// The quantity to store for a typed `value`: the profile's own (`published`, its source, not
// edited) when `value` is what the profile says (a value set back is not an edit), else an
// edited one ("set by user", yours). `published` may throw or return nullopt: a profile that
// cannot be read again leaves the value edited. Shared by the GPU and kernel setters.
Quantity quantityFor(const ParameterKey& key, std::optional<double> value,
                     const std::function<std::optional<Quantity>()>& published);

} // namespace cdx
