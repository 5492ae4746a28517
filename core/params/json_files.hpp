// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

// The data folders of the profile search path (validity, published, glossary, lessons, the
// user's profile folders): one listing, so that every reader sees the same files in the same
// order.
namespace cdx {

// The `.json` files directly in `folder`, sorted by path; empty when it is not a folder.
std::vector<std::filesystem::path> jsonFilesIn(const std::filesystem::path& folder);

// The first `sub` folder on the profile search path (profileSearchPath()), if any.
std::optional<std::filesystem::path> profileFolder(const char* sub);

} // namespace cdx
