// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/text_pdf.hpp"

#include <cstdio>
#include <sstream>
#include <vector>

namespace cdx::cli {

namespace {

constexpr double kPageWidth = 842; // A4 landscape [pt]
constexpr double kPageHeight = 595;
constexpr double kMargin = 36;
constexpr double kFontSize = 7.5;
constexpr double kLeading = 9;
// Courier's advance is 0.6 em.
constexpr int kColumns = static_cast<int>((kPageWidth - 2 * kMargin) / (0.6 * kFontSize));
constexpr int kRowsPerPage =
    static_cast<int>((kPageHeight - 2 * kMargin - 2 * kLeading) / kLeading);

// One UTF-8 code point from `s` at `i` (advanced); U+FFFD for a malformed sequence.
char32_t next(const std::string& s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i++]);
    if (b < 0x80) {
        return b;
    }
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
    if (extra < 0) {
        return 0xFFFD;
    }
    char32_t c = b & (0x3F >> extra);
    for (int k = 0; k < extra; ++k) {
        if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
            return 0xFFFD;
        }
        c = (c << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    }
    return c;
}

// A code point in WinAnsi (bytes), or its nearest ASCII.
std::string winAnsi(char32_t c) {
    if (c < 0x80 || (c >= 0xA0 && c <= 0xFF)) {
        return std::string(1, static_cast<char>(c));
    }
    switch (c) {
    case 0x2212: // minus
    case 0x2013: // en dash
    case 0x2014: // em dash
        return "-";
    case 0x2264:
        return "<=";
    case 0x2265:
        return ">=";
    case 0x2192:
        return "->";
    case 0x2248:
        return "~";
    case 0x2026:
        return "...";
    case 0x00B7:
    case 0x22C5:
        return "*";
    case 0x2019:
        return "'";
    case 0x201C:
    case 0x201D:
        return "\"";
    case 0x03B2:
        return "beta";
    case 0x03B1:
        return "alpha";
    case 0x03C4:
        return "tau";
    case 0x03C6:
        return "phi";
    case 0x03A3:
        return "Sum";
    case 0x221A:
        return "sqrt";
    case 0x25B8:
        return ">";
    default:
        return "?";
    }
}

// The text as WinAnsi lines of at most kColumns characters (long lines wrapped with an indent).
std::vector<std::string> layout(const std::string& text) {
    std::vector<std::string> out;
    std::string line;
    int width = 0;
    const auto flush = [&] {
        out.push_back(line);
        line.clear();
        width = 0;
    };
    for (std::size_t i = 0; i < text.size();) {
        const char32_t c = next(text, i);
        if (c == '\n') {
            flush();
            continue;
        }
        const std::string w = winAnsi(c == '\t' ? U' ' : c);
        if (width + static_cast<int>(w.size()) > kColumns) {
            flush();
            line = "      "; // a wrapped line's continuation
            width = 6;
        }
        line += w;
        width += static_cast<int>(w.size());
    }
    if (!line.empty()) {
        flush();
    }
    return out;
}

std::string escaped(const std::string& s) {
    std::string out;
    for (const char ch : s) {
        if (ch == '(' || ch == ')' || ch == '\\') {
            out += '\\';
        }
        out += ch;
    }
    return out;
}

std::string pdfNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

} // namespace

std::string textToPdf(const std::string& utf8Text, const std::string& title) {
    const std::vector<std::string> lines = layout(utf8Text);
    const std::string head = layout(title).empty() ? std::string() : layout(title).front();
    const std::size_t pages = lines.empty() ? 1 : (lines.size() + kRowsPerPage - 1) / kRowsPerPage;
    // Objects: 1 catalog, 2 pages, 3 font, 4 info, then per page: page, contents.
    std::vector<std::string> objects;
    objects.push_back("<< /Type /Catalog /Pages 2 0 R >>");
    std::string kids;
    for (std::size_t p = 0; p < pages; ++p) {
        kids += std::to_string(5 + 2 * p) + " 0 R ";
    }
    objects.push_back("<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages) +
                      " >>");
    objects.push_back("<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding "
                      "/WinAnsiEncoding >>");
    objects.push_back("<< /Title (" + escaped(head) + ") /Producer (Codesign Explorer) >>");
    for (std::size_t p = 0; p < pages; ++p) {
        std::ostringstream c;
        c << "BT /F1 " << pdfNumber(kFontSize) << " Tf " << pdfNumber(kLeading) << " TL "
          << pdfNumber(kMargin) << ' ' << pdfNumber(kPageHeight - kMargin) << " Td\n";
        c << '(' << escaped(head) << "   page " << p + 1 << " of " << pages << ") Tj T* T*\n";
        for (std::size_t k = p * kRowsPerPage; k < std::min(lines.size(), (p + 1) * kRowsPerPage);
             ++k) {
            c << '(' << escaped(lines[k]) << ") Tj T*\n";
        }
        c << "ET\n";
        const std::string stream = c.str();
        objects.push_back("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + pdfNumber(kPageWidth) +
                          ' ' + pdfNumber(kPageHeight) +
                          "] /Resources << /Font << /F1 3 0 R >> >> "
                          "/Contents " +
                          std::to_string(6 + 2 * p) + " 0 R >>");
        objects.push_back("<< /Length " + std::to_string(stream.size()) + " >>\nstream\n" + stream +
                          "endstream");
    }
    std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        offsets.push_back(pdf.size());
        pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    const std::size_t xref = pdf.size();
    pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (const std::size_t o : offsets) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%010zu 00000 n \n", o);
        pdf += buf;
    }
    pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
           " /Root 1 0 R /Info 4 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return pdf;
}

} // namespace cdx::cli
