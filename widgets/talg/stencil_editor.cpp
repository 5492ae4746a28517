// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/stencil_editor.hpp"

#include "common/integer_box.hpp"
#include "common/parameter_form.hpp"
#include "common/profile_combo.hpp"
#include "common/view_layout.hpp"
#include "params/gpu_description.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <limits>
#include <nlohmann/json.hpp>

namespace cdx::widgets {

StencilEditor::StencilEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    profile_ = new QComboBox(this);
    profile_->setObjectName("stencilProfile");
    profile_->setToolTip(tr("Stencil profile: shipped (profiles/stencils) or yours"));
    fillProfileCombo(profile_, "stencils",
                     [](const ProfileEntry& e) { return QString::fromStdString(e.name); });
    description_ = new QLabel(this);
    description_->setWordWrap(true);
    setSecondaryText(description_);
    // C_iter's kind is the GPU's (issue 43): published, estimated by the clock rule, fitted or
    // yours, beside the value as in the GPU editor.
    form_ = new ParameterForm({"c_iter_s", "flops_per_point", "bytes_per_word"}, this);
    layout->addWidget(profile_);
    layout->addWidget(profileButtons(
        this, "stencil", tr("stencil"), [this] { saveProfile(); },
        [this] {
            const QString path = openProfileDialog(this, tr("stencil"));
            if (!path.isEmpty()) {
                emit stencilChosen(path);
            }
        }));
    layout->addWidget(description_);
    layout->addWidget(form_);

    auto* problem = new QGroupBox(tr("Problem size"), this);
    auto* pf = new QFormLayout(problem);
    for (int i = 0; i < 3; ++i) {
        auto* box = new IntegerBox(problem);
        box->setObjectName(QStringLiteral("S%1").arg(i + 1));
        // Any integer can be typed; emitProblem says why a value is refused (a clamping box
        // changed values silently).
        box->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        box->setSuffix(tr(" points"));
        box->setToolTip(tr("S%1: extent of space dimension %1 (points)").arg(i + 1));
        box->setKeyboardTracking(false);
        sizes_[static_cast<std::size_t>(i)] = box;
        sizeLabels_[static_cast<std::size_t>(i)] =
            new QLabel(QStringLiteral("S%1").arg(i + 1), problem);
        pf->addRow(sizeLabels_[static_cast<std::size_t>(i)], box);
        connect(box, &QSpinBox::valueChanged, this, &StencilEditor::emitProblem);
        connect(box, &IntegerBox::refused, this, [this, i](const QString& text) {
            problemError_->setText(tr("S%1 = %2 refused: expected an integer in [1, %3]")
                                       .arg(i + 1)
                                       .arg(text)
                                       .arg(talg::kMaxExtent));
            problemError_->show();
        });
    }
    auto* timeBox = new IntegerBox(problem);
    time_ = timeBox;
    time_->setObjectName("T");
    time_->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    time_->setSuffix(tr(" steps"));
    time_->setToolTip(tr("T: number of time steps"));
    time_->setKeyboardTracking(false);
    pf->addRow(tr("T"), time_);
    problemError_ = new QLabel(problem);
    problemError_->setObjectName("problemError");
    problemError_->setWordWrap(true);
    setTextColor(problemError_, QColor("#D55E00"));
    problemError_->hide();
    pf->addRow(problemError_);
    connect(time_, &QSpinBox::valueChanged, this, &StencilEditor::emitProblem);
    connect(timeBox, &IntegerBox::refused, this, [this](const QString& text) {
        problemError_->setText(
            tr("T = %1 refused: expected an integer in [1, %2]").arg(text).arg(talg::kMaxExtent));
        problemError_->show();
    });
    layout->addWidget(problem);
    layout->addStretch(1);

    connect(profile_, &QComboBox::activated, this,
            [this](int i) { emit stencilChosen(profile_->itemData(i).toString()); });
    connect(form_, &ParameterForm::parameterEdited, this, &StencilEditor::parameterEdited);
}

void StencilEditor::saveProfile() {
    // C_iter is the GPU's (issue 43): a stencil of the user's is not known to any GPU, so the
    // saved file carries the session GPU's C_iter for it, as a stencil file may.
    nlohmann::json j = toJson(stencil_);
    if (cIter_ && cIter_->value && !gpuId_.empty()) {
        nlohmann::json q = quantityToJson(*cIter_, false);
        q["kind"] = kindOf(*cIter_);
        j["c_iter_s"][gpuId_] = q;
    }
    if (const auto saved = saveProfileDialog(this, "stencils", tr("stencil"), j,
                                             QString::fromStdString(stencil_.name))) {
        emit stencilChosen(QString::fromStdString(saved->id));
        emit statusMessage(tr("Saved stencil profile %1 to %2; the session uses it.")
                               .arg(QString::fromStdString(saved->id), saved->path));
    }
}

void StencilEditor::setSession(const SessionState& s) {
    stencil_ = s.stencil;
    selectProfileItem(profile_, s.stencil.id, QString::fromStdString(s.stencil.name));
    description_->setText(QString::fromStdString(s.stencil.description));
    auto values = s.stencil.params;
    // C_iter is the GPU's (issue 43): its own, the stencil file's for this GPU, or an estimate.
    gpuId_ = s.gpu.id;
    cIter_.reset();
    if (const Quantity* c = cIterOf(s.gpu, s.stencil)) {
        values["c_iter_s"] = *c;
        cIter_ = *c;
    } else if (const auto it = s.gpu.cIterByStencil.find(s.stencil.id);
               it != s.gpu.cIterByStencil.end()) {
        values["c_iter_s"] = it->second;
    } else {
        values["c_iter_s"] =
            Quantity{std::nullopt, "s", "not published for this GPU", false, {}, {}};
    }
    form_->setValues(values);
    dim_ = s.problem.dim;
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        sizes_[idx]->setVisible(i < dim_);
        sizeLabels_[idx]->setVisible(i < dim_);
    }
    problemError_->hide();
    setProblem(s.problem);
}

void StencilEditor::emitProblem() {
    talg::Problem p;
    p.dim = dim_;
    for (int i = 0; i < dim_; ++i) {
        p.space[static_cast<std::size_t>(i)] = sizes_[static_cast<std::size_t>(i)]->value();
    }
    p.time = time_->value();
    const auto refuse = [this](const QString& field, std::int64_t v) {
        problemError_->setText(tr("%1 = %2 refused: must be an integer in [1, %3]")
                                   .arg(field)
                                   .arg(v)
                                   .arg(talg::kMaxExtent));
        problemError_->show();
        setProblem(shown_);
    };
    for (int i = 0; i < dim_; ++i) {
        const std::int64_t v = p.space[static_cast<std::size_t>(i)];
        if (v < 1 || v > talg::kMaxExtent) {
            refuse(QStringLiteral("S%1").arg(i + 1), v);
            return;
        }
    }
    if (p.time < 1 || p.time > talg::kMaxExtent) {
        refuse(QStringLiteral("T"), p.time);
        return;
    }
    problemError_->hide();
    problemError_->clear();
    emit problemEdited(p);
}

QString StencilEditor::problemError() const {
    return problemError_->isHidden() ? QString() : problemError_->text();
}

void StencilEditor::setProblem(const talg::Problem& p) {
    shown_ = p;
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const QSignalBlocker block(sizes_[idx]);
        sizes_[idx]->setValue(static_cast<int>(p.space[idx]));
    }
    const QSignalBlocker block(time_);
    time_->setValue(static_cast<int>(p.time));
}

} // namespace cdx::widgets
