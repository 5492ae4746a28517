// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

// The one place where the model's unit conversions live (spec/talg-time-model.md §2.1).
namespace cdx::units {

// Which gigabyte the micro-benchmarked L [s/GB] refers to; the sources do not say (erratum I10).
enum class GigaByte { Decimal, Binary };

inline constexpr double bytesPerGigabyte(GigaByte gb) {
    return gb == GigaByte::Decimal ? 1e9 : 1073741824.0;
}

// L_w [s/word] = L [s/GB] * b_w [B/word] / GB [B].
inline constexpr double secondsPerWord(double secondsPerGb, int bytesPerWord, GigaByte gb) {
    return secondsPerGb * bytesPerWord / bytesPerGigabyte(gb);
}

// Shared-memory capacity in words: floor(KB * 1024 / b_w), with KB = 1024 B.
inline std::int64_t kibToWords(double kib, int bytesPerWord) {
    return static_cast<std::int64_t>(kib * 1024.0 / bytesPerWord);
}

} // namespace cdx::units
