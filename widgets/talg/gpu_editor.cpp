// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/gpu_editor.hpp"

#include "common/parameter_form.hpp"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace cdx::widgets {

GpuEditor::GpuEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    profile_ = new QComboBox(this);
    profile_->setObjectName("gpuProfile");
    profile_->setToolTip(tr("Shipped GPU profile to start from (profiles/gpus)"));
    for (const auto& e : listProfiles("gpus")) {
        profile_->addItem(QString::fromStdString(e.name), QString::fromStdString(e.id));
    }
    architecture_ = new QLabel(this);
    architecture_->setStyleSheet("color: palette(mid);");
    form_ = new ParameterForm({"n_sm", "n_v", "m_sm_kb", "m_tb_kb", "r_sm", "mtb_sm", "l_s_per_gb",
                               "tau_sync_s", "t_sync_s", "r_vu_kb", "l1_pair_kb", "l2_kb"},
                              this);
    layout->addWidget(profile_);
    layout->addWidget(architecture_);
    layout->addWidget(form_);
    layout->addStretch(1);
    connect(profile_, &QComboBox::activated, this,
            [this](int i) { emit gpuChosen(profile_->itemData(i).toString()); });
    connect(form_, &ParameterForm::parameterEdited, this, &GpuEditor::parameterEdited);
}

void GpuEditor::setSession(const SessionState& s) {
    const QSignalBlocker block(profile_);
    const int i = profile_->findData(QString::fromStdString(s.gpu.id));
    if (i < 0) {
        profile_->addItem(QString::fromStdString(s.gpu.name), QString::fromStdString(s.gpu.id));
        profile_->setCurrentIndex(profile_->count() - 1);
    } else {
        profile_->setCurrentIndex(i);
    }
    architecture_->setText(QString::fromStdString(s.gpu.architecture));
    form_->setValues(s.gpu.params);
}

} // namespace cdx::widgets
