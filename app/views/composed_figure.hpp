// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "session/session.hpp"

#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

namespace cdx::app {

class Workspace;

// A figure of two to four views side by side (issue 61): the GTX 980's map beside the H100's
// (the session's and its baseline's), or views of two workspaces, in a row or a 2 × 2 grid, with
// shared or separate colour scales, one title and, on export, one footnote. Saved in the session
// as view keys "compose.*" (kept with the session's annotations and edited through its undo
// stack); exported as every view is (PNG, PDF, SVG, CSV, an interactive page) and headless with
// `--export compose:VIEW,VIEW@baseline=FILE` (or `compose=FILE`: the session's composition).
struct Composition {
    struct Panel {
        QString view;          // a view's file stem: "tile-space-map"
        bool baseline = false; // the session's baseline instead of the session
        bool operator==(const Panel&) const = default;
    };
    QString title;            // empty: made from the panels
    bool grid = false;        // a 2 x 2 grid, else a row
    bool sharedScales = true; // one colour scale across the panels that have one
    std::vector<Panel> panels;
    bool operator==(const Composition&) const = default;
};

inline constexpr std::size_t kMinPanels = 2;
inline constexpr std::size_t kMaxPanels = 4;

// "tile-space-map,tile-space-map@baseline": the panels of --export compose:...; an error names
// what is wrong (count, an unknown view, a source other than @baseline) and `known` views.
std::optional<std::vector<Composition::Panel>>
parsePanels(const QString& text, const QStringList& known, QString* error);
QString panelsText(const std::vector<Composition::Panel>& panels);

// The session's composition (its "compose.*" view keys), or nullopt; a refused value leaves none.
std::optional<Composition> compositionOf(const SessionState& s, const QStringList& known);
// `s` with the composition written into its view keys (replacing any before).
SessionState withComposition(const SessionState& s, const Composition& c);
bool isCompositionKey(const std::string& key);

// The composed figure as a view for the exports: it renders each panel's view at its cell's
// size with the panel's session (the view's own session is given back afterwards).
class ComposedFigure : public QWidget, public widgets::ExplorerView {
public:
    ComposedFigure(std::vector<Workspace*> workspaces, Composition c, SessionState session,
                   QWidget* parent = nullptr);

    QString viewTitle() const override;
    QString fileStem() const override { return QStringLiteral("composed"); }
    void setSession(const SessionState& s) override { session_ = s; }
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override; // each panel's CSV under a line naming it
    void setPresentation(bool on) override { presentation_ = on; }
    QWidget* widget() override { return this; }
    QStringList figureFamilies() const override;
    void finishPendingWork() override;

    // Where panel i is drawn on a figure of `size` pixels (the title above them).
    QRect cellRect(std::size_t i, const QSize& size) const;
    // The view of panel i, and its workspace (nullptr: unknown view).
    widgets::ExplorerView* panelView(std::size_t i) const;
    Workspace* panelWorkspace(std::size_t i) const;
    const Composition& composition() const { return c_; }
    // The session a panel shows: the session, or its baseline (an error when it has none).
    const SessionState& panelSession(std::size_t i) const;

private:
    std::vector<Workspace*> workspaces_;
    Composition c_;
    SessionState session_;
    bool presentation_ = false;
};

} // namespace cdx::app
