// SPDX-License-Identifier: GPL-3.0-or-later
// The one background-job helper every long job goes through: results delivered on the GUI
// thread, a newer start makes the running job stale (its result dropped), Cancel stops it,
// a failure is reported, progress reaches the GUI.

#include "common/background_job.hpp"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QThread>
#include <QThreadPool>
#include <QtTest>
#include <atomic>

using cdx::widgets::BackgroundJob;
using cdx::widgets::JobControl;

class TestBackgroundJob : public QObject {
    Q_OBJECT

private slots:
    // A worker's detail line (a search's estimate) reaches the GUI thread while it runs, and a
    // new job starts with none.
    void detailReachesTheGuiThread() {
        BackgroundJob job;
        QSignalSpy details(&job, &BackgroundJob::detailChanged);
        std::atomic<bool> release{false};
        job.start("estimate", [&](JobControl& c) -> BackgroundJob::Deliver {
            c.setDetail("(about 2 min)");
            while (!release && !c.cancelled()) {
                QThread::msleep(5);
            }
            return [] {};
        });
        QTRY_VERIFY_WITH_TIMEOUT(
            !details.isEmpty() && details.last().at(0).toString() == "(about 2 min)", 5000);
        QCOMPARE(details.first().at(0).toString(), QString()); // cleared at start
        release = true;
        job.waitForFinished();
        job.start("next", [](JobControl&) -> BackgroundJob::Deliver { return [] {}; });
        QCOMPARE(details.last().at(0).toString(), QString());
        job.waitForFinished();
    }
    void deliversOnGuiThread() {
        BackgroundJob job;
        QThread* deliveredOn = nullptr;
        int value = 0;
        job.start("sum", [&](JobControl& c) -> BackgroundJob::Deliver {
            int sum = 0;
            for (int i = 1; i <= 100; ++i) {
                sum += i;
                c.setProgress(i / 100.0);
            }
            return [&, sum] {
                value = sum;
                deliveredOn = QThread::currentThread();
            };
        });
        QVERIFY(job.isRunning());
        QSignalSpy finished(&job, &BackgroundJob::finished);
        QVERIFY(finished.wait(5000));
        QCOMPARE(value, 5050);
        QCOMPARE(deliveredOn, QCoreApplication::instance()->thread());
        QVERIFY(!job.isRunning());
    }

    void newerStartDropsStaleResult() {
        BackgroundJob job;
        std::atomic<bool> release{false};
        QStringList delivered;
        job.start("first", [&](JobControl& c) -> BackgroundJob::Deliver {
            while (!release && !c.cancelled()) {
                QThread::msleep(1);
            }
            return [&] { delivered << "first"; };
        });
        job.start("second", [&](JobControl&) -> BackgroundJob::Deliver {
            return [&] { delivered << "second"; };
        });
        release = true;
        job.waitForFinished();
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QCOMPARE(delivered, QStringList{"second"});
    }

    void cancelStopsAndDropsResult() {
        BackgroundJob job;
        QSignalSpy cancelled(&job, &BackgroundJob::cancelled);
        bool delivered = false;
        std::atomic<int> iterations{0};
        job.start("endless", [&](JobControl& c) -> BackgroundJob::Deliver {
            while (!c.cancelled()) {
                ++iterations;
                QThread::msleep(1);
            }
            return [&] { delivered = true; };
        });
        QTRY_VERIFY(iterations > 0);
        job.cancel();
        QVERIFY(cancelled.wait(5000));
        QVERIFY(!delivered);
        QCOMPARE(cancelled.count(), 1);
    }

    void failureIsReported() {
        BackgroundJob job;
        QSignalSpy failed(&job, &BackgroundJob::failed);
        job.start("bad", [](JobControl&) -> BackgroundJob::Deliver {
            throw std::runtime_error("tile = -3: must be >= 1");
        });
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.front().front().toString(), QString("tile = -3: must be >= 1"));
    }

    void progressIsClamped_data() {
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("out");
        QTest::newRow("half") << 0.5 << 0.5;
        QTest::newRow("below") << -1.0 << 0.0;
        QTest::newRow("above") << 7.0 << 1.0;
        QTest::newRow("NaN") << std::nan("") << 0.0;
    }
    void progressIsClamped() {
        QFETCH(double, in);
        QFETCH(double, out);
        JobControl c;
        c.setProgress(in);
        QCOMPARE(c.progress(), out);
    }
};

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    TestBackgroundJob t;
    const int rc = QTest::qExec(&t, argc, argv);
    // No pool thread may still be exiting when LeakSanitizer stops the world at exit.
    QThreadPool::globalInstance()->waitForDone();
    return rc;
}
#include "test_background_job.moc"
