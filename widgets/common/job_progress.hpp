// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace cdx::widgets {

class BackgroundJob;

// A job's label, progress and Cancel button; visible only while the job runs.
class JobProgress : public QWidget {
    Q_OBJECT

public:
    explicit JobProgress(BackgroundJob* job, QWidget* parent = nullptr);
    QPushButton* cancelButton() const { return cancel_; }

private:
    void setLine(const QString& text);

    BackgroundJob* job_;
    QLabel* label_ = nullptr;
    QProgressBar* bar_ = nullptr;
    QPushButton* cancel_ = nullptr;
};

} // namespace cdx::widgets
