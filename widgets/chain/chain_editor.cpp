// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_editor.hpp"

#include "chain/chain_common.hpp"
#include "common/message_line.hpp"
#include "common/number_field.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace cdx::widgets {

namespace {
struct Example {
    const char* name;
    std::vector<std::int64_t> dims;
};
const std::vector<Example>& examples() {
    static const std::vector<Example> e{
        {"Thesis D.7: the worked example (6 matrices)", {936, 1008, 552, 368, 1016, 616, 544}},
        {"O-13: four 512 × 512 matrices", {512, 512, 512, 512}},
        {"O-14: (320, 1024, 320, 1024)", {320, 1024, 320, 1024}},
        {"O-14 reversed: (1024, 320, 1024, 320)", {1024, 320, 1024, 320}},
        {"§3.5: fusing left costs more (1000, 500, 2000, 700)", {1000, 500, 2000, 700}},
        {"O-3: A1 stationary wins (1000, 400, 2000)", {1000, 400, 2000}},
    };
    return e;
}
struct MemoryPreset {
    const char* name;
    double words;
};
const std::vector<MemoryPreset>& memoryPresets() {
    static const std::vector<MemoryPreset> p{
        {"\"64KB\" of the thesis = 65536 elements", 65536},
        {"\"96KB\" of the thesis = 98304 elements", 98304},
        {"48 KB of 4-byte floats = 12288", 12288},
        {"48 KB of 8-byte doubles = 6144", 6144},
        {"96 KB of 4-byte floats = 24576", 24576},
        {"228 KB of 4-byte floats (H100 SM) = 58368", 58368},
    };
    return p;
}
// Draws "P3" in grey before each dimension and edits only the number after it, so a message
// about P3 points at a visible row.
class DimensionDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static int prefixWidth(const QFontMetrics& fm) { return fm.horizontalAdvance("P000 ") + 6; }
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        QStyleOptionViewItem o = option;
        initStyleOption(&o, index);
        const int w = prefixWidth(o.fontMetrics);
        const QString text = o.text;
        o.text.clear();
        o.widget->style()->drawControl(QStyle::CE_ItemViewItem, &o, p, o.widget);
        p->save();
        p->setPen(o.palette.color(QPalette::Disabled, QPalette::Text));
        p->drawText(o.rect.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                    QStringLiteral("P%1").arg(index.row()));
        p->setPen(o.palette.color(o.state & QStyle::State_Selected ? QPalette::HighlightedText
                                                                   : QPalette::Text));
        p->drawText(o.rect.adjusted(w, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
        p->restore();
    }
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                              const QModelIndex&) const override {
        editor->setGeometry(option.rect.adjusted(prefixWidth(option.fontMetrics) - 4, 0, 0, 0));
    }
};
} // namespace

std::vector<std::int64_t> ChainEditor::parseList(const QString& text) {
    std::vector<std::int64_t> out;
    const QStringList parts =
        text.split(QRegularExpression("[\\s,;{}()\\[\\]]+"), Qt::SkipEmptyParts);
    for (int i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const qlonglong v = parts[i].toLongLong(&ok);
        if (!ok || v < 1 || v > chain::kMaxDimension) {
            throw InputError(QStringLiteral("P%1").arg(i).toStdString(), parts[i].toStdString(),
                             "expected an integer dimension in [1, 1048576]");
        }
        out.push_back(v);
    }
    if (out.size() < 3 || out.size() > chain::kMaxMatrices + 1) {
        throw InputError("dimensions", text.toStdString(),
                         "expected 3 to 201 dimensions P0..Pn (2 to 200 matrices)");
    }
    return out;
}

