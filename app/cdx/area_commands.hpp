#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cdx::cli {

// `cdx area`: the die-area breakdown of one GPU (profile or flags).
int runArea(const std::vector<std::string>& args, std::ostream& out);
// `cdx codesign`: the exact codesign search (progress on stderr).
int runCodesign(const std::vector<std::string>& args, std::ostream& out);

extern const char* const kAreaUsage;
extern const char* const kCodesignUsage;

} // namespace cdx::cli
