// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

// An HTML document typeset as a PDF (cdx reproduce --report FILE.pdf) by Qt: QTextDocument
// lays it out (real, embedded fonts; lines wrapped at word boundaries; tables whose <thead>
// repeats at the top of every page they span; "page-break-after: always" starts a page) and
// QPdfWriter writes A4 landscape pages, numbered at the foot. Runs without a display: a
// program with no Qt application gets an offscreen one for the call.
namespace cdx::cli {

// Whether this build typesets PDFs (the Qt build; a build without Qt writes HTML only).
bool canTypesetPdf();
// Throws InputError naming `file` when this build cannot typeset.
std::string typesetPdf(const std::string& html, const std::string& title, const std::string& file);

} // namespace cdx::cli
