// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_editor.hpp"

#include "common/integer_box.hpp"
#include "common/message_line.hpp"
#include "common/number_field.hpp"
#include "common/number_format.hpp"
#include "common/profile_combo.hpp"
#include "common/view_layout.hpp"
#include "energy/energy_calibration.hpp"
#include "energy/energy_common.hpp"
#include "energy/energy_gpu.hpp"
#include "energy/energy_runs.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "params/profiles.hpp"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

namespace cdx::widgets {

namespace {

const char* const kSizeNames[3] = {"S1", "S2", "T"};
const char* const kTileNames[3] = {"tS1", "tS2", "tT"};
const char* const kCoefficientUnits[7] = {"W", "J/word", "J/word", "J/op", "J/op", "J/op", "J/op"};
const char* const kCoefficientTips[7] = {
    "P_stat: static power (GPU idle in its highest performance state)",
    "e_gs: energy per 4-byte word moved between global and shared memory",
    "e_sr: energy per 4-byte word moved between shared memory and registers",
    "e_fadd: energy per single-precision add",
    "e_fmul: energy per single-precision multiply",
    "e_iadd: energy per integer add (Smith-Waterman)",
    "e_imax: energy per integer max (Smith-Waterman)"};

// The spec's worked example of each stencil (§3.3, §3.4): the problem a stencil opens with.
EnergySettings exampleOf(energy::StencilKind k, const EnergySettings& from) {
    EnergySettings e = from;
    e.problem = defaultEnergySettings().problem;
    e.problem.stencil = k;
    e.problem.ops.reset();
    e.problem.muSr.reset();
    if (k == energy::StencilKind::SmithWaterman) {
        e.problem.s1 = e.problem.t = 32768;
        e.problem.s2 = e.problem.tS2 = 0;
        e.problem.tS1 = e.problem.tT = 128;
        e.problem.sS = 8;
        e.timeSource.tAlgS = 0.1;
    } else if (k == energy::StencilKind::Jacobi1D) {
        e.problem.s1 = 1048576;
        e.problem.t = 4096;
        e.problem.s2 = e.problem.tS2 = 0;
        e.problem.tS1 = 256;
        e.problem.tT = 64;
        e.problem.sS = 32;
        e.timeSource.tAlgS = 0.2;
    } else {
        e.timeSource.tAlgS = 0.5;
    }
    e.problem.tAlgS = e.timeSource.tAlgS;
    return e;
}

std::optional<double> parseNumber(const QString& text) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

} // namespace

EnergyEditor::EnergyEditor(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    // Two lines kept for a refusal (it must not move the fields under the pointer), with a hint
    // while there is none.
    error_ = new MessageLine(
        tr("Enter or leaving a field applies it; a refusal is said here, with the reason."), this);
    error_->setObjectName("energyError");
    outer->addWidget(error_);

    // Stencil and problem.
    auto* problemBox = new QGroupBox(tr("Stencil and problem"), this);
    auto* pf = new QFormLayout(problemBox);
    stencil_ = new QComboBox(problemBox);
    stencil_->setObjectName("energyStencil");
    for (auto k : {energy::StencilKind::Jacobi2D, energy::StencilKind::Jacobi1D,
                   energy::StencilKind::SmithWaterman}) {
        stencil_->addItem(energyStencilName(k), static_cast<int>(k));
    }
    stencil_->setToolTip(tr("The three stencils of thesis App. B; switching opens the spec's "
                            "worked example of that stencil (§3.3, §3.4)"));
    pf->addRow(tr("Stencil"), stencil_);
    for (int i = 0; i < 3; ++i) {
        auto* box = new IntegerBox(problemBox);
        box->setObjectName(QStringLiteral("energy") + kSizeNames[i]);
        box->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        box->setKeyboardTracking(false);
        box->setMinimumWidth(box->fontMetrics().horizontalAdvance("00000000") + 32);
        sizes_[static_cast<std::size_t>(i)] = box;
        sizeLabels_[static_cast<std::size_t>(i)] = new QLabel(kSizeNames[i], problemBox);
        pf->addRow(sizeLabels_[static_cast<std::size_t>(i)], box);
        connect(box, &QSpinBox::valueChanged, this, [this, i](int v) {
            if (!updating_) {
                sizeTyped(i, v);
            }
        });
        connect(box, &IntegerBox::refused, this, [this, i](const QString& text) {
            refuse(tr("%1 = %2 refused: expected a positive integer").arg(kSizeNames[i], text));
        });
    }
    sizes_[0]->setToolTip(tr("S1 (S for the 1-D stencils): points in space"));
    sizes_[1]->setToolTip(tr("S2: points along the second space dimension (jacobi2d)"));
    sizes_[2]->setToolTip(tr("T: time steps"));
    outer->addWidget(problemBox);

    // Tiles.
    auto* tileBox = new QGroupBox(tr("Tiles"), this);
    auto* tf = new QGridLayout(tileBox);
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        tileLabels_[idx] = new QLabel(kTileNames[i], tileBox);
        sliders_[idx] = new QSlider(Qt::Horizontal, tileBox);
        sliders_[idx]->setObjectName(QStringLiteral("energy") + kTileNames[i] + "Slider");
        sliders_[idx]->setMinimumWidth(90);
        auto* box = new IntegerBox(tileBox);
        box->setObjectName(QStringLiteral("energy") + kTileNames[i]);
        box->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        box->setKeyboardTracking(false);
        box->setMinimumWidth(box->fontMetrics().horizontalAdvance("0000000") + 32);
        tiles_[idx] = box;
        tf->addWidget(tileLabels_[idx], i, 0);
        tf->addWidget(sliders_[idx], i, 1);
        tf->addWidget(box, i, 2);
        connect(box, &QSpinBox::valueChanged, this, [this, i](int v) {
            if (!updating_) {
                tileTyped(i, v);
            }
        });
        connect(box, &IntegerBox::refused, this, [this, i](const QString& text) {
            refuse(tr("%1 = %2 refused: expected an integer").arg(kTileNames[i], text));
        });
        connect(sliders_[idx], &QSlider::valueChanged, this, [this, i](int pos) {
            if (!updating_) {
                tileTyped(i, static_cast<std::int64_t>(pos) * tileStep(i));
            }
        });
    }
    subTileLabel_ = new QLabel(tr("sS"), tileBox);
    subTile_ = new QComboBox(tileBox);
    subTile_->setObjectName("energySubTile");
    subTile_->setToolTip(tr("sS: sub-tile width (a divisor of tS); E_sr falls as sS grows"));
    tf->addWidget(subTileLabel_, 3, 0);
    tf->addWidget(subTile_, 3, 1, 1, 2);
    tf->setColumnStretch(1, 1);
    connect(subTile_, &QComboBox::activated, this, [this](int index) {
        EnergySettings e = e_;
        e.problem.sS = subTile_->itemData(index).toLongLong();
        send(tr("Set sS = %1").arg(e.problem.sS), e);
    });
    outer->addWidget(tileBox);

