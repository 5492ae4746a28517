// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/json_files.hpp"

#include "params/profiles.hpp"

#include <algorithm>
#include <system_error>

namespace cdx {

std::vector<std::filesystem::path> jsonFilesIn(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
        return files;
    }
    for (const auto& f : std::filesystem::directory_iterator(folder, ec)) {
        if (f.path().extension() == ".json") {
            files.push_back(f.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::optional<std::filesystem::path> profileFolder(const char* sub) {
    for (const auto& dir : profileSearchPath()) {
        const auto path = dir / sub;
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            return path;
        }
    }
    return std::nullopt;
}

} // namespace cdx