ChainEditor::ChainEditor(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    error_ = new MessageLine(tr("Edit a dimension in the list, or type them all and press Use "
                                "list; a refusal is said here."),
                             this);
    error_->setObjectName("chainError");
    outer->addWidget(error_);

    auto* chainBox = new QGroupBox(tr("Chain A1 … An (Ai is P(i−1) × Pi)"), this);
    auto* cl = new QVBoxLayout(chainBox);
    example_ = new QComboBox(chainBox);
    example_->setObjectName("chainExample");
    example_->addItem(tr("Examples…"));
    for (const auto& e : examples()) {
        example_->addItem(tr(e.name));
    }
    example_->setToolTip(tr("Chains of the spec's worked examples and oracles"));
    // The list's long entries must not widen the dock (they show in full when opened).
    example_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    example_->setMinimumContentsLength(16);
    cl->addWidget(example_);
    dims_ = new QListWidget(chainBox);
    dims_->setObjectName("chainDims");
    dims_->setDragDropMode(QAbstractItemView::InternalMove);
    dims_->setDefaultDropAction(Qt::MoveAction);
    dims_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    dims_->setToolTip(tr("P0 … Pn, one per row: double-click or type to edit, drag a row to "
                         "move it"));
    dims_->setMinimumHeight(dims_->fontMetrics().lineSpacing() * 7);
    dims_->setItemDelegate(new DimensionDelegate(dims_));
    cl->addWidget(dims_, 1);
    auto* buttons = new QGridLayout;
    add_ = new QPushButton(tr("Add"), chainBox);
    add_->setObjectName("chainAdd");
    add_->setToolTip(tr("Append a dimension (a copy of the last): one more matrix"));
    insert_ = new QPushButton(tr("Insert"), chainBox);
    insert_->setObjectName("chainInsert");
    insert_->setToolTip(tr("Insert a copy of the selected dimension before it"));
    remove_ = new QPushButton(tr("Remove"), chainBox);
    remove_->setObjectName("chainRemove");
    remove_->setToolTip(tr("Remove the selected dimension: one matrix fewer"));
    reverse_ = new QPushButton(tr("Reverse"), chainBox);
    reverse_->setObjectName("chainReverse");
    reverse_->setToolTip(tr("Reverse the chain (the transposed product): the corrected β gives "
                            "the same data movement, the thesis's does not (O-14)"));
    buttons->addWidget(add_, 0, 0);
    buttons->addWidget(insert_, 0, 1);
    buttons->addWidget(remove_, 1, 0);
    buttons->addWidget(reverse_, 1, 1);
    cl->addLayout(buttons);
    matrices_ = new QLabel(chainBox);
    matrices_->setObjectName("chainMatrices");
    matrices_->setWordWrap(true);
    // A fixed height: the buttons above do not move as the chain changes.
    matrices_->setFixedHeight(3 * matrices_->fontMetrics().lineSpacing() + 4);
    matrices_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    cl->addWidget(matrices_);
    auto* pasteRow = new QHBoxLayout;
    paste_ = new QLineEdit(chainBox);
    paste_->setObjectName("chainPaste");
    paste_->setPlaceholderText(tr("Paste a list: 936, 1008, 552, …"));
    paste_->setToolTip(tr("P0 … Pn separated by commas, spaces or semicolons; braces allowed"));
    pasteApply_ = new QPushButton(tr("Use list"), chainBox);
    pasteApply_->setObjectName("chainPasteApply");
    pasteRow->addWidget(paste_, 1);
    pasteRow->addWidget(pasteApply_);
    cl->addLayout(pasteRow);
    outer->addWidget(chainBox, 1);

    auto* modelBox = new QGroupBox(tr("On-chip memory and model"), this);
    auto* form = new QFormLayout(modelBox);
    memory_ = new NumberField(tr("M"), 2, 1e15, tr("elements"), modelBox);
    memory_->setObjectName("chainMemory");
    memory_->setToolTip(tr("M: the on-chip (shared) memory of a thread block, in elements. The "
                           "thesis's \"64KB\" is 65536 elements (√M = 256), i.e. 1 KB = 1024 "
                           "elements (spec §0.1)"));
    form->addRow(tr("M [elements]"), memory_);
    memoryPreset_ = new QComboBox(modelBox);
    memoryPreset_->setObjectName("chainMemoryPreset");
    memoryPreset_->addItem(tr("Presets…"));
    memoryPreset_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    memoryPreset_->setMinimumContentsLength(16);
    for (const auto& p : memoryPresets()) {
        memoryPreset_->addItem(tr(p.name), p.words);
    }
    form->addRow(tr("Preset"), memoryPreset_);
    tiles_ = new QLabel(modelBox);
    tiles_->setObjectName("chainTileBounds");
    tiles_->setWordWrap(true);
    form->addRow(tiles_);
    beta_ = new QComboBox(modelBox);
    beta_->setObjectName("chainBeta");
    beta_->addItem(tr("corrected: β = P(i−1)/P(k2)"), "corrected");
    beta_->addItem(tr("thesis: β = P(i−1)/Pk (as printed)"), "thesis");
    beta_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    beta_->setMinimumContentsLength(22);
    beta_->setToolTip(
        tr("The right-fusion shape parameter. D.11's algebra needs β = P0/P2 (corrected, the "
           "default); the thesis prints P0/P1, which reproduces Fig. D.11 and Table D.1 but gives "
           "unattainable costs (spec §3.3)"));
    form->addRow(tr("β"), beta_);
    outer->addWidget(modelBox);

    connect(example_, &QComboBox::activated, this, [this](int i) {
        if (i <= 0) {
            return;
        }
        ChainSettings c = c_;
        c.dims = examples()[static_cast<std::size_t>(i - 1)].dims;
        {
            const QSignalBlocker b(example_);
            example_->setCurrentIndex(0);
        }
        send(tr("Example chain: %1").arg(tr(examples()[static_cast<std::size_t>(i - 1)].name)), c);
    });
    connect(dims_, &QListWidget::itemChanged, this, [this] {
        if (showing_) {
            return;
        }
        QString error;
        const auto dims = listedDims(&error);
        if (!error.isEmpty()) {
            refuse(error);
            return;
        }
        ChainSettings c = c_;
        c.dims = dims;
        send(tr("Edit a dimension"), c);
    });
    connect(dims_->model(), &QAbstractItemModel::rowsMoved, this, [this] {
        if (showing_) {
            return;
        }
        QString error;
        const auto dims = listedDims(&error);
        if (!error.isEmpty()) {
            refuse(error);
            return;
        }
        ChainSettings c = c_;
        c.dims = dims;
        send(tr("Move a dimension"), c);
    });
    connect(add_, &QPushButton::clicked, this, [this] {
        ChainSettings c = c_;
        if (c.dims.size() >= chain::kMaxMatrices + 1) {
            refuse(tr("A chain has at most %1 matrices.").arg(chain::kMaxMatrices));
            return;
        }
        c.dims.push_back(c.dims.back());
        send(tr("Add a matrix"), c);
    });
    connect(insert_, &QPushButton::clicked, this, [this] {
        ChainSettings c = c_;
        const int row = std::max(0, dims_->currentRow());
        if (c.dims.size() >= chain::kMaxMatrices + 1) {
            refuse(tr("A chain has at most %1 matrices.").arg(chain::kMaxMatrices));
            return;
        }
        c.dims.insert(c.dims.begin() + row, c.dims[static_cast<std::size_t>(row)]);
        send(tr("Insert a dimension"), c);
    });
    connect(remove_, &QPushButton::clicked, this, [this] {
        ChainSettings c = c_;
        if (c.dims.size() <= 3) {
            refuse(tr("A chain needs at least two matrices (three dimensions)."));
            return;
        }
        const int row =
            dims_->currentRow() < 0 ? static_cast<int>(c.dims.size()) - 1 : dims_->currentRow();
        c.dims.erase(c.dims.begin() + row);
        send(tr("Remove P%1").arg(row), c);
    });
    connect(reverse_, &QPushButton::clicked, this, [this] {
        ChainSettings c = c_;
        std::reverse(c.dims.begin(), c.dims.end());
        send(tr("Reverse the chain"), c);
    });
    const auto usePaste = [this] {
        ChainSettings c = c_;
        try {
            c.dims = parseList(paste_->text());
        } catch (const InputError& e) {
            // The typed list stays, marked, for the user to correct (it was replaced by the
            // session's chain, typo and all gone).
            paste_->setProperty("refusedOver", shownList());
            markRefused(paste_, true);
            refuse(QString::fromUtf8(e.what()));
            return;
        }
        send(tr("Paste a chain of %1 matrices").arg(c.dims.size() - 1), c);
    };
    connect(pasteApply_, &QPushButton::clicked, this, usePaste);
    connect(paste_, &QLineEdit::returnPressed, this, usePaste);
    connect(memory_, &NumberField::edited, this, [this](double v) {
        ChainSettings c = c_;
        c.memoryWords = v;
        send(tr("Set M = %1 elements").arg(v, 0, 'g', 12), c);
    });
    connect(memory_, &NumberField::refused, this, &ChainEditor::refuse);
    connect(memoryPreset_, &QComboBox::activated, this, [this](int i) {
        if (i <= 0) {
            return;
        }
        ChainSettings c = c_;
        c.memoryWords = memoryPreset_->itemData(i).toDouble();
        {
            const QSignalBlocker b(memoryPreset_);
            memoryPreset_->setCurrentIndex(0);
        }
        send(tr("Set M = %1 elements").arg(c.memoryWords, 0, 'g', 12), c);
    });
    connect(beta_, &QComboBox::activated, this, [this](int i) {
        ChainSettings c = c_;
        c.beta = chain::parseBeta(beta_->itemData(i).toString().toStdString(), "β");
        send(tr("β %1").arg(beta_->itemData(i).toString()), c);
    });
}

