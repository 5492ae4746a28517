// SPDX-License-Identifier: GPL-3.0-or-later
#include "figure_actions.hpp"

#include "common/explorer_view.hpp"
#include "common/plot_scheme.hpp"
#include "preference.hpp"
#include "workspace.hpp"

#include <QAction>
#include <QKeySequence>
#include <QSignalBlocker>

namespace cdx::app {

namespace {
Preference<QString> plotTheme{"view/plotTheme", QStringLiteral("light")};
} // namespace

FigureActions::FigureActions(QWidget* window, std::vector<Workspace*> workspaces,
                             std::function<Workspace*()> current,
                             std::function<void(const QString&, int)> message)
    : QObject(window), workspaces_(std::move(workspaces)), message_(std::move(message)) {
    copy_ = new QAction(tr("&Copy View"), window);
    copy_->setShortcut(QKeySequence::Copy);
    copy_->setToolTip(tr("The current view's figure (as the last export drew it) and its data as "
                         "CSV, to the clipboard"));
    connect(copy_, &QAction::triggered, this, [current = std::move(current)] {
        if (Workspace* w = current(); w && w->currentView()) {
            w->copyView(*w->currentView(), true, true);
        }
    });
    // The plots' colours as the user left them.
    widgets::setPlotScheme(
        widgets::plotSchemeFromName(plotTheme.get()).value_or(widgets::PlotScheme::Light));
    apply(false);
    dark_ = new QAction(tr("&Dark Plots (High Contrast)"), window);
    dark_->setObjectName("darkPlots");
    dark_->setCheckable(true);
    dark_->setChecked(widgets::plotScheme() == widgets::PlotScheme::Dark);
    dark_->setToolTip(tr("White on near-black plots, for dark rooms and projectors; exports use "
                         "it unless the export chooses"));
    connect(dark_, &QAction::toggled, this, [this](bool on) {
        setPlotScheme(on ? widgets::PlotScheme::Dark : widgets::PlotScheme::Light);
    });
}

void FigureActions::apply(bool replot) {
    for (auto* w : workspaces_) {
        for (auto* v : w->views()) {
            widgets::applySchemeTo(*v->widget(), replot);
        }
    }
}

void FigureActions::setPlotScheme(widgets::PlotScheme scheme) {
    {
        const QSignalBlocker block(dark_);
        dark_->setChecked(scheme == widgets::PlotScheme::Dark);
    }
    plotTheme.set(widgets::plotSchemeName(scheme));
    widgets::setPlotScheme(scheme);
    apply(true);
    message_(scheme == widgets::PlotScheme::Dark ? tr("Plots: dark, high contrast")
                                                 : tr("Plots: light"),
             4000);
}

} // namespace cdx::app
