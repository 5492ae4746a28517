// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/gpu_editor.hpp"

#include "common/parameter_form.hpp"
#include "common/profile_combo.hpp"
#include "common/view_layout.hpp"
#include "params/gpu_description.hpp"

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
    setSecondaryText(architecture_);
    // The chip's facts the rules follow (clock, bandwidth, the unified L1/shared array), then
    // the Talg and area values (issue 43).
    form_ = new ParameterForm({"n_sm", "n_v", "clock_mhz", "mem_spec_gbs", "m_sm_kb", "m_tb_kb",
                               "r_sm", "mtb_sm", "l_s_per_gb", "tau_sync_s", "t_sync_s", "r_vu_kb",
                               "l1_shared_kb", "l1_pair_kb", "l2_kb"},
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
        // The whole description (every family's values, C_iter of every stencil, each rule
        // kept): the saved GPU answers in every workspace (issue 43).
        emit statusMessage(tr("Saved GPU %1 (every family's values, C_iter of %2 stencils) to %3; "
                              "the session keeps its GPU.")
                               .arg(QString::fromStdString(saved->id))
                               .arg(gpu_.cIterByStencil.size())
                               .arg(saved->path));
    }
}

void GpuEditor::setSession(const SessionState& s) {
    gpu_ = s.gpu;
    selectProfileItem(profile_, s.gpu.id, QString::fromStdString(s.gpu.name));
    architecture_->setText(QString::fromStdString(s.gpu.architecture) +
                           (s.gpu.architecture.empty() ? "" : " · ") +
                           QString::fromStdString(kindCounts(s.gpu)));
    architecture_->setWordWrap(true);
    architecture_->setToolTip(tr("The values of this GPU by kind: vendor, published (a paper's "
                                 "table), measured, estimated (a rule of the facts, re-derived "
                                 "live), fitted (from runs), yours (typed)"));
    form_->setValues(s.gpu.params, &s.gpu);
}

} // namespace cdx::widgets