    // Operations per point and mu_sr.
    auto* opsBox = new QGroupBox(tr("Operations per point"), this);
    auto* of = new QFormLayout(opsBox);
    const char* const opNames[4] = {"fadd", "fmul", "iadd", "imax"};
    for (int i = 0; i < 4; ++i) {
        auto* f = new QLineEdit(opsBox);
        f->setObjectName(QStringLiteral("energyOp") + opNames[i]);
        f->setToolTip(tr("%1 operations per iteration point (spec §6.1 item 5: inferred from "
                         "the kernels; editable)")
                          .arg(opNames[i]));
        ops_[static_cast<std::size_t>(i)] = f;
        of->addRow(opNames[i], f);
        connect(f, &QLineEdit::editingFinished, this, [this, i, f, opNames] {
            if (updating_ || !f->isModified()) {
                return;
            }
            f->setModified(false);
            const auto v = parseNumber(f->text());
            if (!v || *v < 0) {
                refuse(tr("op_%1 = %2 refused: expected a finite number >= 0")
                           .arg(opNames[i], f->text()));
                showSettings();
                return;
            }
            EnergySettings e = e_;
            energy::OpCounts o = e.problem.ops.value_or(energy::defaultOpCounts(e.problem.stencil));
            double* slot[4] = {&o.fadd, &o.fmul, &o.iadd, &o.imax};
            *slot[i] = *v;
            e.problem.ops = o;
            send(tr("Set op_%1 = %2").arg(opNames[i], significant(*v, 10)), e);
        });
    }
    muSr_ = new QLineEdit(opsBox);
    muSr_->setObjectName("energyMuSr");
    muSr_->setToolTip(tr("mu_sr: shared<->register words per point of jacobi2d (6: 5 reads + 1 "
                         "write, spec §6.1 item 6)"));
    muSrLabel_ = new QLabel(tr("mu_sr"), opsBox);
    of->addRow(muSrLabel_, muSr_);
    connect(muSr_, &QLineEdit::editingFinished, this, [this] {
        if (updating_ || !muSr_->isModified()) {
            return;
        }
        muSr_->setModified(false);
        const auto v = parseNumber(muSr_->text());
        if (!v || *v < 0) {
            refuse(tr("mu_sr = %1 refused: expected a finite number >= 0").arg(muSr_->text()));
            showSettings();
            return;
        }
        EnergySettings e = e_;
        e.problem.muSr = *v;
        send(tr("Set mu_sr = %1").arg(significant(*v, 10)), e);
    });
    outer->addWidget(opsBox);

