// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <QString>
#include <map>
#include <optional>
#include <string>

class QCustomPlot;

namespace cdx::widgets {

// The roofs every roofline view draws on a log-log QCustomPlot: the attainable rate
// min(peak, intensity x bandwidth) as one solid line, and optionally a second bandwidth roof
// (dashed). Rates are divided by `yScale` (1e9: giga-units) before plotting. The axes are made
// logarithmic with decade ticks and given `xLabel` / `yLabel`.
struct RooflineRoofs {
    double peak = 0;                      // ops/s
    double bandwidth = 0;                 // B/s
    QString peakName, bandwidthName;      // legend texts
    std::optional<double> otherBandwidth; // B/s, dashed
    QString otherName;
};
// The source of a profile quantity for a roofline's "where the ceilings come from" line
// ("PPoPP'17 Table 3"), or "no source".
QString quantitySource(const std::map<std::string, Quantity>& params, const std::string& key);

void drawRoofs(QCustomPlot& plot, const RooflineRoofs& roofs, double xLo, double xHi, double yScale,
               const QString& xLabel, const QString& yLabel, double lineWidth);

} // namespace cdx::widgets
