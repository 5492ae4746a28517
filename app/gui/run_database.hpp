// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runs/run_import.hpp"
#include "runs/run_store.hpp"

#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

namespace cdx::widgets {
class BackgroundJob;
}

namespace cdx::app {

class SessionDocument;

// The measured-run database the window works with: open, import (off the GUI thread through
// one background job, Cancel aborts the transaction), delete (undoable on the document's
// stack). Every workspace that shows runs listens to changed().
class RunDatabase : public QObject {
    Q_OBJECT

public:
    RunDatabase(SessionDocument* doc, QObject* parent = nullptr);
    ~RunDatabase() override;

    // The database of the last session (QSettings), or runs.sqlite in the user's data folder.
    static QString defaultPath();
    // Opens (or creates) `path`; on error the reason is returned and no database is open.
    // remember: the path becomes the default for the next start.
    QString open(const QString& path, bool remember = true);
    QString path() const { return path_; }
    bool isOpen() const { return store_ != nullptr; }
    QString error() const { return error_; }
    const std::vector<runs::Run>& runs() const { return *runs_; }
    // The same runs, shared (never copied) with the views that show them.
    const runs::RunList& runList() const { return runs_; }
    // The descriptions of the user's GPUs and stencils stored with the runs (run schema 3).
    const std::vector<runs::StoredProfile>& storedProfiles() const { return stored_; }
    std::vector<runs::Run> runsWithIds(const std::vector<std::int64_t>& ids) const;

    // Parses and imports `file` in the background; `done` gets the report on the GUI thread
    // (a failure to read the file is one issue with line 0). Nothing is written on Cancel.
    void importFile(const QString& file, runs::ImportPolicy policy,
                    std::function<void(const runs::ImportReport&)> done);
    widgets::BackgroundJob* job() const { return job_; }
    // One undo step on Edit ▸ Undo (restores the runs with their ids).
    QString deleteRuns(const std::vector<std::int64_t>& ids);
    void reload();
    // Runs `f` on the database at `path`: the open one (then reloads it) or, for the undo of a
    // delete made before another database was opened, that file.
    void withStore(const QString& path, const std::function<void(runs::RunStore&)>& f);

signals:
    void changed();
    // Something the user must read (an undo done in another database, or one that failed).
    void problem(const QString& text);

private:
    SessionDocument* doc_;
    std::unique_ptr<runs::RunStore> store_;
    std::vector<runs::StoredProfile> stored_;
    QString path_;
    QString error_;
    runs::RunList runs_ = std::make_shared<const std::vector<runs::Run>>();
    widgets::BackgroundJob* job_ = nullptr;
};

} // namespace cdx::app
