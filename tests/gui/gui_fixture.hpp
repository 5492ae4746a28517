// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every workspace's GUI suite shares: a window on a fresh session and a fresh run
// database, the suite's workspace shown, settings and data folders that are not the user's.

#include "common/background_job.hpp"
#include "main_window.hpp"
#include "run_database.hpp"
#include "runs/run_stats.hpp"
#include "session_document.hpp"

#include <QApplication>
#include <QDate>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QUndoStack>
#include <QtTest>
#include <memory>

namespace cdx::test {

class GuiFixture {
protected:
    // Opens the window with the default session and shows the workspace `id` (empty: Start).
    void openWindow(const QString& id) {
        data_ = std::make_unique<QTemporaryDir>();
        doc_ = new app::SessionDocument;
        doc_->reset(defaultSession());
        window_ = new app::MainWindow(doc_);
        QVERIFY(window_->runDatabase()->open(data_->filePath("runs.sqlite"), false).isEmpty());
        for (auto* w : window_->workspaces()) {
            if (w->id() == id) {
                window_->showWorkspace(w);
            }
        }
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
    }
    void closeWindow() {
        doc_->undoStack()->setClean(); // no "save changes?" question on close
        delete window_;
        delete doc_;
        window_ = nullptr;
        doc_ = nullptr;
        data_.reset();
    }
    QString tempPath(const QString& name) const { return data_->filePath(name); }

    // The import as the Measured runs workspace runs it (background job), waited for.
    runs::ImportReport importRuns(const QString& path, runs::ImportPolicy policy) {
        runs::ImportReport out;
        bool done = false;
        window_->runDatabase()->importFile(path, policy, [&](const runs::ImportReport& r) {
            out = r;
            done = true;
        });
        window_->runDatabase()->job()->waitForFinished();
        if (!done) {
            QTest::qWait(10);
        }
        return out;
    }
    const std::vector<runs::Run>& measuredRuns() const { return window_->runDatabase()->runs(); }

    app::SessionDocument* doc_ = nullptr;
    app::MainWindow* window_ = nullptr;
    std::unique_ptr<QTemporaryDir> data_;
};

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}

// Offscreen, the shipped profiles of the source tree, and settings and data folders of this
// run alone (a temporary home): a suite never reads or writes the user's, and two runs at once
// (a Release and a sanitizer build) do not share them.
#define CDX_GUI_TEST_MAIN(Suite)                                                                   \
    int main(int argc, char** argv) {                                                              \
        QTemporaryDir home;                                                                        \
        qputenv("HOME", home.path().toLocal8Bit());                                                \
        qputenv("XDG_CONFIG_HOME", (home.path() + "/config").toLocal8Bit());                       \
        qputenv("XDG_DATA_HOME", (home.path() + "/data").toLocal8Bit());                           \
        qputenv("XDG_CACHE_HOME", (home.path() + "/cache").toLocal8Bit());                         \
        /* A laptop's screen (1366 x 768), not the plugin's 800 x 800: a window leaving full */    \
        /* screen is restored within it as on a real one. */                                       \
        QFile screens(home.filePath("screens.json"));                                              \
        if (screens.open(QIODevice::WriteOnly)) {                                                  \
            screens.write(                                                                         \
                R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, )"               \
                R"("height": 768, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");          \
            screens.close();                                                                       \
            qputenv("QT_QPA_PLATFORM",                                                             \
                    ("offscreen:configfile=" + screens.fileName()).toLocal8Bit());                 \
        } else {                                                                                   \
            qputenv("QT_QPA_PLATFORM", "offscreen");                                               \
        }                                                                                          \
        qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);                                      \
        QStandardPaths::setTestModeEnabled(true);                                                  \
        QApplication app(argc, argv);                                                              \
        QApplication::setOrganizationName("CodesignExplorerTests");                                \
        QApplication::setApplicationName(#Suite);                                                  \
        QSettings().clear();                                                                       \
        Suite t;                                                                                   \
        const int rc = QTest::qExec(&t, argc, argv);                                               \
        /* No pool thread may still be exiting when LeakSanitizer stops the world at exit. */      \
        QThreadPool::globalInstance()->waitForDone();                                              \
        return rc;                                                                                 \
    }

} // namespace cdx::test
