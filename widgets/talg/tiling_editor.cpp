// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/tiling_editor.hpp"

#include "common/integer_box.hpp"
#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "search/tile_space.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <algorithm>
#include <limits>

namespace cdx::widgets {

namespace {
const char* const kNames[] = {"tS1", "tS2", "tS3", "tT"};
} // namespace

QString TilingEditor::refusal(int dim, int index, std::int64_t value, std::int64_t extent) {
    const QString name = QString::fromLatin1(kNames[index]);
    const std::int64_t step = search::tileSizeStep(dim, index);
    const std::int64_t lo = step == 1 ? 1 : step;
    if (value < lo || value > extent) {
        return tr("%1 = %2 refused: must be in [%3, %4]%5")
            .arg(name)
            .arg(value)
            .arg(lo)
            .arg(extent)
            .arg(index == 3 ? tr(" (the time steps T)")
                            : tr(" (the problem's S%1)").arg(index + 1));
    }
    if (value % step != 0) {
        return index == 3 ? tr("%1 = %2 refused: must be even (hybrid-hexagonal tiling)")
                                .arg(name)
                                .arg(value)
                          : tr("%1 = %2 refused: must be a multiple of 32 (eq. 31: whole warps)")
                                .arg(name)
                                .arg(value);
    }
    return {};
}

TilingEditor::TilingEditor(QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    const QStringList tips{
        tr("tS1: base of the hexagon along S1 (points)"), tr("tS2: tile size along S2 (points)"),
        tr("tS3: tile size along S3 (points; innermost in 3D: a multiple of 32)"),
        tr("tT: hexagon height in time steps (even, hybrid-hexagonal tiling)")};
    for (int i = 0; i < 4; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const QString name = QString::fromLatin1(kNames[i]);
        labels_[idx] = new QLabel(name, this);
        labels_[idx]->setToolTip(tips[i]);
        sliders_[idx] = new QSlider(Qt::Horizontal, this);
        sliders_[idx]->setObjectName(name + "Slider");
        sliders_[idx]->setToolTip(tips[i]);
        sliders_[idx]->setMinimumWidth(100);
        auto* box = new IntegerBox(this);
        boxes_[idx] = box;
        boxes_[idx]->setObjectName(name);
        boxes_[idx]->setKeyboardTracking(false);
        boxes_[idx]->setToolTip(tips[i]);
        // Any integer can be typed: the editor says why a value is refused instead of the box
        // clamping or rounding it silently.
        boxes_[idx]->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        boxes_[idx]->setMinimumWidth(boxes_[idx]->fontMetrics().horizontalAdvance("0000000") + 32);
        grid->addWidget(labels_[idx], i, 0);
        grid->addWidget(sliders_[idx], i, 1);
        grid->addWidget(boxes_[idx], i, 2);
        connect(sliders_[idx], &QSlider::valueChanged, this, [this, i](int v) {
            slid(i, v, sliders_[static_cast<std::size_t>(i)]->isSliderDown());
        });
        connect(sliders_[idx], &QSlider::sliderReleased, this,
                [this, i] { slid(i, sliders_[static_cast<std::size_t>(i)]->value(), false); });
        connect(boxes_[idx], &QSpinBox::valueChanged, this, [this, i](int v) { typed(i, v); });
        connect(box, &IntegerBox::refused, this, [this, i](const QString& text) {
            error_->setText(tr("%1 = %2 refused: expected an integer")
                                .arg(QString::fromLatin1(kNames[i]), text));
            error_->show();
        });
    }
    // The block's threads (issue 57): the papers' model does not use them; hiding by
    // occupancy does. Any integer can be typed; a refusal is said, never clamped.
    auto* threadsLabel = new QLabel(tr("threads"), this);
    const QString threadsTip =
        tr("Threads per block: 0 is PPCG's default, one per point of the innermost tile (capped "
           "by the GPU's limit). They count with latency hiding by occupancy (Variant).");
    threadsLabel->setToolTip(threadsTip);
    auto* threadsBox = new IntegerBox(this);
    threads_ = threadsBox;
    threads_->setObjectName("threadsPerBlock");
    threads_->setKeyboardTracking(false);
    threads_->setToolTip(threadsTip);
    threads_->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    threads_->setSingleStep(32);
    threadsNote_ = new QLabel(this);
    threadsNote_->setObjectName("threadsNote");
    setSecondaryText(threadsNote_);
    grid->addWidget(threadsLabel, 4, 0);
    grid->addWidget(threadsNote_, 4, 1);
    grid->addWidget(threads_, 4, 2);
    connect(threads_, &QSpinBox::valueChanged, this, &TilingEditor::typedThreads);
    connect(threadsBox, &IntegerBox::refused, this, [this](const QString& text) {
        error_->setText(tr("threads = %1 refused: expected an integer").arg(text));
        error_->show();
    });
    error_ = new QLabel(this);
    error_->setObjectName("tilingError");
    error_->setWordWrap(true);
    setTextColor(error_, QColor("#D55E00"));
    error_->hide();
    grid->addWidget(error_, 5, 0, 1, 3);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    setSecondaryText(note_);
    grid->addWidget(note_, 6, 0, 1, 3);
    optimize_ = new QPushButton(tr("Optimal tiles"), this);
    optimize_->setObjectName("optimizeButton");
    optimize_->setToolTip(tr("Set the tiles to the exact minimum of T_alg over the feasible space "
                             "(eq. 31, exhaustive search)"));
    grid->addWidget(optimize_, 7, 0, 1, 3);
    grid->setRowStretch(8, 1);
    grid->setColumnStretch(1, 1);
    connect(optimize_, &QPushButton::clicked, this, &TilingEditor::optimizeRequested);
}

void TilingEditor::setOptimizeBusy(bool busy) {
    optimize_->setEnabled(!busy);
    optimize_->setText(busy ? tr("Searching…") : tr("Optimal tiles"));
}

QString TilingEditor::lastError() const {
    return error_->isHidden() ? QString() : error_->text();
}

std::int64_t TilingEditor::sliderTileSize(int index, int position) const {
    return static_cast<std::int64_t>(position) * search::tileSizeStep(dim_, index);
}

void TilingEditor::setSession(const SessionState& s) {
    dim_ = s.problem.dim;
    tiles_ = s.tiles;
    error_->hide();
    error_->clear();
    for (int i = 0; i < 4; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const bool visible = i == 3 || i < dim_;
        labels_[idx]->setVisible(visible);
        sliders_[idx]->setVisible(visible);
        boxes_[idx]->setVisible(visible);
        if (!visible) {
            continue;
        }
        extents_[idx] = i == 3 ? s.problem.time : s.problem.space[idx];
        const std::int64_t step = search::tileSizeStep(dim_, i);
        // The slider moves in valid steps over the range where feasible tilings exist (plus a
        // margin of infeasible values, so the edge can be seen); one position = one step.
        std::int64_t last = 0;
        try {
            last = search::largestFeasibleTileSize(s.modelStencil(), s.problem, s.modelGpu(),
                                                   s.variant, i);
        } catch (const InputError&) {
        }
        if (last <= 0) {
            last = std::min<std::int64_t>(extents_[idx], step * 64);
        }
        const std::int64_t current = i == 3 ? tiles_.time : tiles_.space[idx];
        const std::int64_t top =
            std::max({step, std::min(extents_[idx], last + std::max(step, last / 8)), current});
        const QSignalBlocker b(sliders_[idx]);
        sliders_[idx]->setRange(1, static_cast<int>(std::min<std::int64_t>(
                                       top / step, std::numeric_limits<int>::max())));
        sliders_[idx]->setSingleStep(1);
        sliders_[idx]->setPageStep(8);
        sliders_[idx]->setToolTip(tr("%1: steps of %2, up to %3 (feasible tilings end at %4)")
                                      .arg(QString::fromLatin1(kNames[i]))
                                      .arg(step)
                                      .arg(top)
                                      .arg(last));
        boxes_[idx]->setSingleStep(static_cast<int>(step));
    }
    try {
        const Gpu g = s.modelGpu();
        maxThreads_ = talg::maxThreadsPerBlock(g);
        defaultThreads_ = talg::defaultThreads(dim_, tiles_, maxThreads_);
    } catch (const InputError&) {
        maxThreads_ = 1024;
        defaultThreads_ = talg::defaultThreads(dim_, tiles_, maxThreads_);
    }
    showTiles();
    note_->setText(
        dim_ == 1
            ? tr("tT even.")
            : tr("tT even; tS%1 a multiple of 32 (eq. 31).").arg(talg::innermostIndex(dim_) + 1));
}

void TilingEditor::showTiles() {
    for (int i = 0; i < 4; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const std::int64_t current = i == 3 ? tiles_.time : tiles_.space[idx];
        const QSignalBlocker b1(sliders_[idx]);
        const QSignalBlocker b2(boxes_[idx]);
        sliders_[idx]->setValue(static_cast<int>(current / search::tileSizeStep(dim_, i)));
        boxes_[idx]->setValue(static_cast<int>(current));
    }
    const QSignalBlocker b(threads_);
    threads_->setValue(static_cast<int>(tiles_.threads));
    defaultThreads_ = talg::defaultThreads(dim_, tiles_, maxThreads_);
    threadsNote_->setText(tiles_.threads > 0 ? tr("per block (PPCG's: %1)").arg(defaultThreads_)
                                             : tr("0: PPCG's, %1 per block").arg(defaultThreads_));
}

void TilingEditor::typedThreads(int value) {
    if (value < 0 || value > maxThreads_) {
        error_->setText(tr("threads = %1 refused: must be in [1, %2] (the GPU's limit), or 0 for "
                           "PPCG's default")
                            .arg(value)
                            .arg(maxThreads_));
        error_->show();
        showTiles();
        return;
    }
    error_->hide();
    error_->clear();
    talg::Tiles t = tiles_;
    t.threads = value;
    if (t == tiles_) {
        return;
    }
    tiles_ = t;
    showTiles();
    emit tilesEdited(t, false);
}

void TilingEditor::typed(int index, int value) {
    const QString why = refusal(dim_, index, value, extents_[static_cast<std::size_t>(index)]);
    if (!why.isEmpty()) {
        // Refused: said under the fields, and the box shows the session's value again.
        error_->setText(why);
        error_->show();
        showTiles();
        return;
    }
    error_->hide();
    error_->clear();
    talg::Tiles t = tiles_;
    (index == 3 ? t.time : t.space[static_cast<std::size_t>(index)]) = value;
    if (t == tiles_) {
        return;
    }
    tiles_ = t;
    showTiles();
    emit tilesEdited(t, false);
}

void TilingEditor::slid(int index, int position, bool dragging) {
    error_->hide();
    error_->clear();
    talg::Tiles t = tiles_;
    (index == 3 ? t.time : t.space[static_cast<std::size_t>(index)]) =
        sliderTileSize(index, position);
    if (t == tiles_ && dragging) {
        return;
    }
    tiles_ = t;
    {
        const QSignalBlocker b(boxes_[static_cast<std::size_t>(index)]);
        boxes_[static_cast<std::size_t>(index)]->setValue(
            static_cast<int>(index == 3 ? t.time : t.space[static_cast<std::size_t>(index)]));
    }
    emit tilesEdited(t, dragging);
}

} // namespace cdx::widgets