std::vector<std::int64_t> ChainEditor::listedDims(QString* error) const {
    std::vector<std::int64_t> dims;
    for (int i = 0; i < dims_->count(); ++i) {
        const QString text = dims_->item(i)->text().trimmed();
        bool ok = false;
        const qlonglong v = text.toLongLong(&ok);
        if (!ok || v < 1 || v > chain::kMaxDimension) {
            *error =
                tr("P%1 = \"%2\": expected an integer dimension in [1, 1048576]").arg(i).arg(text);
            return {};
        }
        dims.push_back(v);
    }
    return dims;
}

QString ChainEditor::lastError() const {
    return error_->error();
}

void ChainEditor::refuse(const QString& text) {
    error_->setError(text);
    emit refused(text);
    showValues();
}

void ChainEditor::send(const QString& label, ChainSettings c) {
    try {
        (void)chain::analyseChain(c.dims, c.memoryWords, c.beta);
    } catch (const InputError& e) {
        refuse(QString::fromUtf8(e.what()));
        return;
    }
    // The single-MM view's node stays inside the new tree.
    c.singleMMNode = std::clamp(c.singleMMNode, 1, static_cast<int>(c.dims.size()) - 2);
    error_->setError({});
    emit edited(label, c);
}

void ChainEditor::setSession(const SessionState& s) {
    c_ = s.chain;
    error_->setError({});
    showValues();
}

