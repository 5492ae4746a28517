// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_editor.hpp"

#include "common/message_line.hpp"
#include "common/number_field.hpp"
#include "common/profile_combo.hpp"
#include "common/view_layout.hpp"
#include "eatss/eatss_model.hpp"
#include "eatss/eatss_session.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace cdx::widgets {

EatssEditor::EatssEditor(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    // Two lines kept for a refusal (it must not move the fields under the pointer), with a hint
    // while there is none.
    error_ = new MessageLine(
        tr("Apply checks the program; a refused one stays in the editor, its reason here."), this);
    error_->setObjectName("eatssError");
    outer->addWidget(error_);

    auto* progBox = new QGroupBox(tr("Program"), this);
    auto* pl = new QVBoxLayout(progBox);
    program_ = new QComboBox(progBox);
    program_->setObjectName("eatssProgram");
    for (const auto& p : listProfiles("programs")) {
        program_->addItem(QString::fromStdString(p.id));
    }
    program_->setToolTip(tr("The EATSS artifact's kernels (PolyBench and the §V-D ones)"));
    pl->addWidget(program_);
    text_ = new QPlainTextEdit(progBox);
    text_->setObjectName("eatssProgramText");
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text_->setToolTip(
        tr("The artifact's .rels form: 1, then <Stmt>:<loop>[*],... (outer to inner, "
           "* = parallel), the number of references, and one <Array>:<it>,<it>,...:"
           "<size>,... line each (one iterator per subscript; the sizes are unused)"));
    text_->setMinimumHeight(text_->fontMetrics().lineSpacing() * 8);
    pl->addWidget(text_);
    apply_ = new QPushButton(tr("Apply the program"), progBox);
    apply_->setObjectName("eatssApplyProgram");
    revert_ = new QPushButton(tr("Revert"), progBox);
    revert_->setObjectName("eatssRevertProgram");
    revert_->setToolTip(tr("Throw away the text typed here and show the program in use again"));
    revert_->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(apply_, 1);
    buttons->addWidget(revert_);
    pl->addLayout(buttons);
    outer->addWidget(progBox);

    auto* modelBox = new QGroupBox(tr("GPU and model"), this);
    auto* form = new QFormLayout(modelBox);
    gpu_ = new QComboBox(modelBox);
    gpu_->setObjectName("eatssGpu");
    // The artifact's devices, then every GPU description (issue 43: its EATSS parameters are
    // estimated from the chip's facts, and named so).
    fillProfileCombo(gpu_, "eatss-gpus",
                     [](const ProfileEntry& g) { return QString::fromStdString(g.id); },
                     {"gpus", tr("Other GPUs (parameters estimated)"), {}});
    form->addRow(tr("GPU"), gpu_);
    caps_ = new QLabel(modelBox);
    caps_->setWordWrap(true);
    form->addRow(caps_);
    mode_ = new QComboBox(modelBox);
    mode_->setObjectName("eatssMode");
    mode_->addItem(tr("artifact (exact script semantics)"), "artifact");
    mode_->addItem(tr("paper (the text's formulation)"), "paper");
    form->addRow(tr("Mode"), mode_);
    split_ = new NumberField(tr("s"), 0, 1, QString(), modelBox);
    split_->setObjectName("eatssSplit");
    split_->setToolTip(tr("s: the share of L1+shared memory given to shared memory (0: all L1)"));
    form->addRow(tr("Split s"), split_);
    align_ = new QComboBox(modelBox);
    align_->setObjectName("eatssAlign");
    for (double a : {1.0, 0.5, 0.25, 0.125, 0.0}) {
        align_->addItem(a == 0 ? tr("0 (unaligned)") : QString::number(a), a);
    }
    align_->setToolTip(
        tr("φ: tile sizes are multiples of φ × the warp size (artifact: of the halved "
           "warp in FP64)"));
    form->addRow(tr("Warp fraction φ"), align_);
    precision_ = new QComboBox(modelBox);
    precision_->setObjectName("eatssPrecision");
    precision_->addItem("double");
    precision_->addItem("float");
    form->addRow(tr("Precision"), precision_);
    outer->addWidget(modelBox);
    outer->addStretch(1);

    connect(program_, &QComboBox::activated, this, [this](int i) {
        EatssSettings e = e_;
        try {
            e.program = eatss::loadProgram(program_->itemText(i).toStdString());
        } catch (const InputError& err) {
            refuse(QString::fromUtf8(err.what()));
            return;
        }
        e.mapX = e.program.loops.size() > 1 ? e.program.loops[e.program.loops.size() - 2].name : "";
        e.mapY = e.program.loops.size() > 1 ? e.program.loops.back().name : "";
        send(tr("Choose program %1").arg(program_->itemText(i)), e);
    });
    connect(apply_, &QPushButton::clicked, this, [this] {
        EatssSettings e = e_;
        try {
            eatss::Program p = eatss::parseRels(text_->toPlainText().toStdString(), "program.rels");
            p.id = e_.program.id;
            p.name = e_.program.name;
            if (eatss::toRels(p) != eatss::toRels(e_.program)) {
                p.id = e_.program.id + " (edited)";
            }
            e.program = p;
        } catch (const InputError& err) {
            // The typed program stays in the editor, marked, with the reason, until it is fixed
            // or reverted: a typo is corrected where it was made.
            programError_ = QString::fromUtf8(err.what());
            error_->setError(programError_);
            markProgramText();
            emit refused(programError_);
            return;
        }
        programError_.clear();
        e.mapX = e.program.loops.size() > 1 ? e.program.loops[0].name : "";
        e.mapY = e.program.loops.size() > 1 ? e.program.loops[1].name : "";
        send(tr("Edit the program"), e);
    });
    connect(revert_, &QPushButton::clicked, this, [this] {
        programError_.clear();
        text_->setPlainText(shownRels_);
        error_->setError({});
        markProgramText();
    });
    connect(text_, &QPlainTextEdit::textChanged, this, &EatssEditor::markProgramText);
    connect(gpu_, &QComboBox::activated, this, [this](int i) {
        EatssSettings e = e_;
        e.gpu = gpu_->itemData(i).toString().toStdString();
        // A split this GPU's 48 KB per block cannot hold (0.25 of H100's 256 KB array) is
        // brought to its largest cap that fits, in the same step, and said (issue 43: any GPU).
        QString note;
        try {
            const eatss::Gpu g = eatss::loadGpu(e.gpu);
            const double fits = static_cast<double>(g.sharedPerBlockBytes) /
                                static_cast<double>(std::max<std::int64_t>(g.l1SharedBytes, 1));
            if (e.options.split > fits && !g.caps.empty()) {
                double best = 0;
                for (double c : g.caps) {
                    if (c <= fits) {
                        best = std::max(best, c);
                    }
                }
                note = tr("; split s %1 -> %2, the largest of its caps that fits 48 KB per block")
                           .arg(e.options.split)
                           .arg(best);
                e.options.split = best;
            }
        } catch (const InputError&) {
            // send() says why the GPU cannot be used
        }
        if (send(tr("Choose GPU %1").arg(gpu_->itemText(i)), e) && !note.isEmpty()) {
            emit statusMessage(tr("EATSS GPU %1%2").arg(gpu_->itemText(i), note));
        }
    });
    connect(mode_, &QComboBox::activated, this, [this](int i) {
        EatssSettings e = e_;
        e.options.mode = eatss::parseMode(mode_->itemData(i).toString().toStdString(), "mode");
        send(tr("EATSS %1 mode").arg(mode_->itemData(i).toString()), e);
    });
    connect(split_, &NumberField::edited, this, [this](double v) {
        EatssSettings e = e_;
        e.options.split = v;
        if (!send(tr("Set split s = %1").arg(v), e)) {
            split_->refuseLast(); // the typed split stays, marked, beside the message
        }
    });
    connect(split_, &NumberField::refused, this, &EatssEditor::refuse);
    connect(align_, &QComboBox::activated, this, [this](int i) {
        EatssSettings e = e_;
        e.options.align = align_->itemData(i).toDouble();
        send(tr("Set warp fraction φ = %1").arg(e.options.align), e);
    });
    connect(precision_, &QComboBox::activated, this, [this](int i) {
        EatssSettings e = e_;
        e.options.precision =
            eatss::parsePrecision(precision_->itemText(i).toStdString(), "precision");
        send(tr("Precision %1").arg(precision_->itemText(i)), e);
    });
}

