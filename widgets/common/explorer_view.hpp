// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QPaintDevice>
#include <QSize>
#include <QString>

class QWidget;

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
    // Completes work running in the background (export calls it first, so a file never
    // holds a half-computed view). Views that compute synchronously have none.
    virtual void finishPendingWork() {}
};

} // namespace cdx::widgets