    // Coefficients.
    auto* coefBox = new QGroupBox(tr("Coefficients"), this);
    auto* cf = new QFormLayout(coefBox);
    profile_ = new QComboBox(coefBox);
    profile_->setObjectName("energyProfile");
    // The coefficient profiles, then every GPU description with an energy block (the K20c and
    // GPUs of the user's derived from it: issue 43).
    fillProfileCombo(
        profile_, "energy", [](const ProfileEntry& p) { return QString::fromStdString(p.id); },
        AlsoKind{"gpus", tr("GPUs with energy coefficients"), [](const ProfileEntry& e) {
                     try {
                         return energy::hasEnergyCoefficients(loadGpuProfile(e.path.string()));
                     } catch (const InputError&) {
                         return false; // listed with its error in the GPU combos
                     }
                 }});
    profile_->setToolTip(tr("Energy coefficients: k20c-a micro-benchmarks (Model A, the K20c "
                            "description's energy block), k20c-b regression (Model B), yours, or "
                            "a GPU with an energy block"));
    cf->addRow(tr("Profile"), profile_);
    // An id or a file: the coefficients of that profile, as one edit.
    const auto choose = [this](const QString& idOrPath, const QString& label) {
        EnergySettings e = e_;
        try {
            e.coefficients = energy::loadEnergyProfile(idOrPath.toStdString());
        } catch (const InputError& err) {
            refuse(QString::fromUtf8(err.what()));
            showSettings();
            return false;
        }
        send(tr("Choose coefficients %1").arg(label), e);
        return true;
    };
    connect(profile_, &QComboBox::activated, this, [this, choose](int index) {
        choose(profile_->itemData(index).toString(), profile_->itemText(index));
    });
    cf->addRow(profileButtons(
        coefBox, "energy", tr("energy coefficients"),
        [this, choose] {
            const auto current = nlohmann::json::parse(energy::toJson(e_.coefficients).dump());
            if (const auto saved =
                    saveProfileDialog(this, "energy", tr("energy coefficients"), current,
                                      QString::fromStdString(e_.coefficients.name))) {
                const QString id = QString::fromStdString(saved->id);
                if (choose(id, id)) {
                    emit statusMessage(
                        tr("Saved energy coefficients %1 to %2; the session uses them.")
                            .arg(id, saved->path));
                }
            }
        },
        [this, choose] {
            const QString path = openProfileDialog(this, tr("energy coefficients"));
            if (!path.isEmpty() && choose(path, path)) {
                emit statusMessage(tr("Opened energy coefficients %1").arg(path));
            }
        }));
    for (std::size_t k = 0; k < 7; ++k) {
        const std::string key(energy::kCoefficientKeys[k]);
        auto* f = new QLineEdit(coefBox);
        f->setObjectName(QString::fromStdString("energy_" + key));
        coefficients_[key] = f;
        auto* label = new QLabel(
            QStringLiteral("%1 [%2]").arg(QString::fromStdString(key), kCoefficientUnits[k]),
            coefBox);
        label->setToolTip(tr(kCoefficientTips[k]));
        cf->addRow(label, f);
        connect(f, &QLineEdit::editingFinished, this, [this, key, f, k] {
            if (updating_ || !f->isModified()) {
                return;
            }
            f->setModified(false);
            const auto v = parseNumber(f->text());
            if (!v || *v < 0) {
                refuse(tr("%1 = %2 refused: expected a finite number >= 0 [%3]")
                           .arg(QString::fromStdString(key), f->text(), kCoefficientUnits[k]));
                showSettings();
                return;
            }
            EnergySettings e = e_;
            Quantity& q = e.coefficients.params[key];
            q.value = *v;
            q.unit = kCoefficientUnits[k];
            q.source = "set by user";
            q.edited = true;
            send(tr("Set %1 = %2").arg(QString::fromStdString(key), significant(*v, 10)), e);
        });
    }
    outer->addWidget(coefBox);

