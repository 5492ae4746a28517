// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_database.hpp"

#include "common/background_job.hpp"
#include "params/input_error.hpp"
#include "preference.hpp"
#include "session_document.hpp"

#include <QDir>
#include <QStandardPaths>
#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>

namespace cdx::app {

namespace {
Preference<QString> lastDatabase{"runs/database"};

// Deleting runs: undo restores them with their ids, in the database they were deleted from
// (another database may be open by then: the session's undo history is never cleared for it,
// which would lose the session's edits and its modified state).
class DeleteRunsCommand : public QUndoCommand {
public:
    DeleteRunsCommand(RunDatabase* db, QString path, std::vector<std::int64_t> ids)
        : db_(db), path_(std::move(path)), ids_(std::move(ids)) {
        setText(QObject::tr("Delete %1 measured runs").arg(ids_.size()));
    }
    void redo() override {
        db_->withStore(path_, [this](runs::RunStore& s) { removed_ = s.remove(ids_); });
    }
    void undo() override {
        db_->withStore(path_, [this](runs::RunStore& s) { s.restore(removed_); });
    }

private:
    RunDatabase* db_;
    QString path_;
    std::vector<std::int64_t> ids_;
    std::vector<runs::Run> removed_;
};
} // namespace

RunDatabase::RunDatabase(SessionDocument* doc, QObject* parent) : QObject(parent), doc_(doc) {
    job_ = new widgets::BackgroundJob(this);
}

RunDatabase::~RunDatabase() {
    // An import's worker writes through store_: stop and wait for it before the store goes
    // (the job would otherwise be deleted only after the members).
    delete job_;
    job_ = nullptr;
}

QString RunDatabase::defaultPath() {
    const QString saved = lastDatabase.get();
    if (!saved.isEmpty()) {
        return saved;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath("runs.sqlite");
}

QString RunDatabase::open(const QString& path, bool remember) {
    if (job_->isRunning()) {
        return tr("an import is running; wait for it or cancel it first");
    }
    store_.reset();
    runs_ = std::make_shared<const std::vector<runs::Run>>();
    path_ = path;
    error_.clear();
    try {
        store_ = std::make_unique<runs::RunStore>(path.toStdString());
        if (remember) {
            lastDatabase.set(path);
        }
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        error_ = tr("run database %1: %2").arg(path, QString::fromUtf8(e.what()));
    }
    reload();
    return error_;
}

void RunDatabase::reload() {
    runs_ = std::make_shared<const std::vector<runs::Run>>(store_ ? store_->list()
                                                                  : std::vector<runs::Run>{});
    stored_ = store_ ? store_->storedProfiles() : std::vector<runs::StoredProfile>{};
    emit changed();
}

void RunDatabase::withStore(const QString& path, const std::function<void(runs::RunStore&)>& f) {
    try {
        if (store_ && path == path_) {
            f(*store_);
            reload();
            return;
        }
        // An undo or redo of a delete made in a database that is no longer open: done there.
        runs::RunStore other(path.toStdString());
        f(other);
        emit problem(tr("Measured runs changed in %1 (not the open database)")
                         .arg(QDir::toNativeSeparators(path)));
    } catch (const std::exception& e) {
        // An exception must not leave an undo step through Qt's event loop: reported instead.
        reload();
        emit problem(tr("run database %1: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

std::vector<runs::Run> RunDatabase::runsWithIds(const std::vector<std::int64_t>& ids) const {
    // Sorted once: "Calibrate" passes every shown run, 68,000 at the paper's scale (a search
    // of the ids per run was 68,000² steps).
    std::vector<std::int64_t> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    std::vector<runs::Run> chosen;
    for (const auto& r : *runs_) {
        if (std::binary_search(sorted.begin(), sorted.end(), r.id)) {
            chosen.push_back(r);
        }
    }
    return chosen;
}

void RunDatabase::importFile(const QString& file, runs::ImportPolicy policy,
                             std::function<void(const runs::ImportReport&)> done) {
    const auto failure = [file](const QString& why) {
        runs::ImportReport r;
        r.issues.push_back({0, "import", file.toStdString(), why.toStdString()});
        return r;
    };
    if (!store_) {
        done(failure(tr("no run database is open (%1)").arg(error_)));
        return;
    }
    if (job_->isRunning()) {
        done(failure(tr("another import is running")));
        return;
    }
    runs::RunStore* store = store_.get();
    // A failure inside the job (unreadable file, cancelled transaction) is reported, not lost.
    auto onFailed = std::make_shared<QMetaObject::Connection>();
    auto onCancelled = std::make_shared<QMetaObject::Connection>();
    const auto disconnectBoth = [onFailed, onCancelled] {
        QObject::disconnect(*onFailed);
        QObject::disconnect(*onCancelled);
    };
    *onFailed = connect(job_, &widgets::BackgroundJob::failed, this,
                        [this, done, failure, disconnectBoth](const QString& why) {
                            disconnectBoth();
                            reload();
                            done(failure(why));
                        });
    *onCancelled = connect(job_, &widgets::BackgroundJob::cancelled, this,
                           [this, done, failure, disconnectBoth] {
                               disconnectBoth();
                               reload();
                               done(failure(tr("cancelled; nothing was imported")));
                           });
    job_->start(tr("Importing %1…").arg(QDir::toNativeSeparators(file)),
                [this, store, policy, done, disconnectBoth, path = file.toStdString()](
                    widgets::JobControl& c) -> widgets::BackgroundJob::Deliver {
                    const auto parsed = runs::parseRunsFile(path, runs::KnownIds::shipped());
                    // The store is only touched by this job while it runs (open() refuses).
                    auto r = runs::importRuns(
                        *store, parsed, policy, [&c](std::size_t n, std::size_t total) {
                            c.setProgress(total ? double(n) / double(total) : 1);
                            if (c.cancelled()) {
                                throw std::runtime_error("cancelled");
                            }
                        });
                    return [this, r = std::move(r), done, disconnectBoth] {
                        disconnectBoth();
                        reload();
                        done(r);
                    };
                });
}

QString RunDatabase::deleteRuns(const std::vector<std::int64_t>& ids) {
    if (!store_ || ids.empty()) {
        return {};
    }
    try {
        doc_->undoStack()->push(new DeleteRunsCommand(this, path_, ids));
    } catch (const std::exception& e) {
        reload();
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace cdx::app
