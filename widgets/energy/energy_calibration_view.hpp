// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "energy/energy_calibration.hpp"
#include "energy/energy_common.hpp"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace cdx::widgets {

class BackgroundJob;
class IntegerBox;
class NumberField;

// The calibration workbench (thesis B.7.1, B.8.2): the measured runs with energy of the run
// database against the session's coefficients (measured vs predicted, log-log, y = x and
// ±10 %, a colour per stencil; RMSE per stencil; the Table B.3 validation of the
// energy-optimal pick), and Fit: the L1 regression with non-negativity (GLPK) on a seeded
// train/test split, in the background, its coefficients applied to the session (undoable) or
// saved as a profile.
class EnergyCalibrationView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EnergyCalibrationView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Calibration"); }
    QString fileStem() const override { return "energy-calibration"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    // The window's runs (all of them; those with energy the model describes are used) and
    // where they come from.
    void setRuns(runs::RunList all, const QString& database);

    BackgroundJob* job() const { return job_; }
    QPushButton* fitButton() const { return fit_; }
    QPushButton* applyButton() const { return apply_; }
    QPushButton* saveButton() const { return save_; }
    NumberField* trainBox() const { return train_; }
    IntegerBox* seedBox() const { return seed_; }
    QTextBrowser* report() const { return report_; }
    const std::optional<energy::CalibrationResult>& fit() const { return fitResult_; }
    const std::vector<energy::RunPrediction>& predictions() const { return predictions_; }
    std::size_t usableRuns() const { return measured_.runs.size(); }

signals:
    void applyRequested(const cdx::energy::EnergyProfile& fitted);
    void saveRequested(const cdx::energy::EnergyProfile& fitted);

private:
    void startFit();
    void recompute();
    void redraw();
    energy::EnergyProfile fittedProfile() const;

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QTextBrowser* report_ = nullptr;
    NumberField* train_ = nullptr;
    IntegerBox* seed_ = nullptr;
    QComboBox* error_ = nullptr;
    QPushButton* fit_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* save_ = nullptr;
    BackgroundJob* job_ = nullptr;

    EnergySettings settings_;
    runs::RunList runs_;
    QString database_;
    energy::MeasuredEnergyRuns measured_;
    std::vector<energy::RunPrediction> predictions_; // of the session's coefficients
    energy::SelectionValidation selection_;
    std::optional<energy::CalibrationResult> fitResult_;
    energy::SelectionValidation fitSelection_;
    QString fitError_;
    QString predictError_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
