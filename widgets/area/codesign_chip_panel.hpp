// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Codesign view's chip model (issue 59): a row of settings (on, memory technology, whole
// die, objective, the clock and stacks axes) and, below the area plot, the trade-off it opens:
// speed-up against power for every design, coloured by clock, with the power cap and the best
// design; and the best design's and the reference's power as a table and a stacked bar.

#include "search/codesign.hpp"
#include "search/codesign_session.hpp"
#include "search/grid_axis.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPTextElement;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace cdx::widgets {

// One axis field of the codesign grid as the Grid and Chip model rows read it: `out` its values
// (an empty text, where `emptyAllowed`, is "the GPU's": `out` cleared); a text parseAxis
// refuses is marked with the reason in `status` and stays where it was typed (false).
bool readAxisField(QLineEdit* e, const char* field, const search::AxisRule& rule, bool emptyAllowed,
                   std::vector<double>& out, QLabel* status);

class CodesignChipControls : public QObject {
    Q_OBJECT
public:
    // Adds its widgets to `row` (owned by `parent`).
    CodesignChipControls(QWidget* parent, QHBoxLayout* row);
    // Shows the session's settings (a refused axis text stays where it was typed).
    void show(const CodesignSettings& c);
    // Writes the fields into `c`; false (the field marked, the reason in `status`) for a
    // refused axis.
    bool apply(CodesignSettings& c, QLabel* status) const;

signals:
    void edited();

private:
    QCheckBox* on_ = nullptr;
    QComboBox* memory_ = nullptr;
    QCheckBox* wholeDie_ = nullptr;
    QComboBox* objective_ = nullptr;
    QLineEdit* clock_ = nullptr;
    QLineEdit* stacks_ = nullptr;
    QString shown_[2];
};

class CodesignPowerPanel : public QWidget {
    Q_OBJECT
public:
    explicit CodesignPowerPanel(QWidget* parent = nullptr);
    // `r` null: cleared. The cap drawn when `limits.power`.
    void setResult(const search::CodesignResult* r, const QString& referenceName,
                   const QString& memoryName, bool presentation);
    QCustomPlot* plot() const { return plot_; }
    QTableWidget* table() const { return table_; }

private:
    QCustomPlot* plot_ = nullptr;
    QCustomPlot* bar_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* bestLabel_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
};

} // namespace cdx::widgets
