// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>

class QComboBox;
class QLabel;

namespace cdx::widgets {

class ParameterForm;

// GPU parameters: the shipped profile to start from and every Talg hardware parameter.
class GpuEditor : public QWidget {
    Q_OBJECT

public:
    explicit GpuEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);
    ParameterForm* form() const { return form_; }

signals:
    // An id, or the path of a profile file (Open profile…).
    void gpuChosen(const QString& id);
    // Something the status line says (a profile saved).
    void statusMessage(const QString& text);
    void parameterEdited(const QString& key, double value, bool isNull);

private:
    void saveProfile();

    GpuProfile gpu_;
    QComboBox* profile_ = nullptr;
    QLabel* architecture_ = nullptr;
    ParameterForm* form_ = nullptr;
};

} // namespace cdx::widgets
