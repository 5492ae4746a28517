// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/runs_workspace.hpp"

#include "common/background_job.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "preference.hpp"
#include "run_database.hpp"
#include "runs/runs_view.hpp"
#include "session_document.hpp"
#include "start_page.hpp"

#include <QDate>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

namespace cdx::app {

namespace {
Preference<QString> lastDirectory{"session/lastDirectory", QDir::homePath()};
} // namespace

RunsWorkspace::RunsWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("runs", tr("Measured\nruns"), QIcon(":/icons/runs.svg"), context, parent) {
    view_ = new widgets::RunsView(this);
    addView(view_);
    calibration_ = new widgets::BackgroundJob(this);
    connect(view_, &widgets::RunsView::importRequested, this, [this] { importInteractive({}); });
    // The status line's RMSE is of the runs shown: it follows every filter.
    connect(view_, &widgets::RunsView::statsChanged, this, &RunsWorkspace::statusChanged);
    connect(view_, &widgets::RunsView::deleteRequested, this,
            [this](const std::vector<std::int64_t>& ids) {
                const QString error = this->context().runs->deleteRuns(ids);
                showMessage(error.isEmpty()
                                ? tr("Deleted %1 runs (Edit ▸ Undo restores them).").arg(ids.size())
                                : error);
            });
    connect(view_, &widgets::RunsView::calibrateRequested, this,
            &RunsWorkspace::calibrateInteractive);
    connect(calibration_, &widgets::BackgroundJob::failed, this,
            [this](const QString& why) { QMessageBox::warning(this, tr("Calibration"), why); });
    connect(context.runs, &RunDatabase::changed, this, &RunsWorkspace::showRuns);
    showRuns();
}

QString RunsWorkspace::summary() const {
    return tr("How far are the model's predictions from measured runs (RMSE, MAPE), and which "
              "C_iter fits them? Runs live in a SQLite database, imported from CSV or JSON.");
}

std::vector<widgets::BackgroundJob*> RunsWorkspace::jobs() const {
    return {calibration_};
}

void RunsWorkspace::refreshEditors(const SessionState&) {}

void RunsWorkspace::showRuns() {
    RunDatabase* db = context().runs;
    view_->setRuns(db->runList(),
                   db->isOpen() ? db->path()
                                : tr("%1 — not opened: %2").arg(db->path(), db->error()),
                   db->storedProfiles());
    emit statusChanged();
}

QList<Workspace::StartExample> RunsWorkspace::startExamples() {
    return {{tr("Synthetic measured runs: Heat 2D on the GTX 980"),
             tr("Runs generated from the model with noise (not measurements) in a database of "
                "their own: the predicted-vs-measured scatter, RMSE/MAPE and Calibrate C_iter "
                "to try. Your run database is not touched."),
             "synthetic_runs", [this] { openSyntheticExample(); }}};
}

void RunsWorkspace::openSyntheticExample() {
    QString csv;
    for (const QString& folder : StartPage::resourceFolders("runs")) {
        const QString candidate = QDir(folder).filePath("synthetic-heat2d-gtx980.csv");
        if (QFileInfo::exists(candidate)) {
            csv = candidate;
            break;
        }
    }
    if (csv.isEmpty()) {
        showMessage(tr("The synthetic example runs were not found (looked in %1).")
                        .arg(StartPage::resourceFolders("runs").join(", ")));
        return;
    }
    const QString dir = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                            .filePath("examples");
    QDir().mkpath(dir);
    const QString db = QDir(dir).filePath("synthetic-runs.sqlite");
    QFile::remove(db); // always the shipped file's runs, as shipped
    QFile::remove(db + "-wal");
    QFile::remove(db + "-shm");
    const QString error = context().runs->open(db, /*remember=*/false);
    if (!error.isEmpty()) {
        showMessage(error);
        return;
    }
    context().runs->importFile(csv, runs::ImportPolicy::AllOrNothing,
                               [this, csv](const runs::ImportReport& r) { showReport(csv, r); });
}

QString RunsWorkspace::statusText() const {
    RunDatabase* db = context().runs;
    if (!db->isOpen()) {
        return tr("No run database: %1").arg(db->error());
    }
    const auto& st = view_->stats();
    QString text =
        tr("%1 runs in %2").arg(db->runs().size()).arg(QDir::toNativeSeparators(db->path()));
    if (st.all.n > 0) {
        text += tr("   |   RMSE %1 %, MAPE %2 % over %3 shown runs")
                    .arg(st.all.rmse * 100, 0, 'f', 1)
                    .arg(st.all.mape * 100, 0, 'f', 1)
                    .arg(st.all.n);
    } else {
        text += tr("   |   RMSE n/a (no run with a prediction)");
    }
    return text;
}

void RunsWorkspace::addFileMenuEntries(QMenu* file) {
    file->addAction(tr("Open Run &Database…"), this, [this] {
        RunDatabase* db = context().runs;
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Open or create a run database"), db->path(),
                                         tr("Run databases (*.sqlite *.db);;All files (*)"),
                                         nullptr, QFileDialog::DontConfirmOverwrite);
        if (path.isEmpty()) {
            return;
        }
        const QString error = db->open(path);
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Run database"), error);
        } else {
            showMessage(tr("Opened the run database %1 (%2 runs); it is the default from now on.")
                            .arg(QDir::toNativeSeparators(path))
                            .arg(db->runs().size()),
                        8000);
        }
    });
    file->addAction(tr("&Import Runs…"), this, [this] { importInteractive({}); });
}

