// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/kernel_editor.hpp"

#include "common/parameter_form.hpp"
#include "common/profile_combo.hpp"
#include "common/variant_choice.hpp"
#include "common/view_layout.hpp"
#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace cdx::widgets {

namespace {

using variant_choice::combo;
using variant_choice::select;
using variant_choice::value;

QComboBox* profileBox(QWidget* parent, const char* name, const char* kind, const QString& tip) {
    auto* c = new QComboBox(parent);
    c->setObjectName(name);
    c->setToolTip(tip);
    // Long preset names must not widen the dock (the fields would be cut off).
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(14);
    // The full name is each item's tooltip, for when the combo cuts it.
    fillProfileCombo(c, kind, [](const ProfileEntry& e) {
        return QString::fromStdString(e.id + " — " + e.name);
    });
    return c;
}

void selectProfile(QComboBox* c, const std::string& id, const std::string& name) {
    selectProfileItem(c, id, QString::fromStdString(id + " — " + name));
}

QGroupBox* group(const QString& title, QWidget* content, QWidget* parent) {
    auto* g = new QGroupBox(title, parent);
    auto* l = new QVBoxLayout(g);
    l->setContentsMargins(6, 6, 6, 6);
    l->addWidget(content);
    return g;
}

} // namespace

KernelEditor::KernelEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QFormLayout;
    gpu_ = profileBox(this, "mwpGpu", "gpus",
                      tr("GPU (profiles/gpus, one description per chip): the thesis's devices of "
                         "Tables 2, 5, 8-11 and 14, the GTX 980 and Titan X and today's GPUs; "
                         "values a chip lacks are estimated by the rules of docs/model.md"));
    kernel_ = profileBox(this, "mwpKernel", "kernels",
                         tr("Kernel preset (profiles/kernels): Table 3 micro-benchmarks, the "
                            "spec's worked examples, the Chapter V kernels"));
    top->addRow(tr("GPU"), gpu_);
    top->addRow(QString(), profileButtons(
                               this, "mwpGpu", tr("MWP-CWP GPU"), [this] { saveProfile("gpus"); },
                               [this] {
                                   const QString path = openProfileDialog(this, tr("MWP-CWP GPU"));
                                   if (!path.isEmpty()) {
                                       emit gpuChosen(path);
                                   }
                               }));
    top->addRow(tr("Kernel"), kernel_);
    top->addRow(QString(), profileButtons(
                               this, "mwpKernel", tr("kernel"), [this] { saveProfile("kernels"); },
                               [this] {
                                   const QString path = openProfileDialog(this, tr("kernel"));
                                   if (!path.isEmpty()) {
                                       emit kernelChosen(path);
                                   }
                               }));
    layout->addLayout(top);
    description_ = new QLabel(this);
    description_->setWordWrap(true);
    setSecondaryText(description_);
    layout->addWidget(description_);

    kernelForm_ = new ParameterForm({"threads_per_block",
                                     "blocks",
                                     "active_blocks_per_sm",
                                     "active_sms",
                                     "registers_per_thread",
                                     "shared_bytes_per_block",
                                     "fp_insts",
                                     "fp_fused_insts",
                                     "fp_div_insts",
                                     "int_insts",
                                     "int_mul_insts",
                                     "int_div_insts",
                                     "int_mod_insts",
                                     "sfu_insts",
                                     "alu_insts",
                                     "shared_insts",
                                     "const_insts",
                                     "tex_insts",
                                     "other_insts",
                                     "coal_mem_insts",
                                     "uncoal_mem_insts",
                                     "synch_insts",
                                     "uncoal_per_mw",
                                     "load_bytes_per_warp",
                                     "ind_mem_insts",
                                     "mem_l_cycles",
                                     "mstr",
                                     "ilp",
                                     "dep_effect",
                                     "eff_mem_cycles"},
                                    this, false); // a kernel's counts: no GPU value kinds
    kernelForm_->setObjectName("kernelForm");
    occupancy_ = new QLabel(this);
    occupancy_->setObjectName("occupancy");
    occupancy_->setWordWrap(true);
    auto* kernelBox = new QWidget(this);
    auto* kl = new QVBoxLayout(kernelBox);
    kl->setContentsMargins(0, 0, 0, 0);
    kl->addWidget(occupancy_);
    kl->addWidget(kernelForm_);
    layout->addWidget(
        group(tr("Kernel: launch and per-thread instruction counts"), kernelBox, this));

    gpuForm_ = new ParameterForm({"n_sm", "n_v", "clock_mhz", "freq_ghz", "mem_bandwidth_gbs",
                                  "mem_ld_cycles", "departure_del_coal_cycles",
                                  "departure_del_uncoal_cycles", "issue_cycles", "fp_units_per_sm",
                                  "max_threads_per_sm", "max_threads_per_block", "mtb_sm", "r_sm",
                                  "m_sm_kb", "compute_capability"},
                                 this);
    gpuForm_->setObjectName("mwpGpuForm");
    layout->addWidget(group(tr("GPU: MWP-CWP parameters"), gpuForm_, this));
    powerForm_ = new ParameterForm(
        {"power_fp_w",        "power_int_w",         "power_sfu_w",        "power_alu_w",
         "power_tex_cache_w", "power_const_cache_w", "power_shared_w",     "power_reg_w",
         "power_fds_w",       "power_const_sm_w",    "power_l1_w",         "power_global_mem_w",
         "power_local_mem_w", "power_l2_w",          "power_activation_w", "idle_power_w",
         "power_log_beta",    "temp_mu_c_per_w",     "temp_lambda_c",      "temp_rho_c",
         "temp_rc_rise_s",    "temp_rc_decay_s",     "temp_idle_c",        "static_power_w_per_c"},
        this);
    powerForm_->setObjectName("powerForm");
    layout->addWidget(group(tr("GPU: power and temperature (IPP)"), powerForm_, this));

    auto* variantWidget = new QWidget(this);
    auto* vf = new QFormLayout(variantWidget);
    preset_ = combo(variantWidget, "mwpVariant",
                    {{tr("consistent (default)"), "consistent"},
                     {tr("thesis (as printed)"), "thesis"},
                     {tr("custom"), "custom"}},
                    tr("All errata of spec 7.1 at once: the consistent reading, or the thesis "
                       "as printed"));
    case2_ = combo(variantWidget, "case2",
                   {{tr("consistent (Comp > Mem → Case 3)"), "consistent"},
                    {tr("literal '… or Comp > Mem'"), "literal"}},
                   tr("Case 2's printed clause 'or Comp_cycles > Mem_cycles' contradicts Fig. 8 "
                      "and can give CPI below the issue floor (spec 7.1 item 2)"));
    memL_ = combo(variantWidget, "memLCoal",
                  {{tr("thesis: Mem_LD + dd_coal"), "thesis"}, {tr("ISCA'09: Mem_LD"), "isca09"}},
                  tr("Eq. (13): the thesis adds the coalesced departure delay; public "
                     "re-implementations do not (< 1 %)"));
    rep_ = combo(variantWidget, "rep", {{tr("real division"), "real"}, {tr("ceil"), "ceil"}},
                 tr("#Rep (eq. 20): as printed, or rounded up (a tail round costs a round)"));
    npw_ = combo(variantWidget, "npw",
                 {{tr("N·Mem/(Mem−Ind) (Fig. 26b)"), "doubling"},
                  {tr("N·Ind/(Mem−Ind) printed"), "printed"}},
                 tr("Eq. (28) N_pw for independent memory requests"));
    eq63_ = combo(variantWidget, "eq63",
                  {{tr("(MWP==N) and (CWP==N)"), "and"}, {tr("… or … (printed)"), "or"}},
                  tr("Eq. (63) condition (1): 'or' sends bandwidth-bound kernels to all SMs"));
    temperature_ =
        combo(variantWidget, "temperature",
              {{tr("eq. 53 is the rise"), "rise"}, {tr("eq. 53 absolute (printed)"), "literal"}},
              tr("Eq. (53) gives 11-25 for real powers: only a rise above Idle_temp "
                 "is consistent"));
    clamp_ = new QCheckBox(tr("f(AR) ≥ 0"), variantWidget);
    clamp_->setObjectName("clampAccessRate");
    clamp_->setToolTip(tr("The special-linear f(AR) is negative below AR = 6.5e-4"));
    vf->addRow(tr("Variant"), preset_);
    vf->addRow(tr("Case 2"), case2_);
    vf->addRow(tr("Eq. 13"), memL_);
    vf->addRow(tr("#Rep"), rep_);
    vf->addRow(tr("N_pw"), npw_);
    vf->addRow(tr("Eq. 63"), eq63_);
    vf->addRow(tr("Eq. 53"), temperature_);
    vf->addRow(QString(), clamp_);
    layout->addWidget(group(tr("MWP-CWP model variant"), variantWidget, this));
    layout->addStretch(1);

    connect(gpu_, &QComboBox::activated, this,
            [this](int i) { emit gpuChosen(gpu_->itemData(i).toString()); });
    connect(kernel_, &QComboBox::activated, this,
            [this](int i) { emit kernelChosen(kernel_->itemData(i).toString()); });
    for (ParameterForm* f : {kernelForm_, gpuForm_, powerForm_}) {
        connect(f, &ParameterForm::parameterEdited, this, &KernelEditor::parameterEdited);
    }
    connect(preset_, &QComboBox::activated, this, [this] {
        const std::string p = value(preset_);
        if (p == "custom") {
            return;
        }
        variant_ = mwp::parseMwpVariant(p, "variant");
        emit variantEdited(variant_);
    });
    for (QComboBox* c : {case2_, memL_, rep_, npw_, eq63_, temperature_}) {
        connect(c, &QComboBox::activated, this, &KernelEditor::emitVariant);
    }
    connect(clamp_, &QCheckBox::toggled, this, &KernelEditor::emitVariant);
}

