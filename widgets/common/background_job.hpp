// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

class QTimer;

namespace cdx::widgets {

// What a job's worker sees: whether it should stop, and where it reports its progress.
// Shared between the GUI thread and the worker; only atomics.
class JobControl {
public:
    bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
    // fraction in [0, 1]; values outside are clamped.
    void setProgress(double fraction);
    double progress() const { return static_cast<double>(permille_.load()) / 1000.0; }
    void cancel() { cancelled_ = true; }
    // The flag itself, for core functions that take `const std::atomic<bool>*`.
    const std::atomic<bool>* cancelFlag() const { return &cancelled_; }
    // A line on what the job is doing (e.g. a search's up-front estimate), shown beside its
    // label while it runs.
    void setDetail(const QString& text);
    QString detail() const;

private:
    std::atomic<bool> cancelled_{false};
    std::atomic<int> permille_{0};
    mutable std::mutex detailMutex_;
    QString detail_;
};

// The one way long work (searches, codesign, imports, fits) leaves the GUI thread.
// start() runs `work` on the thread pool; `work` computes on copies and returns a closure that
// delivers its result, which runs on the GUI thread only if the job is still current: a newer
// start() or cancel() makes the running job stale (asked to stop, its result dropped).
// An exception thrown by `work` becomes failed(message).
class BackgroundJob : public QObject {
    Q_OBJECT

public:
    using Deliver = std::function<void()>;
    using Work = std::function<Deliver(JobControl&)>;

    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;

    void start(const QString& label, Work work);
    // Asks the running job to stop and drops its result; emits cancelled() once it has.
    void cancel();
    bool isRunning() const { return current_ != nullptr; }
    QString label() const { return label_; }
    double progress() const;
    // Blocks until no job runs, delivering the current one's result (tests, export,
    // screenshots: a file never holds a half-computed view).
    void waitForFinished();

signals:
    void started(const QString& label);
    void progressChanged(double fraction);
    // The running job's detail line changed (JobControl::setDetail); empty when it starts.
    void detailChanged(const QString& detail);
    // The current job ended (delivered, failed or cancelled); not emitted for stale jobs.
    void finished();
    void failed(const QString& message);
    void cancelled();

private:
    struct Run;
    void onWorkerDone(const std::shared_ptr<Run>& run);

    std::shared_ptr<Run> current_;
    std::vector<std::shared_ptr<Run>> live_; // started, not yet done (current and stale)
    QString label_;
    QString detail_;
    QTimer* poll_ = nullptr;
};

} // namespace cdx::widgets