    // Variants (spec §6.1).
    auto* variantBox = new QGroupBox(tr("Variant"), this);
    auto* vf = new QFormLayout(variantBox);
    const auto combo = [&](const char* name, std::initializer_list<const char*> items,
                           const QString& tip) {
        auto* c = new QComboBox(variantBox);
        c->setObjectName(name);
        for (const char* it : items) {
            c->addItem(QString::fromLatin1(it));
        }
        c->setToolTip(tip);
        return c;
    };
    count_ = combo("energyCount", {"continuous", "ceil"},
                   tr("Tile count: the thesis's continuous V_alg/V_tile (default) or whole tiles "
                      "per dimension (spec §6.1 item 9)"));
    j1dCount_ = combo("energyJ1dCount", {"generic", "skewed"},
                      tr("Jacobi 1D N_tiles: S T/(tS tT) (default) or the skewed-band count "
                         "T (S + tT)/(tS tT); the thesis gives none"));
    j1dSr_ = combo("energyJ1dSr", {"thesis", "alt"},
                   tr("Jacobi 1D shared<->register words: 4(2tS + 4tT tS/sS) (thesis) or "
                      "4(2tS + 4tT) tS/sS (spec §6.1 item 2)"));
    pitch_ = combo("energyPitch", {"geometric", "paper"},
                   tr("Jacobi 2D hexagon pitch: tS1 + w_tile (B.5, volume-consistent, default) or "
                      "2tS1 + tT (A.5)"));
    vf->addRow(tr("Tile count"), count_);
    j1dCountLabel_ = new QLabel(tr("J1D count"), variantBox);
    vf->addRow(j1dCountLabel_, j1dCount_);
    j1dSrLabel_ = new QLabel(tr("J1D SR"), variantBox);
    vf->addRow(j1dSrLabel_, j1dSr_);
    pitchLabel_ = new QLabel(tr("J2D pitch"), variantBox);
    vf->addRow(pitchLabel_, pitch_);
    for (QComboBox* c : {count_, j1dCount_, j1dSr_, pitch_}) {
        connect(c, &QComboBox::activated, this, [this] {
            EnergySettings e = e_;
            e.variant.count = energy::parseTileCount(count_->currentText().toStdString(), "count");
            e.variant.j1dCount =
                energy::parseJ1dCount(j1dCount_->currentText().toStdString(), "j1d-count");
            e.variant.j1dSr = energy::parseJ1dSr(j1dSr_->currentText().toStdString(), "j1d-sr");
            e.variant.j2dPitch =
                energy::parseJ2dPitch(pitch_->currentText().toStdString(), "pitch");
            send(tr("Change energy variant"), e);
        });
    }
    outer->addWidget(variantBox);

