// SPDX-License-Identifier: GPL-3.0-or-later
// Drag latency of the Talg workspace (issue 33): the tile-space map, the sweep, the breakdown,
// the stencil roofline and the tiling geometry while tS1 is dragged over the slider's range
// (1..128 and back), without and with a baseline pinned (issue 29: the map marks the baseline's
// tiling, the breakdown differences the two), each step core's recompute, the replot and the
// events it posts; offscreen at the view area of a 1366 x 768 window.

#include "latency.hpp"
#include "session/session.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/roofline_view.hpp"
#include "talg/sweep_view.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/tiling_geometry_view.hpp"

#include <memory>

using namespace cdx;
using namespace cdx::widgets;

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bench::header("Talg workspace, Heat 2D 8192^2 x 8192 on the GTX 980, 880x690 px");
    std::vector<std::pair<std::string, std::unique_ptr<ExplorerView>>> views;
    views.emplace_back("Tile-space map", std::make_unique<TileSpaceMapView>());
    views.emplace_back("Sweep", std::make_unique<SweepView>());
    views.emplace_back("Breakdown", std::make_unique<BreakdownView>());
    views.emplace_back("Roofline", std::make_unique<StencilRooflineView>());
    views.emplace_back("Tiling geometry", std::make_unique<TilingGeometryView>());
    for (auto& [name, v] : views) {
        bench::place(*v->widget());
        for (const bool pinned : {false, true}) {
            SessionState s = defaultSession();
            if (pinned) {
                s.baseline = std::make_shared<const SessionState>(asBaseline(s));
            }
            v->setSession(s);
            v->finishPendingWork();
            QApplication::processEvents();
            bench::row(name, pinned ? "tS1 slider, baseline pinned" : "tS1 slider",
                       bench::drag(3 * 2 * 127, [&](int i) {
                           s.tiles.space[0] = 1 + bench::pingPong(i, 128);
                           v->setSession(s);
                       }));
            v->finishPendingWork();
        }
        v->widget()->hide();
    }
    return 0;
}
