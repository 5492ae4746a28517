// SPDX-License-Identifier: GPL-3.0-or-later
// The user's profiles: the folders they are read from, their listing beside the shipped ones
// (broken ones listed with the reason) and saving one (docs/formats.md "User profiles").
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/json_files.hpp"
#include "params/profiles.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

namespace cdx {

namespace {

std::optional<std::filesystem::path>& folderOverride() {
    static std::optional<std::filesystem::path> folder;
    return folder;
}

// QStandardPaths::AppDataLocation on Linux for organisation "CodesignExplorer" and application
// "codesign-explorer" (app/gui/main.cpp), plus "profiles".
std::filesystem::path defaultUserFolder() {
    std::filesystem::path base;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg && xdg[0] == '/') {
        base = xdg;
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        base = std::filesystem::path(home) / ".local" / "share";
    } else {
        return {};
    }
    return base / "CodesignExplorer" / "codesign-explorer" / "profiles";
}

bool validIdCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

} // namespace

void setUserProfileFolder(const std::filesystem::path& folder) {
    folderOverride() = folder;
}

std::filesystem::path userProfileFolder() {
    return folderOverride() ? *folderOverride() : defaultUserFolder();
}

std::vector<std::filesystem::path> userProfileFolders() {
    std::vector<std::filesystem::path> out;
    if (auto f = userProfileFolder(); !f.empty()) {
        out.push_back(std::move(f));
    }
    if (const char* env = std::getenv("CDX_PROFILES_PATH"); env && *env) {
        const std::string s = env;
        std::size_t start = 0;
        while (start <= s.size()) {
            const auto colon = s.find(':', start);
            const std::string part =
                s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
            if (!part.empty() &&
                std::find(out.begin(), out.end(), std::filesystem::path(part)) == out.end()) {
                out.emplace_back(part);
            }
            if (colon == std::string::npos) {
                break;
            }
            start = colon + 1;
        }
    }
    return out;
}

void checkUserProfileId(const std::string& kind, const std::string& id) {
    const std::string rule = "1 to 64 characters of a-z, 0-9, '.', '_' and '-', starting with a "
                             "letter or a digit";
    if (id.empty() || id.size() > 64 || id[0] == '.' || id[0] == '_' || id[0] == '-' ||
        !std::all_of(id.begin(), id.end(), validIdCharacter)) {
        throw InputError("id", id, "must be " + rule);
    }
    if (id.ends_with(".json")) { // it would be read as a file's path, not as an id
        throw InputError("id", id, "must not end in .json (that names a file); " + rule);
    }
    for (const auto& e : listProfiles(kind)) {
        if (e.id == id) {
            throw InputError("id", id,
                             "is the id of the shipped profile \"" + e.name + "\" (" + kind + "/" +
                                 id + "); a profile of yours needs an id of its own, e.g. " + id +
                                 "-mine");
        }
    }
}

std::vector<ProfileEntry> listAllProfiles(const std::string& kind) {
    std::vector<ProfileEntry> out = listProfiles(kind);
    std::set<std::string> shipped;
    for (const auto& e : out) {
        shipped.insert(e.id);
    }
    std::map<std::string, std::filesystem::path> taken; // user ids listed so far
    for (const auto& folder : userProfileFolders()) {
        auto paths = jsonFilesIn(folder / kind);
        if (kind == "gpus") {
            // Before issue 43 the window saved MWP-CWP GPUs apart, in mwp-gpus/: one
            // description per chip now, read from either folder.
            const auto older = jsonFilesIn(folder / "mwp-gpus");
            paths.insert(paths.end(), older.begin(), older.end());
        }
        for (const auto& path : paths) {
            ProfileEntry e;
            e.user = true;
            e.path = path;
            e.id = path.stem().string();
            try {
                const auto held = readJsonCached(path);
                const nlohmann::json& j = *held;
                if (!j.is_object() || !j.contains("id") || !j["id"].is_string()) {
                    throw InputError("id", {}, "missing; expected the profile's id (a string)",
                                     path.string());
                }
                e.id = j["id"].get<std::string>();
                if (j.contains("name") && j["name"].is_string()) {
                    e.name = j["name"].get<std::string>();
                }
                if (shipped.count(e.id) != 0) {
                    e.error = path.string() + ": id \"" + e.id +
                              "\" is a shipped profile's; give this profile an id of its own";
                } else if (const auto t = taken.find(e.id); t != taken.end()) {
                    e.error = path.string() + ": id \"" + e.id + "\" is already taken by " +
                              t->second.string();
                } else {
                    taken.emplace(e.id, path);
                }
            } catch (const InputError& x) {
                e.error = x.what();
            }
            out.push_back(std::move(e));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const ProfileEntry& a, const ProfileEntry& b) {
        return a.user != b.user ? !a.user : (a.user && a.id < b.id);
    });
    return out;
}

namespace {
// Rewrites edited values under `j` (at `pointer` in the whole profile) against `original`.
void markEdited(nlohmann::json& j, const nlohmann::json::json_pointer& pointer,
                const nlohmann::json* original, const std::string& originalId) {
    if (!j.is_object()) {
        return;
    }
    if (j.contains("edited") && j["edited"].is_boolean()) {
        if (j["edited"].get<bool>()) {
            std::string was = "not in it";
            if (original && original->contains(pointer / "value")) {
                const auto& v = original->at(pointer / "value");
                was = v.is_number() ? formatNumber(v.get<double>()) : v.dump();
            }
            j["source"] = "edited from " + originalId + " (was " + was + ")";
        }
        j.erase("edited");
        return;
    }
    for (auto& [key, value] : j.items()) {
        markEdited(value, pointer / key, original, originalId);
    }
}
} // namespace

