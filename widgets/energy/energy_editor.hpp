// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "energy/energy_session.hpp"
#include "runs/run_store.hpp"
#include "session/session.hpp"

#include <QWidget>
#include <array>
#include <map>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;

namespace cdx::widgets {

class MessageLine;

class IntegerBox;
class NumberField;

// The Energy workspace's inputs: stencil and problem, the tiles (snapped to legal values: tT
// even and tS2 a multiple of 32 for jacobi2d, tS a multiple of the sub-tile sS for the 1-D
// stencils, sS from the divisors of tS), operations per point and mu_sr, the coefficient
// profile with every coefficient editable (unit and source in the tooltip), the variants,
// the time source and the search objective. Every edit is one signal with the whole new
// settings; a value the model refuses is said above the form and never sent.
class EnergyEditor : public QWidget {
    Q_OBJECT

public:
    explicit EnergyEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);
    // The runs the time source "measured" may name: those of the window's database with a
    // tiling the energy model describes (listed with their measured time and energy).
    void setRuns(const std::vector<runs::Run>& all);

    QString lastError() const;
    QComboBox* stencilBox() const { return stencil_; }
    IntegerBox* sizeBox(int i) const { return sizes_[static_cast<std::size_t>(i)]; } // S1 S2 T
    IntegerBox* tileBox(int i) const { return tiles_[static_cast<std::size_t>(i)]; } // tS1 tS2 tT
    QSlider* tileSlider(int i) const { return sliders_[static_cast<std::size_t>(i)]; }
    QComboBox* subTileBox() const { return subTile_; }
    QComboBox* profileBox() const { return profile_; }
    QLineEdit* coefficientField(const std::string& key) const;
    QComboBox* timeSourceBox() const { return timeSource_; }
    QLineEdit* tAlgField() const { return tAlg_; }
    QComboBox* runBox() const { return run_; }
    QComboBox* objectiveBox() const { return objective_; }
    QComboBox* countBox() const { return count_; }

signals:
    void edited(const QString& label, const cdx::EnergySettings& settings);
    // A value refused, with the reason (also shown above the form).
    void refused(const QString& text);
    // Something the status line says (coefficients saved or opened).
    void statusMessage(const QString& text);

private:
    // Shows e_ in the fields (again, after a refusal).
    void showSettings();
    void refuse(const QString& text);
    void send(const QString& label, const EnergySettings& e);
    void tileTyped(int i, std::int64_t value);
    void sizeTyped(int i, std::int64_t value);
    std::int64_t tileStep(int i) const;
    void updateSliders();

    EnergySettings e_;
    QComboBox* stencil_ = nullptr;
    std::array<IntegerBox*, 3> sizes_{};
    std::array<QLabel*, 3> sizeLabels_{};
    std::array<IntegerBox*, 3> tiles_{};
    std::array<QSlider*, 3> sliders_{};
    std::array<QLabel*, 3> tileLabels_{};
    QLabel* subTileLabel_ = nullptr;
    QComboBox* subTile_ = nullptr;
    std::array<QLineEdit*, 4> ops_{};
    QLineEdit* muSr_ = nullptr;
    QLabel* muSrLabel_ = nullptr;
    QComboBox* profile_ = nullptr;
    std::map<std::string, QLineEdit*> coefficients_;
    QComboBox* count_ = nullptr;
    QComboBox* j1dCount_ = nullptr;
    QComboBox* j1dSr_ = nullptr;
    QComboBox* pitch_ = nullptr;
    QLabel* j1dCountLabel_ = nullptr;
    QLabel* j1dSrLabel_ = nullptr;
    QLabel* pitchLabel_ = nullptr;
    QComboBox* timeSource_ = nullptr;
    QLineEdit* tAlg_ = nullptr;
    QLabel* tAlgLabel_ = nullptr;
    QComboBox* run_ = nullptr;
    QLabel* runLabel_ = nullptr;
    QLabel* modelNote_ = nullptr;
    QComboBox* objective_ = nullptr;
    NumberField* weight_ = nullptr;
    QLabel* weightLabel_ = nullptr;
    NumberField* within_ = nullptr;
    MessageLine* error_ = nullptr;
    QString gpuName_;
    std::vector<runs::Run> runs_;
    bool updating_ = false;
};

} // namespace cdx::widgets
