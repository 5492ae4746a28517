// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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
// the per-SM overhead scales as.
class AreaModelEditor : public QGroupBox {
    Q_OBJECT

public:
    explicit AreaModelEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);

    QComboBox* nodeBox() const { return node_; }
    QComboBox* overheadBox() const { return overhead_; }

signals:
    void nodeChosen(int nm);
    void overheadChosen(cdx::area::OverheadScaling o);

private:
    QComboBox* node_ = nullptr;
    QComboBox* overhead_ = nullptr;
    QLabel* factors_ = nullptr;
};

} // namespace cdx::widgets