nlohmann::json asUserProfile(const nlohmann::json& profile, const std::string& kind,
                             const std::string& id, const std::string& name) {
    checkUserProfileId(kind, id);
    if (name.empty()) {
        throw InputError("name", {}, "must not be empty (it names the profile in the lists)");
    }
    const std::string originalId = profile.contains("id") && profile["id"].is_string()
                                       ? profile["id"].get<std::string>()
                                       : std::string("the session");
    std::optional<nlohmann::json> original;
    for (const auto& e : listAllProfiles(kind)) {
        if (e.id == originalId && e.error.empty()) {
            try {
                original = parseJson(readText(e.path), e.path.string());
            } catch (const InputError&) {
            }
            break;
        }
    }
    nlohmann::json out = profile;
    out["id"] = id;
    out["name"] = name;
    if (kind == "gpus") {
        setAsideChipFacts(out); // the base chip's die area and power are not this chip's
        // The base's note describes the base (issue 55: "Boost clock 1980 MHz" travelled with a
        // 60-SM derivative as its own): a derivative's note says what it is derived from and
        // which values were edited, then quotes the base's.
        std::vector<std::string> edited;
        const std::function<void(const nlohmann::json&, const std::string&)> find =
            [&](const nlohmann::json& j, const std::string& key) {
                if (!j.is_object()) {
                    return;
                }
                if (j.contains("edited") && j["edited"] == true) {
                    edited.push_back(key);
                    return;
                }
                for (const auto& [k, v] : j.items()) {
                    find(v, k);
                }
            };
        find(out, "");
        if (!edited.empty()) {
            std::string list;
            for (const auto& k : edited) {
                list += (list.empty() ? "" : ", ") + k;
            }
            const std::string baseName = profile.contains("name") && profile["name"].is_string()
                                             ? profile["name"].get<std::string>()
                                             : originalId;
            const std::string baseNote = profile.contains("note") && profile["note"].is_string()
                                             ? profile["note"].get<std::string>()
                                             : std::string();
            out["note"] = "Derived from " + baseName + " (" + originalId + "), edited: " + list +
                          "." + (baseNote.empty() ? "" : " The base chip's note: " + baseNote);
        }
    }
    markEdited(out, nlohmann::json::json_pointer(), original ? &*original : nullptr, originalId);
    return out;
}

std::pair<GpuProfile, std::filesystem::path> importGpuProfile(const std::string& path,
                                                              bool replace) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        throw InputError("file", path, "a readable GPU description (JSON)");
    }
    std::ostringstream text;
    text << f.rdbuf();
    GpuProfile gpu = parseGpuProfile(text.str(), path); // refuses a broken one by field
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception& e) {
        throw InputError("file", path, std::string("JSON: ") + e.what());
    }
    checkUserProfileId("gpus", gpu.id);
    // C_iter of a stencil that no profile has would be counted as measured and never used
    // (issue 55: "Heat2D" for "heat2d"): refused by name.
    std::set<std::string> stencils;
    for (const auto& e : listAllProfiles("stencils")) {
        if (e.error.empty()) {
            stencils.insert(e.id);
        }
    }
    for (const auto& [stencil, q] : gpu.cIterByStencil) {
        if (stencils.count(stencil) == 0) {
            std::string known;
            for (const auto& id : stencils) {
                known += (known.empty() ? "" : ", ") + id;
            }
            throw InputError("talg.c_iter_s." + stencil, {},
                             "unknown stencil; C_iter is given per stencil id: " + known, path);
        }
    }
    const std::filesystem::path saved = saveUserProfile("gpus", j, replace);
    return {std::move(gpu), saved};
}

std::filesystem::path saveUserProfile(const std::string& kind, const nlohmann::json& profile,
                                      bool replace) {
    if (!profile.is_object() || !profile.contains("id") || !profile["id"].is_string()) {
        throw InputError("id", {}, "missing; a profile needs an id");
    }
    const std::string id = profile["id"].get<std::string>();
    checkUserProfileId(kind, id);
    const auto folder = userProfileFolder();
    if (folder.empty()) {
        throw InputError("profile folder", {}, "unknown: neither $XDG_DATA_HOME nor $HOME is set");
    }
    const auto dir = folder / kind;
    const auto path = dir / (id + ".json");
    std::error_code ec;
    if (!replace && std::filesystem::exists(path, ec)) {
        throw InputError("id", id, "a profile of yours has this id (" + path.string() + ")");
    }
    // Another file of yours with this id (a.json with "id": "zzz") would be the one chosen.
    for (const auto& e : listAllProfiles(kind)) {
        if (e.user && e.error.empty() && e.id == id && e.path != path) {
            throw InputError("id", id,
                             "a profile of yours in another file has this id (" + e.path.string() +
                                 "); choose another id");
        }
    }
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        throw InputError("profile folder", dir.string(), "cannot be created: " + ec.message());
    }
    writeTextAtomic(path, profile.dump(2) + "\n");
    return path;
}

} // namespace cdx
