// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <map>
#include <string>
#include <vector>

class QCustomPlot;
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
// The plot's annotation whose text or arrow head is within `pixels` of `pos`: its index in the
// view's list, or -1.
int annotationAt(QCustomPlot& plot, const QPointF& pos, double pixels = 8);

} // namespace cdx::widgets
