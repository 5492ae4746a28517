// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>
#include <array>

class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace cdx::widgets {

// Tile sizes: a slider and a spin box per size. The sliders move in valid steps only (tT by 2,
// the innermost size by 32, eq. 31) over the range where feasible tilings exist; a typed value
// is taken as it is or refused with the reason under the fields, never changed into another.
class TilingEditor : public QWidget {
    Q_OBJECT

public:
    explicit TilingEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);
    // While the exact search runs off the GUI thread the button is disabled and says so.
    void setOptimizeBusy(bool busy);
    QPushButton* optimizeButton() const { return optimize_; }
    QSlider* slider(int i) const { return sliders_[static_cast<std::size_t>(i)]; } // 3 = tT
    QSpinBox* spinBox(int i) const { return boxes_[static_cast<std::size_t>(i)]; }
    // The reason the last typed value was refused (empty when it was taken).
    QString lastError() const;
    // The tile size a slider position stands for (index 3 = tT).
    std::int64_t sliderTileSize(int index, int position) const;

    // Why `value` is not a valid size for tile `index` of a `dim`-D problem with this extent
    // (empty: valid). Public for tests.
    static QString refusal(int dim, int index, std::int64_t value, std::int64_t extent);

signals:
    // dragging: part of one continuous slider drag (merged into one undo step).
    void tilesEdited(const cdx::talg::Tiles& t, bool dragging);
    void optimizeRequested();

private:
    void typed(int index, int value);
    void slid(int index, int position, bool dragging);
    void showTiles();
    void typedThreads(int value);

    std::array<QSlider*, 4> sliders_{};
    std::array<QSpinBox*, 4> boxes_{};
    std::array<QLabel*, 4> labels_{};
    std::array<std::int64_t, 4> extents_{};
    QLabel* note_ = nullptr;
    QLabel* error_ = nullptr;
    QPushButton* optimize_ = nullptr;
    // Threads per block (issue 57): 0 is PPCG's default, said beside the box.
    QSpinBox* threads_ = nullptr;
    QLabel* threadsNote_ = nullptr;
    std::int64_t maxThreads_ = 1024;
    std::int64_t defaultThreads_ = 0;
    talg::Tiles tiles_;
    int dim_ = 2;
};

} // namespace cdx::widgets
