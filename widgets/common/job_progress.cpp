#include "common/job_progress.hpp"

#include "common/background_job.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace cdx::widgets {

JobProgress::JobProgress(BackgroundJob* job, QWidget* parent) : QWidget(parent), job_(job) {
    setObjectName("jobProgress");
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    label_ = new QLabel(this);
    bar_ = new QProgressBar(this);
    bar_->setRange(0, 1000);
    bar_->setMaximumWidth(160);
    bar_->setTextVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName("jobCancel");
    cancel_->setToolTip(tr("Stop this computation; nothing it computed so far is applied"));
    row->addWidget(label_);
    row->addWidget(bar_);
    row->addWidget(cancel_);
    hide();
    connect(job, &BackgroundJob::started, this, [this](const QString& label) {
        label_->setText(label);
        bar_->setValue(0);
        show();
    });
    connect(job, &BackgroundJob::progressChanged, this,
            [this](double f) { bar_->setValue(static_cast<int>(f * 1000)); });
    connect(job, &BackgroundJob::finished, this, &QWidget::hide);
    connect(cancel_, &QPushButton::clicked, job, &BackgroundJob::cancel);
}

} // namespace cdx::widgets
