// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/gpu_editor.hpp"

#include "common/parameter_form.hpp"
#include "common/profile_combo.hpp"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace cdx::widgets {

GpuEditor::GpuEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    profile_ = new QComboBox(this);
    profile_->setObjectName("gpuProfile");
    profile_->setToolTip(tr("GPU profile to start from: shipped (profiles/gpus) or yours"));
    fillProfileCombo(profile_, "gpus",
                     [](const ProfileEntry& e) { return QString::fromStdString(e.name); });
    architecture_ = new QLabel(this);
    architecture_->setStyleSheet("color: palette(mid);");
    form_ = new ParameterForm({"n_sm", "n_v", "m_sm_kb", "m_tb_kb", "r_sm", "mtb_sm", "l_s_per_gb",
                               "tau_sync_s", "t_sync_s", "r_vu_kb", "l1_pair_kb", "l2_kb"},
                              this);
    layout->addWidget(profile_);
    layout->addWidget(profileButtons(
        this, "gpu", tr("GPU"), [this] { saveProfile(); },
        [this] {
            const QString path = openProfileDialog(this, tr("GPU"));
            if (!path.isEmpty()) {
                emit gpuChosen(path);
            }
        }));
    layout->addWidget(architecture_);
    layout->addWidget(form_);
    layout->addStretch(1);
    connect(profile_, &QComboBox::activated, this,
            [this](int i) { emit gpuChosen(profile_->itemData(i).toString()); });
    connect(form_, &ParameterForm::parameterEdited, this, &GpuEditor::parameterEdited);
}

void GpuEditor::saveProfile() {
    if (const auto saved = saveProfileDialog(this, "gpus", tr("GPU"), toJson(gpu_),
                                             QString::fromStdString(gpu_.name))) {
        // The session keeps its GPU: the stencils' C_iter are published per GPU id, so a GPU
        // of the user's needs c_iter_s set when it is chosen (docs/formats.md).
        emit statusMessage(tr("Saved GPU profile %1 to %2; the session keeps %3 (a GPU of yours "
                              "needs c_iter_s when chosen).")
                               .arg(QString::fromStdString(saved->id), saved->path,
                                    QString::fromStdString(gpu_.name)));
    }
}

void GpuEditor::setSession(const SessionState& s) {
    gpu_ = s.gpu;
    selectProfileItem(profile_, s.gpu.id, QString::fromStdString(s.gpu.name));
    architecture_->setText(QString::fromStdString(s.gpu.architecture));
    form_->setValues(s.gpu.params);
}

} // namespace cdx::widgets
