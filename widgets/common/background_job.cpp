// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_job.hpp"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <exception>

namespace cdx::widgets {

void JobControl::setProgress(double fraction) {
    const double f = std::clamp(fraction, 0.0, 1.0); // NaN stays 0 below
    permille_ = f == f ? static_cast<int>(f * 1000.0) : 0;
}

void JobControl::setDetail(const QString& text) {
    const std::lock_guard lock(detailMutex_);
    detail_ = text;
}

QString JobControl::detail() const {
    const std::lock_guard lock(detailMutex_);
    return detail_;
}

struct BackgroundJob::Run {
    JobControl control;
    Deliver deliver;
    QString error;
    QFutureWatcher<void> watcher;
    bool userCancelled = false;
};

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {
    poll_ = new QTimer(this);
    poll_->setInterval(100);
    connect(poll_, &QTimer::timeout, this, [this] {
        if (current_) {
            emit progressChanged(current_->control.progress());
            const QString detail = current_->control.detail();
            if (detail != detail_) {
                detail_ = detail;
                emit detailChanged(detail_);
            }
        }
    });
}

BackgroundJob::~BackgroundJob() {
    // The workers hold only their Run (shared) and copies: ask them to stop and wait, so no
    // worker outlives the objects its delivery would touch.
    for (const auto& run : live_) {
        run->control.cancel();
    }
    for (const auto& run : live_) {
        run->watcher.waitForFinished(); // only this job's workers, not the whole pool
    }
}

void BackgroundJob::start(const QString& label, Work work) {
    if (current_) {
        current_->control.cancel(); // stale from now on: its result is dropped
    }
    auto run = std::make_shared<Run>();
    current_ = run;
    live_.push_back(run);
    label_ = label;
    // weak: the watcher lives in the Run, so a strong capture would keep the Run alive forever.
    connect(&run->watcher, &QFutureWatcher<void>::finished, this,
            [this, weak = std::weak_ptr<Run>(run)] {
                if (auto r = weak.lock()) {
                    onWorkerDone(r);
                }
            });
    run->watcher.setFuture(QtConcurrent::run([run, work = std::move(work)] {
        try {
            run->deliver = work(run->control);
        } catch (const std::exception& e) {
            run->error = QString::fromUtf8(e.what());
        }
    }));
    poll_->start();
    detail_.clear();
    emit started(label);
    emit progressChanged(0);
    emit detailChanged(detail_);
}

void BackgroundJob::onWorkerDone(const std::shared_ptr<Run>& run) {
    const auto it = std::find(live_.begin(), live_.end(), run);
    if (it == live_.end()) {
        return; // already delivered by waitForFinished()
    }
    live_.erase(it);
    if (run != current_) {
        return; // stale
    }
    current_.reset();
    poll_->stop();
    if (run->control.cancelled()) {
        emit cancelled();
    } else if (!run->error.isEmpty()) {
        emit failed(run->error);
    } else if (run->deliver) {
        emit progressChanged(1);
        run->deliver();
    }
    emit finished();
}

void BackgroundJob::cancel() {
    if (current_) {
        current_->control.cancel();
    }
}

double BackgroundJob::progress() const {
    return current_ ? current_->control.progress() : 0.0;
}

void BackgroundJob::waitForFinished() {
    while (current_) {
        auto run = current_;
        run->watcher.waitForFinished();
        // The finished signal is queued: deliver now rather than wait for the event loop
        // (the queued one then finds the run gone).
        onWorkerDone(run);
    }
}

} // namespace cdx::widgets
