// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/area_workspace.hpp"

#include "area/architecture_view.hpp"
#include "area/area_conditions.hpp"
#include "area/area_model.hpp"
#include "area/area_model_editor.hpp"
#include "area/chip_gpu.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "session_document.hpp"
#include "talg/gpu_editor.hpp"

#include <QVBoxLayout>

namespace cdx::app {

AreaWorkspace::AreaWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("area", tr("Die area\n& codesign"), QIcon(":/icons/area.svg"), context, parent) {
    dieArea_ = new widgets::DieAreaView(this);
    architecture_ = new widgets::ArchitectureView(this);
    codesign_ = new widgets::CodesignView(this);
    addView(dieArea_);
    addView(architecture_);
    addView(codesign_);
    gpuEditor_ = new widgets::GpuEditor;
    // The GPU and, below it, the area model's node (issue 32): one dock, so neither hides the
    // other behind a tab.
    auto* editors = new QWidget;
    auto* editorsLayout = new QVBoxLayout(editors);
    editorsLayout->setContentsMargins(0, 0, 0, 0);
    editorsLayout->addWidget(gpuEditor_, 1);
    areaModel_ = new widgets::AreaModelEditor;
    editorsLayout->addWidget(areaModel_);
    addDock(tr("GPU"), "areaGpuDock", editors);
    connect(areaModel_, &widgets::AreaModelEditor::nodeChosen, this, [this](int nm) {
        editSession(tr("Change process node"), [&](SessionState& s) { s.areaNode = nm; });
        showMessage(nm == area::kCalibrationNode
                        ? tr("Process node: 28 nm, the calibration node")
                        : tr("Process node: %1 nm, an extension outside the 28 nm calibration "
                             "(How far to trust this shows real dies against it)")
                              .arg(nm),
                    8000);
    });
    connect(areaModel_, &widgets::AreaModelEditor::coefficientsChosen, this,
            [this](const area::CoefficientSet& set, const QString& label) {
                editSession(tr("Choose area coefficients %1").arg(label),
                            [&](SessionState& s) { s.areaCoefficients = set; });
            });
    connect(areaModel_, &widgets::AreaModelEditor::statusMessage, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(areaModel_, &widgets::AreaModelEditor::overheadChosen, this,
            [this](area::OverheadScaling o) {
                editSession(tr("Change overhead scaling"),
                            [&](SessionState& s) { s.areaOverhead = o; });
            });

    connect(gpuEditor_, &widgets::GpuEditor::gpuChosen, this, &AreaWorkspace::chooseGpuProfile);
    connect(gpuEditor_, &widgets::GpuEditor::statusMessage, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(gpuEditor_, &widgets::GpuEditor::parameterEdited, this,
            &AreaWorkspace::setGpuOrStencilParameter);
    connect(architecture_, &widgets::ArchitectureView::architectureEdited, this,
            [this](const area::Architecture& a, bool dragging) {
                setArchitecture(a, tr("Change architecture"), dragging);
            });
    connect(architecture_, &widgets::ArchitectureView::chipEdited, this,
            [this](double clockMhz, int units, bool dragging) {
                editSession(
                    tr("Change clock and memory"),
                    [&](SessionState& s) { area::applyChip(s.gpu, clockMhz, units); },
                    dragging ? SessionDocument::DragArchitecture : -1);
            });
    connect(codesign_, &widgets::CodesignView::designChosen, this,
            [this](std::int64_t nSm, std::int64_t nV, double mSm, double rVu, double bandwidth,
                   double clockMhz, int units, const QString& tech) {
                // Every axis of the design in one undoable step: a design of the bandwidth axis
                // brings its L = 1 / bandwidth (issue 55: it was left out, and the loaded design
                // lay outside the budget band); one of the chip model its clock and stacks.
                const bool done = editSession(tr("Load codesign design"), [&](SessionState& s) {
                    area::applyArchitecture(s.gpu, area::Architecture{nSm, nV, rVu, mSm, 0, 0});
                    if (bandwidth > 0) {
                        setGpuParameter(s.gpu, "l_s_per_gb", 1.0 / bandwidth);
                    }
                    if (clockMhz > 0 || units > 0) {
                        area::applyChip(s.gpu, clockMhz, units, tech.toStdString());
                    }
                });
                if (!done) {
                    return;
                }
                showMessage(tr("Design loaded: n_SM = %1, n_V = %2, M_SM = %3 KB, R_VU = %4 KB%5%6 "
                               "(Edit ▸ Undo returns)")
                                .arg(nSm)
                                .arg(nV)
                                .arg(mSm)
                                .arg(rVu)
                                .arg(bandwidth > 0 ? tr(", bandwidth %1 GB/s (L = 1 / bandwidth)")
                                                         .arg(bandwidth, 0, 'g', 6)
                                                   : QString())
                                .arg(clockMhz > 0 ? tr(", %1 MHz, %2 memory stacks or chips")
                                                        .arg(clockMhz, 0, 'f', 0)
                                                        .arg(units)
                                                  : QString()),
                            8000);
            });
    // The k rule, a Talg variant the exact search of both views uses (issue 32).
    const auto setKRule = [this](const QString& rule) {
        editSession(tr("Change k rule"),
                    [&](SessionState& s) { s.variant.k = talg::parseKRule(rule.toStdString()); });
    };
    connect(architecture_, &widgets::ArchitectureView::kRuleChosen, this, setKRule);
    connect(codesign_, &widgets::CodesignView::kRuleChosen, this, setKRule);
    connect(codesign_, &widgets::CodesignView::settingsEdited, this,
            [this](const CodesignSettings& c) {
                // The undo entry names what changed ("Undo Change reticle limit").
                const CodesignSettings& was = doc()->state().codesign;
                const bool grid = c.gridNSm != was.gridNSm || c.gridNV != was.gridNV ||
                                  c.gridMSmKb != was.gridMSmKb ||
                                  c.gridBandwidthGBs != was.gridBandwidthGBs;
                const QString what =
                    c.workload != was.workload ? tr("Change codesign workload")
                    : c.areaMin != was.areaMin || c.areaMax != was.areaMax
                        ? tr("Change codesign area range")
                    : c.budgetMin != was.budgetMin || c.budgetMax != was.budgetMax
                        ? tr("Change budget band")
                    : c.reticleOn != was.reticleOn || c.reticleMm2 != was.reticleMm2
                        ? tr("Change reticle limit")
                    : c.powerOn != was.powerOn || c.powerW != was.powerW ? tr("Change power budget")
                    : grid ? tr("Change codesign grid")
                           : tr("Change codesign settings");
                editSession(what, [&](SessionState& s) { s.codesign = c; });
            });
}

QString AreaWorkspace::summary() const {
    return tr("How large is a GPU die, component by component, and which SM count, cores per SM "
              "and shared memory give the fastest stencils within an area budget? (thesis "
              "App. C)");
}

void AreaWorkspace::refreshEditors(const SessionState& s) {
    gpuEditor_->setSession(s);
    areaModel_->setSession(s);
}

std::vector<published::DomainValue> AreaWorkspace::modelConditions(const SessionState& s) const {
    return area::modelConditions(s);
}

QString AreaWorkspace::statusText() const {
    const SessionState& s = doc()->state();
    try {
        const auto b = area::areaBreakdown(s.architecture(), s.areaSet(), s.areaForm);
        return tr("%1   |   die area %2 mm²   |   n_SM = %3, n_V = %4, M_SM = %5 KB   |   area "
                  "model: %6%7")
            .arg(QString::fromStdString(profileLabel(s.gpu)))
            .arg(b.total, 0, 'f', 1)
            .arg(s.architecture().nSm)
            .arg(s.architecture().nV)
            .arg(s.architecture().mSmKb)
            .arg(QString::fromUtf8(area::name(s.areaForm).data()))
            .arg(s.areaNode == area::kCalibrationNode
                     ? QString()
                     : tr(", %1 nm (extension, overhead as %2)")
                           .arg(s.areaNode)
                           .arg(QString::fromUtf8(area::name(s.areaOverhead).data())));
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
}

void AreaWorkspace::setArchitecture(const area::Architecture& a, const QString& label,
                                    bool dragging) {
    editSession(
        label, [&](SessionState& s) { area::applyArchitecture(s.gpu, a); },
        dragging ? SessionDocument::DragArchitecture : -1);
}

} // namespace cdx::app
