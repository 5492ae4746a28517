#include "talg/stencil_editor.hpp"

#include "common/parameter_form.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cdx::widgets {

StencilEditor::StencilEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    profile_ = new QComboBox(this);
    profile_->setObjectName("stencilProfile");
    for (const auto& e : listProfiles("stencils")) {
        profile_->addItem(QString::fromStdString(e.name), QString::fromStdString(e.id));
    }
    description_ = new QLabel(this);
    description_->setWordWrap(true);
    description_->setStyleSheet("color: palette(mid);");
    form_ = new ParameterForm({"c_iter_s", "flops_per_point", "bytes_per_word"}, this);
    layout->addWidget(profile_);
    layout->addWidget(description_);
    layout->addWidget(form_);

    auto* problem = new QGroupBox(tr("Problem size"), this);
    auto* pf = new QFormLayout(problem);
    for (int i = 0; i < 3; ++i) {
        auto* box = new QSpinBox(problem);
        box->setObjectName(QStringLiteral("S%1").arg(i + 1));
        box->setRange(1, 1 << 30);
        box->setSuffix(tr(" points"));
        box->setToolTip(tr("S%1: extent of space dimension %1 (points)").arg(i + 1));
        box->setKeyboardTracking(false);
        sizes_[static_cast<std::size_t>(i)] = box;
        sizeLabels_[static_cast<std::size_t>(i)] =
            new QLabel(QStringLiteral("S%1").arg(i + 1), problem);
        pf->addRow(sizeLabels_[static_cast<std::size_t>(i)], box);
        connect(box, &QSpinBox::valueChanged, this, &StencilEditor::emitProblem);
    }
    time_ = new QSpinBox(problem);
    time_->setObjectName("T");
    time_->setRange(1, 1 << 30);
    time_->setSuffix(tr(" steps"));
    time_->setToolTip(tr("T: number of time steps"));
    time_->setKeyboardTracking(false);
    pf->addRow(tr("T"), time_);
    connect(time_, &QSpinBox::valueChanged, this, &StencilEditor::emitProblem);
    layout->addWidget(problem);
    layout->addStretch(1);

    connect(profile_, &QComboBox::activated, this,
            [this](int i) { emit stencilChosen(profile_->itemData(i).toString()); });
    connect(form_, &ParameterForm::parameterEdited, this, &StencilEditor::parameterEdited);
}

void StencilEditor::setSession(const SessionState& s) {
    {
        const QSignalBlocker block(profile_);
        const int i = profile_->findData(QString::fromStdString(s.stencil.id));
        if (i < 0) {
            profile_->addItem(QString::fromStdString(s.stencil.name),
                              QString::fromStdString(s.stencil.id));
            profile_->setCurrentIndex(profile_->count() - 1);
        } else {
            profile_->setCurrentIndex(i);
        }
    }
    description_->setText(QString::fromStdString(s.stencil.description));
    auto values = s.stencil.params;
    if (const auto it = s.stencil.cIterByGpu.find(s.gpu.id); it != s.stencil.cIterByGpu.end()) {
        values["c_iter_s"] = it->second;
    } else {
        values["c_iter_s"] = Quantity{std::nullopt, "s", "not published for this GPU", false};
    }
    form_->setValues(values);
    dim_ = s.problem.dim;
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const QSignalBlocker block(sizes_[idx]);
        sizes_[idx]->setValue(static_cast<int>(s.problem.space[idx]));
        sizes_[idx]->setVisible(i < dim_);
        sizeLabels_[idx]->setVisible(i < dim_);
    }
    const QSignalBlocker block(time_);
    time_->setValue(static_cast<int>(s.problem.time));
}

void StencilEditor::emitProblem() {
    talg::Problem p;
    p.dim = dim_;
    for (int i = 0; i < dim_; ++i) {
        p.space[static_cast<std::size_t>(i)] = sizes_[static_cast<std::size_t>(i)]->value();
    }
    p.time = time_->value();
    emit problemEdited(p);
}

} // namespace cdx::widgets
