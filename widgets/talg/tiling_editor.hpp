#pragma once

#include "session/session.hpp"

#include <QWidget>
#include <array>

class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace cdx::widgets {

// Tile sizes: a slider and a spin box per size. tT snaps to even values, the innermost
// size (tS2 in 2D, tS3 in 3D) to multiples of 32, as eq. 31 requires.
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

    // Snapping rules, public for tests: the nearest valid value.
    static std::int64_t snapTime(std::int64_t v);
    static std::int64_t snapWarp(std::int64_t v);

signals:
    // dragging: part of one continuous slider drag (merged into one undo step).
    void tilesEdited(const cdx::talg::Tiles& t, bool dragging);
    void optimizeRequested();

private:
    void valueChosen(int index, int value, bool dragging);
    std::int64_t snap(int index, std::int64_t v) const;

    std::array<QSlider*, 4> sliders_{};
    std::array<QSpinBox*, 4> boxes_{};
    std::array<QLabel*, 4> labels_{};
    QLabel* note_ = nullptr;
    QPushButton* optimize_ = nullptr;
    talg::Tiles tiles_;
    int dim_ = 2;
};

} // namespace cdx::widgets