    // Time source (spec §6.1 item 1).
    auto* timeBox = new QGroupBox(tr("Time source"), this);
    auto* sf = new QFormLayout(timeBox);
    timeSource_ = new QComboBox(timeBox);
    timeSource_->setObjectName("energyTimeSource");
    timeSource_->addItem(tr("Given T_alg"), static_cast<int>(energy::TimeSourceKind::Given));
    timeSource_->addItem(tr("Talg model"), static_cast<int>(energy::TimeSourceKind::Model));
    timeSource_->addItem(tr("Measured run"), static_cast<int>(energy::TimeSourceKind::Measured));
    timeSource_->setToolTip(tr("Where T_alg (the static energy's time) comes from: a value you "
                               "give, the Talg model of the session's GPU (Maxwell-calibrated, "
                               "HHC only: a cross-GPU estimate), or a measured run"));
    sf->addRow(tr("T_alg from"), timeSource_);
    tAlg_ = new QLineEdit(timeBox);
    tAlg_->setObjectName("energyTAlg");
    tAlgLabel_ = new QLabel(tr("T_alg [s]"), timeBox);
    sf->addRow(tAlgLabel_, tAlg_);
    run_ = new QComboBox(timeBox);
    run_->setObjectName("energyRun");
    run_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    run_->setMinimumContentsLength(18);
    runLabel_ = new QLabel(tr("Run"), timeBox);
    sf->addRow(runLabel_, run_);
    modelNote_ = new QLabel(timeBox);
    modelNote_->setWordWrap(true);
    setFontStyle(modelNote_, false, true);
    sf->addRow(modelNote_);
    connect(timeSource_, &QComboBox::activated, this, [this](int index) {
        EnergySettings e = e_;
        e.timeSource.kind =
            static_cast<energy::TimeSourceKind>(timeSource_->itemData(index).toInt());
        if (e.timeSource.kind == energy::TimeSourceKind::Measured && e.timeSource.runId == 0 &&
            run_->count() > 0 && run_->itemData(0).toLongLong() > 0) {
            e.timeSource.runId = run_->itemData(0).toLongLong();
        }
        send(tr("T_alg from %1").arg(timeSource_->itemText(index)), e);
    });
    connect(tAlg_, &QLineEdit::editingFinished, this, [this] {
        if (updating_ || !tAlg_->isModified()) {
            return;
        }
        tAlg_->setModified(false);
        const auto v = parseNumber(tAlg_->text());
        if (!v || *v <= 0) {
            refuse(tr("T_alg = %1 refused: expected a finite time > 0 [s]").arg(tAlg_->text()));
            showSettings();
            return;
        }
        EnergySettings e = e_;
        e.timeSource.tAlgS = *v;
        e.problem.tAlgS = *v;
        send(tr("Set T_alg = %1 s").arg(significant(*v, 10)), e);
    });
    connect(run_, &QComboBox::activated, this, [this](int index) {
        const auto id = run_->itemData(index).toLongLong();
        if (id <= 0) {
            return;
        }
        EnergySettings e = e_;
        e.timeSource.kind = energy::TimeSourceKind::Measured;
        e.timeSource.runId = id;
        // The run's problem and tiling become the editor's (what was measured).
        for (const auto& r : runs_) {
            if (r.id == id) {
                if (const auto in =
                        energy::energyInputOf(r, nullptr, e.problem.ops, e.problem.muSr)) {
                    const double given = e.problem.tAlgS;
                    e.problem = *in;
                    e.problem.tAlgS = given;
                }
            }
        }
        send(tr("T_alg from run %1").arg(id), e);
    });
    outer->addWidget(timeBox);

    // Search.
    auto* searchBox = new QGroupBox(tr("Tile choice"), this);
    auto* gf = new QFormLayout(searchBox);
    objective_ = new QComboBox(searchBox);
    objective_->setObjectName("energyObjective");
    objective_->addItem(tr("Energy"), static_cast<int>(energy::Objective::Energy));
    objective_->addItem(tr("Time"), static_cast<int>(energy::Objective::Time));
    objective_->addItem(tr("Energy-delay product"), static_cast<int>(energy::Objective::Edp));
    objective_->addItem(tr("Weighted sum"), static_cast<int>(energy::Objective::Weighted));
    objective_->setToolTip(tr("What the best tiling minimises (thesis B.8); weighted: "
                              "w E/E* + (1 - w) T/T*"));
    gf->addRow(tr("Objective"), objective_);
    weight_ = new NumberField(tr("w"), 0, 1, QString(), searchBox);
    weight_->setObjectName("energyWeight");
    weight_->setToolTip(tr("w in [0, 1]: the weight of energy, 1 - w that of time, each relative "
                           "to its own optimum (w E/E* + (1 - w) T/T*)"));
    weightLabel_ = new QLabel(tr("Weight w (energy)"), searchBox);
    gf->addRow(weightLabel_, weight_);
    within_ = new NumberField(tr("Within"), 0, 100, tr("%"), searchBox);
    within_->setObjectName("energyWithin");
    within_->setToolTip(tr("The tilings within this many % of the best are counted (0 to 100)"));
    gf->addRow(tr("Within [%]"), within_);
    connect(objective_, &QComboBox::activated, this, [this](int index) {
        EnergySettings e = e_;
        e.objective = static_cast<energy::Objective>(objective_->itemData(index).toInt());
        send(tr("Minimise %1").arg(objective_->itemText(index)), e);
    });
    connect(weight_, &NumberField::edited, this, [this](double w) {
        EnergySettings e = e_;
        e.weight = w;
        send(tr("Set weight w = %1").arg(w), e);
    });
    connect(within_, &NumberField::edited, this, [this](double pct) {
        EnergySettings e = e_;
        e.within = pct / 100;
        send(tr("Set within %1 %").arg(pct), e);
    });
    for (NumberField* f : {weight_, within_}) {
        connect(f, &NumberField::refused, this, &EnergyEditor::refuse);
    }
    outer->addWidget(searchBox);
    outer->addStretch(1);

