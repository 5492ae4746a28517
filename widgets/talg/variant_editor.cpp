// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/variant_editor.hpp"

#include "common/variant_choice.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>

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
    for (QComboBox* c : {pitch_, nw_, k_, w3d_, nsslabs_, gb_}) {
        connect(c, &QComboBox::activated, this, &VariantEditor::emitVariant);
    }
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
}

void VariantEditor::emitVariant() {
    talg::TalgVariant v = variant_;
    v.pitch = talg::parsePitch(value(pitch_));
    v.nw = talg::parseWavefrontCount(value(nw_));
    v.k = talg::parseKRule(value(k_));
    v.width3d = talg::parseWidth3D(value(w3d_));
    v.subSlabs = talg::parseSubSlabCount(value(nsslabs_));
    v.gigabyte = talg::parseGigaByte(value(gb_));
    if (!(v == variant_)) {
        variant_ = v;
        emit variantEdited(v);
    }
}

} // namespace cdx::widgets
