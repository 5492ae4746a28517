// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QWidget;

namespace cdx::app {

// Ctrl+Z / Ctrl+Shift+Z with the focus in a field of `window` undo on the session document (the
// Edit menu's shortcut), not in the field's own text history: the field then shows the
// document's value again, and the views follow. Text typed into the field and not taken (not
// yet committed, or refused) is undone first, in the field: an undo never throws typed text
// away together with an earlier edit. Installed on the application.
class FieldUndoRouter : public QObject {
    Q_OBJECT

public:
    explicit FieldUndoRouter(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QWidget* window_;
};

} // namespace cdx::app
