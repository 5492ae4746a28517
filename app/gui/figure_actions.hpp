// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/plot_scheme.hpp"

#include <QObject>
#include <functional>
#include <vector>

class QAction;
class QWidget;

namespace cdx::app {

class Workspace;

// The shell's figure entries (issue 45): Edit ▸ Copy View (Ctrl+C: the current view's figure and
// data; a field with the focus keeps Ctrl+C for its text) and View ▸ Dark Plots (every plot's
// colours, saved in the settings and restored at start).
class FigureActions : public QObject {
    Q_OBJECT

public:
    FigureActions(QWidget* window, std::vector<Workspace*> workspaces,
                  std::function<Workspace*()> current,
                  std::function<void(const QString&, int)> message);
    QAction* copyView() const { return copy_; }
    QAction* darkPlots() const { return dark_; }
    // Every plot in `scheme` now and in later exports; the action and the settings follow.
    void setPlotScheme(widgets::PlotScheme scheme);

private:
    void apply(bool replot);
    std::vector<Workspace*> workspaces_;
    std::function<void(const QString&, int)> message_;
    QAction* copy_ = nullptr;
    QAction* dark_ = nullptr;
};

} // namespace cdx::app
