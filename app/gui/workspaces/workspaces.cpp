// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/workspaces.hpp"

#include "workspaces/area_workspace.hpp"
#include "workspaces/chain_workspace.hpp"
#include "workspaces/eatss_workspace.hpp"
#include "workspaces/energy_workspace.hpp"
#include "workspaces/mwp_workspace.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

namespace cdx::app {

namespace {
template <class W> Workspace* make(const WorkspaceContext& c, QWidget* parent) {
    return new W(c, parent);
}
} // namespace

std::vector<Workspace*> createWorkspaces(const WorkspaceContext& context, QWidget* parent) {
    // A new model family adds its workspace here: one line (and its files in CMakeLists.txt).
    using Factory = Workspace* (*)(const WorkspaceContext&, QWidget*);
    static constexpr Factory kWorkspaces[] = {
        &make<TalgWorkspace>,   // Tiled stencils (PPoPP'17)
        &make<AreaWorkspace>,   // Die area & codesign (thesis App. C)
        &make<MwpWorkspace>,    // MWP-CWP & power (Hong)
        &make<EnergyWorkspace>, // Energy (thesis App. B)
        &make<EatssWorkspace>,  // EATSS (CGO'24)
        &make<ChainWorkspace>,  // Matrix chains (thesis App. D)
        &make<RunsWorkspace>,   // Measured runs
    };
    std::vector<Workspace*> out;
    for (Factory f : kWorkspaces) {
        out.push_back(f(context, parent));
        out.back()->addCompareView(); // the shell's, from core/compare: no family code
        out.back()->addLineupView();  // the shell's, from core/lineup: no family code
        out.back()->addTrustView();   // the shell's, from profiles/validity/: no family code
    }
    return out;
}

} // namespace cdx::app
