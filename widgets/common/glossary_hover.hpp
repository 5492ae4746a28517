// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPoint>
#include <QString>
#include <QStringList>

class QObject;
class QWidget;

namespace cdx::glossary {
struct Entry;
}

// Hovering a symbol anywhere in the window shows its glossary entry (issue 31): a table cell or
// header, a plot's axis title, named bar (a text ticker's label) or legend item, a label (editor
// fields, badges) or a check box.
// One event filter on the application does it for every workspace; a widget's workspace says
// which glossary families it speaks (the "glossaryFamilies" property of an ancestor, set by the
// workspace shell; all families where none is set).
namespace cdx::widgets {

// The entry `label` names among `families` (all when empty): the label itself as a key or a
// symbol; else without its unit or colon ("T_alg (s)", "E_alg [J]", "n_SM:"); else its last
// dotted part ("trace.mem_l"). With `words` (axis titles, legends) also its first word
// ("tS1: hexagon base"). nullptr when it names none.
const glossary::Entry* glossaryEntryForLabel(const QString& label, const QStringList& families,
                                             bool words = false);

// The tooltip hovering `pos` (in `w`'s coordinates) shows from the glossary: the entry, below
// the widget's or the cell's own tooltip where it has one (once: the Talg breakdown's rows
// already are their entries); empty when the text there names no entry.
QString glossaryTipAt(QWidget* w, const QPoint& pos);

// The families `w` speaks: its nearest ancestor's "glossaryFamilies" property.
QStringList glossaryFamiliesOf(const QWidget* w);

// Installs the filter on `application` (once; later calls do nothing).
void installGlossaryHover(QObject* application);

} // namespace cdx::widgets
