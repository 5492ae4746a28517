// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mwp/mwp_model.hpp"
#include "session/session.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace cdx::widgets {

class ParameterForm;

// The MWP-CWP inputs: the GPU (the thesis's devices, with power and temperature tables), the
// kernel (launch, per-thread instruction mix, memory access mix) with units and sources, and
// the model variant (the errata of spec §7.1). Reads and writes the session only through
// signals; the main window turns them into undoable edits.
class KernelEditor : public QWidget {
    Q_OBJECT

public:
    explicit KernelEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);

    ParameterForm* kernelForm() const { return kernelForm_; }
    ParameterForm* gpuForm() const { return gpuForm_; }
    QComboBox* gpuBox() const { return gpu_; }
    QComboBox* kernelBox() const { return kernel_; }
    QComboBox* variantBox() const { return preset_; }
    QLabel* occupancyLabel() const { return occupancy_; }

signals:
    void gpuChosen(const QString& id);    // an id or a profile file's path
    void kernelChosen(const QString& id); // an id or a profile file's path
    void statusMessage(const QString& text);
    // A GPU or kernel key (core dispatches by the key's owner).
    void parameterEdited(const QString& key, double value, bool isNull);
    void variantEdited(const cdx::mwp::MwpVariant& v);

private:
    void emitVariant();
    void saveProfile(const std::string& kind); // "gpus" or "kernels"

    MwpSettings mwp_;
    QComboBox* gpu_ = nullptr;
    QComboBox* kernel_ = nullptr;
    QLabel* description_ = nullptr;
    QLabel* occupancy_ = nullptr;
    ParameterForm* kernelForm_ = nullptr;
    ParameterForm* gpuForm_ = nullptr;
    ParameterForm* powerForm_ = nullptr;
    QComboBox* preset_ = nullptr;
    QComboBox* case2_ = nullptr;
    QComboBox* memL_ = nullptr;
    QComboBox* rep_ = nullptr;
    QComboBox* npw_ = nullptr;
    QComboBox* eq63_ = nullptr;
    QComboBox* temperature_ = nullptr;
    QCheckBox* clamp_ = nullptr;
    mwp::MwpVariant variant_;
};

} // namespace cdx::widgets
