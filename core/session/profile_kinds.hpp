// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <filesystem>
#include <string>
#include <vector>

// How each kind of profile is read, one line per kind (profile_kinds.cpp): a user profile whose
// file is JSON with an id but whose content its family refuses is listed as broken, with the
// family's reason, wherever profiles are listed (issue 55: the window's lists showed such a
// profile as a normal entry that failed only when chosen; `cdx profiles` said BROKEN).
namespace cdx {

struct ProfileKind {
    std::string kind;
    // Reads the profile at `path` as its family does; throws InputError naming what is wrong.
    void (*read)(const std::filesystem::path& path);
};
const std::vector<ProfileKind>& profileKinds();

// listAllProfiles(kind), each user profile read by its family: one that does not load has
// `error` set to the reason. A shipped profile that does not load is an installation error
// and throws.
std::vector<ProfileEntry> listCheckedProfiles(const std::string& kind);

} // namespace cdx
