// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/variant_editor.hpp"

#include "common/variant_choice.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace cdx::widgets {

namespace {
using variant_choice::combo;
using variant_choice::select;
using variant_choice::value;
} // namespace

VariantEditor::VariantEditor(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout(this);
    pitch_ =
        combo(this, "pitch",
              {{tr("geometric 2tS1+tT−2"), "geometric"}, {tr("paper 2tS1+tT (eq. 5)"), "paper"}},
              tr("Distance between tiles of a wavefront. The printed eq. 5 is 2 too large "
                 "(erratum I1) and can predict less than the ideal time."));
    nw_ = combo(this, "nw", {{tr("exact (eq. 3)"), "exact"}, {tr("approx 2⌈T/tT⌉"), "approx"}},
                tr("Number of wavefronts: eq. 3 with the thesis' floor in epsilon (erratum D1), "
                   "or its approximation."));
    k_ = combo(
        this, "k",
        {{tr("max resident"), "max"}, {tr("effective"), "effective"}, {tr("optimize"), "optimize"}},
        tr("Hyper-threading factor k: min(M_SM/M_tile, MTB_SM); or capped by ⌈w/n_SM⌉; or "
           "the best k in [1, k_max] (spec 2.3)."));
    w3d_ = combo(this, "w3d", {{tr("as 1D (eq. 5)"), "as-1d"}, {tr("eq. 22 as printed"), "eq22"}},
                 tr("3D wavefront width: the 1D formula, or eq. 22's ⌈S1/(tS1+tT)⌉ (erratum I2)."));
    nsslabs_ =
        combo(this, "nsslabs",
              {{tr("ceil of product (eq. 23)"), "ceil-of-product"},
               {tr("product of ceils"), "product-of-ceils"}},
              tr("3D sub-slab count: eq. 23 as printed, or the physical count (erratum I3)."));
    gb_ = combo(this, "gb", {{tr("10⁹ B"), "decimal"}, {tr("2³⁰ B"), "binary"}},
                tr("The GB of L [s/GB] (unstated by the sources, erratum I10)."));
    form->addRow(tr("Pitch"), pitch_);
    form->addRow(tr("N_w"), nw_);
    form->addRow(tr("k rule"), k_);
    form->addRow(tr("3D width"), w3d_);
    form->addRow(tr("3D N_sslabs"), nsslabs_);
    form->addRow(tr("GB"), gb_);
    // Issue 57: where the chip and the code meet, beside the papers' model (its choices first).
    auto* today = new QLabel(tr("<b>Beside the papers' model</b> (today's GPUs)"), this);
    today->setToolTip(tr("Extensions of issue 57, not in PPoPP'17: the papers' choices are the "
                         "first of each list (docs/model.md, Talg on today's GPUs)."));
    form->addRow(today);
    smem_ = combo(this, "smem", {{tr("eq. 19"), "eq19"}, {tr("as PPCG allocates"), "ppcg"}},
                  tr("Shared memory of a tile: eq. 19, or PPCG's footprint, one row fewer along "
                     "S1: 2(tS1+tT)(tS2+tT+1) (spec I4)."));
    hiding_ =
        combo(this, "hiding", {{tr("none (papers)"), "none"}, {tr("by occupancy"), "occupancy"}},
              tr("Latency hiding: none, or the resident warps the occupancy rules allow for "
                 "the block's threads, with transfers at the bandwidth they sustain "
                 "(MWP-CWP eqs. 3-6). Needs the GPU's compute capability, clock, Mem_LD "
                 "and departure delay."));
    bw_ =
        combo(this, "bw",
              {{tr("each tile at full (papers)"), "tile"}, {tr("shared by a wavefront"), "shared"}},
              tr("Bandwidth: every SM's tile at the GPU's whole bandwidth at once (the papers'), "
                 "or a wavefront's words through the one memory system."));
    regs_ = new QSpinBox(this);
    regs_->setObjectName("registersPerThread");
    regs_->setRange(0, 255);
    regs_->setSpecialValueText(tr("unknown"));
    regs_->setToolTip(tr("Registers per thread for the occupancy rules (hiding by occupancy); "
                         "unknown: registers do not limit the resident blocks."));
    form->addRow(tr("Shared memory"), smem_);
    form->addRow(tr("Latency hiding"), hiding_);
    form->addRow(tr("Bandwidth"), bw_);
    form->addRow(tr("Registers/thread"), regs_);
    for (QComboBox* c : {pitch_, nw_, k_, w3d_, nsslabs_, gb_, smem_, hiding_, bw_}) {
        connect(c, &QComboBox::activated, this, &VariantEditor::emitVariant);
    }
    connect(regs_, &QSpinBox::editingFinished, this, &VariantEditor::emitVariant);
}

void VariantEditor::setSession(const SessionState& s) {
    variant_ = s.variant;
    select(pitch_, talg::name(s.variant.pitch));
    select(nw_, talg::name(s.variant.nw));
    select(k_, talg::name(s.variant.k));
    select(w3d_, talg::name(s.variant.width3d));
    select(nsslabs_, talg::name(s.variant.subSlabs));
    select(gb_, talg::name(s.variant.gigabyte));
    w3d_->setEnabled(s.problem.dim == 3);
    nsslabs_->setEnabled(s.problem.dim == 3);
    select(smem_, talg::name(s.variant.smem));
    select(hiding_, talg::name(s.variant.hiding));
    select(bw_, talg::name(s.variant.bandwidth));
    const QSignalBlocker block(regs_);
    regs_->setValue(static_cast<int>(s.variant.registersPerThread.value_or(0)));
    regs_->setEnabled(s.variant.hiding == talg::Hiding::Occupancy);
}

void VariantEditor::emitVariant() {
    talg::TalgVariant v = variant_;
    v.pitch = talg::parsePitch(value(pitch_));
    v.nw = talg::parseWavefrontCount(value(nw_));
    v.k = talg::parseKRule(value(k_));
    v.width3d = talg::parseWidth3D(value(w3d_));
    v.subSlabs = talg::parseSubSlabCount(value(nsslabs_));
    v.gigabyte = talg::parseGigaByte(value(gb_));
    v.smem = talg::parseSharedFootprint(value(smem_));
    v.hiding = talg::parseHiding(value(hiding_));
    v.bandwidth = talg::parseBandwidth(value(bw_));
    v.registersPerThread =
        regs_->value() > 0 ? std::optional<std::int64_t>(regs_->value()) : std::nullopt;
    if (!(v == variant_)) {
        variant_ = v;
        emit variantEdited(v);
    }
}

} // namespace cdx::widgets