QString EatssEditor::lastError() const {
    return error_->error();
}

void EatssEditor::refuse(const QString& text) {
    error_->setError(text);
    emit refused(text);
    showValues(); // the session's values again
}

bool EatssEditor::send(const QString& label, const EatssSettings& e) {
    // The options the model refuses (a split above the per-block shared memory) are said here; a
    // program the artifact cannot formulate is still a valid input (the views say why).
    try {
        (void)eatss::formulate(e.program, eatss::loadGpu(e.gpu), e.options);
    } catch (const InputError& err) {
        if (err.field() == "--split" || err.field() == "--align" || err.field() == "--gpu") {
            // The window's words: the fields, not the command's flags.
            refuse(QString::fromUtf8(err.what())
                       .replace("--split", tr("split s"))
                       .replace("--align", tr("warp fraction φ"))
                       .replace("--gpu", tr("GPU")));
            return false;
        }
    }
    error_->setError(programError_); // a refused program still in the editor stays said
    emit edited(label, e);
    return true;
}

void EatssEditor::markProgramText() {
    const bool typed = text_->toPlainText() != shownRels_;
    revert_->setEnabled(typed);
    markRefused(text_, typed && !programError_.isEmpty());
}

void EatssEditor::setSession(const SessionState& s) {
    if (!s.eatss.program.loops.empty()) {
        e_ = s.eatss;
        error_->setError(programError_);
    }
    showValues();
}