void ChainEditor::showValues() {
    showing_ = true;
    const int row = dims_->currentRow();
    dims_->clear();
    QStringList mats;
    for (std::size_t i = 0; i < c_.dims.size(); ++i) {
        auto* item = new QListWidgetItem(QString::number(c_.dims[i]), dims_);
        item->setFlags(item->flags() | Qt::ItemIsEditable | Qt::ItemIsDragEnabled);
        item->setToolTip(tr("P%1").arg(i));
        if (i > 0) {
            mats << tr("A%1 %2×%3").arg(i).arg(c_.dims[i - 1]).arg(c_.dims[i]);
        }
    }
    if (row >= 0 && row < dims_->count()) {
        dims_->setCurrentRow(row);
    }
    showing_ = false;
    // At most three lines: a long chain shows its first matrices and its length.
    constexpr int kShown = 6;
    if (mats.size() > kShown) {
        const int n = static_cast<int>(mats.size());
        mats = mats.mid(0, kShown);
        mats << tr("… (%1 matrices)").arg(n);
    }
    matrices_->setText(mats.join(QStringLiteral(" · ")));
    memory_->setValue(c_.memoryWords);
    const double m = c_.memoryWords;
    tiles_->setText(tr("√M = %1, √(M/2) = %2, √(2M) = %3: the closed forms need every dimension "
                       "above its tile")
                        .arg(std::sqrt(m), 0, 'f', 2)
                        .arg(std::sqrt(m / 2), 0, 'f', 2)
                        .arg(std::sqrt(2 * m), 0, 'f', 2));
    const QSignalBlocker b(beta_);
    beta_->setCurrentIndex(beta_->findData(QString::fromLatin1(chain::name(c_.beta).data())));
    // A refused list stays while the chain it was typed over is the session's.
    if (paste_->property("refusedOver").toString() != shownList()) {
        paste_->setProperty("refusedOver", QString());
        markRefused(paste_, false);
        paste_->setText(shownList());
    }
}

QString ChainEditor::shownList() const {
    QStringList list;
    for (const auto d : c_.dims) {
        list << QString::number(d);
    }
    return list.join(QStringLiteral(", "));
}

} // namespace cdx::widgets