void KernelEditor::emitVariant() {
    mwp::MwpVariant v;
    v.case2 = mwp::parseCase2Rule(value(case2_), "case2");
    v.memLCoal = mwp::parseMemLCoalForm(value(memL_), "mem_l_coal");
    v.rep = mwp::parseRepRounding(value(rep_), "rep");
    v.independentWarps = mwp::parseIndependentWarps(value(npw_), "npw");
    v.optimalCores = mwp::parseOptimalCoresRule(value(eq63_), "eq63");
    v.temperature = mwp::parseTemperatureReading(value(temperature_), "temperature");
    v.clampAccessRate = clamp_->isChecked();
    if (v == variant_) {
        return;
    }
    variant_ = v;
    emit variantEdited(v);
}

void KernelEditor::saveProfile(const std::string& kind) {
    const bool gpu = kind == "gpus";
    const QString what = gpu ? tr("MWP-CWP GPU") : tr("kernel");
    const auto saved =
        saveProfileDialog(this, kind, what, gpu ? toJson(mwp_.gpu) : toJson(mwp_.kernel),
                          QString::fromStdString(gpu ? mwp_.gpu.name : mwp_.kernel.name));
    if (!saved) {
        return;
    }
    const QString id = QString::fromStdString(saved->id);
    gpu ? emit gpuChosen(id) : emit kernelChosen(id);
    emit statusMessage(
        tr("Saved %1 profile %2 to %3; the session uses it.").arg(what, id, saved->path));
}

