// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QWidget;

namespace cdx::widgets {

// A note placed on a plot (issue 45: "an arrow and a text on the jump"): its text at (tx, ty)
// and an arrow from it to (x, y), both in the axes' coordinates, on axis rect `rect` of the
// view's plot number `plot` (a view's plots in the order it made them).
struct Annotation {
    int plot = 0;
    int rect = 0;
    double x = 0, y = 0;
    double tx = 0, ty = 0;
    QString text;
    bool operator==(const Annotation&) const = default;
};

// The annotations a session keeps for a view (SessionState::view, "<prefix>.annotation.NN" =
// "plot;rect;x;y;tx;ty;text"): saved with the session, undone with it. Entries that do not
// parse (or whose coordinates are not finite) are left out.
std::vector<Annotation> annotationsIn(const std::map<std::string, std::string>& view,
                                      const std::string& prefix);
void setAnnotationsIn(std::map<std::string, std::string>& view, const std::string& prefix,
                      const std::vector<Annotation>& annotations);
// Whether a view-state key holds an annotation (kept when the window rewrites the view state).
bool isAnnotationKey(const std::string& key);

// A view's plots, in the order the view made them.
QList<QCustomPlot*> viewPlots(QWidget& view);

// Shows `annotations` on the view's plots: each plot keeps its own and draws them again
// whenever they are missing (a view that clears its items on a redraw), before every replot
// and every export, in the plot's current tick-label font.
void showAnnotations(QWidget& view, const std::vector<Annotation>& annotations);
void syncAnnotations(QCustomPlot& plot);
// Draws none of the view's annotations while suspended (a composed figure's panel that shows
// another session: the session's notes are not the baseline's), and all again after.
void suspendAnnotations(QWidget& view, bool suspended);
// The plot's annotation whose text or arrow head is within `pixels` of `pos`: its index in the
// view's list, or -1.
int annotationAt(QCustomPlot& plot, const QPointF& pos, double pixels = 8);

// Lets the plot's annotations be dragged by their text (issue 55: a drag on one took the tiling
// under it): a left press on an annotation's text is the annotation's, not the plot's (the view
// never sees it); the text follows the pointer, its arrow still ends where it pointed, and on
// release `moved(index, tx, ty)` gets the annotation's index in the view's list and its text's
// new place in the axes' coordinates (one undoable edit for the caller to make).
void enableAnnotationDrag(QCustomPlot& plot,
                          std::function<void(int index, double tx, double ty)> moved);

// Where a new annotation's text goes (axes' coordinates of `rect`): up and to the right of the
// point (x, y) it points at, else another corner or farther out, the first place whose box
// keeps clear of the plot's other texts (labels, other annotations) and of its markers (graphs
// of at most three points: a minimum, the current tiling) and stays inside the axes (issue 55:
// a new annotation covered the map's minimum label, or the current tiling's marker).
QPointF annotationTextPlace(QCustomPlot& plot, int rect, double x, double y, const QString& text);

// The data point an annotation made at `pixel` points at (issue 61): the nearest point of the
// rect's graphs within `pixels`, else the centre of the colour map's cell there; nullopt where
// neither is (the arrow then points at the place clicked).
std::optional<QPointF> nearestDataPoint(QCustomPlot& plot, QCPAxisRect& rect, const QPointF& pixel,
                                        double pixels = 12);

} // namespace cdx::widgets