QString RunsWorkspace::importSummary(const QString& file, const runs::ImportReport& r) {
    const auto rows = [](std::size_t n, const QString& one, const QString& many) {
        return n == 1 ? one : many.arg(n);
    };
    if (r.committed && r.inserted == 0 && r.invalid == 0) {
        return r.duplicates == 0
                   ? tr("%1: no rows, nothing imported").arg(file)
                   : tr("%1: %2 already in the database, nothing imported")
                         .arg(file, rows(r.duplicates, tr("the 1 row is"), tr("all %1 rows are")));
    }
    QStringList parts;
    if (r.committed) {
        parts << rows(r.inserted, tr("1 run imported"), tr("%1 runs imported"));
    }
    if (r.duplicates > 0) {
        parts << rows(r.duplicates, tr("1 already present"), tr("%1 already present"));
    }
    if (r.invalid > 0) {
        parts << rows(r.invalid, tr("1 invalid row"), tr("%1 invalid rows")) + " (" +
                     rows(r.issues.size(), tr("1 problem"), tr("%1 problems")) + ")";
    }
    if (parts.isEmpty() && !r.issues.empty()) { // the file unreadable, or the import cancelled
        parts << QString::fromStdString(r.issues.front().message());
    }
    return r.committed
               ? tr("%1: %2").arg(file, parts.join(", "))
               : tr("%1: nothing imported (all or nothing): %2").arg(file, parts.join(", "));
}

QString RunsWorkspace::reportHeadline(const runs::ImportReport& r) {
    if (r.committed) {
        return tr("%1 runs imported, %2 already present; %3 rows were skipped:")
            .arg(r.inserted)
            .arg(r.duplicates)
            .arg(r.invalid);
    }
    return tr("Nothing was imported (all or nothing). Problems:");
}

void RunsWorkspace::importInteractive(const QString& given) {
    QString path = given;
    if (path.isEmpty()) {
        path = QFileDialog::getOpenFileName(this, tr("Import measured runs"), lastDirectory.get(),
                                            tr("Runs (*.csv *.json);;CSV (*.csv);;JSON (*.json)"));
    }
    if (path.isEmpty()) {
        return;
    }
    context().runs->importFile(path, runs::ImportPolicy::AllOrNothing,
                               [this, path](const runs::ImportReport& r) { showReport(path, r); });
}

void RunsWorkspace::showReport(const QString& path, const runs::ImportReport& r) {
    const QString name = QFileInfo(path).fileName();
    showMessage(importSummary(name, r), 10000);
    if (r.issues.empty()) {
        return;
    }
    QDialog dialog(this);
    dialog.setObjectName("importReport");
    dialog.setWindowTitle(tr("Import report — %1").arg(name));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(reportHeadline(r), &dialog));
    auto* text = new QPlainTextEdit(&dialog);
    text->setReadOnly(true);
    for (const auto& i : r.issues) {
        text->appendPlainText(QString::fromStdString(i.message()));
    }
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    // Close is what Enter does: nothing is written unless the user asks for it by name.
    QPushButton* close = buttons->button(QDialogButtonBox::Close);
    close->setDefault(true);
    close->setAutoDefault(true);
    QPushButton* valid = nullptr;
    // Rows can be imported on their own only when the file itself was readable (line > 0).
    const std::size_t goodRows = r.committed || r.rows <= r.invalid ? 0 : r.rows - r.invalid;
    if (!r.committed && goodRows > 0) {
        valid = buttons->addButton(goodRows == 1 ? tr("Import the valid row")
                                                 : tr("Import the %1 valid rows").arg(goodRows),
                                   QDialogButtonBox::AcceptRole);
        valid->setAutoDefault(false);
        valid->setDefault(false);
    }
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    layout->addWidget(buttons);
    dialog.resize(700, 400);
    close->setFocus();
    if (dialog.exec() == QDialog::Accepted && valid) {
        context().runs->importFile(
            path, runs::ImportPolicy::SkipInvalid, [this, path](const runs::ImportReport& again) {
                showMessage(importSummary(QFileInfo(path).fileName(), again), 10000);
            });
    }
}