void KernelEditor::setSession(const SessionState& s) {
    const MwpSettings& m = s.mwp;
    mwp_ = m;
    selectProfile(gpu_, m.gpu.id, m.gpu.name);
    selectProfile(kernel_, m.kernel.id, m.kernel.name);
    description_->setText(QString::fromStdString(m.kernel.description));
    kernelForm_->setValues(m.kernel.params);
    gpuForm_->setValues(m.gpu.params, &m.gpu);
    powerForm_->setValues(m.gpu.params, &m.gpu);
    variant_ = m.variant;
    select(preset_, variant_.name());
    select(case2_, mwp::name(variant_.case2));
    select(memL_, mwp::name(variant_.memLCoal));
    select(rep_, mwp::name(variant_.rep));
    select(npw_, mwp::name(variant_.independentWarps));
    select(eq63_, mwp::name(variant_.optimalCores));
    select(temperature_, mwp::name(variant_.temperature));
    {
        const QSignalBlocker block(clamp_);
        clamp_->setChecked(variant_.clampAccessRate);
    }
    // Where the resident blocks come from: the kernel, or the occupancy helper.
    QString occ;
    try {
        const mwp::Kernel k = m.model();
        const auto it = m.kernel.params.find("active_blocks_per_sm");
        if (it != m.kernel.params.end() && it->second.value) {
            occ = tr("%1 resident blocks per SM (given): N = %2 warps")
                      .arg(k.activeBlocksPerSm)
                      .arg(k.activeBlocksPerSm * ((k.threadsPerBlock + 31) / 32));
        } else {
            const auto regs = m.kernel.params.find("registers_per_thread");
            const auto shared = m.kernel.params.find("shared_bytes_per_block");
            const auto o = mwp::occupancy(
                mwp::occupancyLimitsOf(m.gpu), k.threadsPerBlock,
                regs != m.kernel.params.end() && regs->second.value
                    ? std::optional<int>(static_cast<int>(*regs->second.value))
                    : std::nullopt,
                shared != m.kernel.params.end() ? shared->second.value : std::nullopt);
            occ = tr("Occupancy helper: %1 resident blocks per SM (limited by %2), occupancy "
                     "%3 %. Limits from the CUDA documentation, not the thesis.")
                      .arg(o.activeBlocks)
                      .arg(QString::fromLatin1(mwp::name(o.limit).data()))
                      .arg(o.occupancy * 100, 0, 'f', 0);
        }
    } catch (const InputError& e) {
        occ = QString::fromUtf8(e.what());
    }
    occupancy_->setText(occ);
}

} // namespace cdx::widgets
