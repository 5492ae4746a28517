// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSplitter>
#include <QStringList>
#include <vector>

class QAbstractItemModel;
class QColor;
class QTableView;
class QVBoxLayout;
class QWidget;

class QLabel;

namespace cdx::widgets {

// The vertical layout of a view whose content scrolls rather than squash its plots (presentation
// mode on a laptop screen): `view` gets a frameless scroll area and the returned layout lies in
// its content.
QVBoxLayout* scrollingLayout(QWidget* view);

// A splitter whose panes keep their shares through every resize, the sizes a function of the
// splitter's size alone. QSplitter spreads each change of size over its panes and rounds each
// time, so F11 and Esc left the Power view's two plots 2 px apart from where they were (issue
// 45: Esc restores pixel for pixel). The shares start from the stretch factors (equal where
// none is set); a drag of the handle sets new ones.
class ProportionalSplitter : public QSplitter {
public:
    explicit ProportionalSplitter(Qt::Orientation orientation, QWidget* parent = nullptr);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    std::vector<double> shares_;
};

// A read-only result table: sortable by any column, whole rows selected, no row numbers, the last
// column stretched, alternating row colours.
QTableView* resultTable(QWidget* parent, QAbstractItemModel* model, const char* objectName);

// Text in `colour` through the widget's palette, and the palette's secondary (mid) text colour:
// a style sheet fixed the widget's font when it was polished, and presentation mode (F11) left
// those hints and notes at 9 pt (issue 45).
void setTextColor(QWidget* w, const QColor& colour);
void setSecondaryText(QWidget* w);
// Bold or italic text that still follows the application's font size (the same reason).
void setFontStyle(QWidget* w, bool bold, bool italic = false);

// Marks an editor whose text was refused (kept for the user to correct) or clears the mark: a
// light red base and the dynamic property "refused". Through the palette, not a style sheet: a
// border changed the field's height and moved every field below it under the pointer.
void markRefused(QWidget* editor, bool refused);
// The reason beside the field itself, as the dock forms do (a tooltip shown at it and kept as
// its tooltip while it stays refused), besides the status line.
void sayRefusal(QWidget* editor, const QString& why);
// The one rule for a refused field (issue 44): marked (markRefused), the reason beside it
// (sayRefusal) and on the view's status line, "Not applied: FIELD: why", the field named in
// the window's words. The text stays where it was typed; the document keeps its last value.
void refuseField(QWidget* editor, const QString& field, const QString& why, QLabel* status);
// "n_sm: -5", one per editor under `root` that holds a refused text (markRefused): what a save
// does not contain and a quit would lose.
QStringList refusedTexts(const QWidget* root);

} // namespace cdx::widgets