    connect(stencil_, &QComboBox::activated, this, [this](int index) {
        const auto k = static_cast<energy::StencilKind>(stencil_->itemData(index).toInt());
        if (k == e_.problem.stencil) {
            return;
        }
        send(tr("Choose stencil %1 (spec example)").arg(stencil_->itemText(index)),
             exampleOf(k, e_));
    });
    e_ = defaultEnergySettings();
    showSettings();
}

QLineEdit* EnergyEditor::coefficientField(const std::string& key) const {
    const auto it = coefficients_.find(key);
    return it == coefficients_.end() ? nullptr : it->second;
}

QString EnergyEditor::lastError() const {
    return error_->error();
}

void EnergyEditor::refuse(const QString& text) {
    error_->setError(text);
    emit refused(text);
}

void EnergyEditor::send(const QString& label, const EnergySettings& e) {
    // The model's own checks first, so that a refusal is said here, next to the field.
    try {
        energy::evaluateEnergy(e.problem, energy::coefficientsOf(e.coefficients), e.variant);
    } catch (const InputError& err) {
        refuse(QString::fromUtf8(err.what()));
        showSettings();
        return;
    }
    error_->setError({});
    emit edited(label, e);
}

std::int64_t EnergyEditor::tileStep(int i) const {
    const bool twoD = e_.problem.stencil == energy::StencilKind::Jacobi2D;
    if (i == 0) {
        return twoD ? 1 : std::max<std::int64_t>(1, e_.problem.sS);
    }
    if (i == 1) {
        return 32;
    }
    return twoD ? 2 : 1;
}

void EnergyEditor::sizeTyped(int i, std::int64_t value) {
    EnergySettings e = e_;
    if (value < 1) {
        refuse(tr("%1 = %2 refused: expected a positive integer").arg(kSizeNames[i]).arg(value));
        showSettings();
        return;
    }
    (i == 0 ? e.problem.s1 : i == 1 ? e.problem.s2 : e.problem.t) = value;
    send(tr("Set %1 = %2").arg(kSizeNames[i]).arg(value), e);
}

void EnergyEditor::tileTyped(int i, std::int64_t value) {
    const bool twoD = e_.problem.stencil == energy::StencilKind::Jacobi2D;
    const std::int64_t step = tileStep(i);
    const QString name = twoD || i != 0 ? QString::fromLatin1(kTileNames[i]) : QStringLiteral("tS");
    if (value < step) {
        refuse(tr("%1 = %2 refused: expected an integer >= %3").arg(name).arg(value).arg(step));
        showSettings();
        return;
    }
    if (value % step != 0) {
        refuse(
            i == 2
                ? tr("%1 = %2 refused: must be even (hybrid-hexagonal tiling)").arg(name).arg(value)
            : i == 1 ? tr("%1 = %2 refused: must be a multiple of 32 (whole warps, A.32)")
                           .arg(name)
                           .arg(value)
                     : tr("%1 = %2 refused: must be a multiple of the sub-tile sS = %3 "
                          "(choose sS first)")
                           .arg(name)
                           .arg(value)
                           .arg(step));
        showSettings();
        return;
    }
    EnergySettings e = e_;
    (i == 0 ? e.problem.tS1 : i == 1 ? e.problem.tS2 : e.problem.tT) = value;
    send(tr("Set %1 = %2").arg(name).arg(value), e);
}

