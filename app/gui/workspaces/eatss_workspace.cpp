// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/eatss_workspace.hpp"

#include "common/background_job.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_editor.hpp"
#include "eatss/eatss_grid_view.hpp"
#include "eatss/eatss_map_view.hpp"
#include "eatss/eatss_measurements_view.hpp"
#include "eatss/eatss_model_view.hpp"
#include "session_document.hpp"

namespace cdx::app {

EatssWorkspace::EatssWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("eatss", tr("EATSS"), QIcon(":/icons/eatss.svg"), context, parent) {
    model_ = new widgets::EatssModelView(this);
    map_ = new widgets::EatssMapView(this);
    grid_ = new widgets::EatssGridView(this);
    measurements_ = new widgets::EatssMeasurementsView(this);
    for (widgets::ExplorerView* v :
         std::initializer_list<widgets::ExplorerView*>{model_, map_, grid_, measurements_}) {
        addView(v);
    }
    editor_ = new widgets::EatssEditor;
    addDock(tr("EATSS inputs"), "eatssDock", editor_);
    connect(editor_, &widgets::EatssEditor::edited, this,
            [this](const QString& label, const EatssSettings& e) {
                editSession(label, [&](SessionState& s) { s.eatss = e; });
            });
    connect(editor_, &widgets::EatssEditor::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(editor_, &widgets::EatssEditor::statusMessage, this,
            [this](const QString& text) { showMessage(text, 10000); });
    // The status line says "searching" while a long exact search runs, the optimum after.
    for (widgets::BackgroundJob* exact : {model_->exactJob(), map_->exactJob()}) {
        connect(exact, &widgets::BackgroundJob::finished, this, &EatssWorkspace::statusChanged);
    }
    connect(map_, &widgets::EatssMapView::axesChosen, this,
            [this](const QString& x, const QString& y) {
                editSession(tr("Map T_%1 × T_%2").arg(x, y), [&](SessionState& s) {
                    s.eatss.mapX = x.toStdString();
                    s.eatss.mapY = y.toStdString();
                });
            });
}

QString EatssWorkspace::summary() const {
    return tr("Which tile sizes should an affine loop nest (PolyBench, convolutions) get on a GPU "
              "to save energy, what does the model behind EATSS derive from the program, and "
              "where does the published tool's Z3 answer differ from the exact one? (CGO'24)");
}

std::vector<widgets::BackgroundJob*> EatssWorkspace::jobs() const {
    return {model_->job(), model_->exactJob(), map_->exactJob(), grid_->job()};
}

void EatssWorkspace::refreshEditors(const SessionState& s) {
    editor_->setSession(s);
}

QString EatssWorkspace::figureContext(const widgets::ExplorerView&) const {
    const auto& e = doc()->state().eatss;
    return tr("%1 on %2").arg(QString::fromStdString(e.program.id), QString::fromStdString(e.gpu));
}

QString EatssWorkspace::figureSubject() const {
    const auto& e = doc()->state().eatss;
    return QString::fromStdString(e.program.id + "-" + e.gpu);
}

QString EatssWorkspace::statusText() const {
    const auto& e = doc()->state().eatss;
    // The views search (and keep) the optimum before the status line asks: it never searches
    // more than the first 4,096 steps itself (a long search running in the background would
    // otherwise be started again here, on the GUI thread, at every status update).
    const auto c = widgets::computeEatss(e, 0);
    if (c.pending) {
        return tr("searching for the exact optimum in the background   |   %1")
            .arg(widgets::eatssContext(e));
    }
    if (!c.solution) {
        return c.error;
    }
    if (!c.solution->feasible) {
        return tr("infeasible   |   %1").arg(widgets::eatssContext(e));
    }
    return tr("W = %1 at T = %2   |   %3")
        .arg(c.solution->objective)
        .arg(widgets::tileText(c.solution->tiles), widgets::eatssContext(e));
}

} // namespace cdx::app
