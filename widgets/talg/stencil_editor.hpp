// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>
#include <array>
#include <optional>
#include <string>

class QComboBox;
class QLabel;
class QSpinBox;

namespace cdx::widgets {

class ParameterForm;

// Stencil (C_iter for the current GPU, FLOPs per point, word size) and problem size.
class StencilEditor : public QWidget {
    Q_OBJECT

public:
    explicit StencilEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);
    // Why the last typed problem size was refused (empty: it was taken).
    QString problemError() const;
    ParameterForm* form() const { return form_; }
    QSpinBox* sizeBox(int i) const { return sizes_[static_cast<std::size_t>(i)]; }
    QSpinBox* timeBox() const { return time_; }

signals:
    void stencilChosen(const QString& id); // an id or a profile file's path
    void statusMessage(const QString& text);
    void parameterEdited(const QString& key, double value, bool isNull);
    void problemEdited(const cdx::talg::Problem& p);

private:
    void saveProfile();

    StencilProfile stencil_;
    std::string gpuId_;             // the session's GPU, whose C_iter a saved stencil carries
    std::optional<Quantity> cIter_; // that GPU's C_iter of this stencil (cIterOf)
    void setProblem(const talg::Problem& p);
    void emitProblem();

    QComboBox* profile_ = nullptr;
    QLabel* description_ = nullptr;
    ParameterForm* form_ = nullptr;
    std::array<QSpinBox*, 3> sizes_{};
    std::array<QLabel*, 3> sizeLabels_{};
    QSpinBox* time_ = nullptr;
    QLabel* problemError_ = nullptr;
    talg::Problem shown_;
    int dim_ = 2;
};

} // namespace cdx::widgets
