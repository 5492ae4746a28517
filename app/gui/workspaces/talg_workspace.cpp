// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/talg_workspace.hpp"

#include "common/background_job.hpp"
#include "common/number_format.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "run_database.hpp"
#include "search/proposal.hpp"
#include "session_document.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/roofline_view.hpp"
#include "talg/search_job.hpp"
#include "talg/stencil_editor.hpp"
#include "talg/sweep_view.hpp"
#include "talg/talg_defaults.hpp"
#include "talg/talg_plot_text.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/tiling_editor.hpp"
#include "talg/tiling_geometry_view.hpp"
#include "talg/top_tilings_view.hpp"
#include "talg/variant_editor.hpp"

#include <QDockWidget>

namespace cdx::app {

TalgWorkspace::TalgWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("talg", tr("Tiled\nstencils"), QIcon(":/icons/talg.svg"), context, parent) {
    map_ = new widgets::TileSpaceMapView(this);
    sweep_ = new widgets::SweepView(this);
    breakdown_ = new widgets::BreakdownView(this);
    top_ = new widgets::TopTilingsView(this);
    geometry_ = new widgets::TilingGeometryView(this);
    roofline_ = new widgets::StencilRooflineView(this);
    for (widgets::ExplorerView* v : std::initializer_list<widgets::ExplorerView*>{
             map_, sweep_, breakdown_, top_, geometry_, roofline_}) {
        addView(v);
    }
    tilingEditor_ = new widgets::TilingEditor;
    variantEditor_ = new widgets::VariantEditor;
    gpuEditor_ = new widgets::GpuEditor;
    stencilEditor_ = new widgets::StencilEditor;
    addDock(tr("Tiling"), "tilingDock", tilingEditor_);
    // Short titles: tabbed docks show them in full on a laptop-width dock.
    addDock(tr("Stencil"), "stencilDock", stencilEditor_);
    addDock(tr("GPU"), "gpuDock", gpuEditor_);
    addDock(tr("Variant"), "variantDock", variantEditor_);
    // The tiling is what a student drags: it stays in view above the tabbed parameter docks.
    tabifyDockWidget(docks()[1], docks()[2]);
    tabifyDockWidget(docks()[2], docks()[3]);
    docks()[1]->raise();
    optimize_ = new widgets::BackgroundJob(this);

    connect(gpuEditor_, &widgets::GpuEditor::gpuChosen, this, &TalgWorkspace::chooseGpuProfile);
    connect(gpuEditor_, &widgets::GpuEditor::parameterEdited, this,
            &TalgWorkspace::setGpuOrStencilParameter);
    connect(stencilEditor_, &widgets::StencilEditor::stencilChosen, this,
            &TalgWorkspace::chooseStencil);
    const auto say = [this](const QString& text) { showMessage(text, 10000); };
    connect(gpuEditor_, &widgets::GpuEditor::statusMessage, this, say);
    connect(stencilEditor_, &widgets::StencilEditor::statusMessage, this, say);
    connect(stencilEditor_, &widgets::StencilEditor::parameterEdited, this,
            &TalgWorkspace::setGpuOrStencilParameter);
    connect(stencilEditor_, &widgets::StencilEditor::problemEdited, this,
            [this](const talg::Problem& p) {
                editSession(tr("Change problem size"), [&](SessionState& s) { s.problem = p; });
            });
    // The tiling editor sets the block's threads too; a view's tiling (a map cell, a sweep
    // point, the optimum) keeps the session's threads (issue 57).
    connect(tilingEditor_, &widgets::TilingEditor::tilesEdited, this,
            [this](const talg::Tiles& t, bool dragging) {
                SessionState s = doc()->state();
                s.tiles = t;
                doc()->edit(tr("Change tiles"), s, dragging ? SessionDocument::DragTiles : -1);
            });
    connect(tilingEditor_, &widgets::TilingEditor::optimizeRequested, this,
            &TalgWorkspace::startOptimize);
    connect(optimize_, &widgets::BackgroundJob::finished, this,
            [this] { tilingEditor_->setOptimizeBusy(false); });
    connect(optimize_, &widgets::BackgroundJob::failed, this,
            [this](const QString& why) { showMessage(why); });
    connect(optimize_, &widgets::BackgroundJob::cancelled, this,
            [this] { showMessage(tr("Optimal tiles: search cancelled, nothing changed."), 5000); });
    connect(variantEditor_, &widgets::VariantEditor::variantEdited, this,
            [this](const talg::TalgVariant& v) {
                // Refused, named, where the GPU lacks what a variant reads (hiding by
                // occupancy: its compute capability, clock, Mem_LD, departure delay).
                editSession(tr("Change model variant"), [&](SessionState& s) {
                    s.variant = v;
                    if (!talg::papersModel(v)) {
                        talg::validate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), v);
                    }
                });
            });
    connect(map_, &widgets::TileSpaceMapView::tilesChosen, this, &TalgWorkspace::setTiles);
    connect(map_, &widgets::TileSpaceMapView::compareTilesChosen, this,
            &TalgWorkspace::compareWithTiles);
    connect(sweep_, &widgets::SweepView::tilesChosen, this, &TalgWorkspace::setTiles);
    connect(sweep_, &widgets::SweepView::compareTilesChosen, this,
            &TalgWorkspace::compareWithTiles);
    connect(sweep_, &widgets::SweepView::parameterChosen, this,
            [this](const QString& key, double v) { setGpuOrStencilParameter(key, v, false); });
    connect(top_, &widgets::TopTilingsView::tilesChosen, this, &TalgWorkspace::setTiles);
    connect(top_, &widgets::TopTilingsView::compareTilesChosen, this,
            &TalgWorkspace::compareWithTiles);
    connect(top_, &widgets::TopTilingsView::withinEdited, this, [this](double f) {
        editSession(tr("Change within-X%"), [&](SessionState& s) { s.within = f; });
    });
    connect(context.runs, &RunDatabase::changed, this, &TalgWorkspace::showMeasuredRuns);
    showMeasuredRuns();
}

