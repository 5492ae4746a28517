// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the measured-runs importer, CSV and JSON, on arbitrary text. It reports
// problems as row issues and never throws.
#include "runs/run_import.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    static const cdx::runs::KnownIds ids = [] {
        cdx::runs::KnownIds k;
        k.gpus = {"gtx980", "titanx"};
        k.stencils = {{"jacobi1d", 1}, {"heat2d", 2}, {"heat3d", 3}};
        return k;
    }();
    (void)cdx::runs::parseRunsCsv(text, "fuzz.csv", ids);
    (void)cdx::runs::parseRunsJson(text, "fuzz.json", ids);
    return 0;
}
