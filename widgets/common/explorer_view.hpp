// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QList>
#include <QPaintDevice>
#include <QSize>
#include <QString>
#include <QStringList>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QWidget;
class QCustomPlot;

namespace cdx::widgets {

// What every central view offers: it renders the session it is given (through core),
// draws itself onto any paint device for export, gives its data as CSV, and knows the
// presentation style.
class ExplorerView {
public:
    virtual ~ExplorerView() = default;
    virtual QString viewTitle() const = 0;
    virtual QString fileStem() const = 0; // "tile-space-map", used for export names
    virtual void setSession(const SessionState& s) = 0;
    virtual void renderTo(QPaintDevice& device, const QSize& size) = 0;
    virtual QString csv() const = 0;
    virtual void setPresentation(bool on) = 0;
    virtual QWidget* widget() = 0;
    // The validity families (profiles/validity/) of the models this view draws: an export's
    // footnote holds only their conditions (issue 45: the die-area figure listed T_alg's).
    // Empty: every model of its workspace.
    virtual QStringList figureFamilies() const { return {}; }
    // A view of several configurations (the Line-up) names them itself in an export's footnote
    // instead of the session's GPU and settings (empty: the workspace's context), and gives
    // each configuration whose calibration domain the footnote checks (none: the session).
    virtual QString figureSubject() const { return {}; }
    virtual std::vector<SessionState> figureSessions() const { return {}; }
    // The tables the view shows beside its plot (the Breakdown's): a PDF export adds them as
    // typeset pages after the figure, a CSV holds them; an image holds the figure only.
    struct Table {
        QString title;
        QStringList header;
        QList<QStringList> rows;
    };
    virtual QList<Table> tables() const { return {}; }
    // The text the window shows when the pointer rests at (x, y), in the axes of `plot`'s
    // first axis rect (its tooltip); empty where it shows none. An interactive page gives each
    // mark this text, so a hovered cell says what the window says (issue 46).
    virtual QString hoverTextAt(const QCustomPlot& plot, double x, double y) const {
        (void)plot;
        (void)x;
        (void)y;
        return {};
    }
    // The sentence that sums the view up where it has one (Compare's verdict, the Line-up's
    // ranking), as plain text: an interactive page shows it above the plot.
    virtual QString pageSentence() const { return {}; }
    // The colour scale of a view that draws one (a map): its range now, and a range to use
    // instead of its own (a composed figure with shared scales, issue 61; nullopt: its own).
    // Views without a colour scale have neither.
    virtual std::optional<std::pair<double, double>> colourRange() const { return std::nullopt; }
    virtual void setColourRange(std::optional<std::pair<double, double>> range) { (void)range; }
    // Completes work running in the background (export calls it first, so a file never
    // holds a half-computed view). Views that compute synchronously have none.
    virtual void finishPendingWork() {}
    // What the view keeps of its own settings in a saved session (SessionState::view, format
    // 2), under "<prefix>.<name>" keys, and reads back when a session opens (a key it does not
    // find, or a value it refuses, leaves that setting as it is). Most views have none.
    using ViewState = std::map<std::string, std::string>;
    virtual void saveViewState(ViewState& out, const std::string& prefix) const {
        (void)out;
        (void)prefix;
    }
    virtual void restoreViewState(const ViewState& in, const std::string& prefix) {
        (void)in;
        (void)prefix;
    }
};

} // namespace cdx::widgets