void EnergyEditor::updateSliders() {
    const bool twoD = e_.problem.stencil == energy::StencilKind::Jacobi2D;
    const std::int64_t extents[3] = {e_.problem.s1, e_.problem.s2, e_.problem.t};
    const std::int64_t values[3] = {e_.problem.tS1, e_.problem.tS2, e_.problem.tT};
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const std::int64_t step = tileStep(i);
        // Positions are legal values (one step each), up to the extent or 1024 steps (a short
        // drag must not jump by tens of thousands; larger tiles can be typed).
        const std::int64_t last = std::min<std::int64_t>(
            std::max<std::int64_t>(1, std::min(extents[i], std::int64_t(1024) * step) / step),
            std::numeric_limits<int>::max());
        const QSignalBlocker b(sliders_[idx]);
        sliders_[idx]->setRange(1, static_cast<int>(last));
        sliders_[idx]->setValue(static_cast<int>(std::min(values[i] / step, last)));
        sliders_[idx]->setToolTip(tr("%1 in steps of %2").arg(kTileNames[i]).arg(step));
        (void)twoD;
    }
}

void EnergyEditor::setRuns(const std::vector<runs::Run>& all) {
    runs_.clear();
    for (const auto& r : all) {
        if (energy::energyInputOf(r)) {
            runs_.push_back(r);
        }
    }
    showSettings();
}

void EnergyEditor::setSession(const SessionState& s) {
    e_ = s.energy;
    gpuName_ = QString::fromStdString(profileLabel(s.gpu)); // "(edited: …)" when it is
    error_->setError({});
    showSettings();
}

