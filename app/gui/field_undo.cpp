// SPDX-License-Identifier: GPL-3.0-or-later
#include "field_undo.hpp"

#include <QAbstractSpinBox>
#include <QKeyEvent>
#include <QLineEdit>

namespace cdx::app {

FieldUndoRouter::FieldUndoRouter(QWidget* window) : QObject(window), window_(window) {}

bool FieldUndoRouter::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() != QEvent::ShortcutOverride) {
        return false;
    }
    auto* key = static_cast<QKeyEvent*>(e);
    const bool undo = key->matches(QKeySequence::Undo);
    if (!undo && !key->matches(QKeySequence::Redo)) {
        return false;
    }
    if (auto* line = qobject_cast<QLineEdit*>(watched);
        line && (undo ? line->isUndoAvailable() : line->isRedoAvailable())) {
        return false; // the field accepts the override and undoes its own typing
    }
    if ((qobject_cast<QLineEdit*>(watched) || qobject_cast<QAbstractSpinBox*>(watched)) &&
        static_cast<QWidget*>(watched)->window() == window_) {
        e->ignore();
        return true; // not accepted: the Edit menu's shortcut runs
    }
    return false;
}

} // namespace cdx::app
