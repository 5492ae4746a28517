// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/mwp_workspace.hpp"

#include "mwp/bottleneck_view.hpp"
#include "mwp/coalescing_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_conditions.hpp"
#include "mwp/mwp_plot_text.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_roofline_view.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/occupancy_view.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map.hpp"
#include "mwp/regime_map_view.hpp"
#include "mwp/temperature_view.hpp"
#include "mwp/throughput_model.hpp"
#include "mwp/warp_timeline_view.hpp"
#include "params/input_error.hpp"
#include "session_document.hpp"

namespace cdx::app {

MwpWorkspace::MwpWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("mwp", tr("MWP-CWP\n& power"), QIcon(":/icons/mwp.svg"), context, parent) {
    bottleneck_ = new widgets::BottleneckView(this);
    warps_ = new widgets::MwpWarpsView(this);
    timeline_ = new widgets::WarpTimelineView(this);
    regimeMap_ = new widgets::RegimeMapView(this);
    categoryMap_ = new widgets::RegimeMapView(this, widgets::RegimeMapView::Kind::Category);
    power_ = new widgets::PowerView(this);
    temperature_ = new widgets::TemperatureView(this);
    coalescing_ = new widgets::CoalescingView(this);
    roofline_ = new widgets::MwpRooflineView(this);
    occupancy_ = new widgets::OccupancyView(this);
    addView(bottleneck_);
    addView(warps_);
    addView(occupancy_);
    addView(timeline_);
    addView(regimeMap_);
    addView(categoryMap_);
    addView(power_);
    addView(temperature_);
    addView(roofline_);
    addView(coalescing_);
    connect(temperature_, &widgets::TemperatureView::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(coalescing_, &widgets::CoalescingView::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(coalescing_, &widgets::CoalescingView::useResult, this,
            [this](const QString& key, double value) {
                MwpSettings m = doc()->state().mwp;
                try {
                    mwp::setKernelParameter(m.gpu, m.kernel, key.toStdString(), value);
                } catch (const InputError& e) {
                    showMessage(QString::fromUtf8(e.what()));
                    return;
                }
                editMwp(tr("Set %1 = %2 from the coalescing calculator").arg(key).arg(value), m);
            });
    kernelEditor_ = new widgets::KernelEditor;
    addDock(tr("MWP-CWP kernel"), "kernelDock", kernelEditor_);

    connect(kernelEditor_, &widgets::KernelEditor::gpuChosen, this, [this](const QString& id) {
        MwpSettings m = doc()->state().mwp;
        try {
            m.gpu = loadMwpGpuProfile(id.toStdString());
        } catch (const InputError& e) {
            showMessage(QString::fromUtf8(e.what()));
            refreshEditors(doc()->state());
            return;
        }
        editMwp(tr("Choose MWP-CWP GPU %1").arg(id), m);
        if (id.contains('/') || id.endsWith(".json")) {
            showMessage(tr("Opened MWP-CWP GPU profile %1: %2")
                            .arg(id, QString::fromStdString(m.gpu.name)));
        }
    });
    connect(kernelEditor_, &widgets::KernelEditor::statusMessage, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(kernelEditor_, &widgets::KernelEditor::kernelChosen, this, [this](const QString& id) {
        MwpSettings m = doc()->state().mwp;
        try {
            m.kernel = loadKernelProfile(id.toStdString());
        } catch (const InputError& e) {
            showMessage(QString::fromUtf8(e.what()));
            refreshEditors(doc()->state());
            return;
        }
        editMwp(tr("Choose kernel %1").arg(id), m);
        if (id.contains('/') || id.endsWith(".json")) {
            showMessage(
                tr("Opened kernel profile %1: %2").arg(id, QString::fromStdString(m.kernel.name)));
        }
    });
    connect(kernelEditor_, &widgets::KernelEditor::parameterEdited, this,
            [this](const QString& key, double value, bool isNull) {
                MwpSettings m = doc()->state().mwp;
                try {
                    mwp::setKernelParameter(m.gpu, m.kernel, key.toStdString(),
                                            isNull ? std::nullopt : std::optional<double>(value));
                } catch (const InputError& e) {
                    showMessage(QString::fromUtf8(e.what()));
                    refreshEditors(doc()->state());
                    return;
                }
                editMwp(tr("Set %1").arg(key), m);
            });
    connect(kernelEditor_, &widgets::KernelEditor::variantEdited, this,
            [this](const mwp::MwpVariant& v) {
                MwpSettings m = doc()->state().mwp;
                m.variant = v;
                editMwp(tr("Change MWP-CWP variant"), m);
            });
    // The two maps share their axes (session settings mwp.map).
    for (auto* map : {regimeMap_, categoryMap_}) {
        connect(map, &widgets::RegimeMapView::refused, this,
                [this](const QString& text) { showMessage(text, 10000); });
        connect(map, &widgets::RegimeMapView::axesEdited, this,
                [this, map](const mwp::AxisRange& x, const mwp::AxisRange& y) {
                    MwpSettings m = doc()->state().mwp;
                    m.mapX = x;
                    m.mapY = y;
                    if (!editMwp(tr("Change map axes"), m)) {
                        // Refused (the reason is in the status bar): the range fields show
                        // the session's ranges again instead of keeping the refused text.
                        map->setSession(doc()->state());
                    }
                });
    }
}

QString MwpWorkspace::summary() const {
    return tr("Is a kernel short of warps, memory-bound or compute-bound on a GPU, what limits "
              "its memory parallelism, how much power does it draw and how many SMs should be "
              "on? (Hong's thesis)");
}

void MwpWorkspace::refreshEditors(const SessionState& s) {
    kernelEditor_->setSession(s);
}

std::vector<published::DomainValue> MwpWorkspace::modelConditions(const SessionState& s) const {
    return mwp::modelConditions(s);
}

QString MwpWorkspace::figureContext(const widgets::ExplorerView&) const {
    return widgets::mwpContext(doc()->state().mwp);
}

QString MwpWorkspace::figureSubject() const {
    return QString::fromStdString(doc()->state().mwp.gpu.id);
}

QString MwpWorkspace::statusText() const {
    const MwpSettings& m = doc()->state().mwp;
    try {
        const auto r = mwp::evaluate(m.device(), m.model(), m.variant);
        return tr("%1 cycles   |   %2   |   %3")
            .arg(r.execCycles, 0, 'f', 0)
            .arg(widgets::regimeText(r.regime, r.limiter), widgets::mwpContext(m));
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
}

bool MwpWorkspace::editMwp(const QString& label, const MwpSettings& m) {
    return editSession(label, [&](SessionState& s) {
        // Refuse what the model cannot evaluate (the reason names the key), and axis ranges
        // the regime map refuses.
        const mwp::Device d = m.device();
        const mwp::Kernel k = m.model();
        mwp::validate(d, k);
        mwp::AxisRange x = m.mapX, y = m.mapY;
        x.steps = y.steps = 2;
        (void)mwp::regimeMap(d, k, m.variant, x, y);
        s.mwp = m;
    });
}

} // namespace cdx::app