void RunsWorkspace::calibrateInteractive(const std::vector<std::int64_t>& ids) {
    // The fit evaluates T_alg thousands of times per run: off the GUI thread, on copies.
    calibration_->start(tr("Fitting C_iter to %1 runs…").arg(ids.size()),
                        [this, chosen = context().runs->runsWithIds(ids),
                         state = doc()->state()](widgets::JobControl&) {
                            const runs::Calibration c = runs::calibrate(
                                chosen, state.gpu, state.stencil, state.variant,
                                runs::CalibrationOptions{},
                                QDate::currentDate().toString(Qt::ISODate).toStdString());
                            return [this, c] { showCalibration(c); };
                        });
}

void RunsWorkspace::showCalibration(const runs::Calibration& c) {
    QString text = tr("<p>C_iter of <b>%1</b> on <b>%2</b> fitted to %3 runs (least squares of "
                      "the relative errors):</p><ul>")
                       .arg(QString::fromStdString(c.stencil), QString::fromStdString(c.gpu))
                       .arg(c.runsUsed);
    for (const auto& fv : c.values) {
        text += tr("<li>%1: %2 → <b>%3</b></li>")
                    .arg(QString::fromLatin1(runs::name(fv.parameter).data()))
                    .arg(fv.before, 0, 'g', 6)
                    .arg(fv.after, 0, 'g', 6);
    }
    text += tr("</ul><p>RMSE %1 % → %2 %; MAPE %3 % → %4 %.</p>")
                .arg(c.before.rmse * 100, 0, 'f', 2)
                .arg(c.after.rmse * 100, 0, 'f', 2)
                .arg(c.before.mape * 100, 0, 'f', 2)
                .arg(c.after.mape * 100, 0, 'f', 2);
    QMessageBox box(this);
    box.setWindowTitle(tr("Calibration"));
    box.setTextFormat(Qt::RichText);
    box.setText(text);
    QPushButton* apply = box.addButton(tr("Apply to session"), QMessageBox::AcceptRole);
    QPushButton* save = box.addButton(tr("Save profile…"), QMessageBox::ActionRole);
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
    box.exec();
    if (box.clickedButton() == apply) {
        applyCalibration(c);
    } else if (box.clickedButton() == save) {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the fitted stencil profile"),
            QDir(lastDirectory.get()).filePath(QString::fromStdString(c.stencil) + "-fitted.json"),
            tr("Stencil profiles (*.json)"));
        if (!path.isEmpty()) {
            try {
                writeTextAtomic(path.toStdString(), toJson(c.fittedStencil).dump(2) + "\n");
                showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 8000);
            } catch (const InputError& e) {
                QMessageBox::warning(this, tr("Save profile"), QString::fromUtf8(e.what()));
            }
        }
    }
}

void RunsWorkspace::applyCalibration(const runs::Calibration& c) {
    SessionState s = doc()->state();
    if (c.gpu != s.gpu.id || c.stencil != s.stencil.id) {
        showMessage(tr("The calibration is for another GPU or stencil."));
        return;
    }
    for (const auto& fv : c.values) {
        if (fv.parameter == runs::FitParameter::CIter) {
            // C_iter is the GPU's (issue 43): the fitted value, kind "fitted", for this stencil.
            s.gpu.cIterByStencil[c.stencil] = c.fittedGpu.cIterByStencil.at(c.stencil);
            s.gpu.cIterByStencil[c.stencil].edited = true;
        } else {
            const std::string key(runs::name(fv.parameter));
            s.gpu.params[key] = c.fittedGpu.params.at(key);
            s.gpu.params[key].edited = true;
        }
    }
    try {
        rederive(s.gpu); // values that follow a fitted one (the bandwidth that is 1 / L)
    } catch (const InputError& e) {
        showMessage(tr("The calibration was not applied: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    doc()->edit(tr("Apply calibration (%1 runs)").arg(c.runsUsed), s);
    showMessage(tr("Calibration applied to the session (Edit ▸ Undo returns)."), 8000);
}

} // namespace cdx::app
