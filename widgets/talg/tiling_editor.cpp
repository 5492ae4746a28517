#include "talg/tiling_editor.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <algorithm>

namespace cdx::widgets {

std::int64_t TilingEditor::snapTime(std::int64_t v) {
    return std::max<std::int64_t>(2, (v + 1) / 2 * 2);
}

std::int64_t TilingEditor::snapWarp(std::int64_t v) {
    return std::max<std::int64_t>(talg::kWarp, (v + talg::kWarp / 2) / talg::kWarp * talg::kWarp);
}

std::int64_t TilingEditor::snap(int index, std::int64_t v) const {
    if (index == 3) {
        return snapTime(v);
    }
    if (index == talg::innermostIndex(dim_)) {
        return snapWarp(v);
    }
    return std::max<std::int64_t>(1, v);
}

TilingEditor::TilingEditor(QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    const QStringList names{"tS1", "tS2", "tS3", "tT"};
    const QStringList tips{
        tr("tS1: base of the hexagon along S1 (points)"), tr("tS2: tile size along S2 (points)"),
        tr("tS3: tile size along S3 (points; innermost in 3D: a multiple of 32)"),
        tr("tT: hexagon height in time steps (even, hybrid-hexagonal tiling)")};
    for (int i = 0; i < 4; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        labels_[idx] = new QLabel(names[i], this);
        labels_[idx]->setToolTip(tips[i]);
        sliders_[idx] = new QSlider(Qt::Horizontal, this);
        sliders_[idx]->setObjectName(names[i] + "Slider");
        sliders_[idx]->setToolTip(tips[i]);
        boxes_[idx] = new QSpinBox(this);
        boxes_[idx]->setObjectName(names[i]);
        boxes_[idx]->setKeyboardTracking(false);
        boxes_[idx]->setToolTip(tips[i]);
        grid->addWidget(labels_[idx], i, 0);
        grid->addWidget(sliders_[idx], i, 1);
        grid->addWidget(boxes_[idx], i, 2);
        connect(sliders_[idx], &QSlider::valueChanged, this, [this, i](int v) {
            valueChosen(i, v, sliders_[static_cast<std::size_t>(i)]->isSliderDown());
        });
        connect(sliders_[idx], &QSlider::sliderReleased, this, [this, i] {
            valueChosen(i, sliders_[static_cast<std::size_t>(i)]->value(), false);
        });
        connect(boxes_[idx], &QSpinBox::valueChanged, this,
                [this, i](int v) { valueChosen(i, v, false); });
    }
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setStyleSheet("color: palette(mid);");
    grid->addWidget(note_, 4, 0, 1, 3);
    optimize_ = new QPushButton(tr("Optimal tiles"), this);
    optimize_->setObjectName("optimizeButton");
    optimize_->setToolTip(tr("Set the tiles to the exact minimum of T_alg over the feasible space "
                             "(eq. 31, exhaustive search)"));
    grid->addWidget(optimize_, 5, 0, 1, 3);
    grid->setRowStretch(6, 1);
    grid->setColumnStretch(1, 1);
    connect(optimize_, &QPushButton::clicked, this, &TilingEditor::optimizeRequested);
}

void TilingEditor::setOptimizeBusy(bool busy) {
    optimize_->setEnabled(!busy);
    optimize_->setText(busy ? tr("Searching…") : tr("Optimal tiles"));
}

void TilingEditor::setSession(const SessionState& s) {
    dim_ = s.problem.dim;
    tiles_ = s.tiles;
    const int inner = talg::innermostIndex(dim_);
    for (int i = 0; i < 4; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        const bool visible = i == 3 || i < dim_;
        labels_[idx]->setVisible(visible);
        sliders_[idx]->setVisible(visible);
        boxes_[idx]->setVisible(visible);
        if (!visible) {
            continue;
        }
        const std::int64_t extent = i == 3 ? s.problem.time : s.problem.space[idx];
        const int step = i == 3 ? 2 : (i == inner ? 32 : 1);
        const int lo = step == 1 ? 1 : step;
        // The slider spans a useful range (shared memory caps tiles far below the extent);
        // the spin box accepts anything valid up to the extent.
        const std::int64_t current = i == 3 ? tiles_.time : tiles_.space[idx];
        const int sliderMax = static_cast<int>(std::max<std::int64_t>(
            {lo, std::min<std::int64_t>(extent, i == 3 ? 128 : (i == inner ? 2048 : 256)),
             current}));
        const QSignalBlocker b1(sliders_[idx]);
        const QSignalBlocker b2(boxes_[idx]);
        sliders_[idx]->setRange(lo, sliderMax);
        sliders_[idx]->setSingleStep(step);
        sliders_[idx]->setPageStep(step * 8);
        boxes_[idx]->setRange(lo, static_cast<int>(std::max<std::int64_t>({lo, extent, current})));
        boxes_[idx]->setSingleStep(step);
        sliders_[idx]->setValue(static_cast<int>(current));
        boxes_[idx]->setValue(static_cast<int>(current));
    }
    note_->setText(dim_ == 1 ? tr("tT even.")
                             : tr("tT even; tS%1 a multiple of 32 (eq. 31).").arg(inner + 1));
}

void TilingEditor::valueChosen(int index, int value, bool dragging) {
    const std::int64_t snapped = snap(index, value);
    const auto idx = static_cast<std::size_t>(index);
    if (snapped != value) {
        // Show the snapped value in both controls; the document only ever gets valid tiles.
        const QSignalBlocker b1(sliders_[idx]);
        const QSignalBlocker b2(boxes_[idx]);
        sliders_[idx]->setValue(static_cast<int>(snapped));
        boxes_[idx]->setValue(static_cast<int>(snapped));
    }
    talg::Tiles t = tiles_;
    (index == 3 ? t.time : t.space[idx]) = snapped;
    if (t == tiles_ && dragging) {
        return;
    }
    tiles_ = t;
    emit tilesEdited(t, dragging);
}

} // namespace cdx::widgets
