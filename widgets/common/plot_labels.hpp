// SPDX-License-Identifier: GPL-3.0-or-later
// Labels on a plot that keep off each other, the legend and the data; legends placed beside
// or under the axes with as many columns as fit.
#pragma once

class QCustomPlot;
class QCPItemText;

namespace cdx::widgets {

// Keeps `label` from overlapping the other labels so marked and the legend (issue 45: the
// Codesign view's "Titan X at 5 nm …" covered "GTX 980 at 5 nm …", the best design's and the
// baseline's labels collided). Before every replot each label starts at its own place (where the
// view put it) and one that overlaps a label of higher `priority`, or the legend, moves up or
// down by the overlap, whichever is shorter and stays inside the axes. A view that moves a
// label calls it again.
// With `clearOfData` the label also keeps off the plot's marks (the points of every graph with
// a scatter style): it takes the place above or below its own, inside the axes, that covers
// fewest of them and no other label, and a thin line in its colour leads from its own place to
// it when it moved by more than its height (the Codesign references' labels sat on the dense
// design cloud).
void keepApart(QCPItemText* label, int priority, bool clearOfData = false);
// Does it now (the replot hook's work), for the plot's current layout.
void separateLabels(QCustomPlot& plot);

// Moves the plot's legend out of the axes into a row of its own under them, `wrap` items per
// row, filled column by column, without a frame (inside the axes it covered data).
void placeLegendBelow(QCustomPlot& plot, int wrap);
// At most that many columns, as many as fit `width` pixels (placeLegendBelow calls it before
// every replot; an export, for the width it draws the plot at).
void fitLegendColumns(QCustomPlot& plot, int width);
// The legend in a column right of the axis rect, never over the data (a scatter fills the
// whole rect: a corner legend hid points).
void placeLegendRight(QCustomPlot& plot);

} // namespace cdx::widgets
