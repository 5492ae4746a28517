#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cdx::cli {

// Each command parses its arguments, computes everything, and only then prints:
// an error never leaves a partial result on stdout.
int runTalg(const std::vector<std::string>& args, std::ostream& out);
int runOptimize(const std::vector<std::string>& args, std::ostream& out);
int runProfiles(const std::vector<std::string>& args, std::ostream& out);

extern const char* const kTalgUsage;
extern const char* const kOptimizeUsage;
extern const char* const kProfilesUsage;

} // namespace cdx::cli