void EnergyEditor::showSettings() {
    const QSignalBlocker blockers[] = {QSignalBlocker(stencil_),    QSignalBlocker(profile_),
                                       QSignalBlocker(count_),      QSignalBlocker(j1dCount_),
                                       QSignalBlocker(j1dSr_),      QSignalBlocker(pitch_),
                                       QSignalBlocker(timeSource_), QSignalBlocker(run_),
                                       QSignalBlocker(objective_),  QSignalBlocker(subTile_)};
    updating_ = true;
    const auto& p = e_.problem;
    const bool twoD = p.stencil == energy::StencilKind::Jacobi2D;
    stencil_->setCurrentIndex(stencil_->findData(static_cast<int>(p.stencil)));
    const std::int64_t sizes[3] = {p.s1, p.s2, p.t};
    const std::int64_t tiles[3] = {p.tS1, p.tS2, p.tT};
    for (int i = 0; i < 3; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        sizes_[idx]->setValue(
            static_cast<int>(std::min<std::int64_t>(sizes[i], std::numeric_limits<int>::max())));
        tiles_[idx]->setValue(
            static_cast<int>(std::min<std::int64_t>(tiles[i], std::numeric_limits<int>::max())));
        tiles_[idx]->setSingleStep(static_cast<int>(tileStep(i)));
    }
    const bool show2 = twoD;
    sizes_[1]->setVisible(show2);
    sizeLabels_[1]->setVisible(show2);
    sizeLabels_[0]->setText(twoD ? tr("S1") : tr("S"));
    tiles_[1]->setVisible(show2);
    sliders_[1]->setVisible(show2);
    tileLabels_[1]->setVisible(show2);
    tileLabels_[0]->setText(twoD ? tr("tS1") : tr("tS"));
    subTile_->setVisible(!twoD);
    subTileLabel_->setVisible(!twoD);
    subTile_->clear();
    if (!twoD) {
        for (std::int64_t d = 1; d <= p.tS1; ++d) {
            if (p.tS1 % d == 0) {
                subTile_->addItem(tr("%1 (%2 sub-tiles)").arg(d).arg(p.tS1 / d),
                                  static_cast<qlonglong>(d));
            }
        }
        subTile_->setCurrentIndex(subTile_->findData(static_cast<qlonglong>(p.sS)));
    }
    updateSliders();
    const energy::OpCounts ops = p.ops.value_or(energy::defaultOpCounts(p.stencil));
    const double opValues[4] = {ops.fadd, ops.fmul, ops.iadd, ops.imax};
    for (int i = 0; i < 4; ++i) {
        ops_[static_cast<std::size_t>(i)]->setText(significant(opValues[i], 10));
        ops_[static_cast<std::size_t>(i)]->setModified(false);
    }
    muSr_->setText(significant(p.muSr.value_or(energy::kDefaultMuSr), 10));
    muSr_->setModified(false);
    muSr_->setVisible(twoD);
    muSrLabel_->setVisible(twoD);
    selectProfileItem(profile_, e_.coefficients.id, QString::fromStdString(e_.coefficients.id));
    for (std::size_t k = 0; k < 7; ++k) {
        const std::string key(energy::kCoefficientKeys[k]);
        QLineEdit* f = coefficients_[key];
        const auto it = e_.coefficients.params.find(key);
        const bool has = it != e_.coefficients.params.end() && it->second.value;
        f->setText(has ? significant(*it->second.value, 10) : QString());
        f->setModified(false);
        const bool edited = has && it->second.edited;
        setFontStyle(f, edited);
        f->setToolTip(tr("%1\n[%2] source: %3%4")
                          .arg(tr(kCoefficientTips[k]), kCoefficientUnits[k],
                               has ? QString::fromStdString(it->second.source) : tr("none"),
                               edited ? tr(" (edited)") : QString()));
    }
    count_->setCurrentText(QString::fromLatin1(energy::name(e_.variant.count).data()));
    j1dCount_->setCurrentText(QString::fromLatin1(energy::name(e_.variant.j1dCount).data()));
    j1dSr_->setCurrentText(QString::fromLatin1(energy::name(e_.variant.j1dSr).data()));
    pitch_->setCurrentText(QString::fromLatin1(energy::name(e_.variant.j2dPitch).data()));
    const bool j1d = p.stencil == energy::StencilKind::Jacobi1D;
    for (QWidget* w :
         std::initializer_list<QWidget*>{j1dCount_, j1dCountLabel_, j1dSr_, j1dSrLabel_}) {
        w->setVisible(j1d);
    }
    pitch_->setVisible(twoD);
    pitchLabel_->setVisible(twoD);

    const auto kind = e_.timeSource.kind;
    timeSource_->setCurrentIndex(timeSource_->findData(static_cast<int>(kind)));
    tAlg_->setText(significant(e_.timeSource.tAlgS, 10));
    tAlg_->setModified(false);
    tAlg_->setVisible(kind == energy::TimeSourceKind::Given);
    tAlgLabel_->setVisible(kind == energy::TimeSourceKind::Given);
    run_->clear();
    for (const auto& r : runs_) {
        const auto in = energy::energyInputOf(r);
        run_->addItem(tr("%1: %2 %3, %4 s%5")
                          .arg(r.id)
                          .arg(QString::fromStdString(r.stencil), energyProblemText(*in))
                          .arg(r.timeSeconds, 0, 'g', 4)
                          .arg(r.energyJ ? tr(", %1 J").arg(*r.energyJ, 0, 'g', 4) : QString()),
                      static_cast<qlonglong>(r.id));
    }
    if (runs_.empty()) {
        run_->addItem(tr("no energy runs in the database"), static_cast<qlonglong>(0));
    }
    // The list shows whole lines even where the dock is narrow.
    run_->view()->setMinimumWidth(run_->view()->sizeHintForColumn(0) + 24);
    const int ri = run_->findData(static_cast<qlonglong>(e_.timeSource.runId));
    if (ri >= 0) {
        run_->setCurrentIndex(ri);
    } else if (e_.timeSource.runId > 0) {
        run_->insertItem(0, tr("run %1 (not in this database)").arg(e_.timeSource.runId),
                         static_cast<qlonglong>(e_.timeSource.runId));
        run_->setCurrentIndex(0);
    }
    run_->setVisible(kind == energy::TimeSourceKind::Measured);
    runLabel_->setVisible(kind == energy::TimeSourceKind::Measured);
    modelNote_->setVisible(kind != energy::TimeSourceKind::Given);
    modelNote_->setText(kind == energy::TimeSourceKind::Model
                            ? tr("T_alg of each tiling from the Talg model on %1 (the GPU of the "
                                 "Tiled stencils workspace): calibrated on Maxwell for "
                                 "hybrid-hexagonal tiling, a cross-GPU estimate with K20c "
                                 "coefficients.")
                                  .arg(gpuName_)
                            : tr("The run's problem, tiling and measured time; its measured "
                                 "energy is compared with the prediction."));
    objective_->setCurrentIndex(objective_->findData(static_cast<int>(e_.objective)));
    weight_->setValue(e_.weight);
    weight_->setVisible(e_.objective == energy::Objective::Weighted);
    weightLabel_->setVisible(e_.objective == energy::Objective::Weighted);
    within_->setValue(e_.within * 100);
    updating_ = false;
}

} // namespace cdx::widgets
