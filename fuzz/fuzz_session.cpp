// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the session reader (every family's block) on arbitrary text.
#include "params/input_error.hpp"
#include "session/session.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)cdx::sessionFromJson(text, "fuzz.cdx.json");
    } catch (const cdx::InputError&) {
    }
    return 0;
}