void EatssEditor::showValues() {
    const QSignalBlocker b1(program_), b2(gpu_), b3(mode_), b4(align_), b5(precision_);
    const int pi = program_->findText(QString::fromStdString(e_.program.id));
    program_->setCurrentIndex(pi);
    if (pi < 0) {
        program_->setEditText(QString::fromStdString(e_.program.id));
    }
    // Text typed and not applied (or refused) is kept while the program in use is the one it
    // was typed over; another program (chosen, undone, opened) replaces it.
    const QString rels = QString::fromStdString(eatss::toRels(e_.program));
    if (rels != shownRels_ || text_->toPlainText() == shownRels_) {
        if (rels != shownRels_ && !programError_.isEmpty()) {
            programError_.clear();
            error_->setError({});
        }
        shownRels_ = rels;
        const QSignalBlocker bt(text_);
        text_->setPlainText(rels);
    }
    markProgramText();
    selectProfileItem(gpu_, e_.gpu, QString::fromStdString(e_.gpu));
    try {
        const eatss::Gpu g = eatss::loadGpu(e_.gpu);
        QStringList caps;
        for (double c : g.caps) {
            caps << QString::number(c);
        }
        caps_->setText(
            g.estimated.empty()
                ? tr("%1: the artifact's split caps %2")
                      .arg(QString::fromStdString(g.name), caps.join(", "))
                : tr("%1: split caps %2, estimated from its description (not an artifact "
                     "device)")
                      .arg(QString::fromStdString(g.name), caps.join(", ")));
        caps_->setToolTip(QString::fromStdString(g.estimated));
    } catch (const InputError&) {
        caps_->clear();
    }
    mode_->setCurrentIndex(
        mode_->findData(QString::fromLatin1(eatss::name(e_.options.mode).data())));
    split_->setValue(e_.options.split);
    align_->setCurrentIndex(align_->findData(e_.options.align));
    precision_->setCurrentText(QString::fromLatin1(eatss::name(e_.options.precision).data()));
}

} // namespace cdx::widgets
