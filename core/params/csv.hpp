// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace cdx {

// One CSV record (RFC 4180: a quoted field may hold commas, "" is a quote), each field trimmed
// of surrounding blanks and a trailing carriage return. `badQuote` (if given) is set when a
// quote is left open. Measured runs' import, the views' CSV and the interactive page read
// records with it.
std::vector<std::string> splitCsvRecord(const std::string& line, bool* badQuote = nullptr);

} // namespace cdx
