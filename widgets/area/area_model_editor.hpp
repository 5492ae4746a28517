// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "area/process_node.hpp"

#include <QGroupBox>

class QComboBox;
class QLabel;

namespace cdx {
struct SessionState;
}

namespace cdx::widgets {

// The die-area model's own settings beside the GPU editor (issue 32): the process node the
// 28 nm coefficients are carried to (an extension, named as outside the calibration) and what
// the per-SM overhead scales as; and the coefficient set (issue 59: shipped or the user's, saved
// and opened as `cdx area --coefficients` reads them, with the same refusals).
class AreaModelEditor : public QGroupBox {
    Q_OBJECT

public:
    explicit AreaModelEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);

    QComboBox* nodeBox() const { return node_; }
    QComboBox* coefficientsBox() const { return coefficients_; }
    QComboBox* overheadBox() const { return overhead_; }

signals:
    void nodeChosen(int nm);
    void overheadChosen(cdx::area::OverheadScaling o);
    // A coefficient set read (an id or a file), to become the session's as one edit; `label`
    // names it for the undo step.
    void coefficientsChosen(const cdx::area::CoefficientSet& set, const QString& label);
    // What a save, an open or a refusal did, for the status line.
    void statusMessage(const QString& text);

private:
    bool choose(const QString& idOrPath, const QString& label);

    QComboBox* coefficients_ = nullptr;
    area::CoefficientSet current_; // the session's set (the shipped default when it has none)
    QComboBox* node_ = nullptr;
    QComboBox* overhead_ = nullptr;
    QLabel* factors_ = nullptr;
};

} // namespace cdx::widgets
