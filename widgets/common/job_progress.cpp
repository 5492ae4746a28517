// SPDX-License-Identifier: GPL-3.0-or-later
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
        setLine(label);
        bar_->setValue(0);
        show();
    });
    // A detail (a search's estimate) follows the label; the whole line is the tooltip too.
    connect(job, &BackgroundJob::detailChanged, this, [this](const QString& detail) {
        setLine(detail.isEmpty() ? job_->label() : tr("%1 %2").arg(job_->label(), detail));
    });
    connect(job, &BackgroundJob::progressChanged, this,
            [this](double f) { bar_->setValue(static_cast<int>(f * 1000)); });
    connect(job, &BackgroundJob::finished, this, &QWidget::hide);
    connect(cancel_, &QPushButton::clicked, job, &BackgroundJob::cancel);
}

// Several jobs can run at once in one status bar: each line is elided to a third of a laptop
// screen, the whole line in its tooltip.
void JobProgress::setLine(const QString& text) {
    const int width = label_->fontMetrics().averageCharWidth() * 60;
    label_->setText(label_->fontMetrics().elidedText(text, Qt::ElideRight, width));
    label_->setToolTip(text);
}

} // namespace cdx::widgets
