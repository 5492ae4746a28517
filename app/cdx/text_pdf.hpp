// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

// A plain-text report as a PDF (cdx reproduce --report FILE.pdf): the text in Courier on A4
// landscape pages, long lines wrapped, numbered pages, a title. No library: PDF 1.4 with the
// standard Courier font (not embedded) and WinAnsi text; characters outside it are written as
// their nearest ASCII ("-" for a minus, "<=" for a less-or-equal, "?" otherwise).
namespace cdx::cli {

std::string textToPdf(const std::string& utf8Text, const std::string& title);

} // namespace cdx::cli
