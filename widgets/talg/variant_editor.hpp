// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>

class QComboBox;
class QSpinBox;

namespace cdx::widgets {

// The model variant (the errata of spec §1.9-1.10): every printed/consistent choice.
class VariantEditor : public QWidget {
    Q_OBJECT

public:
    explicit VariantEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);
    QComboBox* pitchBox() const { return pitch_; }

signals:
    void variantEdited(const cdx::talg::TalgVariant& v);

private:
    void emitVariant();

    QComboBox* pitch_ = nullptr;
    QComboBox* nw_ = nullptr;
    QComboBox* k_ = nullptr;
    QComboBox* w3d_ = nullptr;
    QComboBox* nsslabs_ = nullptr;
    QComboBox* gb_ = nullptr;
    // Beside the papers' model (issue 57).
    QComboBox* smem_ = nullptr;
    QComboBox* hiding_ = nullptr;
    QComboBox* bw_ = nullptr;
    QSpinBox* regs_ = nullptr; // registers per thread; 0 shows "unknown"
    talg::TalgVariant variant_;
};

} // namespace cdx::widgets
