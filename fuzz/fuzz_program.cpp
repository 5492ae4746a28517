// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the EATSS program reader (profiles/programs) on arbitrary text.
#include "eatss/eatss_model.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)cdx::eatss::programFromJson(cdx::parseJson(text, "fuzz.json"), "fuzz.json");
    } catch (const cdx::InputError&) {
    }
    return 0;
}
