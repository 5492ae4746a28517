// SPDX-License-Identifier: GPL-3.0-or-later
// How views write numbers: one place for fixed decimals, significant digits, seconds, counts
// and cycles, so that a value reads the same in every view.
#pragma once

#include <QString>
#include <optional>

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

// A value as `cdx` prints it (core's formatG: 15 significant digits for a count, 6 otherwise),
// "–" when there is none: the Compare and Line-up views show the command's numbers.
QString asCommandPrints(std::optional<double> v, bool integer);

// A number of a CSV export: 17 significant digits, so that it reads back as the same double;
// empty for none or NaN.
QString csvNumber(std::optional<double> v);

// Cycles: whole below a million ("12034"), six significant digits above ("1.23457e+07").
QString cycles(double v);

} // namespace cdx::widgets
