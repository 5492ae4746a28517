// SPDX-License-Identifier: GPL-3.0-or-later
// How views write numbers: one place for fixed decimals, significant digits, seconds, counts
// and cycles, so that a value reads the same in every view.
#pragma once

#include <QString>

namespace cdx::widgets {

// `v` with `decimals` digits after the point, never "-0.00": a value that rounds to zero is
// printed as zero (the sign of a rounding residue is not information).
QString fixed(double v, int decimals);

// `v` with `digits` significant digits, the shorter of fixed and exponent notation: "0.1235",
// "1.235e+06" (QString::number's 'g'). The figures' default.
QString significant(double v, int digits);
// As significant, or "—" for a value that is not finite (a fit without test points).
QString significantOrDash(double v, int digits);

// Seconds with a sensible number of digits: "9.934548 s", "3.63e-07 s".
QString formatSeconds(double s);

// A count of elements or bytes with thousands grouped ("1,048,576"), two decimals when it is
// not whole; "–" for NaN.
QString grouped(double v);

// Cycles: whole below a million ("12034"), six significant digits above ("1.23457e+07").
QString cycles(double v);

} // namespace cdx::widgets
