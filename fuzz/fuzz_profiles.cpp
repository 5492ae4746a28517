// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: every JSON profile reader (GPU, MWP-CWP GPU, stencil, kernel, energy, area
// coefficients, the published table and the validity files, with the domain check of a
// validity file against the same text as a session) on arbitrary text. Refusing input is an
// InputError; anything else (another exception, a crash, a sanitizer report) is a finding.
#include "area/area_model.hpp"
#include "energy/energy_profiles.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "published/published.hpp"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    nlohmann::json j;
    try {
        j = cdx::parseJson(text, "fuzz.json");
    } catch (const cdx::InputError&) {
        return 0;
    }
    const auto tryReader = [&](auto&& read) {
        try {
            read();
        } catch (const cdx::InputError&) {
        }
    };
    tryReader([&] { cdx::gpuProfileFromJson(j, "fuzz.json", true); });
    tryReader([&] { cdx::gpuProfileFromJson(j, "fuzz.json", false); });
    tryReader([&] { cdx::stencilProfileFromJson(j, "fuzz.json"); });
    tryReader([&] { cdx::kernelProfileFromJson(j, "fuzz.json"); });
    tryReader([&] { cdx::energy::energyProfileFromJson(j, "fuzz.json"); });
    tryReader([&] { cdx::area::coefficientSetFromJson(j, "fuzz.json"); });
    tryReader([&] { cdx::published::entriesFromText(text, "fuzz.json"); });
    tryReader([&] {
        const auto v = cdx::published::validityFromText(text, "fuzz.json");
        for (const auto& d : cdx::published::domainValues(v, text)) {
            (void)d.message();
        }
    });
    return 0;
}
