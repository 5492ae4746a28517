// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

// A codesign grid axis as a person types it (issue 32): values and inclusive arithmetic runs
// separated by commas, "2:32:2" (from 2 to 32 in steps of 2), "12,24,36,48:480:48", "1555".
namespace cdx::search {

struct AxisRule {
    bool integers = false; // every value a whole number
    double min = 0;        // values in (min, max] (exclusive minimum: 0 for sizes)
    double max = 1048576;
    std::size_t maxValues = 4096;
};

// The rules of the codesign grid's axes, one for the window's Grid row and `cdx codesign`
// (issue 44: one syntax for both): n_SM and n_V counts, M_SM sizes [KB], bandwidths [GB/s].
inline constexpr AxisRule kCountAxis{true, 0, 1048576, 4096};
inline constexpr AxisRule kSizeAxis{false, 0, 1048576, 4096};
inline constexpr AxisRule kBandwidthAxis{false, 0, 1e6, 4096};
// The chip model's axes (issue 59): SM clocks [MHz] and memory stacks or chips.
inline constexpr AxisRule kClockAxis{false, 0, 1e5, 4096};
inline constexpr AxisRule kStacksAxis{true, 0, 64, 64};

// The values in typed order (duplicates refused: each design once). InputError naming `field`
// with the text and the allowed form for an empty item, a bad number, a run whose step is not
// positive or whose end is below its start, a value outside (min, max], a non-integer where
// integers are required, a duplicate, or more than maxValues values.
std::vector<double> parseAxis(std::string_view text, const std::string& field, const AxisRule& r);

// The shortest text parseAxis reads back as `values`: runs of three or more equal steps as
// "a:b:step", the rest as single values ("12,24,36,48:480:48").
std::string axisText(const std::vector<double>& values);

} // namespace cdx::search