void TalgWorkspace::initialLayout() {
    // The Tiling dock as tall as its editor; the parameter forms below get the rest.
    resizeDocks({docks().front()}, {tilingEditor_->sizeHint().height() + 30}, Qt::Vertical);
}

QString TalgWorkspace::summary() const {
    return tr("How long does a hybrid-hexagonal tiled stencil run on a GPU, why does T_alg jump "
              "as a tile size changes, and which tiles are exactly optimal? (PPoPP'17, thesis "
              "App. A)");
}

std::vector<widgets::BackgroundJob*> TalgWorkspace::jobs() const {
    return {optimize_};
}

bool TalgWorkspace::optimizing() const {
    return optimize_->isRunning();
}

void TalgWorkspace::showMeasuredRuns() {
    map_->setMeasuredRuns(context().runs->runList());
    sweep_->setMeasuredRuns(context().runs->runList());
}

void TalgWorkspace::refreshEditors(const SessionState& s) {
    gpuEditor_->setSession(s);
    stencilEditor_->setSession(s);
    tilingEditor_->setSession(s);
    variantEditor_->setSession(s);
}

QString TalgWorkspace::statusText() const {
    const SessionState& s = doc()->state();
    const int dim = s.problem.dim;
    const QString who =
        QString::fromStdString(profileLabel(s.stencil) + " on " + profileLabel(s.gpu));
    try {
        const auto r =
            talg::evaluate(s.modelStencil(), s.problem, s.tiles, s.modelGpu(), s.variant);
        if (!r.feasible) {
            return tr("%1: infeasible: %2   |   %3")
                .arg(who, QString::fromStdString(talg::describe(r.excludedBy)),
                     widgets::variantLine(s.variant, dim));
        }
        QString text = tr("T_alg = %1   |   k = %2   |   %3-bound   |   %4   |   %5")
                           .arg(widgets::formatSeconds(r.tAlg))
                           .arg(r.breakdown.k)
                           .arg(r.breakdown.computeBound ? tr("compute") : tr("memory"))
                           .arg(who, widgets::variantLine(s.variant, dim));
        if (r.warnings.has(talg::Warning::BelowIdeal)) {
            text += tr("   |   ⚠ below T_ideal (paper-pitch artefact)");
        }
        return text;
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
}

void TalgWorkspace::setTiles(const talg::Tiles& t, bool dragging) {
    SessionState s = doc()->state();
    const std::int64_t threads = s.tiles.threads;
    s.tiles = t;
    s.tiles.threads = t.threads > 0 ? t.threads : threads;
    doc()->edit(tr("Change tiles"), s, dragging ? SessionDocument::DragTiles : -1);
}

void TalgWorkspace::compareWithTiles(const talg::Tiles& t) {
    // Two tilings of one session: the baseline is this session with the other tiling.
    SessionState s = doc()->state();
    SessionState other = asBaseline(s);
    other.tiles = t;
    other.tiles.threads = t.threads > 0 ? t.threads : s.tiles.threads;
    other.title.clear(); // named by its tiling, not by the example it was opened from
    s.baseline = std::make_shared<const SessionState>(other);
    QString tiles;
    for (int i = 0; i < s.problem.dim; ++i) {
        tiles += (i ? "×" : "") + QString::number(t.space[static_cast<std::size_t>(i)]);
    }
    doc()->edit(tr("Compare with tiles %1, tT %2").arg(tiles).arg(t.time), s);
    showMessage(tr("Baseline: the same run with tiles %1, tT = %2 (dashed square on the map); the "
                   "Breakdown and Compare views difference the two. Compare ▸ Clear removes it.")
                    .arg(tiles)
                    .arg(t.time),
                10000);
}

void TalgWorkspace::startOptimize() {
    tilingEditor_->setOptimizeBusy(true);
    // The exhaustive search can be long for big 3D problems: off the GUI thread, on a copy.
    optimize_->start(tr("Searching the optimal tiles…"), [this, start = doc()->state()](
                                                             widgets::JobControl& control) {
        SessionState s = start;
        // Progress, Cancel and the up-front estimate in the status bar.
        const auto r =
            widgets::runSearchJob(control, s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                  search::withinOptions(0.0)); // the best only (and its ties)
        const bool found = r.found;
        if (found) {
            const std::int64_t threads = s.tiles.threads;
            s.tiles = r.best.tiles;
            s.tiles.threads = threads; // the block is the user's
        }
        // An estimated C_iter (the clock rule) is low-confidence (issue 57):
        // say whether the optimum moves at half and at twice it.
        QString cIterNote;
        const auto c = s.gpu.cIterByStencil.find(s.stencil.id);
        if (found && c != s.gpu.cIterByStencil.end() && c->second.kind == "estimated") {
            const auto check = search::checkCIter(s.modelStencil(), s.problem, s.modelGpu(),
                                                  s.variant, r.best.tiles);
            cIterNote = check.dependsOnIt
                            ? tr(" C_iter is an estimate (the clock rule) and the choice "
                                 "depends on it: the optimum moves at half or twice it. "
                                 "Measure a few tilings (cdx propose) and fit it.")
                            : tr(" C_iter is an estimate (the clock rule); the optimum "
                                 "stays at half and at twice it.");
        }
        return [this, start, s, found, cIterNote] {
            if (!found) {
                showMessage(tr("No feasible tiling for this problem and GPU."));
            } else if (doc()->state() != start) {
                // Stale: its optimum no longer applies to the edited session.
                showMessage(tr("The session changed during the search; press "
                               "Optimal tiles again."));
            } else {
                doc()->edit(tr("Optimal tiles"), s);
                showMessage(tr("Optimal tiles set.") + cIterNote,
                            cIterNote.isEmpty() ? 4000 : 12000);
            }
        };
    });
}

void TalgWorkspace::chooseStencil(const QString& id) {
    const bool file = id.contains('/') || id.endsWith(".json");
    const bool done = editSession(tr("Choose stencil %1").arg(id), [&](SessionState& s) {
        s.stencil = loadStencilProfile(id.toStdString());
        if (s.stencil.dim != s.problem.dim) {
            s.problem = talg::defaultProblem(s.stencil.dim);
            s.tiles = talg::defaultTiles(s.stencil.dim);
            try {
                applyOptimalTiles(s); // needs C_iter; without one the default tiles stay
            } catch (const InputError&) {
            }
        }
    });
    if (done && file) {
        showMessage(tr("Opened stencil profile %1: %2")
                        .arg(id, QString::fromStdString(doc()->state().stencil.name)),
                    8000);
    }
}

} // namespace cdx::app
