#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cdx::cli {

// `cdx runs import|list|stats|calibrate`: the measured-run database.
int runRuns(const std::vector<std::string>& args, std::ostream& out);

extern const char* const kRunsUsage;

} // namespace cdx::cli
